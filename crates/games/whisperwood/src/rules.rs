//! The rules: setup, the four phases of a round, performing actions with the left-to-right
//! rule, paths, golems, wildlife and familiars. Choices are listed through a callback, so
//! listing legal actions allocates nothing.

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, OptionsError, Seat};

use crate::action::{Action, Pool};
use crate::board::{tile_edge, Geometry};
use crate::components::{
    Animal, CardEffect, Components, CsEffect, Element, Enchantment, Reward, RuneEffect, Slot,
    Spell, Token, CARD_KINDS, COLUMNS, CORE, FORK,
};
use crate::state::{
    fae_place, wildlife_place, At, Effect, Move, Pending, Phase, Placed, Player, State, CELLS,
    FAE_PLACE, FAMILIAR_PLACE, LOCS, NONE, PLACES, SITES,
};

/// The table's choices (rulings of whisperwood.md given as options).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// R2 alternative: Advanced Transmute has no corruption slot.
    pub adv_transmute_no_corruption_slot: bool,
    /// R23 alternative: advancing from the last space does nothing instead of halting.
    pub last_space_no_op: bool,
    /// R17 alternative: adjacent locations that both show water terrain are water-connected,
    /// whatever their edges (Flow, Ren and the water rule of tile placement).
    pub water_terrain_connects: bool,
    /// Subsequent games (L180–188): two familiars of all eight dealt to each player, the
    /// enchantment draft, then one familiar kept. Off: the first game (L176–178).
    pub subsequent_game: bool,
}

/// Whisperwood's rules for one table.
#[derive(Clone, Debug)]
pub struct Whisperwood {
    players: usize,
    options: Options,
    c: Arc<Components>,
    geo: Geometry,
    /// Location of each rune site.
    site_loc: [u8; SITES],
    /// Rune sites in play.
    sites: u8,
    /// Each rune token's kind: the index of the first identical token.
    rune_kind: Vec<u8>,
}

const CORRUPTION: usize = Token::Corruption as usize;
const EMBER: u8 = 4;
const MOONGLOW: u8 = 5;
const WATER: u8 = 1;

fn pend(effect: Effect) -> Pending {
    Pending {
        effect,
        halts: true,
    }
}

fn reward(effect: Effect) -> Pending {
    Pending {
        effect,
        halts: false,
    }
}

/// The element a Restore/Whisper pair makes: water+moonglow, earth+ember, air+moonglow,
/// magic+ember (L453–459, L535–539).
pub fn pair_ok(element: u8, second: u8) -> bool {
    matches!(
        (element, second),
        (0, EMBER) | (1, MOONGLOW) | (2, MOONGLOW) | (3, EMBER)
    )
}

impl Whisperwood {
    /// Builds the rules from component data.
    pub fn with(
        players: usize,
        options: Options,
        c: Arc<Components>,
    ) -> Result<Whisperwood, OptionsError> {
        if !(2..=4).contains(&players) {
            return Err(OptionsError::PlayerCount {
                game: "whisperwood",
                min: 2,
                max: 4,
                got: players,
            });
        }
        let mut site_loc = [NONE; SITES];
        let mut sites = 0u8;
        for (t, tile) in c.tiles.iter().enumerate() {
            if tile.label as usize <= players {
                for _ in 0..tile.runes {
                    if (sites as usize) < SITES {
                        site_loc[sites as usize] = t as u8;
                        sites += 1;
                    }
                }
            }
        }
        let rune_kind = (0..c.runes.len())
            .map(|i| c.runes.iter().position(|r| *r == c.runes[i]).unwrap_or(i) as u8)
            .collect();
        Ok(Whisperwood {
            players,
            options,
            rune_kind,
            c,
            geo: Geometry::new(),
            site_loc,
            sites,
        })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The component data.
    pub fn components(&self) -> &Components {
        &self.c
    }

    /// The table geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The location of a rune site.
    pub fn site_loc(&self, site: u8) -> u8 {
        self.site_loc.get(site as usize).copied().unwrap_or(NONE)
    }

    /// Rune sites in play.
    pub fn sites(&self) -> u8 {
        self.sites
    }

    // ----- setup -------------------------------------------------------------------------

    /// The state before the first decision: the Druid's Defiance on the centre cell, the
    /// stack of tiles for this player count, each player's starting components.
    pub fn setup(&self) -> State {
        let c = &self.c;
        let n = self.players as u8;
        let mut stack = 0u32;
        for (t, tile) in c.tiles.iter().enumerate().skip(1) {
            if tile.label <= n {
                stack |= 1 << t;
            }
        }
        let mut rune_pool = 0u32;
        for (i, r) in c.runes.iter().enumerate() {
            if r.label <= n {
                rune_pool |= 1 << i;
            }
        }
        let mut familiars_left = 0u8;
        for (i, f) in c.familiars.iter().enumerate() {
            if f.basic || self.options.subsequent_game {
                familiars_left |= 1 << i;
            }
        }
        let mut supply = c.supply;
        supply[Token::Familiar.index()] = 0;
        let mut players = ArrayVec::new();
        for _ in 0..n {
            supply[CORRUPTION] -= 1;
            players.push(Player {
                bag: [0; Token::NUM],
                spent: [0; Token::NUM],
                drawn: [0; Token::NUM],
                slots: [[None; 3]; PLACES],
                corrupted: 1 << Spell::Whisper as u16,
                advanced: 0,
                barriers: c.barriers,
                harmony: 0,
                vp: c.starting_vp as u16,
                col: [1; 3],
                branch: 0,
                restorations: [c.restorations; 4],
                golem_tokens: c.golem_tokens,
                golems: [[0; 3]; 4],
                markers: [NONE; 6],
                rune_vp: 0,
                runes_taken: 0,
                den: [0; 3],
                familiar: NONE,
                fae: 0,
                summoned: 0,
                dealt: 0,
                pack: [0; CARD_KINDS],
                draft_seen: [NONE; 15],
                draft_picks: [NONE; 6],
                draft_left: NONE,
                wildlife_cards: 0,
                hand: [0; CARD_KINDS],
                known: 0,
                tracked: crate::knowledge::NOTHING,
                covered: [NONE; 6],
                card_corrupted: 0,
                draw_bonus: 0,
                rested: false,
            });
        }
        let mut s = State {
            phase: Phase::DrawTile,
            round: 0,
            turn: 0,
            first: 0,
            first_rest: NONE,
            done: 0,
            stack,
            cell: [NONE; LOCS],
            rot: [0; LOCS],
            at: [NONE; CELLS].into_iter().collect(),
            spots: [[0; 7]; LOCS],
            wildlife: [[0; 3]; LOCS],
            borders: 0,
            site_token: [NONE; SITES],
            site_marker: [NONE; SITES],
            rune_pool,
            golems: [NONE; 4],
            druids: [0; 4],
            meeples: [[0; 4]; 3],
            supply,
            fae_left: [c.supply[Token::fae(0).index()]; 8],
            wildlife_cards_left: [4; 3],
            deck: {
                let mut deck = [0; CARD_KINDS];
                for (k, card) in c.enchantments.iter().enumerate() {
                    deck[k] = card.copies;
                }
                deck
            },
            discard: [0; CARD_KINDS],
            revealed: [0; CARD_KINDS],
            familiars_left,
            players,
            pending: ArrayVec::new(),
            restored: None,
        };
        s.cell[0] = self.geo.centre;
        s.at[self.geo.centre as usize] = 0;
        s
    }

    fn finish_board(&self, s: &mut State) {
        for site in 0..self.sites as usize {
            if let Some(r) = self.c.runes.get(s.site_token[site] as usize) {
                if r.corrupted {
                    s.borders |= 1 << self.site_loc[site];
                }
            }
        }
        for (t, tile) in self.c.tiles.iter().enumerate() {
            if let Some(g) = tile.golem {
                s.golems[g.index()] = t as u8;
            }
        }
        for a in Animal::ALL {
            s.wildlife[0][a.index()] += 1;
            let g = s.golems[a.element().index()] as usize;
            if g < LOCS {
                s.wildlife[g][a.index()] += 1;
            }
        }
        s.meeples = [[2; 4]; 3];
        if self.options.subsequent_game {
            // The familiar deal names each seat it deals to (events tell only that seat).
            s.turn = 0;
        }
    }

    fn starting_bonuses(&self, s: &mut State) {
        for p in 0..self.players {
            // Copy what is needed, not the card (its name would allocate).
            let Some((tokens, harmony, upgrade)) = self
                .c
                .familiars
                .get(s.players[p].familiar as usize)
                .map(|f| (f.tokens.clone(), f.harmony, f.upgrade))
            else {
                continue;
            };
            let pl = &mut s.players[p];
            pl.drawn[Token::Familiar.index()] = 1;
            let mut gains: ArrayVec<Token, 8> = ArrayVec::new();
            for e in Element::ALL {
                gains.push(Token::of_element(e));
            }
            gains.extend(tokens.iter().copied());
            for t in gains {
                if s.supply[t.index()] > 0 {
                    s.supply[t.index()] -= 1;
                    s.players[p].bag[t.index()] += 1;
                }
            }
            for _ in 0..harmony {
                if s.supply[CORRUPTION] > 0 {
                    s.supply[CORRUPTION] -= 1;
                    s.players[p].harmony += 1;
                }
            }
            if let Some(sp) = upgrade {
                self.upgrade(s, p, sp);
            }
            if self.options.subsequent_game {
                // The drafted cards are the hand (L186).
                continue;
            }
            // First game: the 6 cards with the familiar's element icon, known to all (L178).
            let e = self.familiar_element(&s.players[p]);
            for k in self.c.element_set(e) {
                if s.deck[k] > 0 {
                    s.deck[k] -= 1;
                    s.players[p].hand[k] += 1;
                    s.players[p].known |= 1 << k;
                    crate::knowledge::shown_in_hand(s, p, k);
                }
            }
        }
    }

    // ----- who decides ---------------------------------------------------------------------

    /// Who decides now.
    pub fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Over => Actor::Nobody,
            Phase::DrawTile
            | Phase::Rune(_)
            | Phase::Familiar(_)
            | Phase::Drawing
            | Phase::Reveal
            | Phase::Pack(_)
            | Phase::DrawCard => Actor::Chance,
            _ => Actor::Seat(Seat(s.turn)),
        }
    }

    /// Chance outcomes with weights.
    pub fn outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match s.phase {
            Phase::DrawTile => {
                for t in 1..LOCS {
                    if s.stack & (1 << t) != 0 {
                        out.push((Action::DrawTile(t as u8), 1));
                    }
                }
            }
            Phase::Rune(_) => {
                // Identical tokens are one outcome (the first left) weighted by their number.
                let mut count = [0u32; 32];
                let mut first = [NONE; 32];
                for (i, &k) in self.rune_kind.iter().enumerate() {
                    if s.rune_pool & (1 << i) != 0 {
                        count[k as usize] += 1;
                        if first[k as usize] == NONE {
                            first[k as usize] = i as u8;
                        }
                    }
                }
                for k in 0..32 {
                    if count[k] > 0 {
                        out.push((Action::RuneToken(first[k]), count[k]));
                    }
                }
            }
            Phase::Familiar(_) => {
                for i in 0..self.c.familiars.len() {
                    if s.familiars_left & (1 << i) != 0 {
                        out.push((Action::DealFamiliar(i as u8), 1));
                    }
                }
            }
            Phase::DrawCard | Phase::Reveal | Phase::Pack(_) => {
                for (k, &n) in s.deck.iter().enumerate() {
                    if n > 0 {
                        let a = if s.phase == Phase::Reveal {
                            Action::Reveal(k as u8)
                        } else {
                            Action::DrawCard(k as u8)
                        };
                        out.push((a, n as u32));
                    }
                }
            }
            Phase::Drawing => {
                for t in Token::ALL {
                    let n = s.me().bag[t.index()];
                    if n > 0 {
                        out.push((Action::Draw(t), n as u32));
                    }
                }
            }
            _ => {}
        }
    }

    /// Calls `f` with every legal action of the seat to move.
    pub fn each_legal(&self, s: &State, f: &mut impl FnMut(Action)) {
        let p = s.me();
        match s.phase {
            Phase::PlaceTile(t) => self.each_placement(s, t, f),
            Phase::Draft(_) => {
                for (k, &n) in p.pack.iter().enumerate() {
                    if n > 0 {
                        f(Action::Pick(k as u8));
                    }
                }
            }
            Phase::KeepFamiliar => {
                for i in 0..8u8 {
                    if p.dealt & (1 << i) != 0 {
                        f(Action::KeepFamiliar(i));
                    }
                }
            }
            Phase::Reclaim => {
                self.each_reclaim(s, f);
                f(Action::StartDrawing);
            }
            Phase::Corruption => {
                for sp in Spell::ALL {
                    if self.has_free_cs(p, sp) {
                        f(Action::CorruptionOn(sp));
                    }
                }
                let free = self.free_card_slots(p);
                for m in 0..6u8 {
                    if free & (1 << m) != 0 {
                        f(Action::CorruptionOnCard(m));
                    }
                }
            }
            Phase::Prepare => {
                self.each_assign(s, f);
                f(Action::Ready);
            }
            Phase::Act => {
                for place in 0..PLACES as u8 {
                    if self.performable(s, place) {
                        f(Action::Perform(place));
                    }
                }
                f(Action::Rest);
            }
            Phase::Resolve => {
                if let Some(top) = s.pending.last() {
                    self.each_choice(s, top.effect, f);
                }
            }
            _ => {}
        }
    }

    // ----- geometry helpers ----------------------------------------------------------------

    /// Locations adjacent to `loc`.
    pub fn neighbours<'a>(&'a self, s: &'a State, loc: u8) -> impl Iterator<Item = u8> + 'a {
        let cell = s.cell.get(loc as usize).copied().unwrap_or(NONE);
        let nbs = self.geo.nb.get(cell as usize).copied().unwrap_or([NONE; 6]);
        let at = &s.at;
        nbs.into_iter()
            .filter(|&n| n != NONE)
            .map(move |n| at[n as usize])
            .filter(|&l| l != NONE)
    }

    fn adjacent(&self, s: &State, a: u8, b: u8) -> bool {
        self.neighbours(s, a).any(|l| l == b)
    }

    /// Whether two adjacent locations share water on their common edge (R17).
    fn water_link(&self, s: &State, a: u8, dir: usize) -> Option<u8> {
        let ca = s.cell[a as usize];
        let nb = self.geo.nb[ca as usize][dir];
        if nb == NONE {
            return None;
        }
        let b = s.at[nb as usize];
        if b == NONE {
            return None;
        }
        if self.options.water_terrain_connects {
            let water = |l: u8| self.terrain(l) & Element::Water.bit() != 0;
            return (water(a) && water(b)).then_some(b);
        }
        let ea = tile_edge(dir, s.rot[a as usize]);
        let eb = tile_edge((dir + 3) % 6, s.rot[b as usize]);
        let wa = self.c.tiles[a as usize].water_edges & (1 << ea) != 0;
        let wb = self.c.tiles[b as usize].water_edges & (1 << eb) != 0;
        (wa && wb).then_some(b)
    }

    /// Locations reachable from `from` in 1..=`steps` steps (`water`: along water links);
    /// bit set per location.
    pub fn reach(&self, s: &State, from: u8, steps: u8, water: bool) -> u32 {
        let mut seen = 1u32 << from;
        let mut frontier = seen;
        for _ in 0..steps {
            let mut next = 0u32;
            for l in 0..LOCS as u8 {
                if frontier & (1 << l) == 0 {
                    continue;
                }
                for d in 0..6 {
                    let b = if water {
                        self.water_link(s, l, d)
                    } else {
                        let nb = self.geo.nb[s.cell[l as usize] as usize][d];
                        (nb != NONE && s.at[nb as usize] != NONE).then(|| s.at[nb as usize])
                    };
                    if let Some(b) = b {
                        if seen & (1 << b) == 0 {
                            next |= 1 << b;
                        }
                    }
                }
            }
            seen |= next;
            frontier = next;
        }
        seen & !(1 << from)
    }

    fn terrain(&self, loc: u8) -> u8 {
        self.c.tiles.get(loc as usize).map_or(0, |t| t.terrain)
    }

    // ----- setup decisions -----------------------------------------------------------------

    fn placement_score(&self, s: &State, tile: u8, cell: u8, rot: u8) -> (bool, u8) {
        let water = self.c.tiles[tile as usize].water_edges;
        let (mut links, mut count) = (false, 0u8);
        for d in 0..6 {
            let nb = self.geo.nb[cell as usize][d];
            if nb == NONE || s.at[nb as usize] == NONE {
                continue;
            }
            count += 1;
            let b = s.at[nb as usize];
            if self.options.water_terrain_connects {
                let water = |l: u8| self.terrain(l) & Element::Water.bit() != 0;
                links |= water(tile) && water(b);
                continue;
            }
            let mine = water & (1 << tile_edge(d, rot)) != 0;
            let theirs = self.c.tiles[b as usize].water_edges
                & (1 << tile_edge((d + 3) % 6, s.rot[b as usize]))
                != 0;
            links |= mine && theirs;
        }
        (links, count)
    }

    /// Placements by the priorities of L140–146 (R18): a water tile joins water if it can;
    /// then the most neighbours. Tiles without water are not turned (nothing depends on it).
    fn each_placement(&self, s: &State, tile: u8, f: &mut impl FnMut(Action)) {
        let edges = self.c.tiles[tile as usize].water_edges != 0;
        let rots = if edges { 6 } else { 1 };
        let water = edges
            || (self.options.water_terrain_connects
                && self.terrain(tile) & Element::Water.bit() != 0);
        // Only empty cells next to the forest can be chosen.
        let mut cells = 0u64;
        for &cell in s.cell.iter().filter(|&&c| c != NONE) {
            for &nb in &self.geo.nb[cell as usize] {
                if nb != NONE && s.at[nb as usize] == NONE {
                    cells |= 1 << nb;
                }
            }
        }
        let each_cell = |f: &mut dyn FnMut(u8)| {
            let mut m = cells;
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                f(c);
            }
        };
        let (mut any_link, mut best) = (false, 0u8);
        each_cell(&mut |cell| {
            for rot in 0..rots {
                let (link, n) = self.placement_score(s, tile, cell, rot);
                if water && link && !any_link {
                    any_link = true;
                    best = 0;
                }
                if (!water || link == any_link) && n > best {
                    best = n;
                }
            }
        });
        each_cell(&mut |cell| {
            for rot in 0..rots {
                let (link, n) = self.placement_score(s, tile, cell, rot);
                if n == best && (!water || link == any_link) {
                    f(Action::PlaceTile { cell, rot });
                }
            }
        });
    }

    // ----- tokens and slots ----------------------------------------------------------------

    fn familiar_element(&self, p: &Player) -> Element {
        self.c
            .familiars
            .get(p.familiar as usize)
            .map_or(Element::Magic, |f| f.element)
    }

    fn has_free_cs(&self, p: &Player, sp: Spell) -> bool {
        self.cs_of(p, sp).is_some() && !p.is_corrupted(sp)
    }

    /// The corruption-slot effect of the face-up side of a spell.
    pub fn cs_of(&self, p: &Player, sp: Spell) -> Option<CsEffect> {
        let adv = p.is_advanced(sp);
        if adv && sp == Spell::Transmute && self.options.adv_transmute_no_corruption_slot {
            return None;
        }
        self.c.side(sp, adv).cs
    }

    /// The slots of a place for this player (spells by face-up side; cards 1 slot each).
    fn place_slots(&self, p: &Player, place: u8) -> usize {
        match place {
            pl if (pl as usize) < Spell::NUM => {
                let sp = Spell::ALL[pl as usize];
                self.c.side(sp, p.is_advanced(sp)).slots.len()
            }
            FAMILIAR_PLACE => 1,
            pl if pl < FAE_PLACE => {
                let a = (pl - 11) / 2;
                usize::from(p.wildlife_cards & (1 << a) != 0)
            }
            pl if (pl as usize) < PLACES => usize::from(p.fae & (1 << (pl - FAE_PLACE)) != 0),
            _ => 0,
        }
    }

    /// Whether a token standing for `CORE[as_core]` fits the slot spec (before combinations).
    fn slot_takes(&self, p: &Player, slot: &Slot, token: Token, as_core: u8) -> bool {
        if token == Token::Corruption || as_core >= 6 {
            return false;
        }
        if slot.any {
            return as_core == canonical(token);
        }
        if slot.accepts & (1 << as_core) == 0 {
            return false;
        }
        match token {
            Token::Potion => true,
            t if t.is_core() => {
                let own = t as u8;
                let swap = |a: u8, b: u8| (own == a && as_core == b) || (own == b && as_core == a);
                own == as_core
                    || (p.power(Element::Earth, 2) && swap(EMBER, MOONGLOW))
                    || (p.power(Element::Water, 2) && swap(WATER, MOONGLOW))
            }
            t => t
                .element(self.familiar_element(p))
                .is_some_and(|e| e as u8 == as_core),
        }
    }

    /// Whether `token` as `as_core` may go on the empty `slot` of `place` now.
    pub fn fits(&self, p: &Player, place: u8, slot: u8, token: Token, as_core: u8) -> bool {
        if slot as usize >= self.place_slots(p, place)
            || p.slots[place as usize][slot as usize].is_some()
        {
            return false;
        }
        match place {
            pl if (pl as usize) < Spell::NUM => {
                let sp = Spell::ALL[pl as usize];
                let side = self.c.side(sp, p.is_advanced(sp));
                if !self.slot_takes(p, &side.slots[slot as usize], token, as_core) {
                    return false;
                }
                if side.pair {
                    // The two tokens must form one of the four combinations (R5).
                    let other = p.slots[pl as usize][1 - slot as usize];
                    return match (slot, other) {
                        (_, None) => true,
                        (0, Some(o)) => pair_ok(as_core, o.as_core),
                        (_, Some(o)) => pair_ok(o.as_core, as_core),
                    };
                }
                true
            }
            FAMILIAR_PLACE => token == Token::Familiar && as_core == self.familiar_element(p) as u8,
            // A fae card takes only its own token (L564), as its element.
            pl if pl >= FAE_PLACE => {
                token == Token::fae((pl - FAE_PLACE) as usize)
                    && Some(as_core) == token.element(Element::Magic).map(|e| e as u8)
            }
            pl => {
                let a = Animal::ALL[((pl - 11) / 2) as usize];
                token == Token::of_animal(a) && as_core == a.element() as u8
            }
        }
    }

    /// The core kinds a token may stand for on a spell slot (before the slot's own kinds).
    fn token_cores(&self, p: &Player, token: Token) -> u8 {
        match token {
            Token::Corruption => 0,
            Token::Potion => 0b11_1111,
            t if t.is_core() => {
                let own = t as u8;
                let mut m = 1 << own;
                let mut swap = |a: u8, b: u8| {
                    if own == a {
                        m |= 1 << b;
                    } else if own == b {
                        m |= 1 << a;
                    }
                };
                if p.power(Element::Earth, 2) {
                    swap(EMBER, MOONGLOW);
                }
                if p.power(Element::Water, 2) {
                    swap(WATER, MOONGLOW);
                }
                m
            }
            t => t
                .element(self.familiar_element(p))
                .map_or(0, |e| 1 << e as u8),
        }
    }

    /// Lists the assignments of the Prepare phase (the same as [`Self::fits`] accepts, found
    /// without trying every kind); stops early when `f` returns true, and says so.
    fn assign_scan(&self, s: &State, f: &mut impl FnMut(Action) -> bool) -> bool {
        let p = s.me();
        for token in Token::ALL {
            if p.drawn[token.index()] == 0 || token == Token::Corruption {
                continue;
            }
            let cores = self.token_cores(p, token);
            for sp in Spell::ALL {
                let side = self.c.side(sp, p.is_advanced(sp));
                let place = sp as u8;
                for (k, slot) in side.slots.iter().enumerate() {
                    if p.slots[place as usize][k].is_some() {
                        continue;
                    }
                    let mask = if slot.any {
                        1 << canonical(token)
                    } else {
                        cores & slot.accepts
                    };
                    for as_core in 0..6u8 {
                        if mask & (1 << as_core) == 0 {
                            continue;
                        }
                        if side.pair {
                            let ok = match (k, p.slots[place as usize][1 - k]) {
                                (_, None) => true,
                                (0, Some(o)) => pair_ok(as_core, o.as_core),
                                (_, Some(o)) => pair_ok(o.as_core, as_core),
                            };
                            if !ok {
                                continue;
                            }
                        }
                        let a = Action::Assign {
                            token,
                            place,
                            slot: k as u8,
                            as_core,
                        };
                        if f(a) {
                            return true;
                        }
                    }
                }
            }
            let mut card = |place: u8, as_core: u8| {
                p.slots[place as usize][0].is_none()
                    && f(Action::Assign {
                        token,
                        place,
                        slot: 0,
                        as_core,
                    })
            };
            if token == Token::Familiar && card(FAMILIAR_PLACE, self.familiar_element(p) as u8) {
                return true;
            }
            if let Some(i) = token.fae_index() {
                let e = token.element(Element::Magic).map_or(0, |e| e as u8);
                if p.fae & (1 << i) != 0 && card(fae_place(i), e) {
                    return true;
                }
            }
            for a in Animal::ALL {
                if token == Token::of_animal(a) && p.wildlife_cards & (1 << a as u8) != 0 {
                    for score in [false, true] {
                        if card(wildlife_place(a, score), a.element() as u8) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn each_assign(&self, s: &State, f: &mut impl FnMut(Action)) {
        self.assign_scan(s, &mut |a| {
            f(a);
            false
        });
    }

    fn each_reclaim(&self, s: &State, f: &mut impl FnMut(Action)) {
        let p = s.me();
        if p.drawn_count() >= p.open_slots(self.c.draw_slots) {
            return;
        }
        for place in 0..PLACES as u8 {
            for slot in 0..3u8 {
                if p.slots[place as usize][slot as usize].is_some() {
                    f(Action::Reclaim { place, slot });
                }
            }
        }
        if p.power(Element::Air, 1) {
            // Breeze 2: air-type tokens (no potions) from the spent pool (R29).
            for t in Token::ALL {
                let air = t.element(self.familiar_element(p)) == Some(Element::Air);
                if air && p.spent[t.index()] > 0 {
                    f(Action::BreezeTake(t));
                }
            }
        }
    }

    /// Whether the action at `place` is fully prepared and its preconditions hold (R12).
    pub fn performable(&self, s: &State, place: u8) -> bool {
        let p = s.me();
        let n = self.place_slots(p, place);
        if n == 0 || p.slots[place as usize][..n].iter().any(Option::is_none) {
            return false;
        }
        let here = s.druids[s.turn as usize];
        match place {
            pl if (pl as usize) < Spell::NUM => match Spell::ALL[pl as usize] {
                Spell::Soar if !p.is_advanced(Spell::Soar) => {
                    self.terrain(here) & Element::Air.bit() != 0
                }
                Spell::Flow => self.terrain(here) & Element::Water.bit() != 0,
                Spell::Inscribe => (0..self.sites)
                    .any(|i| self.site_loc[i as usize] == here && s.site_token[i as usize] != NONE),
                Spell::CallWildlife => {
                    let mut any = false;
                    self.each_call(s, 0b111, &mut |_| any = true);
                    any
                }
                Spell::Whisper => {
                    let e = p.slots[pl as usize][0].map_or(0, |t| t.as_core);
                    s.golems.get(e as usize) == Some(&here)
                }
                _ => true,
            },
            FAMILIAR_PLACE => match self.familiar_name(p) {
                // Ren reaches the body of water the druid stands in (R17).
                "Ren" => self.terrain(here) & Element::Water.bit() != 0,
                _ => true,
            },
            // A fae summoned this turn is ready only on a later turn (L564).
            pl if pl >= FAE_PLACE => p.summoned & (1 << (pl - FAE_PLACE)) == 0,
            _ => true,
        }
    }

    fn familiar_name(&self, p: &Player) -> &str {
        self.c
            .familiars
            .get(p.familiar as usize)
            .map_or("", |f| f.name.as_str())
    }

    // ----- choices while resolving ---------------------------------------------------------

    fn spot_open(&self, s: &State, loc: u8, spot: usize, kind: Element) -> bool {
        let Some(sp) = self
            .c
            .tiles
            .get(loc as usize)
            .and_then(|t| t.spots.get(spot))
        else {
            return false;
        };
        s.spots[loc as usize][spot] == 0
            && (kind == Element::Magic || sp.types & kind.bit() != 0)
            && sp.wild.is_none_or(|c| c == s.turn)
    }

    fn each_restore(&self, s: &State, kind: Option<Element>, at: At, f: &mut impl FnMut(Action)) {
        let p = s.me();
        let here = s.druids[s.turn as usize];
        let locs: u32 = match at {
            At::Here => 1 << here,
            At::Golem(e) => 1u32.checked_shl(s.golems[e.index()] as u32).unwrap_or(0),
            At::WaterConnected => self.reach(s, here, LOCS as u8, true) | 1 << here,
            At::Loc(l) => 1u32.checked_shl(l as u32).unwrap_or(0),
            At::Near => self.reach(s, here, 1, false) | 1 << here,
            At::NoDruid => {
                let mut druids = 0u32;
                for &d in s.druids.iter().take(s.players.len()) {
                    druids |= 1u32.checked_shl(d as u32).unwrap_or(0);
                }
                !druids
            }
        };
        for loc in 0..LOCS as u8 {
            if locs & (1 << loc) == 0 || s.cell[loc as usize] == NONE {
                continue;
            }
            for spot in 0..self.c.tiles[loc as usize].spots.len() {
                for k in Element::ALL {
                    if kind.is_some_and(|x| x != k) || p.restorations[k.index()] == 0 {
                        continue;
                    }
                    if self.spot_open(s, loc, spot, k) {
                        f(Action::Restore {
                            loc,
                            spot: spot as u8,
                            kind: k,
                        });
                    }
                }
            }
        }
    }

    /// Dazzle 3: open spots at `at` that show the wildlife's type.
    fn each_dazzle_spot(&self, s: &State, at: u8, e: Element, f: &mut impl FnMut(u8, u8)) {
        for (i, sp) in self.c.tiles[at as usize].spots.iter().enumerate() {
            if sp.types & e.bit() != 0 && self.spot_open(s, at, i, Element::Magic) {
                f(at, i as u8);
            }
        }
    }

    /// Calls: a wildlife from a location other than the druid's to the druid's location or,
    /// with Peat 1 (L716), to a location adjacent to the druid (never to where it already is).
    fn each_call(&self, s: &State, animals: u8, f: &mut impl FnMut(Action)) {
        let here = s.druids[s.turn as usize];
        let p = s.me();
        let dazzle = p.power(Element::Magic, 2);
        let mut dests = 1u32 << here;
        if p.power(Element::Earth, 0) {
            dests |= self.reach(s, here, 1, false);
        }
        for a in Animal::ALL {
            if animals & (1 << a as u8) == 0 {
                continue;
            }
            for to in 0..LOCS as u8 {
                if dests & (1 << to) == 0 {
                    continue;
                }
                // R13: the destination must have a spot that can take the restoration.
                let mut room = (0..self.c.tiles[to as usize].spots.len())
                    .any(|sp| self.spot_open(s, to, sp, a.element()));
                if dazzle && !room {
                    self.each_dazzle_spot(s, to, a.element(), &mut |_, _| room = true);
                }
                if !room {
                    continue;
                }
                for loc in 0..LOCS as u8 {
                    if loc != here && loc != to && s.wildlife[loc as usize][a.index()] > 0 {
                        f(Action::CallFrom { loc, animal: a, to });
                    }
                }
            }
        }
    }

    fn each_move(&self, s: &State, m: Move, f: &mut impl FnMut(Action)) {
        let here = s.druids[s.turn as usize];
        let on_air = self.terrain(here) & Element::Air.bit() != 0;
        let targets: u32 = match m {
            Move::Adjacent | Move::RiverAdjacent => self.reach(s, here, 1, false),
            Move::Within2 => self.reach(s, here, 2, false),
            Move::Flow => self.reach(s, here, 3, true),
            _ => {
                let mut t = 0u32;
                for l in 0..LOCS as u8 {
                    if s.cell[l as usize] == NONE {
                        continue;
                    }
                    let air = self.terrain(l) & Element::Air.bit() != 0;
                    let ok = match m {
                        Move::AirToAir => air,
                        Move::SoarAdvanced => on_air || air,
                        Move::Golem => s.golems.contains(&l),
                        Move::AirGolem => s.golems[Element::Air.index()] == l,
                        Move::Wildlife => s.wildlife[l as usize].iter().any(|&n| n > 0),
                        Move::EarthTerrain => self.terrain(l) & Element::Earth.bit() != 0,
                        _ => false,
                    };
                    if ok {
                        t |= 1 << l;
                    }
                }
                t & !(1 << here)
            }
        };
        for l in 0..LOCS as u8 {
            if targets & (1 << l) != 0 {
                f(Action::To(l));
            }
        }
        if m == Move::RiverAdjacent {
            f(Action::Decline);
        }
    }

    fn each_purify(&self, s: &State, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for sp in Spell::ALL {
            if p.is_corrupted(sp) {
                f(Action::Purify(sp));
            }
        }
        for m in 0..6u8 {
            if p.card_corrupted & (1 << m) != 0 {
                f(Action::PurifyCard(m));
            }
        }
    }

    /// The card over the mat enchantment of rune marker `m`, if any.
    pub fn card_over(&self, p: &Player, m: usize) -> Option<&Enchantment> {
        p.covered
            .get(m)
            .and_then(|&k| self.c.enchantments.get(k as usize))
    }

    /// Empty corruption slots of the cards over the mat (bit = rune marker).
    pub fn free_card_slots(&self, p: &Player) -> u8 {
        let mut free = 0;
        for m in 0..6 {
            if self.card_over(p, m).is_some_and(|c| c.corruption_slot)
                && p.card_corrupted & (1 << m) == 0
            {
                free |= 1 << m;
            }
        }
        free
    }

    /// The parts of an Immediate card's effect, resolved in any order (R34); ongoing cards
    /// have none.
    fn card_part_count(card: &Enchantment) -> u8 {
        match card.effect {
            _ if card.ongoing => 0,
            CardEffect::Gain2Advance
            | CardEffect::Vp3Harmony
            | CardEffect::Purify2
            | CardEffect::GolemHereAdvance => 2,
            _ => 1,
        }
    }

    /// Pushes part `i` of card kind `k` (every part is skipped if it cannot resolve, R34).
    fn push_card_part(&self, s: &mut State, k: u8, i: u8) {
        let Some(card) = self.c.enchantments.get(k as usize) else {
            return;
        };
        let e = card.element.unwrap_or(Element::Magic);
        let path = |e: Element| {
            if e == Element::Magic {
                Effect::AnyPath
            } else {
                Effect::Advance(e)
            }
        };
        let parts: ArrayVec<Effect, 2> = match (card.effect, i) {
            (CardEffect::Gain2Advance, 0) => {
                let t = Token::of_element(e);
                [Effect::Reward(Reward::Gain(t), e); 2]
                    .into_iter()
                    .collect()
            }
            (CardEffect::Gain2Advance, _) => [path(e)].into_iter().collect(),
            (CardEffect::RestoreNear, _) => {
                [Effect::Restore(Some(e), At::Near)].into_iter().collect()
            }
            (CardEffect::Upgrade, _) => {
                let el = (e != Element::Magic).then_some(e);
                [Effect::Reward(Reward::Upgrade(el), e)]
                    .into_iter()
                    .collect()
            }
            (CardEffect::Fae, _) => [Effect::Reward(Reward::Fae(Some(e)), e)]
                .into_iter()
                .collect(),
            (CardEffect::Vp3Harmony, 0) => [Effect::GainVp(3)].into_iter().collect(),
            (CardEffect::Vp3Harmony, _) => {
                [Effect::Reward(Reward::Harmony, e)].into_iter().collect()
            }
            (CardEffect::Purify2, _) => [Effect::Reward(Reward::Purify, e)].into_iter().collect(),
            (CardEffect::Potions2, _) => [Effect::Reward(Reward::Gain(Token::Potion), e); 2]
                .into_iter()
                .collect(),
            (CardEffect::GolemHereAdvance, 0) => [Effect::GolemHere].into_iter().collect(),
            (CardEffect::GolemHereAdvance, _) => [Effect::AnyPath].into_iter().collect(),
            (CardEffect::WildlifeAdjacentAdvance, _) => {
                [Effect::NudgeWildlife].into_iter().collect()
            }
            _ => ArrayVec::new(),
        };
        for effect in parts {
            let _ = s.pending.try_push(reward(effect));
        }
    }

    /// Plays card kind `k` from the hand over the mat enchantment of rune marker `m` (L485).
    fn play_card(&self, s: &mut State, seat: usize, m: u8, k: u8) {
        let Some(card) = self.c.enchantments.get(k as usize) else {
            return;
        };
        let p = &mut s.players[seat];
        if p.hand[k as usize] == 0 || m >= 6 {
            return;
        }
        p.hand[k as usize] -= 1;
        // Another copy may have been drawn unseen: no seat knows one is left.
        p.known &= !(1 << k);
        p.covered[m as usize] = k;
        if card.ongoing && card.effect == CardEffect::DrawSlot {
            p.draw_bonus += 1;
        }
        crate::knowledge::left_hand(s, seat, k as usize);
        self.push_card_effects(s, k);
    }

    /// Pushes an Immediate card's effects: its parts in the order the player picks (R34).
    fn push_card_effects(&self, s: &mut State, k: u8) {
        let Some(card) = self.c.enchantments.get(k as usize) else {
            return;
        };
        match Self::card_part_count(card) {
            0 => {}
            1 => self.push_card_part(s, k, 0),
            n => {
                let _ = s
                    .pending
                    .try_push(reward(Effect::CardParts(k, (1 << n) - 1)));
            }
        }
    }

    fn each_unbind(&self, s: &State, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for t in Token::ALL {
            if t == Token::Corruption {
                continue;
            }
            for (pool, n) in [
                (Pool::Bag, p.bag),
                (Pool::Spent, p.spent),
                (Pool::Drawn, p.drawn),
            ] {
                if n[t.index()] > 0 {
                    f(Action::Unbind(pool, t));
                }
            }
        }
        for place in 0..PLACES as u8 {
            for slot in 0..3u8 {
                if p.slots[place as usize][slot as usize].is_some() {
                    f(Action::UnbindSlot { place, slot });
                }
            }
        }
    }

    fn each_upgrade(&self, s: &State, e: Option<Element>, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for sp in Spell::ALL {
            let el = self.c.spells[sp.index()].element;
            if el.is_some() && !p.is_advanced(sp) && (e.is_none() || el == e) {
                f(Action::Upgrade(sp));
            }
        }
    }

    fn each_fae(&self, s: &State, e: Option<Element>, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for (i, fae) in self.c.fae.iter().enumerate() {
            if (e.is_none() || e == Some(fae.element)) && p.fae & (1 << i) == 0 && s.fae_left[i] > 0
            {
                f(Action::Fae(i as u8));
            }
        }
    }

    fn each_golem_token(&self, s: &State, golem: Element, any: bool, f: &mut impl FnMut(Action)) {
        let p = s.me();
        if p.golem_tokens == 0 {
            return;
        }
        for g in Element::ALL {
            if g != golem && !any {
                continue;
            }
            for power in 0..3u8 {
                if p.golems[g.index()][power as usize] == 0 {
                    for up in [true, false] {
                        f(Action::Golem {
                            golem: g,
                            power,
                            up,
                        });
                    }
                }
            }
        }
    }

    fn each_path(&self, s: &State, mask: u8, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for e in [Element::Earth, Element::Water, Element::Air] {
            if mask & e.bit() != 0 && (p.col[e.index()] < 15 || self.options.last_space_no_op) {
                f(Action::Path(e));
            }
        }
    }

    fn each_gain_assign(&self, s: &State, f: &mut impl FnMut(Action)) {
        let p = s.me();
        for token in [Token::Water, Token::Moonglow] {
            if s.supply[token.index()] == 0 {
                continue;
            }
            let mut any = false;
            for place in 0..Spell::NUM as u8 {
                for slot in 0..3u8 {
                    if self.fits(p, place, slot, token, token as u8) {
                        any = true;
                        f(Action::GainAssign { token, place, slot });
                    }
                }
            }
            if !any {
                f(Action::GainKeep(token));
            }
        }
    }

    /// The choices of an effect; none means it cannot be resolved.
    pub fn each_choice(&self, s: &State, e: Effect, f: &mut impl FnMut(Action)) {
        let p = s.me();
        let here = s.druids[s.turn as usize];
        match e {
            Effect::Move(m) => self.each_move(s, m, f),
            Effect::MoveGolem(g) => {
                for l in 0..LOCS as u8 {
                    if s.cell[l as usize] != NONE && l != s.golems[g.index()] {
                        f(Action::To(l));
                    }
                }
            }
            Effect::Call(animals) => self.each_call(s, animals, f),
            Effect::Restore(kind, at) => self.each_restore(s, kind, at, f),
            Effect::AdvanceRestored => {
                if let Some((Element::Magic, types)) = s.restored {
                    self.each_path(s, types, f);
                }
            }
            Effect::AnyPath => self.each_path(s, 0b111, f),
            Effect::TerrainPath => self.each_path(s, self.terrain(here), f),
            Effect::Branch(_) => {
                f(Action::Branch(0));
                f(Action::Branch(1));
            }
            Effect::Discover(_) => {
                f(Action::To(here));
                for l in 0..LOCS as u8 {
                    if l != here && self.adjacent(s, here, l) {
                        f(Action::To(l));
                    }
                }
            }
            Effect::Reward(r, _) => match r {
                Reward::Purify => self.each_purify(s, f),
                Reward::PurifyOrHarmony => {
                    self.each_purify(s, f);
                    if s.supply[CORRUPTION] > 0 {
                        f(Action::Harmony);
                    }
                }
                Reward::WaterOrMoonglow => self.each_gain_assign(s, f),
                Reward::Upgrade(el) => self.each_upgrade(s, el, f),
                Reward::Fae(el) => self.each_fae(s, el, f),
                _ => {}
            },
            Effect::GolemToken(g, any) => self.each_golem_token(s, g, any, f),
            Effect::Gain2(_) => {
                for t in CORE {
                    if s.supply[t.index()] > 0 {
                        f(Action::Gain(t));
                    }
                }
            }
            Effect::AssignGained(a, b) => {
                let mut any = false;
                for token in [a, b] {
                    if token == b && a == b && any {
                        break;
                    }
                    for place in 0..Spell::NUM as u8 {
                        if place == Spell::Transmute as u8 {
                            continue;
                        }
                        for slot in 0..3u8 {
                            if p.spent[token.index()] > 0
                                && self.fits(p, place, slot, token, token as u8)
                            {
                                any = true;
                                f(Action::AssignTo { token, place, slot });
                            }
                        }
                    }
                    if token == a && a == b {
                        break;
                    }
                }
            }
            Effect::Cleanse => {
                self.each_purify(s, f);
                self.each_unbind(s, f);
            }
            Effect::HarmonyOrUnbind => {
                if s.supply[CORRUPTION] > 0 {
                    f(Action::Harmony);
                }
                self.each_unbind(s, f);
            }
            Effect::TakeRune => {
                for i in 0..self.sites {
                    if self.site_loc[i as usize] == here && s.site_token[i as usize] != NONE {
                        f(Action::Site(i));
                    }
                }
            }
            Effect::Marker(_) => {
                for (m, &site) in p.markers.iter().enumerate() {
                    if site == NONE {
                        f(Action::Marker(m as u8));
                    }
                }
            }
            Effect::ToDen(a) => {
                for l in 0..LOCS as u8 {
                    if s.wildlife[l as usize][a.index()] > 0 {
                        f(Action::To(l));
                    }
                }
            }
            Effect::RiverRest => {
                self.each_purify(s, f);
                if s.supply[CORRUPTION] > 0 {
                    f(Action::Harmony);
                }
                f(Action::Decline);
            }
            Effect::PeatPurify => {
                self.each_purify(s, f);
                f(Action::Decline);
            }
            Effect::BreezeAssign(a) => {
                let token = Token::of_animal(a);
                if p.harmony > 0 && p.spent[token.index()] > 0 {
                    for score in [false, true] {
                        let place = wildlife_place(a, score);
                        if p.slots[place as usize][0].is_none() {
                            f(Action::AssignTo {
                                token,
                                place,
                                slot: 0,
                            });
                        }
                    }
                }
                f(Action::Decline);
            }
            Effect::BreezeRestore => {
                self.each_restore(s, None, At::Here, f);
                f(Action::Decline);
            }
            Effect::CallRestore(e, to) => {
                self.each_restore(s, Some(e), At::Loc(to), f);
                if p.power(Element::Magic, 2) && p.restorations[Element::Magic.index()] > 0 {
                    self.each_dazzle_spot(s, to, e, &mut |loc, spot| {
                        f(Action::Restore {
                            loc,
                            spot,
                            kind: Element::Magic,
                        })
                    });
                }
            }
            Effect::FaeOrUpgrade => {
                self.each_fae(s, None, f);
                self.each_upgrade(s, None, f);
            }
            Effect::Serene(mask) => self.each_path(s, mask, f),
            Effect::Enchant(_) => {
                f(Action::KeepMat);
                for (k, &n) in p.hand.iter().enumerate() {
                    if n > 0 {
                        f(Action::PlayCard(k as u8));
                    }
                }
            }
            Effect::CardParts(_, left) => {
                for i in 0..8u8 {
                    if left & (1 << i) != 0 {
                        f(Action::CardPart(i));
                    }
                }
            }
            Effect::GolemHere => {
                for g in Element::ALL {
                    if s.golems[g.index()] != here {
                        f(Action::GolemHere(g));
                    }
                }
            }
            Effect::NudgeWildlife => {
                for loc in 0..LOCS as u8 {
                    if s.cell[loc as usize] == NONE {
                        continue;
                    }
                    for a in Animal::ALL {
                        if s.wildlife[loc as usize][a.index()] > 0 {
                            for to in self.neighbours(s, loc) {
                                f(Action::CallFrom { loc, animal: a, to });
                            }
                        }
                    }
                }
            }
            Effect::KeepOnUpgrade { kept, other, .. } => {
                for t in [kept, other] {
                    f(Action::Keep {
                        token: t.token,
                        as_core: t.as_core,
                    });
                }
            }
            Effect::RenPurify => {
                if p.spent[CORRUPTION] > 0 {
                    f(Action::PurifyGained);
                }
                f(Action::Decline);
            }
            Effect::Summon(i) => {
                let t = Token::fae(i as usize);
                if i < 8
                    && p.harmony > 0
                    && p.spent[t.index()] > 0
                    && p.slots[fae_place(i as usize) as usize][0].is_none()
                {
                    f(Action::Summon(i));
                }
                f(Action::Decline);
            }
            Effect::FaeSecondary { fae, memo } => {
                let cost = self.c.fae.get(fae as usize).map_or(u8::MAX, |x| x.harmony);
                if p.harmony >= cost
                    && Self::fae_secondary(fae, memo).is_some_and(|e| self.possible(s, e))
                {
                    f(Action::Secondary);
                }
                f(Action::Decline);
            }
            Effect::KeepRevealed => {
                for (k, &n) in s.revealed.iter().enumerate() {
                    if n > 0 {
                        f(Action::KeepCard(k as u8));
                    }
                }
            }
            Effect::PlayDiscard => {
                for (k, &n) in p.hand.iter().enumerate() {
                    if n > 0 && self.c.enchantments.get(k).is_some_and(|c| !c.ongoing) {
                        f(Action::PlayCard(k as u8));
                    }
                }
            }
            Effect::UnbindUpTo(_) => {
                self.each_unbind(s, f);
                f(Action::Decline);
            }
            Effect::Replay => {
                for sp in Spell::ALL {
                    if self.performable(s, sp as u8) {
                        f(Action::Replay(sp));
                    }
                }
            }
            Effect::FaeAdvance { lowest, .. } => {
                let low = p.col.iter().copied().min().unwrap_or(1);
                let mut mask = 0u8;
                for e in [Element::Earth, Element::Water, Element::Air] {
                    if !lowest || p.col[e.index()] == low {
                        mask |= e.bit();
                    }
                }
                self.each_path(s, mask, f);
            }
            Effect::OtherSpace { path, col } => {
                if (1..=COLUMNS as u8).contains(&col) {
                    let branches = if FORK.contains(&col) { 2 } else { 1 };
                    for e in [Element::Earth, Element::Water, Element::Air] {
                        if e != path {
                            for branch in 0..branches {
                                f(Action::OtherSpace { path: e, branch });
                            }
                        }
                    }
                }
            }
            Effect::QuicklingSecondary => {
                self.each_restore(s, Some(Element::Air), At::NoDruid, f);
                self.each_path(s, Element::Air.bit(), f);
            }
            Effect::PurifyPool => {
                if p.bag[CORRUPTION] > 0 {
                    f(Action::PurifyFrom(Pool::Bag));
                }
                if p.spent[CORRUPTION] > 0 {
                    f(Action::PurifyFrom(Pool::Spent));
                }
            }
            Effect::CopyFae => {
                for i in 0..8u8 {
                    if self.possible(s, Self::fae_primary(i).0) {
                        f(Action::CopyFae(i));
                    }
                }
            }
            // Automatic effects have no choices.
            Effect::Reveal(_) => {}
            Effect::Advance(_)
            | Effect::Cs(_)
            | Effect::ScoreWildlife(_)
            | Effect::SereneStart
            | Effect::GainVp(_)
            | Effect::DrawCards(_) => {}
        }
    }

    fn is_automatic(&self, s: &State, e: Effect) -> bool {
        match e {
            Effect::Advance(_)
            | Effect::Cs(_)
            | Effect::ScoreWildlife(_)
            | Effect::SereneStart
            | Effect::GainVp(_) => true,
            Effect::CardParts(_, left) => left.count_ones() == 1,
            Effect::AdvanceRestored => !matches!(s.restored, Some((Element::Magic, _))),
            Effect::Reward(r, _) => matches!(
                r,
                Reward::None
                    | Reward::Wildlife
                    | Reward::Harmony
                    | Reward::Gain(_)
                    | Reward::AnyPath
                    | Reward::GolemPower
                    | Reward::Enchantments
            ),
            _ => false,
        }
    }

    // ----- applying ------------------------------------------------------------------------

    /// Applies a listed action.
    pub fn play(&self, s: &mut State, a: Action) {
        let seat = s.turn as usize;
        match (s.phase, a) {
            (Phase::DrawTile, Action::DrawTile(t)) => {
                s.stack &= !(1u32.checked_shl(t as u32).unwrap_or(0));
                s.phase = Phase::PlaceTile(t);
            }
            (Phase::PlaceTile(t), Action::PlaceTile { cell, rot }) => {
                if (cell as usize) < CELLS && (t as usize) < LOCS && s.at[cell as usize] == NONE {
                    s.at[cell as usize] = t;
                    s.cell[t as usize] = cell;
                    s.rot[t as usize] = rot % 6;
                }
                s.turn = (s.turn + 1) % self.players as u8;
                s.phase = if s.stack != 0 {
                    Phase::DrawTile
                } else if self.sites > 0 {
                    Phase::Rune(0)
                } else {
                    self.finish_board(s);
                    Phase::Familiar(0)
                };
            }
            (Phase::Rune(site), Action::RuneToken(i)) => {
                s.rune_pool &= !(1u32.checked_shl(i as u32).unwrap_or(0));
                if let Some(t) = s.site_token.get_mut(site as usize) {
                    *t = i;
                }
                if site + 1 < self.sites {
                    s.phase = Phase::Rune(site + 1);
                } else {
                    self.finish_board(s);
                    s.phase = Phase::Familiar(0);
                }
            }
            (Phase::Familiar(p), Action::DealFamiliar(i)) if self.options.subsequent_game => {
                // Two familiars per player, seen by their owner only (L182).
                s.familiars_left &= !(1u8.checked_shl(i as u32).unwrap_or(0));
                if let Some(pl) = s.players.get_mut(p as usize / 2) {
                    pl.dealt |= 1u8.checked_shl(i as u32).unwrap_or(0);
                }
                let n = self.players as u8;
                let next = p + 1;
                if next < 2 * n {
                    s.phase = Phase::Familiar(next);
                    s.turn = next / 2;
                } else {
                    s.turn = 0;
                    s.phase = Phase::Pack(0);
                    self.skip_empty_deal(s);
                }
            }
            (Phase::Pack(i), Action::DrawCard(k)) => {
                if let Some(n) = s.deck.get_mut(k as usize).filter(|n| **n > 0) {
                    *n -= 1;
                    s.players[i as usize / 7].pack[k as usize] += 1;
                }
                s.phase = Phase::Pack(i + 1);
                s.turn = (i + 1) / 7;
                self.skip_empty_deal(s);
            }
            (Phase::Draft(step), Action::Pick(k)) => {
                let p = &mut s.players[seat];
                if p.pack.get(k as usize) > Some(&0) {
                    p.pack[k as usize] -= 1;
                    p.hand[k as usize] += 1;
                    if let Some(pick) = p.draft_picks.get_mut(step as usize) {
                        *pick = k;
                    }
                }
                self.next_pick(s, step);
            }
            (Phase::KeepFamiliar, Action::KeepFamiliar(i)) => {
                let p = &mut s.players[seat];
                if p.dealt & (1u8.checked_shl(i as u32).unwrap_or(0)) != 0 {
                    p.dealt = 1 << i;
                }
                s.turn = (s.turn + 1) % self.players as u8;
                if s.turn == s.first {
                    // Everyone has chosen: the kept familiars are revealed together; the others
                    // go back to the box unseen.
                    for p in s.players.iter_mut() {
                        p.familiar = if p.dealt != 0 {
                            p.dealt.trailing_zeros() as u8
                        } else {
                            NONE
                        };
                        p.dealt = 0;
                    }
                    self.starting_bonuses(s);
                    s.turn = s.first;
                    self.start_round(s);
                }
            }
            (Phase::Familiar(p), Action::DealFamiliar(i)) => {
                s.familiars_left &= !(1u8.checked_shl(i as u32).unwrap_or(0));
                if let Some(pl) = s.players.get_mut(p as usize) {
                    pl.familiar = i;
                }
                if (p as usize) + 1 < self.players {
                    s.phase = Phase::Familiar(p + 1);
                } else {
                    self.starting_bonuses(s);
                    s.turn = s.first;
                    self.start_round(s);
                }
            }
            (Phase::Reclaim, Action::Reclaim { place, slot }) => {
                let p = &mut s.players[seat];
                if let Some(t) = p
                    .slots
                    .get_mut(place as usize)
                    .and_then(|x| x.get_mut(slot as usize))
                    .and_then(Option::take)
                {
                    p.drawn[t.token.index()] += 1;
                }
                self.after_reclaim(s);
            }
            (Phase::Reclaim, Action::BreezeTake(t)) => {
                let p = &mut s.players[seat];
                if p.spent[t.index()] > 0 {
                    p.spent[t.index()] -= 1;
                    p.drawn[t.index()] += 1;
                }
                self.after_reclaim(s);
            }
            (Phase::Reclaim, Action::StartDrawing) => self.continue_drawing(s),
            (Phase::Drawing, Action::Draw(t)) => {
                let p = &mut s.players[seat];
                p.bag[t.index()] = p.bag[t.index()].saturating_sub(1);
                if t == Token::Corruption {
                    let p = &s.players[seat];
                    if Spell::ALL.iter().any(|&sp| self.has_free_cs(p, sp))
                        || self.free_card_slots(p) != 0
                    {
                        s.phase = Phase::Corruption;
                        return;
                    }
                    // No free corruption slot: back to the supply, −2 VP (L269).
                    s.supply[CORRUPTION] += 1;
                    let p = &mut s.players[seat];
                    p.vp = p.vp.saturating_sub(2);
                } else {
                    p.drawn[t.index()] += 1;
                }
                self.continue_drawing(s);
            }
            (Phase::Corruption, Action::CorruptionOn(sp)) => {
                s.players[seat].corrupted |= 1 << sp as u16;
                self.continue_drawing(s);
            }
            (Phase::Corruption, Action::CorruptionOnCard(m)) => {
                s.players[seat].card_corrupted |= 1 << m;
                self.continue_drawing(s);
            }
            (
                Phase::Prepare,
                Action::Assign {
                    token,
                    place,
                    slot,
                    as_core,
                },
            ) => {
                let p = &mut s.players[seat];
                if p.drawn[token.index()] > 0 && (place as usize) < PLACES && slot < 3 {
                    p.drawn[token.index()] -= 1;
                    p.slots[place as usize][slot as usize] = Some(Placed { token, as_core });
                }
                if !self.can_assign(s) {
                    self.next_preparer(s);
                }
            }
            (Phase::Prepare, Action::Ready) => self.next_preparer(s),
            (Phase::Act, Action::Perform(place)) => self.perform(s, place),
            (Phase::Act, Action::Rest) => {
                s.players[seat].rested = true;
                if s.first_rest == NONE {
                    s.first_rest = s.turn;
                }
                if s.players[seat].power(Element::Water, 0) {
                    s.pending.push(reward(Effect::RiverRest));
                    self.settle(s);
                } else {
                    self.next_actor(s);
                }
            }
            (Phase::DrawCard, Action::DrawCard(k)) => {
                if let Some(n) = s.deck.get_mut(k as usize).filter(|n| **n > 0) {
                    *n -= 1;
                    s.players[seat].hand[k as usize] += 1;
                    crate::knowledge::drawn(s, seat, k as usize);
                }
                if let Some(Effect::DrawCards(n)) = s.pending.pop().map(|p| p.effect) {
                    if n > 1 {
                        let _ = s.pending.try_push(reward(Effect::DrawCards(n - 1)));
                    }
                }
                self.settle(s);
            }
            (Phase::Reveal, Action::Reveal(k)) => {
                if let Some(n) = s.deck.get_mut(k as usize).filter(|n| **n > 0) {
                    *n -= 1;
                    s.revealed[k as usize] += 1;
                    crate::knowledge::revealed(s, k as usize);
                }
                if let Some(Effect::Reveal(n)) = s.pending.pop().map(|p| p.effect) {
                    if n > 1 {
                        let _ = s.pending.try_push(pend(Effect::Reveal(n - 1)));
                    }
                }
                self.settle(s);
            }
            (Phase::Resolve, a) => self.resolve(s, a),
            _ => {}
        }
    }

    /// Moves past pack deals that cannot happen (an empty deck) and starts the draft after the
    /// last one.
    fn skip_empty_deal(&self, s: &mut State) {
        let n = self.players as u8;
        while let Phase::Pack(i) = s.phase {
            if i >= 7 * n {
                s.turn = s.first;
                s.phase = Phase::Draft(0);
                Self::record_packs(s, 0);
                return;
            }
            if s.deck.iter().any(|&k| k > 0) {
                return;
            }
            s.phase = Phase::Pack(i + 1);
            s.turn = (i + 1) / 7;
        }
    }

    /// Each player sees the pack in front of it at the start of a draft round (R36).
    fn record_packs(s: &mut State, round: usize) {
        let Some(&(at, size)) = crate::state::DRAFT_ROUNDS.get(round) else {
            return;
        };
        for p in s.players.iter_mut() {
            let mut i = 0;
            for (k, &c) in p.pack.iter().enumerate() {
                for _ in 0..c {
                    if i < size {
                        p.draft_seen[at + i] = k as u8;
                        i += 1;
                    }
                }
            }
        }
    }

    /// After a pick: the next seat in turn order picks; once all have, the next pick, packs
    /// passing left after every second pick (R36); after the sixth the last cards are
    /// discarded face up and each player keeps a familiar (L186–188).
    fn next_pick(&self, s: &mut State, step: u8) {
        let n = self.players as u8;
        s.turn = (s.turn + 1) % n;
        if s.turn != s.first {
            return;
        }
        let step = step + 1;
        if step.is_multiple_of(2) {
            let packs: ArrayVec<[u8; CARD_KINDS], 4> = s.players.iter().map(|p| p.pack).collect();
            for (q, pack) in packs.into_iter().enumerate() {
                s.players[(q + 1) % n as usize].pack = pack;
            }
        }
        if step < 6 {
            s.phase = Phase::Draft(step);
            if step.is_multiple_of(2) {
                Self::record_packs(s, step as usize / 2);
            }
            return;
        }
        // The last card of each pack, discarded face up, by the seat its pack was dealt to.
        for q in 0..n as usize {
            let origin = (q + 3 * n as usize - 3) % n as usize;
            let left = s.players[q].pack.iter().position(|&c| c > 0);
            s.players[origin].draft_left = left.map_or(NONE, |k| k as u8);
        }
        for p in s.players.iter_mut() {
            for (d, k) in s.discard.iter_mut().zip(p.pack.iter_mut()) {
                *d += *k;
                *k = 0;
            }
        }
        for m in 0..n as usize {
            crate::knowledge::after_draft(s, m);
        }
        s.phase = Phase::KeepFamiliar;
    }

    fn can_assign(&self, s: &State) -> bool {
        self.assign_scan(s, &mut |_| true)
    }

    fn start_round(&self, s: &mut State) {
        s.done = 0;
        s.first_rest = NONE;
        for p in s.players.iter_mut() {
            p.rested = false;
        }
        s.turn = s.first;
        self.start_drawing_for(s);
    }

    fn start_drawing_for(&self, s: &mut State) {
        let mut any = false;
        self.each_reclaim(s, &mut |_| any = true);
        if any {
            s.phase = Phase::Reclaim;
        } else {
            self.continue_drawing(s);
        }
    }

    fn after_reclaim(&self, s: &mut State) {
        let mut any = false;
        self.each_reclaim(s, &mut |_| any = true);
        if !any {
            self.continue_drawing(s);
        }
    }

    /// Draws until the open draw slots are full or the bag and spent pool are empty (L266–270).
    fn continue_drawing(&self, s: &mut State) {
        let open = s.me().open_slots(self.c.draw_slots);
        let p = s.me_mut();
        if p.drawn_count() < open {
            if p.bag.iter().all(|&n| n == 0) {
                for t in 0..Token::NUM {
                    p.bag[t] += p.spent[t];
                    p.spent[t] = 0;
                }
            }
            if p.bag.iter().any(|&n| n > 0) {
                s.phase = Phase::Drawing;
                return;
            }
        }
        // This player has drawn; the next in turn order draws (R8).
        s.done += 1;
        if (s.done as usize) < self.players {
            s.turn = (s.turn + 1) % self.players as u8;
            self.start_drawing_for(s);
        } else {
            s.done = 0;
            s.turn = s.first;
            self.start_preparing(s);
        }
    }

    fn start_preparing(&self, s: &mut State) {
        s.phase = Phase::Prepare;
        if !self.can_assign(s) {
            self.next_preparer(s);
        }
    }

    fn next_preparer(&self, s: &mut State) {
        s.done += 1;
        if (s.done as usize) < self.players {
            s.turn = (s.turn + 1) % self.players as u8;
            self.start_preparing(s);
        } else {
            s.done = 0;
            s.turn = s.first;
            s.phase = Phase::Act;
        }
    }

    fn next_actor(&self, s: &mut State) {
        if let Some(p) = s.players.get_mut(s.turn as usize) {
            // Fae summoned this turn become usable (L564).
            p.summoned = 0;
        }
        s.restored = None;
        s.pending.clear();
        let n = self.players as u8;
        for k in 1..=n {
            let t = (s.turn + k) % n;
            if !s.players[t as usize].rested {
                s.turn = t;
                s.phase = Phase::Act;
                return;
            }
        }
        self.recover(s);
    }

    /// Recover phase (L335–339): the round marker moves on; barriers come off after rounds 2
    /// and 4; the first player to rest starts the next round.
    fn recover(&self, s: &mut State) {
        s.round += 1;
        if s.first_rest != NONE {
            s.first = s.first_rest;
        }
        if s.round >= self.c.rounds {
            s.phase = Phase::Over;
            s.turn = s.first;
            return;
        }
        if self.c.barrier_after.contains(&s.round) {
            for p in s.players.iter_mut() {
                p.barriers = p.barriers.saturating_sub(1);
            }
        }
        self.start_round(s);
    }

    // ----- performing ----------------------------------------------------------------------

    fn push_seq(s: &mut State, seq: &[Pending]) {
        for &e in seq.iter().rev() {
            if s.pending.try_push(e).is_err() {
                break;
            }
        }
    }

    fn perform(&self, s: &mut State, place: u8) {
        let seat = s.turn as usize;
        let n = self.place_slots(&s.players[seat], place);
        let first = s.players[seat].slots[place as usize][0];
        if n == 0 {
            return;
        }
        // Pay the cost: spend or release each token (L312–313).
        for slot in 0..n {
            let Some(t) = s.players[seat].slots[place as usize][slot].take() else {
                continue;
            };
            let release = match place {
                pl if (pl as usize) < Spell::NUM => {
                    let sp = Spell::ALL[pl as usize];
                    self.c.side(sp, s.players[seat].is_advanced(sp)).slots[slot].release
                }
                // A wildlife card's scoring action releases its token (L585); fae spend.
                pl => pl > FAMILIAR_PLACE && pl < FAE_PLACE && (pl - 11) % 2 == 1,
            };
            if release {
                if t.token != Token::Familiar {
                    s.supply[t.token.index()] += 1;
                }
            } else {
                s.players[seat].spent[t.token.index()] += 1;
            }
        }
        self.push_effects(s, place, first);
        self.settle(s);
    }

    /// Pushes the effects of the action at `place` (its cost already paid, or waived by
    /// Glimmerglide); `first` is the token that was on its first slot.
    fn push_effects(&self, s: &mut State, place: u8, first: Option<Placed>) {
        let seat = s.turn as usize;
        let elem = Element::ALL[first.map_or(0, |t| t.as_core.min(3)) as usize];
        let p = &s.players[seat];
        match place {
            pl if (pl as usize) < Spell::NUM => {
                let sp = Spell::ALL[pl as usize];
                let adv = p.is_advanced(sp);
                let cs = pend(Effect::Cs(sp));
                match sp {
                    Spell::Stride => {
                        let m = if adv { Move::Within2 } else { Move::Adjacent };
                        Self::push_seq(s, &[pend(Effect::Move(m)), cs]);
                    }
                    Spell::Soar => {
                        let m = if adv {
                            Move::SoarAdvanced
                        } else {
                            Move::AirToAir
                        };
                        Self::push_seq(s, &[pend(Effect::Move(m)), cs]);
                    }
                    Spell::Flow => Self::push_seq(s, &[pend(Effect::Move(Move::Flow)), cs]),
                    Spell::Convoke => Self::push_seq(s, &[pend(Effect::Move(Move::Golem)), cs]),
                    Spell::Transmute => Self::push_seq(s, &[pend(Effect::Gain2(None))]),
                    Spell::Restore => {
                        Self::push_seq(s, &[pend(Effect::Restore(Some(elem), At::Here)), cs])
                    }
                    Spell::Inscribe => Self::push_seq(s, &[pend(Effect::TakeRune)]),
                    Spell::Cleanse => Self::push_seq(s, &[pend(Effect::Cleanse), cs]),
                    Spell::CallWildlife => Self::push_seq(s, &[pend(Effect::Call(0b111)), cs]),
                    Spell::Whisper => {
                        let any = p.power(Element::Magic, 1);
                        Self::push_seq(
                            s,
                            &[
                                pend(Effect::GolemToken(elem, any)),
                                pend(Effect::MoveGolem(elem)),
                                pend(Effect::Restore(Some(elem), At::Golem(elem))),
                                cs,
                            ],
                        );
                    }
                }
            }
            FAMILIAR_PLACE => {
                let e = self.familiar_element(p);
                let seq: ArrayVec<Pending, 3> = match self.familiar_name(p) {
                    "Paddle" => [
                        pend(Effect::Move(Move::AirGolem)),
                        pend(Effect::Advance(Element::Air)),
                    ]
                    .into_iter()
                    .collect(),
                    "Astra" => [
                        pend(Effect::Move(Move::Wildlife)),
                        pend(Effect::TerrainPath),
                    ]
                    .into_iter()
                    .collect(),
                    "Ren" => [pend(Effect::Restore(
                        Some(Element::Water),
                        At::WaterConnected,
                    ))]
                    .into_iter()
                    .collect(),
                    "Cinder" => [
                        pend(Effect::Restore(Some(Element::Magic), At::Here)),
                        pend(Effect::AdvanceRestored),
                    ]
                    .into_iter()
                    .collect(),
                    "Serene" => [
                        pend(Effect::Restore(Some(Element::Magic), At::Here)),
                        pend(Effect::SereneStart),
                    ]
                    .into_iter()
                    .collect(),
                    // Tango, Ollie, Sal: a restoration of the element here, then its path.
                    _ => [
                        pend(Effect::Restore(Some(e), At::Here)),
                        pend(Effect::Advance(e)),
                    ]
                    .into_iter()
                    .collect(),
                };
                Self::push_seq(s, &seq);
            }
            pl if pl >= FAE_PLACE => {
                let i = pl - FAE_PLACE;
                // The primary first, resolved entirely; then the optional secondary (L566).
                let _ = s
                    .pending
                    .try_push(reward(Effect::FaeSecondary { fae: i, memo: NONE }));
                Self::push_fae_primary(s, i);
            }
            pl => {
                let a = Animal::ALL[((pl - 11) / 2) as usize];
                if (pl - 11) % 2 == 0 {
                    // Call cards advance unconditionally (R41).
                    Self::push_seq(
                        s,
                        &[
                            pend(Effect::Call(1 << a as u8)),
                            pend(Effect::Advance(a.element())),
                        ],
                    );
                } else {
                    Self::push_seq(s, &[pend(Effect::ScoreWildlife(a))]);
                }
            }
        }
    }

    // ----- fae (appendix, L666–703) --------------------------------------------------------

    /// Fae `i`'s primary action: its first effect and the one after it, if any.
    fn fae_primary(i: u8) -> (Effect, Option<Effect>) {
        match i {
            // Quickling, Sappling: "Place 1 restoration of any kind in the location occupied
            // by your druid."
            0 | 3 => (Effect::Restore(None, At::Here), None),
            // Wilwisp: "Reveal 5 enchantment cards from the deck and keep 1."
            1 => (Effect::Reveal(5), Some(Effect::KeepRevealed)),
            // BurrowPig: "Move your druid to any location that has earth terrain."
            2 => (Effect::Move(Move::EarthTerrain), None),
            // Glimmerglide: "Unbind 0, 1, or 2 action tokens (not corruption)."
            4 => (Effect::UnbindUpTo(2), None),
            // Wisperwog: "Advance your lowest path marker 1 space. If tied, you choose."
            5 => (
                Effect::FaeAdvance {
                    fae: 5,
                    lowest: true,
                },
                None,
            ),
            // Aetherdrake: "Advance your marker 1 space on any path."
            6 => (
                Effect::FaeAdvance {
                    fae: 6,
                    lowest: false,
                },
                None,
            ),
            // Lunehare: "Purify 1 corruption from your token bag or spent pool."
            _ => (Effect::PurifyPool, None),
        }
    }

    fn push_fae_primary(s: &mut State, i: u8) {
        let (first, then) = Self::fae_primary(i);
        if let Some(then) = then {
            let _ = s.pending.try_push(pend(then));
        }
        let _ = s.pending.try_push(pend(first));
    }

    /// Fae `i`'s secondary action, once its harmony is released; `None` when it depends on a
    /// path the primary did not move.
    fn fae_secondary(i: u8, memo: u8) -> Option<Effect> {
        let moved = (memo != NONE).then(|| Element::ALL[(memo % 4) as usize]);
        match i {
            0 => Some(Effect::QuicklingSecondary),
            1 => Some(Effect::PlayDiscard),
            2 => Some(Effect::Advance(Element::Earth)),
            3 => Some(Effect::Restore(None, At::Near)),
            4 => Some(Effect::Replay),
            // Wisperwog: "Advance 1 more space on the same path."
            5 => moved.map(Effect::Advance),
            // Aetherdrake: "the rewards from space on one of the other 2 paths, at the same
            // position as the path marker you moved."
            6 => moved.map(|path| Effect::OtherSpace {
                path,
                col: memo / 4,
            }),
            7 => Some(Effect::CopyFae),
            _ => None,
        }
    }

    /// Whether an effect could resolve now (listing optional fae actions only when they can).
    fn possible(&self, s: &State, e: Effect) -> bool {
        match e {
            Effect::Advance(path) => {
                (s.me().col[path.index().min(2)] as usize) < COLUMNS
                    || self.options.last_space_no_op
            }
            Effect::Reveal(_) => s.deck.iter().chain(s.discard.iter()).any(|&n| n > 0),
            _ => {
                let mut any = false;
                self.each_choice(s, e, &mut |_| any = true);
                any
            }
        }
    }

    /// Unbinds a token (L237): +2 VP; it goes back to the supply (a familiar's is lost, R39).
    fn unbind(s: &mut State, seat: usize, a: Action) {
        let p = &mut s.players[seat];
        let t = match a {
            Action::Unbind(pool, t) => {
                let n = match pool {
                    Pool::Bag => &mut p.bag,
                    Pool::Spent => &mut p.spent,
                    Pool::Drawn => &mut p.drawn,
                };
                if n[t.index()] == 0 {
                    return;
                }
                n[t.index()] -= 1;
                t
            }
            Action::UnbindSlot { place, slot } => {
                match p
                    .slots
                    .get_mut(place as usize)
                    .and_then(|x| x.get_mut(slot as usize))
                    .and_then(Option::take)
                {
                    Some(t) => t.token,
                    None => return,
                }
            }
            _ => return,
        };
        p.vp += 2;
        if t != Token::Familiar {
            s.supply[t.index()] += 1;
        }
    }

    /// Resolves automatic effects until a choice is due or the action is over. An effect
    /// that cannot be resolved halts the action (L321) unless it is a reward "if possible".
    fn settle(&self, s: &mut State) {
        while let Some(&top) = s.pending.last() {
            if let Effect::DrawCards(n) = top.effect {
                if n > 0 && s.deck.iter().all(|&k| k == 0) {
                    // R35: the discard pile is shuffled into a new deck.
                    crate::knowledge::reshuffled(s);
                    s.deck = s.discard;
                    s.discard = [0; CARD_KINDS];
                }
                if n > 0 && s.deck.iter().any(|&k| k > 0) {
                    s.phase = Phase::DrawCard;
                    return;
                }
                s.pending.pop();
                continue;
            }
            if let Effect::Reveal(n) = top.effect {
                if n > 0 && s.deck.iter().all(|&k| k == 0) {
                    // R35: the discard pile is shuffled into a new deck.
                    crate::knowledge::reshuffled(s);
                    s.deck = s.discard;
                    s.discard = [0; CARD_KINDS];
                }
                if n > 0 && s.deck.iter().any(|&k| k > 0) {
                    s.phase = Phase::Reveal;
                    return;
                }
                s.pending.pop();
                continue;
            }
            if self.is_automatic(s, top.effect) {
                s.pending.pop();
                if !self.auto(s, top.effect) && top.halts {
                    s.pending.clear();
                }
                continue;
            }
            let mut any = false;
            self.each_choice(s, top.effect, &mut |_| any = true);
            if any {
                s.phase = Phase::Resolve;
                return;
            }
            s.pending.pop();
            if top.halts {
                s.pending.clear();
            }
        }
        self.next_actor(s);
    }

    fn gain(s: &mut State, seat: usize, t: Token) -> bool {
        if s.supply[t.index()] == 0 {
            return false;
        }
        s.supply[t.index()] -= 1;
        s.players[seat].spent[t.index()] += 1;
        true
    }

    fn gain_harmony(s: &mut State, seat: usize) -> bool {
        if s.supply[CORRUPTION] == 0 {
            return false;
        }
        s.supply[CORRUPTION] -= 1;
        s.players[seat].harmony += 1;
        true
    }

    /// The active player gains corruption into the spent pool when a figure their effect moved
    /// ends on a corrupted border (R11); Peat 2 then offers a purification (R30).
    fn border(&self, s: &mut State, loc: u8) {
        let seat = s.turn as usize;
        if s.borders & (1u32 << loc) != 0
            && Self::gain(s, seat, Token::Corruption)
            && s.players[seat].power(Element::Earth, 1)
        {
            let _ = s.pending.try_push(reward(Effect::PeatPurify));
        }
    }

    /// Performs an automatic effect; false if it could not be resolved.
    fn auto(&self, s: &mut State, e: Effect) -> bool {
        let seat = s.turn as usize;
        match e {
            Effect::Advance(path) => self.advance(s, path),
            Effect::AdvanceRestored => match s.restored {
                Some((k, _)) if k != Element::Magic => self.advance(s, k),
                _ => false,
            },
            Effect::Cs(sp) => {
                let p = &s.players[seat];
                if p.is_corrupted(sp) {
                    return true;
                }
                match self.cs_of(p, sp) {
                    None => true,
                    Some(CsEffect::Purify) => {
                        let _ = s
                            .pending
                            .try_push(pend(Effect::Reward(Reward::Purify, Element::Magic)));
                        true
                    }
                    Some(CsEffect::DrawEnchantment) => {
                        let _ = s.pending.try_push(reward(Effect::DrawCards(1)));
                        true
                    }
                    Some(CsEffect::HarmonyOrUnbind) => {
                        let _ = s.pending.try_push(pend(Effect::HarmonyOrUnbind));
                        true
                    }
                    Some(CsEffect::Vp2) => {
                        s.players[seat].vp += 2;
                        true
                    }
                    // Transmute's slot is checked when the tokens are gained.
                    Some(CsEffect::AssignGained) => true,
                    Some(CsEffect::AdvanceRestored) => {
                        let _ = s.pending.try_push(pend(Effect::AdvanceRestored));
                        true
                    }
                    Some(CsEffect::CleanseAgain) => {
                        let _ = s.pending.try_push(pend(Effect::Cleanse));
                        true
                    }
                }
            }
            Effect::ScoreWildlife(a) => {
                let vp = self.wildlife_vp(s, a);
                s.players[seat].vp += vp as u16;
                let _ = s.pending.try_push(reward(Effect::ToDen(a)));
                true
            }
            Effect::GainVp(n) => {
                s.players[seat].vp += n as u16;
                true
            }
            Effect::CardParts(k, left) => {
                self.push_card_part(s, k, left.trailing_zeros() as u8);
                true
            }
            Effect::SereneStart => {
                // Each path whose type has a non-magic restoration here, anyone's (L664).
                let here = s.druids[seat] as usize;
                let mut mask = 0u8;
                for path in [Element::Earth, Element::Water, Element::Air] {
                    if s.spots[here]
                        .iter()
                        .any(|&o| o != 0 && (o - 1) % 4 == path as u8)
                    {
                        mask |= path.bit();
                    }
                }
                if mask != 0 {
                    let _ = s.pending.try_push(pend(Effect::Serene(mask)));
                }
                true
            }
            Effect::Reward(r, path) => match r {
                Reward::None => true,
                Reward::Wildlife => {
                    let a = self.c.paths[path.index().min(2)].wildlife;
                    self.gain_wildlife(s, seat, a)
                }
                Reward::Harmony => Self::gain_harmony(s, seat),
                Reward::Gain(t) => Self::gain(s, seat, t),
                Reward::AnyPath => {
                    let _ = s.pending.try_push(reward(Effect::AnyPath));
                    true
                }
                Reward::GolemPower => {
                    let _ = s
                        .pending
                        .try_push(reward(Effect::GolemToken(Element::Magic, true)));
                    true
                }
                Reward::Enchantments => {
                    let _ = s.pending.try_push(reward(Effect::DrawCards(2)));
                    true
                }
                _ => false,
            },
            _ => false,
        }
    }

    fn gain_wildlife(&self, s: &mut State, seat: usize, a: Animal) -> bool {
        // No token, no card (R40).
        if !Self::gain(s, seat, Token::of_animal(a)) {
            return false;
        }
        let p = &mut s.players[seat];
        if p.wildlife_cards & (1 << a as u8) == 0 && s.wildlife_cards_left[a.index()] > 0 {
            p.wildlife_cards |= 1 << a as u8;
            s.wildlife_cards_left[a.index()] -= 1;
        }
        if p.power(Element::Air, 0) && p.harmony > 0 && p.wildlife_cards & (1 << a as u8) != 0 {
            let _ = s.pending.try_push(reward(Effect::BreezeAssign(a)));
        }
        true
    }

    /// Advances one space (L591–599): the fork asks for a branch; passing a wildlife icon
    /// with meeples discovers one first (R24); then the entered space's reward.
    fn advance(&self, s: &mut State, path: Element) -> bool {
        let i = path.index().min(2);
        let col = s.me().col[i];
        if col as usize >= crate::components::COLUMNS {
            return self.options.last_space_no_op;
        }
        if col + 1 == FORK[0] {
            let _ = s.pending.try_push(pend(Effect::Branch(path)));
            return true;
        }
        self.enter(s, path, col + 1);
        true
    }

    fn enter(&self, s: &mut State, path: Element, col: u8) {
        let i = path.index().min(2);
        s.me_mut().col[i] = col;
        let branch = if FORK.contains(&col) {
            usize::from(s.me().branch & (1 << i) != 0)
        } else {
            0
        };
        let r = self.c.paths[i].reward[col as usize - 1][branch];
        let _ = s.pending.try_push(reward(Effect::Reward(r, path)));
        if let Some(icon) = self.c.paths[i]
            .wildlife_after
            .iter()
            .position(|&c| c + 1 == col)
        {
            if s.meeples[i][icon] > 0 {
                s.meeples[i][icon] -= 1;
                let _ = s
                    .pending
                    .try_push(reward(Effect::Discover(self.c.paths[i].wildlife)));
            }
        }
    }

    /// Immediate VP of a wildlife card's scoring action (L580–587).
    pub fn wildlife_vp(&self, s: &State, a: Animal) -> u32 {
        let ai = a.index();
        let placed = |l: usize| s.cell[l] != NONE;
        match a {
            Animal::Bear => (0..LOCS)
                .filter(|&l| placed(l) && s.wildlife[l][ai] == 1)
                .filter(|&l| {
                    self.neighbours(s, l as u8)
                        .any(|n| s.wildlife[n as usize][ai] > 0)
                })
                .count() as u32,
            Animal::Otter => {
                let n = (0..LOCS)
                    .filter(|&l| placed(l) && s.wildlife[l][ai] >= 2)
                    .count() as u32;
                (n * self.c.otter.0 as u32).min(self.c.otter.1 as u32)
            }
            Animal::Owl => {
                let mut best = 0u32;
                let mut seen = 0u32;
                for l in 0..LOCS {
                    if seen & (1 << l) != 0 || !placed(l) || s.wildlife[l][ai] == 0 {
                        continue;
                    }
                    let (mut cluster, mut stack, mut owls) = (1u32 << l, 1u32 << l, 0u32);
                    while stack != 0 {
                        let x = stack.trailing_zeros() as u8;
                        stack &= !(1 << x);
                        owls += s.wildlife[x as usize][ai] as u32;
                        for n in self.neighbours(s, x) {
                            if cluster & (1 << n) == 0 && s.wildlife[n as usize][ai] > 0 {
                                cluster |= 1 << n;
                                stack |= 1 << n;
                            }
                        }
                    }
                    seen |= cluster;
                    best = best.max(owls);
                }
                self.c
                    .owl
                    .iter()
                    .filter(|&&(size, _)| best >= size as u32)
                    .map(|&(_, vp)| vp as u32)
                    .next_back()
                    .unwrap_or(0)
            }
        }
    }

    /// Flips a spell; its tokens stay where the advanced side has a slot for them, the rest go
    /// to the spent pool (L371–373). When a token left over would fit a slot another token
    /// took, the owner picks which stays (R42): a pending choice the caller settles.
    pub fn upgrade(&self, s: &mut State, seat: usize, sp: Spell) {
        if self.c.spells[sp.index()].advanced.is_none() {
            return;
        }
        let p = &mut s.players[seat];
        let old = p.slots[sp.index()];
        p.slots[sp.index()] = [None; 3];
        p.advanced |= 1 << sp as u16;
        let mut contest = None;
        for t in old.into_iter().flatten() {
            let p = &s.players[seat];
            let free = (0..3u8).find(|&k| self.fits(p, sp as u8, k, t.token, t.as_core));
            let rival = (0..3u8).find(|&k| {
                let mut q = p.clone();
                let on = q.slots[sp.index()][k as usize].take();
                on.is_some_and(|o| o != t) && self.fits(&q, sp as u8, k, t.token, t.as_core)
            });
            let p = &mut s.players[seat];
            match free {
                Some(k) => p.slots[sp.index()][k as usize] = Some(t),
                None => {
                    p.spent[t.token.index()] += 1;
                    if let (None, Some(k)) = (contest, rival) {
                        contest = p.slots[sp.index()][k as usize].map(|kept| (k, kept, t));
                    }
                }
            }
        }
        if let Some((slot, kept, other)) = contest {
            let _ = s.pending.try_push(reward(Effect::KeepOnUpgrade {
                spell: sp,
                slot,
                kept,
                other,
            }));
        }
        let p = &mut s.players[seat];
        if p.is_corrupted(sp) && self.cs_of(p, sp).is_none() {
            p.corrupted &= !(1 << sp as u16);
            p.spent[CORRUPTION] += 1;
        }
    }

    fn resolve(&self, s: &mut State, a: Action) {
        let Some(top) = s.pending.pop() else {
            return;
        };
        let seat = s.turn as usize;
        match (top.effect, a) {
            (Effect::Summon(i), Action::Summon(j)) if i == j && i < 8 => {
                // Release 1 harmony; the token goes straight onto the fae's slot (L564).
                let t = Token::fae(i as usize);
                let p = &mut s.players[seat];
                if p.harmony > 0 && p.spent[t.index()] > 0 {
                    p.harmony -= 1;
                    p.spent[t.index()] -= 1;
                    s.supply[CORRUPTION] += 1;
                    p.slots[fae_place(i as usize) as usize][0] = Some(Placed {
                        token: t,
                        as_core: t.element(Element::Magic).map_or(0, |e| e as u8),
                    });
                    p.summoned |= 1 << i;
                }
            }
            (Effect::FaeSecondary { fae, memo }, Action::Secondary) => {
                let cost = self.c.fae.get(fae as usize).map_or(0, |x| x.harmony);
                let p = &mut s.players[seat];
                if p.harmony >= cost {
                    // Released: back to the supply (L236).
                    p.harmony -= cost;
                    s.supply[CORRUPTION] += cost;
                    if let Some(e) = Self::fae_secondary(fae, memo) {
                        let _ = s.pending.try_push(pend(e));
                    }
                }
            }
            (Effect::KeepRevealed, Action::KeepCard(k))
                if s.revealed.get(k as usize) > Some(&0) =>
            {
                // The kept card was seen by all; the other revealed cards are discarded.
                s.revealed[k as usize] -= 1;
                let p = &mut s.players[seat];
                p.hand[k as usize] += 1;
                p.known |= 1 << k;
                crate::knowledge::shown_in_hand(s, seat, k as usize);
                for (d, r) in s.discard.iter_mut().zip(s.revealed.iter_mut()) {
                    *d += *r;
                    *r = 0;
                }
            }
            (Effect::PlayDiscard, Action::PlayCard(k)) => {
                let p = &mut s.players[seat];
                if p.hand.get(k as usize) > Some(&0) {
                    p.hand[k as usize] -= 1;
                    // Another copy may have been drawn unseen: no seat knows one is left.
                    p.known &= !(1 << k);
                    s.discard[k as usize] += 1;
                    crate::knowledge::left_hand(s, seat, k as usize);
                    self.push_card_effects(s, k);
                }
            }
            (Effect::UnbindUpTo(n), Action::Unbind(..) | Action::UnbindSlot { .. }) => {
                Self::unbind(s, seat, a);
                if n > 1 {
                    let _ = s.pending.try_push(reward(Effect::UnbindUpTo(n - 1)));
                }
            }
            (Effect::Replay, Action::Replay(sp)) => {
                // R43: the tokens stay; the spell's effects, corruption slot included.
                let first = s.players[seat].slots[sp.index()][0];
                self.push_effects(s, sp as u8, first);
            }
            (Effect::FaeAdvance { fae, .. }, Action::Path(path)) => {
                let col = (s.players[seat].col[path.index().min(2)] + 1).min(COLUMNS as u8);
                for q in s.pending.iter_mut().rev() {
                    if let Effect::FaeSecondary { fae: f, memo } = &mut q.effect {
                        if *f == fae {
                            *memo = path as u8 + 4 * col;
                            break;
                        }
                    }
                }
                if !self.advance(s, path) {
                    s.pending.clear();
                }
            }
            (Effect::OtherSpace { col, .. }, Action::OtherSpace { path, branch }) => {
                // Only the space's rewards: the marker does not move, nothing is discovered.
                let r = self
                    .c
                    .paths
                    .get(path.index())
                    .and_then(|p| p.reward.get((col as usize).checked_sub(1)?))
                    .and_then(|r| r.get(branch as usize))
                    .copied();
                if let Some(r) = r {
                    let _ = s.pending.try_push(reward(Effect::Reward(r, path)));
                }
            }
            (Effect::PurifyPool, Action::PurifyFrom(pool)) => {
                // Lunehare's exception to purifying only from the player board (L700).
                let p = &mut s.players[seat];
                let n = match pool {
                    Pool::Bag => &mut p.bag[CORRUPTION],
                    _ => &mut p.spent[CORRUPTION],
                };
                if *n > 0 {
                    *n -= 1;
                    p.harmony += 1;
                }
            }
            (Effect::CopyFae, Action::CopyFae(i)) => Self::push_fae_primary(s, i),
            (Effect::Move(m), Action::To(l)) => {
                s.druids[seat] = l;
                self.border(s, l);
                let soared = matches!(m, Move::AirToAir | Move::SoarAdvanced);
                if soared && s.players[seat].power(Element::Air, 2) {
                    let _ = s.pending.try_push(reward(Effect::BreezeRestore));
                }
            }
            (Effect::MoveGolem(g), Action::To(l)) => {
                s.golems[g.index()] = l;
                self.border(s, l);
            }
            (Effect::Discover(animal), Action::To(l)) => {
                // Discovered wildlife never gives corruption (L597).
                s.wildlife[l as usize][animal.index()] += 1;
            }
            (Effect::ToDen(animal), Action::To(l)) => {
                let w = &mut s.wildlife[l as usize][animal.index()];
                *w = w.saturating_sub(1);
                s.players[seat].den[animal.index()] += 1;
            }
            (Effect::Call(_), Action::CallFrom { loc, animal, to }) => {
                s.wildlife[loc as usize][animal.index()] -= 1;
                s.wildlife[to as usize][animal.index()] += 1;
                let _ = s
                    .pending
                    .try_push(pend(Effect::CallRestore(animal.element(), to)));
                self.border(s, to);
            }
            (_, Action::Restore { loc, spot, kind }) => {
                let sp = self.c.tiles[loc as usize].spots[spot as usize];
                s.spots[loc as usize][spot as usize] = 1 + seat as u8 * 4 + kind as u8;
                s.players[seat].restorations[kind.index()] -= 1;
                s.restored = Some((kind, sp.types));
                // Ongoing cards: +1 VP per restoration of their element, unless corrupted.
                for m in 0..6 {
                    let p = &s.players[seat];
                    if self.card_over(p, m).is_some_and(|c| {
                        c.effect == CardEffect::RestoreVp && c.element == Some(kind)
                    }) && p.card_corrupted & (1 << m) == 0
                    {
                        s.players[seat].vp += 1;
                    }
                }
                if kind == Element::Water && s.players[seat].power(Element::Water, 1) {
                    let _ = s
                        .pending
                        .try_push(reward(Effect::Move(Move::RiverAdjacent)));
                }
                let gained = sp.dark && Self::gain(s, seat, Token::Corruption);
                if gained && matches!(top.effect, Effect::Restore(_, At::WaterConnected)) {
                    // Ren: "you may purify it immediately" (L659).
                    let _ = s.pending.try_push(reward(Effect::RenPurify));
                }
            }
            (Effect::Serene(mask), Action::Path(p)) => {
                // The other paths wait below this advance's fork and reward (R44).
                let rest = mask & !p.bit();
                if rest != 0 {
                    let _ = s.pending.try_push(pend(Effect::Serene(rest)));
                }
                if !self.advance(s, p) {
                    s.pending.clear();
                }
            }
            (
                Effect::KeepOnUpgrade {
                    spell,
                    slot,
                    kept,
                    other,
                },
                Action::Keep { token, as_core },
            ) if other.token == token && other.as_core == as_core => {
                let pl = &mut s.players[seat];
                if pl.spent[other.token.index()] > 0 {
                    pl.spent[other.token.index()] -= 1;
                    pl.spent[kept.token.index()] += 1;
                    pl.slots[spell.index()][slot as usize] = Some(other);
                }
            }
            (Effect::Enchant(m), Action::PlayCard(k)) => self.play_card(s, seat, m, k),
            (Effect::CardParts(k, left), Action::CardPart(i)) => {
                let rest = left & !(1 << i);
                if rest != 0 {
                    let _ = s.pending.try_push(reward(Effect::CardParts(k, rest)));
                }
                self.push_card_part(s, k, i);
            }
            (Effect::GolemHere, Action::GolemHere(g)) => {
                let here = s.druids[seat];
                s.golems[g.index()] = here;
                self.border(s, here);
            }
            (Effect::NudgeWildlife, Action::CallFrom { loc, animal, to }) => {
                s.wildlife[loc as usize][animal.index()] -= 1;
                s.wildlife[to as usize][animal.index()] += 1;
                let _ = s
                    .pending
                    .try_push(reward(Effect::Advance(animal.element())));
                self.border(s, to);
            }
            (_, Action::PurifyCard(m)) => {
                let p = &mut s.players[seat];
                p.card_corrupted &= !(1 << m);
                p.harmony += 1;
            }
            (Effect::RenPurify, Action::PurifyGained) => {
                // The corruption is flipped to harmony: the same token (L218).
                let pl = &mut s.players[seat];
                if pl.spent[CORRUPTION] > 0 {
                    pl.spent[CORRUPTION] -= 1;
                    pl.harmony += 1;
                }
            }
            (_, Action::Path(p)) => {
                let advanced = self.advance(s, p);
                if !advanced && top.halts {
                    s.pending.clear();
                }
            }
            (Effect::Branch(path), Action::Branch(b)) => {
                let i = path.index().min(2);
                let p = s.me_mut();
                if b == 1 {
                    p.branch |= 1 << i;
                } else {
                    p.branch &= !(1 << i);
                }
                self.enter(s, path, FORK[0]);
            }
            (Effect::GolemToken(..), Action::Golem { golem, power, up }) => {
                let p = &mut s.players[seat];
                p.golem_tokens -= 1;
                p.golems[golem.index()][power as usize] = if up { 1 } else { 2 };
                if up && golem == Element::Magic && power == 0 {
                    let _ = s.pending.try_push(reward(Effect::FaeOrUpgrade));
                }
            }
            (_, Action::Purify(sp)) => {
                // The corruption is flipped to harmony: the same token (L218).
                let p = &mut s.players[seat];
                p.corrupted &= !(1 << sp as u16);
                p.harmony += 1;
            }
            (_, Action::Harmony) => {
                Self::gain_harmony(s, seat);
            }
            (_, Action::Unbind(..) | Action::UnbindSlot { .. }) => Self::unbind(s, seat, a),
            (Effect::Gain2(None), Action::Gain(t)) => {
                let _ = s.pending.try_push(pend(Effect::Gain2(Some(t))));
            }
            (Effect::Gain2(Some(first)), Action::Gain(t)) => {
                Self::gain(s, seat, first);
                Self::gain(s, seat, t);
                let p = &s.players[seat];
                if self.cs_of(p, Spell::Transmute).is_some() && !p.is_corrupted(Spell::Transmute) {
                    let _ = s.pending.try_push(pend(Effect::AssignGained(first, t)));
                }
            }
            (Effect::BreezeAssign(_), Action::AssignTo { token, place, slot }) => {
                // R28: the harmony is released; the token goes on its card's action.
                let p = &mut s.players[seat];
                p.spent[token.index()] -= 1;
                p.harmony -= 1;
                s.supply[CORRUPTION] += 1;
                p.slots[place as usize][slot as usize] = Some(Placed {
                    token,
                    as_core: token.element(Element::Magic).map_or(0, |e| e as u8),
                });
            }
            (Effect::AssignGained(..), Action::AssignTo { token, place, slot }) => {
                let p = &mut s.players[seat];
                p.spent[token.index()] -= 1;
                p.slots[place as usize][slot as usize] = Some(Placed {
                    token,
                    as_core: token as u8,
                });
            }
            (_, Action::GainAssign { token, place, slot }) if s.supply[token.index()] > 0 => {
                s.supply[token.index()] -= 1;
                s.players[seat].slots[place as usize][slot as usize] = Some(Placed {
                    token,
                    as_core: token as u8,
                });
            }
            (_, Action::GainKeep(t)) => {
                Self::gain(s, seat, t);
            }
            (_, Action::Upgrade(sp)) => self.upgrade(s, seat, sp),
            (_, Action::Fae(i)) if i < 8 => {
                s.fae_left[i as usize] -= 1;
                s.players[seat].fae |= 1 << i;
                // The token goes to the spent pool unless summoned at once (L564).
                if Self::gain(s, seat, Token::fae(i as usize)) && s.players[seat].harmony > 0 {
                    let _ = s.pending.try_push(reward(Effect::Summon(i)));
                }
            }
            (Effect::TakeRune, Action::Site(site)) => {
                let tok = s.site_token[site as usize];
                s.site_token[site as usize] = NONE;
                let loc = self.site_loc[site as usize];
                let still_corrupt = (0..self.sites as usize).any(|i| {
                    self.site_loc[i] == loc
                        && self
                            .c
                            .runes
                            .get(s.site_token[i] as usize)
                            .is_some_and(|r| r.corrupted)
                });
                if !still_corrupt {
                    s.borders &= !(1 << loc);
                }
                s.players[seat].runes_taken += 1;
                let _ = s.pending.try_push(pend(Effect::Marker(site)));
                let effect = self.c.runes.get(tok as usize).map(|r| r.effect);
                let next = match effect {
                    Some(RuneEffect::Vp(v)) => {
                        s.players[seat].rune_vp += v;
                        None
                    }
                    Some(RuneEffect::Harmony) => {
                        Some(Effect::Reward(Reward::Harmony, Element::Air))
                    }
                    Some(RuneEffect::Gain(t)) => {
                        Some(Effect::Reward(Reward::Gain(t), Element::Air))
                    }
                    Some(RuneEffect::Upgrade) => {
                        Some(Effect::Reward(Reward::Upgrade(None), Element::Air))
                    }
                    Some(RuneEffect::Advance) => Some(Effect::AnyPath),
                    Some(RuneEffect::Enchantments) => {
                        Some(Effect::Reward(Reward::Enchantments, Element::Air))
                    }
                    Some(RuneEffect::Fae) => Some(Effect::Reward(Reward::Fae(None), Element::Air)),
                    None => None,
                };
                if let Some(e) = next {
                    let _ = s.pending.try_push(reward(e));
                }
            }
            (Effect::Marker(site), Action::Marker(m)) => {
                s.players[seat].markers[m as usize] = site;
                s.site_marker[site as usize] = seat as u8 * 8 + m;
                if s.players[seat].hand_size() > 0 {
                    // The mat's enchantment or a card from hand over it (L484).
                    let _ = s.pending.try_push(reward(Effect::Enchant(m)));
                }
            }
            (_, Action::Decline) => {}
            _ => {}
        }
        self.settle(s);
    }
}

/// The core index a token stands for on an "any" slot (its own for core tokens, else 0).
pub const fn canonical(t: Token) -> u8 {
    if t.is_core() {
        t as u8
    } else {
        0
    }
}

/// The location and spot of a restoration as stored: seat and element, if any.
pub fn spot_owner(code: u8) -> Option<(u8, Element)> {
    (code != 0).then(|| ((code - 1) / 4, Element::ALL[((code - 1) % 4) as usize]))
}

/// Element bits of a player's terrains, for the view.
pub fn terrain_names(mask: u8) -> String {
    Element::ALL
        .iter()
        .filter(|e| mask & e.bit() != 0)
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join("+")
}
