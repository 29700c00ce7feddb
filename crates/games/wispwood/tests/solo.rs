//! The solo game against Catty: its setup, its cat walking clockwise round the pond, the
//! firefly tokens, its scoring guides, and random solo games checked at every decision.

use sylvan_engine::{Actor, Game, GameRng, Seat};
use sylvan_wispwood::{Action, Options, Phase, State, Wisp, Wispwood};

fn solo(paws: u8) -> Wispwood {
    let options = Options {
        goals: vec![
            "One Grove to Rule".into(),
            "Pumpkin Seedoku".into(),
            "Way of Light".into(),
            "On the Fence".into(),
            "Sign of Light".into(),
        ],
        catty_guide: paws,
        ..Options::default()
    };
    Wispwood::new(1, options).expect("solo")
}

const MIXED: [Wisp; 8] = [
    Wisp::Jack,
    Wisp::Heart,
    Wisp::Witch,
    Wisp::Orb,
    Wisp::Jack,
    Wisp::Heart,
    Wisp::Witch,
    Wisp::Orb,
];

/// Setup with the guide ranked orb > jack > heart > witch and Catty's cat on space 1.
fn set_up(g: &Wispwood) -> State {
    let mut s = g.initial_state();
    for w in [Wisp::Orb, Wisp::Jack, Wisp::Heart, Wisp::Witch] {
        assert_eq!(
            s.phase,
            Phase::CattyGuide(s.catty.expect("Catty").ranks.iter().flatten().count() as u8)
        );
        g.apply(&mut s, Action::CattyGuide(w))
            .expect("a guide level");
    }
    for w in MIXED {
        g.apply(&mut s, Action::Reveal(w))
            .expect("the first deal of 8");
    }
    assert_eq!(s.phase, Phase::CattyStart);
    assert_eq!(
        g.actor(&s),
        Actor::Seat(Seat(0)),
        "the player chooses Catty's space"
    );
    g.apply(&mut s, Action::CattyStart(0))
        .expect("a wisp there");
    assert_eq!(s.pond[0], None, "the cat replaces the wisp");
    assert_eq!(s.discard, [1, 0, 0, 0]);
    assert_eq!(s.phase, Phase::Firefly, "Catty always plays first");
    g.check_invariants(&s).expect("conserved");
    s
}

#[test]
fn catty_takes_the_best_wisp_it_sees_clockwise_the_nearest_on_ties() {
    let g = solo(1);
    let mut s = set_up(&g);
    // Space 2 heart, 3 witch, 4 orb, 5 jack, 6 heart, 7 witch, 8 orb. A 3 sees 2, 3, 4.
    g.apply(&mut s, Action::Firefly(3))
        .expect("a 3 is among the tokens");
    let c = s.catty.expect("Catty");
    assert_eq!(c.wisps, [0, 0, 0, 1], "the orb, worth 6 on the 1-paw guide");
    assert_eq!(c.space, 3, "the cat moves to the orb's space");
    assert_eq!(s.pond[3], None);
    assert_eq!((s.phase, s.current), (Phase::TurnStart, Seat(0)));
    // From space 4, a 4 sees spaces 5 to 8: the orb on space 8 is the best.
    let mut t = s.clone();
    t.phase = Phase::Firefly;
    g.apply(&mut t, Action::Firefly(4)).expect("a 4");
    assert_eq!(t.catty.expect("Catty").space, 7);
    // Empty spaces are not counted, and of two jacks seen (no orb) the nearer is taken.
    let mut u = s.clone();
    u.pond = [
        None,
        Some(Wisp::Heart),
        Some(Wisp::Jack),
        None,
        Some(Wisp::Jack),
        None,
        None,
        None,
    ];
    u.phase = Phase::Firefly;
    let mut tokens = s.catty.expect("Catty");
    tokens.space = 0;
    u.catty = Some(tokens);
    g.apply(&mut u, Action::Firefly(3)).expect("a 3");
    assert_eq!(u.catty.expect("Catty").space, 2);
}

#[test]
fn too_few_wisps_for_the_firefly_means_a_new_deal_of_7() {
    let g = solo(2);
    let mut s = set_up(&g);
    let mut c = s.catty.expect("Catty");
    // Only two wisps left on the pond.
    for space in 3..8 {
        if let Some(w) = s.pond[space].take() {
            s.discard[w.index()] += 1;
        }
    }
    c.space = 0;
    s.catty = Some(c);
    g.check_invariants(&s).expect("conserved");
    g.apply(&mut s, Action::Firefly(3)).expect("a 3");
    assert_eq!(
        s.phase,
        Phase::Deal {
            left: 7,
            catty: true
        }
    );
    assert_eq!(
        s.pond.iter().flatten().count(),
        0,
        "all wisps removed, not the cat"
    );
    for w in [Wisp::Witch; 7] {
        g.apply(&mut s, Action::Reveal(w)).expect("deal");
    }
    assert_eq!(s.catty.expect("Catty").wisps[Wisp::Witch.index()], 1);
    assert_eq!(s.pond.iter().flatten().count(), 6);
    assert_eq!(s.phase, Phase::TurnStart);
    g.check_invariants(&s).expect("conserved");
}

#[test]
fn the_players_deal_leaves_the_cat_and_deals_7() {
    let g = solo(1);
    let mut s = set_up(&g);
    g.apply(&mut s, Action::Firefly(1)).expect("a 1");
    g.apply(&mut s, Action::CatDeal).expect("the cat is ready");
    let cat = s.catty.expect("Catty").space;
    assert_eq!(
        s.phase,
        Phase::Deal {
            left: 7,
            catty: false
        }
    );
    for w in MIXED.into_iter().take(7) {
        g.apply(&mut s, Action::Reveal(w)).expect("deal");
    }
    assert_eq!(s.pond[cat as usize], None);
    assert_eq!(s.pond.iter().flatten().count(), 7);
}

#[test]
fn a_round_is_as_many_turns_as_fireflies_and_catty_scores_by_its_guide() {
    let g = solo(1);
    let mut s = set_up(&g);
    let mut turns = 0;
    while s.round == 0 && s.phase != Phase::MoveCat {
        match s.phase {
            Phase::Firefly => g
                .apply(&mut s, Action::Firefly(1))
                .expect("a 1 is there once"),
            Phase::TurnStart => {
                turns += 1;
                g.apply(&mut s, Action::TreeTurn).expect("tree turn");
                let mut legal = Vec::new();
                g.legal_actions(&s, &mut legal);
                g.apply(&mut s, legal[0]).expect("a tree");
                if s.phase != Phase::TurnStart && matches!(s.phase, Phase::Trees { .. }) {
                    g.apply(&mut s, Action::EndTreeTurn).expect("end");
                }
            }
            Phase::Deal { .. } => g.apply(&mut s, Action::Reveal(Wisp::Jack)).expect("deal"),
            other => panic!("unexpected {other:?}"),
        }
        // Only one token shows 1: the rest of the round's tokens are 2s.
        if s.phase == Phase::Firefly && s.catty.expect("Catty").unturned & 1 == 0 {
            g.apply(&mut s, Action::Firefly(2)).expect("a 2");
        }
    }
    assert_eq!(turns, 4, "4 fireflies in round 1, a turn after each");
    let c = s.catty.expect("Catty");
    assert_eq!(c.wisps.iter().map(|&n| n as u32).sum::<u32>(), 4);
    let values = g.catty_values(&c);
    assert_eq!(
        values,
        [5, 4, 3, 6],
        "1 paw: 6, 5, 4, 3 for orb, jack, heart, witch"
    );
    let expected: i32 = (0..4).map(|i| values[i] * c.wisps[i] as i32).sum();
    assert_eq!(c.scores[0], expected);
    assert_eq!(g.catty_total(&s), Some(expected));
}

#[test]
fn random_solo_games_keep_every_rule_and_the_winner_meets_or_beats_catty() {
    let mut wins = [0u32; 4];
    for paws in 1..=4u8 {
        let g = Wispwood::new(
            1,
            Options {
                catty_guide: paws,
                ..Options::default()
            },
        )
        .expect("solo");
        for seed in 0..150u64 {
            let mut rng = GameRng::seeded(seed * 7 + paws as u64);
            let mut s = g.initial_state();
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            let mut decisions = 0u64;
            loop {
                g.check_invariants(&s)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                let a = match g.actor(&s) {
                    Actor::Nobody => break,
                    Actor::Chance => {
                        g.chance_outcomes(&s, &mut outcomes);
                        assert!(outcomes.iter().all(|&(_, w)| w > 0));
                        rng.pick_weighted(&outcomes)
                    }
                    Actor::Seat(seat) => {
                        assert_eq!(seat, Seat(0));
                        g.legal_actions(&s, &mut legal);
                        assert!(!legal.is_empty(), "seed {seed}: no legal action");
                        legal[rng.below(legal.len() as u64) as usize]
                    }
                };
                if decisions.is_multiple_of(11) {
                    let json = serde_json::to_string(&s).expect("serialises");
                    let back: State = serde_json::from_str(&json).expect("parses");
                    assert_eq!(back, s);
                    let _ = g.svg(&g.view(&s, sylvan_engine::Viewer::Seat(Seat(0))));
                }
                g.apply(&mut s, a)
                    .unwrap_or_else(|e| panic!("seed {seed}: {a} refused: {e}"));
                decisions += 1;
                assert!(decisions < g.max_decisions());
            }
            let score = g.score(&s);
            let catty = g.catty_total(&s).expect("Catty");
            assert!(score.over);
            assert_eq!(score.winners.contains(&Seat(0)), score.totals[0] >= catty);
            // Catty's row stands beside the seat's in the final table, round by round.
            let [row] = score.others.as_slice() else {
                panic!("seed {seed}: {:?}", score.others)
            };
            assert_eq!((row.name.as_ref(), row.total), ("Catty", catty));
            assert_eq!(row.breakdown.len(), 3);
            assert_eq!(row.breakdown.iter().map(|(_, p)| p).sum::<i32>(), catty);
            wins[paws as usize - 1] += (score.totals[0] >= catty) as u32;
        }
    }
    eprintln!("random player's wins against Catty, 150 games per guide: {wins:?}");
}

/// Every word of a free deal is true: the action names no count, and the event says 7 in the
/// solo game ("leave the cat where it is and deal 7 wisps at random").
#[test]
fn the_solo_deal_says_seven_are_dealt_and_no_text_says_eight() {
    let g = solo(1);
    let mut s = set_up(&g);
    g.apply(&mut s, Action::Firefly(1)).expect("a 1");
    let before = s.clone();
    g.apply(&mut s, Action::CatDeal).expect("the cat is ready");
    let mut events = Vec::new();
    g.events(
        &before,
        Action::CatDeal,
        &s,
        sylvan_engine::Viewer::Seat(Seat(0)),
        &mut events,
    );
    assert!(
        events
            .iter()
            .any(|e| e == "7 new wisps are dealt to the pond"),
        "{events:?}"
    );
    for text in events
        .iter()
        .cloned()
        .chain([Action::CatDeal.to_string(), Action::DealNew.to_string()])
    {
        assert!(!text.contains('8'), "{text}");
    }
}
