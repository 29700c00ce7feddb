//! The words of an action as its mover reads them (`action_text`): cards, familiars and fae by
//! name rather than by number, unique among the legal actions, and read back by
//! `parse_action`.

use std::collections::HashSet;

use sylvan_engine::{random_until, Actor, Game, GameRng, Viewer};
use sylvan_whisperwood::{Action, Effect, Options, Phase, State, Whisperwood};

fn subsequent(players: usize) -> Whisperwood {
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    Whisperwood::new(players, options).expect("valid")
}

/// Plays random games and calls `look` at every seat decision with the mover's legal texts.
fn each_decision(
    game: &Whisperwood,
    seeds: std::ops::Range<u64>,
    mut look: impl FnMut(&State, &[(Action, String)]),
) {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for seed in seeds {
        let mut rng = GameRng::seeded(seed);
        let mut s = game.initial_state();
        let mut legal = Vec::new();
        random_until(game, &mut s, &mut rng, &mut actions, &mut outcomes, |s| {
            if let Actor::Seat(seat) = game.actor(s) {
                game.legal_actions(s, &mut legal);
                let view = game.view(s, Viewer::Seat(seat));
                let texts: Vec<(Action, String)> = legal
                    .iter()
                    .map(|&a| (a, game.action_text(&view, a)))
                    .collect();
                look(s, &texts);
            }
            false
        });
    }
}

#[test]
fn draft_picks_and_kept_familiars_are_named() {
    let game = subsequent(3);
    let names: Vec<String> = game
        .components()
        .enchantments
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let (mut picks, mut familiars) = (0, 0);
    each_decision(&game, 0..3, |s, texts| {
        for (a, text) in texts {
            match *a {
                Action::Pick(k) => {
                    picks += 1;
                    assert_eq!(text, &format!("Keep {} from the pack", names[k as usize]));
                }
                Action::KeepFamiliar(i) => {
                    familiars += 1;
                    let name = &game.components().familiars[i as usize].name;
                    assert_eq!(text, &format!("Keep the familiar {name}"));
                }
                _ => {}
            }
            assert!(
                !text.contains('#'),
                "{text} names a number in phase {:?}",
                s.phase
            );
        }
    });
    // Six picks with 7, 6, 5, ... distinct kinds at most, and two familiars each.
    assert!(picks >= 3 * 3 * 6, "{picks}");
    assert_eq!(familiars, 3 * 3 * 2);
}

#[test]
fn playing_a_card_names_it_and_where_it_goes() {
    // First game: every hand starts with its element's six cards, played over a new rune.
    let game = Whisperwood::new(2, Options::default()).expect("valid");
    let mut plays = 0;
    each_decision(&game, 0..40, |s, texts| {
        let Some(Effect::Enchant(m)) = s.pending.last().map(|p| p.effect) else {
            return;
        };
        for (a, text) in texts {
            match *a {
                Action::PlayCard(k) => {
                    plays += 1;
                    let name = &game.components().enchantments[k as usize].name;
                    assert_eq!(text, &format!("Play {name} over rune {}", m + 1));
                }
                Action::KeepMat => assert_eq!(
                    text,
                    &format!("Keep the mat's endgame enchantment of rune {}", m + 1)
                ),
                _ => {}
            }
        }
    });
    assert!(plays > 0, "no card was ever playable");
}

#[test]
fn the_texts_of_a_decision_are_unique_and_parse_back() {
    for game in [
        subsequent(2),
        Whisperwood::new(4, Options::default()).expect("valid"),
    ] {
        let mut decisions = 0;
        let mut familiar = 0;
        each_decision(&game, 0..2, |s, texts| {
            decisions += 1;
            let unique: HashSet<&String> = texts.iter().map(|(_, t)| t).collect();
            assert_eq!(unique.len(), texts.len(), "{texts:?}");
            for (a, text) in texts {
                assert_eq!(game.parse_action(s, text), Ok(*a), "{text}");
                if matches!(a, Action::Perform(10)) {
                    familiar += 1;
                    let fam = &game.components().familiars[s.me().familiar as usize].name;
                    assert_eq!(text, &format!("Perform your familiar {fam}"));
                }
            }
            assert!(s.phase != Phase::Over);
        });
        assert!(decisions > 300, "{decisions}");
        assert!(familiar > 0, "a familiar was performed");
    }
}
