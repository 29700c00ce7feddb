//! The shared conformance harness over thousands of random games: 2, 3 and 4 players, random
//! goal cards and start players, and chosen goal cards covering all 25 cards.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_wispwood::{Options, Wispwood};

fn variants() -> Vec<Wispwood> {
    let mut rules = Vec::new();
    for players in 2..=4 {
        rules.push(Wispwood::new(players, Options::default()).expect("valid options"));
    }
    // Every card in some chosen set, so that each witch rule is played.
    let sets = [
        [
            "One Grove to Rule",
            "Pumpkin Seedoku",
            "Way of Light",
            "Checkershire Cat",
            "Hide & Glow Seek",
        ],
        [
            "Lower Branch",
            "Pumpkin Patchwork",
            "Cross Beam",
            "Cat's Corner",
            "Energy Synergy",
        ],
        [
            "Rows of Three",
            "Double Cross",
            "Heart's Neighbours",
            "On the Fence",
            "Merry Glow Round",
        ],
        [
            "Thicket",
            "Pair of Jacks",
            "Frost Column",
            "Ball of Yarn",
            "Sign of Light",
        ],
        [
            "Little Groves",
            "Oh My Gourd",
            "Ray of Hope",
            "Two Steps Away",
            "A Light Following",
        ],
    ];
    for (i, set) in sets.iter().enumerate() {
        let options = Options {
            goals: set.iter().map(|s| s.to_string()).collect(),
            start: Some((i % 2) as u8),
            ..Options::default()
        };
        rules.push(Wispwood::new(2 + i % 3, options).expect("valid options"));
    }
    rules
}

#[test]
fn wispwood_passes_the_conformance_harness() {
    let rules = variants();
    let per_rules = 2_100 / rules.len() as u64 + 1;
    let config = ConformanceConfig {
        games_per_rules: per_rules,
        seed: 2026,
        deep_every: 7,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 2_000, "{report:?}");
    assert!(
        report.checks["unlisted actions rejected"] > 1_000,
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
fn a_few_games_pass_with_every_check_at_every_decision() {
    let rules = variants();
    let config = ConformanceConfig {
        games_per_rules: 4,
        seed: 7,
        deep_every: 1,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 4 * rules.len() as u64);
}

#[test]
fn the_solo_game_passes_the_harness() {
    let rules: Vec<Wispwood> = (1..=4)
        .map(|paws| {
            Wispwood::new(
                1,
                Options {
                    catty_guide: paws,
                    ..Options::default()
                },
            )
            .expect("solo")
        })
        .collect();
    let config = ConformanceConfig {
        games_per_rules: 501,
        seed: 11,
        deep_every: 5,
    };
    let report = conformance(&rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 2_000, "{report:?}");
}

#[test]
fn the_solo_player_wins_only_by_meeting_or_beating_catty() {
    let game = Wispwood::new(1, Options::default()).expect("solo");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut won, mut lost) = (0, 0);
    for seed in 0..200 {
        let mut rng = sylvan_engine::GameRng::seeded(seed);
        let (state, _) =
            sylvan_engine::random_playout(&game, &mut rng, &mut actions, &mut outcomes);
        let score = game.score(&state);
        let catty = game.catty_total(&state).expect("solo");
        assert!(score.over);
        if score.totals[0] >= catty {
            assert_eq!(score.winners, vec![sylvan_engine::Seat(0)]);
            won += 1;
        } else {
            assert!(score.winners.is_empty());
            lost += 1;
        }
    }
    assert!(
        lost > 0,
        "random play should lose to Catty sometimes ({won} won)"
    );
}
