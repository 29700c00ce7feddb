//! Glue every game would otherwise copy: `check` by the legal list, the conformance test over
//! a set of rules, and the perft table kept in a game's data.

use serde::Deserialize;

use crate::harness::{conformance, perft, ConformanceConfig, ConformanceReport};
use crate::{Actor, Game};

/// Whether `action` is among the legal actions (or chance outcomes) listed now.
pub fn is_listed<G: Game>(game: &G, state: &G::State, action: G::Action) -> bool {
    match game.actor(state) {
        Actor::Nobody => false,
        Actor::Seat(_) => {
            let mut legal = Vec::new();
            game.legal_actions(state, &mut legal);
            legal.contains(&action)
        }
        Actor::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            outcomes.iter().any(|&(a, _)| a == action)
        }
    }
}

/// A `check` that accepts exactly the listed actions and otherwise asks `explain` which rule
/// the action breaks, so that `check` and `legal_actions` can never disagree.
pub fn check_listed<G: Game>(
    game: &G,
    state: &G::State,
    action: G::Action,
    explain: impl FnOnce() -> G::Illegal,
) -> Result<(), G::Illegal> {
    if is_listed(game, state, action) {
        Ok(())
    } else {
        Err(explain())
    }
}

/// Plays uniformly random seat decisions and seeded chance from the start until `at` holds,
/// and returns that state: how tests reach a position of a kind. Panics if the game ends
/// first (the test asked for a position the seed does not reach).
pub fn random_state_where<G: Game>(
    game: &G,
    seed: u64,
    at: impl Fn(&G::State) -> bool,
) -> G::State {
    let mut state = game.initial_state();
    let mut rng = crate::GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    while !at(&state) {
        let action = match game.actor(&state) {
            Actor::Nobody => panic!("seed {seed}: the game ended first"),
            Actor::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                rng.pick_weighted(&outcomes)
            }
            Actor::Seat(_) => {
                game.legal_actions(&state, &mut actions);
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        game.apply_unchecked(&mut state, action);
    }
    state
}

/// Runs the conformance harness over `rules` for at least `min_games` games in all (split
/// evenly), and panics with the harness's message (seed and decision) on any failure. Also
/// fails when no unlisted action was ever tried and refused, which would make the run vacuous.
pub fn assert_conforms<G: Game>(
    rules: &[G],
    min_games: u64,
    seed: u64,
    deep_every: u64,
) -> ConformanceReport {
    assert!(!rules.is_empty(), "no rules to check");
    let config = ConformanceConfig {
        games_per_rules: min_games.div_ceil(rules.len() as u64),
        seed,
        deep_every,
    };
    let report = conformance(rules, &config).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= min_games, "{report:?}");
    assert!(
        report
            .checks
            .get("unlisted actions rejected")
            .is_some_and(|&n| n > 0),
        "no unlisted action was tried: {report:?}"
    );
    report
}

/// What [`assert_targets_drawn`] saw: decisions looked at, actions with a board target, and
/// target ids found drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetReport {
    /// Seat decisions looked at.
    pub decisions: u64,
    /// Seat decisions where at least one legal action names a target (a click can decide).
    pub decisions_with_targets: u64,
    /// Legal actions that name at least one target.
    pub actions_with_targets: u64,
    /// Legal actions that the `must_target` predicate required to name a target (all did).
    pub required: u64,
    /// Target ids checked against the seat's picture.
    pub targets: u64,
}

/// One seat decision of a random game, as [`for_each_decision`] hands it over.
#[derive(Debug)]
pub struct Decision<'a, G: Game> {
    /// The rules being played.
    pub game: &'a G,
    /// The position.
    pub state: &'a G::State,
    /// The seat deciding.
    pub seat: crate::Seat,
    /// Its legal actions, in the game's order.
    pub legal: &'a [G::Action],
    /// The seed of this game (to reproduce a failure).
    pub seed: u64,
    /// Decisions (chance included) applied before this one.
    pub index: u64,
}

/// One applied step of a walked game, as [`walk_games`] hands it over.
#[derive(Debug)]
pub struct Applied<'a, G: Game> {
    /// The rules being played.
    pub game: &'a G,
    /// The position before the step.
    pub before: &'a G::State,
    /// Who took it (a seat, or chance).
    pub actor: Actor,
    /// What was applied.
    pub action: G::Action,
    /// The position after it.
    pub after: &'a G::State,
    /// The seed of this game (to reproduce a failure).
    pub seed: u64,
    /// Decisions (chance included) applied before this one.
    pub index: u64,
}

impl<G: Game> Applied<'_, G> {
    /// What the step caused, worded for `viewer` ([`Game::events`]).
    pub fn events(&self, viewer: crate::Viewer) -> Vec<String> {
        let mut out = Vec::new();
        self.game
            .events(self.before, self.action, self.after, viewer, &mut out);
        out
    }
}

/// Walks random games of each of `rules` (as [`walk_games`]) and checks that at each game's end
/// every seat's [`Game::component_labels`] that start with `prefix` are exactly the labels
/// `label_of` gives the seat's decisions (each once); returns how many were credited in all.
pub fn assert_component_labels<G: Game>(
    rules: &[G],
    games: u64,
    seed: u64,
    prefix: &str,
    label_of: impl Fn(G::Action) -> Option<String>,
) -> usize {
    let mut credited = 0;
    let mut expected: Vec<Vec<String>> = Vec::new();
    walk_games(
        rules,
        games,
        seed,
        |_| None,
        |step| {
            expected.resize(step.game.players(), Vec::new());
            if let (Actor::Seat(seat), Some(label)) = (step.actor, label_of(step.action)) {
                let mine = &mut expected[seat.index()];
                if !mine.contains(&label) {
                    mine.push(label);
                }
            }
            if step.game.actor(step.after) != Actor::Nobody {
                return;
            }
            for (p, mine) in expected.iter_mut().enumerate() {
                let mut labels = step.game.component_labels(step.after, crate::Seat(p as u8));
                labels.retain(|l| l.starts_with(prefix));
                labels.sort();
                mine.sort();
                assert_eq!(&labels, mine, "seat {p}, seed {}", step.seed);
                credited += labels.len();
                mine.clear();
            }
        },
    );
    credited
}

/// Plays `games` random games of each of `rules` (weighted chance; game `g` of rules `r`
/// seeded `seed ^ (r << 32) ^ g`). At every seat decision `choose` may pick the action (`None`:
/// uniformly at random from the same generator); after every step, chance included, `applied`
/// sees the positions before and after: the loop every test over many random games would
/// otherwise write.
pub fn walk_games<G: Game>(
    rules: &[G],
    games: u64,
    seed: u64,
    mut choose: impl FnMut(&Decision<'_, G>) -> Option<G::Action>,
    mut applied: impl FnMut(&Applied<'_, G>),
) {
    walk(rules, games, seed, &mut choose, Some(&mut applied));
}

/// What [`walk`] calls after each step.
type AppliedVisitor<'v, G> = &'v mut dyn FnMut(&Applied<'_, G>);

/// [`walk_games`]; without `applied` no position is copied.
fn walk<G: Game>(
    rules: &[G],
    games: u64,
    seed: u64,
    choose: &mut dyn FnMut(&Decision<'_, G>) -> Option<G::Action>,
    mut applied: Option<AppliedVisitor<'_, G>>,
) {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for (r, game) in rules.iter().enumerate() {
        for g in 0..games {
            let game_seed = seed ^ ((r as u64) << 32) ^ g;
            let mut rng = crate::GameRng::seeded(game_seed);
            let mut state = game.initial_state();
            for index in 0..game.max_decisions() {
                let actor = game.actor(&state);
                let action = match actor {
                    Actor::Nobody => break,
                    Actor::Chance => {
                        game.chance_outcomes(&state, &mut outcomes);
                        rng.pick_weighted(&outcomes)
                    }
                    Actor::Seat(seat) => {
                        game.legal_actions(&state, &mut actions);
                        let decision = Decision {
                            game,
                            state: &state,
                            seat,
                            legal: &actions,
                            seed: game_seed,
                            index,
                        };
                        match choose(&decision) {
                            Some(action) => action,
                            None => actions[rng.below(actions.len() as u64) as usize],
                        }
                    }
                };
                let Some(applied) = applied.as_mut() else {
                    game.apply_unchecked(&mut state, action);
                    continue;
                };
                let before = state.clone();
                game.apply_unchecked(&mut state, action);
                applied(&Applied {
                    game,
                    before: &before,
                    actor,
                    action,
                    after: &state,
                    seed: game_seed,
                    index,
                });
            }
        }
    }
}

/// Plays `games` random games of each of `rules` (uniform seat decisions, weighted chance,
/// game `g` of rules `r` seeded `seed ^ (r << 32) ^ g`) and calls `visit` at every seat
/// decision: [`walk_games`] for tests that only look.
pub fn for_each_decision<G: Game>(
    rules: &[G],
    games: u64,
    seed: u64,
    mut visit: impl FnMut(&Decision<'_, G>),
) {
    let mut choose = |d: &Decision<'_, G>| {
        visit(d);
        None
    };
    walk(rules, games, seed, &mut choose, None);
}

/// Every `data-target` id drawn in `svg`, in document order (repeats kept).
pub fn drawn_targets(svg: &str) -> Vec<&str> {
    const KEY: &str = "data-target=\"";
    let mut ids = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(KEY) {
        rest = &rest[at + KEY.len()..];
        let Some(end) = rest.find('"') else { break };
        ids.push(&rest[..end]);
        rest = &rest[end..];
    }
    ids
}

/// [`assert_targets_drawn_where`] with no action required to name a target.
pub fn assert_targets_drawn<G: Game>(rules: &[G], games: u64, seed: u64) -> TargetReport
where
    G::Action: std::fmt::Debug,
{
    assert_targets_drawn_where(rules, games, seed, |_| false)
}

/// Plays `games` random games of each of `rules` and, at every seat decision, checks the
/// mover's own picture: every `data-target` id in it is drawn exactly once (a click picks one
/// element); each id that [`Game::action_targets`] gives a legal action is drawn, so that a
/// click on the board can pick it; and every legal action for which `must_target` holds (the
/// actions a person does on the table) names at least one id. Panics naming the seed,
/// decision, action and id on the first failure, and when no action had any target at all
/// (the check would be vacuous).
pub fn assert_targets_drawn_where<G: Game>(
    rules: &[G],
    games: u64,
    seed: u64,
    must_target: impl Fn(&G::Action) -> bool,
) -> TargetReport
where
    G::Action: std::fmt::Debug,
{
    let mut report = TargetReport::default();
    for_each_decision(rules, games, seed, |d| {
        let view = d.game.view(d.state, crate::Viewer::Seat(d.seat));
        let svg = d.game.svg(&view).unwrap_or_default();
        let mut drawn = std::collections::HashSet::new();
        for id in drawn_targets(&svg) {
            assert!(
                drawn.insert(id),
                "seed {}, decision {}: the target {id:?} is drawn twice in the seat's picture",
                d.seed,
                d.index
            );
        }
        report.decisions += 1;
        let mut any = false;
        for a in d.legal {
            let ids = d.game.action_targets(d.state, *a);
            if must_target(a) {
                report.required += 1;
                assert!(
                    !ids.is_empty(),
                    "seed {}, decision {}: {a:?} acts on the table but names no target",
                    d.seed,
                    d.index
                );
            }
            any |= !ids.is_empty();
            report.actions_with_targets += u64::from(!ids.is_empty());
            for id in ids {
                report.targets += 1;
                assert!(
                    drawn.contains(id.as_str()),
                    "seed {}, decision {}: {a:?} acts on {id:?}, which the seat's picture does \
                     not draw",
                    d.seed,
                    d.index
                );
            }
        }
        report.decisions_with_targets += u64::from(any);
    });
    assert!(
        report.actions_with_targets > 0,
        "no action named a target: {report:?}"
    );
    report
}

/// One row of a game's perft table (`data/perft.toml`, `[[position]]` entries).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PerftPosition {
    /// Players at the table.
    pub players: usize,
    /// The seed that resolves the chance before the counted position.
    pub seed: u64,
    /// Decisions counted.
    pub depth: u32,
    /// The expected count.
    pub nodes: u64,
}

/// Counts perft for each position, built with `game(players)` and reached with
/// `start(game, seed)`. On any difference, the error is the whole table as it now counts, to
/// paste into the data file when the rules change is intended.
pub fn check_perft_table<G: Game>(
    positions: &[PerftPosition],
    game: impl Fn(usize) -> G,
    start: impl Fn(&G, u64) -> G::State,
) -> Result<(), String> {
    if positions.is_empty() {
        return Err("the perft table is empty".into());
    }
    let mut table = String::new();
    let mut same = true;
    for p in positions {
        let g = game(p.players);
        let s = start(&g, p.seed);
        let nodes = perft(&g, &s, p.depth);
        table.push_str(&format!(
            "[[position]]\nplayers = {}\nseed = {}\ndepth = {}\nnodes = {nodes}\n\n",
            p.players, p.seed, p.depth
        ));
        same &= nodes == p.nodes;
    }
    if same {
        Ok(())
    } else {
        Err(format!(
            "perft counts changed; if the rules change is intended, the table is:\n{table}"
        ))
    }
}

/// The part of an `impl Game` that every game writes the same way, for a game type with these
/// inherent items: `standard(players, options)` and `with(players, options, Arc<Components>)`
/// constructors, `players`, `options`, `setup`, `actor`, `each_legal(state, &mut FnMut(Action))`
/// listing seat actions, `outcomes(state, out)` listing chance, `play(state, action)` and
/// `explain(state, action) -> Illegal`. `$components` is the component type, with
/// `from_toml(&str) -> Result<_, E: Display>`. Expands to `new`, `with_components`, `players`,
/// `options`, `initial_state`, `actor`, `legal_actions`, `chance_outcomes`, `check` (by the
/// listing, [`check_listed`]) and `apply_unchecked`.
#[macro_export]
macro_rules! game_glue {
    ($components:ty) => {
        fn new(players: usize, options: Self::Options) -> Result<Self, $crate::OptionsError> {
            Self::standard(players, options)
        }

        fn with_components(
            players: usize,
            options: Self::Options,
            components: &str,
        ) -> Result<Self, $crate::OptionsError> {
            let c = <$components>::from_toml(components)
                .map_err(|e| $crate::OptionsError::Invalid(e.to_string()))?;
            Self::with(players, options, ::std::sync::Arc::new(c))
        }

        fn players(&self) -> usize {
            Self::players(self)
        }

        fn options(&self) -> &Self::Options {
            Self::options(self)
        }

        fn initial_state(&self) -> Self::State {
            self.setup()
        }

        fn actor(&self, s: &Self::State) -> $crate::Actor {
            Self::actor(self, s)
        }

        fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
            out.clear();
            if let $crate::Actor::Seat(_) = Self::actor(self, s) {
                self.each_legal(s, &mut |a| out.push(a));
            }
        }

        fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, u32)>) {
            self.outcomes(s, out);
        }

        fn check(&self, s: &Self::State, a: Self::Action) -> Result<(), Self::Illegal> {
            $crate::check_listed(self, s, a, || self.explain(s, a))
        }

        fn apply_unchecked(&self, s: &mut Self::State, a: Self::Action) {
            self.play(s, a);
        }
    };
}

/// The learning-library block of an `impl Game` that every game with an `encode` module writes
/// the same way. `$m` is the module, with `seat_actions()` and `chance_outcomes()` returning
/// `&'static IdTable<Action>`, `OBSERVATION_LEN` and `observation(&Self, &View, Seat, &mut
/// Vec<f32>)`. Expands to `seat_action_ids`, `chance_outcome_ids`, `observation_shape`,
/// `observation_tensor` and `observation_string` (the game's [`Game::text`]). A game whose seat
/// ids are relative to the state writes `encode_glue!($m, relative)`: the three seat-id methods
/// then call `$m::num_seat_actions()`, `$m::seat_action_id(state, action)` and
/// `$m::seat_action(state, id)` instead of `seat_actions()`.
#[macro_export]
macro_rules! encode_glue {
    ($m:ident) => {
        fn seat_action_ids() -> Option<&'static $crate::encode::IdTable<Self::Action>> {
            Some($m::seat_actions())
        }

        $crate::encode_glue!(@common $m);
    };
    ($m:ident, relative) => {
        fn num_distinct_actions(&self) -> usize {
            $m::num_seat_actions()
        }

        fn action_id(&self, state: &Self::State, action: Self::Action) -> Option<usize> {
            $m::seat_action_id(state, action)
        }

        fn action_from_id(&self, state: &Self::State, id: usize) -> Option<Self::Action> {
            $m::seat_action(state, id)
        }

        $crate::encode_glue!(@common $m);
    };
    (@common $m:ident) => {
        fn chance_outcome_ids() -> Option<&'static $crate::encode::IdTable<Self::Action>> {
            Some($m::chance_outcomes())
        }

        fn observation_shape(&self) -> Vec<usize> {
            vec![$m::OBSERVATION_LEN]
        }

        fn observation_tensor(&self, view: &Self::View, seat: $crate::Seat, out: &mut Vec<f32>) {
            $m::observation(self, view, seat, out);
        }

        fn observation_string(&self, view: &Self::View, _seat: $crate::Seat) -> Option<String> {
            Some(<Self as $crate::Game>::text(self, view))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, NimAction, NimIllegal, NimOptions};

    #[test]
    fn check_listed_follows_the_list() {
        let game = Nim::new(2, NimOptions::default()).expect("valid");
        let mut s = game.initial_state();
        assert!(is_listed(&game, &s, NimAction::Pile(12)));
        assert!(!is_listed(&game, &s, NimAction::Take(1)));
        game.apply(&mut s, NimAction::Pile(10)).expect("legal");
        let why = check_listed(&game, &s, NimAction::Take(4), || NimIllegal::TakeCount(3));
        assert_eq!(why, Err(NimIllegal::TakeCount(3)));
        assert_eq!(
            check_listed(&game, &s, NimAction::Take(3), || unreachable!()),
            Ok(())
        );
    }

    #[test]
    fn nim_conforms_and_its_perft_table_is_checked() {
        let rules = [Nim::new(2, NimOptions::default()).expect("valid")];
        let report = assert_conforms(&rules, 30, 1, 1);
        assert_eq!(report.games, 30);
        let row = |nodes| PerftPosition {
            players: 2,
            seed: 0,
            depth: 2,
            nodes,
        };
        let build = |p| Nim::new(p, NimOptions::default()).expect("valid");
        let start = |g: &Nim, _| g.initial_state();
        assert_eq!(check_perft_table(&[row(18)], build, start), Ok(()));
        let err = check_perft_table(&[row(17)], build, start).expect_err("wrong count");
        assert!(err.contains("nodes = 18"), "{err}");
    }
}
