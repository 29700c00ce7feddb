//! What a person at the table reads besides the position: the actions a player may name
//! (so a refused one is told which rule keeps it out) and the help for the decision at hand.

use std::fmt::Write;

use sylvan_engine::Seat;

use crate::components::{
    Animal, Card, Colour, ColourRule, Layout, Scoring, Tile, MAX_SETS, MAX_SPACES,
};
use crate::{Action, Spirits, Spot, State, View};

/// Every action of the shapes a turn takes, legal or not, on the animals in play.
pub(crate) fn named_actions(s: &State, out: &mut Vec<Action>) {
    out.clear();
    for t in Tile::ALL {
        out.push(Action::Tile(t));
        out.push(Action::Pass(t));
    }
    out.push(Action::PassWithoutTile);
    for c in Colour::ALL {
        out.extend([
            Action::Take(c),
            Action::Return(c),
            Action::Give(c),
            Action::TakeAll(c),
            Action::ReturnAll(c),
            Action::Name(c),
        ]);
        for &animal in &s.animals {
            for set in 0..MAX_SETS as u8 {
                out.push(Action::Place {
                    stone: c,
                    animal,
                    set,
                });
            }
        }
    }
    for &animal in &s.animals {
        out.push(Action::MoveCoyote(animal));
        out.push(Action::Empty(animal));
        for owner in [Seat(0), Seat(1)] {
            let spots = (0..MAX_SPACES as u8)
                .map(Spot::Space)
                .chain([Spot::SpiritSpace, Spot::Nest]);
            for spot in spots {
                for stone in Colour::ALL {
                    out.push(Action::Remove {
                        owner,
                        animal,
                        spot,
                        stone,
                    });
                }
            }
        }
    }
    for pile in 0..2 {
        for card in Card::ALL {
            out.push(Action::UseCard { pile, card });
        }
    }
    out.extend([
        Action::KeepCoyote,
        Action::ElkTwoStones,
        Action::ElkSpiritStone,
        Action::DrawAnother,
        Action::StopDrawing,
    ]);
}

/// The rulebook's text of each animal board (placement rule and scoring), in `Animal::ALL` order.
const ANIMAL_TEXTS: [&str; 15] = [
    "This animal earns points based on the total number of stones on it. No color restrictions. Stones must always be placed on the leftmost open space. As soon as you place a stone on a space marked with the Coyote symbol, you may immediately move Coyote. This can happen between placing stones on turns where you have more than one stone to place. Maximum score: 7 points. 14 points with Spirit Stone.",
    "Score 5 points for completing the 3-of-a-kind. Score 2 points for completing the pair. If you complete both sets, score an additional 7 points. Incomplete sets score zero points. Maximum score: 14 points. 28 points with Spirit Stone.",
    "As soon as you complete the 3-of-a-kind, add three stones to the bowl and then take two stones. Score 2 points if complete. Incomplete sets score zero points. Maximum score: 2 points. 4 points with Spirit Stone.",
    "No color restrictions. Stones must always be placed on the leftmost open space. If both stones in the spaces marked A are the same color, score an additional 5 points. If both stones in the spaces marked B are the same color, score an additional 3 points. Maximum score: 13 points. 26 points with Spirit Stone.",
    "Only up to two different colors may be placed. Score 1 point per stone. If an equal number of stones are used of each color, score 2 points per stone instead. Maximum score: 12 points. 24 points with Spirit Stone.",
    "All stones must be different colors. As soon as you place the third stone on this animal, you may immediately move Coyote and, at the end of this turn, take an extra turn. Take the extra turn even if the game would have ended during the previous turn. Score 3 points if completed. Maximum score: 3 points. 6 points with Spirit Stone.",
    "All stones must be the same color. Score 1 point per stone. If your Moose has more stones than your opponent's Moose, score 2 points per stone instead. Maximum score: 16 points. 32 points with Spirit Stone.",
    "Score 4 points for completing the 3-of-a-kind. Score 1 point for the single stone. As soon as both sets are completed, use one of the faceup Spirit Power cards and then move it to the bottom of its original pile. If this happens while resolving another Spirit Power card, move that card to the bottom of its stack before using the new Spirit Power card. Maximum score: 5 points. 10 points with Spirit Stone.",
    "No color restrictions. As soon as you complete the set, immediately take one stone of your choice from the bag. Score 4 points if complete. If incomplete, score zero points. Maximum score: 4 points. 8 points with Spirit Stone.",
    "Score 3 points for each completed pair. Incomplete sets score zero points. Maximum score: 9 points. 18 points with Spirit Stone.",
    "Except for the Spirit Stone space, you cannot place stones on this animal normally. Immediately after you move Coyote, draw one random stone from the bag and place it into Packrat's Nest. Do not add stones to the Nest if there is a Spirit Stone on the Spirit Stone space. Score 1 point for each normal stone in the Nest. Score 3 points for each Spirit Stone in the Nest. Spirit Stones in Packrat's Nest do not double this animal's score or prevent you from adding stones but they do count towards the Spirit Stones required to end the game. Maximum score: varies.",
    "All stones must be different colors. Score 6 points if complete. If incomplete, score zero points. Maximum score: 6 points. 12 points with Spirit Stone.",
    "All stones must be the same color. Each stone is worth a number of points equal to the number of Spirit Stones you have on all of your animal boards. Maximum score: varies.",
    "This animal earns points based on the total number of stones on it. All stones must be different colors. Maximum score: 13 points. 26 points with Spirit Stone.",
    "This animal earns points based on the total number of stones on it. All stones must be the same color. Maximum score: 14 points. 28 points with Spirit Stone.",
];

/// The rulebook's text of each Spirit Power card, in `Card::ALL` order.
const CARD_TEXTS: [&str; 18] = [
    "You may move Coyote. Then, return any one stone to the bowl (including a Spirit Stone) from the animal board Coyote is on.",
    "Count the number of stones currently in the bowl and return them to the bag. Then, draw the same number of stones from the bag and add them to the bowl. Lastly, take one stone from the bowl.",
    "Draw three stones from the bag and add them to the bowl. Then, take one stone from the bowl. Lastly, choose one stone in the bowl and return it to the bag. The stones taken from the bowl and returned to the bag do not have to be from among the three added using this card.",
    "Draw two stones from the bag and add them to the bowl. Then, take two stones from the bowl.",
    "Remove any one stone from one of your animal boards (including a Spirit Stone) and add it to the bowl. Then, take two stones from the bowl. You may take the stone you initially returned.",
    "Take one stone from the bowl. Take another turn at the end of this turn. Take the extra turn even if the game would have ended during the previous turn.",
    "Choose one: either take two non-Spirit Stones from the bowl, or take one Spirit Stone from the bowl and take another turn at the end of this turn. You can only choose the second option if there is a Spirit Stone in the bowl. Take the extra turn even if the game would have ended during the previous turn.",
    "Draw four stones from the bag and add them to the bowl. Then, take one stone from the bowl. Lastly, choose one stone in the bowl. Your opponent must take that stone and place it if possible. If placing these stones causes either player to take an extra turn, those extra turns happen at the end of your turn in the order they were triggered and before your opponent's next normal turn.",
    "Draw five stones from the bag and add them to the bowl. Choose a color from among the stones in the bowl and take all the stones of that color. Spirit Stones count as a color. Then, your opponent chooses a color from among the stones remaining in the bowl. Return all the stones of that color from the bowl to the bag.",
    "Take all the stones from one of your animal boards (including Spirit Stones, if any) and place them onto your other animal boards. You may place the stones on one or multiple animal boards. You cannot place any of the stones back onto the original animal board.",
    "Take one non-Spirit Stone from any animal board, including your own. Then, add three stones from the bag to the bowl.",
    "Draw two stones from the bag and take them both. Add any stones you are unable to place onto your animal boards to the bowl.",
    "Return any one stone from one of your animal boards to the bag. Then draw three stones from the bag and take them all. Add any stones you are unable to place onto your animal boards to the bowl.",
    "Take one stone from the bowl. You may place this stone on an animal being blocked by Coyote. If you do, you may move Coyote. This power does not allow you to place a stone on an opponent's animal board.",
    "Name a color and then draw eight stones from the bag. Take all the stones of that color from among those you drew. Return the remaining stones to the bag. Spirit Stones count as a color.",
    "Draw stones one at a time from the bag until you decide to stop. You must draw at least one stone. Take one stone from among those drawn, then your opponent takes one stone from those drawn. Finally, return any remaining drawn stones to the bag.",
    "Return all the stones in the bowl to the bag. Then draw one stone from the bag and take it.",
    "Draw four stones from the bag and add them to the bowl. Then, take one stone from the bowl.",
];

/// The rulebook's text of a Spirit Power card.
pub(crate) fn card_text(card: Card) -> &'static str {
    CARD_TEXTS[card.index()]
}

/// The rulebook's text of each action tile, in `Tile::ALL` order.
const TILE_TEXTS: [&str; 5] = [
    "(x2) Take 1 stone from the bowl and place it onto one of your animal boards. After you flip the second one you may move Coyote. Not with an empty bowl.",
    "Take 2 stones from the bowl and place them onto one or more of your animal boards. Not with fewer than two stones in the bowl.",
    "Draw 2 stones from the bag and add them to the bowl. Then, take 1 stone from the bowl and place it onto one of your animal boards.",
    "Draw 3 stones from the bag and add them to the bowl. Then, you may move Coyote to one of your opponent's animal boards.",
    "Flip all 6 of your action tiles faceup. Choose one of the two faceup Spirit Power cards and perform its action(s) in order; it then goes to the bottom of its pile. Only with at least 3 other action tiles facedown.",
];

const PLACING: &str = "A stone you take must go on an open space of one of your animal boards that allows it: linked spaces hold one colour, each board has its own colour rule (type rules), a Spirit Stone goes only on a board's Spirit Stone space (doubling that board and closing it), and nothing goes on the board Coyote is on. A stone you cannot place goes back to the bowl.";

/// A board's placement rule and points in a line short enough for the picture (the full
/// rulebook text is in [`Spirits::rules_text`]).
pub(crate) fn board_rule(animal: Animal, layout: &Layout) -> String {
    let mut rules: Vec<ColourRule> = layout.sets.iter().map(|s| s.rule).collect();
    rules.dedup();
    let colours = match (rules.as_slice(), layout.sets.len()) {
        ([], _) => "Only a Spirit Stone; the Nest fills when you move Coyote".to_string(),
        ([ColourRule::Same], 1) => "One colour".into(),
        ([ColourRule::Same], _) => "Each linked set one colour".into(),
        ([ColourRule::Different], _) => "All different colours".into(),
        ([ColourRule::TwoColours], _) => "At most two colours".into(),
        ([ColourRule::Any], _) => "Any colours".into(),
        _ => "Sets as linked".into(),
    };
    let mut t = if layout.leftmost {
        format!("Leftmost first, {}", colours.to_lowercase())
    } else {
        colours
    };
    if layout.coyote_spaces != 0 {
        t.push_str(", red ring: move Coyote");
    }
    let effect = match animal {
        Animal::Bullfrog => "; done: add 3, take 2",
        Animal::Jackrabbit => "; 3rd stone: Coyote, extra turn",
        Animal::Moth => "; both done: a Spirit Power",
        Animal::Otter => "; done: a stone from the bag",
        _ => "",
    };
    t.push_str(effect);
    let points = match &layout.scoring {
        Scoring::Track(v) => format!(
            "by stones: {}",
            v.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Scoring::Raven => "each stone: your Spirit Stones".into(),
        other => points_text(other),
    };
    let mut chars = points.chars();
    let points: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{t}. {points}.")
}

/// The points table of a board, from the component data in use.
fn points_text(scoring: &Scoring) -> String {
    let list = |v: &[i32]| {
        v.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match scoring {
        Scoring::PerStone(p) => format!("{} per stone", plural(*p, "point")),
        Scoring::Sets {
            points, all_bonus, ..
        } => {
            let bonus = if *all_bonus > 0 {
                format!("; all complete: +{all_bonus}")
            } else {
                String::new()
            };
            format!("completed sets score {}{bonus}", list(points))
        }
        Scoring::Track(v) => format!("1, 2, 3… stones score {}", list(v)),
        Scoring::Condor { per_stone, a, b } => format!(
            "{} per stone; A pair alike +{}, B pair alike +{}",
            plural(*per_stone, "point"),
            a.1,
            b.1
        ),
        Scoring::Gila {
            per_stone,
            balanced,
        } => format!("{per_stone} per stone, {balanced} per stone when the two colours are equal"),
        Scoring::Moose { per_stone, more } => format!(
            "{per_stone} per stone, {more} per stone with more stones than the opponent's Moose"
        ),
        Scoring::Nest { normal, spirit } => {
            format!("Nest: {normal} per normal stone, {spirit} per Spirit Stone")
        }
        Scoring::Raven => "each stone scores your number of Spirit Stones on your boards".into(),
    }
}

/// `n` and the noun, "1 point" or "2 points".
fn plural(n: i32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl Spirits {
    /// The texts of the animal boards, Spirit Power cards and action tiles in play.
    pub(crate) fn rules_text(&self, view: &View) -> String {
        let mut t = String::from("Animal boards (both players have the same five):\n");
        let animals = view.players.first().map(|p| &p.boards[..]).unwrap_or(&[]);
        for b in animals {
            let scoring = &self.components().layout(b.animal).scoring;
            let _ = writeln!(
                t,
                "  {}: {} Points here: {}.",
                b.animal,
                ANIMAL_TEXTS[b.animal.index()],
                points_text(scoring)
            );
        }
        t.push_str("Spirit Power cards (face up on the piles):\n");
        for (i, pile) in view.piles.iter().enumerate() {
            let side = if i == 0 { "left" } else { "right" };
            if let Some(card) = pile.top {
                let _ = writeln!(t, "  {card} ({side} pile): {}", CARD_TEXTS[card.index()]);
            }
            for card in pile.below.iter().flatten() {
                let _ = writeln!(
                    t,
                    "  {card} ({side} pile, below): {}",
                    CARD_TEXTS[card.index()]
                );
            }
        }
        t.push_str("Action tiles:\n");
        for tile in Tile::ALL {
            let _ = writeln!(t, "  {tile}: {}", TILE_TEXTS[tile.index()]);
        }
        t
    }

    /// The rules of the decision the view shows, in a few sentences.
    pub(crate) fn decision_help(&self, view: &View) -> String {
        let now = view.deciding.as_str();
        if let Some(card) = Card::ALL.into_iter().find(|c| {
            now.contains(&format!("({})", c.name())) || now.contains(&format!(" {} ", c.name()))
        }) {
            return format!("{card}: {}", CARD_TEXTS[card.index()]);
        }
        if now.contains("(Otter)") {
            return format!("Otter: {} {PLACING}", ANIMAL_TEXTS[Animal::Otter.index()]);
        }
        if now.contains("choose an action tile") {
            "Choose one of your face-up action tiles and do its action; it then flips face down (type rules for each tile's text). With no legal move, pass: flip a tile face down without its action.".into()
        } else if [
            "takes a stone",
            "take a stone",
            "places a stone",
            "place a stone",
        ]
        .iter()
        .any(|w| now.contains(w))
        {
            PLACING.into()
        } else if now.contains("may move Coyote") {
            "Moving Coyote is optional: move it to another of your opponent's animal boards (no stone may be placed there while it stays) or leave it where it is. Never onto your own boards.".into()
        } else if now.contains("Spirit Power card") {
            "Choose one of the two face-up Spirit Power cards and do its actions in the order written, as much as you can (type rules for their texts); it then goes to the bottom of its pile.".into()
        } else {
            String::new()
        }
    }
}
