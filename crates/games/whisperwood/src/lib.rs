//! # Whisperwood
//!
//! Druids restore a corrupted forest of hex location tiles. Each round they draw action
//! tokens from their bags, prepare spells and card actions with them, and perform one prepared
//! action per turn until everyone has rested; restorations advance them on three paths whose
//! positions set what each restoration is worth after seven rounds. This crate is the whole
//! room: the rules ([`Whisperwood`] implementing [`sylvan_engine::Game`]), the component data
//! (`data/components.toml`, every value tagged with its provenance), the [`View`], its text and
//! SVG drawing, and the tests. Enchantment cards, the eight fae and the draft of subsequent
//! games are played (see `RULINGS.md` for what is left).
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng};
//! use sylvan_whisperwood::{Options, Whisperwood};
//!
//! let game = Whisperwood::new(3, Options::default()).expect("three players");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(1);
//! let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
//! sylvan_engine::random_playout_from(&game, &mut state, &mut rng, &mut actions, &mut outcomes);
//! assert_eq!(game.actor(&state), Actor::Nobody);
//! assert_eq!(state.round, 7);
//! ```
//!
//! Bags are public by perfect recall (R9): only the order of draws is unknown, and each draw
//! is a chance point weighted by the bag's contents. Enchantment cards in hand are secret:
//! views show a seat its own hand and only counts of the others' (plus the cards every seat
//! knows, the first-game element sets), and `determinize` redeals only the unseen cards.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action;
pub mod board;
pub mod components;
mod draft;
pub mod encode;
mod guide;
mod heuristic;
mod knowledge;
mod printed;
mod rules;
mod score;
pub mod state;
mod svg;
mod view;

use sylvan_engine::{rank_by, Actor, Game, GameInfo, GameRng, OptionsError, Score, Seat, Viewer};

pub use action::{loc_name, place_name, Action, Pool};
pub use components::{Animal, Components, ComponentsError, Element, Spell, Token};
pub use heuristic::{PLACED_PER_ROUND, SEARCH_LEVELS, TO_COME_WEIGHT};
pub use rules::{pair_ok, spot_owner, Options, Whisperwood};
pub use score::{CATEGORIES, FLOOR_ROW};
pub use state::{Effect, Phase, Player, State};
pub use view::View;

/// Why an action is not legal now, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance decides now.
    #[error("chance decides now, not a player")]
    ChanceDecides,
    /// Not a possible chance outcome.
    #[error("that chance outcome cannot happen now")]
    NotThisChance,
    /// A token that does not match the slot (L282, L292).
    #[error("a token may go only on an empty action slot that shows its type (or a combination it completes), and only a token on your casting board")]
    SlotMismatch,
    /// Not fully prepared, or a precondition fails (R12).
    #[error("that action is not fully prepared, or its condition does not hold (Soar and Flow need the right terrain, Inscribe a rune token here, Whisper the golem here)")]
    NotPerformable,
    /// A tile placed where the setup's priorities keep it out (L140-146).
    #[error("a tile goes next to the forest; a tile with water must join water so that it is continuous if it can, then touch as many tiles as possible (L142-144)")]
    Placement,
    /// Another decision is due.
    #[error("that is not the decision now: {0}")]
    NotNow(&'static str),
}

/// What the player to move is deciding, in a player's words.
pub fn describe(phase: Phase) -> &'static str {
    match phase {
        Phase::DrawTile
        | Phase::Rune(_)
        | Phase::Familiar(_)
        | Phase::Drawing
        | Phase::Reveal
        | Phase::Pack(_)
        | Phase::DrawCard => "chance",
        Phase::Draft(_) => "keep a card from your pack (the rest pass left)",
        Phase::KeepFamiliar => "keep one of your two familiars",
        Phase::PlaceTile(_) => "place the location tile you drew",
        Phase::Reclaim => "move tokens from actions to draw slots, or start drawing",
        Phase::Corruption => "put the drawn corruption on a corruption slot",
        Phase::Prepare => "assign drawn tokens to action slots, or say you are ready",
        Phase::Act => "perform a fully prepared action, or rest",
        Phase::Resolve => "choose how the current effect resolves",
        Phase::Over => "nothing: the game is over",
    }
}

impl Whisperwood {
    /// Builds the rules with the shipped component data.
    pub fn standard(players: usize, options: Options) -> Result<Whisperwood, OptionsError> {
        Whisperwood::with(players, options, Components::shipped())
    }

    /// A subsequent game's setup: the other seats' dealt familiars come from those `me` has
    /// not seen.
    fn determinize_familiars(&self, s: &mut State, me: usize, rng: &mut GameRng) {
        if !self.options().subsequent_game {
            return;
        }
        {
            // Familiars: the others' dealt ones come from all but this seat's and those known.
            let all = ((1u16 << self.components().familiars.len()) - 1) as u8;
            let mut unseen = all & !s.players[me].dealt;
            for pl in s.players.iter() {
                if pl.familiar != state::NONE {
                    unseen &= !(1 << pl.familiar);
                }
            }
            let mut want = [0u32; 4];
            for (q, pl) in s.players.iter_mut().enumerate() {
                if q != me {
                    want[q] = pl.dealt.count_ones();
                    pl.dealt = 0;
                }
            }
            for (q, pl) in s.players.iter_mut().enumerate() {
                for _ in 0..want[q] {
                    let left = unseen.count_ones() as u64;
                    if left == 0 {
                        break;
                    }
                    let mut r = rng.below(left);
                    let mut m = unseen;
                    while m != 0 {
                        let i = m.trailing_zeros();
                        m &= m - 1;
                        if r == 0 {
                            unseen &= !(1 << i);
                            pl.dealt |= 1 << i;
                            break;
                        }
                        r -= 1;
                    }
                }
            }
            let mut dealt = 0u8;
            for pl in s.players.iter() {
                dealt |= pl.dealt;
                if pl.familiar != state::NONE {
                    dealt |= 1 << pl.familiar;
                }
            }
            if s.familiars_left != 0 {
                s.familiars_left = all & !dealt;
            }
        }
    }

    fn explain(&self, s: &State, a: Action) -> Illegal {
        let chance_action = matches!(
            a,
            Action::DrawTile(_)
                | Action::RuneToken(_)
                | Action::DealFamiliar(_)
                | Action::Draw(_)
                | Action::DrawCard(_)
                | Action::Reveal(_)
        );
        match Whisperwood::actor(self, s) {
            Actor::Nobody => Illegal::GameOver,
            Actor::Chance if chance_action => Illegal::NotThisChance,
            Actor::Chance => Illegal::ChanceDecides,
            Actor::Seat(_) => match (s.phase, a) {
                (Phase::Prepare, Action::Assign { .. }) => Illegal::SlotMismatch,
                (Phase::PlaceTile(_), Action::PlaceTile { .. }) => Illegal::Placement,
                (Phase::Act, Action::Perform(_)) => Illegal::NotPerformable,
                (phase, _) => Illegal::NotNow(describe(phase)),
            },
        }
    }
}

impl Whisperwood {
    fn describe(&self, s: &State, viewer: Option<u8>, a: Action) -> String {
        let c = self.components();
        let card = |k: u8| {
            c.enchantments
                .get(k as usize)
                .map_or_else(|| "an enchantment card".to_string(), |e| e.name.clone())
        };
        let familiar = |i: u8| {
            c.familiars
                .get(i as usize)
                .map_or_else(|| "a familiar".to_string(), |f| f.name.clone())
        };
        let me = s.players.get(s.turn as usize);
        let top = s.pending.last().map(|p| p.effect);
        let over = |m: u8| {
            me.and_then(|p| self.card_over(p, m as usize))
                .map_or_else(|| "the card".to_string(), |e| e.name.clone())
        };
        match a {
            // The cell by the tiles it touches (L140): "south of Druid's Defiance".
            Action::PlaceTile { cell, rot } => {
                const FROM: [&str; 6] = [
                    "south of",
                    "south-west of",
                    "north-west of",
                    "north of",
                    "north-east of",
                    "south-east of",
                ];
                let (q, r) = board::cell_coords(cell);
                let touching: Vec<String> = self
                    .geometry()
                    .nb
                    .get(cell as usize)
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .filter_map(|(edge, &nb)| {
                        let at = *s.at.get(nb as usize)?;
                        (at != state::NONE).then(|| format!("{} {}", FROM[edge], loc_name(at)))
                    })
                    .collect();
                format!(
                    "Place the tile at {q},{r} ({}) turned {rot}",
                    touching.join(", ")
                )
            }
            Action::Pick(k) => format!("Keep {} from the pack", card(k)),
            Action::KeepFamiliar(i) => format!("Keep the familiar {}", familiar(i)),
            Action::KeepCard(k) => format!("Keep the revealed card {}", card(k)),
            Action::Reveal(k) => format!("Reveal {}", card(k)),
            Action::PlayCard(k) => match top {
                Some(state::Effect::Enchant(m)) => {
                    format!("Play {} over rune {}", card(k), m + 1)
                }
                Some(state::Effect::PlayDiscard) => format!("Play and discard {}", card(k)),
                _ => format!("Play {}", card(k)),
            },
            Action::KeepMat => match top {
                Some(state::Effect::Enchant(m)) => {
                    format!("Keep the mat's endgame enchantment of rune {}", m + 1)
                }
                _ => a.to_string(),
            },
            Action::CorruptionOnCard(m) => {
                format!("Corruption on {} over rune {}", over(m), m + 1)
            }
            Action::PurifyCard(m) => format!("Purify {} over rune {}", over(m), m + 1),
            Action::Perform(state::FAMILIAR_PLACE) => match me {
                Some(p) if p.familiar != state::NONE => {
                    format!("Perform your familiar {}", familiar(p.familiar))
                }
                _ => a.to_string(),
            },
            Action::Secondary => match top {
                Some(state::Effect::FaeSecondary { fae, .. }) => format!(
                    "Release harmony for {}'s secondary action",
                    action::fae_name(fae)
                ),
                _ => a.to_string(),
            },
            // A subsequent game deals familiars secretly (L182): named to their owner only.
            Action::DealFamiliar(i) if !self.options().subsequent_game => match s.phase {
                Phase::Familiar(p) if viewer == Some(p) => {
                    format!("You are dealt the familiar {}", familiar(i))
                }
                Phase::Familiar(p) => {
                    format!("{} is dealt the familiar {}", Seat(p), familiar(i))
                }
                _ => format!("Deal the familiar {}", familiar(i)),
            },
            Action::DealFamiliar(i) if viewer == Some(s.turn) => {
                format!("Deal the familiar {}", familiar(i))
            }
            Action::DealFamiliar(_) => format!("Deal a familiar to {}", Seat(s.turn)),
            // Chance draws said of the drawer, as the viewer reads them (issue 11, point 6).
            Action::Draw(t) => {
                let article = if t.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                match viewer {
                    Some(v) if v == s.turn => format!("You draw {article} {t} token from your bag"),
                    _ => format!("{} draws {article} {t} token from the bag", Seat(s.turn)),
                }
            }
            Action::DrawTile(t) => match viewer {
                Some(v) if v == s.turn => format!("You draw the location tile {}", loc_name(t)),
                _ => format!("{} draws the location tile {}", Seat(s.turn), loc_name(t)),
            },
            // Drawn and dealt enchantment cards are seen by their drawer only.
            Action::DrawCard(k) if viewer == Some(s.turn) => {
                format!("Draw the enchantment card {}", card(k))
            }
            Action::DrawCard(_) => format!("Draw an enchantment card for {}", Seat(s.turn)),
            Action::RuneToken(i) => match s.phase {
                Phase::Rune(site) => format!(
                    "Rune site token {} on site {site} of {}",
                    rune_token_name(c, i),
                    loc_name(self.site_loc(site))
                ),
                _ => format!("Rune site token {}", rune_token_name(c, i)),
            },
            // The token taken by what it depicts (L481); the site number tells two apart.
            Action::Site(site) => match s.site_token.get(site as usize) {
                Some(&i) if i != state::NONE => format!(
                    "Take the rune site token {} from site {site} of {}",
                    rune_token_name(c, i),
                    loc_name(self.site_loc(site))
                ),
                _ => a.to_string(),
            },
            _ => a.to_string(),
        }
    }
}

/// The seat a viewer is, if it is one.
fn viewer_seat(v: Viewer) -> Option<u8> {
    match v {
        Viewer::Seat(s) => Some(s.0),
        _ => None,
    }
}

/// A rune site token by what it depicts (L150, L481): its effect or points and its purple dot.
fn rune_token_name(c: &Components, i: u8) -> String {
    use components::RuneEffect;
    let Some(r) = c.runes.get(i as usize) else {
        return "(unknown)".into();
    };
    let what = match r.effect {
        RuneEffect::Vp(v) => format!("{v} VP"),
        RuneEffect::Harmony => "1 harmony".into(),
        RuneEffect::Gain(t) => format!("gain {t}"),
        RuneEffect::Upgrade => "upgrade a spell".into(),
        RuneEffect::Advance => "advance on a path".into(),
        RuneEffect::Enchantments => "2 enchantment cards".into(),
        RuneEffect::Fae => "a fae".into(),
    };
    if r.corrupted {
        format!("\"{what}\" (corrupted)")
    } else {
        format!("\"{what}\"")
    }
}

impl Game for Whisperwood {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;
    type Illegal = Illegal;

    const INFO: GameInfo = GameInfo {
        name: "whisperwood",
        title: "Whisperwood",
        min_players: 2,
        max_players: 4,
        has_chance: true,
        hidden_information: true,
        solo_levels: None,
    };

    sylvan_engine::game_glue!(Components);

    fn view(&self, s: &State, viewer: Viewer) -> View {
        View::of(self, s, viewer)
    }

    /// Redeals the enchantment cards `seat` has not seen (the deck, the other hands, the other
    /// draft packs): during a subsequent game's draft and familiar choice, keeping every card
    /// `seat` saw in a pack where it knows it is (see `draft.rs`); afterwards, keeping every
    /// card it tracks (a draft pick it can place, a card known to all, Wilwisp's keep, a
    /// reshuffled discard pile) among the places it may be (see `knowledge.rs`). In a
    /// subsequent game's setup, also the other seats' dealt familiars from those `seat` has
    /// not seen.
    fn determinize(&self, s: &mut State, seat: Seat, rng: &mut GameRng) {
        let me = seat.0 as usize;
        if draft::determinize(s, self.players(), me, rng) {
            // What the others know after the draft, from their redealt memories of it.
            if s.phase == Phase::KeepFamiliar {
                for q in (0..self.players()).filter(|&q| q != me) {
                    knowledge::after_draft(s, q);
                }
            }
            self.determinize_familiars(s, me, rng);
            return;
        }
        // The other seats' memories would tell the truth they were built from: forgotten.
        for (q, pl) in s.players.iter_mut().enumerate() {
            if q != me {
                pl.draft_seen = [state::NONE; 15];
                pl.draft_picks = [state::NONE; 6];
                pl.tracked = knowledge::NOTHING;
            }
        }
        knowledge::redeal(s, me, rng);
        self.determinize_familiars(s, me, rng);
    }

    /// A drawn enchantment card is named only to the player who draws it.
    fn events(
        &self,
        before: &State,
        action: Action,
        after: &State,
        viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        match (Whisperwood::actor(self, before), action) {
            (Actor::Chance, Action::DrawCard(k)) => {
                let drawer = Seat(before.turn);
                if viewer == Viewer::Seat(drawer) {
                    let name = self
                        .components()
                        .enchantments
                        .get(k as usize)
                        .map_or("?", |c| c.name.as_str());
                    out.push(format!("{drawer}: you draw the enchantment card {name}"));
                } else {
                    out.push(format!("{drawer}: draws an enchantment card"));
                }
            }
            (Actor::Chance, Action::DealFamiliar(i)) if self.options().subsequent_game => {
                let to = Seat(before.turn);
                if viewer == Viewer::Seat(to) {
                    let name = self
                        .components()
                        .familiars
                        .get(i as usize)
                        .map_or("?", |f| f.name.as_str());
                    out.push(format!("{to}: you are dealt the familiar {name}"));
                } else {
                    out.push(format!("{to}: is dealt a familiar"));
                }
            }
            (Actor::Seat(s), Action::Pick(k)) => {
                if viewer == Viewer::Seat(s) {
                    let name = self
                        .components()
                        .enchantments
                        .get(k as usize)
                        .map_or("?", |c| c.name.as_str());
                    out.push(format!("{s}: you keep {name} from the pack"));
                } else {
                    out.push(format!("{s}: keeps a card from the pack"));
                }
            }
            (Actor::Seat(s), Action::KeepFamiliar(i)) => {
                if viewer == Viewer::Seat(s) {
                    let name = self
                        .components()
                        .familiars
                        .get(i as usize)
                        .map_or("?", |f| f.name.as_str());
                    out.push(format!("{s}: you keep the familiar {name}"));
                } else {
                    out.push(format!("{s}: keeps a familiar"));
                }
                // The last choice reveals every kept familiar together (L188).
                let revealed = |st: &State| st.players.iter().any(|p| p.familiar != state::NONE);
                if !revealed(before) && revealed(after) {
                    for (q, p) in after.players.iter().enumerate() {
                        if let Some(f) = self.components().familiars.get(p.familiar as usize) {
                            out.push(format!(
                                "{}: reveals the familiar {}",
                                Seat(q as u8),
                                f.name
                            ));
                        }
                    }
                }
            }
            (Actor::Chance, Action::Reveal(k)) => {
                // Wilwisp reveals face up: every seat reads the card.
                let name = self
                    .components()
                    .enchantments
                    .get(k as usize)
                    .map_or("?", |c| c.name.as_str());
                out.push(format!(
                    "{}: reveals the enchantment card {name}",
                    Seat(before.turn)
                ));
            }
            // Played, kept and revealed cards are face up; the mover's familiar is revealed.
            (Actor::Seat(s), a) => {
                // The decision in the mover's words, said of the mover: "Player 2 chose: ...".
                let who = if viewer == Viewer::Seat(s) {
                    "You".to_string()
                } else {
                    s.to_string()
                };
                out.push(format!("{who} chose: {}", self.describe(before, None, a)));
            }
            (_, a) => out.push(self.describe(before, viewer_seat(viewer), a)),
        }
    }

    /// [`Whisperwood::estimate_margin`]: the points counted, the share of each value step the
    /// paths have walked, and the restorations still to come at the value built, against the
    /// best rival's; exactly the score margin once the game is over.
    fn heuristic(&self, s: &State, seat: Seat) -> f64 {
        self.estimate_margin(s, seat.index())
    }

    /// [`SEARCH_LEVELS`]: the search plays about as well at 200 iterations as at 4,000 at
    /// two players, so the default levels were one level three times; these are each clearly
    /// stronger than the one below on the skill ladder (README, Bots).
    fn level_iterations(&self) -> [u32; 3] {
        SEARCH_LEVELS
    }

    fn score(&self, s: &State) -> Score {
        let n = Whisperwood::players(self);
        let totals: Vec<i32> = (0..n).map(|p| self.total(s, p)).collect();
        let breakdown = (0..n)
            .map(|p| {
                CATEGORIES
                    .iter()
                    .zip(self.breakdown(s, p))
                    .map(|(&name, v)| (name.into(), v))
                    .chain(self.floor_row(s, p).map(|(name, v)| (name.into(), v)))
                    .collect()
            })
            .collect();
        let (ranking, winners) = rank_by(n, |seat: Seat| self.ranking_key(s, seat.index()));
        let over = s.phase == Phase::Over;
        Score {
            over,
            totals,
            breakdown,
            ranking,
            winners: if over { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }

    fn text(&self, view: &View) -> String {
        view::text(self, view)
    }

    fn svg(&self, view: &View) -> Option<String> {
        Some(svg::draw(self, view))
    }

    /// The familiar each seat was dealt: the setup's one per-seat choice in a first game.
    fn component_labels(&self, s: &State, seat: Seat) -> Vec<String> {
        s.players
            .get(seat.index())
            .and_then(|p| self.components().familiars.get(p.familiar as usize))
            .map(|f| vec![format!("familiar: {}", f.name)])
            .unwrap_or_default()
    }

    fn summary() -> &'static str {
        "Druids restore a corrupted forest of hex locations over seven rounds. Each round every \
         player draws action tokens from a bag, prepares spells, a familiar, fae and wildlife \
         cards with them, and performs one prepared action per turn until all have rested. \
         Restorations advance the druid on the earth, water and air paths, whose positions set \
         what each restoration is worth at the end; runes, golems, wildlife in the den, \
         enchantments and potions add points, and each corruption left on the player board \
         costs 2. The most points wins."
    }

    fn option_help() -> Vec<(&'static str, &'static str)> {
        vec![
            ("subsequent_game", "true: a subsequent game (two familiars dealt to each player, the enchantment draft, one familiar kept, L180-188); false: the first game's element sets"),
            ("adv_transmute_no_corruption_slot", "true: Advanced Transmute has no corruption slot (ruling R2's alternative)"),
            ("last_space_no_op", "true: advancing from a path's last space does nothing instead of halting the action (R23)"),
            ("water_terrain_connects", "true: adjacent locations that both show water terrain are water-connected, whatever their edges (R17)"),
        ]
    }

    /// The drawn elements an action acts on (see `svg::targets`): locations, spots, empty
    /// cells, wildlife and golems on the board; the fae and token supply; the mover's places,
    /// slots, token pools, paths, golem powers, mat, and its own hand, pack and familiars.
    fn action_targets(&self, s: &State, a: Action) -> Vec<String> {
        svg::action_targets(self, s, a)
    }

    /// Names what an action refers to from the mover's view: the enchantment card picked,
    /// played, kept or revealed, the familiar kept or performed, the card over a rune, the fae
    /// whose secondary action is taken.
    fn action_text(&self, view: &View, a: Action) -> String {
        self.describe(&view.state, view.viewer, a)
    }

    /// Every placement of the drawn tile on an empty cell of the table, so that a refused
    /// one is answered with the placement rule (L140-146).
    fn named_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Phase::PlaceTile(_) = s.phase {
            for cell in 0..s.at.len() as u8 {
                if s.at[cell as usize] == state::NONE {
                    out.extend((0..6).map(|rot| Action::PlaceTile { cell, rot }));
                }
            }
        }
    }

    fn decision_help(&self, view: &View) -> String {
        guide::decision_help(self, view)
    }

    fn rules_text(&self, view: &View) -> String {
        guide::rules_text(self, view)
    }

    // Dense ids, the observation tensor and the text view as the observation string (the
    // seat's own hand, pack and familiars included).
    sylvan_engine::encode_glue!(encode);

    fn max_decisions(&self) -> u64 {
        60_000
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let c = self.components();
        // Action tokens and corruption/harmony: supply + every player's = the box.
        for t in Token::ALL {
            if t == Token::Familiar {
                continue;
            }
            let i = t.index();
            let mut n = s.supply[i] as u32;
            if t == Token::Corruption && s.phase == Phase::Corruption {
                // The corruption just drawn, on its way to a corruption slot.
                n += 1;
            }
            for p in &s.players {
                n += (p.bag[i] + p.spent[i] + p.drawn[i]) as u32;
                n += p
                    .slots
                    .iter()
                    .flatten()
                    .filter(|x| x.is_some_and(|x| x.token == t))
                    .count() as u32;
                if t == Token::Corruption {
                    n +=
                        p.corrupted.count_ones() + p.card_corrupted.count_ones() + p.harmony as u32;
                }
            }
            if n != c.supply[i] as u32 {
                return Err(format!(
                    "{n} {t} tokens accounted for, {} in the box",
                    c.supply[i]
                ));
            }
        }
        for (seat, p) in s.players.iter().enumerate() {
            let fam = Token::Familiar.index();
            let n = p.bag[fam]
                + p.spent[fam]
                + p.drawn[fam]
                + p.slots
                    .iter()
                    .flatten()
                    .filter(|x| x.is_some_and(|x| x.token == Token::Familiar))
                    .count() as u8;
            if n > 1 {
                return Err(format!("Player {} has {n} familiar tokens", seat + 1));
            }
            if p.drawn_count() > p.open_slots(c.draw_slots) {
                return Err(format!(
                    "Player {} has more drawn tokens than draw slots",
                    seat + 1
                ));
            }
            // Restorations: those left and those on the board make 10 of each type.
            for e in Element::ALL {
                let on_board = s
                    .spots
                    .iter()
                    .flatten()
                    .filter(|&&o| spot_owner(o) == Some((seat as u8, e)))
                    .count() as u8;
                if on_board + p.restorations[e.index()] != c.restorations {
                    return Err(format!(
                        "Player {}'s {e} restorations are not {}",
                        seat + 1,
                        c.restorations
                    ));
                }
            }
            let marked = p.golems.iter().flatten().filter(|&&g| g != 0).count() as u8;
            if marked + p.golem_tokens != c.golem_tokens {
                return Err(format!(
                    "Player {}'s golem tokens are not {}",
                    seat + 1,
                    c.golem_tokens
                ));
            }
            for (m, &site) in p.markers.iter().enumerate() {
                if site != state::NONE && s.site_marker[site as usize] != seat as u8 * 8 + m as u8 {
                    return Err(format!(
                        "Player {}'s rune marker {} is lost",
                        seat + 1,
                        m + 1
                    ));
                }
            }
        }
        // Enchantment cards: deck, discard pile, hands and the mats hold every copy.
        for (k, card) in c.enchantments.iter().enumerate() {
            let n = s.deck[k] as u32
                + s.discard[k] as u32
                + s.revealed[k] as u32
                + s.players
                    .iter()
                    .map(|p| p.hand[k] as u32 + p.pack[k] as u32)
                    .sum::<u32>()
                + s.players
                    .iter()
                    .map(|p| p.covered.iter().filter(|&&c| c as usize == k).count() as u32)
                    .sum::<u32>();
            if n != card.copies as u32 {
                return Err(format!(
                    "{n} copies of the enchantment card {} accounted for, {} in the box",
                    card.name, card.copies
                ));
            }
        }
        // What each seat knows of the cards it cannot see allows the truth.
        for m in 0..s.players.len() {
            knowledge::consistent(s, m)?;
        }
        // Wildlife meeples: 10 of each on the board, beside the paths and in dens.
        for a in Animal::ALL {
            let i = a.index();
            let n: u32 = s.wildlife.iter().map(|w| w[i] as u32).sum::<u32>()
                + s.meeples[i.min(2)].iter().map(|&m| m as u32).sum::<u32>() * u32::from(s.phase_has_meeples())
                + s.players.iter().map(|p| p.den[i] as u32).sum::<u32>()
                // Discovered, on its way to the forest.
                + s.pending.iter().filter(|p| p.effect == Effect::Discover(a)).count() as u32;
            let expected = if s.phase_has_meeples() { 10 } else { n };
            if n != expected {
                return Err(format!("{n} {a} meeples accounted for, not 10"));
            }
        }
        Ok(())
    }
}

impl State {
    /// Whether setup has put the wildlife out (after the rune tokens).
    pub fn phase_has_meeples(&self) -> bool {
        self.golems[0] != state::NONE
    }
}
