//! The shared conformance harness over thousands of random games: 2, 3 and 4 players, day and
//! night, chosen and random arrangements, the memory-challenge options.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_woodwalkers::{Arrangement, Options, Side, Woodwalkers};

fn variants() -> Vec<Woodwalkers> {
    let mut rules = Vec::new();
    for players in 2..=4 {
        for side in [Side::Day, Side::Night] {
            for arrangement in [Arrangement::Chosen, Arrangement::Random] {
                let options = Options {
                    side,
                    arrangement,
                    marker: (players - 1) as u8,
                    forget_revealed: false,
                    forget_own: false,
                };
                rules.push(Woodwalkers::new(players, options).expect("valid options"));
            }
        }
        let options = Options {
            side: Side::Night,
            forget_revealed: true,
            ..Options::default()
        };
        rules.push(Woodwalkers::new(players, options).expect("valid options"));
        let options = Options {
            side: Side::Night,
            forget_revealed: true,
            forget_own: true,
            ..Options::default()
        };
        rules.push(Woodwalkers::new(players, options).expect("valid options"));
    }
    rules
}

#[test]
fn woodwalkers_passes_the_conformance_harness() {
    let rules = variants();
    let per_rules = 2_100 / rules.len() as u64 + 1;
    let config = ConformanceConfig {
        games_per_rules: per_rules,
        seed: 2026,
        // Every other decision gets the expensive checks (about 30 s in the test profile);
        // the test below checks every decision of a few games per variant.
        deep_every: 2,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 2_000, "{report:?}");
    assert!(
        report.checks["unlisted actions rejected"] > 1_000,
        "{report:?}"
    );
    assert!(
        report.checks["determinize keeps the view"] > 1_000,
        "{report:?}"
    );
    eprintln!(
        "{} games, {} decisions, {} checks",
        report.games,
        report.decisions,
        report.total_checks()
    );
}

#[test]
fn every_decision_is_deep_checked_in_a_few_games() {
    let rules = variants();
    let config = ConformanceConfig {
        games_per_rules: 3,
        seed: 7,
        deep_every: 1,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 3 * rules.len() as u64);
}
