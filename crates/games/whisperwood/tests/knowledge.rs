//! After the draft, `determinize` still redeals only what a seat has not seen (R9: "a card
//! seen in a pack, on the table or by Wilwisp is known"; R36, L184–186: "Each player keeps 2
//! in secret and passes the rest to the left"): a card a seat passed and another kept stays
//! with the seats that could have kept it until it is seen played.

// Seats index several per-seat arrays at once.
#![allow(clippy::needless_range_loop)]

use sylvan_engine::{Actor, Game, GameRng, Seat};
use sylvan_whisperwood::{Action, Options, Phase, State, Whisperwood};

const KINDS: usize = 32;
type Counts = [u8; KINDS];

fn game(players: usize) -> Whisperwood {
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    Whisperwood::new(players, options).expect("valid")
}

fn counts(cards: &[u8]) -> Counts {
    let mut c = [0; KINDS];
    for &k in cards.iter().filter(|&&k| k != u8::MAX) {
        c[k as usize] += 1;
    }
    c
}

fn minus(a: Counts, b: Counts) -> Counts {
    let mut c = a;
    for k in 0..KINDS {
        c[k] = c[k].saturating_sub(b[k]);
    }
    c
}

fn within(a: &Counts, b: &Counts) -> bool {
    (0..KINDS).all(|k| a[k] <= b[k])
}

/// The pack seat `m` passed on at the end of draft round `r`: what it received less its picks.
fn passed(s: &State, m: usize, r: usize) -> Counts {
    let (at, size) = [(0, 7), (7, 5), (12, 3)][r];
    let p = &s.players[m];
    minus(
        counts(&p.draft_seen[at..at + size]),
        counts(&p.draft_picks[2 * r..2 * r + 2]),
    )
}

/// One random step; returns the acting seat and the action.
fn step(g: &Whisperwood, s: &mut State, rng: &mut GameRng) -> Option<(Option<usize>, Action)> {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (who, a) = match g.actor(s) {
        Actor::Nobody => return None,
        Actor::Chance => {
            g.chance_outcomes(s, &mut outcomes);
            (None, rng.pick_weighted(&outcomes))
        }
        Actor::Seat(q) => {
            g.legal_actions(s, &mut actions);
            (
                Some(q.index()),
                actions[rng.below(actions.len() as u64) as usize],
            )
        }
    };
    g.apply_unchecked(s, a);
    Some((who, a))
}

fn in_play(s: &State) -> bool {
    !matches!(
        s.phase,
        Phase::DrawTile
            | Phase::PlaceTile(_)
            | Phase::Rune(_)
            | Phase::Familiar(_)
            | Phase::Pack(_)
            | Phase::Draft(_)
            | Phase::KeepFamiliar
            | Phase::Over
    )
}

/// Two players: a seat knows which two cards the other kept from the pack it passed first
/// (those that did not come back) and which two of the three it passed last (the third was
/// discarded face up). Through the seven rounds, every redeal of that seat leaves those cards
/// in the other hand until the other plays them.
#[test]
fn two_players_the_cards_passed_and_kept_stay_in_the_other_hand_after_the_draft() {
    let g = game(2);
    let (mut checked, mut played, mut varied) = (0, 0, false);
    for seed in 0..24 {
        let mut rng = GameRng::seeded(seed);
        let mut s = g.initial_state();
        while s.phase != Phase::KeepFamiliar {
            step(&g, &mut s, &mut rng).expect("the draft ends");
        }
        let mut known = [[0u8; KINDS]; 2];
        for m in 0..2 {
            let q = 1 - m;
            let back = counts(&s.players[m].draft_seen[12..15]);
            let mut k0 = minus(passed(&s, m, 0), back);
            let last = minus(passed(&s, m, 1), counts(&[s.players[q].draft_left]));
            for k in 0..KINDS {
                k0[k] += last[k];
            }
            assert_eq!(k0.iter().sum::<u8>(), 4);
            known[m] = k0;
        }
        let mut n = 0u64;
        while let Some((who, a)) = step(&g, &mut s, &mut rng) {
            if let (Some(q), Action::PlayCard(k)) = (who, a) {
                // Seen played: no longer known to be in that hand.
                let m = 1 - q;
                if known[m][k as usize] > 0 {
                    known[m][k as usize] -= 1;
                    played += 1;
                }
            }
            n += 1;
            if !in_play(&s) || !n.is_multiple_of(7) {
                continue;
            }
            for m in 0..2 {
                let q = 1 - m;
                assert!(within(&known[m], &s.players[q].hand), "the truth agrees");
                for i in 0..4 {
                    let mut d = s.clone();
                    g.determinize(&mut d, Seat(m as u8), &mut GameRng::seeded(n * 8 + i));
                    g.check_invariants(&d).expect("every card accounted for");
                    assert!(
                        within(&known[m], &d.players[q].hand),
                        "seed {seed}, round {}: seat {m} knows {:?} is in the other hand, redealt {:?}",
                        s.round,
                        known[m],
                        d.players[q].hand
                    );
                    varied |= d.players[q].hand != s.players[q].hand;
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
    assert!(varied, "the cards the seat never saw are redealt");
    eprintln!("{checked} redeals checked, {played} known cards seen played");
}

/// Three and four players: a single-copy card a seat passed and did not see again was kept by
/// one of the seats that held the pack after it (or discarded face up, which all see), so no
/// redeal puts it in the deck or in the hand of a seat that never held that pack after it.
#[test]
fn a_passed_card_never_goes_to_a_seat_that_could_not_have_kept_it() {
    let mut checked = 0;
    for players in 3..=4usize {
        let g = game(players);
        let single: Vec<bool> = g
            .components()
            .enchantments
            .iter()
            .map(|c| c.copies == 1)
            .collect();
        for seed in 0..12 {
            let mut rng = GameRng::seeded(100 + seed);
            let mut s = g.initial_state();
            while s.phase != Phase::KeepFamiliar {
                step(&g, &mut s, &mut rng).expect("the draft ends");
            }
            // (observer, card kind, the seats that may hold it).
            let mut tracked: Vec<(usize, usize, u8)> = Vec::new();
            for m in 0..players {
                for r in 0..2 {
                    let pack = (m + players * 3 - r) % players;
                    let rest = minus(passed(&s, m, r), counts(&[s.players[pack].draft_left]));
                    let mut may = 0u8;
                    for later in r + 1..3 {
                        may |= 1 << ((pack + later) % players);
                    }
                    for (k, &c) in rest.iter().enumerate() {
                        if c > 0 && single.get(k) == Some(&true) {
                            tracked.push((m, k, may));
                        }
                    }
                }
            }
            assert!(!tracked.is_empty());
            let mut n = 0u64;
            while let Some((_, _)) = step(&g, &mut s, &mut rng) {
                // A card that left its hand (played, discarded, reshuffled) is no longer tracked.
                tracked.retain(|&(_, k, may)| {
                    (0..players).any(|q| may & (1 << q) != 0 && s.players[q].hand[k] > 0)
                });
                n += 1;
                if !in_play(&s) || !n.is_multiple_of(11) {
                    continue;
                }
                for &(m, k, may) in &tracked {
                    let mut d = s.clone();
                    g.determinize(
                        &mut d,
                        Seat(m as u8),
                        &mut GameRng::seeded(n * 64 + k as u64),
                    );
                    g.check_invariants(&d).expect("every card accounted for");
                    let holders: Vec<usize> =
                        (0..players).filter(|&q| d.players[q].hand[k] > 0).collect();
                    assert!(
                        holders.len() == 1 && may & (1 << holders[0]) != 0,
                        "{players} players, seed {seed}: seat {m} passed card {k} to seats {may:#b}; redealt to {holders:?}, deck {}",
                        d.deck[k]
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// Once a seat sees a card it tracked in another hand played (face up over the mat, or
/// discarded by Wilwisp's secondary), it no longer keeps a copy of that kind there: every
/// seat's knowledge drops one copy it could place in that hand, and a redeal may then leave
/// the hand without the kind.
#[test]
fn a_card_seen_played_leaves_what_is_known_of_that_hand() {
    let mut seen = 0;
    let mut freed = 0;
    for players in 2..=4usize {
        let g = game(players);
        for seed in 0..60 {
            let mut rng = GameRng::seeded(500 + seed);
            let mut s = g.initial_state();
            loop {
                let before = s.clone();
                let Some((who, a)) = step(&g, &mut s, &mut rng) else {
                    break;
                };
                let (Some(q), Action::PlayCard(k)) = (who, a) else {
                    continue;
                };
                let k = k as usize;
                for m in (0..players).filter(|&m| m != q) {
                    let there = |st: &State| {
                        st.players[m].tracked[k]
                            .iter()
                            .filter(|&&mask| mask & (1 << q) != 0)
                            .count()
                    };
                    let (b, a) = (there(&before), there(&s));
                    assert_eq!(
                        a,
                        b.saturating_sub(1),
                        "seat {m} saw card {k} leave seat {q}"
                    );
                    if b == 0 {
                        continue;
                    }
                    seen += 1;
                    let exact = |st: &State| {
                        st.players[m].tracked[k]
                            .iter()
                            .filter(|&&mask| mask == 1 << q)
                            .count()
                    };
                    // Nothing pins the kind to that hand any more: some redeal leaves it out.
                    if exact(&s) == 0 && s.players[q].known & (1 << k) == 0 {
                        let least = (0..40)
                            .map(|i| {
                                let mut d = s.clone();
                                g.determinize(&mut d, Seat(m as u8), &mut GameRng::seeded(i));
                                d.players[q].hand[k]
                            })
                            .min()
                            .unwrap_or(0);
                        assert_eq!(least, 0, "seat {m} still pins card {k} in seat {q}'s hand");
                        freed += 1;
                    }
                }
            }
        }
    }
    eprintln!("{seen} tracked cards seen played, {freed} freed");
    assert!(seen >= 10, "{seen}");
    assert!(freed >= 5, "{freed}");
}

/// The first game's element sets are known to all (L178): every redeal keeps the cards of
/// another set in that hand until they are played; the view of a seat never shows what
/// another seat tracks.
#[test]
fn first_game_sets_stay_known_and_no_view_shows_anothers_knowledge() {
    let g = Whisperwood::new(3, Options::default()).expect("valid");
    let mut checked = 0;
    for seed in 0..6 {
        let mut rng = GameRng::seeded(900 + seed);
        let mut s = g.initial_state();
        let mut n = 0u64;
        while step(&g, &mut s, &mut rng).is_some() {
            n += 1;
            if !in_play(&s) || !n.is_multiple_of(13) {
                continue;
            }
            for m in 0..3 {
                let v = g.view(&s, sylvan_engine::Viewer::Seat(Seat(m as u8)));
                for q in (0..3).filter(|&q| q != m) {
                    assert_eq!(
                        v.state.players[q].tracked, [[0; 4]; KINDS],
                        "seat {m} reads what seat {q} knows"
                    );
                    let mut d = s.clone();
                    g.determinize(&mut d, Seat(m as u8), &mut GameRng::seeded(n));
                    for k in 0..KINDS {
                        if s.players[q].known & (1 << k) != 0 {
                            assert!(d.players[q].hand[k] >= 1, "card {k} known to all in {q}");
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}
