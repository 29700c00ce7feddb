//! The rulebook's worked examples and the rules they prove, each quoting its numbers.

use sylvan_engine::Game;
use sylvan_whisperwood::state::{Effect, FAMILIAR_PLACE};
use sylvan_whisperwood::{
    Action, Animal, Element, Illegal, Options, Phase, Spell, State, Token, Whisperwood,
};

fn game(players: usize) -> Whisperwood {
    Whisperwood::new(players, Options::default()).expect("valid")
}

/// Plays random decisions from a fresh game until `at` holds.
fn reach(g: &Whisperwood, seed: u64, at: impl Fn(&State) -> bool) -> State {
    sylvan_engine::suite::random_state_where(g, seed, at)
}

fn legal(g: &Whisperwood, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

fn first_draw(g: &Whisperwood) -> State {
    reach(g, 1, |s| {
        s.phase == Phase::Drawing && s.round == 0 && s.turn == s.first
    })
}

/// Tormin (L272–274): earth, air, moonglow, ember, then corruption, which he puts on his
/// Transmute spell's corruption slot (so basic Transmute has one); then a magic token fills
/// the fifth draw slot and drawing stops.
#[test]
fn tormin_draws_one_token_at_a_time_and_places_corruption_where_he_chooses() {
    let g = game(2);
    let mut s = first_draw(&g);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.drawn = [0; Token::NUM];
    p.spent = [0; Token::NUM];
    p.bag = [0; Token::NUM];
    for t in [
        Token::Earth,
        Token::Air,
        Token::Moonglow,
        Token::Ember,
        Token::Corruption,
        Token::Magic,
        Token::Water,
    ] {
        p.bag[t.index()] += 1;
    }
    for t in [Token::Earth, Token::Air, Token::Moonglow, Token::Ember] {
        g.apply(&mut s, Action::Draw(t)).expect("in the bag");
    }
    assert_eq!(s.players[me].drawn_count(), 4);
    g.apply(&mut s, Action::Draw(Token::Corruption))
        .expect("in the bag");
    assert_eq!(
        s.phase,
        Phase::Corruption,
        "corruption goes at once to a slot the player chooses"
    );
    let choices = legal(&g, &s);
    assert!(
        choices.contains(&Action::CorruptionOn(Spell::Transmute)),
        "{choices:?}"
    );
    assert!(choices.contains(&Action::CorruptionOn(Spell::Restore)));
    // Whisper's slot already holds the starting corruption; Stride has none on its basic side.
    assert!(!choices.contains(&Action::CorruptionOn(Spell::Whisper)));
    assert!(!choices.contains(&Action::CorruptionOn(Spell::Stride)));
    g.apply(&mut s, Action::CorruptionOn(Spell::Transmute))
        .expect("free slot");
    assert!(s.players[me].is_corrupted(Spell::Transmute));
    assert_eq!(
        s.players[me].drawn_count(),
        4,
        "corruption takes no draw slot"
    );
    assert_eq!(s.phase, Phase::Drawing);
    g.apply(&mut s, Action::Draw(Token::Magic))
        .expect("in the bag");
    assert_eq!(s.players[me].drawn_count(), 5);
    assert_eq!(
        s.players[me].bag[Token::Water.index()],
        1,
        "5 draw slots full: drawing stops"
    );
    assert_ne!((s.phase, s.turn as usize), (Phase::Drawing, me));
}

/// A corruption drawn with no free corruption slot goes back to the supply for −2 VP, never
/// below 0 (L269, L241).
#[test]
fn corruption_with_no_free_slot_costs_2_vp() {
    let g = game(2);
    let mut s = first_draw(&g);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.corrupted |= (1 << Spell::Transmute as u16) | (1 << Spell::Restore as u16);
    p.bag = [0; Token::NUM];
    p.bag[Token::Corruption.index()] = 2;
    p.bag[Token::Earth.index()] = 1;
    p.vp = 3;
    let supply = s.supply[Token::Corruption.index()];
    g.apply(&mut s, Action::Draw(Token::Corruption))
        .expect("in the bag");
    assert_eq!(s.players[me].vp, 1);
    assert_eq!(s.supply[Token::Corruption.index()], supply + 1);
    assert_eq!(s.phase, Phase::Drawing);
    g.apply(&mut s, Action::Draw(Token::Corruption))
        .expect("in the bag");
    assert_eq!(s.players[me].vp, 0, "VP never drop below zero");
}

fn prepare(g: &Whisperwood) -> State {
    reach(g, 2, |s| s.phase == Phase::Prepare && s.round == 0)
}

fn assign(token: Token, spell: Spell, slot: u8, as_core: Token) -> Action {
    Action::Assign {
        token,
        place: spell as u8,
        slot,
        as_core: as_core as u8,
    }
}

/// Burble (L300–302): 2 moonglow, earth, magic and ember drawn; ember on Call Wildlife, earth on
/// Stride, magic on Inscribe beside an air left from an earlier round, a moonglow completes
/// Inscribe (3 slots), the other moonglow waits on Whisper.
#[test]
fn burble_prepares_partly_and_fully() {
    let g = game(3);
    let mut s = prepare(&g);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.drawn = [0; Token::NUM];
    p.drawn[Token::Moonglow.index()] = 2;
    for t in [Token::Earth, Token::Magic, Token::Ember] {
        p.drawn[t.index()] = 1;
    }
    p.slots = Default::default();
    p.slots[Spell::Inscribe.index()][0] = Some(sylvan_whisperwood::state::Placed {
        token: Token::Air,
        as_core: Token::Air as u8,
    });
    for a in [
        assign(Token::Ember, Spell::CallWildlife, 0, Token::Ember),
        assign(Token::Earth, Spell::Stride, 0, Token::Earth),
        assign(Token::Magic, Spell::Inscribe, 1, Token::Magic),
        assign(Token::Moonglow, Spell::Inscribe, 2, Token::Moonglow),
        assign(Token::Moonglow, Spell::Whisper, 1, Token::Moonglow),
    ] {
        g.apply(&mut s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    let p = &s.players[me];
    assert!(
        p.slots[Spell::Inscribe.index()].iter().all(Option::is_some),
        "Inscribe fully prepared"
    );
    assert!(
        p.slots[Spell::Whisper.index()][0].is_none(),
        "Whisper only partly prepared"
    );
    assert_eq!(p.drawn_count(), 0);
}

/// L292: a water token may not go on basic Call Wildlife, even in view of an upgrade; the
/// advanced side takes it. L286: a bear, an earth fae or an earth familiar token on Stride.
#[test]
fn tokens_go_only_on_slots_of_their_type() {
    let g = game(2);
    let mut s = prepare(&g);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.slots = Default::default();
    p.drawn = [0; Token::NUM];
    for t in [Token::Water, Token::Bear, Token::BurrowPig, Token::Potion] {
        p.drawn[t.index()] = 1;
    }
    let water_call = assign(Token::Water, Spell::CallWildlife, 0, Token::Water);
    assert_eq!(g.check(&s, water_call), Err(Illegal::SlotMismatch));
    let special = [Token::Bear, Token::BurrowPig];
    for t in special {
        assert!(
            g.check(&s, assign(t, Spell::Stride, 0, Token::Earth))
                .is_ok(),
            "{t} on Stride"
        );
        assert!(
            g.check(&s, assign(t, Spell::Soar, 0, Token::Air)).is_err(),
            "{t} on Soar"
        );
    }
    // A potion is wild for a core token on spells, declared as one (R5), but not on cards.
    assert!(g
        .check(
            &s,
            assign(Token::Potion, Spell::CallWildlife, 0, Token::Ember)
        )
        .is_ok());
    let on_familiar = Action::Assign {
        token: Token::Potion,
        place: FAMILIAR_PLACE,
        slot: 0,
        as_core: 0,
    };
    assert!(g.check(&s, on_familiar).is_err());
    s.players[me].advanced |= 1 << Spell::CallWildlife as u16;
    assert!(
        g.check(&s, water_call).is_ok(),
        "Advanced Call Wildlife takes water or ember"
    );
}

/// The familiar token counts as its familiar's element (L286: "earth familiar on Stride").
#[test]
fn a_familiar_token_counts_as_its_element() {
    let g = game(2);
    let mut s = prepare(&g);
    let me = s.turn as usize;
    let element = g.components().familiars[s.players[me].familiar as usize].element;
    let p = &mut s.players[me];
    p.slots = Default::default();
    p.drawn = [0; Token::NUM];
    p.drawn[Token::Familiar.index()] = 1;
    let spell = match element {
        Element::Earth => Spell::Stride,
        Element::Water => Spell::Flow,
        Element::Air => Spell::Soar,
        Element::Magic => Spell::Cleanse,
    };
    assert!(g
        .check(
            &s,
            assign(Token::Familiar, spell, 0, Token::of_element(element))
        )
        .is_ok());
    let familiar = Action::Assign {
        token: Token::Familiar,
        place: FAMILIAR_PLACE,
        slot: 0,
        as_core: element as u8,
    };
    assert!(g.check(&s, familiar).is_ok());
}

/// Peat 3 (L719): moonglow on Call Wildlife; River 3 (L727): water on Inscribe's moonglow slot.
#[test]
fn golem_powers_swap_token_kinds() {
    let g = game(2);
    let mut s = prepare(&g);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.slots = Default::default();
    p.drawn = [0; Token::NUM];
    p.drawn[Token::Moonglow.index()] = 1;
    p.drawn[Token::Water.index()] = 1;
    let moon_call = assign(Token::Moonglow, Spell::CallWildlife, 0, Token::Ember);
    let water_inscribe = assign(Token::Water, Spell::Inscribe, 2, Token::Moonglow);
    assert!(g.check(&s, moon_call).is_err());
    assert!(g.check(&s, water_inscribe).is_err());
    s.players[me].golems[Element::Earth.index()][2] = 1;
    assert!(
        g.check(&s, moon_call).is_ok(),
        "Peat 3: ember and moonglow interchangeably"
    );
    assert!(g.check(&s, water_inscribe).is_err());
    s.players[me].golems[Element::Water.index()][2] = 1;
    assert!(
        g.check(&s, water_inscribe).is_ok(),
        "River 3: moonglow and water interchangeably"
    );
    // A face-down token gives 3 VP, not the power.
    s.players[me].golems[Element::Earth.index()][2] = 2;
    assert!(g.check(&s, moon_call).is_err());
}

fn act(g: &Whisperwood, seed: u64) -> State {
    reach(g, seed, |s| s.phase == Phase::Act && s.round == 0)
}

fn whisper_ready(g: &Whisperwood, s: &mut State, golem: Element, second: Token) {
    let me = s.turn as usize;
    let at = s.golems[golem.index()];
    s.druids[me] = at;
    let p = &mut s.players[me];
    p.slots[Spell::Whisper.index()] = [
        Some(sylvan_whisperwood::state::Placed {
            token: Token::of_element(golem),
            as_core: golem as u8,
        }),
        Some(sylvan_whisperwood::state::Placed {
            token: second,
            as_core: second as u8,
        }),
        None,
    ];
    let _ = g;
}

/// Heatherdrift (L323): Whisper to Peat; the earth token is spent, the ember released; a golem
/// token marks a power, Peat moves, and with no earth restoration left the action halts: no
/// restoration and no advance on the earth path.
#[test]
fn heatherdrift_whisper_halts_when_the_restorations_run_out() {
    let g = game(2);
    let mut s = act(&g, 3);
    let me = s.turn as usize;
    whisper_ready(&g, &mut s, Element::Earth, Token::Ember);
    let p = &mut s.players[me];
    p.corrupted = 0; // so that the corruption slot's advance would apply
    p.restorations[Element::Earth.index()] = 0;
    let (spent, ember_supply) = (
        p.spent[Token::Earth.index()],
        s.supply[Token::Ember.index()],
    );
    let col = s.players[me].col[Element::Earth.index()];
    let from = s.golems[Element::Earth.index()];
    g.apply(&mut s, Action::Perform(Spell::Whisper as u8))
        .expect("prepared, Peat is here");
    assert_eq!(
        s.players[me].spent[Token::Earth.index()],
        spent + 1,
        "earth spent"
    );
    assert_eq!(
        s.supply[Token::Ember.index()],
        ember_supply + 1,
        "ember released"
    );
    let marks = legal(&g, &s);
    assert!(
        marks.iter().all(|a| matches!(
            a,
            Action::Golem {
                golem: Element::Earth,
                ..
            }
        )),
        "{marks:?}"
    );
    g.apply(
        &mut s,
        Action::Golem {
            golem: Element::Earth,
            power: 0,
            up: true,
        },
    )
    .expect("open power");
    let to = legal(&g, &s);
    assert!(
        !to.contains(&Action::To(from)),
        "the golem must leave its location"
    );
    g.apply(&mut s, to[0]).expect("listed");
    assert_ne!(s.golems[Element::Earth.index()], from, "Peat moved");
    assert_eq!(s.players[me].golems[Element::Earth.index()][0], 1);
    assert_eq!(s.players[me].col[Element::Earth.index()], col, "no advance");
    assert!(s.pending.is_empty());
    assert!(
        s.turn as usize != me || s.phase == Phase::Act,
        "the turn is over"
    );
}

/// Dazzle 2 (L734): whispering to River, the golem token may go on Breeze's card.
#[test]
fn dazzle_lets_a_golem_token_go_on_any_golem() {
    let g = game(2);
    let mut s = act(&g, 4);
    let me = s.turn as usize;
    whisper_ready(&g, &mut s, Element::Water, Token::Moonglow);
    s.players[me].golems[Element::Magic.index()][1] = 1;
    g.apply(&mut s, Action::Perform(Spell::Whisper as u8))
        .expect("prepared");
    let marks = legal(&g, &s);
    assert!(
        marks.contains(&Action::Golem {
            golem: Element::Air,
            power: 0,
            up: true
        }),
        "{marks:?}"
    );
}

/// Advanced Cleanse may purify its own corruption slot and then choose again (R15).
#[test]
fn advanced_cleanse_purifies_its_own_slot_then_chooses_again() {
    let g = game(2);
    let mut s = act(&g, 5);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.advanced |= 1 << Spell::Cleanse as u16;
    p.corrupted |= 1 << Spell::Cleanse as u16;
    p.slots[Spell::Cleanse.index()][0] = Some(sylvan_whisperwood::state::Placed {
        token: Token::Magic,
        as_core: Token::Magic as u8,
    });
    let harmony = p.harmony;
    g.apply(&mut s, Action::Perform(Spell::Cleanse as u8))
        .expect("prepared");
    g.apply(&mut s, Action::Purify(Spell::Cleanse))
        .expect("its own slot");
    assert_eq!(
        s.players[me].harmony,
        harmony + 1,
        "corruption flipped to harmony"
    );
    assert_eq!(
        s.phase,
        Phase::Resolve,
        "the now empty slot's effect: choose again"
    );
    assert_eq!(s.pending.last().map(|p| p.effect), Some(Effect::Cleanse));
    g.apply(&mut s, Action::Purify(Spell::Whisper))
        .expect("Whisper's starting corruption");
    assert_eq!(s.players[me].harmony, harmony + 2);
}

/// Broadleaf (L632–638): water path space 10 makes water restorations worth 3; 2 magic icons
/// on earth and 2 on water make magic restorations worth 4: 5 × 3 + 10 × 4 = 55.
#[test]
fn broadleaf_scores_55_for_restorations() {
    let g = game(2);
    let c = g.components();
    assert_eq!(c.value(Element::Water, 10), 3);
    let mut s = act(&g, 6);
    let p = &mut s.players[0];
    p.restorations = [10, 5, 10, 0];
    p.col = [10, 10, 1];
    assert_eq!(c.magic_value(p.col), 4);
    assert_eq!(g.breakdown(&s, 0)[9], 55);
}

/// Wildlife scoring (L583–587): bears alone on a tile next to other bears, otters in groups
/// (2 VP a tile, at most 8), owls by their largest cluster; the den 2/5/9/14/20.
#[test]
fn wildlife_cards_score_the_forest() {
    let g = game(4);
    let mut s = act(&g, 7);
    s.wildlife = [[0; 3]; 25];
    let a = 0u8;
    let nbs: Vec<u8> = g.neighbours(&s, a).collect();
    let b = nbs[0];
    let far: Vec<u8> = (1..25u8)
        .filter(|&l| {
            s.cell[l as usize] != u8::MAX
                && l != a
                && !nbs.contains(&l)
                && !g.neighbours(&s, l).any(|n| n == a || n == b)
        })
        .collect();
    // Bears: 1 on A and 1 on B (adjacent): both score; 1 alone far away does not; 2 on a tile do not.
    s.wildlife[a as usize][Animal::Bear.index()] = 1;
    s.wildlife[b as usize][Animal::Bear.index()] = 1;
    s.wildlife[far[0] as usize][Animal::Bear.index()] = 1;
    assert_eq!(g.wildlife_vp(&s, Animal::Bear), 2);
    s.wildlife[b as usize][Animal::Bear.index()] = 2;
    assert_eq!(
        g.wildlife_vp(&s, Animal::Bear),
        1,
        "A still has a bear next door; B has 2"
    );
    // Otters: 2 VP per tile with 2+, at most 8.
    for (i, &l) in nbs.iter().enumerate().take(5) {
        s.wildlife[l as usize][Animal::Otter.index()] = 2 + i as u8 % 2;
    }
    assert_eq!(g.wildlife_vp(&s, Animal::Otter), 8);
    s.wildlife[a as usize][Animal::Owl.index()] = 2;
    s.wildlife[b as usize][Animal::Owl.index()] = 1;
    assert_eq!(g.wildlife_vp(&s, Animal::Owl), 3, "a cluster of 3 owls");
    s.wildlife[nbs[1] as usize][Animal::Owl.index()] = 1;
    s.wildlife[far[0] as usize][Animal::Owl.index()] = 5;
    assert_eq!(
        g.wildlife_vp(&s, Animal::Owl),
        5,
        "the largest cluster: 5 owls"
    );
    s.wildlife[far[0] as usize][Animal::Owl.index()] = 7;
    assert_eq!(g.wildlife_vp(&s, Animal::Owl), 7);
    for (den, vp) in [(0, 0), (1, 2), (2, 5), (3, 9), (4, 14), (5, 20), (7, 20)] {
        s.players[1].den = [den, 0, 0];
        assert_eq!(g.breakdown(&s, 1)[6], vp, "{den} in the den");
    }
}

/// Dazzle 3 (L735): calling an owl may place a magic restoration instead, but only on a spot
/// that shows air.
#[test]
fn dazzle_calls_place_magic_only_on_a_spot_of_the_wildlife() {
    let g = game(2);
    let mut s = act(&g, 8);
    let me = s.turn as usize;
    s.druids[me] = 0;
    s.spots[0] = [0; 7];
    s.wildlife[0] = [0; 3];
    let elsewhere = g.neighbours(&s, 0).next().expect("a neighbour");
    s.wildlife[elsewhere as usize][Animal::Owl.index()] = 1;
    let p = &mut s.players[me];
    p.golems[Element::Magic.index()][2] = 1;
    p.slots[Spell::CallWildlife.index()][0] = Some(sylvan_whisperwood::state::Placed {
        token: Token::Ember,
        as_core: Token::Ember as u8,
    });
    g.apply(&mut s, Action::Perform(Spell::CallWildlife as u8))
        .expect("prepared");
    g.apply(
        &mut s,
        Action::CallFrom {
            loc: elsewhere,
            animal: Animal::Owl,
            to: 0,
        },
    )
    .expect("an owl there");
    let spots = &g.components().tiles[0].spots;
    let magic: Vec<u8> = legal(&g, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Restore {
                spot,
                kind: Element::Magic,
                ..
            } => Some(spot),
            _ => None,
        })
        .collect();
    assert!(!magic.is_empty());
    for spot in magic {
        assert!(
            spots[spot as usize].types & Element::Air.bit() != 0,
            "magic on spot {spot}"
        );
    }
    assert!(legal(&g, &s).contains(&Action::Restore {
        loc: 0,
        spot: 2,
        kind: Element::Air
    }));
    assert!(!legal(&g, &s).contains(&Action::Restore {
        loc: 0,
        spot: 0,
        kind: Element::Magic
    }));
}

/// The Prepare listing agrees with `fits` (the slot rules) for every token, place, slot and
/// kind, at many positions with golem swaps and upgrades.
#[test]
fn the_prepare_listing_is_exactly_what_fits() {
    let g = game(3);
    let mut checked = 0;
    for seed in 0..40 {
        let mut s = reach(&g, seed, |s| s.phase == Phase::Prepare);
        let me = s.turn as usize;
        let p = &mut s.players[me];
        p.advanced = (seed as u16 * 37) & 0x1ff;
        p.golems[Element::Earth.index()][2] = (seed % 2) as u8;
        p.golems[Element::Water.index()][2] = (seed / 2 % 2) as u8;
        p.wildlife_cards = (seed % 8) as u8;
        for t in Token::ALL {
            p.drawn[t.index()] = u8::from(t != Token::Corruption);
        }
        let listed = legal(&g, &s);
        let p = &s.players[me];
        for token in Token::ALL {
            for place in 0..sylvan_whisperwood::state::PLACES as u8 {
                for slot in 0..3u8 {
                    for as_core in 0..6u8 {
                        let a = Action::Assign {
                            token,
                            place,
                            slot,
                            as_core,
                        };
                        let fits =
                            p.drawn[token.index()] > 0 && g.fits(p, place, slot, token, as_core);
                        assert_eq!(listed.contains(&a), fits, "{a}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000);
}

fn placed(token: Token, as_core: Token) -> Option<sylvan_whisperwood::state::Placed> {
    Some(sylvan_whisperwood::state::Placed {
        token,
        as_core: as_core as u8,
    })
}

fn familiar(g: &Whisperwood, name: &str) -> u8 {
    g.components()
        .familiars
        .iter()
        .position(|f| f.name == name)
        .expect("a familiar of the rulebook") as u8
}

/// Peat 1 (L716): "You may call wildlife to locations adjacent to your druid … your call
/// wildlife actions can allow you to place restorations in adjacent locations." With the
/// druid's own location full, Call Wildlife is only possible with the power, and the
/// restoration then goes where the wildlife went.
#[test]
fn peat_1_calls_wildlife_to_a_location_next_to_the_druid() {
    let g = game(2);
    let mut s = act(&g, 8);
    let me = s.turn as usize;
    s.druids[me] = 0;
    s.spots[0] = [1; 7];
    let next = g
        .neighbours(&s, 0)
        .find(|&l| {
            g.components().tiles[l as usize]
                .spots
                .iter()
                .any(|sp| sp.types & Element::Air.bit() != 0 && sp.wild.is_none())
        })
        .expect("a neighbour with an air spot");
    s.spots[next as usize] = [0; 7];
    s.borders = 0;
    for w in s.wildlife.iter_mut() {
        *w = [0; 3];
    }
    let far = (1..25u8)
        .find(|&l| {
            l != next && s.cell[l as usize] != u8::MAX && !g.neighbours(&s, 0).any(|n| n == l)
        })
        .expect("a location away from the druid");
    s.wildlife[far as usize][Animal::Owl.index()] = 1;
    s.players[me].slots[Spell::CallWildlife.index()][0] = placed(Token::Ember, Token::Ember);
    assert!(
        !legal(&g, &s).contains(&Action::Perform(Spell::CallWildlife as u8)),
        "no spot at the druid's location (R13)"
    );
    s.players[me].golems[Element::Earth.index()][0] = 1;
    g.apply(&mut s, Action::Perform(Spell::CallWildlife as u8))
        .expect("Peat 1: an adjacent location has room");
    let calls = legal(&g, &s);
    let call = Action::CallFrom {
        loc: far,
        animal: Animal::Owl,
        to: next,
    };
    assert!(calls.contains(&call), "{calls:?}");
    assert!(calls
        .iter()
        .all(|a| matches!(a, Action::CallFrom { to, .. } if *to != 0)));
    g.apply(&mut s, call).expect("listed");
    assert_eq!(s.wildlife[next as usize][Animal::Owl.index()], 1);
    assert_eq!(s.wildlife[far as usize][Animal::Owl.index()], 0);
    let restores = legal(&g, &s);
    assert!(!restores.is_empty());
    assert!(
        restores.iter().all(|a| matches!(
            a,
            Action::Restore { loc, kind: Element::Air, .. } if *loc == next
        )),
        "the air restoration goes where the owl went: {restores:?}"
    );
}

/// Ren (L659): "If you gain corruption by placing this restoration, you may purify it
/// immediately": the corruption from a dark water spot may flip to harmony at once.
#[test]
fn ren_may_purify_the_corruption_its_restoration_gives() {
    let g = game(2);
    let mut s = act(&g, 9);
    let me = s.turn as usize;
    let c = g.components();
    let dark = (1..25u8)
        .find(|&l| {
            s.cell[l as usize] != u8::MAX
                && c.tiles[l as usize].terrain & Element::Water.bit() != 0
                && c.tiles[l as usize].spots.iter().any(|sp| sp.dark)
        })
        .expect("a water location with a dark spot");
    let spot = c.tiles[dark as usize]
        .spots
        .iter()
        .position(|sp| sp.dark)
        .expect("dark") as u8;
    s.druids[me] = dark;
    s.spots[dark as usize] = [0; 7];
    let p = &mut s.players[me];
    p.familiar = familiar(&g, "Ren");
    p.slots[FAMILIAR_PLACE as usize][0] = placed(Token::Familiar, Token::Water);
    p.spent[Token::Corruption.index()] = 0;
    let harmony = p.harmony;
    g.apply(&mut s, Action::Perform(FAMILIAR_PLACE))
        .expect("the druid stands on water");
    let restore = Action::Restore {
        loc: dark,
        spot,
        kind: Element::Water,
    };
    g.apply(&mut s, restore)
        .expect("a water restoration on the dark spot");
    assert_eq!(
        s.players[me].spent[Token::Corruption.index()],
        1,
        "corruption gained"
    );
    assert_eq!(
        legal(&g, &s),
        vec![Action::PurifyGained, Action::Decline],
        "Ren may purify it"
    );
    g.apply(&mut s, Action::PurifyGained).expect("listed");
    assert_eq!(s.players[me].spent[Token::Corruption.index()], 0);
    assert_eq!(s.players[me].harmony, harmony + 1, "flipped to harmony");
}

/// Serene (L664, R44): a magic restoration, then one advance on each path whose type has a
/// non-magic restoration there (anyone's), in the order the player chooses.
#[test]
fn serene_advances_on_each_matching_path_in_the_chosen_order() {
    let g = game(2);
    let mut s = act(&g, 10);
    let me = s.turn as usize;
    let other = 1 - me as u8;
    s.druids[me] = 0;
    // Another player's earth and air restorations; magic ones are ignored.
    s.spots[0] = [
        1 + other * 4 + Element::Earth as u8,
        0,
        1 + other * 4 + Element::Air as u8,
        0,
        0,
        0,
        0,
    ];
    let p = &mut s.players[me];
    p.familiar = familiar(&g, "Serene");
    p.slots[FAMILIAR_PLACE as usize][0] = placed(Token::Familiar, Token::Magic);
    p.col = [3, 3, 3];
    g.apply(&mut s, Action::Perform(FAMILIAR_PLACE))
        .expect("prepared");
    g.apply(
        &mut s,
        Action::Restore {
            loc: 0,
            spot: 1,
            kind: Element::Magic,
        },
    )
    .expect("magic goes anywhere");
    assert_eq!(
        legal(&g, &s),
        vec![Action::Path(Element::Earth), Action::Path(Element::Air)],
        "earth and air, not water; the player picks the order"
    );
    g.apply(&mut s, Action::Path(Element::Air))
        .expect("air first");
    assert_eq!(s.players[me].col, [3, 3, 4]);
    assert!(s
        .pending
        .iter()
        .any(|p| p.effect == Effect::Serene(Element::Earth.bit())));
    while s
        .pending
        .iter()
        .any(|p| matches!(p.effect, Effect::Serene(_)))
    {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a).expect("listed");
    }
    assert_eq!(s.players[me].col[Element::Earth.index()], 4, "then earth");
    assert_eq!(s.players[me].col[Element::Water.index()], 3, "never water");
}

/// R42 (L373): upgrading Convoke (earth + water) to its one "earth or water" slot, the owner
/// picks which token stays; the other goes to the spent pool. Advanced Restore keeps the
/// element token without a choice.
#[test]
fn the_owner_picks_which_surplus_token_stays_on_an_upgrade() {
    use sylvan_whisperwood::components::Reward;
    use sylvan_whisperwood::state::Pending;
    let g = game(2);
    let mut s = act(&g, 11);
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.slots[Spell::Convoke.index()] = [
        placed(Token::Earth, Token::Earth),
        placed(Token::Water, Token::Water),
        None,
    ];
    p.slots[Spell::Restore.index()] = [
        placed(Token::Air, Token::Air),
        placed(Token::Moonglow, Token::Moonglow),
        None,
    ];
    p.spent = [0; Token::NUM];
    let upgrade = |s: &mut State| {
        s.turn = me as u8;
        s.pending.clear();
        s.pending.push(Pending {
            effect: Effect::Reward(Reward::Upgrade(None), Element::Earth),
            halts: false,
        });
        s.phase = Phase::Resolve;
    };
    upgrade(&mut s);
    g.apply(&mut s, Action::Upgrade(Spell::Convoke))
        .expect("an earth spell");
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Keep {
                token: Token::Earth,
                as_core: Token::Earth as u8
            },
            Action::Keep {
                token: Token::Water,
                as_core: Token::Water as u8
            }
        ]
    );
    g.apply(
        &mut s,
        Action::Keep {
            token: Token::Water,
            as_core: Token::Water as u8,
        },
    )
    .expect("listed");
    let p = &s.players[me];
    assert_eq!(
        p.slots[Spell::Convoke.index()][0].map(|t| t.token),
        Some(Token::Water)
    );
    assert_eq!(p.spent[Token::Earth.index()], 1, "the earth token is spent");
    assert_eq!(p.spent[Token::Water.index()], 0);
    upgrade(&mut s);
    g.apply(&mut s, Action::Upgrade(Spell::Restore))
        .expect("an earth spell");
    let p = &s.players[me];
    assert_eq!(
        p.slots[Spell::Restore.index()][0].map(|t| t.token),
        Some(Token::Air)
    );
    assert_eq!(
        p.spent[Token::Moonglow.index()],
        1,
        "no slot for the moonglow"
    );
    assert!(!s
        .pending
        .iter()
        .any(|p| matches!(p.effect, Effect::KeepOnUpgrade { .. })));
}

/// R17's option: adjacent locations that both show water terrain are water-connected even
/// where their water edges do not meet (by default they are not).
#[test]
fn the_water_terrain_option_connects_water_locations() {
    let by_edges = game(3);
    let by_terrain = Whisperwood::new(
        3,
        Options {
            water_terrain_connects: true,
            ..Options::default()
        },
    )
    .expect("valid");
    let water = |l: u8| by_edges.components().tiles[l as usize].terrain & Element::Water.bit() != 0;
    let mut found = 0;
    for seed in 0..20 {
        let s = reach(&by_terrain, seed, |s| s.phase == Phase::Act);
        for a in (0..25u8).filter(|&l| s.cell[l as usize] != u8::MAX) {
            let edges = by_edges.reach(&s, a, 1, true);
            let terrain = by_terrain.reach(&s, a, 1, true);
            assert_eq!(edges & !terrain, 0, "the option only adds links");
            for b in by_edges.neighbours(&s, a) {
                assert_eq!(terrain & (1 << b) != 0, water(a) && water(b), "{a} and {b}");
                if water(a) && water(b) && edges & (1 << b) == 0 {
                    found += 1;
                }
            }
        }
    }
    assert!(
        found > 0,
        "some water neighbours do not meet by their edges"
    );
}
