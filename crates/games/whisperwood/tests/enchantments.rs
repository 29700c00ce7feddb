//! The enchantment deck: the 43 cards of the data, the first-game element sets, drawing as
//! chance, the discard pile reshuffled into an empty deck (R35), and hands kept secret.

use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::components::{CardEffect, CARD_KINDS, DEFAULT_COMPONENTS};
use sylvan_whisperwood::state::Placed;
use sylvan_whisperwood::{
    Action, Components, Element, Options, Phase, Spell, State, Token, Whisperwood,
};

fn game(players: usize) -> Whisperwood {
    Whisperwood::new(players, Options::default()).expect("valid")
}

/// Plays random decisions from a fresh game until `at` holds.
fn reach(g: &Whisperwood, seed: u64, at: impl Fn(&State) -> bool) -> State {
    sylvan_engine::suite::random_state_where(g, seed, at)
}

/// The player to move casts Advanced Soar with its corruption slot empty ("Draw 1
/// enchantment card", L405) and lands; the draw is due next.
fn soar_to_a_draw(g: &Whisperwood, s: &mut State) {
    let me = s.turn as usize;
    let p = &mut s.players[me];
    p.advanced |= 1 << Spell::Soar as u16;
    p.corrupted &= !(1 << Spell::Soar as u16);
    p.slots[Spell::Soar.index()][0] = Some(Placed {
        token: Token::Air,
        as_core: Token::Air as u8,
    });
    g.apply(s, Action::Perform(Spell::Soar as u8))
        .expect("prepared");
    let mut to = Vec::new();
    g.legal_actions(s, &mut to);
    s.borders = 0;
    g.apply(s, to[0]).expect("a place to land");
}

#[test]
fn the_deck_holds_43_cards_six_per_element() {
    let c = Components::standard();
    let total: u32 = c.enchantments.iter().map(|e| e.copies as u32).sum();
    assert_eq!(total, 43, "L112: 43 enchantment cards");
    assert!(c.enchantments.len() <= CARD_KINDS);
    for e in Element::ALL {
        assert_eq!(
            c.element_set(e).count(),
            6,
            "L178: six cards with the {e} icon"
        );
    }
    let neutral: u32 = c
        .enchantments
        .iter()
        .filter(|e| e.element.is_none())
        .map(|e| e.copies as u32)
        .sum();
    assert_eq!(neutral, 19);
    // L729: some enchantments carry corruption slots.
    assert!(c.enchantments.iter().any(|e| e.corruption_slot));
    assert!(c
        .enchantments
        .iter()
        .any(|e| e.effect == CardEffect::RestoreVp && e.ongoing));
    let text = DEFAULT_COMPONENTS.replacen("copies = 4", "copies = 5", 1);
    let err = Whisperwood::with_components(2, Options::default(), &text)
        .expect_err("44 cards")
        .to_string();
    assert!(err.contains("43 cards"), "{err}");
}

/// L178: "give the six enchantment cards with the earth icon to the player who has Ollie";
/// the deck keeps the rest, and every seat knows those six are in that hand.
#[test]
fn the_first_game_deals_each_familiar_its_element_set() {
    for players in 2..=4 {
        let g = game(players);
        let c = g.components();
        let s = reach(&g, players as u64, |s| {
            s.phase == Phase::Reclaim || s.phase == Phase::Drawing
        });
        for p in &s.players {
            let e = c.familiars[p.familiar as usize].element;
            let set: Vec<usize> = c.element_set(e).collect();
            for k in 0..CARD_KINDS {
                assert_eq!(p.hand[k], u8::from(set.contains(&k)), "kind {k}");
                assert_eq!(p.known & (1 << k) != 0, set.contains(&k));
            }
        }
        let deck: u32 = s.deck.iter().map(|&n| n as u32).sum();
        assert_eq!(deck, 43 - 6 * players as u32);
        g.check_invariants(&s).expect("every card accounted for");
    }
}

fn kind(g: &Whisperwood, effect: CardEffect) -> usize {
    g.components()
        .enchantments
        .iter()
        .position(|e| e.effect == effect)
        .expect("a card of the data")
}

#[test]
fn drawing_a_card_is_chance_weighted_by_the_deck() {
    let g = game(2);
    let mut s = reach(&g, 3, |s| s.phase == Phase::Act);
    let me = s.turn as usize;
    let before = s.players[me].hand_size();
    soar_to_a_draw(&g, &mut s);
    assert_eq!(s.phase, Phase::DrawCard);
    assert_eq!(g.actor(&s), Actor::Chance);
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    let weight: u32 = out.iter().map(|o| o.1).sum();
    assert_eq!(weight, 43 - 12, "the deck after two element sets");
    let starlit = kind(&g, CardEffect::Vp3Harmony);
    assert!(
        out.contains(&(Action::DrawCard(starlit as u8), 4)),
        "4 copies: {out:?}"
    );
    let mut after = s.clone();
    g.apply(&mut after, Action::DrawCard(starlit as u8))
        .expect("in the deck");
    assert_eq!(after.players[me].hand_size(), before + 1);
    assert_eq!(after.players[me].hand[starlit], 1);
    assert_eq!(after.deck[starlit], 3);
    assert_ne!(after.phase, Phase::DrawCard, "one card only");
    g.check_invariants(&after).expect("conserved");

    // Hidden: the other seat sees a count, not the card; its events do not name it.
    let other = Viewer::Seat(Seat(1 - me as u8));
    let view = g.view(&after, other);
    assert_eq!(view.state.players[me].hand[starlit], 0);
    assert_eq!(view.hand_sizes[me], before + 1);
    let text = g.text(&view);
    let name = &g.components().enchantments[starlit].name;
    assert!(!text.contains(name.as_str()), "{text}");
    let mut events = Vec::new();
    g.events(
        &s,
        Action::DrawCard(starlit as u8),
        &after,
        other,
        &mut events,
    );
    assert!(!events.concat().contains(name.as_str()), "{events:?}");
    events.clear();
    g.events(
        &s,
        Action::DrawCard(starlit as u8),
        &after,
        Viewer::Seat(Seat(me as u8)),
        &mut events,
    );
    assert!(events.concat().contains(name.as_str()), "{events:?}");
    let mine = g.text(&g.view(&after, Viewer::Seat(Seat(me as u8))));
    assert!(mine.contains(name.as_str()), "the owner sees its card");
    // determinize for the other seat keeps its view and may redeal the card drawn.
    let mut changed = false;
    for seed in 0..20 {
        let mut det = after.clone();
        g.determinize(&mut det, Seat(1 - me as u8), &mut GameRng::seeded(seed));
        assert_eq!(g.view(&det, other), view);
        g.check_invariants(&det).expect("a full deal");
        changed |= det.players[me].hand[starlit] == 0;
        assert_eq!(
            det.players[1 - me],
            after.players[1 - me],
            "its own hand stays"
        );
    }
    assert!(changed, "the unseen card is redealt");
}

/// R35: an empty deck takes the shuffled discard pile; with both empty nothing is drawn.
#[test]
fn an_empty_deck_reshuffles_the_discard_pile() {
    let g = game(2);
    let mut s = reach(&g, 4, |s| s.phase == Phase::Act);
    let me = s.turn as usize;
    let purify = kind(&g, CardEffect::Purify2);
    s.discard = s.deck;
    s.deck = [0; CARD_KINDS];
    let pile: u8 = s.discard.iter().sum();
    g.check_invariants(&s).expect("the cards moved, none lost");
    soar_to_a_draw(&g, &mut s);
    assert_eq!(s.phase, Phase::DrawCard);
    assert_eq!(s.discard, [0; CARD_KINDS], "the pile became the deck");
    assert_eq!(s.deck.iter().sum::<u8>(), pile);
    g.apply(&mut s, Action::DrawCard(purify as u8))
        .expect("reshuffled in");
    assert_eq!(s.players[me].hand[purify], 1);

    let mut s = reach(&g, 5, |s| s.phase == Phase::Act);
    let me = s.turn as usize;
    let hand = s.players[me].hand;
    // Both empty: the hands hold every card (put the rest in the other hand).
    let other = 1 - me;
    for k in 0..CARD_KINDS {
        s.players[other].hand[k] += s.deck[k];
    }
    s.deck = [0; CARD_KINDS];
    soar_to_a_draw(&g, &mut s);
    assert_ne!(s.phase, Phase::DrawCard, "nothing to draw");
    assert_eq!(s.players[me].hand, hand);
}

/// Moves one card of `kind` from the deck to the hand of `seat`.
fn deal(s: &mut State, seat: usize, kind: usize) {
    assert!(s.deck[kind] > 0, "kind {kind} in the deck");
    s.deck[kind] -= 1;
    s.players[seat].hand[kind] += 1;
}

/// Inscribe's last step for `seat` (L484): rune marker 1 inscribed on a site whose location
/// holds 2 more bears, then the choice of the mat's enchantment or a hand card.
fn inscribed(g: &Whisperwood, s: &mut State, seat: usize) -> u8 {
    let site = 0u8;
    let loc = g.site_loc(site);
    for _ in 0..2 {
        // Bears from elsewhere, so that every meeple stays accounted for.
        if let Some(l) = (0..25).find(|&l| l != loc as usize && s.wildlife[l][0] > 0) {
            s.wildlife[l][0] -= 1;
            s.wildlife[loc as usize][0] += 1;
        }
    }
    s.players[seat].markers[0] = site;
    s.site_marker[site as usize] = seat as u8 * 8;
    s.turn = seat as u8;
    s.pending.clear();
    s.pending.push(sylvan_whisperwood::state::Pending {
        effect: sylvan_whisperwood::Effect::Enchant(0),
        halts: false,
    });
    s.phase = Phase::Resolve;
    loc
}

/// L485 and L623: an Immediate card played over the mat resolves its effects in the order the
/// player chooses (R34) and stays there: the covered mat enchantment no longer scores.
#[test]
fn an_immediate_card_resolves_in_any_order_and_covers_its_mat_slot() {
    let g = game(2);
    let mut s = reach(&g, 6, |s| s.phase == Phase::Act);
    let me = s.turn as usize;
    let starlit = kind(&g, CardEffect::Vp3Harmony);
    deal(&mut s, me, starlit);
    inscribed(&g, &mut s, me);
    let mat = g.breakdown(&s, me)[2];
    assert!(
        mat >= 4,
        "rune 1: 2 VP per wildlife here and next door, {mat}"
    );
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(legal.contains(&Action::KeepMat));
    assert!(legal.contains(&Action::PlayCard(starlit as u8)));
    let (vp, harmony) = (s.players[me].vp, s.players[me].harmony);
    g.apply(&mut s, Action::PlayCard(starlit as u8))
        .expect("in hand");
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, vec![Action::CardPart(0), Action::CardPart(1)], "R34");
    g.apply(&mut s, Action::CardPart(1)).expect("harmony first");
    assert_eq!(s.players[me].harmony, harmony + 1);
    assert_eq!(s.players[me].vp, vp + 3, "then the 3 VP");
    assert_eq!(s.players[me].covered[0], starlit as u8);
    assert_eq!(s.players[me].hand[starlit], 0);
    assert_eq!(
        g.breakdown(&s, me)[2],
        0,
        "the covered mat enchantment does not score"
    );
    g.check_invariants(&s).expect("the card is accounted for");
}

/// L729: River's scoring counts the empty corruption slots on enchantments too; a corrupted
/// card slot costs 2 VP like a spell's (R4). An ongoing Blessing card adds 1 VP per
/// restoration of its element while its slot is empty.
#[test]
fn river_counts_the_corruption_slots_of_enchantment_cards() {
    let g = game(2);
    let mut s = reach(&g, 7, |s| s.phase == Phase::Act);
    let me = s.turn as usize;
    let cards = &g.components().enchantments;
    let blessing = (0..cards.len())
        .find(|&k| cards[k].effect == CardEffect::RestoreVp && s.deck[k] > 0)
        .expect("a Blessing of an element no one plays");
    let e = cards[blessing].element.expect("an element card");
    s.players[me].golems[Element::Water.index()] = [2, 2, 2];
    s.players[me].golem_tokens -= 3;
    let river = g.breakdown(&s, me)[4];
    deal(&mut s, me, blessing);
    inscribed(&g, &mut s, me);
    g.apply(&mut s, Action::PlayCard(blessing as u8))
        .expect("in hand");
    assert_eq!(g.breakdown(&s, me)[4], river + 3, "one more empty slot");
    assert_ne!(g.free_card_slots(&s.players[me]), 0);
    // A drawn corruption may go on the card's slot.
    let corruption = g.breakdown(&s, me)[8];
    s.players[me].card_corrupted = 1;
    assert_eq!(g.breakdown(&s, me)[4], river);
    assert_eq!(g.breakdown(&s, me)[8], corruption - 2);
    s.players[me].card_corrupted = 0;
    // Restorations of the card's element earn 1 VP each while the slot is empty.
    let here = s.druids[me];
    let spot = g.components().tiles[here as usize]
        .spots
        .iter()
        .position(|sp| {
            (e == Element::Magic || sp.types & e.bit() != 0) && !sp.dark && sp.wild.is_none()
        })
        .expect("a spot of the element at the druid's location");
    {
        s.spots[here as usize][spot] = 0;
        s.pending.clear();
        s.pending.push(sylvan_whisperwood::state::Pending {
            effect: sylvan_whisperwood::Effect::Restore(
                Some(e),
                sylvan_whisperwood::state::At::Here,
            ),
            halts: true,
        });
        s.phase = Phase::Resolve;
        s.turn = me as u8;
        let vp = s.players[me].vp;
        g.apply(
            &mut s,
            Action::Restore {
                loc: here,
                spot: spot as u8,
                kind: e,
            },
        )
        .expect("a spot of the element");
        assert_eq!(s.players[me].vp, vp + 1, "the ongoing card's bonus");
    }
}

/// The neutral Immediate cards do what they print: a golem comes to the druid then a path
/// advances; a wildlife moves next door then its path advances; 2 potions are gained.
#[test]
fn neutral_immediate_cards_resolve_their_effects() {
    let g = game(2);
    let base = reach(&g, 8, |s| s.phase == Phase::Act);
    let me = base.turn as usize;
    let mut legal = Vec::new();

    let mut s = base.clone();
    let golem_card = kind(&g, CardEffect::GolemHereAdvance);
    deal(&mut s, me, golem_card);
    inscribed(&g, &mut s, me);
    s.borders = 0;
    g.apply(&mut s, Action::PlayCard(golem_card as u8))
        .expect("in hand");
    g.apply(&mut s, Action::CardPart(0))
        .expect("the golem first");
    g.legal_actions(&s, &mut legal);
    let here = s.druids[me];
    let g_el = Element::ALL
        .into_iter()
        .find(|&e| s.golems[e.index()] != here)
        .expect("a golem elsewhere");
    assert!(legal.contains(&Action::GolemHere(g_el)), "{legal:?}");
    g.apply(&mut s, Action::GolemHere(g_el)).expect("listed");
    assert_eq!(s.golems[g_el.index()], here);
    let cols = s.players[me].col;
    g.apply(&mut s, Action::Path(Element::Air))
        .expect("then any path");
    assert_eq!(s.players[me].col[2], cols[2] + 1);

    let mut s = base.clone();
    let nudge = kind(&g, CardEffect::WildlifeAdjacentAdvance);
    deal(&mut s, me, nudge);
    inscribed(&g, &mut s, me);
    s.borders = 0;
    g.apply(&mut s, Action::PlayCard(nudge as u8))
        .expect("in hand");
    g.legal_actions(&s, &mut legal);
    let Some(&Action::CallFrom { loc, animal, to }) = legal.iter().find(|a| {
        matches!(
            a,
            Action::CallFrom {
                animal: sylvan_whisperwood::Animal::Owl,
                ..
            }
        )
    }) else {
        panic!("an owl to move: {legal:?}");
    };
    assert!(
        g.neighbours(&s, loc).any(|l| l == to),
        "to a location next to it"
    );
    let (from_n, cols) = (s.wildlife[loc as usize][animal.index()], s.players[me].col);
    g.apply(&mut s, Action::CallFrom { loc, animal, to })
        .expect("listed");
    assert_eq!(s.wildlife[loc as usize][animal.index()], from_n - 1);
    assert_eq!(s.players[me].col[2], cols[2] + 1, "the owl's path: air");

    let mut s = base.clone();
    let potions = kind(&g, CardEffect::Potions2);
    deal(&mut s, me, potions);
    inscribed(&g, &mut s, me);
    let spent = s.players[me].spent[Token::Potion.index()];
    g.apply(&mut s, Action::PlayCard(potions as u8))
        .expect("in hand");
    assert_eq!(s.players[me].spent[Token::Potion.index()], spent + 2);
    g.check_invariants(&s).expect("conserved");
}

/// Hidden hands, as a property over random games in which every seat holds secret cards: no
/// view text, drawing or event of one seat names a card another seat holds unseen (unless the
/// viewer can see a copy of that card elsewhere).
#[test]
fn no_seat_reads_another_seats_hidden_cards() {
    let g = game(3);
    let names: Vec<String> = g
        .components()
        .enchantments
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let (mut actions, mut outcomes, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for seed in 0..12u64 {
        let mut s = reach(&g, seed, |s| {
            s.phase == Phase::Reclaim || s.phase == Phase::Drawing
        });
        let mut rng = GameRng::seeded(seed);
        // Three secret cards per seat, drawn from the deck.
        for seat in 0..3 {
            for _ in 0..3 {
                let weighted: Vec<(usize, u32)> = (0..CARD_KINDS)
                    .filter(|&k| s.deck[k] > 0)
                    .map(|k| (k, s.deck[k] as u32))
                    .collect();
                deal(&mut s, seat, rng.pick_weighted(&weighted));
            }
        }
        let mut step = 0u32;
        while g.actor(&s) != Actor::Nobody {
            let a = match g.actor(&s) {
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                _ => {
                    g.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            let before = s.clone();
            g.apply(&mut s, a).expect("listed");
            step += 1;
            if !step.is_multiple_of(7) && !matches!(a, Action::DrawCard(_) | Action::PlayCard(_)) {
                continue;
            }
            for v in 0..3usize {
                let viewer = Viewer::Seat(Seat(v as u8));
                let seen = |k: usize| {
                    s.players[v].hand[k] > 0
                        || s.discard[k] > 0
                        || s.players
                            .iter()
                            .any(|p| p.known & (1 << k) != 0 || p.covered.contains(&(k as u8)))
                        || before.players[v].hand[k] > 0
                };
                let view = g.view(&s, viewer);
                let text = g.text(&view);
                let svg = g.svg(&view).expect("Whisperwood draws");
                events.clear();
                g.events(&before, a, &s, viewer, &mut events);
                let said = events.concat();
                for (q, p) in s.players.iter().enumerate() {
                    if q == v {
                        continue;
                    }
                    for k in (0..CARD_KINDS).filter(|&k| p.hand[k] > 0 && !seen(k)) {
                        let name = &names[k];
                        assert!(
                            !text.contains(name.as_str()),
                            "seed {seed}: {v} reads {name}"
                        );
                        assert!(!svg.contains(name.as_str()), "seed {seed}: {v} sees {name}");
                        assert!(
                            !said.contains(name.as_str()),
                            "seed {seed}: {v} hears {name}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} hidden cards checked");
}
