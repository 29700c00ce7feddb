//! Issue 11, points 1-4 for Whisperwood: a refused tile placement says the rule, `help` sums up
//! the decision, `rules` prints the components' texts, and placements name the tiles they touch.

use sylvan_engine::{random_until, Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::{Options, Phase, State, Whisperwood};

/// Plays from the start with seeded random choices until `stop` holds at a seat's decision.
fn play_until(g: &Whisperwood, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut s = g.initial_state();
    random_until(g, &mut s, &mut rng, &mut actions, &mut outcomes, |s| {
        matches!(g.actor(s), Actor::Seat(_)) && stop(s)
    });
    assert_ne!(g.actor(&s), Actor::Nobody, "the game ended first");
    s
}

fn two() -> Whisperwood {
    Whisperwood::new(2, Options::default()).expect("valid")
}

#[test]
fn a_placement_names_the_tiles_it_touches_and_a_refused_one_says_the_rule() {
    let g = two();
    // The first tile: only Druid's Defiance lies on the table.
    let s = play_until(&g, 3, |s| matches!(s.phase, Phase::PlaceTile(_)));
    let view = g.view(&s, Viewer::Seat(Seat(0)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let texts: Vec<String> = legal.iter().map(|&a| g.action_text(&view, a)).collect();
    // L140: "placing it adjacent to existing tiles".
    assert!(
        texts
            .iter()
            .all(|t| t.contains(" of Druid's Defiance)") && t.starts_with("Place the tile at ")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("(south of Druid's Defiance)")),
        "{texts:?}"
    );
    // What the screen shows is accepted back, and so is the shorter Display form.
    for (&a, t) in legal.iter().zip(&texts) {
        assert_eq!(g.parse_action(&s, t), Ok(a), "{t}");
        assert_eq!(g.parse_action(&s, &a.to_string()), Ok(a), "{a}");
    }
    // The setup forest shows the coordinates the placements use.
    let text = g.text(&view);
    assert!(text.contains("Druid's Defiance EWA  at 0,0 "), "{text}");
    // A cell two steps away touches no tile: refused with the rule of L140-146.
    let far = "Place the tile at 2,0 turned 0";
    let err = g.parse_action(&s, far).expect_err("not adjacent");
    assert!(err.0.contains("is not allowed"), "{}", err.0);
    assert!(
        err.0.contains("as many tiles as possible (L142-144)"),
        "{}",
        err.0
    );
}

#[test]
fn help_sums_up_the_decision_for_the_seat_that_decides_only() {
    let g = two();
    let s = play_until(&g, 5, |s| s.phase == Phase::Prepare);
    let Actor::Seat(seat) = g.actor(&s) else {
        panic!("a seat prepares")
    };
    let help = g.decision_help(&g.view(&s, Viewer::Seat(seat)));
    // L282: "each of its action slots must be filled by a token of the depicted type".
    assert!(help.contains("fully prepared"), "{help}");
    assert!(help.contains("(L280-292)"), "{help}");
    let other = Seat(1 - seat.0);
    assert_eq!(g.decision_help(&g.view(&s, Viewer::Seat(other))), "");
    let s = play_until(&g, 5, |s| s.phase == Phase::Act);
    let Actor::Seat(seat) = g.actor(&s) else {
        panic!("a seat acts")
    };
    let help = g.decision_help(&g.view(&s, Viewer::Seat(seat)));
    assert!(
        help.contains("Perform 1 fully prepared action (L310-318)"),
        "{help}"
    );
    assert!(help.contains("rest"), "{help}");
}

#[test]
fn rules_print_the_familiars_golems_mat_and_the_cards_the_viewer_sees() {
    let g = two();
    let s = play_until(&g, 7, |s| s.phase == Phase::Act);
    let c = g.components();
    for seat in [Seat(0), Seat(1)] {
        let rules = g.rules_text(&g.view(&s, Viewer::Seat(seat)));
        // L648-664: each familiar's action, as printed, for both players' familiars.
        for p in &s.players {
            let name = &c.familiars[p.familiar as usize].name;
            assert!(rules.contains(&format!("  {name} (")), "{name}: {rules}");
        }
        // The golem cards' powers and endgame scoring (L705-737).
        assert!(
            rules.contains("Breeze (air golem):\n    1. When you gain"),
            "{rules}"
        );
        assert!(rules.contains("\n    3. When you soar"), "{rules}");
        assert!(
            rules.contains("Endgame Scoring (if complete): 8 VP"),
            "{rules}"
        );
        assert!(rules.contains("  rune 6: "), "{rules}");
        // The viewer's own cards with their effects; the other hand is not named here.
        let mine = &s.players[seat.index()];
        for (k, card) in c.enchantments.iter().enumerate() {
            let line = format!("  {} (", card.name);
            let in_mine = mine.hand[k] > 0;
            let listed = rules
                .lines()
                .any(|l| l.starts_with(&line) && l.ends_with("[your hand]"));
            assert_eq!(listed, in_mine, "{} for {seat}: {rules}", card.name);
        }
        assert!(rules.contains("(Immediate): gain 2 "), "{rules}");
    }
}

#[test]
fn rules_never_name_a_card_hidden_from_the_viewer() {
    // A subsequent game: hands come from a secret draft.
    let g = Whisperwood::new(
        2,
        Options {
            subsequent_game: true,
            ..Options::default()
        },
    )
    .expect("valid");
    for seed in 0..4 {
        let s = play_until(&g, seed, |s| s.phase == Phase::Act);
        let c = g.components();
        for seat in [Seat(0), Seat(1)] {
            let view = g.view(&s, Viewer::Seat(seat));
            let rules = g.rules_text(&view);
            for (k, card) in c.enchantments.iter().enumerate() {
                let seen = view
                    .state
                    .players
                    .iter()
                    .any(|p| p.hand[k] > 0 || p.pack[k] > 0)
                    || s.discard[k] > 0
                    || s.players.iter().any(|p| p.covered.contains(&(k as u8)));
                if !seen {
                    assert!(
                        !rules.contains(&format!("  {} (", card.name)),
                        "{} shown to {seat}: {rules}",
                        card.name
                    );
                }
            }
        }
    }
}

#[test]
fn chance_draws_are_said_of_the_drawer_with_articles() {
    let g = two();
    // From the start to the first preparation, through the setup and the first bag draws.
    let mut said = Vec::new();
    let mut prepared = false;
    sylvan_engine::walk_games(
        std::slice::from_ref(&g),
        1,
        3,
        |_| None,
        |step| {
            if !prepared {
                said.extend(step.events(Viewer::Seat(Seat(0))));
                prepared = step.after.phase == Phase::Prepare;
            }
        },
    );
    let draws: Vec<&String> = said.iter().filter(|e| e.contains(" token from ")).collect();
    assert!(!draws.is_empty(), "{said:?}");
    for e in &draws {
        let ok = e.starts_with("You draw a ")
            || e.starts_with("You draw an ")
            || e.starts_with("Player 2 draws a");
        assert!(ok, "{e}");
        assert!(
            !e.contains(" a earth") && !e.contains(" a air") && !e.contains(" a ember"),
            "{e}"
        );
    }
    assert!(
        said.iter()
            .any(|e| e.starts_with("You are dealt the familiar ")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|e| e.starts_with("Player 2 is dealt the familiar ")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|e| e.starts_with("You draw the location tile T")),
        "{said:?}"
    );
}
