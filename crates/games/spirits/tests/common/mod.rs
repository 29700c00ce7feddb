//! Helpers that build positions the rulebook describes, through the real rules.
#![allow(dead_code)]

use sylvan_engine::{Actor, Game, Seat};
use sylvan_spirits::{Action, Animal, Card, Colour, Options, Pick, Spirits, State, Stones};

pub const P1: Seat = Seat(0);
pub const P2: Seat = Seat(1);

/// Rules with these five animals and six cards.
pub fn game(animals: [&str; 5], cards: [&str; 6]) -> Spirits {
    let names = |v: &[&str]| Pick::Named(v.iter().map(|s| s.to_string()).collect());
    Spirits::new(
        2,
        Options {
            animals: Some(names(&animals)),
            cards: Some(names(&cards)),
            ..Options::default()
        },
    )
    .expect("valid options")
}

/// Plays one action by its rulebook text (chance outcomes too), checked.
pub fn play(g: &Spirits, s: &mut State, text: &str) {
    let a = g
        .parse_action(s, text)
        .unwrap_or_else(|e| panic!("'{text}': {e}\nlegal: {:?}", legal_texts(g, s)));
    g.apply(s, a)
        .unwrap_or_else(|e| panic!("'{text}' was rejected: {e}"));
}

/// Every legal action's text (chance outcomes included).
pub fn legal_texts(g: &Spirits, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    match g.actor(s) {
        Actor::Chance => {
            let mut o = Vec::new();
            g.chance_outcomes(s, &mut o);
            out.extend(o.into_iter().map(|(a, _)| a.to_string()));
        }
        _ => {
            let mut a = Vec::new();
            g.legal_actions(s, &mut a);
            out.extend(a.into_iter().map(|a| a.to_string()));
        }
    }
    out
}

pub fn legal(g: &Spirits, s: &State) -> Vec<Action> {
    let mut a = Vec::new();
    g.legal_actions(s, &mut a);
    a
}

/// The position after setup: the two piles show `tops`, the bowl holds `bowl`.
pub fn start(g: &Spirits, tops: [Card; 2], bowl: [Colour; 4]) -> State {
    let mut s = g.initial_state();
    for card in tops {
        play(g, &mut s, &Action::Reveal(card).to_string());
    }
    for c in bowl {
        play(g, &mut s, &Action::Draw(c).to_string());
    }
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    s
}

/// Moves `n` stones of `c` from the bag to the bowl (setting up a position).
pub fn bag_to_bowl(s: &mut State, c: Colour, n: u8) {
    for _ in 0..n {
        assert!(s.bag.take(c), "no {c} left in the bag");
        s.bowl.add(c, 1);
    }
}

/// Moves every stone of the bowl back to the bag.
pub fn empty_bowl(s: &mut State) {
    let mut bowl = s.bowl;
    bowl.pour_into(&mut s.bag);
    s.bowl = Stones::default();
}

/// Puts stones from the bag on `seat`'s board of `animal`, filling the given spaces
/// (0-based) in order.
pub fn put(s: &mut State, seat: Seat, animal: Animal, spaces: &[(usize, Colour)]) {
    let b = s.board_of(animal).expect("animal in play");
    for &(i, c) in spaces {
        assert!(s.bag.take(c), "no {c} left in the bag");
        s.boards[seat.index()][b].spaces[i] = Some(c);
    }
}

/// Puts a Spirit Stone from the bag on `seat`'s board's Spirit Stone space.
pub fn put_spirit(s: &mut State, seat: Seat, animal: Animal) {
    let b = s.board_of(animal).expect("animal in play");
    assert!(s.bag.take(Colour::Spirit));
    s.boards[seat.index()][b].spirit = true;
}

pub fn points(g: &Spirits, s: &State, seat: Seat, animal: Animal) -> i32 {
    g.board_points(s, seat, s.board_of(animal).expect("animal in play"))
}

pub fn check_conserved(g: &Spirits, s: &State) {
    g.check_invariants(s).expect("invariants hold");
}
