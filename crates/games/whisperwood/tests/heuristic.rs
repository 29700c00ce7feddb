//! The heuristic's parts (issue 17: "restorations and path values"), each against positions
//! built for it: the value a path marker has built within a value step, the magic icons walked
//! towards, the placed restorations the score undercounts, the restorations still to come, and
//! the whole against the plain score margin.

use sylvan_engine::{score_margin, suite, Game, Seat};
use sylvan_whisperwood::components::COLUMNS;
use sylvan_whisperwood::{Element, Options, Phase, State, Whisperwood, PLACED_PER_ROUND};

const PATHS: [Element; 3] = [Element::Earth, Element::Water, Element::Air];

fn game() -> Whisperwood {
    Whisperwood::new(2, Options::default()).expect("valid")
}

/// A first Prepare, with both seats' markers back on column 1 and every restoration in the
/// supply: a blank position to build on.
fn blank(g: &Whisperwood) -> State {
    let mut s = suite::random_state_where(g, 7, |s| s.phase == Phase::Prepare);
    let per_type = g.components().restorations;
    for p in s.players.iter_mut() {
        p.col = [1; 3];
        p.restorations = [per_type; 4];
    }
    s
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn a_path_value_is_the_printed_one_where_a_step_begins_and_rises_evenly_within_it() {
    let g = game();
    let c = g.components();
    for path in PATHS {
        let printed = |col: u8| f64::from(c.value(path, col));
        let mut steps = 0;
        for col in 1..=15u8 {
            let built = g.path_value_built(path, col);
            // Never below what the score counts, never at the next step's value.
            assert!(built >= printed(col), "{path} column {col}: {built}");
            let next = (col + 1..=15).map(printed).find(|&v| v > printed(col));
            if let Some(next) = next {
                assert!(built < next, "{path} column {col}: {built} reaches {next}");
            }
            if col == 1 || printed(col) > printed(col - 1) {
                steps += 1;
                assert!(close(built, printed(col)), "{path} column {col}: {built}");
            } else {
                assert!(
                    built > g.path_value_built(path, col - 1),
                    "{path} column {col}"
                );
            }
        }
        assert!(steps >= 2, "{path}: the path's value rises");
        assert!(close(g.path_value_built(path, 15), printed(15)));
    }
    // The shipped paths (components.md §2 [A]): 1 on columns 1–3, 2 from column 4, so one
    // column into the step is a third of the way to 2.
    assert_eq!(c.value(Element::Earth, 1), 1);
    assert_eq!(c.value(Element::Earth, 4), 2);
    assert!(close(
        g.path_value_built(Element::Earth, 2),
        1.0 + 1.0 / 3.0
    ));
    assert!(close(
        g.path_value_built(Element::Earth, 3),
        1.0 + 2.0 / 3.0
    ));
}

#[test]
fn the_magic_value_counts_the_icons_reached_and_the_way_walked_to_the_next() {
    let g = game();
    let c = g.components();
    assert!(close(g.magic_value_built([1, 1, 1]), 0.0));
    for (p, path) in c.paths.iter().enumerate() {
        let first = *path.magic_icons.iter().min().expect("an icon on each path");
        let mut cols = [1u8; 3];
        cols[p] = first;
        // On the icon: exactly the icon, as the score counts it (R22).
        assert!(close(
            g.magic_value_built(cols),
            f64::from(c.magic_value(cols))
        ));
        assert_eq!(c.magic_value(cols), 1);
        // Half-way from column 1 to it: half an icon, which the score does not count yet.
        if (first - 1) % 2 == 0 {
            cols[p] = 1 + (first - 1) / 2;
            assert_eq!(c.magic_value(cols), 0);
            assert!(close(g.magic_value_built(cols), 0.5), "path {p}: {cols:?}");
        }
    }
    // Past every icon: only the icons, nothing more to walk towards.
    assert!(close(
        g.magic_value_built([15; 3]),
        f64::from(c.magic_value([15; 3]))
    ));
}

#[test]
fn placed_restorations_gain_the_walked_share_of_their_paths_next_step() {
    let g = game();
    let c = g.components();
    let mut s = blank(&g);
    assert!(close(g.placed_restorations_uncounted(&s, 0), 0.0));
    // Four earth restorations placed, the earth marker one column into its first step.
    s.players[0].restorations[Element::Earth.index()] -= 4;
    s.players[0].col[Element::Earth.index()] = 2;
    let walked = g.path_value_built(Element::Earth, 2) - f64::from(c.value(Element::Earth, 2));
    assert!(walked > 0.0);
    assert!(close(g.placed_restorations_uncounted(&s, 0), 4.0 * walked));
    // The marker on a step's first column: the score counts it all.
    s.players[0].col[Element::Earth.index()] = 4;
    assert_eq!(c.value(Element::Earth, 4), 2);
    assert!(close(g.placed_restorations_uncounted(&s, 0), 0.0));
    // Restorations of a path whose marker has not moved gain nothing; seat 1 gains nothing
    // from seat 0's paths.
    s.players[0].restorations[Element::Water.index()] -= 3;
    assert!(close(g.placed_restorations_uncounted(&s, 0), 0.0));
    assert!(close(g.placed_restorations_uncounted(&s, 1), 0.0));
}

#[test]
fn restorations_to_come_are_those_the_rounds_left_can_place_at_the_value_built() {
    let g = game();
    let c = g.components();
    let mut s = blank(&g);
    let per_type = c.restorations;
    let rounds = f64::from(c.rounds);
    // The first round: its half to come and every round after it.
    assert!(close(g.rounds_to_come(&s), rounds - 0.5));
    let supply = 4.0 * f64::from(per_type);
    let expected = (PLACED_PER_ROUND * (rounds - 0.5)).min(supply);
    // Every marker on column 1: each type worth its column-1 value, magic nothing yet.
    let mut each = 0.0;
    for path in PATHS {
        each += f64::from(c.value(path, 1)) * f64::from(per_type);
    }
    let per = each / supply;
    assert!(close(g.restorations_to_come(&s, 0), expected * per));
    // The last round: half of it to come.
    s.round = c.rounds - 1;
    assert!(close(g.rounds_to_come(&s), 0.5));
    assert!(close(
        g.restorations_to_come(&s, 0),
        PLACED_PER_ROUND * 0.5 * per
    ));
    // Fewer left than the rounds could place: only those.
    s.round = 0;
    s.players[0].restorations = [0, 0, 2, 0];
    let air = g.path_value_built(Element::Air, 1);
    assert!(close(g.restorations_to_come(&s, 0), 2.0 * air));
    // An empty supply brings nothing.
    s.players[0].restorations = [0; 4];
    assert!(close(g.restorations_to_come(&s, 0), 0.0));
}

#[test]
fn restoring_a_valuable_type_leaves_the_value_of_those_to_come_alone() {
    let g = game();
    let c = g.components();
    let mut s = blank(&g);
    // Air walked far: an air restoration is worth more than the others.
    s.players[0].col[Element::Air.index()] = COLUMNS as u8;
    let air = g.path_value_built(Element::Air, COLUMNS as u8);
    let earth = g.path_value_built(Element::Earth, 1);
    assert!(air > earth, "air {air}, earth {earth}");
    let before = g.restorations_to_come(&s, 0);
    // Restoring one air (more are left, and the supply is not what limits the rounds).
    s.players[0].restorations[Element::Air.index()] -= 1;
    assert!(close(g.restorations_to_come(&s, 0), before));
    // Each type still held counts once, however many of it are left.
    let values = g.restoration_values_built(&s, 0);
    let expected =
        (PLACED_PER_ROUND * g.rounds_to_come(&s)).min(f64::from(4 * u32::from(c.restorations) - 1));
    let mean = values.iter().sum::<f64>() / 4.0;
    assert!(close(g.restorations_to_come(&s, 0), expected * mean));
    // A type used up no longer counts.
    s.players[0].restorations[Element::Air.index()] = 0;
    let mean = (values.iter().sum::<f64>() - values[Element::Air.index()]) / 3.0;
    let expected =
        (PLACED_PER_ROUND * g.rounds_to_come(&s)).min(f64::from(3 * u32::from(c.restorations)));
    assert!(close(g.restorations_to_come(&s, 0), expected * mean));
}

#[test]
fn the_heuristic_prefers_the_walked_path_the_margin_cannot_tell_apart() {
    let g = game();
    let c = g.components();
    let mut s = blank(&g);
    // Both seats equal in every scored way; seat 0's earth marker is two columns further
    // into the first step, which the score does not count yet.
    s.players[0].restorations[Element::Earth.index()] -= 3;
    s.players[1] = s.players[0].clone();
    s.players[0].col[Element::Earth.index()] = 3;
    assert_eq!(c.value(Element::Earth, 3), c.value(Element::Earth, 1));
    assert!(close(score_margin(&g.score(&s), Seat(0)), 0.0));
    let h0 = g.estimate_margin(&s, 0);
    let h1 = g.estimate_margin(&s, 1);
    assert!(h0 > 0.0, "{h0}");
    assert!(close(h0, -h1), "{h0} {h1}");
    // What seat 0 has built and seat 1 has not: its placed restorations' walked share and
    // the higher value of its earth restorations still to come.
    let built = g.placed_restorations_uncounted(&s, 0)
        + sylvan_whisperwood::TO_COME_WEIGHT
            * (g.restorations_to_come(&s, 0) - g.restorations_to_come(&s, 1));
    assert!(close(h0, built), "{h0} {built}");
}

#[test]
fn at_the_end_the_heuristic_is_the_score_margin() {
    let g = game();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..3 {
        let mut s = g.initial_state();
        let mut rng = sylvan_engine::GameRng::seeded(seed);
        sylvan_engine::random_playout_from(&g, &mut s, &mut rng, &mut actions, &mut outcomes);
        assert_eq!(s.phase, Phase::Over);
        let score = g.score(&s);
        for seat in [Seat(0), Seat(1)] {
            assert!(close(
                g.estimate_margin(&s, seat.index()),
                score_margin(&score, seat)
            ));
        }
    }
}

#[test]
fn the_game_heuristic_is_the_estimate_margin_along_random_games() {
    let g = Whisperwood::new(3, Options::default()).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut judged = 0;
    for seed in 0..4 {
        let mut s = g.initial_state();
        let mut rng = sylvan_engine::GameRng::seeded(seed);
        let mut made = 0u32;
        sylvan_engine::random_until(&g, &mut s, &mut rng, &mut actions, &mut outcomes, |s| {
            made += 1;
            if made.is_multiple_of(25) {
                for seat in 0..3 {
                    let h = g.heuristic(s, Seat(seat as u8));
                    assert!(close(h, g.estimate_margin(s, seat)), "{h}");
                    judged += 1;
                }
            }
            false
        });
        assert_eq!(s.phase, Phase::Over);
    }
    assert!(judged > 30, "{judged} positions judged");
}
