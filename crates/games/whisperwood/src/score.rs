//! Endgame scoring in the rulebook's order (L617–640) and the tie-breaks (R37).

use crate::components::{CardEffect, Element, MatRule, Spell, Token};
use crate::rules::{spot_owner, Whisperwood};
use crate::state::{State, LOCS, NONE};

/// The score categories, in the rulebook's order (L619–629), worded so the rows add up to the
/// total: the stars include the 10 of the setup, and corruption is a penalty (negative).
pub const CATEGORIES: [&str; 10] = [
    "VP stars (incl. the 10 at the start)",
    "rune site tokens",
    "endgame enchantments",
    "golem tokens (3 VP side)",
    "golem scoring powers",
    "advanced spells",
    "wildlife in den",
    "potions",
    "corruption on the board (−2 VP each)",
    "restorations",
];

/// The label of the breakdown row that lifts a negative sum to 0 (R38).
pub const FLOOR_ROW: &str = "raised to 0 (no score below 0)";

impl Whisperwood {
    /// One player's points per category.
    pub fn breakdown(&self, s: &State, seat: usize) -> [i32; 10] {
        let c = self.components();
        let p = &s.players[seat];
        let markers = p.markers.iter().filter(|&&m| m != NONE).count() as i32;
        // A card over a mat enchantment replaces it (L623); Blight Warden cards score their
        // own rule.
        let enchant: i32 = p
            .markers
            .iter()
            .enumerate()
            .filter(|&(_, &site)| site != NONE)
            .map(|(m, &site)| match self.card_over(p, m) {
                None => self.mat_points(s, seat, m, self.site_loc(site)),
                Some(card) if card.effect == CardEffect::CorruptedBorderVp => {
                    self.restorations_on_borders(s, seat)
                }
                Some(_) => 0,
            })
            .sum();
        let face_down = p.golems.iter().flatten().filter(|&&g| g == 2).count() as i32;
        let advanced =
            |spells: &[Spell]| spells.iter().filter(|&&sp| p.is_advanced(sp)).count() as i32;
        let mut golem_scoring = 0;
        for g in Element::ALL {
            if p.golems[g.index()].iter().all(|&m| m != 0) {
                golem_scoring += match g {
                    Element::Air => 4 * markers,
                    Element::Earth => {
                        8 * advanced(&[Spell::Stride, Spell::Convoke, Spell::Restore])
                    }
                    Element::Water => {
                        3 * (Spell::ALL
                            .iter()
                            .filter(|&&sp| self.cs_of(p, sp).is_some() && !p.is_corrupted(sp))
                            .count() as i32
                            + self.free_card_slots(p).count_ones() as i32)
                    }
                    Element::Magic => {
                        6 * p
                            .golems
                            .iter()
                            .filter(|card| card.iter().any(|&m| m != 0))
                            .count() as i32
                    }
                };
            }
        }
        let den: u32 = p.den.iter().map(|&n| n as u32).sum();
        let den_vp = match den {
            0 => 0,
            n => c.den[(n.min(5) - 1) as usize] as i32,
        };
        let pot = Token::Potion.index();
        let potions = (p.bag[pot] + p.spent[pot] + p.drawn[pot]) as i32
            + p.slots
                .iter()
                .flatten()
                .filter(|t| t.is_some_and(|t| t.token == Token::Potion))
                .count() as i32;
        let corruption = -2 * (p.corrupted.count_ones() + p.card_corrupted.count_ones()) as i32;
        let mut restorations = 0;
        for e in [Element::Earth, Element::Water, Element::Air] {
            let placed = (c.restorations - p.restorations[e.index()]) as i32;
            restorations += placed * c.value(e, p.col[e.index()]) as i32;
        }
        let magic = (c.restorations - p.restorations[Element::Magic.index()]) as i32;
        restorations += magic * c.magic_value(p.col) as i32;
        [
            p.vp as i32,
            p.rune_vp as i32,
            enchant,
            3 * face_down,
            golem_scoring,
            2 * p.advanced.count_ones() as i32,
            den_vp,
            potions,
            corruption,
            restorations,
        ]
    }

    /// Own restorations on locations with a corrupted border (Blight Warden).
    fn restorations_on_borders(&self, s: &State, seat: usize) -> i32 {
        (0..LOCS)
            .filter(|&l| s.borders & (1 << l) != 0)
            .map(|l| {
                s.spots[l]
                    .iter()
                    .filter(|&&o| spot_owner(o).is_some_and(|(p, _)| p as usize == seat))
                    .count() as i32
            })
            .sum()
    }

    /// The row that lifts a negative sum of the categories to the 0 floor (R38), if any.
    pub fn floor_row(&self, s: &State, seat: usize) -> Option<(&'static str, i32)> {
        let sum: i32 = self.breakdown(s, seat).iter().sum();
        (sum < 0).then_some((FLOOR_ROW, -sum))
    }

    /// The final total, floored at 0 (R38).
    pub fn total(&self, s: &State, seat: usize) -> i32 {
        self.breakdown(s, seat).iter().sum::<i32>().max(0)
    }

    fn near<'a>(&'a self, s: &'a State, loc: u8) -> impl Iterator<Item = u8> + 'a {
        std::iter::once(loc).chain(self.neighbours(s, loc))
    }

    fn owns_restoration(s: &State, seat: usize, loc: u8) -> bool {
        s.spots[loc as usize]
            .iter()
            .any(|&o| spot_owner(o).is_some_and(|(p, _)| p as usize == seat))
    }

    /// The points of the mat enchantment of rune marker `m` inscribed at `loc`.
    pub fn mat_points(&self, s: &State, seat: usize, m: usize, loc: u8) -> i32 {
        let (rule, per) = self.components().mat[m.min(5)];
        let n: u32 = match rule {
            MatRule::WildlifeNear => self
                .near(s, loc)
                .map(|l| {
                    s.wildlife[l as usize]
                        .iter()
                        .map(|&w| w as u32)
                        .sum::<u32>()
                })
                .sum(),
            MatRule::TerrainsNear => {
                let mask = self
                    .near(s, loc)
                    .fold(0u8, |m, l| m | self.components().tiles[l as usize].terrain);
                mask.count_ones()
            }
            MatRule::OwnRestorationsNear => self
                .near(s, loc)
                .map(|l| {
                    s.spots[l as usize]
                        .iter()
                        .filter(|&&o| spot_owner(o).is_some_and(|(p, _)| p as usize == seat))
                        .count() as u32
                })
                .sum(),
            MatRule::CleanNeighbours => self
                .neighbours(s, loc)
                .filter(|&l| s.borders & (1 << l) == 0)
                .count() as u32,
            MatRule::ConnectedRestorations => {
                // L743 and R27: the group of locations with your restorations joined to the
                // rune's location, which must hold one of yours and counts itself.
                if !Self::owns_restoration(s, seat, loc) {
                    0
                } else {
                    let (mut group, mut stack) = (1u32 << loc, 1u32 << loc);
                    while stack != 0 {
                        let x = stack.trailing_zeros() as u8;
                        stack &= !(1 << x);
                        for n in self.neighbours(s, x) {
                            if group & (1 << n) == 0 && Self::owns_restoration(s, seat, n) {
                                group |= 1 << n;
                                stack |= 1 << n;
                            }
                        }
                    }
                    group.count_ones()
                }
            }
            MatRule::GolemsNear => self
                .near(s, loc)
                .map(|l| s.golems.iter().filter(|&&g| g == l).count() as u32)
                .sum(),
        };
        n as i32 * per as i32
    }

    /// Seats best first: total, then most restorations placed, then player order from the
    /// holder of the first-player marker at the end (R37).
    pub fn ranking_key(&self, s: &State, seat: usize) -> (i32, u32, u8) {
        let n = self.players() as u8;
        let order = (seat as u8 + n - s.first) % n;
        (
            self.total(s, seat),
            s.players[seat].placed(self.components().restorations),
            n - order,
        )
    }
}

/// Locations in play (for views and checks).
pub fn placed_locations(s: &State) -> impl Iterator<Item = u8> + '_ {
    (0..LOCS as u8).filter(|&l| s.cell[l as usize] != NONE)
}
