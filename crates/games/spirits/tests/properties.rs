//! Properties over arbitrary input from outside: any action value, any text, any state JSON,
//! any component file. Nothing panics; a rejected action leaves the state untouched.

use proptest::prelude::*;
use sylvan_engine::{Actor, Game, GameRng, Seat};
use sylvan_spirits::components::DEFAULT_COMPONENTS;
use sylvan_spirits::{Action, Animal, Card, Colour, Components, Options, Spirits, Spot, Tile};

fn colour() -> impl Strategy<Value = Colour> {
    (0..Colour::NUM).prop_map(|i| Colour::ALL[i])
}
fn animal() -> impl Strategy<Value = Animal> {
    (0..Animal::NUM).prop_map(|i| Animal::ALL[i])
}
fn card() -> impl Strategy<Value = Card> {
    (0..Card::NUM).prop_map(|i| Card::ALL[i])
}
fn tile() -> impl Strategy<Value = Tile> {
    (0..Tile::NUM).prop_map(|i| Tile::ALL[i])
}
fn spot() -> impl Strategy<Value = Spot> {
    prop_oneof![
        any::<u8>().prop_map(Spot::Space),
        Just(Spot::SpiritSpace),
        Just(Spot::Nest)
    ]
}

/// Any value of the action type, legal or not.
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        colour().prop_map(Action::Draw),
        card().prop_map(Action::Reveal),
        animal().prop_map(Action::Animal),
        tile().prop_map(Action::Tile),
        tile().prop_map(Action::Pass),
        Just(Action::PassWithoutTile),
        colour().prop_map(Action::Take),
        (colour(), animal(), any::<u8>()).prop_map(|(stone, animal, set)| Action::Place {
            stone,
            animal,
            set
        }),
        animal().prop_map(Action::MoveCoyote),
        Just(Action::KeepCoyote),
        (any::<u8>(), card()).prop_map(|(pile, card)| Action::UseCard { pile, card }),
        (any::<u8>(), animal(), spot(), colour()).prop_map(|(o, animal, spot, stone)| {
            Action::Remove {
                owner: Seat(o),
                animal,
                spot,
                stone,
            }
        }),
        colour().prop_map(Action::Return),
        colour().prop_map(Action::Give),
        colour().prop_map(Action::TakeAll),
        colour().prop_map(Action::ReturnAll),
        colour().prop_map(Action::Name),
        Just(Action::ElkTwoStones),
        Just(Action::ElkSpiritStone),
        animal().prop_map(Action::Empty),
        Just(Action::DrawAnother),
        Just(Action::StopDrawing),
    ]
}

fn rules(set: usize) -> Spirits {
    let sets = [
        "First Steps",
        "Coyote's Mischief",
        "Condor's Challenge",
        "Big and Small",
        "River and Sea",
        "random",
    ];
    Spirits::new(
        2,
        Options {
            set: sets[set % sets.len()].into(),
            ..Options::default()
        },
    )
    .expect("valid")
}

/// A position `steps` random decisions into a seeded game (or its end).
fn position(game: &Spirits, seed: u64, steps: usize) -> sylvan_spirits::State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        let a = match game.actor(&s) {
            Actor::Chance => {
                game.chance_outcomes(&s, &mut outcomes);
                rng.pick_weighted(&outcomes)
            }
            Actor::Seat(_) => {
                game.legal_actions(&s, &mut actions);
                actions[rng.below(actions.len() as u64) as usize]
            }
            Actor::Nobody => break,
        };
        game.apply(&mut s, a).expect("a listed action");
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_action_is_applied_or_rejected_cleanly(
        set in 0usize..6, seed in any::<u64>(), steps in 0usize..120, a in action()
    ) {
        let game = rules(set);
        let s = position(&game, seed, steps);
        let mut checked = s.clone();
        match game.apply(&mut checked, a) {
            Ok(()) => game.check_invariants(&checked).map_err(TestCaseError::fail)?,
            Err(e) => {
                prop_assert_eq!(&checked, &s, "rejecting {:?} ({}) changed the state", a, e);
                prop_assert!(!e.to_string().is_empty());
            }
        }
        // The unchecked apply must not panic either, whatever it is given.
        let mut unchecked = s.clone();
        game.apply_unchecked(&mut unchecked, a);
    }

    #[test]
    fn any_text_parses_or_is_rejected(set in 0usize..6, seed in any::<u64>(), text in ".{0,80}") {
        let game = rules(set);
        let s = position(&game, seed, 10);
        if let Ok(a) = game.parse_action(&s, &text) {
            // Parsed text names an action; applying it is checked.
            let mut copy = s.clone();
            let _ = game.apply(&mut copy, a);
        }
    }

    #[test]
    fn any_json_state_is_loaded_or_rejected(text in ".{0,200}") {
        let _ = serde_json::from_str::<sylvan_spirits::State>(&text);
        let _ = serde_json::from_str::<Action>(&text);
    }

    #[test]
    fn mutated_component_files_are_validated(pos in 0usize..6000, byte in any::<u8>()) {
        let mut bytes = DEFAULT_COMPONENTS.as_bytes().to_vec();
        let i = pos % bytes.len();
        bytes[i] = byte;
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(c) = Components::from_toml(&text) {
                // Whatever passes validation still describes the box.
                prop_assert_eq!(c.stones.iter().map(|&n| n as u32).sum::<u32>(), 56);
                prop_assert_eq!(c.cards.iter().map(|&n| n as u32).sum::<u32>(), 36);
                prop_assert_eq!(c.layouts.len(), 15);
            }
        }
    }
}

/// Designer reports credit each Spirit Power card to the players who used it.
#[test]
fn designer_reports_credit_each_spirit_power_card_to_the_player_who_used_it() {
    let rules: Vec<Spirits> = ["First Steps", "Coyote's Mischief", "random"]
        .iter()
        .map(|set| {
            Spirits::standard(Options {
                set: set.to_string(),
                ..Options::default()
            })
            .expect("a set")
        })
        .collect();
    let credited =
        sylvan_engine::assert_component_labels(&rules, 6, 3, "Spirit Power", |a| match a {
            Action::UseCard { card, .. } => Some(format!("Spirit Power used: {card}")),
            _ => None,
        });
    assert!(credited > 20, "{credited} labels in 18 games");
}

/// Designer reports credit each shared animal to the player who scored the most on it (ties
/// share; nobody for an animal nobody scored on), as Wispwood credits its goal cards.
#[test]
fn designer_reports_credit_each_animal_to_the_player_who_scored_most_on_it() {
    let g = Spirits::standard(Options::default()).expect("the default set");
    let mut credited = 0;
    for seed in 0..20 {
        let mut rng = GameRng::seeded(seed);
        let (s, _) = sylvan_engine::random_playout(&g, &mut rng, &mut Vec::new(), &mut Vec::new());
        let score = g.score(&s);
        let on = |p: usize, animal: &str| -> i32 {
            score.breakdown[p]
                .iter()
                .filter(|(n, _)| n == animal)
                .map(|(_, v)| *v)
                .sum()
        };
        for &a in &s.animals {
            let (p0, p1) = (on(0, a.name()), on(1, a.name()));
            let label = format!("animal won: {a}");
            for (p, mine, theirs) in [(0, p0, p1), (1, p1, p0)] {
                let has = g.component_labels(&s, Seat(p as u8)).contains(&label);
                assert_eq!(
                    has,
                    mine > 0 && mine >= theirs,
                    "{label}: {p0} to {p1}, seed {seed}"
                );
                credited += usize::from(has);
            }
        }
    }
    assert!(credited >= 50, "{credited}");
}
