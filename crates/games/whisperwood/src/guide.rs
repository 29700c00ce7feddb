//! What a person reads besides the position: the texts printed on the components in play
//! (`rules`) and a short summary of the rules of the decision at hand (`help`).

use std::fmt::Write;

use crate::components::{CardEffect, Element, Enchantment, MatRule};
use crate::printed::PRINTED;
use crate::rules::Whisperwood;
use crate::state::Phase;
use crate::view::{familiar_names, View};

/// The printed text of a familiar, fae or golem by its name, if the appendix has one.
fn printed(name: &str) -> Option<&'static str> {
    PRINTED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// "the earth path", or "any path" for magic (a magic card lets the player choose).
fn path_of(e: Option<Element>) -> String {
    match e {
        Some(e) if e != Element::Magic => format!("the {e} path"),
        _ => "any path".into(),
    }
}

/// An enchantment card's effect in words (components.md §2's archetypes).
pub fn card_text(card: &Enchantment) -> String {
    let e = card
        .element
        .map_or_else(|| "magic".to_string(), |e| e.to_string());
    let what = match card.effect {
        CardEffect::Gain2Advance => format!(
            "gain 2 {e} tokens, then advance 1 space on {}",
            path_of(card.element)
        ),
        CardEffect::RestoreNear => {
            format!("place 1 {e} restoration at your druid's location or an adjacent one")
        }
        CardEffect::Upgrade => match card.element {
            Some(el) if el != Element::Magic => format!("upgrade 1 {el} spell"),
            _ => "upgrade 1 spell of any kind".into(),
        },
        CardEffect::Fae => format!("gain 1 {e} fae"),
        CardEffect::RestoreVp => format!(
            "whenever you place a {e} restoration, gain 1 VP (not while its corruption slot \
             holds corruption)"
        ),
        CardEffect::DrawSlot => "1 more draw slot for the rest of the game".into(),
        CardEffect::Vp3Harmony => "gain 3 VP and 1 harmony".into(),
        CardEffect::Purify2 => "purify 2 corruption".into(),
        CardEffect::Potions2 => "gain 2 potions".into(),
        CardEffect::GolemHereAdvance => {
            "move a golem to your druid's location, then advance 1 space on any path".into()
        }
        CardEffect::WildlifeAdjacentAdvance => {
            "move 1 wildlife to an adjacent location, then advance 1 space on its path".into()
        }
        CardEffect::CorruptedBorderVp => {
            "at the end, 1 VP per restoration of yours on a location with a corrupted border".into()
        }
    };
    let kind = if card.ongoing { "Ongoing" } else { "Immediate" };
    let slot = if card.corruption_slot {
        ", with a corruption slot"
    } else {
        ""
    };
    format!("{} ({kind}{slot}): {what}", card.name)
}

/// The mat's endgame enchantment of rune `m` (0–5) in words.
fn mat_text(rule: MatRule, vp: u8) -> String {
    let per = match rule {
        MatRule::WildlifeNear => "per wildlife at the rune's location and adjacent ones",
        MatRule::TerrainsNear => "per terrain type at the rune's location and adjacent ones",
        MatRule::OwnRestorationsNear => {
            "per restoration of yours at the rune's location and adjacent ones"
        }
        MatRule::CleanNeighbours => "per adjacent location without a corrupted border",
        MatRule::ConnectedRestorations => {
            "per location connected to the rune where you have restorations (L743)"
        }
        MatRule::GolemsNear => "per golem at the rune's location and adjacent ones",
    };
    let points = if vp == 1 { "point" } else { "points" };
    format!("{vp} {points} {per}")
}

/// The texts printed on the components in play that the viewer may read: the familiars and
/// fae held, the golem cards, the endgame enchantment mat and the enchantment cards the
/// viewer sees (its own hand and pack, every card over a mat, the discard pile).
pub fn rules_text(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let c = game.components();
    let mut out = String::new();
    let seat = |p: usize| {
        if view.viewer == Some(p as u8) {
            "you".to_string()
        } else {
            format!("Player {}", p + 1)
        }
    };
    let _ = writeln!(out, "Familiars (the action on the card, L644-664):");
    for (p, pl) in s.players.iter().enumerate() {
        if let Some(f) = c.familiars.get(pl.familiar as usize) {
            let text = printed(&f.name).unwrap_or("");
            let _ = writeln!(out, "  {} ({}): {text}", f.name, seat(p));
        } else if view.viewer == Some(p as u8) && pl.dealt != 0 {
            let _ = writeln!(out, "  dealt to you: {}", familiar_names(game, pl.dealt));
            for (i, f) in c.familiars.iter().enumerate() {
                if pl.dealt & (1 << i) != 0 {
                    let _ = writeln!(out, "  {}: {}", f.name, printed(&f.name).unwrap_or(""));
                }
            }
        }
    }
    let held: Vec<(usize, usize)> = s
        .players
        .iter()
        .enumerate()
        .flat_map(|(p, pl)| {
            (0..8)
                .filter(move |i| pl.fae & (1 << i) != 0)
                .map(move |i| (p, i))
        })
        .collect();
    if !held.is_empty() {
        let _ = writeln!(out, "Fae held (L666-703):");
        for (p, i) in held {
            if let Some(f) = c.fae.get(i) {
                let text = printed(&f.name).unwrap_or("");
                let _ = writeln!(out, "  {} ({}): {text}", f.name, seat(p));
            }
        }
    }
    let _ = writeln!(
        out,
        "Golem cards (powers 1-3, and the endgame scoring if complete):"
    );
    for e in Element::ALL {
        let name = &c.golems[e.index()];
        // Each power and the scoring on a line of its own, as on the card.
        let text = printed(name)
            .unwrap_or("")
            .replace(" 2. ", "\n    2. ")
            .replace(" 3. ", "\n    3. ")
            .replace(" Endgame Scoring", "\n    Endgame Scoring");
        let _ = writeln!(out, "  {name} ({e} golem):\n    {text}");
    }
    let _ = writeln!(
        out,
        "Endgame enchantment mat (each rune scores where its marker is inscribed):"
    );
    for (m, &(rule, vp)) in c.mat.iter().enumerate() {
        let _ = writeln!(out, "  rune {}: {}", m + 1, mat_text(rule, vp));
    }
    let mut cards: Vec<(String, String)> = Vec::new();
    let kinds = |counts: &[u8], whose: &str, cards: &mut Vec<(String, String)>| {
        for (k, &n) in counts.iter().enumerate() {
            if let (true, Some(card)) = (n > 0, c.enchantments.get(k)) {
                cards.push((whose.to_string(), card_text(card)));
            }
        }
    };
    for (p, pl) in s.players.iter().enumerate() {
        if view.viewer == Some(p as u8) {
            kinds(&pl.hand, "your hand", &mut cards);
            kinds(&pl.pack, "your draft pack", &mut cards);
        }
        for m in 0..6 {
            if let Some(card) = game.card_over(pl, m) {
                let whose = format!("over rune {} of {}", m + 1, seat(p));
                cards.push((whose, card_text(card)));
            }
        }
    }
    kinds(&s.discard, "discard pile", &mut cards);
    kinds(&s.revealed, "revealed by Wilwisp", &mut cards);
    if !cards.is_empty() {
        let _ = writeln!(out, "Enchantment cards you can see:");
        for (whose, text) in cards {
            let _ = writeln!(out, "  {text} [{whose}]");
        }
    }
    out
}

/// A short summary of the rules of the decision the viewer faces now, with the rulebook's
/// lines; empty when the viewer does not decide.
pub fn decision_help(game: &Whisperwood, view: &View) -> String {
    let s = &view.state;
    let deciding = matches!(
        sylvan_engine::Game::actor(game, s),
        sylvan_engine::Actor::Seat(seat) if view.viewer == Some(seat.0)
    );
    if !deciding {
        return String::new();
    }
    match s.phase {
        Phase::PlaceTile(_) => "Place the tile you drew next to the forest (L140-146). A tile \
            that depicts water must, if it can, touch a tile with water so that the water is \
            continuous; then it must touch as many tiles as possible. A place is named by its \
            cell 'q,r' and the tiles it touches: Druid's Defiance is at 0,0, each step south-east \
            adds 1 to q and each step south adds 1 to r (the forest lines show each tile's cell \
            during setup); 'turned N' turns the tile N sixths clockwise, which matters only for \
            a tile with water edges."
            .into(),
        Phase::Draft(_) => "Keep 1 card of your pack in secret and pass the rest to the left \
            (L186); three times you keep 2 of 7, so you end with 6 cards."
            .into(),
        Phase::KeepFamiliar => "Keep 1 of your 2 familiars; the other goes back to the box \
            (L188). The kept familiars are revealed together."
            .into(),
        Phase::Reclaim => "Before drawing you may move action tokens from your actions to free \
            draw slots (L264); then start drawing: you draw until your draw slots are full or \
            your bag and spent pool are empty (L266-270)."
            .into(),
        Phase::Corruption => "A drawn corruption goes at once on an empty corruption slot of a \
            spell or card (L269); with none left it returns to the supply and you lose 2 VP."
            .into(),
        Phase::Prepare => "Assign the tokens on your casting board to action slots that show \
            their type (L280-292); an action with every slot filled is fully prepared and can \
            be performed later this round. Tokens may stay on the board or on actions for later \
            rounds (L294). Say Ready when done."
            .into(),
        Phase::Act => "Perform 1 fully prepared action (L310-318): its tokens are spent to your \
            spent pool, or released to the supply where the slot shows an X. Or rest: you take \
            no more turns this round, and the first to rest becomes the next first player."
            .into(),
        Phase::Resolve => {
            let mut help = String::from(
                "The action's effects resolve from left to right and none may be skipped \
                 (L377), except what cannot resolve; an effect of a corruption slot works only \
                 while that slot is empty.",
            );
            if s.pending.len() > 1 {
                let _ = write!(help, " {} effects are still to resolve.", s.pending.len());
            }
            help
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_familiar_fae_and_golem_has_its_printed_text() {
        let c = crate::components::Components::from_toml(crate::components::DEFAULT_COMPONENTS)
            .expect("the box");
        for name in c
            .familiars
            .iter()
            .map(|f| &f.name)
            .chain(c.fae.iter().map(|f| &f.name))
            .chain(c.golems.iter())
        {
            assert!(printed(name).is_some_and(|t| t.len() > 40), "{name}");
        }
    }
}
