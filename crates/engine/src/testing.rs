//! A tiny complete game for documentation and for testing the harness itself.
//!
//! Nim with a chance start: chance sets a pile of 10 to 15 stones (each size equally likely),
//! then players alternately take 1 to 3 stones; whoever takes the last stone wins.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{rank_by, Actor, Game, GameInfo, OptionsError, Score, Seat, Viewer};

/// Nim's options: the most stones one turn may take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimOptions {
    /// The most stones a turn may take (at least 1).
    pub max_take: u8,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions { max_take: 3 }
    }
}

/// Nim's rules.
#[derive(Clone, Debug)]
pub struct Nim {
    options: NimOptions,
}

/// Nim's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimState {
    /// Stones left; `None` before chance has set the pile.
    pub pile: Option<u8>,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Who took the last stone.
    pub winner: Option<Seat>,
}

/// A Nim decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NimAction {
    /// Chance sets the pile.
    Pile(u8),
    /// Take this many stones.
    Take(u8),
}

impl fmt::Display for NimAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimAction::Pile(n) => write!(f, "The pile has {n} stones"),
            NimAction::Take(n) => write!(f, "Take {n}"),
        }
    }
}

/// Why a Nim action is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NimIllegal {
    /// Not the right kind of decision now.
    #[error("it is not that kind of decision now")]
    WrongDecision,
    /// Too many or too few stones.
    #[error("a turn takes 1 to {0} stones, and no more than are left")]
    TakeCount(u8),
}

impl Game for Nim {
    type Options = NimOptions;
    type State = NimState;
    type Action = NimAction;
    type View = NimState;
    type Illegal = NimIllegal;

    const INFO: GameInfo = GameInfo {
        name: "nim",
        title: "Nim",
        min_players: 2,
        max_players: 2,
        has_chance: true,
        hidden_information: false,
        solo_levels: None,
    };

    fn new(players: usize, options: NimOptions) -> Result<Self, OptionsError> {
        if players != 2 {
            return Err(OptionsError::PlayerCount {
                game: "nim",
                min: 2,
                max: 2,
                got: players,
            });
        }
        if options.max_take == 0 {
            return Err(OptionsError::Invalid("max_take must be at least 1".into()));
        }
        Ok(Nim { options })
    }

    fn players(&self) -> usize {
        2
    }

    fn options(&self) -> &NimOptions {
        &self.options
    }

    fn initial_state(&self) -> NimState {
        NimState {
            pile: None,
            to_move: Seat(0),
            winner: None,
        }
    }

    fn actor(&self, s: &NimState) -> Actor {
        match (s.pile, s.winner) {
            (_, Some(_)) => Actor::Nobody,
            (None, _) => Actor::Chance,
            (Some(_), None) => Actor::Seat(s.to_move),
        }
    }

    fn legal_actions(&self, s: &NimState, out: &mut Vec<NimAction>) {
        out.clear();
        if let (Some(pile), None) = (s.pile, s.winner) {
            out.extend((1..=self.options.max_take.min(pile)).map(NimAction::Take));
        }
    }

    fn chance_outcomes(&self, s: &NimState, out: &mut Vec<(NimAction, u32)>) {
        out.clear();
        if s.pile.is_none() {
            out.extend((10..=15).map(|n| (NimAction::Pile(n), 1)));
        }
    }

    fn check(&self, s: &NimState, a: NimAction) -> Result<(), NimIllegal> {
        match (self.actor(s), a) {
            (Actor::Chance, NimAction::Pile(n)) if (10..=15).contains(&n) => Ok(()),
            (Actor::Seat(_), NimAction::Take(n)) => {
                let pile = s.pile.unwrap_or(0);
                if n >= 1 && n <= self.options.max_take && n <= pile {
                    Ok(())
                } else {
                    Err(NimIllegal::TakeCount(self.options.max_take))
                }
            }
            _ => Err(NimIllegal::WrongDecision),
        }
    }

    fn apply_unchecked(&self, s: &mut NimState, a: NimAction) {
        match a {
            NimAction::Pile(n) => s.pile = Some(n),
            NimAction::Take(n) => {
                let left = s.pile.unwrap_or(0).saturating_sub(n);
                s.pile = Some(left);
                if left == 0 {
                    s.winner = Some(s.to_move);
                }
                s.to_move = Seat(1 - s.to_move.0);
            }
        }
    }

    fn view(&self, s: &NimState, _viewer: Viewer) -> NimState {
        s.clone()
    }

    fn score(&self, s: &NimState) -> Score {
        let totals: Vec<i32> = (0..2u8)
            .map(|i| i32::from(s.winner == Some(Seat(i))))
            .collect();
        let (ranking, winners) = rank_by(2, |seat| totals[seat.index()]);
        Score {
            over: s.winner.is_some(),
            breakdown: totals.iter().map(|&t| vec![("win".into(), t)]).collect(),
            totals,
            ranking,
            winners: if s.winner.is_some() {
                winners
            } else {
                Vec::new()
            },
            others: Vec::new(),
        }
    }

    fn max_decisions(&self) -> u64 {
        16
    }
}
