//! `determinize` remembers what a seat saw in the draft (R36): the cards it passed stay with
//! the seats it passed them to, and what it can deduce of another hand stays there.

use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::{Options, Phase, State, Whisperwood};

const KINDS: usize = 32;

fn game(players: usize) -> Whisperwood {
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    Whisperwood::new(players, options).expect("valid")
}

fn counts(cards: &[u8]) -> [u8; KINDS] {
    let mut c = [0; KINDS];
    for &k in cards.iter().filter(|&&k| k != u8::MAX) {
        c[k as usize] += 1;
    }
    c
}

fn minus(a: [u8; KINDS], b: [u8; KINDS]) -> [u8; KINDS] {
    let mut c = a;
    for k in 0..KINDS {
        c[k] = c[k].saturating_sub(b[k]);
    }
    c
}

fn within(a: &[u8; KINDS], b: &[u8; KINDS]) -> bool {
    (0..KINDS).all(|k| a[k] <= b[k])
}

/// Random draft positions (and the familiar choice after it).
fn draft_states(players: usize, seeds: std::ops::Range<u64>) -> Vec<State> {
    let g = game(players);
    let mut out = Vec::new();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for seed in seeds {
        let mut rng = GameRng::seeded(seed);
        let mut s = g.initial_state();
        while !matches!(s.phase, Phase::Reclaim | Phase::Drawing | Phase::Over) {
            if matches!(s.phase, Phase::Draft(_) | Phase::KeepFamiliar) {
                out.push(s.clone());
            }
            let a = match g.actor(&s) {
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(_) => {
                    g.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
                Actor::Nobody => break,
            };
            g.apply_unchecked(&mut s, a);
        }
    }
    out
}

/// The pack a seat passed on at the end of round `r`: what it received then minus its picks.
fn passed(s: &State, m: usize, r: usize) -> [u8; KINDS] {
    let (at, size) = [(0, 7), (7, 5), (12, 3)][r];
    let p = &s.players[m];
    minus(
        counts(&p.draft_seen[at..at + size]),
        counts(&p.draft_picks[2 * r..2 * r + 2]),
    )
}

/// "After passing, each player picks from the pack passed to them" (R36): the pack the next
/// seat holds in round r is always among the cards this seat passed it.
#[test]
fn the_pack_a_seat_passed_stays_with_the_next_seat() {
    let mut checked = 0;
    for players in 2..=4 {
        let g = game(players);
        for s in draft_states(players, 0..6) {
            let Phase::Draft(step) = s.phase else {
                continue;
            };
            let r = step as usize / 2;
            if r == 0 {
                continue;
            }
            for m in 0..players {
                let next = (m + 1) % players;
                let x = passed(&s, m, r - 1);
                assert!(within(&s.players[next].pack, &x), "the truth agrees");
                for i in 0..40 {
                    let mut d = s.clone();
                    g.determinize(&mut d, Seat(m as u8), &mut GameRng::seeded(i));
                    assert_eq!(
                        g.view(&d, Viewer::Seat(Seat(m as u8))),
                        g.view(&s, Viewer::Seat(Seat(m as u8)))
                    );
                    g.check_invariants(&d).expect("every card accounted for");
                    let pack = d.players[next].pack;
                    assert!(
                        within(&pack, &x),
                        "{players} players, step {step}: seat {m} passed {x:?}, the next holds {pack:?}"
                    );
                    assert_eq!(
                        pack.iter().sum::<u8>(),
                        s.players[next].pack.iter().sum::<u8>()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// Two players, after the draft: a seat knows which two cards the other kept from the pack it
/// passed (it came back three cards shorter... two shorter, L186) and which two of the three
/// it passed last (the third was discarded face up); every redeal keeps those four in the
/// other hand, and only the other two picks vary.
#[test]
fn two_players_the_deduced_picks_stay_in_the_other_hand() {
    let g = game(2);
    let mut checked = 0;
    let mut varied = false;
    for s in draft_states(2, 0..30) {
        if s.phase != Phase::KeepFamiliar {
            continue;
        }
        for m in 0..2 {
            let q = 1 - m;
            let me = &s.players[m];
            // Round 1 picks of q: what m passed at round 0 less what came back at round 2.
            let back = counts(&me.draft_seen[12..15]);
            let mut known = minus(passed(&s, m, 0), back);
            // Round 2 picks of q: what m passed at round 1 less the card discarded from it.
            let last = minus(passed(&s, m, 1), counts(&[s.players[q].draft_left]));
            for k in 0..KINDS {
                known[k] += last[k];
            }
            assert_eq!(known.iter().sum::<u8>(), 4);
            assert!(within(&known, &s.players[q].hand), "the truth agrees");
            for i in 0..100 {
                let mut d = s.clone();
                g.determinize(&mut d, Seat(m as u8), &mut GameRng::seeded(i));
                assert!(
                    within(&known, &d.players[q].hand),
                    "seat {m} knows {known:?} is in {:?}",
                    d.players[q].hand
                );
                assert_eq!(d.players[q].hand.iter().sum::<u8>(), 6);
                varied |= d.players[q].hand != s.players[q].hand;
                checked += 1;
            }
        }
    }
    assert!(checked >= 2_000, "{checked}");
    assert!(varied, "the two unseen picks are redealt");
}
