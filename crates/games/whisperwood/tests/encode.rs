//! Dense ids and observations for the learning libraries (issue 16): every id converts back,
//! the numbering is the documented one, and the observation comes from the seat's view only.

use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::encode::OBSERVATION_LEN;
use sylvan_whisperwood::{Action, Options, Whisperwood};

#[test]
fn every_id_converts_back_and_the_numbering_is_stable() {
    let g = Whisperwood::new(2, Options::default()).expect("valid");
    let s = g.initial_state();
    let n = g.num_distinct_actions();
    // 366 placements, 75 reclaims, ... as listed in the encode module; a change renumbers.
    assert_eq!(n, 15_660);
    for id in 0..n {
        let a = g.action_from_id(&s, id).expect("an action");
        assert_eq!(g.action_id(&s, a), Some(id), "{a:?}");
    }
    assert_eq!(g.action_from_id(&s, n), None);
    assert_eq!(
        g.action_id(&s, Action::PlaceTile { cell: 0, rot: 0 }),
        Some(0)
    );
    assert_eq!(
        g.action_id(&s, Action::PlaceTile { cell: 1, rot: 2 }),
        Some(8)
    );
    assert_eq!(g.action_id(&s, Action::KeepFamiliar(7)), Some(n - 1));
    let m = g.max_chance_outcomes();
    assert_eq!(m, 25 + 32 + 8 + 20 + 32 + 32);
    for id in 0..m {
        let a = g.chance_outcome_from_id(id).expect("an outcome");
        assert_eq!(g.chance_outcome_id(a), Some(id));
    }
}

/// In a subsequent game's draft, the observation of a seat is the same whatever the other
/// packs and hands hold, and it changes with its own pack.
#[test]
fn the_observation_depends_only_on_what_the_seat_sees() {
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    let g = Whisperwood::new(3, options).expect("valid");
    assert_eq!(g.observation_shape(), vec![OBSERVATION_LEN]);
    assert_eq!(OBSERVATION_LEN, 25 * 76 + 4 * 413 + 145);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut rng = GameRng::seeded(4);
    let mut s = g.initial_state();
    let mut checked = 0;
    for _ in 0..600 {
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
        g.apply_unchecked(&mut s, a);
        for k in 0..3u8 {
            let seat = Seat(k);
            let (mut x, mut y) = (Vec::new(), Vec::new());
            g.observation_tensor(&g.view(&s, Viewer::Seat(seat)), seat, &mut x);
            assert_eq!(x.len(), OBSERVATION_LEN);
            assert!(x.iter().all(|v| v.is_finite()));
            let mut other = s.clone();
            g.determinize(&mut other, seat, &mut GameRng::seeded(checked));
            g.observation_tensor(&g.view(&other, Viewer::Seat(seat)), seat, &mut y);
            assert_eq!(x, y, "hidden cards changed {seat}'s observation");
            // Its own pack is in it: emptying it changes the observation.
            if s.players[k as usize].pack.iter().any(|&c| c > 0) {
                let mut mine = s.clone();
                mine.players[k as usize].pack = [0; 32];
                g.observation_tensor(&g.view(&mine, Viewer::Seat(seat)), seat, &mut y);
                assert_ne!(x, y, "the seat's own pack is observed");
            }
            checked += 1;
        }
    }
    assert!(checked > 1_000, "{checked}");
}

/// The engine's `encode_glue!` only forwards: the tensor, its shape and the observation string
/// are the encode module's and the text view's, unchanged, at positions of both setups.
#[test]
fn the_glue_forwards_the_encode_module_unchanged() {
    for subsequent_game in [false, true] {
        let options = Options {
            subsequent_game,
            ..Options::default()
        };
        let g = Whisperwood::new(2, options).expect("valid");
        let mut rng = GameRng::seeded(11);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let mut s = g.initial_state();
        let mut compared = 0;
        while compared < 200 {
            let a = match g.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(seat) => {
                    let view = g.view(&s, Viewer::Seat(seat));
                    let (mut x, mut y) = (Vec::new(), Vec::new());
                    g.observation_tensor(&view, seat, &mut x);
                    sylvan_whisperwood::encode::observation(&g, &view, seat, &mut y);
                    assert_eq!(x, y);
                    assert_eq!(g.observation_string(&view, seat), Some(g.text(&view)));
                    compared += 1;
                    g.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            g.apply_unchecked(&mut s, a);
        }
        assert!(compared >= 100, "{compared}");
    }
}
