//! A tiny game with a hidden card that a seat may peek at, to test that undo never takes back
//! a decision that showed its seat something hidden.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, Game, GameInfo, GameRng, OptionsError, Score, Seat, Viewer};

/// The rules: chance deals a card seen by seat 1 only; seat 0 peeks or passes, then stops.
#[derive(Clone, Debug)]
pub(crate) struct Peek;

/// The state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PeekState {
    card: Option<u8>,
    peeked: bool,
    decided: u8,
}

/// A decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum PeekAction {
    Deal(u8),
    Peek,
    Pass,
    Stop,
}

impl fmt::Display for PeekAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

const CARDS: [(PeekAction, u32); 4] = [
    (PeekAction::Deal(0), 1),
    (PeekAction::Deal(1), 1),
    (PeekAction::Deal(2), 1),
    (PeekAction::Deal(3), 1),
];

impl Game for Peek {
    type Options = ();
    type State = PeekState;
    type Action = PeekAction;
    type View = Option<u8>;
    type Illegal = OptionsError;

    const INFO: GameInfo = GameInfo {
        name: "peek",
        title: "Peek",
        min_players: 2,
        max_players: 2,
        has_chance: true,
        hidden_information: true,
        solo_levels: None,
    };

    fn new(_players: usize, _options: ()) -> Result<Self, OptionsError> {
        Ok(Peek)
    }
    fn players(&self) -> usize {
        2
    }
    fn options(&self) -> &() {
        &()
    }
    fn initial_state(&self) -> PeekState {
        PeekState {
            card: None,
            peeked: false,
            decided: 0,
        }
    }
    fn actor(&self, s: &PeekState) -> Actor {
        match (s.card, s.decided) {
            (None, _) => Actor::Chance,
            (Some(_), 0 | 1) => Actor::Seat(Seat(0)),
            _ => Actor::Nobody,
        }
    }
    fn legal_actions(&self, s: &PeekState, out: &mut Vec<PeekAction>) {
        out.clear();
        match (self.actor(s), s.decided) {
            (Actor::Seat(_), 0) => out.extend([PeekAction::Peek, PeekAction::Pass]),
            (Actor::Seat(_), _) => out.push(PeekAction::Stop),
            _ => {}
        }
    }
    fn chance_outcomes(&self, s: &PeekState, out: &mut Vec<(PeekAction, u32)>) {
        out.clear();
        if s.card.is_none() {
            out.extend(CARDS);
        }
    }
    fn check(&self, s: &PeekState, action: PeekAction) -> Result<(), OptionsError> {
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        let dealt = s.card.is_none() && matches!(action, PeekAction::Deal(c) if c < 4);
        if dealt || legal.contains(&action) {
            Ok(())
        } else {
            Err(OptionsError::Invalid("not now".into()))
        }
    }
    fn apply_unchecked(&self, s: &mut PeekState, action: PeekAction) {
        match action {
            PeekAction::Deal(c) => s.card = Some(c),
            PeekAction::Peek => {
                s.peeked = true;
                s.decided += 1;
            }
            PeekAction::Pass | PeekAction::Stop => s.decided += 1,
        }
    }
    fn view(&self, s: &PeekState, viewer: Viewer) -> Option<u8> {
        match viewer {
            Viewer::Seat(Seat(1)) => s.card,
            Viewer::Seat(_) if s.peeked => s.card,
            _ => None,
        }
    }
    fn determinize(&self, s: &mut PeekState, seat: Seat, rng: &mut GameRng) {
        if seat == Seat(0) && !s.peeked && s.card.is_some() {
            s.card = match rng.pick_weighted(&CARDS) {
                PeekAction::Deal(c) => Some(c),
                _ => s.card,
            };
        }
    }
    fn score(&self, s: &PeekState) -> Score {
        Score {
            over: self.actor(s) == Actor::Nobody,
            totals: vec![0, 0],
            breakdown: vec![Vec::new(), Vec::new()],
            ranking: vec![Seat(0), Seat(1)],
            winners: Vec::new(),
            others: Vec::new(),
        }
    }
    fn max_decisions(&self) -> u64 {
        3
    }
}
