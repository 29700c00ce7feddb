//! Properties over random positions: `check` agrees with the listed actions (and chance
//! outcomes) for every action of a broad universe, a refused action changes nothing, and
//! `apply_unchecked` never panics on garbage.

use sylvan_engine::{Actor, Game, GameRng};
use sylvan_wispwood::{Action, Options, Wisp, Wispwood};

fn universe() -> Vec<Action> {
    let mut all = vec![
        Action::DealNew,
        Action::CatDeal,
        Action::TreeTurn,
        Action::EndTreeTurn,
        Action::CatStays,
    ];
    for w in Wisp::ALL {
        all.push(Action::Reveal(w));
        all.push(Action::CattyGuide(w));
    }
    for i in 0..=9u8 {
        all.extend([
            Action::StartPlayer(i),
            Action::CattyStart(i),
            Action::Firefly(i),
            Action::TakeWisp(i),
            Action::CatTakeWisp(i),
            Action::Shape(i),
            Action::Orient(i),
        ]);
    }
    for i in 0..=26u8 {
        all.push(Action::Goal(i));
    }
    for sq in 0..=122u8 {
        all.extend([
            Action::Place(sq),
            Action::WispOn(sq),
            Action::Tree(sq),
            Action::MoveCat(sq),
        ]);
    }
    all
}

#[test]
fn check_agrees_with_the_listed_actions_everywhere() {
    let all = universe();
    let mut checked = 0u64;
    for players in 1..=4 {
        let g = Wispwood::new(players, Options::default()).expect("valid");
        for seed in 0..20u64 {
            let mut rng = GameRng::seeded(seed * 31 + players as u64);
            let mut s = g.initial_state();
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            let mut step = 0u64;
            while g.actor(&s) != Actor::Nobody {
                g.legal_actions(&s, &mut legal);
                g.chance_outcomes(&s, &mut outcomes);
                let listed: Vec<Action> = if g.actor(&s) == Actor::Chance {
                    outcomes.iter().map(|&(a, _)| a).collect()
                } else {
                    legal.clone()
                };
                if step.is_multiple_of(9) {
                    for &a in &all {
                        let mut copy = s.clone();
                        let ok = g.apply(&mut copy, a).is_ok();
                        assert_eq!(ok, listed.contains(&a), "{a} at {:?}", s.phase);
                        if !ok {
                            assert_eq!(copy, s, "refusing {a} changed the state");
                            let mut garbage = s.clone();
                            g.apply_unchecked(&mut garbage, a);
                        }
                        checked += 1;
                    }
                }
                let a = match g.actor(&s) {
                    Actor::Chance => rng.pick_weighted(&outcomes),
                    _ => legal[rng.below(legal.len() as u64) as usize],
                };
                g.apply(&mut s, a).expect("listed");
                step += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}
