//! Midnight Duel: animals placed face down in a secret arrangement, identities hidden per view,
//! the challenged player's guess, what duels reveal, the memory-challenge option, and
//! determinization.

mod common;
use common::*;
use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_woodwalkers::{Action, Animal, Arrangement, Category, Options, Side, Step, Woodwalkers};

const RED: Seat = Seat(0);
const BLUE: Seat = Seat(1);

fn night(forget: bool) -> Woodwalkers {
    Woodwalkers::new(
        2,
        Options {
            side: Side::Night,
            forget_revealed: forget,
            ..Options::default()
        },
    )
    .expect("valid options")
}

fn identities(
    g: &Woodwalkers,
    s: &sylvan_woodwalkers::State,
    viewer: Viewer,
    seat: Seat,
) -> Vec<Option<Animal>> {
    g.view(s, viewer)
        .tiles
        .iter()
        .filter(|t| t.colour.index() == seat.index())
        .map(|t| t.animal)
        .collect()
}

#[test]
fn the_arrangement_is_secret_from_the_others() {
    let g = night(false);
    let mut s = g.initial_state();
    let before = s.clone();
    act(&g, &mut s, Action::Place(Animal::Wolf));
    // Red knows its wolf is on C1; Blue and spectators see a face-down tile there.
    assert_eq!(
        identities(&g, &s, Viewer::Seat(RED), RED),
        vec![Some(Animal::Wolf)]
    );
    assert_eq!(identities(&g, &s, Viewer::Seat(BLUE), RED), vec![None]);
    assert_eq!(identities(&g, &s, Viewer::Spectator, RED), vec![None]);
    let mut events = Vec::new();
    g.events(
        &before,
        Action::Place(Animal::Wolf),
        &s,
        Viewer::Seat(BLUE),
        &mut events,
    );
    assert!(events.iter().all(|e| !e.contains("Wolf")), "{events:?}");
    assert!(events[0].contains("face down"), "{events:?}");
    let mut own = Vec::new();
    g.events(
        &before,
        Action::Place(Animal::Wolf),
        &s,
        Viewer::Seat(RED),
        &mut own,
    );
    assert!(own[0].contains("Wolf"), "{own:?}");
}

#[test]
fn a_random_night_arrangement_is_chance_and_still_secret() {
    let g = Woodwalkers::new(
        2,
        Options {
            side: Side::Night,
            arrangement: Arrangement::Random,
            ..Options::default()
        },
    )
    .expect("valid");
    let s = g.initial_state();
    assert_eq!(g.actor(&s), Actor::Chance);
    let mut o = Vec::new();
    g.chance_outcomes(&s, &mut o);
    assert_eq!(o.len(), 7);
    let mut s2 = s.clone();
    act(&g, &mut s2, o[3].0);
    assert_eq!(identities(&g, &s2, Viewer::Seat(BLUE), RED), vec![None]);
}

/// Blue's wolf (C3) next to Red's otter (C4) at night, strength round, Blue to roll.
fn wolf_and_otter(g: &Woodwalkers) -> sylvan_woodwalkers::State {
    let mut s = round_one(g, Category::Strength);
    put(&mut s, BLUE, Animal::Wolf, "C3");
    put(&mut s, RED, Animal::Otter, "C4");
    assert_eq!(s.current, BLUE);
    sound(g, &s);
    s
}

#[test]
fn a_right_guess_adds_one_to_the_guessers_roll() {
    let g = night(false);
    let mut s = wolf_and_otter(&g);
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Select(cell("C3")));
    let before = s.clone();
    act(&g, &mut s, Action::MoveTo(cell("C4")));
    assert_eq!(s.step, Step::Guess);
    assert_eq!(g.actor(&s), Actor::Seat(RED));
    // Red does not know what attacks.
    let view = g.view(&s, Viewer::Seat(RED));
    let attacker = view
        .tiles
        .iter()
        .find(|t| t.cell == cell("C3"))
        .expect("a tile on C3");
    assert_eq!(attacker.animal, None);
    let mut events = Vec::new();
    g.events(
        &before,
        Action::MoveTo(cell("C4")),
        &s,
        Viewer::Seat(RED),
        &mut events,
    );
    assert!(events.iter().all(|e| !e.contains("Wolf")), "{events:?}");
    act(&g, &mut s, Action::Guess(Animal::Wolf));
    let d = s.duel.expect("a duel");
    assert_eq!(d.bonus, [0, 1]);
    assert_eq!(d.animals, Some([Animal::Wolf, Animal::Otter]));
    act(&g, &mut s, Action::Die(2));
    // Wolf 6 + 2 = 8 against otter 3 + 4 + 1 = 8: a tie goes against the challenger.
    let mut d = s.duel.expect("the duel is on");
    d.rolls[1] = 4;
    assert_eq!(g.duel_total(&s, &d, 0), 8);
    assert_eq!(g.duel_total(&s, &d, 1), 8);
    act(&g, &mut s, Action::Die(4));
    assert_eq!(s.duel_points[RED.index()], 2);
    assert_eq!(s.wounds[BLUE.index()][Animal::Wolf.index()], 1);
}

#[test]
fn a_wrong_guess_adds_one_to_the_challengers_roll() {
    let g = night(false);
    let mut s = wolf_and_otter(&g);
    roll_and_move(&g, &mut s, 1, "C3", "C4");
    act(&g, &mut s, Action::Guess(Animal::Bear));
    assert_eq!(s.duel.expect("a duel").bonus, [1, 0]);
    act(&g, &mut s, Action::Die(2));
    act(&g, &mut s, Action::Die(5));
    // 6 + 2 + 1 = 9 against 3 + 5 = 8.
    assert_eq!(s.duel_points[BLUE.index()], 2);
    assert_eq!(s.step, Step::WinnerMove);
}

#[test]
fn not_guessing_gives_nobody_the_point() {
    let g = night(false);
    let mut s = wolf_and_otter(&g);
    roll_and_move(&g, &mut s, 1, "C3", "C4");
    act(&g, &mut s, Action::NoGuess);
    assert_eq!(s.duel.expect("a duel").bonus, [0, 0]);
}

#[test]
fn what_a_duel_revealed_stays_known_unless_the_table_plays_the_memory_challenge() {
    for forget in [false, true] {
        let g = night(forget);
        let mut s = wolf_and_otter(&g);
        roll_and_move(&g, &mut s, 1, "C3", "C4");
        act(&g, &mut s, Action::NoGuess);
        // During the duel both animals are turned over: everyone sees them.
        assert!(identities(&g, &s, Viewer::Seat(RED), BLUE).contains(&Some(Animal::Wolf)));
        act(&g, &mut s, Action::Die(1));
        act(&g, &mut s, Action::Die(6));
        // The wolf lost and went back to its starting space K4; the duel is over.
        assert_eq!(s.duel, None);
        let red_sees = identities(&g, &s, Viewer::Seat(RED), BLUE);
        let spectator = identities(&g, &s, Viewer::Spectator, RED);
        if forget {
            assert!(red_sees.iter().all(|a| a.is_none()), "{red_sees:?}");
            assert!(spectator.iter().all(|a| a.is_none()));
        } else {
            assert_eq!(red_sees.iter().filter(|a| a.is_some()).count(), 1);
            assert!(red_sees.contains(&Some(Animal::Wolf)));
            assert!(spectator.contains(&Some(Animal::Otter)));
        }
        // The cards lie face up: the wound on the wolf's card is public either way.
        let view = g.view(&s, Viewer::Seat(RED));
        assert_eq!(
            view.players[BLUE.index()].cards[Animal::Wolf.index()].wounds,
            1
        );
    }
}

#[test]
fn determinize_reassigns_only_unseen_identities_and_keeps_the_view() {
    let g = night(false);
    let mut s = wolf_and_otter(&g);
    roll_and_move(&g, &mut s, 1, "C3", "C4");
    act(&g, &mut s, Action::NoGuess);
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Die(6));
    let view = g.view(&s, Viewer::Seat(RED));
    let mut changed = 0;
    for seed in 0..20 {
        let mut d = s.clone();
        g.determinize(&mut d, RED, &mut GameRng::seeded(seed));
        assert_eq!(g.view(&d, Viewer::Seat(RED)), view);
        // Red's own animals and Blue's revealed wolf stay; only Blue's unseen six move.
        assert_eq!(d.pos[RED.index()], s.pos[RED.index()]);
        assert_eq!(
            d.pos[BLUE.index()][Animal::Wolf.index()],
            s.pos[BLUE.index()][Animal::Wolf.index()]
        );
        let mut a = d.pos[BLUE.index()].to_vec();
        let mut b = s.pos[BLUE.index()].to_vec();
        a.sort();
        b.sort();
        assert_eq!(a, b, "the same spaces, other identities");
        changed += usize::from(d != s);
        sound(&g, &d);
    }
    assert!(
        changed > 15,
        "{changed} of 20 determinizations changed something"
    );
}

#[test]
fn by_day_determinize_changes_nothing() {
    let g = game(2, 0, Side::Day);
    let s = round_one(&g, Category::Strength);
    let mut d = s.clone();
    g.determinize(&mut d, RED, &mut GameRng::seeded(1));
    assert_eq!(d, s);
}

#[test]
fn the_memory_challenge_needs_the_night_side() {
    let e = Woodwalkers::new(
        2,
        Options {
            forget_revealed: true,
            ..Options::default()
        },
    )
    .expect_err("refused");
    assert!(e.to_string().contains("night"), "{e}");
}

#[test]
fn the_full_memory_challenge_hides_a_players_own_face_down_animals_from_it() {
    // "You should remember, where you place which animal tile, as the animal tiles can now
    // only be turned over for a duel."
    let options = |forget_own| Options {
        side: Side::Night,
        forget_revealed: true,
        forget_own,
        ..Options::default()
    };
    let by_default = Woodwalkers::new(2, options(false)).expect("valid options");
    let challenge = Woodwalkers::new(2, options(true)).expect("valid options");
    let mut s = challenge.initial_state();
    act(&challenge, &mut s, Action::Place(Animal::Wolf));
    // By default Red sees its own wolf; with the option Red must remember it.
    assert_eq!(
        identities(&by_default, &s, Viewer::Seat(RED), RED),
        vec![Some(Animal::Wolf)]
    );
    assert_eq!(
        identities(&challenge, &s, Viewer::Seat(RED), RED),
        vec![None]
    );
    // Red's own placements are still Red's choice, and its view and its bots' samples agree.
    let mut rng = GameRng::seeded(5);
    let mut sample = s.clone();
    challenge.determinize(&mut sample, RED, &mut rng);
    assert_eq!(
        challenge.view(&sample, Viewer::Seat(RED)),
        challenge.view(&s, Viewer::Seat(RED))
    );
    // The option belongs to the Midnight Duel.
    let day = Options {
        side: Side::Day,
        forget_own: true,
        ..Options::default()
    };
    let e = Woodwalkers::new(2, day).expect_err("a day game has nothing face down");
    assert!(e.to_string().contains("forget_own"), "{e}");
}
