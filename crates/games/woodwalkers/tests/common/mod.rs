//! Helpers that build the positions the rulebook describes, through the real rules.
#![allow(dead_code)]

use sylvan_engine::{Actor, Game, Seat};
use sylvan_woodwalkers::{
    Action, Animal, Category, Cell, ForestTile, Options, Side, Space, State, Step, Woodwalkers,
};

/// Rules for `players` players, the marker with `marker`, by day or at night.
pub fn game(players: usize, marker: u8, side: Side) -> Woodwalkers {
    Woodwalkers::new(
        players,
        Options {
            side,
            marker,
            ..Options::default()
        },
    )
    .expect("valid options")
}

/// Plays one action by its rulebook text (chance outcomes too), checked.
pub fn play(g: &Woodwalkers, s: &mut State, text: &str) {
    let a = g
        .parse_action(s, text)
        .unwrap_or_else(|e| panic!("'{text}': {e}\nlegal: {:?}", legal_texts(g, s)));
    g.apply(s, a)
        .unwrap_or_else(|e| panic!("'{text}' was rejected: {e}"));
}

/// Applies an action, checked.
pub fn act(g: &Woodwalkers, s: &mut State, a: Action) {
    g.apply(s, a)
        .unwrap_or_else(|e| panic!("'{a}' was rejected: {e}\nlegal: {:?}", legal_texts(g, s)));
}

/// Every legal action's text (chance outcomes included).
pub fn legal_texts(g: &Woodwalkers, s: &State) -> Vec<String> {
    legal(g, s).into_iter().map(|a| a.to_string()).collect()
}

/// Every legal action (chance outcomes included).
pub fn legal(g: &Woodwalkers, s: &State) -> Vec<Action> {
    match g.actor(s) {
        Actor::Chance => {
            let mut o = Vec::new();
            g.chance_outcomes(s, &mut o);
            o.into_iter().map(|(a, _)| a).collect()
        }
        _ => {
            let mut a = Vec::new();
            g.legal_actions(s, &mut a);
            a
        }
    }
}

/// A cell by its name, e.g. "C5".
pub fn cell(name: &str) -> Cell {
    Cell::parse(name).expect("a cell name")
}

/// Setup with every player's animals in the order Puma..Squirrel on their starting spaces and
/// the face-up battle mode tiles `up`; the marker holder is to choose.
pub fn start(g: &Woodwalkers, up: [Category; 3]) -> State {
    let mut s = g.initial_state();
    for _ in 0..g.players() {
        for a in Animal::ALL {
            act(g, &mut s, Action::Place(a));
        }
    }
    for c in up {
        act(g, &mut s, Action::DrawMode(c));
    }
    assert_eq!(s.step, Step::ChooseMode);
    s
}

/// Starts the round with `mode` (or, if no such tile is face up, the first face-up one); the
/// stack turns up the first category it still holds.
pub fn choose(g: &Woodwalkers, s: &mut State, mode: Category) {
    let mode = if s.modes_up[mode.index()] > 0 {
        mode
    } else {
        *Category::ALL
            .iter()
            .find(|c| s.modes_up[c.index()] > 0)
            .expect("a tile face up")
    };
    act(g, s, Action::ChooseMode(mode));
    if s.step == (Step::DrawMode { setup: false }) {
        let drawn = *Category::ALL
            .iter()
            .find(|c| s.stack[c.index()] > 0)
            .expect("the stack holds a tile");
        act(g, s, Action::DrawMode(drawn));
    }
}

/// The usual opening: setup, then the holder chooses `mode`; the first mover is to roll.
pub fn round_one(g: &Woodwalkers, mode: Category) -> State {
    let mut s = start(
        g,
        [Category::Strength, Category::Speed, Category::Intelligence],
    );
    choose(g, &mut s, mode);
    assert_eq!(s.step, Step::TurnStart);
    s
}

/// Puts `seat`'s `animal` on `cell` (building a position).
pub fn put(s: &mut State, seat: Seat, animal: Animal, at: &str) {
    s.pos[seat.index()][animal.index()] = cell(at);
}

/// Skips the turns until `seat` is to roll.
pub fn skip_to(g: &Woodwalkers, s: &mut State, seat: Seat) {
    for _ in 0..8 {
        if s.step == Step::TurnStart && s.current == seat {
            return;
        }
        match s.step {
            Step::TurnStart => act(g, s, Action::Skip),
            Step::ChooseMode => choose(g, s, Category::Strength),
            other => panic!("cannot skip at {other:?}"),
        }
    }
    panic!("{seat} never came to roll");
}

/// Rolls `n` and moves the animal on `from` to `to`.
pub fn roll_and_move(g: &Woodwalkers, s: &mut State, n: u8, from: &str, to: &str) {
    act(g, s, Action::Roll);
    act(g, s, Action::Die(n));
    act(g, s, Action::Select(cell(from)));
    act(g, s, Action::MoveTo(cell(to)));
}

/// Lays `tile` face up as revealed on `at` (taking it from the face-down mix).
pub fn lay_flag(g: &Woodwalkers, s: &mut State, at: &str, value: u8) {
    let i = g.forest_space(cell(at)).expect("a light space");
    assert_eq!(s.forest[i], Space::FaceDown);
    let k = g
        .components()
        .mix(g.options().side)
        .kind_of(ForestTile::Flag(value))
        .expect("a flag of that value");
    s.mix[k] -= 1;
    s.forest[i] = Space::Flag(value);
}

/// Checks the invariants.
pub fn sound(g: &Woodwalkers, s: &State) {
    g.check_invariants(s).expect("invariants hold");
}
