//! Helpers to build hand-made positions: a table after setup, with forests laid out tile by
//! tile (tiles come out of the bag or display, so components stay conserved).

#![allow(dead_code)]

use sylvan_engine::{sample_chance, Actor, Game, GameRng, Seat};
use sylvan_whispering_woods::{
    Element, Forest, Hex, Options, State, Step, TileId, WhisperingWoods, NO_ANIMAL, START,
};

/// The rules with the shipped data, some task texts replaced (e.g. to use the rulebook's
/// Green-Green-Blue-Blue example, which the placeholder table lacks).
pub fn game(players: usize, options: Options, replace: &[(&str, &str)]) -> WhisperingWoods {
    let mut text = sylvan_whispering_woods::components::STANDARD_TOML.to_string();
    for (from, to) in replace {
        assert!(text.contains(from), "{from} is in the component file");
        text = text.replacen(from, to, 1);
    }
    WhisperingWoods::with_components(players, options, &text).expect("valid components")
}

/// The state after setup's chance points (Bear and display), resolved with `seed`.
pub fn after_setup(game: &WhisperingWoods, seed: u64) -> State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    if game.players() == 1 {
        game.apply(&mut s, sylvan_whispering_woods::Action::StartAnimal(0))
            .expect("an animal");
    }
    while game.actor(&s) == Actor::Chance {
        let a = sample_chance(game, &s, &mut rng);
        game.apply(&mut s, a).expect("a listed outcome");
    }
    s
}

/// The tile with Forest side `forest` and task `task` (e.g. "Wa-Fr-Fr").
pub fn tile(game: &WhisperingWoods, forest: Element, task: &str) -> TileId {
    game.components()
        .tiles
        .iter()
        .position(|t| t.forest == forest && t.task_text() == task)
        .unwrap_or_else(|| panic!("a {forest} tile with task {task}")) as TileId
}

/// Takes tile `t` out of the bag or the display (so it can be put elsewhere).
pub fn take(s: &mut State, t: TileId) {
    assert!(s.bag.remove(t) || s.display.remove(t), "tile {t} is free");
}

/// A free tile of element `e` that is not `t` itself (from the bag).
pub fn free_tile(game: &WhisperingWoods, s: &State, e: Element) -> TileId {
    s.bag
        .iter()
        .find(|&t| game.components().tiles[t as usize].forest == e)
        .unwrap_or_else(|| panic!("a {e} tile in the bag"))
}

/// Empties `seat`'s forest (returning its Forest tiles to the bag; the Starting tile is kept
/// aside and must be put back or completed by the test).
pub fn clear_forest(s: &mut State, seat: usize) {
    let cells: Vec<_> = s.players[seat].forest.cells().to_vec();
    for c in cells {
        if c.tile != START {
            s.bag.insert(c.tile);
        }
    }
    s.players[seat].forest = Forest::default();
}

/// Puts a free tile of element `e` Forest side up at (q, r) in `seat`'s forest.
pub fn forest(
    game: &WhisperingWoods,
    s: &mut State,
    seat: usize,
    q: i8,
    r: i8,
    e: Element,
) -> TileId {
    let t = free_tile(game, s, e);
    take(s, t);
    assert!(s.players[seat].forest.insert(Hex::new(q, r), t, NO_ANIMAL));
    t
}

/// Puts tile `t` Task side up with `animal` at (q, r) in `seat`'s forest.
pub fn task(s: &mut State, seat: usize, q: i8, r: i8, t: TileId, animal: u8) {
    if t != START {
        take(s, t);
    }
    assert!(s.players[seat].forest.insert(Hex::new(q, r), t, animal));
}

/// Makes it `seat`'s step 3 (completing tasks).
pub fn at_tasks(s: &mut State, seat: usize) {
    s.current = Seat(seat as u8);
    s.step = Step::Tasks;
}

/// Marks `n` free tiles of any element as completed by `seat`'s `animal`.
pub fn complete_free(game: &WhisperingWoods, s: &mut State, seat: usize, animal: usize, n: usize) {
    let free: Vec<TileId> = s.bag.iter().take(n).collect();
    assert_eq!(free.len(), n);
    let _ = game;
    for t in free {
        take(s, t);
        s.players[seat].done[animal].insert(t);
    }
}

/// The Complete actions listed now.
pub fn completions(game: &WhisperingWoods, s: &State) -> Vec<(Hex, Hex)> {
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out.into_iter()
        .filter_map(|a| match a {
            sylvan_whispering_woods::Action::Complete { task, end } => Some((task, end)),
            _ => None,
        })
        .collect()
}

/// Checks the state's invariants (components conserved, scores in bounds).
pub fn sound(game: &WhisperingWoods, s: &State) {
    game.check_invariants(s).unwrap_or_else(|e| panic!("{e}"));
}
