//! The position as an SVG picture: the forest of hex tiles (terrain colours, corrupted
//! borders, restoration spots, wildlife, golems, druids, rune sites) and a panel per player
//! (paths, spells, tokens, score).

use std::fmt::Write;

use crate::action::{loc_name, place_name};
use crate::board::cell_coords;
use crate::components::{Element, Spell};
use crate::rules::{spot_owner, Whisperwood};
use crate::score::placed_locations;
use crate::state::{NONE, PLACES};
use crate::view::{card_list, den_words, fae_words, familiar_names, golem_words, View};

const SIZE: f64 = 46.0;
const SEAT_COLOURS: [&str; 4] = ["#d33", "#36c", "#e90", "#393"];
const ELEMENT_COLOURS: [&str; 4] = ["#8b5a2b", "#2a7fd4", "#cfd8dc", "#9c27b0"];

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

/// Draws the view.
pub fn draw(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let c = game.components();
    let panel_h = 225.0;
    let height = 800.0f64.max(20.0 + panel_h * s.players.len() as f64);
    let mut o = String::new();
    let _ = write!(
        o,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="{height}" viewBox="0 0 1400 {height}" font-family="DejaVu Sans, sans-serif" font-size="11"><rect width="1400" height="{height}" fill="#f4f1e8"/>"##
    );
    for l in placed_locations(s) {
        let (x, y) = centre(s.cell[l as usize]);
        let tile = &c.tiles[l as usize];
        let fill = if tile.terrain & Element::Water.bit() != 0 {
            "#b3d9f2"
        } else if tile.terrain & Element::Earth.bit() != 0 {
            "#c9e3b0"
        } else {
            "#eef3f6"
        };
        let pts: Vec<String> = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 3.0 * k as f64;
                format!(
                    "{:.1},{:.1}",
                    x + (SIZE - 2.0) * a.cos(),
                    y + (SIZE - 2.0) * a.sin()
                )
            })
            .collect();
        let border = if s.borders & (1 << l) != 0 {
            "#7b1fa2"
        } else {
            "#666"
        };
        let width = if s.borders & (1 << l) != 0 { 4 } else { 1 };
        let _ = write!(
            o,
            r##"<polygon class="location" data-target="loc-{l}" points="{}" fill="{fill}" stroke="{border}" stroke-width="{width}"/>"##,
            pts.join(" ")
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
        for (i, sp) in tile.spots.iter().enumerate() {
            let sx = x - (n - 1.0) * 6.0 + i as f64 * 12.0;
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
                r##"<circle class="{class}" data-target="spot-{l}-{i}" cx="{sx:.1}" cy="{sy:.1}" r="5" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"##
            );
        }
        let mut info = Vec::new();
        let w = s.wildlife[l as usize];
        for (k, label) in ["B", "Ot", "Ow"].iter().enumerate() {
            if w[k] > 0 {
                info.push(format!("{}{label}", w[k]));
            }
        }
        for (g, &at) in s.golems.iter().enumerate() {
            if at == l {
                info.push(c.golems[g].chars().take(3).collect());
            }
        }
        let _ = write!(
            o,
            r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-size="9">{}</text>"##,
            y + 14.0,
            esc(&info.join(" "))
        );
        let runes = (0..game.sites())
            .filter(|&i| game.site_loc(i) == l && s.site_token[i as usize] != NONE)
            .count();
        if runes > 0 {
            let _ = write!(
                o,
                r##"<text x="{x:.0}" y="{:.0}" text-anchor="middle" font-size="9" fill="#7b1fa2">rune×{runes}</text>"##,
                y + 25.0
            );
        }
        for (p, &at) in s.druids.iter().enumerate().take(s.players.len()) {
            if at == l {
                let dx = x - 15.0 + p as f64 * 10.0;
                let _ = write!(
                    o,
                    r##"<rect class="druid" x="{dx:.0}" y="{:.0}" width="8" height="10" fill="{}" stroke="#000"/>"##,
                    y + 29.0,
                    SEAT_COLOURS[p]
                );
            }
        }
    }
    for (p, pl) in s.players.iter().enumerate() {
        let y0 = 20.0 + p as f64 * panel_h;
        let x0 = 830.0;
        let _ = write!(
            o,
            r##"<rect class="player" x="{x0}" y="{y0}" width="560" height="{}" fill="#fff" stroke="{}" stroke-width="2"/>"##,
            panel_h - 10.0,
            SEAT_COLOURS[p]
        );
        let fam = c
            .familiars
            .get(pl.familiar as usize)
            .map_or("-", |f| f.name.as_str());
        let total: i32 = view.scores[p].iter().sum::<i32>().max(0);
        let mut lines = vec![
            format!(
                "Player {}{} — familiar {fam} — {} VP stars, score now {total}",
                p + 1,
                if view.viewer == Some(p as u8) {
                    " (you)"
                } else {
                    ""
                },
                pl.vp
            ),
            format!(
                "Paths: earth {} · water {} · air {}   harmony {}   hand {}   den: {}",
                pl.col[0],
                pl.col[1],
                pl.col[2],
                pl.harmony,
                view.hand_sizes.get(p).copied().unwrap_or(0),
                den_words(&pl.den)
            ),
            format!("Golems: {}", golem_words(game, pl)),
            format!(
                "Restorations left: earth {} water {} air {} magic {}   golem tokens {}",
                pl.restorations[0],
                pl.restorations[1],
                pl.restorations[2],
                pl.restorations[3],
                pl.golem_tokens
            ),
            format!(
                "Draw slots ({} open): {}",
                pl.open_slots(c.draw_slots),
                short(&pl.drawn)
            ),
            format!("Bag: {}", short(&pl.bag)),
            format!("Spent: {}", short(&pl.spent)),
        ];
        if pl.fae != 0 {
            lines.push(format!("Fae: {}", fae_words(pl)));
        }
        // The draft pack and the dealt familiars, drawn only for their owner.
        if view.viewer == Some(p as u8) && pl.pack.iter().any(|&n| n > 0) {
            let pack = card_list(game, &pl.pack);
            for (i, chunk) in pack.chunks(3).enumerate() {
                let head = if i == 0 { "Your draft pack" } else { "  …" };
                lines.push(format!("{head}: {}", chunk.join(", ")));
            }
        }
        if view.viewer == Some(p as u8) && pl.dealt != 0 {
            lines.push(format!(
                "Your dealt familiars: {}",
                familiar_names(game, pl.dealt)
            ));
        }
        // A hand is drawn only for its owner; others see the cards known to all.
        let cards = card_list(game, &pl.hand);
        let mine = view.viewer == Some(p as u8);
        if mine || !cards.is_empty() {
            let title = if mine {
                "Your enchantment cards"
            } else {
                "Enchantment cards known to all"
            };
            if cards.is_empty() {
                lines.push(format!("{title}: none"));
            }
            for (i, chunk) in cards.chunks(3).enumerate() {
                let head = if i == 0 { title } else { "  …" };
                lines.push(format!("{head}: {}", chunk.join(", ")));
            }
        }
        for (i, line) in lines.iter().enumerate() {
            let _ = write!(
                o,
                r##"<text x="{}" y="{}">{}</text>"##,
                x0 + 8.0,
                y0 + 16.0 + i as f64 * 15.0,
                esc(line)
            );
        }
        let mut spells = Vec::new();
        for place in 0..PLACES as u8 {
            let toks: Vec<String> = pl.slots[place as usize]
                .iter()
                .flatten()
                .map(|t| t.token.to_string())
                .collect();
            let sp = Spell::ALL.get(place as usize).copied();
            let adv = sp.is_some_and(|sp| pl.is_advanced(sp));
            let cor = sp.is_some_and(|sp| pl.is_corrupted(sp));
            if sp.is_none() && toks.is_empty() {
                continue;
            }
            let marks: Vec<&str> = [(adv, "advanced"), (cor, "corrupted")]
                .iter()
                .filter(|m| m.0)
                .map(|m| m.1)
                .collect();
            spells.push(format!(
                "{}{}{}",
                place_name(place),
                if marks.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", marks.join(", "))
                },
                if toks.is_empty() {
                    String::new()
                } else {
                    format!(": {}", toks.join(" "))
                }
            ));
        }
        for (i, chunk) in spells.chunks(4).enumerate() {
            let _ = write!(
                o,
                r##"<text x="{}" y="{}" font-size="10">{}</text>"##,
                x0 + 8.0,
                y0 + 158.0 + i as f64 * 13.0,
                esc(&chunk.join(" · "))
            );
        }
    }
    let _ = write!(
        o,
        r##"<text x="20" y="{:.0}" font-size="10">Wildlife: B bear, Ot otter, Ow owl. Golems: Bre(eze) air, Pea(t) earth, Riv(er) water, Daz(zle) magic. Squares: druids. Purple border: corrupted. Circles: restoration spots (black ring dark; filled: player colour, ring: type).</text>"##,
        height - 12.0
    );
    o.push_str("</svg>");
    o
}

fn short(counts: &[u8; crate::components::Token::NUM]) -> String {
    let parts: Vec<String> = crate::components::Token::ALL
        .iter()
        .filter(|t| counts[t.index()] > 0)
        .map(|t| format!("{}×{t}", counts[t.index()]))
        .collect();
    if parts.is_empty() {
        "—".into()
    } else {
        parts.join(" ")
    }
}
