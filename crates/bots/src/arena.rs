//! The arena: bots play each other on common seeds with the seats rotated, and the results come
//! with 95% confidence intervals.
//!
//! One bot sits in each seat (a bot may be listed twice to fill seats). With `n` bots, every
//! seed is played `n` times: in arrangement `r`, seat `s` is taken by bot `(s + r) mod n`. So
//! each bot sits in each seat equally often and meets the same chance (the same seed) from
//! every seat, which removes the first-player and luck biases that a simple series would
//! measure instead of strength. A solo game (one seat) plays every seed once with each bot.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;
use sylvan_engine::{derive_seed, Actor, Game, GameRng, Score, Seat};

use crate::{decide, BotError, BotSpec, Observation};

/// What the arena plays.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The bots, one per seat (or any number for a solo game); seat `s` of arrangement `r` is
    /// taken by `bots[(s + r) % bots.len()]`.
    pub bots: Vec<BotSpec>,
    /// Games in all (rounded up to a whole number of seat rotations).
    pub games: u64,
    /// The seed every game's seed is derived from.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

/// How one bot did.
#[derive(Clone, Debug, Serialize)]
pub struct BotResult {
    /// The bot, as it was asked for.
    pub bot: String,
    /// Games it sat in.
    pub games: u64,
    /// Its share of the wins (a tie for first among k seats gives each 1/k).
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// Its mean final total per seat it held.
    pub score_mean: f64,
    /// The Elo difference to the first bot from their head-to-head results; `None` for the
    /// first bot and for bots that never met it.
    pub elo_vs_first: Option<f64>,
    /// The 95% interval of [`Self::elo_vs_first`], from the Wilson interval of its head-to-head
    /// score; a bound is `None` where that interval reaches 0 or 1 (no finite Elo bounds it).
    pub elo_vs_first_ci95: Option<(Option<f64>, Option<f64>)>,
    /// Mean search iterations per searched decision (0 for bots that do not search).
    pub iterations_per_decision: f64,
    /// Search iterations per second of thinking.
    pub iterations_per_sec: f64,
}

/// The arena's results.
#[derive(Clone, Debug, Serialize)]
pub struct ArenaReport {
    /// The game's name.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Per bot, in the order asked.
    pub bots: Vec<BotResult>,
    /// Mean decisions per game, chance included.
    pub decisions_per_game: f64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// One finished arena game, kept small: a long run holds one per game.
struct Played {
    arrangement: usize,
    decisions: u64,
    seats: Vec<SeatResult>,
}

struct SeatResult {
    total: i32,
    /// Its share of the win (1/k on a k-way tie for first).
    share: f64,
    /// Its place in the ranking after the rulebook's tie-breaks, 0 first.
    place: usize,
    /// (searched decisions, iterations, seconds).
    thinking: (u64, u64, f64),
}

/// The most games one arena run plays.
pub const MAX_ARENA_GAMES: u64 = 1_000_000;

/// How one arena game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// The final score.
    pub score: Score,
    /// Decisions applied, chance included.
    pub decisions: u64,
    /// Per seat: (decisions its bot searched, search iterations, seconds thinking); forced
    /// decisions (one legal action) are not searched and not counted.
    pub thinking: Vec<(u64, u64, f64)>,
}

/// Plays one game from `seed` with `seats[s]` deciding for seat `s`; chance is drawn from a
/// generator seeded with `seed`.
pub fn play_game<G: Game>(
    game: &G,
    seats: &[&BotSpec],
    seed: u64,
) -> Result<GameOutcome, BotError> {
    let mut chance = GameRng::seeded(seed);
    let mut state = game.initial_state();
    let mut outcomes = Vec::new();
    let mut decisions = 0u64;
    let mut thought = vec![(0u64, 0u64, 0f64); seats.len()];
    loop {
        let action = match game.actor(&state) {
            Actor::Nobody => break,
            Actor::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                chance.pick_weighted(&outcomes)
            }
            Actor::Seat(seat) => {
                let spec = seats
                    .get(seat.index())
                    .ok_or_else(|| BotError::Refused(format!("{seat} has no bot")))?;
                let bot_seed = derive_seed(seed, decisions + 1);
                let seen = Observation::for_bot(game, &state, seat, spec.kind, bot_seed, &chance);
                let choice = decide(game, &seen, spec, bot_seed)?;
                if choice.thinking.iterations > 0 {
                    let t = &mut thought[seat.index()];
                    t.0 += 1;
                    t.1 += choice.thinking.iterations;
                    t.2 += choice.thinking.seconds;
                }
                choice.action
            }
        };
        game.apply(&mut state, action)
            .map_err(|e| BotError::Refused(format!("'{action}' was refused: {e}")))?;
        decisions += 1;
        if decisions > game.max_decisions() {
            return Err(BotError::Refused(format!(
                "the game passed its bound of {} decisions",
                game.max_decisions()
            )));
        }
    }
    Ok(GameOutcome {
        score: game.score(&state),
        decisions,
        thinking: thought,
    })
}

/// Plays the arena on `game`; `progress` is called with the number of games finished.
pub fn run_arena<G: Game>(
    game: &G,
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaReport, BotError> {
    let n = config.bots.len();
    if n == 0 {
        return Err(BotError::Refused("the arena needs at least one bot".into()));
    }
    if config.games == 0 || config.games > MAX_ARENA_GAMES {
        return Err(BotError::Refused(format!(
            "the arena plays 1 to {MAX_ARENA_GAMES} games, not {}",
            config.games
        )));
    }
    let players = game.players();
    if players != 1 && n != players {
        return Err(BotError::Refused(format!(
            "give one bot per seat: {players} seats but {n} bots (repeat a bot to fill seats, e.g. ismcts,random,random)"
        )));
    }
    let games = config.games.div_ceil(n as u64) * n as u64;
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let results: Mutex<Vec<Option<Played>>> = Mutex::new((0..games).map(|_| None).collect());
    let failure: Mutex<Option<BotError>> = Mutex::new(None);
    let threads = config.threads.clamp(1, 256).min(games as usize);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games || failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                    return;
                }
                let arrangement = (g % n as u64) as usize;
                let seed = derive_seed(config.seed, g / n as u64);
                let seats: Vec<&BotSpec> = (0..players)
                    .map(|s| &config.bots[(s + arrangement) % n])
                    .collect();
                match play_game(game, &seats, seed) {
                    Ok(outcome) => {
                        let played = compact(arrangement, outcome);
                        if let Ok(mut r) = results.lock() {
                            r[g as usize] = Some(played);
                        }
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        return;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let played: Vec<Played> = results
        .into_inner()
        .map_err(|_| BotError::Refused("an arena thread failed".into()))?
        .into_iter()
        .flatten()
        .collect();
    Ok(summarise(game, config, players, &played, start))
}

fn compact(arrangement: usize, outcome: GameOutcome) -> Played {
    let score = &outcome.score;
    let seats = (0..outcome.thinking.len())
        .map(|s| {
            let seat = Seat(s as u8);
            SeatResult {
                total: score.totals.get(s).copied().unwrap_or(0),
                share: if score.winners.contains(&seat) {
                    1.0 / score.winners.len() as f64
                } else {
                    0.0
                },
                place: score
                    .ranking
                    .iter()
                    .position(|&r| r == seat)
                    .unwrap_or(usize::MAX),
                thinking: outcome.thinking[s],
            }
        })
        .collect();
    Played {
        arrangement,
        decisions: outcome.decisions,
        seats,
    }
}

fn summarise<G: Game>(
    _game: &G,
    config: &ArenaConfig,
    players: usize,
    played: &[Played],
    start: Instant,
) -> ArenaReport {
    let n = config.bots.len();
    let mut games = vec![0u64; n];
    let mut wins = vec![0f64; n];
    let mut score_sum = vec![0f64; n];
    let mut seats_held = vec![0u64; n];
    let mut thought = vec![(0u64, 0u64, 0f64); n];
    let mut head_to_head = vec![(0f64, 0u64); n];
    let mut decisions = 0u64;
    for p in played {
        decisions += p.decisions;
        // With one bot per seat, seat s holds bot (s + r) mod n; solo games hold bot r.
        let bot_of = |s: usize| (s + p.arrangement) % n;
        let mut seat_of = vec![None; n];
        for (s, seat) in p.seats.iter().enumerate() {
            let b = bot_of(s);
            seat_of[b] = Some(seat);
            games[b] += 1;
            wins[b] += seat.share;
            score_sum[b] += f64::from(seat.total);
            seats_held[b] += 1;
            thought[b].0 += seat.thinking.0;
            thought[b].1 += seat.thinking.1;
            thought[b].2 += seat.thinking.2;
        }
        if let Some(first) = seat_of[0] {
            for b in 1..n {
                if let Some(other) = seat_of[b] {
                    // A shared win is a draw; otherwise the better place wins the meeting.
                    let points = if first.share > 0.0 && other.share > 0.0 {
                        0.5
                    } else {
                        match other.place.cmp(&first.place) {
                            std::cmp::Ordering::Less => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Greater => 0.0,
                        }
                    };
                    head_to_head[b].0 += points;
                    head_to_head[b].1 += 1;
                }
            }
        }
    }
    let bots = (0..n)
        .map(|b| {
            let g = games[b].max(1) as f64;
            let (points, meetings) = head_to_head[b];
            BotResult {
                bot: config.bots[b].label.clone(),
                games: games[b],
                wins: wins[b],
                win_rate: wins[b] / g,
                win_rate_ci95: wilson(wins[b], games[b] as f64),
                score_mean: score_sum[b] / seats_held[b].max(1) as f64,
                elo_vs_first: (b > 0 && meetings > 0).then(|| elo(points, meetings)),
                elo_vs_first_ci95: (b > 0 && meetings > 0).then(|| {
                    let (lo, hi) = wilson(points, meetings as f64);
                    (elo_of_score(lo), elo_of_score(hi))
                }),
                iterations_per_decision: thought[b].1 as f64 / thought[b].0.max(1) as f64,
                iterations_per_sec: if thought[b].2 > 0.0 {
                    thought[b].1 as f64 / thought[b].2
                } else {
                    0.0
                },
            }
        })
        .collect();
    ArenaReport {
        game: G::INFO.name.to_string(),
        players,
        games: played.len() as u64,
        seed: config.seed,
        bots,
        decisions_per_game: decisions as f64 / played.len().max(1) as f64,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The Wilson score interval at 95% for `successes` out of `n` (fractional successes allowed).
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of an expected score `p`; `None` at 0 or 1, where it is infinite.
fn elo_of_score(p: f64) -> Option<f64> {
    (p > 1e-9 && p < 1.0 - 1e-9).then(|| 400.0 * (p / (1.0 - p)).log10())
}

/// The Elo difference implied by scoring `points` in `games` (clamped away from 0 and 1).
fn elo(points: f64, games: u64) -> f64 {
    if games == 0 {
        return 0.0;
    }
    let g = games as f64;
    let p = (points / g).clamp(0.5 / g, 1.0 - 0.5 / g);
    400.0 * (p / (1.0 - p)).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(50.0, 100.0);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        let (lo, hi) = wilson(0.0, 10.0);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3);
    }

    #[test]
    fn elo_is_zero_at_even_and_signed() {
        assert!(elo(50.0, 100).abs() < 1e-9);
        assert!(elo(75.0, 100) > 190.0 && elo(75.0, 100) < 192.0);
        assert!(elo(25.0, 100) < -190.0);
        assert!(elo(100.0, 100).is_finite());
    }

    #[test]
    fn the_elo_interval_follows_the_score_interval() {
        // 75 of 100: Wilson [0.6570, 0.8245] -> about +113 and +269 Elo.
        let (lo, hi) = wilson(75.0, 100.0);
        let (lo, hi) = (
            elo_of_score(lo).expect("finite"),
            elo_of_score(hi).expect("finite"),
        );
        assert!(
            (lo - 112.9).abs() < 1.0 && (hi - 268.8).abs() < 1.0,
            "{lo} {hi}"
        );
        // A sweep of 2 games bounds the Elo below only.
        let (lo, hi) = wilson(2.0, 2.0);
        assert!(
            elo_of_score(lo).is_some_and(|e| e < 0.0),
            "2 of 2 games say little"
        );
        assert_eq!(elo_of_score(hi), None);
    }
}
