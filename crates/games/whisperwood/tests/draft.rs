//! Subsequent games (L180–188): two familiars dealt to each player, the enchantment draft
//! (7 cards, keep 2 and pass left, three times: 6 kept, 1 discarded, R36), then one familiar
//! kept; the picks and the dealt familiars stay secret.

use sylvan_engine::{assert_conforms, Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::components::CARD_KINDS;
use sylvan_whisperwood::{Action, Options, Phase, State, Whisperwood};

fn game(players: usize) -> Whisperwood {
    Whisperwood::new(
        players,
        Options {
            subsequent_game: true,
            ..Options::default()
        },
    )
    .expect("valid")
}

fn legal(g: &Whisperwood, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

fn cards(counts: &[u8; CARD_KINDS]) -> u32 {
    counts.iter().map(|&n| n as u32).sum()
}

/// Plays chance and seats at random (seeded) until `at` holds.
fn reach(g: &Whisperwood, seed: u64, at: impl Fn(&State) -> bool) -> State {
    sylvan_engine::suite::random_state_where(g, seed, at)
}

/// L182: "deal 2 familiars to each player"; L184–186: "Deal 7 enchantment cards to each
/// player. Each player keeps 2 in secret and passes the rest to the left … until each player
/// has 6 cards and 1 is left over"; L188: "keep 1 familiar, the other goes back to the box".
#[test]
fn the_draft_deals_7_keeps_2_passes_left_three_times_and_discards_1() {
    for players in 2..=4usize {
        let g = game(players);
        let mut s = reach(&g, players as u64, |s| s.phase == Phase::Draft(0));
        let mut all = 0u8;
        for p in &s.players {
            assert_eq!(p.dealt.count_ones(), 2, "two familiars each");
            assert_eq!(all & p.dealt, 0, "different familiars");
            all |= p.dealt;
            assert_eq!(cards(&p.pack), 7);
            assert_eq!(cards(&p.hand), 0, "no element sets in a subsequent game");
        }
        assert_eq!(cards(&s.deck), 43 - 7 * players as u32);
        let mut rng = GameRng::seeded(7);
        for step in 0..6u8 {
            for k in 0..players {
                assert_eq!(s.phase, Phase::Draft(step));
                assert_eq!(s.turn as usize, k, "picks go in turn order");
                let seat = s.turn as usize;
                let before = s.players[seat].pack;
                let picks = legal(&g, &s);
                assert_eq!(
                    picks.len(),
                    before.iter().filter(|&&n| n > 0).count(),
                    "one choice per kind in the pack"
                );
                let a = picks[rng.below(picks.len() as u64) as usize];
                let Action::Pick(kind) = a else { panic!("{a}") };
                g.apply(&mut s, a).expect("listed");
                assert_eq!(
                    s.players[seat].hand[kind as usize],
                    1.max(s.players[seat].hand[kind as usize])
                );
                assert_eq!(cards(&s.players[seat].hand), step as u32 + 1);
            }
            let sizes: Vec<u32> = s.players.iter().map(|p| cards(&p.pack)).collect();
            if step < 5 {
                assert!(
                    sizes.iter().all(|&n| n == 7 - (step as u32 + 1)),
                    "after pick {step}: {sizes:?}"
                );
            }
        }
        assert_eq!(s.phase, Phase::KeepFamiliar);
        assert_eq!(
            cards(&s.discard),
            players as u32,
            "1 left over per pack, face up"
        );
        for p in &s.players {
            assert_eq!(cards(&p.hand), 6);
            assert_eq!(cards(&p.pack), 0);
        }
        let dealt: Vec<u8> = s.players.iter().map(|p| p.dealt).collect();
        for seat in 0..players {
            let keep = legal(&g, &s);
            assert_eq!(keep.len(), 2, "one of the two dealt");
            g.apply(&mut s, keep[1]).expect("listed");
            if seat + 1 < players {
                assert!(
                    s.players.iter().all(|p| p.familiar == u8::MAX),
                    "kept familiars are revealed together"
                );
            }
        }
        for (p, d) in s.players.iter().zip(dealt) {
            assert!(d & (1 << p.familiar) != 0, "the kept familiar was dealt");
            assert_eq!(p.dealt, 0, "the other goes back to the box unseen");
            assert_eq!(p.known, 0, "drafted cards are secret");
            assert_eq!(cards(&p.hand), 6);
        }
        assert!(matches!(s.phase, Phase::Reclaim | Phase::Drawing));
        g.check_invariants(&s).expect("every card accounted for");
    }
}

/// A pass goes left: after every second pick each pack moves to the next seat (R36).
#[test]
fn packs_pass_to_the_left_after_two_picks() {
    let g = game(3);
    let mut s = reach(&g, 5, |s| s.phase == Phase::Draft(0));
    for _ in 0..3 {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a).expect("listed");
    }
    // The second pick: what is left of each pack after it goes to the next seat.
    let mut left = Vec::new();
    for q in 0..3 {
        assert_eq!(s.phase, Phase::Draft(1));
        let a = legal(&g, &s)[0];
        let Action::Pick(k) = a else { panic!("{a}") };
        let mut pack = s.players[q].pack;
        pack[k as usize] -= 1;
        left.push(pack);
        g.apply(&mut s, a).expect("listed");
    }
    assert_eq!(s.phase, Phase::Draft(2));
    for (q, pack) in left.iter().enumerate() {
        assert_eq!(
            &s.players[(q + 1) % 3].pack,
            pack,
            "seat {q}'s pack went left"
        );
        assert_eq!(cards(pack), 5);
    }
}

/// The draft is secret: another seat's view shows no pack, no pick and no dealt familiar, the
/// events of a pick name the card only to its picker, and determinize redeals the packs and
/// familiars the seat has not seen while keeping its view.
#[test]
fn packs_picks_and_dealt_familiars_are_secret() {
    let g = game(3);
    let mut s = reach(&g, 9, |s| s.phase == Phase::Draft(0));
    let a = legal(&g, &s)[0];
    let before = s.clone();
    g.apply(&mut s, a).expect("listed");
    let Action::Pick(k) = a else { panic!("{a}") };
    let name = &g.components().enchantments[k as usize].name;
    let mut events = Vec::new();
    g.events(&before, a, &s, Viewer::Seat(Seat(1)), &mut events);
    assert!(!events.concat().contains(name.as_str()), "{events:?}");
    events.clear();
    g.events(&before, a, &s, Viewer::Seat(Seat(0)), &mut events);
    assert!(
        events.concat().contains(name.as_str()),
        "the picker hears its card"
    );
    let v = g.view(&s, Viewer::Seat(Seat(1)));
    for (q, p) in v.state.players.iter().enumerate() {
        if q != 1 {
            assert_eq!(cards(&p.pack), 0);
            assert_eq!(cards(&p.hand), 0);
            assert_eq!(p.dealt, 0);
        }
    }
    assert_eq!(v.state.familiars_left, 0);
    let text = g.text(&v);
    assert!(text.contains("your draft pack"));
    assert!(text.contains("your dealt familiars"));
    let mut changed = false;
    for seed in 0..20 {
        let mut d = s.clone();
        g.determinize(&mut d, Seat(1), &mut GameRng::seeded(seed));
        assert_eq!(g.view(&d, Viewer::Seat(Seat(1))), v);
        g.check_invariants(&d).expect("a consistent deal");
        changed |=
            d.players[0].pack != s.players[0].pack || d.players[2].dealt != s.players[2].dealt;
        let all: u8 = d.players.iter().map(|p| p.dealt).fold(0, |a, b| {
            assert_eq!(a & b, 0, "familiars dealt once");
            a | b
        });
        assert_eq!(all.count_ones(), 6);
    }
    assert!(changed, "determinize redeals what seat 1 has not seen");
}

/// Hidden cards as a property: over random subsequent games, no view text, drawing or event of
/// one seat names a card in another seat's pack or hand that it cannot see.
#[test]
fn no_seat_reads_another_seats_pack_or_picks() {
    let g = game(3);
    let names: Vec<String> = g
        .components()
        .enchantments
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let (mut actions, mut outcomes, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut s = g.initial_state();
        let mut rng = GameRng::seeded(seed);
        while !matches!(s.phase, Phase::Act) && g.actor(&s) != Actor::Nobody {
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
            for v in 0..3usize {
                let viewer = Viewer::Seat(Seat(v as u8));
                let mine = |st: &State, k: usize| {
                    st.players[v].hand[k] > 0 || st.players[v].pack[k] > 0 || st.discard[k] > 0
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
                    for k in (0..CARD_KINDS)
                        .filter(|&k| p.hand[k] + p.pack[k] > 0 && !mine(&s, k) && !mine(&before, k))
                    {
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

#[test]
fn subsequent_games_conform_for_2_3_and_4_players() {
    for players in 2..=4 {
        assert_conforms(&[game(players)], 2_000, 20 + players as u64, 16);
    }
}

/// L188: once every player has chosen, the kept familiars "are revealed": the last choice's
/// event names each seat's familiar to every viewer, and no earlier choice names another's.
#[test]
fn the_kept_familiars_are_revealed_together_in_the_log() {
    let g = game(3);
    let mut s = reach(&g, 4, |s| s.phase == Phase::KeepFamiliar);
    let mut events = Vec::new();
    let mut last = String::new();
    while s.phase == Phase::KeepFamiliar {
        let a = legal(&g, &s)[0];
        let before = s.clone();
        g.apply(&mut s, a).expect("listed");
        events.clear();
        g.events(&before, a, &s, Viewer::Spectator, &mut events);
        last = events.concat();
        if s.phase == Phase::KeepFamiliar {
            assert!(!last.contains("reveals"), "{last}");
        }
    }
    for (q, p) in s.players.iter().enumerate() {
        let name = &g.components().familiars[p.familiar as usize].name;
        assert!(
            last.contains(&format!("{}: reveals the familiar {name}", Seat(q as u8))),
            "{last}"
        );
    }
}
