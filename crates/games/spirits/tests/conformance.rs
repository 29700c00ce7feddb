//! The shared conformance harness over thousands of random games: the five recommended sets,
//! random setups, chosen boards and cards, and both Jackrabbit options.

use sylvan_engine::{conformance, ConformanceConfig, Game};
use sylvan_spirits::{Options, Pick, Spirits};

fn variants() -> Vec<Spirits> {
    let mut rules = Vec::new();
    for printed in [false, true] {
        for set in [
            "First Steps",
            "Coyote's Mischief",
            "Condor's Challenge",
            "Big and Small",
            "River and Sea",
            "random",
        ] {
            let options = Options {
                set: set.into(),
                jackrabbit_printed_3: printed,
                ..Options::default()
            };
            rules.push(Spirits::new(2, options).expect("valid options"));
        }
    }
    // Chosen boards and cards, with every animal and card appearing across the choices.
    let names = |v: &[&str]| Pick::Named(v.iter().map(|s| s.to_string()).collect());
    for (animals, cards) in [
        (
            ["Moth", "Otter", "Packrat", "Raven", "Bullfrog"],
            ["Fox", "Squirrel", "Porcupine", "Skunk", "Elk", "Orca"],
        ),
        (
            ["Ants", "Gila Monster", "Jackrabbit", "Moth", "Condor"],
            ["Seal", "Spider", "Raccoon", "Vulture", "Cougar", "Badger"],
        ),
    ] {
        let options = Options {
            animals: Some(names(&animals)),
            cards: Some(names(&cards)),
            ..Options::default()
        };
        rules.push(Spirits::new(2, options).expect("valid options"));
    }
    rules
}

#[test]
fn spirits_passes_the_conformance_harness() {
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
