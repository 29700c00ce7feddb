//! What a viewer sees, and its text for a terminal. Enchantment cards in hand are secret:
//! a viewer sees its own hand, the cards every seat knows are in the others' (the first-game
//! element sets, L178) and only how many cards the others hold and the deck has. Bags are
//! public by perfect recall (R9).

use std::fmt::Write;

use serde::Serialize;
use sylvan_engine::Viewer;

use crate::action::{fae_name, loc_name, place_name};
use crate::components::{Animal, Element, Spell, Token, CARD_KINDS};
use crate::rules::{spot_owner, terrain_names, Whisperwood};
use crate::score::{placed_locations, CATEGORIES, FLOOR_ROW};
use crate::state::{Player, State, NONE, PLACES};

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

fn tokens(counts: &[u8; Token::NUM]) -> String {
    let parts: Vec<String> = Token::ALL
        .iter()
        .filter(|t| counts[t.index()] > 0)
        .map(|t| format!("{} {t}", counts[t.index()]))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// The position as text.
pub fn text(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let c = game.components();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Whisperwood — round {} of {}, {} to decide: {}",
        (s.round + 1).min(c.rounds),
        c.rounds,
        match game.actor(s) {
            sylvan_engine::Actor::Seat(seat) => seat.to_string(),
            sylvan_engine::Actor::Chance => "chance".into(),
            sylvan_engine::Actor::Nobody => "nobody".into(),
        },
        crate::describe(s.phase)
    );
    let _ = writeln!(
        out,
        "Enchantment deck: {} cards; discard pile: {}",
        view.deck_size,
        card_names(game, &s.discard)
    );
    if s.revealed.iter().any(|&n| n > 0) {
        let _ = writeln!(
            out,
            "Revealed by Wilwisp: {}",
            card_names(game, &s.revealed)
        );
    }
    let _ = writeln!(out, "\nThe forest:");
    for l in placed_locations(s) {
        let tile = &c.tiles[l as usize];
        let mut line = format!("  {:<17} {:<15}", loc_name(l), terrain_names(tile.terrain));
        if s.borders & (1 << l) != 0 {
            line.push_str(" [corrupted]");
        }
        let spots: Vec<String> = tile
            .spots
            .iter()
            .enumerate()
            .map(|(i, sp)| {
                let kind = match sp.wild {
                    Some(col) => format!("wild{}", col + 1),
                    None => format!(
                        "{}{}",
                        if sp.dark { "dark " } else { "" },
                        terrain_names(sp.types)
                    ),
                };
                match spot_owner(s.spots[l as usize][i]) {
                    Some((p, e)) => format!("{kind}=P{} {e}", p + 1),
                    None => kind,
                }
            })
            .collect();
        let _ = write!(line, " spots: {}", spots.join(", "));
        let wild: Vec<String> = Animal::ALL
            .iter()
            .filter(|a| s.wildlife[l as usize][a.index()] > 0)
            .map(|a| format!("{} {a}", s.wildlife[l as usize][a.index()]))
            .collect();
        if !wild.is_empty() {
            let _ = write!(line, "; wildlife: {}", wild.join(", "));
        }
        for (g, &at) in s.golems.iter().enumerate() {
            if at == l {
                let _ = write!(line, "; golem {}", c.golems[g]);
            }
        }
        for (p, &at) in s.druids.iter().enumerate().take(s.players.len()) {
            if at == l {
                let _ = write!(line, "; druid P{}", p + 1);
            }
        }
        for site in 0..game.sites() {
            if game.site_loc(site) == l {
                let tok = s.site_token[site as usize];
                if let Some(r) = c.runes.get(tok as usize) {
                    let _ = write!(
                        line,
                        "; rune site {site}: {:?}{}",
                        r.effect,
                        if r.corrupted { " (corrupted)" } else { "" }
                    );
                }
                let m = s.site_marker[site as usize];
                if m != NONE {
                    let _ = write!(line, "; rune {} of P{}", m % 8 + 1, m / 8 + 1);
                }
            }
        }
        let _ = writeln!(out, "{line}");
    }
    for (p, pl) in s.players.iter().enumerate() {
        let fam = c
            .familiars
            .get(pl.familiar as usize)
            .map_or("-", |f| f.name.as_str());
        let _ = writeln!(
            out,
            "\nPlayer {}{}{} — {} VP stars, harmony {}, familiar {fam}, hand {} enchantments{}",
            p + 1,
            if view.viewer == Some(p as u8) {
                " (you)"
            } else {
                ""
            },
            if s.first == p as u8 {
                " (first player)"
            } else {
                ""
            },
            pl.vp,
            pl.harmony,
            view.hand_sizes.get(p).copied().unwrap_or(0),
            if pl.rested { ", rested" } else { "" }
        );
        let over: Vec<String> = (0..6)
            .filter_map(|m| {
                game.card_over(pl, m).map(|card| {
                    let cor = if pl.card_corrupted & (1 << m) != 0 {
                        " (corrupted)"
                    } else {
                        ""
                    };
                    format!("rune {}: {}{cor}", m + 1, card.name)
                })
            })
            .collect();
        if !over.is_empty() {
            let _ = writeln!(out, "  cards over the mat: {}", over.join("; "));
        }
        let shown = card_names(game, &pl.hand);
        if view.viewer == Some(p as u8) {
            if pl.pack.iter().any(|&n| n > 0) {
                let _ = writeln!(out, "  your draft pack: {}", card_names(game, &pl.pack));
            }
            if pl.dealt != 0 {
                let _ = writeln!(
                    out,
                    "  your dealt familiars: {}",
                    familiar_names(game, pl.dealt)
                );
            }
            let _ = writeln!(out, "  your enchantment cards: {shown}");
        } else if shown != "none" {
            let _ = writeln!(out, "  enchantment cards known to all: {shown}");
        }
        let _ = writeln!(
            out,
            "  paths: earth {}, water {}, air {}; restorations left: earth {}, water {}, air {}, magic {}; golem tokens {}; den: {}",
            pl.col[0], pl.col[1], pl.col[2], pl.restorations[0], pl.restorations[1],
            pl.restorations[2], pl.restorations[3], pl.golem_tokens, den_words(&pl.den)
        );
        let _ = writeln!(
            out,
            "  draw slots {} ({} open): {}",
            c.draw_slots,
            pl.open_slots(c.draw_slots),
            tokens(&pl.drawn)
        );
        let _ = writeln!(
            out,
            "  bag: {}; spent pool: {}",
            tokens(&pl.bag),
            tokens(&pl.spent)
        );
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
                place_name(place),
                if adv { " (advanced)" } else { "" },
                if cor { " (corrupted)" } else { "" },
                slots.join(" ")
            ));
        }
        let _ = writeln!(out, "  actions: {}", spells.join("; "));
        let _ = writeln!(out, "  golem cards: {}", golem_words(game, pl));
        let _ = writeln!(out, "  fae cards: {}", fae_words(pl));
        let score = &view.scores[p];
        let mut parts: Vec<String> = CATEGORIES
            .iter()
            .zip(score)
            .filter(|(_, &v)| v != 0)
            .map(|(n, v)| format!("{n} {v}"))
            .collect();
        let sum: i32 = score.iter().sum();
        if sum < 0 {
            parts.push(format!("{FLOOR_ROW} {}", -sum));
        }
        let _ = writeln!(
            out,
            "  score now: {} ({})",
            score.iter().sum::<i32>().max(0),
            parts.join(", ")
        );
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
