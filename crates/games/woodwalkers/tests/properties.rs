//! Properties over random games: the movement generator agrees with a plain breadth-first
//! search, garbage never panics and is refused without change, and at night no view or event
//! names an animal its viewer has not seen.

use std::collections::VecDeque;

use proptest::prelude::*;
use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_woodwalkers::components::{cells_of, CELLS};
use sylvan_woodwalkers::{
    Action, Animal, Arrangement, Category, Cell, ForestTile, Options, Side, State, Step,
    Woodwalkers,
};

fn rules(players: usize, side: Side, forget: bool) -> Woodwalkers {
    Woodwalkers::new(
        players,
        Options {
            side,
            arrangement: Arrangement::Random,
            forget_revealed: forget,
            ..Options::default()
        },
    )
    .expect("valid options")
}

/// Plays `steps` random decisions from the start (or to the end).
fn random_state(g: &Woodwalkers, seed: u64, steps: usize) -> State {
    let mut rng = GameRng::seeded(seed);
    let mut s = g.initial_state();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        let a = match g.actor(&s) {
            Actor::Nobody => break,
            Actor::Chance => {
                g.chance_outcomes(&s, &mut outcomes);
                rng.pick_weighted(&outcomes)
            }
            Actor::Seat(_) => {
                g.legal_actions(&s, &mut actions);
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        g.apply(&mut s, a).expect("a listed action");
    }
    s
}

/// The reference: breadth-first search one space at a time, straight from the rulebook.
fn reference_targets(g: &Woodwalkers, s: &State, colour: usize, from: Cell, roll: u8) -> Vec<Cell> {
    let c = g.components();
    let own_start = c.start_mask[colour];
    let occupant = |cell: Cell| s.occupant(g.players(), cell);
    let neighbours = |cell: Cell| {
        let (r, col) = (cell.row() as i32, cell.col() as i32);
        [(r - 1, col), (r + 1, col), (r, col - 1), (r, col + 1)]
            .into_iter()
            .filter(|&(r, c)| (0..11).contains(&r) && (0..11).contains(&c))
            .map(|(r, c)| Cell::at(r as u8, c as u8))
    };
    let mut dist = [u8::MAX; CELLS];
    dist[from.0 as usize] = 0;
    let mut queue = VecDeque::from([from]);
    let mut out = Vec::new();
    while let Some(a) = queue.pop_front() {
        let d = dist[a.0 as usize];
        if d >= roll {
            continue;
        }
        for b in neighbours(a) {
            let interior = c.interior & b.bit() != 0;
            let start_step = own_start & b.bit() != 0 && own_start & a.bit() != 0;
            match occupant(b) {
                Some((o, _)) if o != colour && interior && !out.contains(&b) => out.push(b),
                Some(_) => {}
                None if (interior || start_step) && dist[b.0 as usize] == u8::MAX => {
                    dist[b.0 as usize] = d + 1;
                    out.push(b);
                    queue.push_back(b);
                }
                None => {}
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_movement_generator_agrees_with_breadth_first_search(
        seed in any::<u64>(),
        steps in 40usize..700,
        players in 2usize..=4,
        roll in 1u8..=6,
    ) {
        let g = rules(players, Side::Day, false);
        let s = random_state(&g, seed, steps);
        for colour in 0..players {
            for &from in &s.pos[colour] {
                if !from.on_grid() {
                    continue;
                }
                let fast: Vec<Cell> = cells_of(g.targets(&s, colour, from, roll)).collect();
                prop_assert_eq!(fast, reference_targets(&g, &s, colour, from, roll));
            }
        }
    }

    #[test]
    fn garbage_never_panics_and_a_refusal_changes_nothing(
        seed in any::<u64>(),
        steps in 0usize..700,
        kind in 0u8..20,
        x in any::<u8>(),
    ) {
        let g = rules(4, if seed % 2 == 0 { Side::Day } else { Side::Night }, false);
        let s = random_state(&g, seed, steps);
        let animal = Animal::ALL[x as usize % 7];
        let category = Category::ALL[x as usize % 4];
        let a = match kind {
            0 => Action::Place(animal),
            1 => Action::Dealt(animal),
            2 => Action::DrawMode(category),
            3 => Action::ChooseMode(category),
            4 => Action::Roll,
            5 => Action::Skip,
            6 => Action::Die(x),
            7 => Action::Reroll,
            8 => Action::Keep,
            9 => Action::Medicine(animal),
            10 => Action::Select(Cell(x)),
            11 => Action::MoveTo(Cell(x)),
            12 => Action::Pass,
            13 => Action::Reveal(ForestTile::Flag(x)),
            14 => Action::Guess(animal),
            15 => Action::NoGuess,
            16 => Action::DuelRoll,
            17 => Action::Retreat(Cell(x)),
            18 => Action::TakeSpace,
            _ => Action::StayBack,
        };
        let mut unchecked = s.clone();
        g.apply_unchecked(&mut unchecked, a);
        let _ = g.actor(&unchecked);
        let mut checked = s.clone();
        match g.apply(&mut checked, a) {
            Ok(()) => prop_assert!(g.check_invariants(&checked).is_ok()),
            Err(e) => {
                prop_assert_eq!(&checked, &s);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn at_night_nothing_names_an_animal_its_viewer_has_not_seen(
        seed in any::<u64>(),
        players in 2usize..=4,
        forget in any::<bool>(),
    ) {
        let g = rules(players, Side::Night, forget);
        let mut rng = GameRng::seeded(seed);
        let mut s = g.initial_state();
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let mut events = Vec::new();
        while g.actor(&s) != Actor::Nobody {
            let a = match g.actor(&s) {
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                _ => {
                    g.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            let before = s.clone();
            g.apply(&mut s, a).expect("a listed action");
            // Which animal this decision placed or moved, and whose it is.
            let moved = match (before.step, a) {
                (Step::Arrange, Action::Place(x) | Action::Dealt(x)) => {
                    Some((before.current.index(), x))
                }
                (Step::AfterRoll, Action::Select(cell)) => before
                    .animal_at(before.current.index(), cell)
                    .map(|x| (before.current.index(), x)),
                (Step::Destination, Action::MoveTo(_)) => before
                    .animal_at(before.current.index(), before.selected)
                    .map(|x| (before.current.index(), x)),
                _ => None,
            };
            for v in 0..players {
                let viewer = Seat(v as u8);
                // The view: another colour's tile shows its animal only if the viewer knows it.
                let view = g.view(&s, Viewer::Seat(viewer));
                for t in &view.tiles {
                    if let Some(x) = t.animal {
                        prop_assert!(g.knows(&s, Some(viewer), t.colour.index(), x));
                        prop_assert_eq!(s.pos[t.colour.index()][x.index()], t.cell);
                    }
                }
                if let Some((owner, x)) = moved {
                    if owner != v && !g.knows(&before, Some(viewer), owner, x) {
                        events.clear();
                        g.events(&before, a, &s, Viewer::Seat(viewer), &mut events);
                        for e in &events {
                            prop_assert!(!e.contains(x.name()), "{} leaks to {}: {}", x, viewer, e);
                        }
                    }
                }
            }
        }
        prop_assert!(g.score(&s).over);
    }
}

/// Designer reports credit each battle mode to the seats that chose it as marker holder.
#[test]
fn designer_reports_credit_each_battle_mode_to_the_seat_that_chose_it() {
    let mut credited = 0;
    for players in [2, 3, 4] {
        let rules = [
            rules(players, Side::Day, false),
            rules(players, Side::Night, false),
        ];
        credited +=
            sylvan_engine::assert_component_labels(&rules, 4, players as u64, "", |a| match a {
                Action::ChooseMode(c) => Some(format!("battle mode chosen: {c}")),
                _ => None,
            });
    }
    assert!(credited > 20, "{credited} labels in 24 games");
}
