//! The SVG drawing, checked structurally: it parses, and it shows what the view holds.

use sylvan_engine::{Game, GameRng, Viewer};
use sylvan_wispwood::{Options, Wispwood};

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn the_drawing_shows_forests_pond_goal_cards_cats_and_scores() {
    let g = Wispwood::new(3, Options::default()).expect("valid");
    let mut s = g.initial_state();
    let mut rng = GameRng::seeded(3);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    // Play into the second round.
    while s.round < 1 {
        let action = match g.actor(&s) {
            sylvan_engine::Actor::Chance => {
                g.chance_outcomes(&s, &mut o);
                rng.pick_weighted(&o)
            }
            _ => {
                g.legal_actions(&s, &mut a);
                a[rng.below(a.len() as u64) as usize]
            }
        };
        g.apply(&mut s, action).expect("legal");
    }
    let view = g.view(&s, Viewer::Spectator);
    let svg = g.svg(&view).expect("Wispwood draws");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "forest"), 3);
    assert_eq!(count(&doc, "goal-card"), 5);
    assert_eq!(count(&doc, "shape"), 8);
    let wisps_in_pond = s.pond.iter().flatten().count();
    assert_eq!(count(&doc, "wisp pond-wisp"), wisps_in_pond);
    assert_eq!(count(&doc, "empty-space"), 8 - wisps_in_pond);
    assert_eq!(count(&doc, "cat-token"), 3);
    let wisps: u32 = s.forests.iter().map(|f| f.all_wisps().count_ones()).sum();
    assert_eq!(count(&doc, "wisp-token") as u32, wisps);
    // Six categories and the total, labelled, under each of the 3 forests.
    assert_eq!(count(&doc, "round-score"), 21);
    // The text view names the goal cards.
    let text = g.text(&view);
    for goal in &view.goals {
        assert!(text.contains(&goal.name));
    }
}

#[test]
fn the_solo_drawing_shows_cattys_cat_and_guide() {
    let g = Wispwood::new(1, Options::default()).expect("solo");
    let mut s = g.initial_state();
    let mut rng = GameRng::seeded(9);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    // Play until Catty has taken two wisps.
    while s.catty.expect("Catty").wisps.iter().sum::<u8>() < 2 {
        let action = match g.actor(&s) {
            sylvan_engine::Actor::Chance => {
                g.chance_outcomes(&s, &mut o);
                rng.pick_weighted(&o)
            }
            _ => {
                g.legal_actions(&s, &mut a);
                a[rng.below(a.len() as u64) as usize]
            }
        };
        g.apply(&mut s, action).expect("legal");
    }
    let view = g.view(&s, Viewer::Spectator);
    let catty = view.catty.as_ref().expect("Catty is public");
    assert_eq!(catty.wisps.iter().sum::<u8>(), 2);
    assert!(catty.firefly > 0, "the face-up firefly is public");
    let svg = g.svg(&view).expect("Wispwood draws");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "forest"), 1);
    assert_eq!(count(&doc, "catty-cat"), 1);
    assert_eq!(count(&doc, "catty-guide"), 1);
    assert_eq!(count(&doc, "guide-level"), 4);
    assert!(g.text(&view).contains("Catty (1 paw)"));
}

/// The lines under the forests that say whose turn it is and what they decide.
fn deciding(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("deciding"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_drawing_says_whose_turn_it_is_and_what_they_decide() {
    let g = Wispwood::new(2, Options::default()).expect("valid");
    let mut rng = GameRng::seeded(5);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    let mut s = g.initial_state();
    let (mut checked, mut placed_marked) = (0, 0);
    while g.actor(&s) != sylvan_engine::Actor::Nobody {
        match g.actor(&s) {
            sylvan_engine::Actor::Chance => {
                g.chance_outcomes(&s, &mut o);
                let outcome = rng.pick_weighted(&o);
                g.apply(&mut s, outcome).expect("legal");
            }
            sylvan_engine::Actor::Seat(seat) => {
                let mover = g.view(&s, Viewer::Seat(seat));
                let what = sylvan_wispwood::describe(s.phase);
                let svg = g.svg(&mover).expect("draws");
                assert_eq!(deciding(&svg), format!("Your turn: {what}"));
                // The shape put down and waiting for its wisp is marked on the mover's forest.
                let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
                assert_eq!(count(&doc, "placed"), mover.placed_on.len());
                placed_marked += mover.placed_on.len();
                // Once the shape is down, the panel asks for the wisp's square, not the shape's.
                assert_eq!(
                    svg.contains("click the square its wisp goes on"),
                    !mover.placed_on.is_empty()
                );
                assert!(mover.placed_on.is_empty() || !svg.contains("dotted square"));
                let other = Viewer::Seat(sylvan_engine::Seat(1 - seat.0));
                let svg = g.svg(&g.view(&s, other)).expect("draws");
                assert_eq!(deciding(&svg), format!("{seat}: {what}"));
                // The other seat sees where the shape lies too: it is on the table.
                let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
                assert_eq!(count(&doc, "placed"), mover.placed_on.len());
                checked += 1;
                g.legal_actions(&s, &mut a);
                let action = a[rng.below(a.len() as u64) as usize];
                g.apply(&mut s, action).expect("legal");
            }
            sylvan_engine::Actor::Nobody => unreachable!("the loop stops at the end"),
        }
    }
    assert!(checked > 20, "only {checked} decisions");
    assert!(placed_marked > 0, "no shape waited for its wisp");
    // Over, nobody decides.
    let end = g.svg(&g.view(&s, Viewer::Spectator)).expect("draws");
    assert_eq!(deciding(&end), "");
}
