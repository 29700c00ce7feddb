//! Clicking the board: every decision that acts on a drawn element (a tile's cell, a
//! location, a spot, wildlife, a golem, a fae card, a token, an action place or slot, a path,
//! a golem power, a rune place of the mat, a card in the mover's own hand or pack, a dealt
//! familiar) names it, the mover's picture draws it, and no id is drawn twice.

use std::collections::HashSet;

use sylvan_engine::{assert_targets_drawn, Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::{Action, Options, Whisperwood};

fn rules() -> Vec<Whisperwood> {
    let mut all = Vec::new();
    for subsequent_game in [false, true] {
        for n in 2..=4 {
            let options = Options {
                subsequent_game,
                ..Options::default()
            };
            all.push(Whisperwood::new(n, options).expect("valid"));
        }
    }
    all
}

/// Whether the action acts on something drawn (the rest are buttons only: ready, rest,
/// decline, a fork's branch, a card's part, which token keeps a slot).
fn on_the_board(a: Action) -> bool {
    !matches!(
        a,
        Action::Ready
            | Action::Rest
            | Action::Decline
            | Action::Branch(_)
            | Action::CardPart(_)
            | Action::Keep { .. }
    )
}

#[test]
fn every_target_is_drawn_in_the_movers_picture() {
    let report = assert_targets_drawn(&rules(), 2, 41);
    assert!(report.decisions > 2_000, "{report:?}");
    assert!(report.targets > report.decisions, "{report:?}");
}

/// Every legal action of the kinds above has a target, every drawn id is unique, and the
/// hidden cards of other seats are never drawn as targets (only the viewer's own).
#[test]
fn every_action_on_the_board_has_a_target_and_ids_are_unique() {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut on_board, mut covered) = (0u64, 0u64);
    let mut kinds = HashSet::new();
    for (r, game) in rules().into_iter().enumerate() {
        for g in 0..2u64 {
            let mut rng = GameRng::seeded(100 + 10 * r as u64 + g);
            let mut s = game.initial_state();
            while game.actor(&s) != Actor::Nobody {
                let action = match game.actor(&s) {
                    Actor::Seat(seat) => {
                        game.legal_actions(&s, &mut actions);
                        let svg = game
                            .svg(&game.view(&s, Viewer::Seat(seat)))
                            .expect("a drawing");
                        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
                        let ids: Vec<&str> = doc
                            .descendants()
                            .filter_map(|n| n.attribute("data-target"))
                            .collect();
                        let unique: HashSet<&str> = ids.iter().copied().collect();
                        assert_eq!(unique.len(), ids.len(), "a target id is drawn twice");
                        // Another seat's hand, pack or dealt familiars are never drawn.
                        for other in (0..game.players()).filter(|&q| q != seat.index()) {
                            for kind in ["hand", "pack", "familiar"] {
                                let prefix = format!("p{}-{kind}-", other + 1);
                                assert!(
                                    !ids.iter().any(|id| id.starts_with(&prefix)),
                                    "{seat} sees {prefix}…"
                                );
                            }
                        }
                        for &a in &actions {
                            if on_the_board(a) {
                                on_board += 1;
                                let t = game.action_targets(&s, a);
                                assert!(!t.is_empty(), "{a:?} ({a}) has no target");
                                for id in &t {
                                    assert!(unique.contains(id.as_str()), "{a:?}: {id} not drawn");
                                }
                                covered += 1;
                                kinds.insert(std::mem::discriminant(&a));
                            }
                        }
                        actions[rng.below(actions.len() as u64) as usize]
                    }
                    Actor::Chance => {
                        game.chance_outcomes(&s, &mut outcomes);
                        rng.pick_weighted(&outcomes)
                    }
                    Actor::Nobody => unreachable!(),
                };
                game.apply(&mut s, action).expect("legal");
            }
        }
    }
    assert!(on_board > 5_000, "{on_board}");
    assert_eq!(covered, on_board);
    // Tile placement, the draft, familiars, slots, places, locations and more were all met.
    assert!(
        kinds.len() >= 20,
        "only {} kinds of action met",
        kinds.len()
    );
}

/// The setup's tile placement draws the empty cells next to the forest as targets, and a
/// subsequent game's draft draws the mover's pack as cards to click.
#[test]
fn setup_cells_and_the_draft_pack_are_clickable() {
    let game = Whisperwood::new(3, Options::default()).expect("valid");
    let s = sylvan_engine::suite::random_state_where(&game, 5, |s| {
        matches!(s.phase, sylvan_whisperwood::Phase::PlaceTile(_))
    });
    let Actor::Seat(seat) = game.actor(&s) else {
        panic!("a seat places the tile");
    };
    let svg = game.svg(&game.view(&s, Viewer::Seat(seat))).expect("drawn");
    assert!(svg.contains("class=\"cell\" data-target=\"cell-"), "{svg}");
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let Action::PlaceTile { cell, .. } = legal[0] else {
        panic!("{:?}", legal[0]);
    };
    assert_eq!(
        game.action_targets(&s, legal[0]),
        vec![format!("cell-{cell}")]
    );

    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    let game = Whisperwood::new(2, options).expect("valid");
    let s = sylvan_engine::suite::random_state_where(&game, 5, |s| {
        matches!(s.phase, sylvan_whisperwood::Phase::Draft(_))
    });
    let Actor::Seat(seat) = game.actor(&s) else {
        panic!("a seat picks");
    };
    let mine = game.svg(&game.view(&s, Viewer::Seat(seat))).expect("drawn");
    let theirs = game
        .svg(&game.view(&s, Viewer::Seat(Seat(1 - seat.0))))
        .expect("drawn");
    let pick = format!("data-target=\"p{}-pack-", seat.0 + 1);
    assert!(mine.contains(&pick), "the picker's pack is drawn");
    assert!(!theirs.contains(&pick), "and only for the picker");
    assert!(!theirs.contains("Your draft pack: ") || !theirs.contains(&pick));
}

/// Writes a setup picture and a mid-game picture to `target/` to be looked at.
#[test]
fn pictures_to_look_at() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let game = Whisperwood::new(4, Options::default()).expect("valid");
    let s = sylvan_engine::suite::random_state_where(&game, 9, |s| {
        matches!(s.phase, sylvan_whisperwood::Phase::PlaceTile(_))
            && s.cell.iter().filter(|&&c| c != 255).count() > 8
    });
    let Actor::Seat(seat) = game.actor(&s) else {
        panic!("a seat places");
    };
    let svg = game.svg(&game.view(&s, Viewer::Seat(seat))).expect("drawn");
    std::fs::write(dir.join("whisperwood-setup.png"), png(&svg)).expect("written");
    let s = sylvan_engine::suite::random_state_where(&game, 9, |s| {
        s.round == 3 && game.actor(s) == Actor::Seat(Seat(1))
    });
    let svg = game
        .svg(&game.view(&s, Viewer::Seat(Seat(1))))
        .expect("drawn");
    assert!(svg.contains("p2-place-0"));
    std::fs::write(dir.join("whisperwood-midgame.png"), png(&svg)).expect("written");
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    let game = Whisperwood::new(3, options).expect("valid");
    let s = sylvan_engine::suite::random_state_where(&game, 9, |s| {
        s.phase == sylvan_whisperwood::Phase::Draft(2) && game.actor(s) == Actor::Seat(Seat(0))
    });
    let svg = game
        .svg(&game.view(&s, Viewer::Seat(Seat(0))))
        .expect("drawn");
    assert!(svg.contains("p1-pack-") && !svg.contains("p2-pack-"));
    std::fs::write(dir.join("whisperwood-draft.png"), png(&svg)).expect("written");
}

/// The picture as PNG (resvg with the system fonts).
fn png(svg: &str) -> Vec<u8> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a picture");
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().expect("encodes")
}
