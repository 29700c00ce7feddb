//! # Sylvan's games in Python
//!
//! The native module `sylvan._native` behind the Python package `sylvan` (built with maturin,
//! see `pyproject.toml`): a [`NativeGame`] is one rules instance of a catalog game, a
//! [`NativeState`] a game in progress spoken in the game's dense action ids, and [`simulate`]
//! plays random games in bulk with the GIL released. The Python modules `sylvan.openspiel`
//! and `sylvan.pettingzoo` build the libraries' interfaces on these. The bindings know games
//! only through the catalog.

#![forbid(unsafe_code)]

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use resvg::{tiny_skia, usvg};
use serde_json::Value;
use sylvan_catalog::spiel::{SpielGame, SpielState};
use sylvan_catalog::Catalog;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The games the bindings offer: every catalog game that numbers its actions.
#[pyfunction]
fn games() -> Vec<(String, String, usize, usize, bool, bool)> {
    Catalog::standard()
        .games()
        .filter(|k| k.spiel(k.info().default_players(), &Value::Null).is_ok())
        .map(|k| {
            let i = k.info();
            (
                i.name.to_string(),
                i.title.to_string(),
                i.min_players,
                i.max_players,
                i.has_chance,
                i.hidden_information,
            )
        })
        .collect()
}

/// The catalog games the bindings do not offer yet, with the reason.
#[pyfunction]
fn games_without_ids() -> Vec<(String, String)> {
    Catalog::standard()
        .games()
        .filter_map(|k| {
            let i = k.info();
            let players = i.default_players();
            k.spiel(players, &Value::Null)
                .err()
                .map(|e| (i.name.to_string(), e.to_string()))
        })
        .collect()
}

/// One rules instance: a catalog game for a number of players with JSON options.
#[pyclass(frozen, module = "sylvan._native")]
pub struct NativeGame {
    rules: Box<dyn SpielGame>,
    name: String,
    players: usize,
    options: String,
}

fn open(name: &str, players: usize, options: &str) -> PyResult<NativeGame> {
    let parsed: Value = if options.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(options)
            .map_err(|e| value_error(format!("options are not JSON: {e}")))?
    };
    let rules = Catalog::standard()
        .get(name)
        .map_err(value_error)?
        .spiel(players, &parsed)
        .map_err(value_error)?;
    Ok(NativeGame {
        rules,
        name: name.to_string(),
        players,
        options: options.to_string(),
    })
}

#[pymethods]
impl NativeGame {
    /// The game `name` (as `sylvan games` lists it) for `players` players; `options` is a
    /// JSON object merged over the game's defaults ("" or "null" for the defaults).
    #[new]
    #[pyo3(signature = (name, players, options = String::new()))]
    fn new(name: &str, players: usize, options: String) -> PyResult<Self> {
        open(name, players, &options)
    }

    /// The machine name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// The title on the box.
    #[getter]
    fn title(&self) -> &'static str {
        self.rules.info().title
    }
    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.players
    }
    /// The options' JSON as given.
    #[getter]
    fn options(&self) -> &str {
        &self.options
    }
    /// Whether some seat can be kept from knowing something.
    #[getter]
    fn hidden_information(&self) -> bool {
        self.rules.info().hidden_information
    }
    /// Seat action ids run below this.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.rules.num_distinct_actions()
    }
    /// Chance outcome ids run below this.
    #[getter]
    fn max_chance_outcomes(&self) -> usize {
        self.rules.max_chance_outcomes()
    }
    /// The most decisions one game can take, chance included.
    #[getter]
    fn max_game_length(&self) -> u64 {
        self.rules.max_game_length()
    }
    /// The observation tensor's shape.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.rules.observation_shape()
    }
    /// The information-state tensor's shape: the observation's size, then one slot per own
    /// decision (at most 512) and an overflow field (see the README's Python section).
    #[getter]
    fn information_state_shape(&self) -> Vec<usize> {
        self.rules.information_state_shape()
    }
    /// A new game; with `recall` the state keeps each seat's log (its own actions and the
    /// events worded for it) for perfect-recall information state strings.
    #[pyo3(signature = (recall = false))]
    fn new_state(&self, recall: bool) -> NativeState {
        NativeState {
            state: self.rules.new_state(recall),
            game: (self.name.clone(), self.players, self.options.clone()),
        }
    }
    /// Plays `games` uniformly random games in Rust with the GIL released, game `i` seeded
    /// with `derive_seed(seed, i)` as `sylvan sim` does; returns each game's returns and
    /// number of decisions.
    fn simulate(&self, py: Python<'_>, games: u64, seed: u64) -> Vec<(Vec<f64>, u64)> {
        let rules = &self.rules;
        py.detach(|| rules.simulate(games, seed))
    }
    /// Steps many games at once with the GIL released: `actions[i]` is applied to
    /// `states[i]`. Returns, per game, an error message or `None`.
    fn step_many(
        &self,
        py: Python<'_>,
        states: Vec<PyRefMut<'_, NativeState>>,
        actions: Vec<usize>,
    ) -> PyResult<Vec<Option<String>>> {
        if states.len() != actions.len() {
            return Err(value_error(format!(
                "{} states but {} actions",
                states.len(),
                actions.len()
            )));
        }
        let mut boxes: Vec<Box<dyn SpielState>> = Vec::with_capacity(states.len());
        let mut states = states;
        for s in states.iter_mut() {
            boxes.push(std::mem::replace(&mut s.state, self.rules.new_state(false)));
        }
        let results = py.detach(|| {
            boxes
                .iter_mut()
                .zip(&actions)
                .map(|(s, &a)| s.apply(a).err())
                .collect::<Vec<_>>()
        });
        for (s, b) in states.iter_mut().zip(boxes) {
            s.state = b;
        }
        Ok(results)
    }
}

/// A game in progress, in the game's dense action ids.
#[pyclass(module = "sylvan._native")]
pub struct NativeState {
    state: Box<dyn SpielState>,
    game: (String, usize, String),
}

#[pymethods]
impl NativeState {
    /// The seat to move, or `None` at a chance point or when over.
    fn seat(&self) -> Option<usize> {
        self.state.seat()
    }
    /// Whether chance decides now.
    fn is_chance(&self) -> bool {
        self.state.is_chance()
    }
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }
    /// The legal seat action ids, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        self.state.legal_actions()
    }
    /// Chance outcome ids with probabilities, ascending by id.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.state.chance_outcomes()
    }
    /// Applies a seat action or chance outcome id; a bad id raises ValueError and changes
    /// nothing.
    fn apply(&mut self, id: usize) -> PyResult<()> {
        self.state.apply(id).map_err(value_error)
    }
    /// The words of action `id` here.
    fn action_to_string(&self, id: usize) -> String {
        self.state.action_to_string(id)
    }
    /// The decisions so far, as ids; a resampled state of a game with hidden information
    /// starts with the resampling seat's own decisions only.
    fn history(&self) -> Vec<usize> {
        self.state.history()
    }
    /// Returns from the ranking (zero sum with two or more seats).
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }
    /// Each seat's score total.
    fn scores(&self) -> Vec<i32> {
        self.state.scores()
    }
    /// `seat`'s observation tensor (flat).
    fn observation_tensor(&self, seat: usize) -> PyResult<Vec<f32>> {
        self.check_seat(seat)?;
        Ok(self.state.observation_tensor(seat))
    }
    /// `seat`'s observation tensor (flat) as little-endian `f32` bytes, for
    /// `numpy.frombuffer(b, "<f4")`: no Python float per element.
    fn observation_bytes<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.check_seat(seat)?;
        Ok(f32_bytes(py, &self.state.observation_tensor(seat)))
    }
    /// `seat`'s observation text.
    fn observation_string(&self, seat: usize) -> PyResult<String> {
        self.check_seat(seat)?;
        Ok(self.state.observation_string(seat))
    }
    /// `seat`'s perfect-recall information-state tensor (flat): its observation tensor, then
    /// its own decisions in order.
    fn information_state_tensor(&self, seat: usize) -> PyResult<Vec<f32>> {
        self.check_seat(seat)?;
        Ok(self.state.information_state_tensor(seat))
    }
    /// `seat`'s information-state tensor as little-endian `f32` bytes, for
    /// `numpy.frombuffer(b, "<f4")`.
    fn information_state_bytes<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.check_seat(seat)?;
        Ok(f32_bytes(py, &self.state.information_state_tensor(seat)))
    }
    /// `seat`'s perfect-recall information state text.
    fn information_state_string(&self, seat: usize) -> PyResult<String> {
        self.check_seat(seat)?;
        Ok(self.state.information_state_string(seat))
    }
    /// The position as text for `seat` (`None`: a spectator).
    #[pyo3(signature = (seat = None))]
    fn text(&self, seat: Option<usize>) -> PyResult<String> {
        if let Some(s) = seat {
            self.check_seat(s)?;
        }
        Ok(self.state.text(seat))
    }
    /// The position as SVG for `seat`, if the game draws.
    #[pyo3(signature = (seat = None))]
    fn svg(&self, seat: Option<usize>) -> PyResult<Option<String>> {
        if let Some(s) = seat {
            self.check_seat(s)?;
        }
        Ok(self.state.svg(seat))
    }
    /// The drawing rasterised: `(width, height, RGBA bytes)`, or `None` if the game does not
    /// draw.
    #[pyo3(signature = (seat = None))]
    fn rgba(&self, seat: Option<usize>) -> PyResult<Option<(u32, u32, Vec<u8>)>> {
        let Some(svg) = self.svg(seat)? else {
            return Ok(None);
        };
        let options = usvg::Options {
            fontdb: fonts(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&svg, &options).map_err(value_error)?;
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
            .ok_or_else(|| value_error("the drawing has no size"))?;
        pixmap.fill(tiny_skia::Color::WHITE);
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        Ok(Some((size.width(), size.height(), pixmap.take())))
    }
    /// A copy with what `seat` cannot know resampled from `seed`, carrying only what `seat`
    /// knows (its own decisions as the history, its own log).
    fn resample(&self, seat: usize, seed: u64) -> PyResult<NativeState> {
        self.check_seat(seat)?;
        Ok(NativeState {
            state: self.state.resample(seat, seed),
            game: self.game.clone(),
        })
    }
    /// The returns of a uniformly random game from here (played on a copy, in Rust).
    fn rollout(&self, py: Python<'_>, seed: u64) -> Vec<f64> {
        let state = &self.state;
        py.detach(|| state.rollout(seed))
    }
    /// The action id a Sylvan bot (`"ismcts:2000"`, `"mcts:50ms"`, `"greedy"`…) chooses for
    /// the seat to move, deciding from that seat's observation only; with the search's
    /// iterations and the seconds it took. Runs in Rust with the GIL released.
    fn bot_action(&self, py: Python<'_>, bot: &str, seed: u64) -> PyResult<(usize, u64, f64)> {
        let spec: sylvan_bots::BotSpec = bot.parse().map_err(value_error)?;
        let state = &self.state;
        let chosen = py
            .detach(|| state.bot_action(&spec, seed))
            .map_err(value_error)?;
        Ok((chosen.id, chosen.iterations, chosen.seconds))
    }
    /// An independent copy.
    fn clone(&self) -> NativeState {
        NativeState {
            state: self.state.clone_box(),
            game: self.game.clone(),
        }
    }
    fn __copy__(&self) -> NativeState {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> NativeState {
        self.clone()
    }
    /// The state as JSON.
    fn to_json(&self) -> String {
        self.state.to_json()
    }
    /// Pickling: rebuilt by `state_from_json` with the game's name, players and options.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let rebuild = py.import("sylvan._native")?.getattr("state_from_json")?;
        let (name, players, options) = &self.game;
        let args = PyTuple::new(
            py,
            [
                name.clone().into_pyobject(py)?.into_any(),
                players.into_pyobject(py)?.into_any(),
                options.clone().into_pyobject(py)?.into_any(),
                self.state.to_json().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((rebuild, args))
    }
}

impl NativeState {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat >= self.game.1 {
            return Err(value_error(format!(
                "there is no seat {seat}: seats are 0 to {}",
                self.game.1 - 1
            )));
        }
        Ok(())
    }
}

/// The system's fonts, loaded once, with the generic families (`sans-serif`, `serif`,
/// `monospace`) pointed at an installed family: fontdb's defaults are often missing on Linux,
/// and text in a missing family would not be drawn.
fn fonts() -> std::sync::Arc<usvg::fontdb::Database> {
    static FONTS: std::sync::OnceLock<std::sync::Arc<usvg::fontdb::Database>> =
        std::sync::OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let installed: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let pick = |wanted: &[&str]| {
                wanted
                    .iter()
                    .find(|w| installed.iter().any(|i| i == *w))
                    .map(|w| w.to_string())
                    .or_else(|| installed.first().cloned())
            };
            if let Some(f) = pick(&["DejaVu Sans", "Liberation Sans", "Noto Sans"]) {
                db.set_sans_serif_family(f);
            }
            if let Some(f) = pick(&["DejaVu Serif", "Liberation Serif", "Noto Serif"]) {
                db.set_serif_family(f);
            }
            if let Some(f) = pick(&["DejaVu Sans Mono", "Liberation Mono", "Noto Mono"]) {
                db.set_monospace_family(f);
            }
            std::sync::Arc::new(db)
        })
        .clone()
}

/// Rebuilds a pickled state.
#[pyfunction]
fn state_from_json(name: &str, players: usize, options: &str, json: &str) -> PyResult<NativeState> {
    let game = open(name, players, options)?;
    Ok(NativeState {
        state: game.rules.state_from_json(json).map_err(value_error)?,
        game: (name.to_string(), players, options.to_string()),
    })
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGame>()?;
    m.add_class::<NativeState>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(games_without_ids, m)?)?;
    m.add_function(wrap_pyfunction!(state_from_json, m)?)?;
    Ok(())
}

/// `tensor` as little-endian `f32` bytes, for `numpy.frombuffer(b, "<f4")`.
fn f32_bytes<'py>(py: Python<'py>, tensor: &[f32]) -> Bound<'py, PyBytes> {
    let bytes: Vec<u8> = tensor.iter().flat_map(|x| x.to_le_bytes()).collect();
    PyBytes::new(py, &bytes)
}
