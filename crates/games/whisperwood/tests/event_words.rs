//! The words of the log (`events`, per viewer) and of every action (`action_text`): things by
//! their rulebook names, never "#n", and never a card or familiar the viewer cannot see
//! (L182: familiars dealt "in secret"; L186: "In secret, each player looks at their hand").

use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::{Action, Options, Phase, Whisperwood};

/// True if `text` has a '#' followed by a digit: a number standing for a name.
fn numbered(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'#' && w[1].is_ascii_digit())
}

/// Plays random games (2–4 players, first and subsequent) and checks every event for every
/// viewer and every legal action's text for its mover.
#[test]
fn events_and_action_texts_name_only_what_the_viewer_may_know() {
    let (mut actions, mut outcomes, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let (mut events_checked, mut hidden_checked) = (0u32, 0u32);
    for subsequent_game in [false, true] {
        for players in 2..=4usize {
            let options = Options {
                subsequent_game,
                ..Options::default()
            };
            let g = Whisperwood::new(players, options).expect("valid");
            let c = g.components();
            let names: Vec<String> = c
                .enchantments
                .iter()
                .map(|e| e.name.clone())
                .chain(c.familiars.iter().map(|f| f.name.clone()))
                .collect();
            let mut viewers: Vec<Viewer> =
                (0..players as u8).map(|p| Viewer::Seat(Seat(p))).collect();
            viewers.push(Viewer::Spectator);
            for seed in 0..2u64 {
                let mut rng = GameRng::seeded(seed * 7 + players as u64);
                let mut s = g.initial_state();
                loop {
                    let a = match g.actor(&s) {
                        Actor::Nobody => break,
                        Actor::Chance => {
                            g.chance_outcomes(&s, &mut outcomes);
                            rng.pick_weighted(&outcomes)
                        }
                        Actor::Seat(me) => {
                            g.legal_actions(&s, &mut actions);
                            let view = g.view(&s, Viewer::Seat(me));
                            for &b in &actions {
                                let t = g.action_text(&view, b);
                                assert!(!numbered(&t), "{me} reads the action {t:?}");
                            }
                            actions[rng.below(actions.len() as u64) as usize]
                        }
                    };
                    let before = s.clone();
                    g.apply(&mut s, a).expect("listed");
                    for &viewer in &viewers {
                        events.clear();
                        g.events(&before, a, &s, viewer, &mut events);
                        let said = events.concat();
                        events_checked += 1;
                        assert!(!numbered(&said), "{viewer:?} hears {said:?} for {a}");
                        let named: Vec<&String> =
                            names.iter().filter(|n| said.contains(n.as_str())).collect();
                        if named.is_empty() {
                            continue;
                        }
                        // A name heard must be one the viewer's own view shows before or after.
                        let seen = g.text(&g.view(&before, viewer)) + &g.text(&g.view(&s, viewer));
                        for n in named {
                            hidden_checked += 1;
                            assert!(
                                seen.contains(n.as_str()),
                                "{viewer:?} hears {n} ({said:?}), which it cannot see"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(events_checked > 10_000, "{events_checked} events checked");
    assert!(
        hidden_checked > 100,
        "{hidden_checked} named events checked"
    );
}

/// L150: the rune site tokens are dealt face down, "then flip them over so that all rune site
/// tokens are face up": the log says what each one depicts, to everyone.
#[test]
fn rune_site_tokens_are_named_by_what_they_depict() {
    let g = Whisperwood::new(3, Options::default()).expect("valid");
    let s = sylvan_engine::suite::random_state_where(&g, 3, |s| matches!(s.phase, Phase::Rune(_)));
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let (a, _) = outcomes[0];
    let Action::RuneToken(i) = a else {
        panic!("{a}")
    };
    let mut after = s.clone();
    g.apply(&mut after, a).expect("listed");
    let mut events = Vec::new();
    g.events(&s, a, &after, Viewer::Seat(Seat(2)), &mut events);
    let said = events.concat();
    let r = g.components().runes[i as usize];
    assert!(said.starts_with("Rune site token \""), "{said}");
    assert_eq!(said.contains("(corrupted)"), r.corrupted, "{said}");
    if let sylvan_whisperwood::components::RuneEffect::Vp(v) = r.effect {
        assert!(said.contains(&format!("\"{v} VP\"")), "{said}");
    }
}

/// L481: "Take 1 rune site token from your druid's location": the action and the log name the
/// token by what it depicts.
#[test]
fn taking_a_rune_site_token_names_it() {
    let g = Whisperwood::new(2, Options::default()).expect("valid");
    let (mut actions, mut outcomes, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut found = 0;
    for seed in 0..40u64 {
        let mut rng = GameRng::seeded(seed);
        let mut s = g.initial_state();
        loop {
            let a = match g.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(me) => {
                    g.legal_actions(&s, &mut actions);
                    // Prefer taking a token when offered, so the test meets some.
                    match actions.iter().find(|a| matches!(a, Action::Site(_))) {
                        Some(&a) => {
                            found += 1;
                            let text = g.action_text(&g.view(&s, Viewer::Seat(me)), a);
                            assert!(text.starts_with("Take the rune site token \""), "{text}");
                            let mut after = s.clone();
                            g.apply(&mut after, a).expect("listed");
                            events.clear();
                            g.events(&s, a, &after, Viewer::Spectator, &mut events);
                            assert!(events.concat().contains(&text), "{events:?}");
                            a
                        }
                        None => actions[rng.below(actions.len() as u64) as usize],
                    }
                }
            };
            g.apply(&mut s, a).expect("listed");
        }
    }
    assert!(found > 0, "no rune site token taken");
}

/// Issue 11, point 6: a seat's decision is told to its reader: "You chose: …" to the mover,
/// "Player 2 chose: …" or the secret-keeping words to the others, never "Player 1: Assign …".
#[test]
fn a_decision_is_told_to_the_mover_as_you_and_to_others_by_seat() {
    let rules = [Whisperwood::new(2, Options::default()).expect("valid")];
    let mut told = 0;
    sylvan_engine::walk_games(
        &rules,
        2,
        3,
        |_| None,
        |step| {
            let Actor::Seat(mover) = step.actor else {
                return;
            };
            for k in 0..2u8 {
                let me = Seat(k);
                let events = step.events(Viewer::Seat(me));
                let first = &events[0];
                assert!(
                    !first.starts_with(&format!("{mover}: Assign")),
                    "{me} reads {first:?}"
                );
                if first.contains(" chose: ") {
                    told += 1;
                    let you = first.starts_with("You chose: ");
                    assert_eq!(you, me == mover, "{me} reads {first:?}");
                }
            }
        },
    );
    assert!(told > 500, "{told}");
}
