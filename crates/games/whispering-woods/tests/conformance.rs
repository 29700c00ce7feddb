//! The shared conformance harness over thousands of random games: 2, 3 and 4 players with a
//! random and a given Bear, the strict Starting-task reading, and every solo Mission level.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_whispering_woods::{Options, WhisperingWoods};

fn run(rules: &[WhisperingWoods], games: u64, seed: u64) {
    let per_rules = games / rules.len() as u64 + 1;
    let config = ConformanceConfig {
        games_per_rules: per_rules,
        seed,
        deep_every: 7,
    };
    let report = conformance(rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= games, "{report:?}");
    assert!(
        report.checks["unlisted actions rejected"] > 100,
        "{report:?}"
    );
    assert!(report.checks["final score"] >= games, "{report:?}");
    eprintln!(
        "{} games, {} decisions, {} checks",
        report.games,
        report.decisions,
        report.total_checks()
    );
}

#[test]
fn multiplayer_passes_the_conformance_harness() {
    let mut rules = Vec::new();
    for players in 2..=4 {
        for (bear, strict) in [(None, false), (Some(players as u8 - 1), true)] {
            let options = Options {
                bear,
                strict_start_task: strict,
                ..Options::default()
            };
            rules.push(WhisperingWoods::new(players, options).expect("valid options"));
        }
    }
    run(&rules, 2_000, 2026);
}

#[test]
fn every_solo_level_passes_the_conformance_harness() {
    let rules: Vec<WhisperingWoods> = (1..=6)
        .map(|level| {
            WhisperingWoods::new(
                1,
                Options {
                    level,
                    ..Options::default()
                },
            )
            .expect("valid level")
        })
        .collect();
    run(&rules, 2_000, 77);
}
