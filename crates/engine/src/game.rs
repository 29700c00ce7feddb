//! The game contract.

use std::borrow::Cow;
use std::fmt::{self, Debug, Display};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::encode::IdTable;
use crate::GameRng;

/// A seat at the table, 0-based. Shown to people 1-based ("Player 1").
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.0 + 1)
    }
}

/// Who decides at a decision point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A seat chooses among [`Game::legal_actions`].
    Seat(Seat),
    /// Chance picks among [`Game::chance_outcomes`] by weight.
    Chance,
    /// The game is over.
    Nobody,
}

/// Who is looking at the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// A player: sees what that seat may see.
    Seat(Seat),
    /// Someone watching: sees only what is public.
    Spectator,
}

/// What a game provides, read by tools instead of special-casing games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// Machine name, e.g. `spirits-of-the-wild`.
    pub name: &'static str,
    /// The title on the box.
    pub title: &'static str,
    /// Fewest players allowed.
    pub min_players: usize,
    /// Most players allowed.
    pub max_players: usize,
    /// Whether any decision point is a chance point.
    pub has_chance: bool,
    /// Whether some seat can be kept from knowing something another knows (so
    /// [`Game::determinize`] must change something).
    pub hidden_information: bool,
    /// The option that picks a solo game's difficulty, if the game has a solo mode with levels.
    pub solo_levels: Option<SoloLevels>,
}

impl GameInfo {
    /// The player count of a table nobody chose one for: two, within the game's range.
    pub fn default_players(&self) -> usize {
        self.min_players.max(2).min(self.max_players)
    }
}

/// A solo mode's difficulty levels: an integer option running from `first` to `last`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoloLevels {
    /// The option's key in the game's options JSON, e.g. `level`.
    pub option: &'static str,
    /// What the rulebook calls a level, e.g. `Mission` or `Catty guide`.
    pub label: &'static str,
    /// The easiest level.
    pub first: u8,
    /// The hardest level.
    pub last: u8,
}

/// Options that a game cannot be built from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The number of players is outside the game's range.
    #[error("{game} is for {}, not {got}", players_text(*.min, *.max))]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
        /// Asked for.
        got: usize,
    },
    /// An option is malformed or not allowed; the text says which and why.
    #[error("{0}")]
    Invalid(String),
}

fn players_text(min: usize, max: usize) -> String {
    match (min, max) {
        (1, 1) => "1 player".into(),
        (a, b) if a == b => format!("exactly {a} players"),
        (a, b) => format!("{a} to {b} players"),
    }
}

/// Text that is not an action of the game, or not one that is legal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseActionError(pub String);

/// Scores during or after a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Whether the game is over (then the scores are final).
    pub over: bool,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// Each seat's points per rulebook category, in the rulebook's order.
    pub breakdown: Vec<Vec<(Cow<'static, str>, i32)>>,
    /// Seats from best to worst after the rulebook's tie-breaks.
    pub ranking: Vec<Seat>,
    /// The winners once the game is over (several on an unbroken tie); empty before.
    pub winners: Vec<Seat>,
    /// Scores of those at the table who are not seats (a solo game's automated opponent, such
    /// as Wispwood's Catty), printed beside the seats; empty in most games. Records written
    /// before it existed load with none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<OtherScore>,
}

/// The score of someone at the table who holds no seat (an automated solo opponent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherScore {
    /// Its name in the rulebook, e.g. `Catty`.
    pub name: Cow<'static, str>,
    /// Its total.
    pub total: i32,
    /// Its points per category, named as the seats' categories are where they match.
    #[serde(default)]
    pub breakdown: Vec<(Cow<'static, str>, i32)>,
}

/// Ranks seats by a key, best first; `key` returns something ordered so that greater is
/// better. Returns the ranking and the seats tied for first place.
pub fn rank_by<K: Ord + Copy>(players: usize, key: impl Fn(Seat) -> K) -> (Vec<Seat>, Vec<Seat>) {
    let mut ranking: Vec<Seat> = (0..players as u8).map(Seat).collect();
    ranking.sort_by(|a, b| key(*b).cmp(&key(*a)).then(a.cmp(b)));
    let best = key(ranking[0]);
    let winners = ranking
        .iter()
        .copied()
        .filter(|&s| key(s) == best)
        .collect();
    (ranking, winners)
}

/// A game's rules: everything immutable about one game (player count, options, component
/// data), with the state kept apart so that cloning a state is the cheap search primitive.
///
/// At every state exactly one [`Actor`] decides. Seat decisions come from
/// [`legal_actions`](Game::legal_actions); chance decisions from
/// [`chance_outcomes`](Game::chance_outcomes), with positive integer weights. The state holds no
/// generator and no hidden future: what nobody knows is decided only when chance reveals it.
pub trait Game: Sized + Send + Sync {
    /// The options a table chooses (variants, component sets); JSON in the protocol.
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync;
    /// The mutable state: small, `Clone`, serialisable byte for byte.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One decision: `Copy`, JSON via serde, rulebook words via `Display`; `Hash` so that search
    /// trees can key their children by it.
    type Action: Copy
        + Eq
        + std::hash::Hash
        + Debug
        + Display
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What one viewer may see.
    type View: Serialize + Debug + Clone + PartialEq;
    /// Why an action is not legal now: names the broken rule.
    type Illegal: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// What the game is and provides.
    const INFO: GameInfo;

    /// Builds the rules for `players` players, checking the options.
    fn new(players: usize, options: Self::Options) -> Result<Self, OptionsError>;

    /// The number of players.
    fn players(&self) -> usize;

    /// The options these rules were built from.
    fn options(&self) -> &Self::Options;

    /// The state before the first decision (setup's chance points included as decisions).
    fn initial_state(&self) -> Self::State;

    /// Who decides now.
    fn actor(&self, state: &Self::State) -> Actor;

    /// Writes the legal actions of the seat to move into `out` (cleared first). Empty at a
    /// chance point or when the game is over.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Writes the outcomes of a chance point with their positive weights into `out` (cleared
    /// first). Empty when a seat decides or the game is over.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, u32)>);

    /// Draws a chance point's outcome with `rng` by the weights of
    /// [`chance_outcomes`](Game::chance_outcomes) (`None` when it lists none), using `out` as
    /// scratch: how random playouts and search resolve chance. An override must return what
    /// this default returns and leave `rng` as it leaves it (the conformance harness checks
    /// both at every chance point), so it saves time without changing any seeded game.
    fn draw_chance(
        &self,
        state: &Self::State,
        rng: &mut GameRng,
        out: &mut Vec<(Self::Action, u32)>,
    ) -> Option<Self::Action> {
        draw_listed(self, state, rng, out)
    }

    /// Whether `action` is legal now, and if not, which rule it breaks.
    fn check(&self, state: &Self::State, action: Self::Action) -> Result<(), Self::Illegal>;

    /// Applies an action assumed legal (as listed by `legal_actions` or `chance_outcomes`).
    /// For search: an illegal action leaves the state unspecified but never panics.
    fn apply_unchecked(&self, state: &mut Self::State, action: Self::Action);

    /// Applies an action after checking it; on error the state is untouched.
    fn apply(&self, state: &mut Self::State, action: Self::Action) -> Result<(), Self::Illegal> {
        self.check(state, action)?;
        self.apply_unchecked(state, action);
        Ok(())
    }

    /// Reads an action from a person's text: the rulebook wording of a legal action (as
    /// `Display` or [`action_text`](Game::action_text) writes it, case and spacing ignored) or
    /// its JSON form.
    fn parse_action(
        &self,
        state: &Self::State,
        text: &str,
    ) -> Result<Self::Action, ParseActionError> {
        parse_listed_action(self, state, text)
    }

    /// What `viewer` may see of `state`.
    fn view(&self, state: &Self::State, viewer: Viewer) -> Self::View;

    /// Resamples everything `seat` cannot know, consistently with `view(seat)`. Games without
    /// hidden information leave the state as it is.
    ///
    /// The result must depend only on what `seat` sees and on `rng`, never on the hidden values
    /// being replaced (shuffle a canonical order, not the current one): bots search determinized
    /// copies, and this is what keeps the truth out of their decisions. The conformance harness
    /// checks it.
    fn determinize(&self, _state: &mut Self::State, _seat: Seat, _rng: &mut GameRng) {}

    /// Current totals with the per-category breakdown and the ranking; final once over.
    fn score(&self, state: &Self::State) -> Score;

    /// How good `state` looks for `seat`, for one-ply bots and search: higher is better. The
    /// default is the seat's current total minus the best other total (the total alone in a
    /// solo game), from [`score`](Game::score) and so from the rulebook's categories; a game may
    /// add what its score does not yet count.
    fn heuristic(&self, state: &Self::State, seat: Seat) -> f64 {
        score_margin(&self.score(state), seat)
    }

    /// Narrows the choice of a search's random rollout among a seat's `legal` actions (never
    /// leaving it empty): the default keeps them all. A game may drop what no sensible player
    /// does, so that a rollout's end says more about the position it started from.
    fn rollout_choices(&self, state: &Self::State, legal: &mut Vec<Self::Action>) {
        let _ = (state, legal);
    }

    /// Random decisions (chance included) a search's rollout makes before
    /// [`heuristic`](Game::heuristic) judges the position it reached; 0 plays every rollout to
    /// the end. The default suits most games; one whose random play says more about the outcome
    /// over a longer stretch than its heuristic does asks for more.
    fn rollout_horizon(&self) -> u32 {
        ROLLOUT_HORIZON
    }

    /// Search iterations per decision of the difficulty levels people pick: `easy`, `medium`
    /// and `hard`, in that order. Set from the game's skill ladder so that each level plays
    /// clearly better than the one below; the default suits games where more search keeps
    /// paying between 200 and 4,000 iterations.
    fn level_iterations(&self) -> [u32; 3] {
        LEVEL_ITERATIONS
    }

    /// What `action` (applied to `before`, giving `after`) caused, worded for `viewer`.
    /// The default is the action's own words, prefixed with who took it.
    fn events(
        &self,
        before: &Self::State,
        action: Self::Action,
        _after: &Self::State,
        _viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        match self.actor(before) {
            Actor::Seat(s) => out.push(format!("{s}: {action}")),
            _ => out.push(action.to_string()),
        }
    }

    /// Builds the rules with corrected component data read from a file's text (for owners of
    /// the physical game); the text is validated with clear errors. Games without component
    /// data refuse.
    fn with_components(
        _players: usize,
        _options: Self::Options,
        _components: &str,
    ) -> Result<Self, OptionsError> {
        Err(OptionsError::Invalid(format!(
            "{} has no component data to replace",
            Self::INFO.title
        )))
    }

    /// The position as readable text for a terminal, from what the viewer may see.
    fn text(&self, view: &Self::View) -> String {
        serde_json::to_string_pretty(view).unwrap_or_default()
    }

    /// The position as an SVG picture, from what the viewer may see; `None` if the game has no
    /// drawing.
    fn svg(&self, _view: &Self::View) -> Option<String> {
        None
    }

    /// The components a setup chose that `seat` had or chose by the end of the game (an animal
    /// board, a card, a goal, a battle mode), as labels such as `card: Bear`; the same component
    /// gets the same label in every game. Designer reports give each label the win rate of the
    /// seats that had it. The default is none.
    fn component_labels(&self, _state: &Self::State, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    /// An upper bound on the decisions of one game, checked by the conformance harness.
    fn max_decisions(&self) -> u64;

    /// Checks the invariants of a reachable state (components conserved, scores within the
    /// rulebook's bounds); the text says what broke.
    fn check_invariants(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    // Ids and observations for learning libraries (OpenSpiel, PettingZoo): one block, every
    // method defaulted to "not provided".

    /// Every seat action in id order, for a game that numbers its seat actions whatever the
    /// state: the defaults of [`num_distinct_actions`](Game::num_distinct_actions),
    /// [`action_id`](Game::action_id) and [`action_from_id`](Game::action_from_id) read it.
    /// `None` (the default): the game numbers none, or overrides those three.
    fn seat_action_ids() -> Option<&'static IdTable<Self::Action>> {
        None
    }

    /// Every chance outcome in id order: the defaults of the three chance-id methods read it.
    /// `None` (the default): the game numbers none, or overrides them.
    fn chance_outcome_ids() -> Option<&'static IdTable<Self::Action>> {
        None
    }

    /// How many seat actions the game can ever have: every seat action has a dense id below
    /// this, the same in every version of the game and its data. 0: the game numbers none.
    fn num_distinct_actions(&self) -> usize {
        Self::seat_action_ids().map_or(0, IdTable::len)
    }

    /// The dense id of a seat action at `state`, below
    /// [`num_distinct_actions`](Game::num_distinct_actions). Most games number actions
    /// whatever the state; one whose actions name places that grow without a fixed grid may
    /// number them relative to public parts of the state (a forest's tiles in placing order).
    fn action_id(&self, _state: &Self::State, action: Self::Action) -> Option<usize> {
        Self::seat_action_ids()?.id(action)
    }

    /// The seat action with this id at `state`, if the id is one.
    fn action_from_id(&self, _state: &Self::State, id: usize) -> Option<Self::Action> {
        Self::seat_action_ids()?.action(id)
    }

    /// How many chance outcomes the game can ever have: every chance outcome has a dense id
    /// below this (its own numbering, apart from seat actions). 0: none are numbered.
    fn max_chance_outcomes(&self) -> usize {
        Self::chance_outcome_ids().map_or(0, IdTable::len)
    }

    /// The dense id of a chance outcome, below [`max_chance_outcomes`](Game::max_chance_outcomes).
    fn chance_outcome_id(&self, outcome: Self::Action) -> Option<usize> {
        Self::chance_outcome_ids()?.id(outcome)
    }

    /// The chance outcome with this id, if the id is one.
    fn chance_outcome_from_id(&self, id: usize) -> Option<Self::Action> {
        Self::chance_outcome_ids()?.action(id)
    }

    /// The fixed shape of [`observation_tensor`](Game::observation_tensor); empty when the game
    /// provides none.
    fn observation_shape(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Writes what `seat` observes now, read from its own view only, as numbers: `out` is
    /// cleared and filled with exactly the product of
    /// [`observation_shape`](Game::observation_shape) values (row-major).
    fn observation_tensor(&self, _view: &Self::View, _seat: Seat, out: &mut Vec<f32>) {
        out.clear();
    }

    /// What `seat` observes now as text, read from its own view only; `None` if not provided.
    fn observation_string(&self, _view: &Self::View, _seat: Seat) -> Option<String> {
        None
    }

    /// The fixed shape of [`information_state_tensor`](Game::information_state_tensor); empty
    /// when the game provides none. A game provides an information state only when its view
    /// already holds everything the seat has observed (perfect recall); otherwise the bindings
    /// build one from the seat's observations so far.
    fn information_state_shape(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Writes `seat`'s perfect-recall information state from its own view, like
    /// [`observation_tensor`](Game::observation_tensor).
    fn information_state_tensor(&self, _view: &Self::View, _seat: Seat, out: &mut Vec<f32>) {
        out.clear();
    }

    /// `seat`'s perfect-recall information state as text; `None` if not provided.
    fn information_state_string(&self, _view: &Self::View, _seat: Seat) -> Option<String> {
        None
    }

    /// The ids of the drawn elements that `action` acts on (a tile, space, stone, animal, card,
    /// grid square), so that a click on the board picks it: [`Game::svg`] marks each such
    /// element with `data-target="ID"`. Several actions may share an element (a click then
    /// narrows to them). The default is none: the action is chosen from the list.
    fn action_targets(&self, _state: &Self::State, _action: Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// The words for `action` as the viewer of `view` reads them (the legal list, a bot's
    /// choice): a game whose `Display` cannot name what an action refers to (an animal by its
    /// cell, a card by its number) names it here from what that viewer may see. The default is
    /// the action's `Display`.
    fn action_text(&self, _view: &Self::View, action: Self::Action) -> String {
        action.to_string()
    }

    /// Actions a person might name at this decision, legal or not (every action of the shapes
    /// the decision takes), so that a refused text is answered with the rule that keeps it out
    /// (from [`check`](Game::check)) instead of only "not legal". The default names none.
    fn named_actions(&self, _state: &Self::State, _out: &mut Vec<Self::Action>) {}

    /// A short summary, for a person, of the rules of the decision the viewer faces now (what
    /// may be chosen and what follows); from the view, so it says nothing the viewer may not
    /// know. The default is none.
    fn decision_help(&self, _view: &Self::View) -> String {
        String::new()
    }

    /// The texts printed on the components in play (boards, cards, goals, tiles), for a
    /// person's `rules` command; from the view. The default is none.
    fn rules_text(&self, _view: &Self::View) -> String {
        String::new()
    }

    /// What each option of [`Options`](Game::Options) means: its JSON key and a line of
    /// meaning, for `sylvan games --options` and a table's creation form. The default lists none.
    fn option_help() -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// A few sentences for a newcomer choosing a game (the lobby, `sylvan games`): what the
    /// players do and how the game is won, in the rulebook's words. The default is none.
    fn summary() -> &'static str {
        ""
    }
}

/// [`Game::parse_action`]'s default: the words of a listed action (as `Display` or
/// [`Game::action_text`] writes them, case and spacing ignored) or its JSON form; a named action
/// the rules keep out is answered with the rule. A game that reads more (a cell alone, its own
/// phrasings) overrides `parse_action` and falls back on this.
pub fn parse_listed_action<G: Game>(
    game: &G,
    state: &G::State,
    text: &str,
) -> Result<G::Action, ParseActionError> {
    let wanted = normalize(text);
    let mut legal = Vec::new();
    match game.actor(state) {
        Actor::Seat(_) => game.legal_actions(state, &mut legal),
        Actor::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            legal.extend(outcomes.into_iter().map(|(a, _)| a));
        }
        Actor::Nobody => return Err(ParseActionError("the game is over".into())),
    }
    // The words the mover was shown (`action_text`) or the `Display` form.
    let viewer = match game.actor(state) {
        Actor::Seat(s) => Viewer::Seat(s),
        _ => Viewer::Spectator,
    };
    let view = game.view(state, viewer);
    if let Some(a) = legal.iter().find(|a| {
        normalize(&a.to_string()) == wanted || normalize(&game.action_text(&view, **a)) == wanted
    }) {
        return Ok(*a);
    }
    if let Ok(a) = serde_json::from_str::<G::Action>(text) {
        return Ok(a);
    }
    // A move the rules keep out is answered with the rule, as `check` words it.
    let mut named = Vec::new();
    game.named_actions(state, &mut named);
    if let Some(why) = named
        .iter()
        .filter(|a| {
            normalize(&a.to_string()) == wanted
                || normalize(&game.action_text(&view, **a)) == wanted
        })
        .find_map(|a| game.check(state, *a).err())
    {
        return Err(ParseActionError(format!(
            "'{}' is not allowed: {why}",
            text.trim()
        )));
    }
    Err(ParseActionError(format!(
        "'{}' is not one of the {} legal actions",
        text.trim(),
        legal.len()
    )))
}

fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// `seat`'s total minus the best other total (the total alone with one seat): the default
/// [`Game::heuristic`].
pub fn score_margin(score: &Score, seat: Seat) -> f64 {
    let own = score.totals.get(seat.index()).copied().unwrap_or(0);
    let best_other = score
        .totals
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != seat.index())
        .map(|(_, &t)| t)
        .max();
    f64::from(own) - f64::from(best_other.unwrap_or(0))
}

/// The default [`Game::rollout_horizon`]: random decisions before the heuristic judges.
pub const ROLLOUT_HORIZON: u32 = 40;

/// The default [`Game::level_iterations`]: `easy`, `medium` and `hard`.
pub const LEVEL_ITERATIONS: [u32; 3] = [200, 1_000, 4_000];

/// The most iterations a search may be asked for a decision (`sylvan_bots` refuses more), and
/// so the most a difficulty level may search.
pub const MAX_SEARCH_ITERATIONS: u32 = 10_000_000;

/// [`Game::draw_chance`]'s default: lists the chance outcomes into `out` and picks one by
/// weight (`None` when there are none). Public so that an override can fall back to it for
/// the chance points it does not draw faster.
pub fn draw_listed<G: Game>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
    out: &mut Vec<(G::Action, u32)>,
) -> Option<G::Action> {
    game.chance_outcomes(state, out);
    if out.is_empty() {
        return None;
    }
    Some(rng.pick_weighted(out))
}

/// Samples a chance point's outcome with `rng`. The state must be at a chance point.
pub fn sample_chance<G: Game>(game: &G, state: &G::State, rng: &mut GameRng) -> G::Action {
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    rng.pick_weighted(&outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_written_before_non_seat_rows_still_loads_and_an_empty_list_is_not_written() {
        let old =
            r#"{"over":true,"totals":[7],"breakdown":[[["goals",7]]],"ranking":[0],"winners":[0]}"#;
        let score: Score = serde_json::from_str(old).expect("an old score loads");
        assert!(score.others.is_empty());
        assert_eq!(serde_json::to_string(&score).expect("serialises"), old);
        let with = Score {
            others: vec![OtherScore {
                name: "Catty".into(),
                total: 9,
                breakdown: vec![("goals".into(), 9)],
            }],
            ..score
        };
        let text = serde_json::to_string(&with).expect("serialises");
        assert!(
            text.ends_with(r#""others":[{"name":"Catty","total":9,"breakdown":[["goals",9]]}]}"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Score>(&text).expect("loads"), with);
    }
}
