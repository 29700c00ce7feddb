//! UCT with open-loop chance and availability counts: MCTS on one state, single-observer ISMCTS
//! over fresh determinizations.
//!
//! A node stands for the next seat decision reached by a sequence of seat actions; chance
//! outcomes on the way are sampled afresh every iteration and not stored (open loop). So the
//! actions legal at a node can differ between iterations (another chance outcome, another
//! determinization), and each child counts how often it was available: UCB uses that count in
//! place of the parent's visits (Cowling, Powley and Whitehouse 2012).

use std::time::{Duration, Instant};

use serde::Serialize;
use sylvan_engine::{derive_seed, score_margin, Actor, Game, GameRng, Score, Seat};

use crate::Budget;

/// The UCB exploration constant for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;
/// Children stored by one search at most, over all its threads (about 32 bytes each), so a
/// long time budget cannot exhaust memory: past it, iterations still descend the tree but no
/// longer grow it.
const MAX_CHILDREN: usize = 8_000_000;
const NO_NODE: u32 = u32::MAX;

/// What a search did for one decision.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Thinking {
    /// Iterations run (all threads together).
    pub iterations: u64,
    /// Tree nodes created.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The chosen action's share of the root visits.
    pub confidence: f64,
}

struct Child<A> {
    action: A,
    node: u32,
    visits: u32,
    available: u32,
    reward: f64,
}

/// What bounds one search besides its budget.
struct Limits {
    max_children: usize,
    horizon: u32,
    /// Judge cut-off positions by the plain score margin instead of the game's heuristic.
    plain_margin: bool,
    /// Roll out among every legal action, not the game's rollout choices.
    uniform: bool,
}

/// One thread's root children, iterations and nodes.
type ThreadResult<A> = (Vec<Child<A>>, u64, u64);

struct Tree<A> {
    /// Each node's children; a node is its index.
    nodes: Vec<Vec<Child<A>>>,
    children: usize,
}

/// Searches from `root` for `seat` and returns the most visited legal action. With
/// `determinize`, every iteration resamples what `seat` cannot see; with a `fate`, every
/// iteration draws its chance points from a copy of it (the game's own future draws), else
/// from the search's generator.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search<G: Game>(
    game: &G,
    root: &G::State,
    seat: Seat,
    legal: &[G::Action],
    (determinize, fate): (bool, Option<&GameRng>),
    (budget, time_limit): (Budget, Option<Duration>),
    threads: usize,
    seed: u64,
    (horizon, plain_margin, uniform): (u32, bool, bool),
) -> (G::Action, Thinking) {
    let start = Instant::now();
    let limit = time_limit.map(|t| start + t);
    // Thread t searches its share of an iteration budget, until the deadline of a time one,
    // and stops at the time limit whichever comes first.
    let thread_budget = |t: usize| match budget {
        Budget::Millis(ms) => {
            let deadline = start + Duration::from_millis(u64::from(ms));
            (
                u64::from(u32::MAX),
                Some(limit.map_or(deadline, |l| l.min(deadline))),
            )
        }
        Budget::Iterations(_) | Budget::Level(_) => {
            let n = u64::from(budget.iterations_in(game).unwrap_or(1));
            let threads = threads as u64;
            let share = n / threads + u64::from((t as u64) < n % threads);
            (share, limit)
        }
    };
    let limits = Limits {
        max_children: MAX_CHILDREN / threads.max(1),
        horizon,
        plain_margin,
        uniform,
    };
    let trees: Vec<ThreadResult<G::Action>> = if threads <= 1 {
        let (iterations, deadline) = thread_budget(0);
        vec![run(
            game,
            root,
            seat,
            (determinize, fate),
            (iterations, deadline),
            seed,
            &limits,
        )]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let seed = derive_seed(seed, t as u64);
                    let share = thread_budget(t);
                    let limits = &limits;
                    scope.spawn(move || {
                        run(game, root, seat, (determinize, fate), share, seed, limits)
                    })
                })
                .collect();
            // A search thread that panicked is a bug in the game; the others still answer.
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        })
    };
    // Root parallelism: add up the root visits of every thread's tree.
    let mut visits = vec![0u64; legal.len()];
    let mut rewards = vec![0f64; legal.len()];
    let mut thinking = Thinking::default();
    for (root_children, iterations, nodes) in &trees {
        thinking.iterations += iterations;
        thinking.nodes += nodes;
        for child in root_children {
            if let Some(i) = legal.iter().position(|a| *a == child.action) {
                visits[i] += u64::from(child.visits);
                rewards[i] += child.reward;
            }
        }
    }
    let mut best = 0;
    for i in 1..legal.len() {
        let better = visits[i] > visits[best]
            || (visits[i] == visits[best]
                && rewards[i] / (visits[i].max(1) as f64)
                    > rewards[best] / (visits[best].max(1) as f64));
        if better {
            best = i;
        }
    }
    let total: u64 = visits.iter().sum();
    thinking.confidence = visits[best] as f64 / total.max(1) as f64;
    thinking.seconds = start.elapsed().as_secs_f64();
    (legal[best], thinking)
}

/// One thread's search; returns the root's children, the iterations and the nodes.
#[allow(clippy::too_many_arguments)]
fn run<G: Game>(
    game: &G,
    root: &G::State,
    seat: Seat,
    (determinize, fate): (bool, Option<&GameRng>),
    (limit, deadline): (u64, Option<Instant>),
    seed: u64,
    limits: &Limits,
) -> ThreadResult<G::Action> {
    let mut rng = GameRng::seeded(seed);
    // This iteration's copy of the fate: the k-th chance point on any path gets the k-th draw,
    // as it will in the game.
    let mut drawn = fate.cloned();
    let mut tree = Tree {
        nodes: vec![Vec::new()],
        children: 0,
    };
    let horizon = limits.horizon;
    let players = game.players();
    let mut state = root.clone();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut path: Vec<(u32, u32, Seat)> = Vec::new();
    let mut rewards = vec![0f64; players];
    let mut scale = Scale::new(players);
    let mut iterations = 0u64;
    while iterations < limit {
        if let Some(deadline) = deadline {
            // At least one iteration, so that every thread has something to say.
            if iterations > 0 && iterations.is_multiple_of(8) && Instant::now() >= deadline {
                break;
            }
        }
        iterations += 1;
        state.clone_from(root);
        if determinize {
            game.determinize(&mut state, seat, &mut rng);
        }
        if let (Some(fate), Some(drawn)) = (fate, drawn.as_mut()) {
            drawn.clone_from(fate);
        }
        path.clear();
        let mut node = 0u32;
        // Selection and expansion.
        while let Some(mover) = settle_chance(
            game,
            &mut state,
            drawn.as_mut().unwrap_or(&mut rng),
            &mut outcomes,
        ) {
            game.legal_actions(&state, &mut legal);
            if legal.is_empty() {
                break;
            }
            let grow = tree.children < limits.max_children;
            let Some((index, fresh)) = select(&mut tree, node, &legal, &mut rng, grow) else {
                break;
            };
            let action = tree.nodes[node as usize][index].action;
            path.push((node, index as u32, mover));
            game.apply_unchecked(&mut state, action);
            if fresh {
                break;
            }
            let next = tree.nodes[node as usize][index].node;
            node = if next == NO_NODE {
                if !grow {
                    break;
                }
                let created = tree.nodes.len() as u32;
                tree.nodes.push(Vec::new());
                tree.nodes[node as usize][index].node = created;
                created
            } else {
                next
            };
        }
        // Simulation: random play to the end, or to the horizon and then the heuristic.
        if rollout(
            game,
            &mut state,
            (&mut rng, drawn.as_mut()),
            &mut legal,
            &mut outcomes,
            (horizon, !limits.uniform),
        ) {
            outcome_rewards(&game.score(&state), &mut rewards, &mut scale);
        } else if limits.plain_margin {
            let score = game.score(&state);
            for (seat, reward) in rewards.iter_mut().enumerate() {
                *reward = scale.squash(score_margin(&score, Seat(seat as u8)));
            }
        } else {
            heuristic_rewards(game, &state, &mut rewards, &mut scale);
        }
        // Backpropagation: each child keeps the reward of the seat that chose it.
        for &(node, index, mover) in &path {
            let child = &mut tree.nodes[node as usize][index as usize];
            child.visits += 1;
            child.reward += rewards[mover.index()];
        }
    }
    let nodes = tree.nodes.len() as u64;
    let root_children = std::mem::take(&mut tree.nodes[0]);
    (root_children, iterations, nodes)
}

/// Plays random decisions (chance by weight, from `fate` if given; a seat's among the game's
/// rollout choices if `choosy`, else among every legal action) until the game ends, or
/// `horizon` decisions have been made (0: no horizon). Returns whether the game ended.
fn rollout<G: Game>(
    game: &G,
    state: &mut G::State,
    (rng, mut fate): (&mut GameRng, Option<&mut GameRng>),
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, u32)>,
    (horizon, choosy): (u32, bool),
) -> bool {
    let mut made = 0u32;
    loop {
        if horizon != 0 && made >= horizon {
            return false;
        }
        let action = match game.actor(state) {
            Actor::Nobody => return true,
            Actor::Chance => {
                let draws = match fate.as_deref_mut() {
                    Some(fate) => fate,
                    None => &mut *rng,
                };
                match game.draw_chance(state, draws, outcomes) {
                    Some(outcome) => outcome,
                    None => return true,
                }
            }
            Actor::Seat(_) => {
                game.legal_actions(state, actions);
                if actions.is_empty() {
                    return true;
                }
                if choosy {
                    game.rollout_choices(state, actions);
                    if actions.is_empty() {
                        // A game that narrowed too far: the legal actions after all.
                        game.legal_actions(state, actions);
                    }
                }
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        game.apply_unchecked(state, action);
        made += 1;
    }
}

/// Each seat's reward in [0, 1] for a position cut off at the horizon: the game's heuristic
/// (by default the score margin), squashed on the scale this search has seen.
fn heuristic_rewards<G: Game>(game: &G, state: &G::State, rewards: &mut [f64], scale: &mut Scale) {
    for (seat, reward) in rewards.iter_mut().enumerate() {
        *reward = scale.squash(game.heuristic(state, Seat(seat as u8)));
    }
}

/// How large a score difference is in this game, learnt from the search's own rollouts, so
/// that one squashing works for games scored in tens and in hundreds. Multiplayer values are
/// margins (centred on 0); solo values are totals, centred on their running mean.
pub(crate) struct Scale {
    centred: bool,
    seen: f64,
    mean: f64,
    spread_sum: f64,
}

/// The spread assumed before any rollout, and how many rollouts' worth it weighs.
const PRIOR_SPREAD: f64 = 10.0;
const PRIOR_WEIGHT: f64 = 4.0;

impl Scale {
    pub(crate) fn new(players: usize) -> Scale {
        Scale {
            centred: players == 1,
            seen: 0.0,
            mean: 0.0,
            spread_sum: 0.0,
        }
    }

    /// Observes `x` and maps it into [0, 1]: 0.5 at the centre, near 1 well above it.
    pub(crate) fn squash(&mut self, x: f64) -> f64 {
        self.seen += 1.0;
        if self.centred {
            self.mean += (x - self.mean) / self.seen;
        }
        self.spread_sum += (x - self.mean).abs();
        let spread =
            ((self.spread_sum + PRIOR_WEIGHT * PRIOR_SPREAD) / (self.seen + PRIOR_WEIGHT)).max(1.0);
        0.5 + 0.5 * ((x - self.mean) / spread).tanh()
    }
}

/// Resolves chance points by sampling; returns the seat to move, or `None` once over.
fn settle_chance<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    outcomes: &mut Vec<(G::Action, u32)>,
) -> Option<Seat> {
    loop {
        match game.actor(state) {
            Actor::Seat(s) => return Some(s),
            Actor::Nobody => return None,
            Actor::Chance => {
                let outcome = game.draw_chance(state, rng, outcomes)?;
                game.apply_unchecked(state, outcome);
            }
        }
    }
}

/// Picks a child of `node` among the `legal` actions: an untried one at random if any, else
/// the best by UCB with availability counts. Returns its index and whether it was untried;
/// `None` if the tree may not grow and no legal action has a child here.
fn select<A: Copy + Eq>(
    tree: &mut Tree<A>,
    node: u32,
    legal: &[A],
    rng: &mut GameRng,
    grow: bool,
) -> Option<(usize, bool)> {
    let children = &mut tree.nodes[node as usize];
    let mut untried = 0u64;
    let mut pick = usize::MAX;
    let mut best = f64::NEG_INFINITY;
    let mut best_index = usize::MAX;
    // The legal list usually comes in the same order as last time: try the next child first.
    let mut cursor = 0;
    for &action in legal {
        let index = if children.get(cursor).is_some_and(|c| c.action == action) {
            cursor
        } else if let Some(i) = children.iter().position(|c| c.action == action) {
            i
        } else if grow {
            children.push(Child {
                action,
                node: NO_NODE,
                visits: 0,
                available: 0,
                reward: 0.0,
            });
            tree.children += 1;
            children.len() - 1
        } else {
            continue;
        };
        cursor = index + 1;
        let child = &mut children[index];
        child.available += 1;
        if child.visits == 0 {
            untried += 1;
            if rng.below(untried) == 0 {
                pick = index;
            }
        } else if untried == 0 {
            let visits = f64::from(child.visits);
            let ucb = child.reward / visits
                + EXPLORATION * (f64::from(child.available).ln() / visits).sqrt();
            if ucb > best {
                best = ucb;
                best_index = index;
            }
        }
    }
    if untried > 0 {
        Some((pick, true))
    } else if best_index != usize::MAX {
        Some((best_index, false))
    } else {
        None
    }
}

/// Each seat's reward in [0, 1] for a final score: mostly the share of the win (in solo, the
/// goal met), plus a little for the margin (in solo, the total, or the margin over a rival's
/// row such as Catty's) so that lost and won games still teach which play scores better.
pub(crate) fn outcome_rewards(score: &Score, rewards: &mut [f64], scale: &mut Scale) {
    let players = rewards.len();
    let winners = score.winners.len().max(1) as f64;
    for (seat, reward) in rewards.iter_mut().enumerate() {
        let total = f64::from(score.totals.get(seat).copied().unwrap_or(0));
        let won = score.winners.iter().any(|w| w.index() == seat);
        let share = if won { 1.0 / winners } else { 0.0 };
        let value = if players == 1 {
            // Against an automated rival the margin is what wins, as the heuristic judges it.
            let rival = score
                .others
                .iter()
                .map(|o| f64::from(o.total))
                .reduce(f64::max);
            total - rival.unwrap_or(0.0)
        } else {
            let best_other = score
                .totals
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .map(|(_, &t)| f64::from(t))
                .fold(f64::NEG_INFINITY, f64::max);
            total - best_other
        };
        *reward = 0.9 * share + 0.1 * scale.squash(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    fn score(totals: Vec<i32>, winners: Vec<u8>) -> Score {
        Score {
            over: true,
            breakdown: totals
                .iter()
                .map(|&t| vec![(Cow::Borrowed("points"), t)])
                .collect(),
            ranking: (0..totals.len() as u8).map(Seat).collect(),
            totals,
            winners: winners.into_iter().map(Seat).collect(),
            others: Vec::new(),
        }
    }

    #[test]
    fn rewards_favour_the_winner_and_split_ties() {
        let mut scale = Scale::new(2);
        let mut r = [0.0; 2];
        outcome_rewards(&score(vec![30, 20], vec![0]), &mut r, &mut scale);
        assert!(r[0] > 0.9 && r[1] < 0.1, "{r:?}");
        outcome_rewards(&score(vec![25, 25], vec![0, 1]), &mut r, &mut scale);
        assert!((r[0] - r[1]).abs() < 1e-12, "{r:?}");
        assert!((r[0] - 0.5).abs() < 1e-12, "{r:?}");
        let mut solo_scale = Scale::new(1);
        let mut solo = [0.0; 1];
        outcome_rewards(&score(vec![40], vec![]), &mut solo, &mut solo_scale);
        let lost = solo[0];
        outcome_rewards(&score(vec![40], vec![0]), &mut solo, &mut solo_scale);
        assert!(solo[0] > 0.9 && lost < 0.1, "{lost} {solo:?}");
    }

    #[test]
    fn a_solo_game_against_a_rival_rewards_the_margin_over_it() {
        let against = |own: i32, catty: i32| {
            let mut s = score(vec![own], vec![]);
            s.others.push(sylvan_engine::OtherScore {
                name: Cow::Borrowed("Catty"),
                total: catty,
                breakdown: Vec::new(),
            });
            s
        };
        let mut scale = Scale::new(1);
        let mut r = [0.0; 1];
        // Lost either way: 150 against 180 is worth more than 160 against 220.
        outcome_rewards(&against(160, 220), &mut r, &mut scale);
        let far = r[0];
        outcome_rewards(&against(150, 180), &mut r, &mut scale);
        assert!(r[0] > far, "{} against {far}", r[0]);
    }

    #[test]
    fn the_scale_follows_the_game() {
        // Margins of hundreds: after some rollouts, 50 points is no longer a certain win.
        let mut big = Scale::new(2);
        for i in 0..200 {
            big.squash(if i % 2 == 0 { 150.0 } else { -150.0 });
        }
        let fifty = big.squash(50.0);
        assert!(fifty > 0.6 && fifty < 0.9, "{fifty}");
        // Margins of a few points: 5 points is a clear lead.
        let mut small = Scale::new(2);
        for i in 0..200 {
            small.squash(if i % 2 == 0 { 3.0 } else { -3.0 });
        }
        assert!(small.squash(5.0) > 0.9);
        // Solo totals are centred on their mean: an average total is worth one half.
        let mut solo = Scale::new(1);
        for i in 0..200 {
            solo.squash(160.0 + f64::from(i % 41));
        }
        assert!((solo.squash(180.0) - 0.5).abs() < 0.05);
    }
}
