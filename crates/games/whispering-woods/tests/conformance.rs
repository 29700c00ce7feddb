//! The shared conformance harness over at least 2,000 random games for each player count:
//! 2, 3 and 4 players with a random and a given Bear and both Starting-task readings, and
//! solo with every Mission level.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_whispering_woods::{Options, WhisperingWoods};

fn run(rules: &[WhisperingWoods], games: u64, seed: u64) {
    let per_rules = games.div_ceil(rules.len() as u64);
    let config = ConformanceConfig {
        games_per_rules: per_rules,
        seed,
        deep_every: 11,
    };
    let report = conformance(rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= games, "{report:?}");
    assert!(
        report.checks["unlisted actions rejected"] > 100,
        "{report:?}"
    );
    assert!(report.checks["final score"] >= games, "{report:?}");
    assert!(report.checks["serde round trip"] > games, "{report:?}");
    eprintln!(
        "{} games, {} decisions, {} checks",
        report.games,
        report.decisions,
        report.total_checks()
    );
}

fn multiplayer(players: usize) -> Vec<WhisperingWoods> {
    [
        (None, false),
        (Some(players as u8 - 1), true),
        (Some(0), false),
    ]
    .into_iter()
    .map(|(bear, strict)| {
        let options = Options {
            bear,
            strict_start_task: strict,
            ..Options::default()
        };
        WhisperingWoods::new(players, options).expect("valid options")
    })
    .collect()
}

#[test]
fn two_players_pass_the_conformance_harness() {
    run(&multiplayer(2), 2_000, 2026);
}

#[test]
fn three_players_pass_the_conformance_harness() {
    run(&multiplayer(3), 2_000, 2027);
}

#[test]
fn four_players_pass_the_conformance_harness() {
    run(&multiplayer(4), 2_000, 2028);
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
    // 2,004 games: 334 per Mission level.
    run(&rules, 2_004, 77);
}
