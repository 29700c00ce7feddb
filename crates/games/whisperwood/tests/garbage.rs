//! Actions from outside naming things that do not exist, or not now, are refused with the
//! reason and leave the game as it was; nothing panics.

use sylvan_engine::{Actor, Game, GameRng};
use sylvan_whisperwood::{Action, Animal, Element, Options, Pool, Spell, Token, Whisperwood};

fn garbage() -> Vec<Action> {
    vec![
        Action::DrawTile(255),
        Action::DrawTile(0),
        Action::RuneToken(200),
        Action::DealFamiliar(9),
        Action::Draw(Token::Corruption),
        Action::PlaceTile { cell: 255, rot: 9 },
        Action::Reclaim { place: 99, slot: 7 },
        Action::BreezeTake(Token::Potion),
        Action::CorruptionOn(Spell::Stride),
        Action::Assign {
            token: Token::Corruption,
            place: 0,
            slot: 0,
            as_core: 0,
        },
        Action::Assign {
            token: Token::Earth,
            place: 200,
            slot: 9,
            as_core: 42,
        },
        Action::Perform(99),
        Action::To(200),
        Action::CallFrom {
            loc: 77,
            animal: Animal::Owl,
            to: 99,
        },
        Action::Restore {
            loc: 30,
            spot: 9,
            kind: Element::Magic,
        },
        Action::Branch(7),
        Action::Golem {
            golem: Element::Air,
            power: 9,
            up: true,
        },
        Action::Unbind(Pool::Bag, Token::Corruption),
        Action::UnbindSlot {
            place: 40,
            slot: 40,
        },
        Action::AssignTo {
            token: Token::Air,
            place: 77,
            slot: 3,
        },
        Action::GainAssign {
            token: Token::Water,
            place: 88,
            slot: 3,
        },
        Action::Fae(99),
        Action::Site(250),
        Action::Marker(9),
    ]
}

#[test]
fn garbage_is_refused_and_changes_nothing_all_game_long() {
    let game = Whisperwood::new(3, Options::default()).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut refused = 0;
    for seed in 0..6 {
        let mut s = game.initial_state();
        let mut rng = GameRng::seeded(seed);
        loop {
            let a = match game.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(_) => {
                    game.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            if rng.below(8) == 0 {
                for g in garbage() {
                    let before = s.clone();
                    match game.apply(&mut s, g) {
                        Err(e) => {
                            assert!(!e.to_string().is_empty());
                            refused += 1;
                            assert_eq!(s, before, "{g:?} was refused but changed the state");
                        }
                        // Some of these are legal at times (a corruption drawn from a bag).
                        Ok(()) => s = before,
                    }
                }
            }
            game.apply(&mut s, a).expect("listed");
        }
    }
    assert!(refused > 1000, "{refused}");
}

#[test]
fn text_that_is_no_action_is_refused() {
    let game = Whisperwood::new(2, Options::default()).expect("valid");
    let s = game.initial_state();
    assert!(game.parse_action(&s, "conjure a dragon").is_err());
    assert!(game.parse_action(&s, "{\"Perform\": 300}").is_err());
}
