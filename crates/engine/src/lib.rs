//! # Sylvan's game contract
//!
//! Every Sylvan game implements [`Game`]: immutable rules (options and component data) apart
//! from a small, cheaply cloned state; exactly one [`Actor`] at every decision point (a seat,
//! chance, or nobody once the game is over); chance points that list their outcomes with integer
//! weights instead of hiding a generator in the state; a `Copy` action type with rulebook-worded
//! text; a checked [`Game::apply`] that leaves the state untouched on error and an unchecked one
//! for search; per-viewer [`Game::view`]s; [`Game::determinize`] for search under hidden
//! information; and a final [`Score`] with the rulebook's categories and tie-breaks.
//!
//! Around the contract the crate offers what every game and tool shares: the portable seeded
//! generator ([`GameRng`]) with sampling code that Sylvan owns, replay [`Record`]s, random
//! playouts, per-game perft counts and the [`conformance`] harness that every game must pass.
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng, Seat};
//! use sylvan_engine::testing::Nim;
//!
//! // A game's rules are built from its options; the state is separate and cheap to clone.
//! let game = Nim::new(2, Default::default()).expect("two players are allowed");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(7);
//! let mut legal = Vec::new();
//! while game.actor(&state) != Actor::Nobody {
//!     match game.actor(&state) {
//!         Actor::Seat(_) => {
//!             game.legal_actions(&state, &mut legal);
//!             // The checked apply names the broken rule instead of panicking.
//!             game.apply(&mut state, legal[0]).expect("listed actions are legal");
//!         }
//!         Actor::Chance => {
//!             let outcome = sylvan_engine::sample_chance(&game, &state, &mut rng);
//!             game.apply(&mut state, outcome).expect("chance outcomes are legal");
//!         }
//!         Actor::Nobody => unreachable!(),
//!     }
//! }
//! let score = game.score(&state);
//! assert_eq!(score.winners.len(), 1);
//! assert!(score.winners[0] == Seat(0) || score.winners[0] == Seat(1));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod encode;
pub mod fit;
mod game;
pub mod harness;
mod record;
mod rng;
pub mod suite;
pub mod testing;
pub mod text;

pub use game::{
    draw_listed, parse_listed_action, rank_by, sample_chance, score_margin, Actor, Game, GameInfo,
    OptionsError, OtherScore, ParseActionError, Score, Seat, SoloLevels, Viewer, LEVEL_ITERATIONS,
    MAX_SEARCH_ITERATIONS, ROLLOUT_HORIZON,
};
pub use harness::{conformance, perft, ConformanceConfig, ConformanceReport};
pub use record::{content_hash, EmbeddedComponents, Record, ReplayError, ENGINE_VERSION};
pub use rng::{derive_seed, GameRng};
pub use suite::{
    assert_component_labels, assert_conforms, assert_targets_drawn, assert_targets_drawn_where,
    check_listed, check_perft_table, drawn_targets, for_each_decision, is_listed, walk_games,
    Applied, Decision, PerftPosition, TargetReport,
};

/// Plays one game to the end with uniformly random seat decisions and seeded chance.
///
/// Returns the final state and the number of decisions applied (chance included). The two
/// buffers are reused so that a playout allocates nothing once they have grown.
pub fn random_playout<G: Game>(
    game: &G,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, u32)>,
) -> (G::State, u64) {
    let mut state = game.initial_state();
    let decisions = random_playout_from(game, &mut state, rng, actions, outcomes);
    (state, decisions)
}

/// Random playouts from the start that keep their buffers from game to game, so that once
/// warmed up they allocate nothing: what the games' allocation tests count.
pub struct Playouts<'g, G: Game> {
    game: &'g G,
    rng: GameRng,
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
}

impl<'g, G: Game> Playouts<'g, G> {
    /// Playouts of `game` with chance and choices drawn from `seed`.
    pub fn new(game: &'g G, seed: u64) -> Self {
        Playouts {
            game,
            rng: GameRng::seeded(seed),
            actions: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// Plays `games` games to the end; returns the decisions applied (chance included).
    pub fn run(&mut self, games: usize) -> u64 {
        (0..games)
            .map(|_| {
                random_playout(
                    self.game,
                    &mut self.rng,
                    &mut self.actions,
                    &mut self.outcomes,
                )
                .1
            })
            .sum()
    }

    /// A fixed workload for comparing two builds (under `valgrind --tool=callgrind`, say):
    /// plays `games` games and returns the decisions applied and a checksum (FNV-1a's step,
    /// from 0) over each game's final `totals`, so a change in any game played shows.
    pub fn checked<T: IntoIterator<Item = i32>>(
        &mut self,
        games: u64,
        mut totals: impl FnMut(&G::State) -> T,
    ) -> (u64, u64) {
        let (mut decisions, mut checksum) = (0u64, 0u64);
        for _ in 0..games {
            let (state, d) = random_playout(
                self.game,
                &mut self.rng,
                &mut self.actions,
                &mut self.outcomes,
            );
            decisions += d;
            for t in totals(&state) {
                checksum = (checksum ^ u64::from(t as u32)).wrapping_mul(0x0000_0100_0000_01B3);
            }
        }
        (decisions, checksum)
    }
}

/// The body of a game crate's playouts example: `N` (the first argument, `default` without
/// one) [`Playouts::checked`] games from `seed`; prints the playouts, decisions and checksum on
/// standard output, and the rate and a state's size on standard error (search bots clone
/// states, so their size is part of the cost of a faster playout).
pub fn playouts_example<G: Game, T: IntoIterator<Item = i32>>(
    game: &G,
    default: u64,
    seed: u64,
    totals: impl FnMut(&G::State) -> T,
) {
    let n = match std::env::args().nth(1) {
        Some(arg) => match arg.parse() {
            Ok(n) => n,
            Err(_) => {
                eprintln!("the first argument is the number of playouts, not {arg:?}");
                std::process::exit(2);
            }
        },
        None => default,
    };
    let started = std::time::Instant::now();
    let (decisions, checksum) = Playouts::new(game, seed).checked(n, totals);
    let secs = started.elapsed().as_secs_f64();
    println!("playouts {n}, decisions {decisions}, checksum {checksum:016x}");
    eprintln!(
        "{:.0} playouts/s; a state is {} bytes",
        n as f64 / secs,
        std::mem::size_of::<G::State>()
    );
}

/// Plays `state` to the end with random decisions; returns the number of decisions applied.
pub fn random_playout_from<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, u32)>,
) -> u64 {
    random_until(game, state, rng, actions, outcomes, |_| false)
}

/// Plays uniformly random seat decisions and seeded chance from `state` until `stop` holds
/// before a decision (chance included) or the game ends; returns the decisions applied. How
/// tests and tools reach a position of a kind, or one a number of decisions in.
pub fn random_until<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, u32)>,
    mut stop: impl FnMut(&G::State) -> bool,
) -> u64 {
    let mut decisions = 0;
    loop {
        if stop(state) {
            return decisions;
        }
        let action = match game.actor(state) {
            Actor::Nobody => return decisions,
            Actor::Chance => match game.draw_chance(state, rng, outcomes) {
                Some(outcome) => outcome,
                None => return decisions,
            },
            Actor::Seat(_) => {
                game.legal_actions(state, actions);
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        game.apply_unchecked(state, action);
        decisions += 1;
    }
}

/// Plays `seat_decisions` uniformly random seat decisions from `state`, resolving chance with
/// `rng` before, between and after them, and stops at the next seat decision or at the end:
/// how tests and benchmarks reach a position. Returns the seat decisions played (fewer only if
/// the game ended).
pub fn advance_randomly<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    seat_decisions: u32,
) -> u32 {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut played = 0;
    loop {
        let action = match game.actor(state) {
            Actor::Chance => match game.draw_chance(state, rng, &mut outcomes) {
                Some(outcome) => outcome,
                None => return played,
            },
            Actor::Seat(_) if played < seat_decisions => {
                game.legal_actions(state, &mut actions);
                if actions.is_empty() {
                    return played;
                }
                played += 1;
                actions[rng.below(actions.len() as u64) as usize]
            }
            _ => return played,
        };
        game.apply_unchecked(state, action);
    }
}

/// Declares a `Copy` enum of rulebook names (colours, animals, wisps) with `ALL` in the
/// rulebook's order, `NUM`, `index`, `name`, a case-insensitive `from_name`, serde and
/// `Display`. The calling crate depends on `serde` (with `derive`).
#[macro_export]
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(
            Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash,
            ::serde::Serialize, ::serde::Deserialize,
        )]
        pub enum $name { $($(#[$vm])* $v),+ }

        impl $name {
            /// Every value, in the rulebook's order.
            pub const ALL: [$name; [$($name::$v),+].len()] = [$($name::$v),+];
            /// How many values there are.
            pub const NUM: usize = $name::ALL.len();

            /// The position in [`Self::ALL`].
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The name as the rulebook prints it.
            pub const fn name(self) -> &'static str {
                match self { $($name::$v => $text),+ }
            }

            /// The value with this name (case-insensitive).
            pub fn from_name(text: &str) -> Option<$name> {
                let t = text.trim();
                $name::ALL.iter().copied().find(|v| v.name().eq_ignore_ascii_case(t))
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// Declares `pub fn shipped() -> Arc<$ty>` inside `impl $ty`: the data `$read` builds (a
/// game's shipped component file, parsed and validated), built once per process and shared.
/// The server makes a game for every table it opens, and parsing the file cost more than a
/// whole random game (`cargo bench -p sylvan-catalog --bench new_game`).
#[macro_export]
macro_rules! shipped_once {
    ($ty:ty, $read:expr) => {
        /// The shipped component data, read once per process and shared by every game made
        /// with it (a corrected file given as an option is read for its own game).
        pub fn shipped() -> ::std::sync::Arc<$ty> {
            static SHIPPED: ::std::sync::LazyLock<::std::sync::Arc<$ty>> =
                ::std::sync::LazyLock::new(|| ::std::sync::Arc::new($read));
            ::std::sync::Arc::clone(&SHIPPED)
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimOptions};

    /// Data read by counting how often it was read.
    struct Counted(usize);
    static READS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    impl Counted {
        fn read() -> Counted {
            Counted(READS.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1)
        }
        crate::shipped_once!(Counted, Counted::read());
    }

    #[test]
    fn shipped_data_is_read_once_and_shared() {
        let (a, b) = (Counted::shipped(), Counted::shipped());
        assert!(std::sync::Arc::ptr_eq(&a, &b));
        assert_eq!(
            (a.0, READS.load(std::sync::atomic::Ordering::SeqCst)),
            (1, 1)
        );
    }

    #[test]
    fn a_checked_workload_repeats_from_its_seed_and_shows_any_other_game() {
        let nim = Nim::new(2, NimOptions::default()).expect("two players");
        let totals = |s: &<Nim as Game>::State| nim.score(s).totals;
        let first = Playouts::new(&nim, 5).checked(200, totals);
        assert_eq!(first, Playouts::new(&nim, 5).checked(200, totals));
        // Nim takes 4 to 15 decisions a game, chance included.
        assert!((800..=3000).contains(&first.0), "{first:?}");
        // Other seeds play other games, and the checksum tells them apart.
        let others: std::collections::HashSet<u64> = (6..16)
            .map(|seed| Playouts::new(&nim, seed).checked(200, totals).1)
            .collect();
        assert!(
            !others.contains(&first.1) && others.len() == 10,
            "{others:?}"
        );
        // One game fewer is another workload too.
        assert_ne!(first, Playouts::new(&nim, 5).checked(199, totals));
    }
}
