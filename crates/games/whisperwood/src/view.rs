//! What a viewer sees, and its text for a terminal. Enchantment cards in hand are secret:
//! a viewer sees its own hand, the cards every seat knows are in the others' (the first-game
//! element sets, L178) and only how many cards the others hold and the deck has. Bags are
//! public by perfect recall (R9).

use std::fmt::Write;

use serde::Serialize;
use sylvan_engine::Viewer;

use crate::action::{fae_name, loc_name, place_name};
use crate::components::{Animal, Element, Spell, Token, CARD_KINDS};
use crate::rules::{spot_owner, Whisperwood};
use crate::score::placed_locations;
use crate::state::{Phase, Player, State, NONE, PLACES};

/// What one viewer may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Who is looking (`None` for a spectator).
    pub viewer: Option<u8>,
    /// The position (all public).
    pub state: State,
    /// Each player's points so far per category.
    pub scores: Vec<[i32; 10]>,
    /// Enchantment cards in each hand (the state shows only the cards this viewer knows).
    pub hand_sizes: Vec<u8>,
    /// Enchantment cards in the deck (the state's deck is blanked).
    pub deck_size: u8,
}

impl View {
    /// The view of `s` for `viewer`.
    pub fn of(game: &Whisperwood, s: &State, viewer: Viewer) -> View {
        View {
            viewer: match viewer {
                Viewer::Seat(seat) => Some(seat.0),
                Viewer::Spectator => None,
            },
            state: hide_cards(s, viewer),
            scores: (0..s.players.len()).map(|p| game.breakdown(s, p)).collect(),
            hand_sizes: s.players.iter().map(Player::hand_size).collect(),
            deck_size: s.deck.iter().sum(),
        }
    }
}

/// The state with the cards `viewer` has not seen blanked: the deck and every other hand but
/// its publicly known cards.
fn hide_cards(s: &State, viewer: Viewer) -> State {
    let mut v = s.clone();
    v.deck = [0; CARD_KINDS];
    // The familiars not yet dealt would tell which ones the others hold.
    v.familiars_left = 0;
    for (q, pl) in v.players.iter_mut().enumerate() {
        if viewer == Viewer::Seat(sylvan_engine::Seat(q as u8)) {
            continue;
        }
        pl.pack = [0; CARD_KINDS];
        pl.dealt = 0;
        pl.draft_seen = [NONE; 15];
        pl.draft_picks = [NONE; 6];
        pl.tracked = crate::knowledge::NOTHING;
        for (k, n) in pl.hand.iter_mut().enumerate() {
            *n = (*n).min(u8::from(pl.known & (1 << k) != 0));
        }
    }
    v
}

/// The names of the cards counted in `hand`, e.g. "Earth Bounty, 2 Starlit Gift".
pub(crate) fn card_names(game: &Whisperwood, hand: &[u8; CARD_KINDS]) -> String {
    let parts = card_list(game, hand);
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// The cards counted in `hand`, one entry per kind ("2 Starlit Gift").
pub(crate) fn card_list(game: &Whisperwood, hand: &[u8; CARD_KINDS]) -> Vec<String> {
    let cards = &game.components().enchantments;
    hand.iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| {
            let name = cards.get(k).map_or("?", |c| c.name.as_str());
            if n == 1 {
                name.to_string()
            } else {
                format!("{n} {name}")
            }
        })
        .collect()
}

/// The columns a line of the text keeps within (a terminal of 100, issue 11).
pub const TEXT_WIDTH: usize = 100;

/// Short labels of the score categories for the one-line breakdown of the text.
const SHORT: [&str; 10] = [
    "VP stars",
    "runes",
    "enchantments",
    "golem tokens",
    "golem powers",
    "advanced spells",
    "den",
    "potions",
    "corruption",
    "restorations",
];

/// Appends `line`, broken between words so no row is wider than [`TEXT_WIDTH`]; a
/// continuation row is indented two more than the line.
fn put(out: &mut String, line: &str) {
    let line = line.trim_end();
    let indent = line.len() - line.trim_start().len();
    let mut rest = line;
    let mut lead = String::new();
    loop {
        let room = TEXT_WIDTH - lead.len();
        let chars: Vec<(usize, char)> = rest.char_indices().collect();
        if chars.len() <= room {
            out.push_str(&lead);
            out.push_str(rest);
            out.push('\n');
            return;
        }
        // Break after a comma, semicolon or colon so names stay whole; else at the last space
        // within the width (else the first one after).
        let after_mark = |&&(i, ch): &&(usize, char)| {
            ch == ' ' && i > 0 && matches!(rest.as_bytes()[i - 1], b',' | b';' | b':' | b'|')
        };
        let cut = chars[..=room]
            .iter()
            .rev()
            .find(after_mark)
            .or_else(|| chars[..=room].iter().rev().find(|(_, ch)| *ch == ' '))
            .or_else(|| chars[room..].iter().find(|(_, ch)| *ch == ' '))
            .map(|&(i, _)| i);
        let Some(cut) = cut.filter(|&i| !rest[..i].trim().is_empty()) else {
            out.push_str(&lead);
            out.push_str(rest);
            out.push('\n');
            return;
        };
        out.push_str(&lead);
        out.push_str(rest[..cut].trim_end());
        out.push('\n');
        rest = rest[cut..].trim_start();
        lead = " ".repeat(indent + 2);
    }
}

/// A spot in the data's letters: `E`, `dA` (dark), `EA` (either), `wild2`; `=P1e` once
/// Player 1 restored it with earth (`w` water, `a` air, `m` magic).
fn spot_code(sp: &crate::components::Spot, occupant: u8) -> String {
    let mut code = match sp.wild {
        Some(col) => format!("wild{}", col + 1),
        None => {
            let letters: String = Element::ALL
                .iter()
                .filter(|e| sp.types & e.bit() != 0)
                .map(|e| e.name()[..1].to_uppercase())
                .collect();
            format!("{}{letters}", if sp.dark { "d" } else { "" })
        }
    };
    if let Some((p, e)) = spot_owner(occupant) {
        let _ = write!(code, "=P{}{}", p + 1, &e.name()[..1]);
    }
    code
}

/// Tokens by kind, a count only when more than one ("earth, 2 ember"), or "-".
fn few(counts: &[u8; Token::NUM]) -> String {
    let parts: Vec<String> = Token::ALL
        .iter()
        .filter(|t| counts[t.index()] > 0)
        .map(|t| match counts[t.index()] {
            1 => t.to_string(),
            n => format!("{n} {t}"),
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// Card names with a first word shared with the card before it left out ("Earth Bounty,
/// Renewal, Reach, 2 Starlit Gift"), or "none": the others' cards known to all in one line.
fn short_names(game: &Whisperwood, hand: &[u8; CARD_KINDS]) -> String {
    let list = card_list(game, hand);
    let mut last = "";
    let parts: Vec<String> = list
        .iter()
        .map(|entry| {
            let (count, name) = match entry.split_once(' ') {
                Some((n, rest)) if n.parse::<u8>().is_ok() => (format!("{n} "), rest),
                _ => (String::new(), entry.as_str()),
            };
            let (first, rest) = name.split_once(' ').unwrap_or((name, ""));
            let shown = if count.is_empty() && first == last && !rest.is_empty() {
                rest.to_string()
            } else {
                format!("{count}{name}")
            };
            last = if count.is_empty() { first } else { "" };
            shown
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// The position as text: the round and the decision, the deck, one line per location of the
/// forest, then a few lines per player (its own hand, pack and familiars for the viewer).
pub fn text(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let c = game.components();
    let mut out = String::new();
    put(
        &mut out,
        &format!(
            "Round {} of {}, {}: {}",
            (s.round + 1).min(c.rounds),
            c.rounds,
            // The seat to move reads its own turn; the others read whose it is.
            match game.actor(s) {
                sylvan_engine::Actor::Seat(seat) if view.viewer == Some(seat.0) => {
                    "your turn to decide".to_string()
                }
                sylvan_engine::Actor::Seat(seat) => format!("{seat} to decide"),
                sylvan_engine::Actor::Chance => "chance to decide".into(),
                sylvan_engine::Actor::Nobody => "nobody to decide".into(),
            },
            crate::describe(s.phase)
        ),
    );
    let mut deck = format!(
        "Enchantment deck: {} cards; discard pile: {}",
        view.deck_size,
        card_names(game, &s.discard)
    );
    if s.revealed.iter().any(|&n| n > 0) {
        let _ = write!(
            deck,
            "; revealed by Wilwisp: {}",
            card_names(game, &s.revealed)
        );
    }
    put(&mut out, &deck);
    put(
        &mut out,
        "Forest: terrain (*corrupted) | spots: E/W/A earth/water/air, d dark, wildN Player N's, =P1e P1 earth",
    );
    for l in placed_locations(s) {
        let tile = &c.tiles[l as usize];
        let letters: String = Element::ALL
            .iter()
            .filter(|e| tile.terrain & e.bit() != 0)
            .map(|e| e.name()[..1].to_uppercase())
            .collect();
        let corrupted = if s.borders & (1 << l) != 0 { "*" } else { "" };
        let mut line = format!("  {:<3} {:<4} ", loc_name(l), letters + corrupted);
        // While tiles are placed, each tile's cell: the coordinates the placements name.
        if matches!(s.phase, Phase::DrawTile | Phase::PlaceTile(_)) {
            let (q, r) = crate::board::cell_coords(s.cell[l as usize]);
            let _ = write!(line, "at {q},{r} ");
        }
        let spots: Vec<String> = tile
            .spots
            .iter()
            .enumerate()
            .map(|(i, sp)| spot_code(sp, s.spots[l as usize][i]))
            .collect();
        let _ = write!(line, "| {}", spots.join(" "));
        let wild: Vec<String> = Animal::ALL
            .iter()
            .filter(|a| s.wildlife[l as usize][a.index()] > 0)
            .map(|a| {
                let n = s.wildlife[l as usize][a.index()];
                format!("{n} {a}{}", if n == 1 { "" } else { "s" })
            })
            .collect();
        if !wild.is_empty() {
            let _ = write!(line, " | {}", wild.join(", "));
        }
        for (g, &at) in s.golems.iter().enumerate() {
            if at == l {
                let _ = write!(line, " | golem {}", c.golems[g]);
            }
        }
        let druids: Vec<String> = (0..s.players.len())
            .filter(|&p| s.druids[p] == l)
            .map(|p| format!("P{}", p + 1))
            .collect();
        if !druids.is_empty() {
            let _ = write!(line, " | druid {}", druids.join(" "));
        }
        for site in 0..game.sites() {
            if game.site_loc(site) == l {
                let tok = s.site_token[site as usize];
                if tok != NONE {
                    // The token by what it depicts, * when it is corrupted (as in the legend).
                    let name = crate::rune_token_name(c, tok).replace(" (corrupted)", "*");
                    let _ = write!(line, " | site {site}: {name}");
                }
                let m = s.site_marker[site as usize];
                if m != NONE {
                    let _ = write!(line, " | site {site}: rune {} of P{}", m % 8 + 1, m / 8 + 1);
                }
            }
        }
        put(&mut out, &line);
    }
    for (p, pl) in s.players.iter().enumerate() {
        let mine = view.viewer == Some(p as u8);
        let fam = c
            .familiars
            .get(pl.familiar as usize)
            .map_or("-", |f| f.name.as_str());
        let score: i32 = view.scores[p].iter().sum();
        let mut tags = String::new();
        if mine {
            tags.push_str(" (you)");
        }
        if s.first == p as u8 {
            tags.push_str(", first player");
        }
        if pl.rested {
            tags.push_str(", rested");
        }
        let mut head = format!(
            "Player {}{tags}: score now {}, familiar {fam}, {} VP stars, harmony {}, {} cards",
            p + 1,
            score.max(0),
            pl.vp,
            pl.harmony,
            view.hand_sizes.get(p).copied().unwrap_or(0),
        );
        let mut fae = String::new();
        if pl.fae != 0 {
            // On the first line when it fits, else after the paths.
            let words = format!("; fae: {}", fae_words(pl));
            if head.chars().count() + words.chars().count() <= TEXT_WIDTH {
                head.push_str(&words);
            } else {
                fae = words;
            }
        }
        put(&mut out, &head);
        // The breakdown once the game is over (during play the score now is enough here).
        if s.phase == crate::state::Phase::Over {
            let mut parts: Vec<String> = SHORT
                .iter()
                .zip(&view.scores[p])
                .filter(|(_, &v)| v != 0)
                .map(|(n, v)| format!("{n} {v}"))
                .collect();
            if score < 0 {
                parts.push(format!("raised to 0 by {}", -score));
            }
            put(&mut out, &format!("  score: {}", parts.join(", ")));
        }
        let mut rows: Vec<String> = Vec::new();
        let golems = if pl.golems.iter().flatten().all(|&g| g == 0) {
            format!("golem tokens {}", pl.golem_tokens)
        } else {
            format!(
                "golem tokens {} ({})",
                pl.golem_tokens,
                golem_words(game, pl)
            )
        };
        rows.push(format!(
                "  paths: earth {}, water {}, air {}; restorations left E{} W{} A{} M{}; den: {}; {golems}{fae}",
                pl.col[0],
                pl.col[1],
                pl.col[2],
                pl.restorations[0],
                pl.restorations[1],
                pl.restorations[2],
                pl.restorations[3],
                den_words(&pl.den)
            ));
        rows.push(format!(
            "  drawn ({} slots open): {}; bag: {}; spent pool: {}",
            pl.open_slots(c.draw_slots),
            few(&pl.drawn),
            few(&pl.bag),
            few(&pl.spent)
        ));
        let mut spells = Vec::new();
        for place in 0..PLACES as u8 {
            let slots: Vec<String> = pl.slots[place as usize]
                .iter()
                .flatten()
                .map(|t| t.token.to_string())
                .collect();
            let (adv, cor) = match Spell::ALL.get(place as usize) {
                Some(&sp) => (pl.is_advanced(sp), pl.is_corrupted(sp)),
                None => (false, false),
            };
            if slots.is_empty() && !adv && !cor {
                continue;
            }
            spells.push(format!(
                "{}{}{} [{}]",
                if place == crate::state::FAMILIAR_PLACE {
                    "familiar".to_string()
                } else {
                    place_name(place)
                },
                if adv { "+" } else { "" },
                if cor { "*" } else { "" },
                slots.join(" ")
            ));
        }
        rows.push(format!(
            "  actions{}: {}",
            if p == 0 {
                " (+ advanced, * corrupted)"
            } else {
                ""
            },
            spells.join("; ")
        ));
        let over: Vec<String> = (0..6)
            .filter_map(|m| {
                game.card_over(pl, m).map(|card| {
                    let cor = if pl.card_corrupted & (1 << m) != 0 {
                        " (corrupted)"
                    } else {
                        ""
                    };
                    format!("rune {} {}{cor}", m + 1, card.name)
                })
            })
            .collect();
        let mut cards = Vec::new();
        if !over.is_empty() {
            cards.push(format!("over the mat: {}", over.join(", ")));
        }
        let shown = card_names(game, &pl.hand);
        if mine {
            if pl.pack.iter().any(|&n| n > 0) {
                cards.push(format!("your draft pack: {}", card_names(game, &pl.pack)));
            }
            if pl.dealt != 0 {
                cards.push(format!(
                    "your dealt familiars: {}",
                    familiar_names(game, pl.dealt)
                ));
            }
            cards.push(format!("your cards: {}", card_names(game, &pl.hand)));
        } else if shown != "none" {
            cards.push(format!("known to all: {}", short_names(game, &pl.hand)));
        }
        rows.extend(cards.iter().map(|c| format!("  {c}")));
        // Short rows share a line when together they fit.
        let mut merged: Vec<String> = Vec::new();
        for row in rows {
            match merged.last_mut() {
                Some(last) if last.chars().count() + row.chars().count() <= TEXT_WIDTH => {
                    last.push_str("; ");
                    last.push_str(row.trim_start());
                }
                _ => merged.push(row),
            }
        }
        for row in &merged {
            put(&mut out, row);
        }
    }
    out
}

/// The familiars of a mask, by name ("Astra, Sal").
pub(crate) fn familiar_names(game: &Whisperwood, mask: u8) -> String {
    game.components()
        .familiars
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, f)| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The fae cards a player holds, in words ("Quickling (summoned this turn), Lunehare"), or
/// "none".
pub(crate) fn fae_words(pl: &Player) -> String {
    let parts: Vec<String> = (0..8u8)
        .filter(|i| pl.fae & (1 << i) != 0)
        .map(|i| {
            let fresh = if pl.summoned & (1 << i) != 0 {
                " (summoned this turn)"
            } else {
                ""
            };
            format!("{}{fresh}", fae_name(i))
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// The den in words: "2 bears, 1 owl", or "empty".
pub(crate) fn den_words(den: &[u8; 3]) -> String {
    let parts: Vec<String> = Animal::ALL
        .iter()
        .filter(|a| den[a.index()] > 0)
        .map(|a| {
            let n = den[a.index()];
            format!("{n} {a}{}", if n == 1 { "" } else { "s" })
        })
        .collect();
    if parts.is_empty() {
        "empty".into()
    } else {
        parts.join(", ")
    }
}

/// The golem powers a player marked, in words: "Peat power 1 active, River power 3 face down
/// (3 VP)", or "no golem tokens placed".
pub(crate) fn golem_words(game: &Whisperwood, pl: &Player) -> String {
    let c = game.components();
    let mut parts = Vec::new();
    for g in Element::ALL {
        for (power, &mark) in pl.golems[g.index()].iter().enumerate() {
            let how = match mark {
                1 => "active",
                2 => "face down (3 VP)",
                _ => continue,
            };
            parts.push(format!("{} power {} {how}", c.golems[g.index()], power + 1));
        }
    }
    if parts.is_empty() {
        "no golem tokens placed".into()
    } else {
        parts.join(", ")
    }
}
