//! The eight fae of the appendix (L666–703): gaining a card and its token, summoning (L564),
//! and each fae's mandatory primary and optional secondary action (L566), each position built
//! by hand.

use sylvan_engine::Game;
use sylvan_whisperwood::components::{CardEffect, Reward, CARD_KINDS};
use sylvan_whisperwood::state::{fae_place, Pending, Placed, NONE};
use sylvan_whisperwood::{
    Action, Effect, Element, Options, Phase, Pool, Spell, State, Token, Whisperwood,
};

const QUICKLING: usize = 0;
const WILWISP: usize = 1;
const BURROWPIG: usize = 2;
const SAPPLING: usize = 3;
const GLIMMERGLIDE: usize = 4;
const WISPERWOG: usize = 5;
const AETHERDRAKE: usize = 6;
const LUNEHARE: usize = 7;

fn game() -> Whisperwood {
    Whisperwood::new(2, Options::default()).expect("valid")
}

fn legal(g: &Whisperwood, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// An Action phase of round 1 with no corrupted borders (so moves give no corruption), the
/// player to move holding fae `i` with its token on the card, no harmony and no corruption.
fn with_fae(g: &Whisperwood, seed: u64, i: usize) -> (State, usize) {
    let mut s = sylvan_engine::suite::random_state_where(g, seed, |s| {
        s.phase == Phase::Act && s.round == 0
    });
    s.borders = 0;
    let me = s.turn as usize;
    strip(&mut s, me);
    let p = &mut s.players[me];
    p.fae |= 1 << i;
    let t = Token::fae(i);
    // The token comes from the supply, so every token stays accounted for.
    s.supply[t.index()] -= 1;
    p.slots[fae_place(i) as usize][0] = Some(Placed {
        token: t,
        as_core: t.element(Element::Magic).expect("a fae has an element") as u8,
    });
    set_harmony(&mut s, me, 0);
    (s, me)
}

/// Returns every token of a player (bag, spent pool, draw slots, action slots) to the supply
/// (the familiar token leaves the game).
fn strip(s: &mut State, seat: usize) {
    let p = &mut s.players[seat];
    for t in Token::ALL {
        let i = t.index();
        if t != Token::Familiar {
            s.supply[i] += p.bag[i] + p.spent[i] + p.drawn[i];
        }
        p.bag[i] = 0;
        p.spent[i] = 0;
        p.drawn[i] = 0;
    }
    for slot in p.slots.iter_mut().flatten() {
        if let Some(t) = slot.take() {
            if t.token != Token::Familiar {
                s.supply[t.token.index()] += 1;
            }
        }
    }
}

/// Sets a player's harmony, taking it from or returning it to the supply.
fn set_harmony(s: &mut State, seat: usize, n: u8) {
    let c = Token::Corruption.index();
    let p = &mut s.players[seat];
    s.supply[c] = s.supply[c] + p.harmony - n;
    p.harmony = n;
}

fn perform(g: &Whisperwood, s: &mut State, i: usize) {
    g.apply(s, Action::Perform(fae_place(i)))
        .expect("the fae is prepared");
}

/// The top pending effect.
fn top(s: &State) -> Option<Effect> {
    s.pending.last().map(|p| p.effect)
}

/// Resolves whatever the primary's path reward asks (declining or taking the first choice)
/// until the secondary's offer is on top.
fn to_secondary(g: &Whisperwood, s: &mut State) {
    for _ in 0..20 {
        if matches!(top(s), Some(Effect::FaeSecondary { .. })) {
            return;
        }
        let l = legal(g, s);
        let a = if l.contains(&Action::Decline) {
            Action::Decline
        } else {
            l[0]
        };
        g.apply(s, a).expect("listed");
    }
    panic!("the secondary action was never offered");
}

fn a_free_location(g: &Whisperwood, s: &State, terrain: Option<Element>) -> u8 {
    (0..25u8)
        .find(|&l| {
            s.cell[l as usize] != NONE
                && !g.components().tiles[l as usize].spots.is_empty()
                && terrain.is_none_or(|e| g.components().tiles[l as usize].terrain & e.bit() != 0)
        })
        .expect("a location")
}

/// L564: "When you gain the card for a fae, you also gain its corresponding token … you have
/// the option to summon it immediately. To do so, release 1 harmony. Directly assign the fae
/// token to the slot on the fae card. It is now fully complete and ready to be used on a
/// subsequent turn." And L562: "you may only have 1 copy of a fae card".
#[test]
fn a_gained_fae_may_be_summoned_for_1_harmony_and_used_from_a_later_turn() {
    let g = game();
    let mut s =
        sylvan_engine::suite::random_state_where(&g, 3, |s| s.phase == Phase::Act && s.round == 0);
    let me = s.turn as usize;
    set_harmony(&mut s, me, 2);
    s.players[me].fae = 1 << WILWISP;
    s.fae_left[WILWISP] -= 1;
    // A path's "fae of the depicted type": air here.
    s.pending.push(Pending {
        effect: Effect::Reward(Reward::Fae(Some(Element::Air)), Element::Air),
        halts: false,
    });
    s.phase = Phase::Resolve;
    assert_eq!(
        legal(&g, &s),
        vec![Action::Fae(QUICKLING as u8)],
        "only the air fae this player does not already have"
    );
    let supply = s.supply[Token::Quickling.index()];
    g.apply(&mut s, Action::Fae(QUICKLING as u8))
        .expect("listed");
    assert_eq!(s.fae_left[QUICKLING], 3);
    assert_eq!(
        s.supply[Token::Quickling.index()],
        supply - 1,
        "its token too"
    );
    assert_eq!(
        legal(&g, &s),
        vec![Action::Summon(QUICKLING as u8), Action::Decline]
    );
    let corruption = s.supply[Token::Corruption.index()];
    g.apply(&mut s, Action::Summon(QUICKLING as u8))
        .expect("listed");
    let p = &s.players[me];
    assert_eq!(p.harmony, 1, "1 harmony released");
    assert_eq!(s.supply[Token::Corruption.index()], corruption + 1);
    assert_eq!(p.spent[Token::Quickling.index()], 0);
    assert_eq!(
        p.slots[fae_place(QUICKLING) as usize][0].map(|t| t.token),
        Some(Token::Quickling),
        "the token goes straight onto the fae card"
    );
    g.check_invariants(&s).expect("every token accounted for");
    // The same turn: the summoned fae is not yet usable.
    let mut same_turn = s.clone();
    same_turn.turn = me as u8;
    same_turn.phase = Phase::Act;
    same_turn.players[me].summoned = 1 << QUICKLING;
    same_turn.players[me].rested = false;
    assert!(!legal(&g, &same_turn).contains(&Action::Perform(fae_place(QUICKLING))));
    // The action is over; on this player's next turn the fae is ready.
    assert_ne!(s.turn as usize, me);
    assert_eq!(s.players[me].summoned, 0);
    g.apply(&mut s, Action::Rest)
        .expect("the other player rests");
    assert_eq!(s.turn as usize, me);
    assert!(legal(&g, &s).contains(&Action::Perform(fae_place(QUICKLING))));
}

/// L564: "Normally when you gain a token of any kind, it is placed in your spent pool": a fae
/// not summoned (declined, or with no harmony to release) leaves its token there.
#[test]
fn an_unsummoned_fae_token_goes_to_the_spent_pool() {
    let g = game();
    for harmony in [0, 1] {
        let mut s = sylvan_engine::suite::random_state_where(&g, 4, |s| {
            s.phase == Phase::Act && s.round == 0
        });
        let me = s.turn as usize;
        set_harmony(&mut s, me, harmony);
        s.pending.push(Pending {
            effect: Effect::Reward(Reward::Fae(Some(Element::Earth)), Element::Earth),
            halts: false,
        });
        s.phase = Phase::Resolve;
        g.apply(&mut s, Action::Fae(SAPPLING as u8))
            .expect("listed");
        if harmony > 0 {
            assert_eq!(
                legal(&g, &s),
                vec![Action::Summon(SAPPLING as u8), Action::Decline]
            );
            g.apply(&mut s, Action::Decline).expect("listed");
        }
        let p = &s.players[me];
        assert_eq!(p.fae, 1 << SAPPLING);
        assert_eq!(p.spent[Token::Sappling.index()], 1);
        assert_eq!(p.harmony, harmony);
        assert!(p.slots[fae_place(SAPPLING) as usize][0].is_none());
        g.check_invariants(&s).expect("accounted for");
    }
}

/// A fae token goes only on its own card (L564), and is its element on spells (L554).
#[test]
fn a_fae_token_fits_its_own_card_and_spells_of_its_element() {
    let g = game();
    let s = sylvan_engine::suite::random_state_where(&g, 5, |s| s.phase == Phase::Prepare);
    let me = s.turn as usize;
    let mut p = s.players[me].clone();
    p.fae = (1 << BURROWPIG) | (1 << SAPPLING);
    p.slots = Default::default();
    let earth = Element::Earth as u8;
    assert!(g.fits(&p, fae_place(BURROWPIG), 0, Token::BurrowPig, earth));
    assert!(!g.fits(&p, fae_place(SAPPLING), 0, Token::BurrowPig, earth));
    assert!(!g.fits(&p, fae_place(BURROWPIG), 0, Token::Earth, earth));
    assert!(!g.fits(&p, fae_place(BURROWPIG), 0, Token::Potion, earth));
    assert!(g.fits(&p, Spell::Stride as u8, 0, Token::Sappling, earth));
    assert!(
        !g.fits(&p, fae_place(QUICKLING), 0, Token::Quickling, 2),
        "no card, no slot"
    );
}

/// Quickling (L670–672): primary "Place 1 restoration of any kind in the location occupied by
/// your druid." Secondary (release 2 harmony): "Place 1 air restoration in any location on the
/// board that does not contain a druid. Or, instead, advance on the air path." (R45: no druid
/// at all.)
#[test]
fn quickling_restores_here_then_air_where_no_druid_is_or_advances_air() {
    let g = game();
    let (mut s, me) = with_fae(&g, 11, QUICKLING);
    let here = a_free_location(&g, &s, None);
    s.druids[me] = here;
    s.spots[here as usize] = [0; 7];
    set_harmony(&mut s, me, 2);
    perform(&g, &mut s, QUICKLING);
    let choices = legal(&g, &s);
    assert!(!choices.is_empty());
    let mut kinds = 0u8;
    for a in &choices {
        match a {
            Action::Restore { loc, kind, .. } => {
                assert_eq!(*loc, here, "{a}");
                kinds |= kind.bit();
            }
            a => panic!("only restorations here: {a}"),
        }
    }
    assert!(kinds & Element::Magic.bit() != 0, "any kind, magic too");
    assert_eq!(
        s.players[me].spent[Token::Quickling.index()],
        1,
        "the token is spent"
    );
    g.apply(&mut s, choices[0]).expect("listed");
    to_secondary(&g, &mut s);
    assert_eq!(legal(&g, &s), vec![Action::Secondary, Action::Decline]);
    g.apply(&mut s, Action::Secondary).expect("2 harmony");
    assert_eq!(s.players[me].harmony, 0, "2 harmony released");
    let choices = legal(&g, &s);
    let druids: Vec<u8> = s.druids[..2].to_vec();
    assert!(choices.contains(&Action::Path(Element::Air)));
    assert!(choices.len() > 1);
    for a in &choices {
        match a {
            Action::Restore { loc, kind, .. } => {
                assert_eq!(*kind, Element::Air);
                assert!(!druids.contains(loc), "no druid at {loc}");
            }
            Action::Path(Element::Air) => {}
            a => panic!("{a}"),
        }
    }
    let air = s.players[me].col[Element::Air.index()];
    g.apply(&mut s, Action::Path(Element::Air)).expect("listed");
    assert_eq!(s.players[me].col[Element::Air.index()], air + 1);
}

/// The secondary is optional and costs its harmony: with 1 harmony Quickling's (2) is not
/// offered, and declining it keeps the harmony (L566: "entirely voluntary").
#[test]
fn a_secondary_needs_its_harmony_and_may_be_declined() {
    let g = game();
    let (mut s, me) = with_fae(&g, 12, SAPPLING);
    let here = a_free_location(&g, &s, None);
    s.druids[me] = here;
    s.spots[here as usize] = [0; 7];
    set_harmony(&mut s, me, 1);
    perform(&g, &mut s, SAPPLING);
    let first = legal(&g, &s)[0];
    g.apply(&mut s, first).expect("listed");
    to_secondary(&g, &mut s);
    assert_eq!(legal(&g, &s), vec![Action::Decline], "2 harmony needed");
    g.apply(&mut s, Action::Decline).expect("listed");
    assert_eq!(s.players[me].harmony, 1);
    assert!(s.pending.is_empty());
}

/// A primary that cannot resolve halts the action (L321, L566 "you must perform the fae's
/// primary action, resolving its effects entirely. Then …"): no secondary.
#[test]
fn a_primary_that_cannot_resolve_halts_before_the_secondary() {
    let g = game();
    let (mut s, me) = with_fae(&g, 13, QUICKLING);
    let here = s.druids[me];
    s.spots[here as usize] = [1; 7];
    set_harmony(&mut s, me, 5);
    perform(&g, &mut s, QUICKLING);
    assert!(s.pending.is_empty());
    assert_ne!(s.turn as usize, me, "the turn is over");
    assert_eq!(s.players[me].harmony, 5);
}

/// Sappling (L683–685): primary "Place 1 restoration of any kind in the location occupied by
/// your druid." Secondary (release 2 harmony): "Place 1 restoration of any kind in the
/// location occupied by your druid, or any adjacent location."
#[test]
fn sappling_restores_here_then_here_or_adjacent() {
    let g = game();
    let (mut s, me) = with_fae(&g, 14, SAPPLING);
    s.druids[me] = 0;
    s.spots[0] = [0; 7];
    for l in g.neighbours(&s.clone(), 0).collect::<Vec<_>>() {
        s.spots[l as usize] = [0; 7];
    }
    set_harmony(&mut s, me, 2);
    perform(&g, &mut s, SAPPLING);
    let choices = legal(&g, &s);
    assert!(choices
        .iter()
        .all(|a| matches!(a, Action::Restore { loc: 0, .. })));
    let water = Action::Restore {
        loc: 0,
        spot: 0,
        kind: Element::Water,
    };
    let a = if choices.contains(&water) {
        water
    } else {
        choices[0]
    };
    g.apply(&mut s, a).expect("listed");
    to_secondary(&g, &mut s);
    g.apply(&mut s, Action::Secondary).expect("2 harmony");
    let choices = legal(&g, &s);
    let near: Vec<u8> = g.neighbours(&s, 0).collect();
    assert!(choices
        .iter()
        .any(|a| matches!(a, Action::Restore { loc, .. } if near.contains(loc))));
    assert!(choices
        .iter()
        .all(|a| matches!(a, Action::Restore { loc, .. } if *loc == 0 || near.contains(loc))));
    let placed = s.players[me].placed(10);
    let pick = *choices
        .iter()
        .find(|a| matches!(a, Action::Restore { loc, .. } if *loc != 0))
        .expect("an adjacent spot");
    g.apply(&mut s, pick).expect("listed");
    assert_eq!(s.players[me].placed(10), placed + 1);
}

/// BurrowPig (L680–682): primary "Move your druid to any location that has earth terrain."
/// Secondary (release 2 harmony): "Advance your marker 1 space on the earth path."
#[test]
fn burrowpig_moves_to_earth_terrain_then_advances_earth() {
    let g = game();
    let (mut s, me) = with_fae(&g, 15, BURROWPIG);
    set_harmony(&mut s, me, 2);
    s.players[me].col = [2, 1, 1];
    let here = s.druids[me];
    perform(&g, &mut s, BURROWPIG);
    let choices = legal(&g, &s);
    assert!(!choices.is_empty());
    for a in &choices {
        match a {
            Action::To(l) => {
                assert_ne!(*l, here, "a move must not end where it started (R16)");
                assert!(g.components().tiles[*l as usize].terrain & Element::Earth.bit() != 0);
            }
            a => panic!("{a}"),
        }
    }
    let earthy = (0..25u8)
        .filter(|&l| {
            l != here
                && s.cell[l as usize] != NONE
                && g.components().tiles[l as usize].terrain & Element::Earth.bit() != 0
        })
        .count();
    assert_eq!(choices.len(), earthy, "every earth location");
    let Action::To(to) = choices[0] else {
        unreachable!()
    };
    g.apply(&mut s, choices[0]).expect("listed");
    assert_eq!(s.druids[me], to);
    to_secondary(&g, &mut s);
    g.apply(&mut s, Action::Secondary).expect("2 harmony");
    // Earth column 3 is "purify": nothing to purify here but Whisper's starting corruption.
    assert_eq!(s.players[me].col[Element::Earth.index()], 3);
    assert_eq!(s.players[me].harmony, 0);
}

/// Glimmerglide (L689–691): primary "Unbind 0, 1, or 2 action tokens (not corruption)."
/// Secondary (release 3 harmony): "Choose any fully prepared spell on your player board, and
/// perform its action without spending or releasing the tokens." (R43)
#[test]
fn glimmerglide_unbinds_up_to_two_then_performs_a_prepared_spell_for_free() {
    let g = game();
    let (mut s, me) = with_fae(&g, 16, GLIMMERGLIDE);
    set_harmony(&mut s, me, 3);
    let p = &mut s.players[me];
    p.bag[Token::Earth.index()] = 1;
    p.bag[Token::Air.index()] = 1;
    p.bag[Token::Corruption.index()] = 1;
    p.slots[Spell::Stride.index()][0] = Some(Placed {
        token: Token::Earth,
        as_core: Token::Earth as u8,
    });
    s.supply[Token::Earth.index()] -= 2;
    s.supply[Token::Air.index()] -= 1;
    s.supply[Token::Corruption.index()] -= 1;
    let vp = s.players[me].vp;
    perform(&g, &mut s, GLIMMERGLIDE);
    let choices = legal(&g, &s);
    assert!(choices.contains(&Action::Unbind(Pool::Bag, Token::Earth)));
    assert!(choices.contains(&Action::Decline), "0 is allowed");
    assert!(!choices.contains(&Action::Unbind(Pool::Bag, Token::Corruption)));
    g.apply(&mut s, Action::Unbind(Pool::Bag, Token::Earth))
        .expect("listed");
    g.apply(&mut s, Action::Unbind(Pool::Bag, Token::Air))
        .expect("a second");
    assert_eq!(s.players[me].vp, vp + 4, "2 VP per unbound token (L237)");
    // Two unbound: the secondary's offer follows at once.
    assert_eq!(legal(&g, &s), vec![Action::Secondary, Action::Decline]);
    g.apply(&mut s, Action::Secondary).expect("3 harmony");
    let choices = legal(&g, &s);
    assert_eq!(
        choices,
        vec![Action::Replay(Spell::Stride)],
        "the one fully prepared spell"
    );
    let here = s.druids[me];
    g.apply(&mut s, Action::Replay(Spell::Stride))
        .expect("listed");
    let moves = legal(&g, &s);
    assert!(moves
        .iter()
        .all(|a| matches!(a, Action::To(l) if g.neighbours(&s, here).any(|n| n == *l))));
    g.apply(&mut s, moves[0]).expect("listed");
    assert_ne!(s.druids[me], here);
    assert_eq!(
        s.players[me].slots[Spell::Stride.index()][0].map(|t| t.token),
        Some(Token::Earth),
        "the tokens stay on the spell"
    );
    g.check_invariants(&s).expect("accounted for");
}

/// Wisperwog (L692–694): primary "Advance your lowest path marker 1 space. If tied, you
/// choose." Secondary (release 3 harmony): "Advance 1 more space on the same path."
#[test]
fn wisperwog_advances_the_lowest_path_then_the_same_path_again() {
    let g = game();
    let (mut s, me) = with_fae(&g, 17, WISPERWOG);
    set_harmony(&mut s, me, 3);
    s.players[me].col = [4, 3, 3];
    perform(&g, &mut s, WISPERWOG);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Path(Element::Water), Action::Path(Element::Air)],
        "water and air tie for lowest; earth is ahead"
    );
    g.apply(&mut s, Action::Path(Element::Air)).expect("listed");
    assert_eq!(s.players[me].col, [4, 3, 4]);
    to_secondary(&g, &mut s);
    g.apply(&mut s, Action::Secondary).expect("3 harmony");
    to_end_of_turn(&g, &mut s, me);
    assert_eq!(
        s.players[me].col,
        [4, 3, 5],
        "the same path (air), though water is now the lowest"
    );
}

fn to_end_of_turn(g: &Whisperwood, s: &mut State, me: usize) {
    for _ in 0..20 {
        if s.turn as usize != me || s.phase != Phase::Resolve {
            return;
        }
        let l = legal(g, s);
        let a = if l.contains(&Action::Decline) {
            Action::Decline
        } else {
            l[0]
        };
        g.apply(s, a).expect("listed");
    }
}

/// Aetherdrake (L698–700): primary "Advance your marker 1 space on any path." Secondary
/// (release 4 harmony): "Gain the rewards from space on one of the other 2 paths, at the same
/// position as the path marker you moved." (R22: column-indexed; a branch is chosen where the
/// other path forks.)
#[test]
fn aetherdrake_advances_any_path_then_takes_another_paths_reward_at_that_column() {
    let g = game();
    let (mut s, me) = with_fae(&g, 18, AETHERDRAKE);
    set_harmony(&mut s, me, 4);
    s.players[me].col = [10, 1, 1];
    perform(&g, &mut s, AETHERDRAKE);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Path(Element::Earth),
            Action::Path(Element::Water),
            Action::Path(Element::Air)
        ]
    );
    // Earth 10 → 11 ("harmony").
    g.apply(&mut s, Action::Path(Element::Earth))
        .expect("listed");
    to_secondary(&g, &mut s);
    assert_eq!(s.players[me].harmony, 5, "earth 11's harmony");
    g.apply(&mut s, Action::Secondary).expect("4 harmony");
    assert_eq!(s.players[me].harmony, 1);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::OtherSpace {
                path: Element::Water,
                branch: 0
            },
            Action::OtherSpace {
                path: Element::Air,
                branch: 0
            },
        ],
        "the other two paths at column 11"
    );
    // Water 11 is "harmony" too; air 11 "purify or harmony". The water marker stays put.
    g.apply(
        &mut s,
        Action::OtherSpace {
            path: Element::Water,
            branch: 0,
        },
    )
    .expect("listed");
    assert_eq!(s.players[me].harmony, 2, "water column 11's reward");
    assert_eq!(s.players[me].col, [11, 1, 1]);

    // At a fork the other path's branch is chosen (R22).
    let (mut s, me) = with_fae(&g, 19, AETHERDRAKE);
    set_harmony(&mut s, me, 4);
    s.players[me].col = [1, 6, 1];
    perform(&g, &mut s, AETHERDRAKE);
    g.apply(&mut s, Action::Path(Element::Water))
        .expect("listed");
    assert_eq!(legal(&g, &s), vec![Action::Branch(0), Action::Branch(1)]);
    g.apply(&mut s, Action::Branch(1))
        .expect("the otter branch");
    to_secondary(&g, &mut s);
    g.apply(&mut s, Action::Secondary).expect("4 harmony");
    let l = legal(&g, &s);
    assert_eq!(
        l.len(),
        4,
        "earth and air, both branches at column 7: {l:?}"
    );
    assert!(l.contains(&Action::OtherSpace {
        path: Element::Air,
        branch: 1
    }));
}

/// Lunehare (L701–703): primary "Purify 1 corruption from your token bag or spent pool."
/// Secondary (release 1 harmony): "Use the primary action of any fae in the game, including
/// this one."
#[test]
fn lunehare_purifies_from_the_bag_or_spent_pool_then_copies_any_primary() {
    let g = game();
    let (mut s, me) = with_fae(&g, 20, LUNEHARE);
    let c = Token::Corruption.index();
    let p = &mut s.players[me];
    p.bag[c] += 1;
    p.spent[c] += 1;
    s.supply[c] -= 2;
    let (bag, spent) = (s.players[me].bag[c], s.players[me].spent[c]);
    perform(&g, &mut s, LUNEHARE);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::PurifyFrom(Pool::Bag),
            Action::PurifyFrom(Pool::Spent)
        ]
    );
    g.apply(&mut s, Action::PurifyFrom(Pool::Bag))
        .expect("listed");
    assert_eq!(s.players[me].bag[c], bag - 1);
    assert_eq!(
        s.players[me].harmony, 1,
        "the corruption is flipped to harmony"
    );
    assert_eq!(legal(&g, &s), vec![Action::Secondary, Action::Decline]);
    g.apply(&mut s, Action::Secondary).expect("1 harmony");
    assert_eq!(s.players[me].harmony, 0);
    let copies = legal(&g, &s);
    assert!(
        copies.contains(&Action::CopyFae(LUNEHARE as u8)),
        "including this one"
    );
    assert!(
        copies.contains(&Action::CopyFae(WISPERWOG as u8)),
        "any fae in the game"
    );
    g.apply(&mut s, Action::CopyFae(LUNEHARE as u8))
        .expect("listed");
    assert_eq!(legal(&g, &s), vec![Action::PurifyFrom(Pool::Spent)]);
    g.apply(&mut s, Action::PurifyFrom(Pool::Spent))
        .expect("listed");
    assert_eq!(s.players[me].spent[c], spent - 1);
    assert_eq!(s.players[me].harmony, 1);
    assert_ne!(s.turn as usize, me, "a copied primary brings no secondary");
    g.check_invariants(&s).expect("accounted for");
}

/// Wilwisp (L674–676): primary "Reveal 5 enchantment cards from the deck and keep 1. Discard
/// the rest." Secondary (release 3 harmony): "Play and discard an immediate enchantment card to
/// gain the rewards."
#[test]
fn wilwisp_reveals_five_keeps_one_then_plays_and_discards_an_immediate_card() {
    let g = game();
    let (mut s, me) = with_fae(&g, 21, WILWISP);
    set_harmony(&mut s, me, 3);
    let cards = &g.components().enchantments;
    let vp3 = cards
        .iter()
        .position(|c| c.effect == CardEffect::Vp3Harmony && !c.ongoing)
        .expect("a 3 VP card") as u8;
    // A copy of it into the hand, from the deck (so every card stays accounted for).
    assert!(s.deck[vp3 as usize] > 0, "seed 21 leaves one in the deck");
    s.deck[vp3 as usize] -= 1;
    s.players[me].hand[vp3 as usize] += 1;
    let hand = s.players[me].hand_size();
    perform(&g, &mut s, WILWISP);
    assert_eq!(s.phase, Phase::Reveal, "chance reveals the cards");
    let mut revealed = Vec::new();
    for _ in 0..5 {
        let mut outcomes = Vec::new();
        g.chance_outcomes(&s, &mut outcomes);
        let (a, _) = outcomes[0];
        revealed.push(a);
        g.apply(&mut s, a).expect("a card of the deck");
    }
    assert_eq!(s.revealed.iter().map(|&n| n as u32).sum::<u32>(), 5);
    let keep = legal(&g, &s);
    assert!(keep.iter().all(|a| matches!(a, Action::KeepCard(_))));
    let Action::KeepCard(k) = keep[0] else {
        unreachable!()
    };
    g.apply(&mut s, keep[0]).expect("listed");
    assert_eq!(s.players[me].hand_size(), hand + 1);
    assert!(
        s.players[me].known & (1 << k) != 0,
        "everyone saw the kept card"
    );
    assert_eq!(
        s.discard.iter().map(|&n| n as u32).sum::<u32>(),
        4,
        "the rest are discarded"
    );
    assert_eq!(s.revealed, [0; CARD_KINDS]);
    // The secondary: the 3 VP and harmony card from hand, played and discarded.
    let vp = s.players[me].vp;
    let discarded = s.discard[vp3 as usize];
    assert_eq!(legal(&g, &s), vec![Action::Secondary, Action::Decline]);
    g.apply(&mut s, Action::Secondary).expect("3 harmony");
    let plays = legal(&g, &s);
    assert!(plays.contains(&Action::PlayCard(vp3)));
    assert!(
        plays.iter().all(|a| match a {
            Action::PlayCard(k) => !cards[*k as usize].ongoing,
            _ => false,
        }),
        "Immediate cards only"
    );
    g.apply(&mut s, Action::PlayCard(vp3)).expect("listed");
    to_end_of_turn(&g, &mut s, me);
    assert_eq!(s.players[me].vp, vp + 3);
    assert_eq!(s.players[me].harmony, 1, "3 released, 1 gained");
    assert_eq!(
        s.discard[vp3 as usize],
        discarded + 1,
        "the card is discarded"
    );
    assert!(
        s.players[me].covered.iter().all(|&c| c != vp3),
        "not over the mat"
    );
    g.check_invariants(&s).expect("every card accounted for");
}

/// Random games with every player holding all eight fae (their tokens in the bags, 4
/// harmony each) and a player who prefers fae: every fae's primary and secondary is used, and
/// every token and card stays accounted for at every decision.
#[test]
fn random_games_with_all_fae_keep_every_invariant() {
    let g = Whisperwood::new(4, Options::default()).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut performed, mut secondaries) = ([0u32; 8], [0u32; 8]);
    for seed in 0..60 {
        let mut rng = sylvan_engine::GameRng::seeded(seed);
        let mut s =
            sylvan_engine::suite::random_state_where(&g, seed, |s| s.phase == Phase::Drawing);
        for seat in 0..4 {
            for i in 0..8 {
                let t = Token::fae(i);
                s.supply[t.index()] -= 1;
                s.fae_left[i] -= 1;
                s.players[seat].bag[t.index()] += 1;
            }
            s.players[seat].fae = 0xff;
            set_harmony(&mut s, seat, 4);
        }
        let mut fae = NONE;
        while g.actor(&s) != sylvan_engine::Actor::Nobody {
            let a = if g.actor(&s) == sylvan_engine::Actor::Chance {
                g.chance_outcomes(&s, &mut outcomes);
                rng.pick_weighted(&outcomes)
            } else {
                g.legal_actions(&s, &mut actions);
                let fae_first = |a: &&Action| match a {
                    Action::Perform(p) => *p >= fae_place(0),
                    Action::Assign { place, .. } => *place >= fae_place(0),
                    Action::Secondary => true,
                    _ => false,
                };
                match actions.iter().filter(fae_first).count() {
                    0 => actions[rng.below(actions.len() as u64) as usize],
                    n => *actions
                        .iter()
                        .filter(fae_first)
                        .nth(rng.below(n as u64) as usize)
                        .expect("counted"),
                }
            };
            match a {
                Action::Perform(p) if p >= fae_place(0) => {
                    fae = p - fae_place(0);
                    performed[fae as usize] += 1;
                }
                Action::Secondary => secondaries[fae as usize] += 1,
                _ => {}
            }
            g.apply(&mut s, a).expect("listed");
            g.check_invariants(&s).expect("accounted for");
        }
    }
    eprintln!("fae performed {performed:?}, secondaries {secondaries:?}");
    assert!(performed.iter().all(|&n| n > 0), "{performed:?}");
    assert!(secondaries.iter().all(|&n| n > 0), "{secondaries:?}");
}
