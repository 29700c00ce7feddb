//! The position as an SVG picture: the forest of hex tiles (terrain colours, corrupted
//! borders, restoration spots, wildlife, golems, druids, rune sites), the fae and token supply,
//! and a panel per player (paths, token pools, action places with their slots, golem cards,
//! the endgame mat, and for the viewer alone its hand, draft pack and dealt familiars).
//!
//! Every element an action acts on carries `data-target` (ids from [`targets`]), so that a
//! click on the board picks the action.

use std::fmt::Write;

use crate::action::{fae_name, loc_name, place_name, Pool};
use crate::board::cell_coords;
use crate::components::{Animal, Element, Spell, Token};
use crate::rules::{spot_owner, Whisperwood};
use crate::score::placed_locations;
use crate::state::{Phase, NONE, PLACES};
use crate::view::{card_list, den_words, fae_words, familiar_names, golem_words, View};

const SIZE: f64 = 46.0;
const SEAT_COLOURS: [&str; 4] = ["#d33", "#36c", "#e90", "#393"];
const ELEMENT_COLOURS: [&str; 4] = ["#8b5a2b", "#2a7fd4", "#cfd8dc", "#9c27b0"];
const PANEL_X: f64 = 830.0;
const PANEL_W: f64 = 560.0;

/// The ids of the drawn elements that actions act on; `seat` is 0-based, the ids 1-based.
pub(crate) mod targets {
    use crate::action::Pool;
    use crate::components::{Animal, Element, Token};

    /// A placed location tile.
    pub fn loc(l: u8) -> String {
        format!("loc-{l}")
    }
    /// A restoration spot of a location.
    pub fn spot(l: u8, i: u8) -> String {
        format!("spot-{l}-{i}")
    }
    /// An empty cell of the table (tile placement).
    pub fn cell(c: u8) -> String {
        format!("cell-{c}")
    }
    /// The wildlife of one kind on a location.
    pub fn wild(l: u8, a: Animal) -> String {
        format!("wild-{l}-{a}")
    }
    /// A golem figure on the board.
    pub fn golem_figure(g: Element) -> String {
        format!("golem-{g}")
    }
    /// A fae card of the supply.
    pub fn fae(i: u8) -> String {
        format!("fae-{i}")
    }
    /// A card Wilwisp revealed.
    pub fn revealed(k: u8) -> String {
        format!("revealed-{k}")
    }
    /// A token kind of the supply.
    pub fn supply(t: Token) -> String {
        format!("supply-{t}")
    }
    /// An action place (spell, familiar, wildlife card, fae card) of a player.
    pub fn place(seat: usize, place: u8) -> String {
        format!("p{}-place-{place}", seat + 1)
    }
    /// A slot of an action place.
    pub fn slot(seat: usize, place: u8, slot: u8) -> String {
        format!("p{}-slot-{place}-{}", seat + 1, slot + 1)
    }
    /// The player's bag itself (drawing from it).
    pub fn bag(seat: usize) -> String {
        format!("p{}-bag", seat + 1)
    }
    /// A token kind in a player's bag, spent pool or draw slots.
    pub fn pool(seat: usize, pool: Pool, t: Token) -> String {
        let name = match pool {
            Pool::Bag => "bag",
            Pool::Spent => "spent",
            Pool::Drawn => "drawn",
        };
        format!("p{}-{name}-{t}", seat + 1)
    }
    /// A player's harmony area.
    pub fn harmony(seat: usize) -> String {
        format!("p{}-harmony", seat + 1)
    }
    /// A player's marker on a path.
    pub fn path(seat: usize, e: Element) -> String {
        format!("p{}-path-{e}", seat + 1)
    }
    /// A power of a player's golem card.
    pub fn golem_power(seat: usize, g: Element, power: u8) -> String {
        format!("p{}-golem-{g}-{}", seat + 1, power + 1)
    }
    /// A rune marker's place on the player's endgame mat (and the card over it).
    pub fn mat(seat: usize, m: u8) -> String {
        format!("p{}-rune-{}", seat + 1, m + 1)
    }
    /// An enchantment card kind in the player's own hand.
    pub fn hand(seat: usize, k: u8) -> String {
        format!("p{}-hand-{k}", seat + 1)
    }
    /// A card kind in the player's own draft pack.
    pub fn pack(seat: usize, k: u8) -> String {
        format!("p{}-pack-{k}", seat + 1)
    }
    /// A familiar dealt to the player (subsequent games).
    pub fn dealt(seat: usize, i: u8) -> String {
        format!("p{}-familiar-{i}", seat + 1)
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn centre(cell: u8) -> (f64, f64) {
    let (q, r) = cell_coords(cell);
    let (q, r) = (q as f64, r as f64);
    (
        400.0 + SIZE * 1.5 * q,
        400.0 + SIZE * 3f64.sqrt() * (r + q / 2.0),
    )
}

fn hex_points(x: f64, y: f64, size: f64) -> String {
    let pts: Vec<String> = (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            format!("{:.1},{:.1}", x + size * a.cos(), y + size * a.sin())
        })
        .collect();
    pts.join(" ")
}

/// A clickable box: a rectangle and its label, grouped under the target id.
#[allow(clippy::too_many_arguments)]
fn target_box(
    o: &mut String,
    id: &str,
    class: &str,
    (x, y, w, h): (f64, f64, f64, f64),
    fill: &str,
    label: &str,
    font: u8,
) {
    let _ = write!(
        o,
        r##"<g class="{class}" data-target="{}"><rect x="{x:.0}" y="{y:.0}" width="{w:.0}" height="{h:.0}" rx="3" fill="{fill}" stroke="#777"/><text x="{:.0}" y="{:.0}" font-size="{font}">{}</text></g>"##,
        esc(id),
        x + 3.0,
        y + h / 2.0 + f64::from(font) / 2.0 - 1.0,
        esc(label)
    );
}

fn text(o: &mut String, x: f64, y: f64, size: u8, s: &str) {
    let _ = write!(
        o,
        r##"<text x="{x:.0}" y="{y:.0}" font-size="{size}">{}</text>"##,
        esc(s)
    );
}

/// A token's short name on a chip or slot.
fn abbrev(t: Token) -> String {
    match t {
        Token::Moonglow => "moon".into(),
        Token::Corruption => "corr".into(),
        Token::Familiar => "fam".into(),
        t => t.to_string().chars().take(5).collect(),
    }
}

/// Draws the view.
pub fn draw(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let c = game.components();
    let mut panels = String::new();
    let mut y = 20.0;
    for p in 0..s.players.len() {
        y = panel(game, view, p, y, &mut panels) + 10.0;
    }
    let height = 1010.0f64.max(y + 10.0);
    let mut o = String::with_capacity(64 * 1024);
    let _ = write!(
        o,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="{height}" viewBox="0 0 1400 {height}" font-family="DejaVu Sans, sans-serif" font-size="11"><rect width="1400" height="{height}" fill="#f4f1e8"/>"##
    );
    // Tile placement: the empty cells next to the forest can be chosen.
    if matches!(s.phase, Phase::PlaceTile(_)) {
        for cell in 0..s.at.len() as u8 {
            let placed_next = game.geometry().nb[cell as usize]
                .iter()
                .any(|&nb| nb != NONE && s.at[nb as usize] != NONE);
            if s.at[cell as usize] == NONE && placed_next {
                let (x, y) = centre(cell);
                let _ = write!(
                    o,
                    r##"<polygon class="cell" data-target="{}" points="{}" fill="#fff" fill-opacity="0.5" stroke="#999" stroke-dasharray="4 3"/>"##,
                    targets::cell(cell),
                    hex_points(x, y, SIZE - 2.0)
                );
                // The cell's coordinates, as the placements name it.
                let (q, r) = cell_coords(cell);
                let _ = write!(
                    o,
                    r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-size="10" fill="#666">{q},{r}</text>"##,
                    y + 4.0
                );
            }
        }
    }
    for l in placed_locations(s) {
        location(game, s, l, &mut o);
    }
    if let Phase::PlaceTile(t) = s.phase {
        let name = loc_name(t);
        let tile = &c.tiles[t as usize];
        text(
            &mut o,
            20.0,
            30.0,
            13,
            &format!(
                "Tile to place: {name} ({})",
                crate::rules::terrain_names(tile.terrain)
            ),
        );
    }
    supply_rows(game, view, &mut o);
    o.push_str(&panels);
    let _ = write!(
        o,
        r##"<text x="20" y="{:.0}" font-size="10">Wildlife: B bear, Ot otter, Ow owl. Golems: Bre(eze) air, Pea(t) earth, Riv(er) water, Daz(zle) magic. Squares: druids, numbered by player. Purple border: corrupted. Circles: restoration spots (black ring dark; filled: player colour, ring: type).</text>"##,
        height - 12.0
    );
    o.push_str("</svg>");
    o
}

/// One location tile with its spots, wildlife, golems, rune sites and druids.
fn location(game: &Whisperwood, s: &crate::State, l: u8, o: &mut String) {
    let c = game.components();
    let (x, y) = centre(s.cell[l as usize]);
    let tile = &c.tiles[l as usize];
    let fill = if tile.terrain & Element::Water.bit() != 0 {
        "#b3d9f2"
    } else if tile.terrain & Element::Earth.bit() != 0 {
        "#c9e3b0"
    } else {
        "#eef3f6"
    };
    let corrupted = s.borders & (1 << l) != 0;
    let _ = write!(
        o,
        r##"<polygon class="location" data-target="{}" points="{}" fill="{fill}" stroke="{}" stroke-width="{}"/>"##,
        targets::loc(l),
        hex_points(x, y, SIZE - 2.0),
        if corrupted { "#7b1fa2" } else { "#666" },
        if corrupted { 4 } else { 1 }
    );
    let name = if l == 0 {
        "DD".to_string()
    } else {
        loc_name(l)
    };
    let _ = write!(
        o,
        r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-weight="bold">{}</text>"##,
        y - 26.0,
        esc(&name)
    );
    let terr: String = [
        (Element::Earth, 'E'),
        (Element::Water, 'W'),
        (Element::Air, 'A'),
    ]
    .iter()
    .filter(|(e, _)| tile.terrain & e.bit() != 0)
    .map(|&(_, ch)| ch)
    .collect();
    let _ = write!(
        o,
        r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-size="9">{terr}</text>"##,
        y - 15.0
    );
    // Spots: a row of small circles, filled with the restorer's colour.
    let n = tile.spots.len() as f64;
    // Druid's Defiance's seven spots close up to stay clear of the hex's edges.
    let (step, radius) = if n > 5.0 { (10.5, 4.5) } else { (12.0, 5.0) };
    for (i, sp) in tile.spots.iter().enumerate() {
        let sx = x - (n - 1.0) * step / 2.0 + i as f64 * step;
        let sy = y - 2.0;
        let (class, fill, stroke) = match spot_owner(s.spots[l as usize][i]) {
            Some((p, e)) => (
                "restoration",
                SEAT_COLOURS[p as usize % 4],
                ELEMENT_COLOURS[e.index()],
            ),
            None => ("spot", "#fff", if sp.dark { "#000" } else { "#888" }),
        };
        let _ = write!(
            o,
            r##"<circle class="{class}" data-target="{}" cx="{sx:.1}" cy="{sy:.1}" r="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"##,
            targets::spot(l, i as u8)
        );
    }
    // Wildlife and golems: small clickable labels in a row under the spots.
    let mut items: Vec<(String, String, &str)> = Vec::new();
    let w = s.wildlife[l as usize];
    for (a, label) in Animal::ALL.iter().zip(["B", "Ot", "Ow"]) {
        if w[a.index()] > 0 {
            items.push((
                targets::wild(l, *a),
                format!("{}{label}", w[a.index()]),
                "wildlife",
            ));
        }
    }
    for (g, &at) in s.golems.iter().enumerate() {
        if at == l {
            items.push((
                targets::golem_figure(Element::ALL[g]),
                c.golems[g].chars().take(3).collect(),
                "golem",
            ));
        }
    }
    let width = 22.0;
    let left = x - items.len() as f64 * width / 2.0;
    for (i, (id, label, class)) in items.iter().enumerate() {
        let bx = left + i as f64 * width;
        let _ = write!(
            o,
            r##"<g class="{class}" data-target="{id}"><rect x="{bx:.1}" y="{:.1}" width="{:.0}" height="12" rx="2" fill="#fffbe8" stroke="#998"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="9">{}</text></g>"##,
            y + 5.0,
            width - 2.0,
            bx + width / 2.0 - 1.0,
            y + 14.5,
            esc(label)
        );
    }
    let runes = (0..game.sites())
        .filter(|&i| game.site_loc(i) == l && s.site_token[i as usize] != NONE)
        .count();
    if runes > 0 {
        let _ = write!(
            o,
            r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-size="9" fill="#7b1fa2">rune×{runes}</text>"##,
            y + 27.0
        );
    }
    for (p, &at) in s.druids.iter().enumerate().take(s.players.len()) {
        if at == l {
            // Four squares fit inside the hex above its bottom edge.
            let dx = x - 20.0 + p as f64 * 10.5;
            // The player's number on the square: a cue besides its colour.
            let _ = write!(
                o,
                r##"<rect class="druid" x="{dx:.1}" y="{:.0}" width="9" height="11" fill="{}" stroke="#000"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="8" fill="#fff">{}</text>"##,
                y + 28.0,
                SEAT_COLOURS[p],
                dx + 4.5,
                y + 36.5,
                p + 1
            );
        }
    }
}

/// Under the forest: the fae cards left, the core tokens of the supply and Wilwisp's
/// revealed cards.
fn supply_rows(game: &Whisperwood, view: &View, o: &mut String) {
    let s = &view.state;
    let mut y = 812.0;
    text(o, 20.0, y + 12.0, 11, "Fae:");
    for i in 0..8u8 {
        let left = s.fae_left[i as usize];
        target_box(
            o,
            &targets::fae(i),
            "fae",
            (60.0 + f64::from(i) * 95.0, y, 92.0, 18.0),
            if left > 0 { "#f3e5f5" } else { "#ddd" },
            &format!("{} ×{left}", fae_name(i)),
            10,
        );
    }
    y += 24.0;
    text(o, 20.0, y + 12.0, 11, "Supply:");
    for (i, t) in crate::components::CORE.iter().enumerate() {
        target_box(
            o,
            &targets::supply(*t),
            "token",
            (70.0 + i as f64 * 95.0, y, 92.0, 18.0),
            "#fff",
            &format!("{t} ×{}", s.supply[t.index()]),
            10,
        );
    }
    y += 24.0;
    let revealed = card_list(game, &s.revealed);
    if !revealed.is_empty() {
        text(o, 20.0, y + 12.0, 11, "Revealed by Wilwisp:");
        let mut x = 140.0;
        for (k, &n) in s.revealed.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let name = game
                .components()
                .enchantments
                .get(k)
                .map_or("?", |e| e.name.as_str());
            let label = if n > 1 {
                format!("{n} {name}")
            } else {
                name.to_string()
            };
            target_box(
                o,
                &targets::revealed(k as u8),
                "card",
                (x, y, 150.0, 18.0),
                "#fffaf0",
                &label,
                10,
            );
            x += 154.0;
        }
    }
}

/// A player's panel from `y0`; returns where it ends.
fn panel(game: &Whisperwood, view: &View, p: usize, y0: f64, o: &mut String) -> f64 {
    let s = &view.state;
    let c = game.components();
    let pl = &s.players[p];
    let x0 = PANEL_X;
    let mine = view.viewer == Some(p as u8);
    let mut b = String::new();
    let fam = c
        .familiars
        .get(pl.familiar as usize)
        .map_or("-", |f| f.name.as_str());
    let total: i32 = view.scores[p].iter().sum::<i32>().max(0);
    let mut y = y0 + 16.0;
    let _ = write!(
        b,
        r##"<text x="{:.0}" y="{y:.0}" font-weight="bold">{}</text>"##,
        x0 + 8.0,
        esc(&format!(
            "Player {}{} — familiar {fam} — {} VP stars, score now {total}, hand {}{}",
            p + 1,
            if mine { " (you)" } else { "" },
            pl.vp,
            view.hand_sizes.get(p).copied().unwrap_or(0),
            if pl.rested { " — rested" } else { "" }
        ))
    );
    y += 6.0;
    // Paths and harmony.
    for (i, e) in [Element::Earth, Element::Water, Element::Air]
        .iter()
        .enumerate()
    {
        target_box(
            &mut b,
            &targets::path(p, *e),
            "path",
            (x0 + 8.0 + i as f64 * 92.0, y, 88.0, 17.0),
            "#eef",
            &format!("{e} path {}", pl.col[e.index()]),
            10,
        );
    }
    target_box(
        &mut b,
        &targets::harmony(p),
        "harmony",
        (x0 + 290.0, y, 80.0, 17.0),
        "#e8f5e9",
        &format!("harmony {}", pl.harmony),
        10,
    );
    text(
        &mut b,
        x0 + 378.0,
        y + 12.0,
        10,
        &format!("den: {}", den_words(&pl.den)),
    );
    y += 30.0;
    for line in [
        format!("Golems: {}", golem_words(game, pl)),
        format!(
            "Restorations left: earth {} water {} air {} magic {}   golem tokens {}   draw slots {} open",
            pl.restorations[0],
            pl.restorations[1],
            pl.restorations[2],
            pl.restorations[3],
            pl.golem_tokens,
            pl.open_slots(c.draw_slots)
        ),
    ] {
        text(&mut b, x0 + 8.0, y, 10, &line);
        y += 13.0;
    }
    if pl.fae != 0 {
        text(&mut b, x0 + 8.0, y, 10, &format!("Fae: {}", fae_words(pl)));
        y += 13.0;
    }
    // The token pools: the bag (click it to draw), the spent pool, the draw slots.
    y += 2.0;
    for (pool, counts, label) in [
        (Pool::Bag, &pl.bag, "Bag"),
        (Pool::Spent, &pl.spent, "Spent"),
        (Pool::Drawn, &pl.drawn, "Drawn"),
    ] {
        if pool == Pool::Bag {
            target_box(
                &mut b,
                &targets::bag(p),
                "bag",
                (x0 + 8.0, y, 50.0, 16.0),
                "#d7ccc8",
                label,
                10,
            );
        } else {
            text(&mut b, x0 + 10.0, y + 12.0, 10, label);
        }
        let mut k = 0;
        for t in Token::ALL {
            let n = counts[t.index()];
            if n == 0 {
                continue;
            }
            let (col, row) = (k % 8, k / 8);
            target_box(
                &mut b,
                &targets::pool(p, pool, t),
                "token",
                (
                    x0 + 62.0 + col as f64 * 61.0,
                    y + row as f64 * 18.0,
                    59.0,
                    16.0,
                ),
                "#fff",
                &format!("{}×{n}", abbrev(t)),
                9,
            );
            k += 1;
        }
        y += 18.0 * ((k + 7) / 8).max(1) as f64;
    }
    // The action places, five to a row, each with its three slots.
    y += 4.0;
    for place in 0..PLACES as u8 {
        let (col, row) = (place % 5, place / 5);
        let (bx, by) = (x0 + 8.0 + f64::from(col) * 109.0, y + f64::from(row) * 38.0);
        let sp = Spell::ALL.get(place as usize).copied();
        let held = match place {
            p if sp.is_some() || p == crate::state::FAMILIAR_PLACE => true,
            p if p >= crate::state::FAE_PLACE => pl.fae & (1 << (p - crate::state::FAE_PLACE)) != 0,
            p => pl.wildlife_cards & (1 << ((p - 11) / 2)) != 0,
        };
        let mut name = place_name(place);
        if place == crate::state::FAMILIAR_PLACE {
            name = fam.to_string();
        }
        if sp.is_some_and(|sp| pl.is_advanced(sp)) {
            name.push_str(" (adv)");
        }
        if sp.is_some_and(|sp| pl.is_corrupted(sp)) {
            name.push_str(" ✖");
        }
        target_box(
            &mut b,
            &targets::place(p, place),
            "place",
            (bx, by, 106.0, 35.0),
            if !held {
                "#eee"
            } else if sp.is_some_and(|sp| pl.is_corrupted(sp)) {
                "#ead7f0"
            } else {
                "#fffdf5"
            },
            "",
            9,
        );
        text(&mut b, bx + 3.0, by + 11.0, 9, &name);
        for slot in 0..3u8 {
            let token = pl.slots[place as usize][slot as usize];
            target_box(
                &mut b,
                &targets::slot(p, place, slot),
                "slot",
                (bx + 3.0 + f64::from(slot) * 34.0, by + 15.0, 32.0, 16.0),
                if token.is_some() { "#fff3c4" } else { "#fff" },
                &token.map(|t| abbrev(t.token)).unwrap_or_default(),
                9,
            );
        }
    }
    y += 5.0 * 38.0 + 2.0;
    // Golem cards (three powers each) and the endgame mat (six rune places).
    for g in Element::ALL {
        let gx = x0 + 8.0 + g.index() as f64 * 80.0;
        text(&mut b, gx, y + 11.0, 9, &c.golems[g.index()]);
        for power in 0..3u8 {
            let mark = pl.golems[g.index()][power as usize];
            target_box(
                &mut b,
                &targets::golem_power(p, g, power),
                "golem-power",
                (gx + f64::from(power) * 25.0, y + 14.0, 23.0, 16.0),
                match mark {
                    1 => "#c8e6c9",
                    2 => "#bbb",
                    _ => "#fff",
                },
                &format!(
                    "{}{}",
                    power + 1,
                    match mark {
                        1 => "↑",
                        2 => "↓",
                        _ => "",
                    }
                ),
                9,
            );
        }
    }
    for m in 0..6u8 {
        let card = game.card_over(pl, m as usize);
        let inscribed = pl.markers[m as usize] != NONE;
        let mut label = format!("R{}{}", m + 1, if inscribed { "•" } else { "" });
        if let Some(card) = card {
            label = format!("{label} {}", card.name.chars().take(8).collect::<String>());
        }
        if pl.card_corrupted & (1 << m) != 0 {
            label.push_str(" ✖");
        }
        target_box(
            &mut b,
            &targets::mat(p, m),
            "mat",
            (
                x0 + 330.0 + f64::from(m % 3) * 74.0,
                y + f64::from(m / 3) * 18.0,
                72.0,
                16.0,
            ),
            if card.is_some() {
                "#fff3e0"
            } else if inscribed {
                "#e1bee7"
            } else {
                "#fff"
            },
            &label,
            9,
        );
    }
    y += 38.0;
    // The viewer's own hand, draft pack and dealt familiars; others see the cards known to all.
    let cards = |counts: &[u8; crate::components::CARD_KINDS]| -> Vec<(u8, String)> {
        counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| {
                let name = c.enchantments.get(k).map_or("?", |e| e.name.as_str());
                let label = if n > 1 {
                    format!("{n} {name}")
                } else {
                    name.to_string()
                };
                (k as u8, label)
            })
            .collect()
    };
    let mut rows: Vec<(&str, Vec<(String, String)>)> = Vec::new();
    let hand = cards(&pl.hand);
    if mine {
        rows.push((
            "Your enchantment cards",
            hand.into_iter()
                .map(|(k, l)| (targets::hand(p, k), l))
                .collect(),
        ));
        if pl.pack.iter().any(|&n| n > 0) {
            rows.push((
                "Your draft pack",
                cards(&pl.pack)
                    .into_iter()
                    .map(|(k, l)| (targets::pack(p, k), l))
                    .collect(),
            ));
        }
        if pl.dealt != 0 {
            let dealt = (0..8u8)
                .filter(|i| pl.dealt & (1 << i) != 0)
                .map(|i| (targets::dealt(p, i), familiar_names(game, 1 << i)))
                .collect();
            rows.push(("Your dealt familiars", dealt));
        }
    } else if !hand.is_empty() {
        // Known to all, but only the owner plays them: drawn without targets.
        let names: Vec<String> = hand.into_iter().map(|(_, l)| l).collect();
        let rows = names.len().div_ceil(4);
        for (i, chunk) in names.chunks(4).enumerate() {
            // Later rows continue the list under its first names.
            let more = if i + 1 < rows { "," } else { "" };
            let line = if i == 0 {
                format!("Enchantment cards known to all: {}{more}", chunk.join(", "))
            } else {
                format!("{}{more}", chunk.join(", "))
            };
            let indent = if i == 0 { 0.0 } else { 160.0 };
            text(&mut b, x0 + 8.0 + indent, y + 11.0, 10, &line);
            y += 15.0;
        }
    }
    for (title, items) in rows {
        text(&mut b, x0 + 8.0, y + 11.0, 10, &format!("{title}:"));
        if items.is_empty() {
            text(&mut b, x0 + 150.0, y + 11.0, 10, "none");
            y += 18.0;
        }
        for (i, (id, label)) in items.iter().enumerate() {
            let (col, row) = (i % 3, i / 3);
            target_box(
                &mut b,
                id,
                "card",
                (
                    x0 + 150.0 + col as f64 * 135.0,
                    y + row as f64 * 18.0,
                    132.0,
                    16.0,
                ),
                "#fffaf0",
                label,
                9,
            );
        }
        y += 18.0 * items.len().div_ceil(3) as f64;
    }
    let y1 = y + 6.0;
    let _ = write!(
        o,
        r##"<rect class="player" x="{x0}" y="{y0}" width="{PANEL_W}" height="{:.0}" fill="#fff" stroke="{}" stroke-width="2"/>"##,
        y1 - y0,
        SEAT_COLOURS[p]
    );
    o.push_str(&b);
    y1
}

/// The ids of the drawn elements `a` acts on, for the seat to move in `s` (empty for the
/// choices that have no element: ready, rest, decline, a branch, a card's part, a kept token).
pub(crate) fn action_targets(
    game: &Whisperwood,
    s: &crate::State,
    a: crate::Action,
) -> Vec<String> {
    use crate::state::{fae_place, Effect};
    use crate::Action as A;
    let me = s.turn as usize;
    let top = s.pending.last().map(|p| p.effect);
    let one = |id: String| vec![id];
    match a {
        A::PlaceTile { cell, .. } => one(targets::cell(cell)),
        A::Reclaim { place, slot }
        | A::UnbindSlot { place, slot }
        | A::AssignTo { place, slot, .. }
        | A::GainAssign { place, slot, .. } => one(targets::slot(me, place, slot)),
        A::Assign {
            token, place, slot, ..
        } => vec![
            targets::slot(me, place, slot),
            targets::pool(me, Pool::Drawn, token),
        ],
        A::BreezeTake(t) => one(targets::pool(me, Pool::Spent, t)),
        A::StartDrawing => one(targets::bag(me)),
        A::CorruptionOn(sp) | A::Purify(sp) | A::Upgrade(sp) | A::Replay(sp) => {
            one(targets::place(me, sp as u8))
        }
        A::Perform(place) => one(targets::place(me, place)),
        A::To(l) => one(targets::loc(l)),
        A::CallFrom { loc, animal, .. } => vec![targets::wild(loc, animal), targets::loc(loc)],
        A::Restore { loc, spot, .. } => one(targets::spot(loc, spot)),
        A::Path(e) | A::OtherSpace { path: e, .. } => one(targets::path(me, e)),
        A::Golem { golem, power, .. } => one(targets::golem_power(me, golem, power)),
        A::Harmony => one(targets::harmony(me)),
        A::Unbind(pool, t) => one(targets::pool(me, pool, t)),
        A::Gain(t) | A::GainKeep(t) => one(targets::supply(t)),
        A::Fae(i) | A::CopyFae(i) => one(targets::fae(i)),
        A::Site(site) => one(targets::loc(game.site_loc(site))),
        A::Marker(m) | A::CorruptionOnCard(m) | A::PurifyCard(m) => one(targets::mat(me, m)),
        A::KeepMat => match top {
            Some(Effect::Enchant(m)) => one(targets::mat(me, m)),
            _ => Vec::new(),
        },
        A::PurifyGained => one(targets::pool(me, Pool::Spent, Token::Corruption)),
        A::PurifyFrom(pool) => one(targets::pool(me, pool, Token::Corruption)),
        A::PlayCard(k) => one(targets::hand(me, k)),
        A::GolemHere(g) => one(targets::golem_figure(g)),
        A::Summon(i) => one(targets::place(me, fae_place(i as usize))),
        A::Secondary => match top {
            Some(Effect::FaeSecondary { fae, .. }) => {
                one(targets::place(me, fae_place(fae as usize)))
            }
            _ => Vec::new(),
        },
        A::KeepCard(k) => one(targets::revealed(k)),
        A::Pick(k) => one(targets::pack(me, k)),
        A::KeepFamiliar(i) => one(targets::dealt(me, i)),
        A::DrawTile(_)
        | A::RuneToken(_)
        | A::DealFamiliar(_)
        | A::Draw(_)
        | A::DrawCard(_)
        | A::Reveal(_)
        | A::Ready
        | A::Rest
        | A::Branch(_)
        | A::Keep { .. }
        | A::CardPart(_)
        | A::Decline => Vec::new(),
    }
}
