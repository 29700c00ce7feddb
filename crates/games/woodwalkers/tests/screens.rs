//! What a player reads besides the moves (issue 11): the battle mode in force, the animals named
//! where the moves name spaces, the cards' values, wounds and flags on screen and in the
//! picture, the nighttime side in its own colours, and the help for each decision.

mod common;
use common::*;
use sylvan_engine::{Game, Seat, Viewer};
use sylvan_woodwalkers::{Action, Animal, Category, Side};

#[test]
fn while_the_holder_chooses_last_rounds_battle_mode_is_not_shown_in_force() {
    // "This player chooses one of the three face up battle mode tiles ... The symbol on the
    // tile shows the category of duels in this round."
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    let view = g.view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(view.mode.as_ref().map(|m| m.0), Some(Category::Strength));
    // Both players skip until the next round begins.
    while s.step != sylvan_woodwalkers::Step::ChooseMode {
        act(&g, &mut s, Action::Skip);
    }
    let view = g.view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(view.mode, None, "last round's tile is no longer in force");
    assert!(g
        .text(&view)
        .contains("Battle mode: not chosen yet this round"));
    let svg = g.svg(&view).expect("drawn");
    assert!(svg.contains("No battle mode yet"));
    assert!(!svg.contains("battle mode in force"));
    let holder = s.holder;
    let help = g.decision_help(&g.view(&s, Viewer::Seat(holder)));
    assert!(
        help.contains("choose one of the face up battle mode tiles"),
        "{help}"
    );
}

#[test]
fn choosing_the_animal_to_move_names_each_animal_on_its_space() {
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(3));
    let view = g.view(&s, Viewer::Seat(mover));
    let text = g.text(&view);
    let help = g.decision_help(&view);
    // Every legal "Move the animal on C1" has its animal named on the screen and in the help.
    let mut actions = Vec::new();
    g.legal_actions(&s, &mut actions);
    let mut named = 0;
    for a in actions {
        if let Action::Select(c) = a {
            let animal = Animal::ALL
                .into_iter()
                .find(|x| s.pos[mover.index()][x.index()] == c)
                .expect("an animal of the mover stands there");
            let label = format!("{c} {animal}");
            assert!(text.contains(&label), "{label} not on the screen:\n{text}");
            assert!(help.contains(&label), "{label} not in the help: {help}");
            named += 1;
        }
    }
    assert!(named >= 1);
    assert!(help.contains("You rolled 3"));
}

#[test]
fn at_night_the_help_names_only_what_the_viewer_knows() {
    let g = game(2, 0, Side::Night);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(2));
    let other = Seat(1 - mover.0);
    let help = g.decision_help(&g.view(&s, Viewer::Seat(other)));
    // The other player is not choosing; the mover's own view names its own animals.
    let own = g.decision_help(&g.view(&s, Viewer::Seat(mover)));
    assert!(own.contains("Your animals:"));
    for a in Animal::ALL {
        let c = s.pos[mover.index()][a.index()];
        if c.on_grid() {
            assert!(
                !help.contains(&format!("{c} {a}")),
                "{other} sees {a}: {help}"
            );
        }
    }
}

#[test]
fn the_picture_shows_values_wounds_flags_coordinates_and_the_night_colours() {
    let g = game(3, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    s.wounds[2][Animal::Wolf.index()] = 2;
    let svg = g.svg(&g.view(&s, Viewer::Seat(Seat(0)))).expect("drawn");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    // The Wolf's card: Endurance 4, Speed 3, Intelligence 3, Strength 6 (components data).
    let wolf = doc
        .descendants()
        .find(|n| n.attribute("data-target") == Some("animal-wolf"))
        .expect("the Wolf's row");
    assert!(wolf.descendants().any(|n| n.text() == Some("Wolf")));
    assert!(texts.contains(&"●●"), "Player 3's Wolf's two wounds");
    assert!(texts.contains(&"Flags held"));
    for label in ["A", "K", "1", "11"] {
        assert!(
            doc.descendants()
                .any(|n| n.attribute("class") == Some("coordinate") && n.text() == Some(label)),
            "coordinate {label}"
        );
    }
    // The mode's column is shaded: "battle mode in force" names Strength.
    assert!(svg.contains(">Strength<"));
    let day_ground = "#4f7a3a";
    assert!(svg.contains(day_ground));
    let night = game(2, 0, Side::Night);
    let s = round_one(&night, Category::Strength);
    let svg = night
        .svg(&night.view(&s, Viewer::Seat(Seat(0))))
        .expect("drawn");
    assert!(
        !svg.contains(day_ground),
        "the nighttime side has its own colours"
    );
    assert!(svg.contains("#1d2b4f") && svg.contains("Midnight Duel"));
    // Text on the dark battle mode tiles is white (Intelligence is "blue" in the data).
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let label = doc
        .descendants()
        .find(|n| n.attribute("data-target") == Some("mode-intelligence"))
        .and_then(|g| g.descendants().find(|n| n.has_tag_name("text")))
        .expect("Intelligence is still face up");
    assert_eq!(label.attribute("fill"), Some("#fff"));
}

#[test]
fn every_decision_has_help() {
    use sylvan_engine::{Actor, GameRng};
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for side in [Side::Day, Side::Night] {
        let g = game(3, 0, side);
        let mut rng = GameRng::seeded(9);
        let mut s = g.initial_state();
        while g.actor(&s) != Actor::Nobody {
            let a = match g.actor(&s) {
                Actor::Seat(seat) => {
                    let view = g.view(&s, Viewer::Seat(seat));
                    assert!(
                        !g.decision_help(&view).is_empty(),
                        "no help for '{}'",
                        view.deciding
                    );
                    g.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
                _ => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
            };
            g.apply_unchecked(&mut s, a);
        }
    }
}

#[test]
fn the_spaces_the_animal_can_reach_are_marked_on_the_map_and_in_the_picture() {
    // "The die always shows the maximum number of spaces you can move your animal tile."
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(2));
    let mut actions = Vec::new();
    g.legal_actions(&s, &mut actions);
    let from = actions
        .iter()
        .find_map(|a| match a {
            Action::Select(c) => Some(*c),
            _ => None,
        })
        .expect("an animal can move");
    act(&g, &mut s, Action::Select(from));
    g.legal_actions(&s, &mut actions);
    let reach: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::MoveTo(c) => Some(*c),
            _ => None,
        })
        .collect();
    assert!(!reach.is_empty());
    let view = g.view(&s, Viewer::Seat(mover));
    assert_eq!(view.destinations, reach);
    let text = g.text(&view);
    let map: Vec<&str> = text.lines().take(12).collect();
    for c in &reach {
        // Row c.row() + 1 of the map (after the column letters), column c.col().
        let line = map[c.row() as usize + 1];
        let at = 3 + c.col() as usize * 4;
        let slot = &line[at..at + 4];
        assert!(
            slot == "  + " || slot.ends_with('!'),
            "{c}: '{slot}'\n{text}"
        );
    }
    assert!(text.contains(&format!("({} in all)", reach.len())));
    let svg = g.svg(&view).expect("drawn");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let marks = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("reach")))
        .count();
    assert_eq!(marks, reach.len());
    assert!(g.decision_help(&view).contains(&reach[0].to_string()));
}

#[test]
fn the_log_marks_the_viewers_own_moves() {
    let g = game(2, 0, Side::Night);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    let other = Seat(1 - mover.0);
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(2));
    let mut actions = Vec::new();
    g.legal_actions(&s, &mut actions);
    let select = actions
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Select(_)))
        .expect("an animal can move");
    let before = s.clone();
    act(&g, &mut s, select);
    let told = |viewer| {
        let mut out = Vec::new();
        g.events(&before, select, &s, viewer, &mut out);
        out.join("\n")
    };
    let own = told(Viewer::Seat(mover));
    let theirs = told(Viewer::Seat(other));
    assert!(own.contains(", you) moves the "), "{own}");
    // "Secretly look at your animal tiles and place them face down": the other player reads
    // neither "you" nor the animal.
    assert!(
        !theirs.contains("you)") && theirs.contains("moves an animal"),
        "{theirs}"
    );
}

#[test]
fn the_moves_name_the_animal_as_the_mover_knows_it_and_never_a_hidden_one() {
    // "On your turn, roll your die and move one of your animal tiles": the list says which.
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(3));
    let view = g.view(&s, Viewer::Seat(mover));
    let (puma, fox) = (
        s.pos[mover.index()][Animal::Puma.index()],
        s.pos[mover.index()][Animal::Otter.index()],
    );
    assert_eq!(
        g.action_text(&view, Action::Select(puma)),
        format!("Move your Puma on {puma}")
    );
    // A person may type what the list shows.
    let typed = format!("move your otter on {fox}");
    assert_eq!(g.parse_action(&s, &typed), Ok(Action::Select(fox)));
    // A move out of reach, typed as the list words it, is answered with the rule.
    act(&g, &mut s, Action::Select(puma));
    let far = g
        .parse_action(&s, "move your puma to J9")
        .expect_err("three spaces from the first row cannot reach J9");
    assert!(
        far.0
            .contains("is not allowed: the die always shows the maximum number of spaces"),
        "{far}"
    );

    // At night: the mover names its own animal; another seat's face-down animal stays unnamed,
    // in the action's words as on the screen, over many random Midnight Duels.
    let night = vec![game(2, 0, Side::Night), game(4, 1, Side::Night)];
    let (mut duels, mut hidden) = (0, 0);
    sylvan_engine::for_each_decision(&night, 12, 5, |d| {
        let view = d.game.view(d.state, Viewer::Seat(d.seat));
        for &a in d.legal {
            let text = d.game.action_text(&view, a);
            let Action::MoveTo(to) = a else {
                if let Action::Select(c) = a {
                    assert!(text.starts_with("Move your "), "{text}");
                    assert!(text.ends_with(&format!(" on {c}")), "{text}");
                }
                continue;
            };
            let me = d.seat.index();
            let own = d.state.animal_at(me, d.state.selected).expect("selected");
            assert!(
                text.starts_with(&format!("Move your {own} to {to}")),
                "{text}"
            );
            let Some(other) = (0..d.game.players())
                .filter(|&c| c != me)
                .find_map(|c| d.state.animal_at(c, to).map(|x| (c, x)))
            else {
                assert!(!text.contains("duel"), "{text}");
                continue;
            };
            duels += 1;
            let owner = Seat(other.0 as u8);
            let tile = view.tiles.iter().find(|t| t.cell == to).expect("drawn");
            match tile.animal {
                Some(x) => assert!(text.ends_with(&format!("duel {owner}'s {x}")), "{text}"),
                None => {
                    hidden += 1;
                    assert!(
                        text.ends_with(&format!("duel {owner}'s face-down animal")),
                        "{text}"
                    );
                    // Nothing in the words names the truth (unless it is the mover's own kind).
                    let rest = text.replacen(&format!("your {own}"), "", 1);
                    assert!(!rest.contains(other.1.name()), "{text} leaks {}", other.1);
                }
            }
        }
    });
    assert!(
        duels > 20 && hidden > 10,
        "{duels} duels offered, {hidden} hidden"
    );
}

/// Issue 11, point 6: the log says what happened in the reader's words: "your Bear", never
/// "Player 1 (Red, you)'s Bear", and no seat decision is logged as the mover's command.
#[test]
fn the_log_is_worded_for_its_reader_not_as_the_movers_commands() {
    let rules = [game(2, 0, Side::Day), game(3, 1, Side::Night)];
    let (mut checked, mut duels) = (0, 0);
    sylvan_engine::walk_games(
        &rules,
        6,
        11,
        |_| None,
        |step| {
            for k in 0..step.game.players() {
                let me = Seat(k as u8);
                for e in &step.events(Viewer::Seat(me)) {
                    checked += 1;
                    assert!(!e.contains("you)'s"), "{me} reads {e:?}");
                    // The commands' words ("Choose the ...", "Keep the roll") stay in the lists.
                    for command in [": Choose", ": Roll", ": Keep", ": Skip", ": Take", ": Stay"] {
                        assert!(!e.contains(command), "{me} reads the command {e:?}");
                    }
                    if e.starts_with("Duel: ") {
                        duels += 1;
                        let mine = e.contains(&format!("{me} ("));
                        assert!(!mine || e.contains("your "), "{me} reads {e:?}");
                    }
                }
            }
        },
    );
    assert!(
        checked > 5_000 && duels > 20,
        "{checked} events, {duels} duels"
    );
}

/// Issue 11, point 1: a move typed in a player's own words is read, and one the rules keep out
/// is answered with the rule, not "not one of the legal actions".
#[test]
fn a_move_in_a_players_own_words_is_read_or_refused_with_its_rule() {
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    let mover = s.current;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(2));
    let c = mover.index();
    let bear = s.pos[c][Animal::Bear.index()];
    // Naming the destination first: the animal is chosen first, and the screen says how.
    let err = g
        .parse_action(&s, "move your bear to G8")
        .expect_err("a destination before the animal");
    assert!(
        err.0.contains(&format!(
            "first choose the animal to move ('Move your Bear on {bear}')"
        )),
        "{}",
        err.0
    );
    // An empty space or another player's animal: "you have no animal on …".
    let empty = cell("F6");
    let err = g
        .parse_action(&s, "F6")
        .expect_err("nothing of the mover's there");
    assert!(
        err.0.contains(&format!("you have no animal on {empty}")),
        "{}",
        err.0
    );
    // The animal by its space, in the player's words.
    assert_eq!(
        g.parse_action(&s, &format!("move bear on {bear}")),
        Ok(Action::Select(bear))
    );
    act(&g, &mut s, Action::Select(bear));
    // Now a space alone is a destination; too far is refused with the roll.
    let err = g.parse_action(&s, "F6").expect_err("too far for a 2");
    assert!(err.0.contains("is not allowed"), "{}", err.0);
    assert!(!err.0.contains("legal actions"), "{}", err.0);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let Some(&Action::MoveTo(to)) = legal.iter().find(|a| matches!(a, Action::MoveTo(_))) else {
        panic!("the Bear can move: {legal:?}");
    };
    assert_eq!(g.parse_action(&s, &to.to_string()), Ok(Action::MoveTo(to)));
    assert_eq!(
        g.parse_action(&s, &format!("Bear to {to}")),
        Ok(Action::MoveTo(to))
    );
    let err = g
        .parse_action(&s, &format!("wolf to {to}"))
        .expect_err("the Bear moves now");
    assert!(err.0.contains("you are moving your Bear"), "{}", err.0);
    // Garbage is still answered as before.
    assert!(g.parse_action(&s, "dance").is_err());
}

#[test]
fn setup_is_named_as_setup_not_round_0_with_nothing_face_up() {
    let g = game(2, 0, Side::Day);
    let s = g.initial_state();
    let text = g.text(&g.view(&s, Viewer::Seat(Seat(0))));
    assert!(
        text.contains("Daytime side. Setup: the animals go to their starting spaces"),
        "{text}"
    );
    assert!(
        !text.contains("Round 0") && !text.contains("Face up"),
        "{text}"
    );
    let s = round_one(&g, Category::Strength);
    let text = g.text(&g.view(&s, Viewer::Seat(Seat(0))));
    assert!(
        text.contains("Round 1. Battle mode: Strength. Face up: "),
        "{text}"
    );
}
