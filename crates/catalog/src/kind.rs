//! One registered game: starting, loading, bulk playouts and the benchmark, monomorphised per
//! game behind an object-safe trait.

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use sylvan_bots::{ArenaConfig, ArenaReport, BotSpec, Observation};
use sylvan_engine::{random_playout, Actor, Game, GameInfo, GameRng, Record, Score, Viewer};

use crate::guide::Guide;
use crate::table::{Audience, DynGame, Table};
use crate::trace::{TracedRules, Traces};
use crate::{merge_options, CatalogError};

/// A registered game, whatever its type.
pub trait GameKind: Send + Sync {
    /// What the game is and provides.
    fn info(&self) -> GameInfo;

    /// The default options as JSON.
    fn default_options(&self) -> Value;

    /// Each option's name with its meaning ([`sylvan_engine::Game::option_help`]).
    fn option_help(&self) -> Vec<(&'static str, &'static str)>;
    /// A few sentences for a newcomer ([`sylvan_engine::Game::summary`]).
    fn summary(&self) -> &'static str;

    /// A boxed copy of this kind (so that a [`Catalog`](crate::Catalog) can be cloned).
    fn clone_box(&self) -> Box<dyn GameKind>;

    /// The search iterations per decision of `easy`, `medium` and `hard` at `players` with the
    /// default options ([`sylvan_engine::Game::level_iterations`]).
    fn level_iterations(&self, players: usize) -> Result<[u32; 3], CatalogError>;

    /// Starts a game; see [`Catalog::new_game`](crate::Catalog::new_game).
    fn new_game(
        &self,
        players: usize,
        seed: u64,
        options: &Value,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError>;

    /// Rebuilds a game from a record through the checked apply; see
    /// [`Catalog::load`](crate::Catalog::load).
    fn load(
        &self,
        record: &Record,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError>;

    /// Rules for fast random playouts (no JSON, no events), shareable between threads.
    fn playouts(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
    ) -> Result<Box<dyn Playouts>, CatalogError>;

    /// Measures random playouts on this thread for about `seconds` after a short warm-up, with
    /// [`sylvan_engine::random_playout`] and reused buffers. `allocations` reads a counter of
    /// heap allocations (the caller's global allocator); pass `&|| 0` to skip counting.
    fn bench(
        &self,
        players: usize,
        options: &Value,
        seconds: f64,
        allocations: &dyn Fn() -> u64,
    ) -> Result<BenchReport, CatalogError>;

    /// Rules for traced games (every seat decision noted), for designer reports.
    fn traces(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
    ) -> Result<Box<dyn Traces>, CatalogError>;

    /// Plays the bots against each other with the seats rotated; see [`sylvan_bots::arena`].
    /// `progress` is called with the number of games finished.
    fn arena(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
        config: &ArenaConfig,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<ArenaReport, CatalogError>;

    /// Measures a search bot's speed: it decides the first seat decision of seeded games
    /// (chance settled) again and again for about `seconds`.
    fn bench_search(
        &self,
        players: usize,
        options: &Value,
        bot: &BotSpec,
        seconds: f64,
    ) -> Result<SearchBench, CatalogError>;
    /// Rules for the learning libraries' bindings (dense ids, observations, returns); refused,
    /// with the reason, for a game that does not number its actions.
    fn spiel(
        &self,
        players: usize,
        options: &Value,
    ) -> Result<Box<dyn crate::spiel::SpielGame>, CatalogError>;

    /// The help for the position `record` reaches, from `viewer`'s view: the decision's rules
    /// and the components' texts. `components` as for [`load`](GameKind::load).
    fn guide(
        &self,
        record: &Record,
        viewer: Viewer,
        components: Option<&str>,
    ) -> Result<Guide, CatalogError>;
}

/// What [`GameKind::bench_search`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchBench {
    /// Decisions searched.
    pub decisions: u64,
    /// Search iterations in them.
    pub iterations: u64,
    /// Time spent searching, in seconds.
    pub seconds: f64,
}

impl SearchBench {
    /// Iterations per second of search.
    pub fn iterations_per_sec(&self) -> f64 {
        self.iterations as f64 / self.seconds.max(f64::MIN_POSITIVE)
    }
}

/// Random playouts of one rules instance.
pub trait Playouts: Send + Sync {
    /// Plays one game with uniformly random seat decisions, all randomness (chance and seats)
    /// drawn from `GameRng::seeded(seed)`, and returns its outcome. The same seed always gives
    /// the same game.
    fn play(&self, seed: u64) -> PlayoutOutcome;

    /// The record of the game [`play`](Playouts::play) plays with `seed`: the same decisions,
    /// drawn the same way, so any game of a bulk run can be replayed and looked at alone.
    fn record(&self, seed: u64) -> Record;
}

/// How one random game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutOutcome {
    /// Decisions applied, chance included.
    pub decisions: u64,
    /// The final score.
    pub score: Score,
}

/// What [`GameKind::bench`] measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// Playouts completed in the measured time.
    pub playouts: u64,
    /// Decisions applied in them.
    pub decisions: u64,
    /// The measured time in seconds.
    pub seconds: f64,
    /// `size_of` the game's state type.
    pub state_bytes: usize,
    /// Heap allocations counted during the measured time.
    pub allocations: u64,
}

impl BenchReport {
    /// Playouts per second.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(f64::MIN_POSITIVE)
    }

    /// Decisions per second.
    pub fn decisions_per_sec(&self) -> f64 {
        self.decisions as f64 / self.seconds.max(f64::MIN_POSITIVE)
    }

    /// Heap allocations per decision.
    pub fn allocs_per_decision(&self) -> f64 {
        self.allocations as f64 / (self.decisions.max(1) as f64)
    }
}

/// The [`GameKind`] of the static game `G`.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The kind of `G`.
    pub const fn new() -> Self {
        Kind(PhantomData)
    }
}

impl<G> Default for Kind<G> {
    fn default() -> Self {
        Kind::new()
    }
}

fn build<G: Game>(
    players: usize,
    options: &Value,
    components: Option<&str>,
) -> Result<G, CatalogError> {
    let options = merge_options::<G>(options).map_err(CatalogError::BadOptions)?;
    match components {
        None => G::new(players, options),
        Some(text) => G::with_components(players, options, text),
    }
    .map_err(|e| CatalogError::BadOptions(e.to_string()))
}

/// The component data to rebuild `record` with: the data it carries (its hash checked), or
/// `given` for a record that carries none. A file given for a record that carries other data
/// is refused rather than silently preferred.
pub(crate) fn record_components<'a>(
    record: &'a Record,
    given: Option<&'a str>,
) -> Result<Option<&'a str>, CatalogError> {
    let embedded = record
        .components_text()
        .map_err(|e| CatalogError::BadRecord(e.to_string()))?;
    match (embedded, given) {
        (Some(e), Some(g)) if e != g => Err(CatalogError::BadRecord(
            "the record carries other component data than the file given: drop the file, the \
             record rebuilds its own"
                .into(),
        )),
        (Some(e), _) => Ok(Some(e)),
        (None, g) => Ok(g),
    }
}

impl<G: Game + 'static> GameKind for Kind<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }

    fn default_options(&self) -> Value {
        serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
    }

    fn option_help(&self) -> Vec<(&'static str, &'static str)> {
        G::option_help()
    }

    fn summary(&self) -> &'static str {
        G::summary()
    }

    fn clone_box(&self) -> Box<dyn GameKind> {
        Box::new(Kind::<G>::new())
    }

    fn level_iterations(&self, players: usize) -> Result<[u32; 3], CatalogError> {
        Ok(build::<G>(players, &Value::Null, None)?.level_iterations())
    }

    fn new_game(
        &self,
        players: usize,
        seed: u64,
        options: &Value,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError> {
        let rules = build::<G>(players, options, components)?;
        let mut table = Table::new(rules, seed, auto_chance);
        table.settle(Audience::All, &mut Vec::new());
        Ok(Box::new(table))
    }

    fn load(
        &self,
        record: &Record,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError> {
        if record.game != G::INFO.name {
            return Err(CatalogError::BadRecord(format!(
                "the record is for '{}', not '{}'",
                record.game,
                G::INFO.name
            )));
        }
        let components = record_components(record, components)?;
        let rules = build::<G>(record.players, &record.options, components)
            .map_err(|e| CatalogError::BadRecord(format!("bad options: {e}")))?;
        let mut table = Table::new(rules, record.seed.unwrap_or(0), auto_chance);
        table
            .replay(record)
            .map_err(|e| CatalogError::BadRecord(e.to_string()))?;
        table.settle(Audience::All, &mut Vec::new());
        Ok(Box::new(table))
    }

    fn playouts(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
    ) -> Result<Box<dyn Playouts>, CatalogError> {
        Ok(Box::new(Rules(
            build::<G>(players, options, components)?,
            components.map(str::to_string),
        )))
    }

    fn traces(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
    ) -> Result<Box<dyn Traces>, CatalogError> {
        Ok(Box::new(TracedRules(build::<G>(
            players, options, components,
        )?)))
    }

    fn bench(
        &self,
        players: usize,
        options: &Value,
        seconds: f64,
        allocations: &dyn Fn() -> u64,
    ) -> Result<BenchReport, CatalogError> {
        let game = build::<G>(players, options, None)?;
        Ok(bench(&game, seconds, allocations))
    }

    fn arena(
        &self,
        players: usize,
        options: &Value,
        components: Option<&str>,
        config: &ArenaConfig,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<ArenaReport, CatalogError> {
        let game = build::<G>(players, options, components)?;
        Ok(sylvan_bots::run_arena(&game, config, progress)?)
    }

    fn bench_search(
        &self,
        players: usize,
        options: &Value,
        bot: &BotSpec,
        seconds: f64,
    ) -> Result<SearchBench, CatalogError> {
        let game = build::<G>(players, options, None)?;
        let mut measured = SearchBench {
            decisions: 0,
            iterations: 0,
            seconds: 0.0,
        };
        let mut outcomes = Vec::new();
        let mut legal = Vec::new();
        let start = Instant::now();
        let mut seed = 0u64;
        while measured.decisions == 0 || start.elapsed().as_secs_f64() < seconds {
            seed += 1;
            let mut rng = GameRng::seeded(seed);
            let mut state = game.initial_state();
            // The first seat decision with a real choice (a forced one is not searched).
            let seat = loop {
                match game.actor(&state) {
                    Actor::Chance => {
                        game.chance_outcomes(&state, &mut outcomes);
                        let outcome = rng.pick_weighted(&outcomes);
                        game.apply_unchecked(&mut state, outcome);
                    }
                    Actor::Seat(seat) => {
                        game.legal_actions(&state, &mut legal);
                        if legal.len() > 1 {
                            break seat;
                        }
                        let Some(&only) = legal.first() else {
                            return Err(CatalogError::BadOptions(format!(
                                "{seat} has no legal action: a bug in the game"
                            )));
                        };
                        game.apply_unchecked(&mut state, only);
                    }
                    Actor::Nobody => {
                        return Err(CatalogError::BadOptions(
                            "the game ended before any choice".into(),
                        ))
                    }
                }
            };
            let seen = Observation::new(&game, &state, seat, seed);
            let choice = sylvan_bots::decide(&game, &seen, bot, seed)?;
            measured.decisions += 1;
            measured.iterations += choice.thinking.iterations;
            measured.seconds += choice.thinking.seconds;
        }
        Ok(measured)
    }

    fn spiel(
        &self,
        players: usize,
        options: &Value,
    ) -> Result<Box<dyn crate::spiel::SpielGame>, CatalogError> {
        crate::spiel::spiel_game(build::<G>(players, options, None)?)
    }

    fn guide(
        &self,
        record: &Record,
        viewer: Viewer,
        components: Option<&str>,
    ) -> Result<Guide, CatalogError> {
        crate::guide::guide::<G>(record, viewer, components)
    }
}

/// The rules, and the component file's text they were built from, if not the game's own.
struct Rules<G>(G, Option<String>);

impl<G: Game> Playouts for Rules<G> {
    fn play(&self, seed: u64) -> PlayoutOutcome {
        let mut rng = GameRng::seeded(seed);
        let (state, decisions) =
            random_playout(&self.0, &mut rng, &mut Vec::new(), &mut Vec::new());
        PlayoutOutcome {
            decisions,
            score: self.0.score(&state),
        }
    }

    fn record(&self, seed: u64) -> Record {
        let game = &self.0;
        let mut record = Record::new(game, vec!["random".to_string(); game.players()], Some(seed));
        if let Some(text) = &self.1 {
            record.embed_components(text);
        }
        let mut rng = GameRng::seeded(seed);
        let mut state = game.initial_state();
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        // The same draws as `sylvan_engine::random_playout_from`, in the same order.
        loop {
            let action = match game.actor(&state) {
                Actor::Nobody => return record,
                Actor::Chance => {
                    game.chance_outcomes(&state, &mut outcomes);
                    if outcomes.is_empty() {
                        return record;
                    }
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(_) => {
                    game.legal_actions(&state, &mut actions);
                    if actions.is_empty() {
                        return record;
                    }
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            game.apply_unchecked(&mut state, action);
            record.push::<G>(action);
        }
    }
}

/// The benchmark loop, generic so that it runs on the static type.
fn bench<G: Game>(game: &G, seconds: f64, allocations: &dyn Fn() -> u64) -> BenchReport {
    let budget = Duration::from_secs_f64(seconds.clamp(0.0, 1.0e6));
    let mut rng = GameRng::seeded(0x5EED);
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    // Warm-up: grow the buffers and the caches; at least a few playouts, a tenth of the budget.
    let warm = Instant::now();
    let mut warm_games = 0;
    while warm_games < 3 || warm.elapsed() < budget / 10 {
        let _ = random_playout(game, &mut rng, &mut actions, &mut outcomes);
        warm_games += 1;
    }
    let mut playouts = 0u64;
    let mut decisions = 0u64;
    let allocs_before = allocations();
    let start = Instant::now();
    loop {
        let (state, d) = random_playout(game, &mut rng, &mut actions, &mut outcomes);
        drop(std::hint::black_box(state));
        playouts += 1;
        decisions += d;
        if start.elapsed() >= budget {
            break;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let allocs = allocations().saturating_sub(allocs_before);
    BenchReport {
        playouts,
        decisions,
        seconds: elapsed,
        state_bytes: std::mem::size_of::<G::State>(),
        allocations: allocs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_catalog;
    use serde_json::json;

    #[test]
    fn unknown_games_name_the_known_ones() {
        let err = test_catalog()
            .new_game("chess", 2, 0, &Value::Null, true, None)
            .err();
        assert_eq!(
            err,
            Some(CatalogError::UnknownGame {
                name: "chess".into(),
                known: "nim".into()
            })
        );
    }

    #[test]
    fn bad_options_say_why() {
        let catalog = test_catalog();
        let err = |players, options: Value| match catalog
            .new_game("nim", players, 0, &options, true, None)
        {
            Err(CatalogError::BadOptions(m)) => m,
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("accepted {players} players, {options}"),
        };
        assert!(err(3, Value::Null).contains("exactly 2 players, not 3"));
        assert!(err(2, json!({"max_take": 0})).contains("at least 1"));
        assert!(err(2, json!({"colour": "red"})).contains("unknown option 'colour'"));
        let components = catalog.new_game("nim", 2, 0, &Value::Null, true, Some("x = 1"));
        assert!(
            matches!(components, Err(CatalogError::BadOptions(m)) if m.contains("no component data"))
        );
    }

    #[test]
    fn load_continues_the_generator_where_the_record_left_it() {
        let catalog = test_catalog();
        let mut game = catalog
            .new_game("nim", 2, 11, &Value::Null, true, None)
            .expect("starts");
        game.apply_index(0, Audience::All).expect("legal");
        let loaded = catalog.load(&game.record(), true, None).expect("replays");
        assert_eq!(loaded.record(), game.record());
        assert_eq!(loaded.status(), game.status());
    }

    #[test]
    fn tampered_records_name_the_decision_and_rule() {
        let catalog = test_catalog();
        let mut game = catalog
            .new_game("nim", 2, 5, &Value::Null, true, None)
            .expect("starts");
        game.apply_index(0, Audience::All).expect("legal");
        let mut record = game.record();
        record.actions[1] = json!({"Take": 9});
        match catalog.load(&record, true, None).err() {
            Some(CatalogError::BadRecord(m)) => {
                assert!(
                    m.starts_with("decision 2: Take 9: a turn takes 1 to 3"),
                    "{m}"
                )
            }
            other => panic!("{other:?}"),
        }
        record.actions[1] = json!("Nonsense");
        match catalog.load(&record, true, None).err() {
            Some(CatalogError::BadRecord(m)) => {
                assert!(m.starts_with("decision 2: not an action of Nim"), "{m}")
            }
            other => panic!("{other:?}"),
        }
        record.game = "go".into();
        assert!(matches!(
            catalog.load(&record, true, None).err(),
            Some(CatalogError::BadRecord(m)) if m.contains("unknown game 'go'")
        ));
    }

    #[test]
    fn playouts_are_reproducible_by_seed() {
        let catalog = test_catalog();
        let rules = catalog
            .get("nim")
            .expect("registered")
            .playouts(2, &Value::Null, None)
            .expect("valid");
        assert_eq!(rules.play(42), rules.play(42));
        let record = rules.record(42);
        let replayed = catalog.load(&record, false, None).expect("replays");
        assert_eq!(replayed.score(), rules.play(42).score);
        assert_eq!(record.actions.len() as u64, rules.play(42).decisions);
        let outcome = rules.play(42);
        assert!(outcome.score.over);
        assert!((3..=16).contains(&outcome.decisions));
    }

    #[test]
    fn bench_measures_something() {
        let catalog = test_catalog();
        let report = catalog
            .get("nim")
            .expect("registered")
            .bench(2, &Value::Null, 0.01, &|| 0)
            .expect("valid");
        assert!(report.playouts > 0 && report.decisions > report.playouts);
        assert_eq!(
            report.state_bytes,
            std::mem::size_of::<sylvan_engine::testing::NimState>()
        );
        assert_eq!(report.allocs_per_decision(), 0.0);
    }
}
