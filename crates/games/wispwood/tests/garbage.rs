//! Actions from outside naming things that do not exist leave the game as it was.

use sylvan_engine::{sample_chance, Actor, Game, GameRng};
use sylvan_wispwood::{Action, Options, Wispwood};

#[test]
fn taking_a_wisp_from_a_space_off_the_pond_changes_nothing_and_panics_nowhere() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(3);
    while game.actor(&s) == Actor::Chance {
        let a = sample_chance(&game, &s, &mut rng);
        game.apply(&mut s, a).expect("a listed outcome");
    }
    for a in [
        Action::TakeWisp(255),
        Action::CatTakeWisp(8),
        Action::TakeWisp(200),
    ] {
        let before = s.clone();
        assert!(game.apply(&mut s, a).is_err(), "{a:?}");
        game.apply_unchecked(&mut s, a);
        assert_eq!(s, before, "{a:?}");
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        assert!(!legal.is_empty());
    }
}
