//! The rulebook's examples and rules, played through the real rules. Seats follow the
//! rulebook's table: Sarah (seat 1) holds the marker, James sits to her left, then Isidore,
//! then Lissa.

mod common;
use common::*;
use sylvan_engine::{Actor, Game, Seat, Viewer};
use sylvan_woodwalkers::{Action, Animal, Category, ForestTile, Side, Space, Step};

const SARAH: Seat = Seat(0);
const JAMES: Seat = Seat(1);
const ISIDORE: Seat = Seat(2);
const LISSA: Seat = Seat(3);

#[test]
fn sarah_chooses_strength_draws_a_tile_and_james_to_her_left_moves_first() {
    let g = game(4, 0, Side::Day);
    let mut s = start(&g, [Category::Strength, Category::Speed, Category::Speed]);
    assert_eq!(g.actor(&s), Actor::Seat(SARAH));
    act(&g, &mut s, Action::ChooseMode(Category::Strength));
    assert_eq!(s.mode, Some(Category::Strength));
    // She draws a new tile from the stack to go with the two left.
    assert_eq!(g.actor(&s), Actor::Chance);
    act(&g, &mut s, Action::DrawMode(Category::Intelligence));
    assert_eq!(s.modes_up.iter().sum::<u8>(), 3);
    assert_eq!(s.stack.iter().sum::<u8>(), 16);
    // James, Isidore, Lissa, and Sarah last; then the marker goes to James, and Isidore
    // starts the new round of rolling.
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(s.current);
        act(&g, &mut s, Action::Skip);
    }
    assert_eq!(order, vec![JAMES, ISIDORE, LISSA, SARAH]);
    assert_eq!(s.holder, JAMES);
    assert_eq!(g.actor(&s), Actor::Seat(JAMES));
    choose(&g, &mut s, Category::Speed);
    assert_eq!(s.current, ISIDORE);
}

#[test]
fn two_players_sarah_rolls_last_in_one_round_and_first_in_the_next() {
    let g = game(2, 0, Side::Day);
    let mut s = start(
        &g,
        [Category::Strength, Category::Speed, Category::Endurance],
    );
    let mut log = Vec::new();
    for _ in 0..3 {
        log.push(("choose", s.holder));
        choose(&g, &mut s, Category::Strength);
        for _ in 0..2 {
            log.push(("roll", s.current));
            act(&g, &mut s, Action::Skip);
        }
    }
    // "Sarah goes first and chooses ... Then it is James' turn ... Then it's Sarah's turn ...
    // she passes the battle mode marker to James, who may now select ... Then it's Sarah's
    // turn to roll the die again, followed by James."
    assert_eq!(
        log,
        vec![
            ("choose", SARAH),
            ("roll", JAMES),
            ("roll", SARAH),
            ("choose", JAMES),
            ("roll", SARAH),
            ("roll", JAMES),
            ("choose", SARAH),
            ("roll", JAMES),
            ("roll", SARAH),
        ]
    );
}

/// Lissa's wolf (strength 6) next to Isidore's otter (strength 3), strength round, Lissa to
/// roll.
fn lissa_and_isidore() -> (sylvan_woodwalkers::Woodwalkers, sylvan_woodwalkers::State) {
    let g = game(4, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    put(&mut s, LISSA, Animal::Wolf, "B5");
    put(&mut s, ISIDORE, Animal::Otter, "C5");
    skip_to(&g, &mut s, LISSA);
    sound(&g, &s);
    (g, s)
}

#[test]
fn lissa_6_plus_3_ties_isidore_3_plus_6_and_the_challenger_loses() {
    let (g, mut s) = lissa_and_isidore();
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    // Both roll, challenger first.
    assert_eq!(s.step, Step::DuelDie(0));
    act(&g, &mut s, Action::Die(3));
    assert_eq!(s.step, Step::DuelDie(1));
    let before = s.clone();
    act(&g, &mut s, Action::Die(6));
    let mut events = Vec::new();
    g.events(&before, Action::Die(6), &s, Viewer::Spectator, &mut events);
    let duel = events
        .iter()
        .find(|e| e.starts_with("Duel:"))
        .expect("a duel line");
    assert!(
        duel.contains("Wolf 9 against") && duel.contains("Otter 9"),
        "{duel}"
    );
    assert!(duel.contains("Player 3 (Yellow) wins 2 points"), "{duel}");
    // 9 against 9: Lissa returns her wolf to an open starting space with a wound; Isidore holds
    // his position and moves his marker two spaces.
    assert_eq!(s.pos[LISSA.index()][Animal::Wolf.index()], cell("A8"));
    assert_eq!(s.wounds[LISSA.index()][Animal::Wolf.index()], 1);
    assert_eq!(s.pos[ISIDORE.index()][Animal::Otter.index()], cell("C5"));
    assert_eq!(s.duel_points[ISIDORE.index()], 2);
    assert_eq!(s.duel_points[LISSA.index()], 0);
    // Lissa's turn is over: Sarah rolls last.
    assert_eq!((s.step, s.current), (Step::TurnStart, SARAH));
    sound(&g, &s);
}

#[test]
fn lissa_rolling_4_5_or_6_wins_with_10_11_or_12() {
    for roll in 4..=6 {
        let (g, mut s) = lissa_and_isidore();
        roll_and_move(&g, &mut s, 1, "B5", "C5");
        act(&g, &mut s, Action::Die(roll));
        // Isidore cannot roll higher than 6: 3 + 6 = 9.
        let before = s.clone();
        act(&g, &mut s, Action::Die(6));
        let mut events = Vec::new();
        g.events(
            &before,
            Action::Die(6),
            &s,
            Viewer::Seat(ISIDORE),
            &mut events,
        );
        let line = format!("Wolf {} against", 6 + roll);
        assert!(
            events
                .iter()
                .any(|e| e.contains(&line) && e.contains("Player 4 (Green) wins 2 points")),
            "{events:?}"
        );
        assert_eq!(
            g.duel_total(&s, &s.duel.expect("the duel is on"), 0),
            6 + roll as i32
        );
        // Isidore's otter goes back (to its only open starting space) with a wound.
        assert_eq!(s.pos[ISIDORE.index()][Animal::Otter.index()], cell("D11"));
        assert_eq!(s.wounds[ISIDORE.index()][Animal::Otter.index()], 1);
        assert_eq!(s.duel_points[LISSA.index()], 2);
        // "Had Lissa won, her wolf tile would have stayed on the space."
        assert_eq!(g.actor(&s), Actor::Seat(LISSA));
        act(&g, &mut s, Action::TakeSpace);
        assert_eq!(s.pos[LISSA.index()][Animal::Wolf.index()], cell("C5"));
        sound(&g, &s);
    }
}

#[test]
fn lissa_rolling_1_or_2_loses_to_isidores_9() {
    for roll in 1..=2 {
        let (g, mut s) = lissa_and_isidore();
        roll_and_move(&g, &mut s, 1, "B5", "C5");
        act(&g, &mut s, Action::Die(roll));
        act(&g, &mut s, Action::Die(6));
        assert_eq!(s.duel_points[ISIDORE.index()], 2);
        assert_eq!(s.wounds[LISSA.index()][Animal::Wolf.index()], 1);
    }
}

#[test]
fn the_winning_challenger_may_move_to_the_open_space_or_stay() {
    let (g, mut s) = lissa_and_isidore();
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    act(&g, &mut s, Action::Die(6));
    act(&g, &mut s, Action::Die(1));
    // "The winner of your duel may move their figure to the now open space or stay on the
    // space": both are offered to the winning challenger.
    assert_eq!(g.actor(&s), Actor::Seat(LISSA));
    assert_eq!(legal(&g, &s), vec![Action::TakeSpace, Action::StayBack]);
    let mut took = s.clone();
    act(&g, &mut took, Action::TakeSpace);
    assert_eq!(took.pos[LISSA.index()][Animal::Wolf.index()], cell("C5"));
    act(&g, &mut s, Action::StayBack);
    assert_eq!(s.pos[LISSA.index()][Animal::Wolf.index()], cell("B5"));
    // Either way the duel is won and the otter went back: C5 is open.
    assert_eq!(s.duel_points[LISSA.index()], 2);
    assert_eq!(s.pos[ISIDORE.index()][Animal::Otter.index()], cell("D11"));
    assert_eq!((s.step, s.current), (Step::TurnStart, SARAH));
    sound(&g, &s);
}

#[test]
fn james_turns_over_a_die_and_isidore_stops_early_on_a_flag() {
    let g = game(4, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    // James rolls a 4 and moves his bison (on K5) to the face-down tile on H5: a die.
    roll_and_move(&g, &mut s, 4, "K5", "H5");
    assert_eq!(s.step, Step::Reveal(cell("H5")));
    act(&g, &mut s, Action::Reveal(ForestTile::Die));
    assert_eq!(s.die_tiles[JAMES.index()], 1);
    assert_eq!(s.pos[JAMES.index()][Animal::Bison.index()], cell("H5"));
    let h5 = g.forest_space(cell("H5")).expect("a light space");
    assert_eq!(s.forest[h5], Space::Open, "the space is now open");
    // Isidore rolls a 3 but moves his otter only 2 spaces, onto a face-down tile: a flag.
    put(&mut s, ISIDORE, Animal::Otter, "E10");
    roll_and_move(&g, &mut s, 3, "E10", "E8");
    act(&g, &mut s, Action::Reveal(ForestTile::Flag(9)));
    let e8 = g.forest_space(cell("E8")).expect("a light space");
    assert_eq!(s.forest[e8], Space::Flag(9));
    assert_eq!(s.pos[ISIDORE.index()][Animal::Otter.index()], cell("E8"));
    sound(&g, &s);
}

#[test]
fn a_points_tile_scores_one_at_once_and_leaves_the_game() {
    let g = game(4, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    roll_and_move(&g, &mut s, 4, "K5", "H5");
    act(&g, &mut s, Action::Reveal(ForestTile::Points));
    assert_eq!(s.tile_points[JAMES.index()], 1);
    assert_eq!(g.score(&s).totals[JAMES.index()], 1);
    let h5 = g.forest_space(cell("H5")).expect("a light space");
    assert_eq!(s.forest[h5], Space::Open);
    let left: u32 = s.mix.iter().map(|&n| n as u32).sum();
    assert_eq!(left, 19);
    sound(&g, &s);
}

#[test]
fn sherris_medicine_is_kept_and_removes_one_wound_later() {
    let (g, mut s) = lissa_and_isidore();
    // Lissa loses the duel (a wound on her wolf).
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Die(6));
    // Sarah's turn: she turns over Sherri's Medicine.
    put(&mut s, SARAH, Animal::Deer, "G2");
    roll_and_move(&g, &mut s, 2, "G2", "G4");
    act(&g, &mut s, Action::Reveal(ForestTile::Medicine));
    assert_eq!(s.medicine[SARAH.index()], 1);
    // Lissa now holds it (a hand-built position) and uses it at the start of her next turn.
    s.medicine[SARAH.index()] = 0;
    s.medicine[LISSA.index()] = 1;
    skip_to(&g, &mut s, LISSA);
    assert!(legal(&g, &s).contains(&Action::Medicine(Animal::Wolf)));
    act(&g, &mut s, Action::Medicine(Animal::Wolf));
    assert_eq!(s.wounds[LISSA.index()][Animal::Wolf.index()], 0);
    assert_eq!(s.medicine[LISSA.index()], 0);
    // Once used, it is out of play; still Lissa's turn.
    assert_eq!((s.step, s.current), (Step::TurnStart, LISSA));
}

#[test]
fn medicine_before_a_duel_roll_counts_in_that_duel() {
    let (g, mut s) = lissa_and_isidore();
    s.wounds[LISSA.index()][Animal::Wolf.index()] = 2;
    s.medicine[LISSA.index()] = 1;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Select(cell("B5")));
    act(&g, &mut s, Action::MoveTo(cell("C5")));
    assert_eq!(s.step, Step::DuelPrep(0));
    act(&g, &mut s, Action::Medicine(Animal::Wolf));
    act(&g, &mut s, Action::DuelRoll);
    act(&g, &mut s, Action::Die(3));
    let d = s.duel.expect("the duel is on");
    // 6 - 1 wound + 3.
    assert_eq!(g.duel_total(&s, &d, 0), 8);
}

#[test]
fn a_die_tile_rerolls_a_move_or_a_duel_once() {
    let (g, mut s) = lissa_and_isidore();
    s.die_tiles[LISSA.index()] = 2;
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(1));
    assert!(legal(&g, &s).contains(&Action::Reroll));
    act(&g, &mut s, Action::Reroll);
    assert_eq!(s.die_tiles[LISSA.index()], 1);
    assert_eq!(s.step, Step::MoveDie);
    act(&g, &mut s, Action::Die(2));
    assert_eq!(s.roll, 2);
    act(&g, &mut s, Action::Select(cell("B5")));
    act(&g, &mut s, Action::MoveTo(cell("C5")));
    act(&g, &mut s, Action::Die(1));
    // Isidore rolls too; then Lissa, losing 7 to 9, may reroll her duel die with her tile.
    assert_eq!(s.step, Step::DuelDie(1));
    act(&g, &mut s, Action::Die(6));
    assert_eq!(s.step, Step::DuelReroll(0));
    act(&g, &mut s, Action::Reroll);
    assert_eq!(s.die_tiles[LISSA.index()], 0);
    act(&g, &mut s, Action::Die(5));
    // No tile left on either side: decided. 6 + 5 = 11 against 3 + 6 = 9.
    assert_eq!(s.duel_points[LISSA.index()], 2);
}

/// Lissa and Isidore each hold a die tile; Lissa's wolf has challenged Isidore's otter.
fn both_hold_a_die_tile() -> (sylvan_woodwalkers::Woodwalkers, sylvan_woodwalkers::State) {
    let (g, mut s) = lissa_and_isidore();
    s.die_tiles[LISSA.index()] = 1;
    s.die_tiles[ISIDORE.index()] = 1;
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    (g, s)
}

#[test]
fn after_both_duel_dice_the_loser_rerolls_first_and_the_other_may_answer() {
    // "The die tile allows you to reroll your die once at any time ... to have an advantage
    // in the duel."
    let (g, mut s) = both_hold_a_die_tile();
    act(&g, &mut s, Action::Die(5));
    // Both dice come first: no reroll right after the challenger's own roll.
    assert_eq!(s.step, Step::DuelDie(1));
    act(&g, &mut s, Action::Die(1));
    // 6 + 5 = 11 against 3 + 1 = 4: Isidore, losing, decides first.
    assert_eq!(s.step, Step::DuelReroll(1));
    assert_eq!(g.actor(&s), Actor::Seat(ISIDORE));
    assert_eq!(legal(&g, &s), vec![Action::Reroll, Action::Keep]);
    act(&g, &mut s, Action::Reroll);
    act(&g, &mut s, Action::Die(6));
    // 9 against 11: still losing, and no tile left; Lissa, winning, may still use hers.
    assert_eq!(s.step, Step::DuelReroll(0));
    assert_eq!(g.actor(&s), Actor::Seat(LISSA));
    act(&g, &mut s, Action::Keep);
    assert_eq!(s.duel_points[LISSA.index()], 2);
    assert_eq!(s.die_tiles, [0, 0, 0, 1]);

    // A reroll that turns the duel: the other answers with its own tile.
    let (g, mut s) = both_hold_a_die_tile();
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Die(6));
    // 7 against 9: Lissa first.
    assert_eq!(s.step, Step::DuelReroll(0));
    act(&g, &mut s, Action::Reroll);
    act(&g, &mut s, Action::Die(6));
    // 12 against 9: now Isidore is losing and answers.
    assert_eq!(s.step, Step::DuelReroll(1));
    act(&g, &mut s, Action::Reroll);
    act(&g, &mut s, Action::Die(2));
    // 12 against 5, no tiles left: Lissa wins.
    assert_eq!(s.duel_points[LISSA.index()], 2);
    assert_eq!(s.wounds[ISIDORE.index()][Animal::Otter.index()], 1);
}

#[test]
fn medicine_after_both_duel_dice_the_one_losing_first() {
    // "You can use medicine at any time to remove one wound tile."
    let (g, mut s) = lissa_and_isidore();
    s.wounds[LISSA.index()][Animal::Wolf.index()] = 1;
    s.wounds[ISIDORE.index()][Animal::Otter.index()] = 1;
    s.medicine[LISSA.index()] = 1;
    s.medicine[ISIDORE.index()] = 1;
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    // Before her roll, Lissa keeps her medicine.
    assert_eq!(s.step, Step::DuelPrep(0));
    act(&g, &mut s, Action::DuelRoll);
    act(&g, &mut s, Action::Die(3));
    assert_eq!(s.step, Step::DuelPrep(1));
    act(&g, &mut s, Action::DuelRoll);
    act(&g, &mut s, Action::Die(6));
    // 6 - 1 + 3 = 8 against 3 - 1 + 6 = 8: a tie goes against the challenger, who is losing
    // and decides first.
    assert_eq!(s.step, Step::DuelReroll(0));
    assert_eq!(
        legal(&g, &s),
        vec![Action::Medicine(Animal::Wolf), Action::Keep]
    );
    act(&g, &mut s, Action::Medicine(Animal::Wolf));
    // 9 against 8: Isidore answers with his own medicine, 9 against 9.
    assert_eq!(s.step, Step::DuelReroll(1));
    let before = s.clone();
    act(&g, &mut s, Action::Medicine(Animal::Otter));
    let mut events = Vec::new();
    g.events(
        &before,
        Action::Medicine(Animal::Otter),
        &s,
        Viewer::Spectator,
        &mut events,
    );
    // Nothing is left to use: the tie goes against Lissa.
    assert!(
        events
            .iter()
            .any(|e| e.contains("Wolf 9 against") && e.contains("Otter 9")),
        "{events:?}"
    );
    assert_eq!(s.duel_points[ISIDORE.index()], 2);
    assert_eq!(s.wounds[LISSA.index()][Animal::Wolf.index()], 1);
    assert_eq!(s.wounds[ISIDORE.index()][Animal::Otter.index()], 0);
    sound(&g, &s);
}

#[test]
fn a_third_wound_removes_the_animal_and_its_card() {
    let (g, mut s) = lissa_and_isidore();
    s.wounds[ISIDORE.index()][Animal::Otter.index()] = 2;
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    act(&g, &mut s, Action::Die(1));
    // 3 - 2 + 1 = 2 against 6 + 1 = 7.
    act(&g, &mut s, Action::Die(1));
    assert!(s.is_removed(ISIDORE.index(), Animal::Otter));
    assert!(!s.pos[ISIDORE.index()][Animal::Otter.index()].on_grid());
    assert_eq!(
        s.total_wounds(ISIDORE.index()),
        0,
        "its wounds go back to the supply"
    );
    act(&g, &mut s, Action::TakeSpace);
    sound(&g, &s);
    let view = g.view(&s, Viewer::Spectator);
    let card = &view.players[ISIDORE.index()].cards[Animal::Otter.index()];
    assert!(card.out);
}

#[test]
fn the_loser_chooses_among_several_open_starting_spaces() {
    let (g, mut s) = lissa_and_isidore();
    put(&mut s, LISSA, Animal::Puma, "B9");
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::Die(6));
    assert_eq!(g.actor(&s), Actor::Seat(LISSA));
    assert_eq!(
        legal(&g, &s),
        vec![Action::Retreat(cell("A8")), Action::Retreat(cell("A9"))]
    );
    act(&g, &mut s, Action::Retreat(cell("A9")));
    assert_eq!(s.pos[LISSA.index()][Animal::Wolf.index()], cell("A9"));
}

#[test]
fn isidores_flags_5_and_7_score_12_at_the_end() {
    let g = game(4, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    lay_flag(&g, &mut s, "E4", 5);
    lay_flag(&g, &mut s, "G8", 7);
    put(&mut s, ISIDORE, Animal::Otter, "E4");
    put(&mut s, ISIDORE, Animal::Bear, "G8");
    s.duel_points[ISIDORE.index()] = 4;
    // This is the final roll.
    s.last_round = true;
    for _ in 0..4 {
        act(&g, &mut s, Action::Skip);
    }
    assert_eq!(s.step, Step::Over);
    let score = g.score(&s);
    assert!(score.over);
    assert_eq!(score.breakdown[ISIDORE.index()][2].1, 12);
    assert_eq!(score.totals[ISIDORE.index()], 4 + 5 + 7);
    assert_eq!(score.winners, vec![ISIDORE]);
}

#[test]
fn the_game_ends_after_the_round_that_starts_with_fewer_than_three_face_up() {
    // 20 tiles: 3 face up and 17 in the stack. Rounds 1-17 draw a tile; round 18 starts with
    // three face up and cannot draw; round 19 starts with two: the final roll.
    let g = game(3, 0, Side::Day);
    let mut s = start(
        &g,
        [Category::Strength, Category::Speed, Category::Intelligence],
    );
    let mut rounds = 0;
    while s.step != Step::Over {
        assert_eq!(s.step, Step::ChooseMode);
        rounds += 1;
        assert_eq!(s.round, rounds);
        assert_eq!(s.last_round, rounds == 19);
        let up = legal(&g, &s)[0];
        act(&g, &mut s, up);
        if g.actor(&s) == Actor::Chance {
            let mut o = Vec::new();
            g.chance_outcomes(&s, &mut o);
            act(&g, &mut s, o[0].0);
        }
        for _ in 0..3 {
            act(&g, &mut s, Action::Skip);
        }
    }
    assert_eq!(rounds, 19);
    assert_eq!(s.modes_up.iter().sum::<u8>(), 1);
    assert_eq!(s.discarded.iter().sum::<u8>(), 19);
}

#[test]
fn every_holder_may_use_medicine_before_the_final_scoring_in_turn_order() {
    // Wounds break ties, and medicine may be used "at any time": a last chance after the final
    // roll, in turn order (left of the marker holder first, the holder last).
    let g = game(3, 0, Side::Day);
    let mut s = start(
        &g,
        [Category::Strength, Category::Speed, Category::Intelligence],
    );
    for seat in [Seat(0), Seat(2)] {
        s.medicine[seat.index()] = 1;
        s.wounds[seat.index()][Animal::Bear.index()] = 2;
    }
    while !(s.last_round && s.step == Step::TurnStart && s.current == s.holder) {
        match s.step {
            Step::ChooseMode => {
                let up = legal(&g, &s)[0];
                act(&g, &mut s, up);
                if g.actor(&s) == Actor::Chance {
                    let mut o = Vec::new();
                    g.chance_outcomes(&s, &mut o);
                    act(&g, &mut s, o[0].0);
                }
            }
            _ => act(&g, &mut s, Action::Skip),
        }
    }
    // The holder, the last to roll in the final round, skips: the game would end.
    let holder = s.holder;
    act(&g, &mut s, Action::Skip);
    let first = Seat(((holder.index() + 1) % 3) as u8);
    let order: Vec<Seat> = (1..=3)
        .map(|k| Seat(((holder.index() + k) % 3) as u8))
        .filter(|&p| p != Seat(1))
        .collect();
    assert_eq!(s.step, Step::LastMedicine);
    assert_eq!(g.actor(&s), Actor::Seat(order[0]), "from {first} round");
    assert_eq!(
        legal(&g, &s),
        vec![Action::Medicine(Animal::Bear), Action::NoMedicine]
    );
    act(&g, &mut s, Action::Medicine(Animal::Bear));
    // The tile is spent: the next holder in turn order.
    assert_eq!(g.actor(&s), Actor::Seat(order[1]));
    act(&g, &mut s, Action::NoMedicine);
    assert_eq!(s.step, Step::Over);
    assert_eq!(s.wounds[order[0].index()][Animal::Bear.index()], 1);
    assert_eq!(s.wounds[order[1].index()][Animal::Bear.index()], 2);
    assert!(g.score(&s).over);
}

#[test]
fn the_scoreboard_wraps_but_the_true_score_is_kept() {
    let g = game(2, 0, Side::Day);
    let c = g.components();
    assert_eq!(c.scoreboard, 50);
    assert_eq!(c.scoreboard_space(0), 0);
    assert_eq!(c.scoreboard_space(49), 49);
    // Past the last space: on from the first space next to the largest one.
    assert_eq!(c.scoreboard_space(50), 1);
    assert_eq!(c.scoreboard_space(51), 2);
    assert_eq!(c.scoreboard_space(98), 49);
    assert_eq!(c.scoreboard_space(99), 1);
    let mut s = round_one(&g, Category::Speed);
    s.duel_points[0] = 52;
    let view = g.view(&s, Viewer::Spectator);
    assert_eq!(view.players[0].score, 52);
    assert_eq!(view.players[0].scoreboard_space, 3);
}

#[test]
fn ties_go_to_more_animals_on_flags_then_fewer_wounds_then_are_shared() {
    let g = game(3, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    lay_flag(&g, &mut s, "E4", 5);
    lay_flag(&g, &mut s, "F4", 6);
    lay_flag(&g, &mut s, "G4", 11);
    // Seat 1: 11 on one flag; seat 2: 5 + 6 on two flags; seat 3: 11 from duels and tiles.
    put(&mut s, Seat(0), Animal::Wolf, "G4");
    put(&mut s, Seat(1), Animal::Wolf, "E4");
    put(&mut s, Seat(1), Animal::Bear, "F4");
    s.duel_points[2] = 10;
    s.tile_points[2] = 1;
    s.step = Step::Over;
    let score = g.score(&s);
    assert_eq!(score.totals, vec![11, 11, 11]);
    assert_eq!(score.ranking[0], Seat(1), "two animals on flags");
    assert_eq!(score.winners, vec![Seat(1)]);
    // Seat 1 against seat 3 (one flag against none) ...
    assert_eq!(score.ranking[1], Seat(0));
    // ... and with flags equal, fewer wounds win; equal wounds share the win. Seat 2 now has
    // one flag (5) and 6 from points tiles.
    s.pos[1][Animal::Bear.index()] = cell("C3");
    s.tile_points[1] = 6;
    s.wounds[0][Animal::Puma.index()] = 1;
    let score = g.score(&s);
    assert_eq!(score.totals, vec![11, 11, 11]);
    assert_eq!(score.winners, vec![Seat(1)]);
    s.wounds[1][Animal::Puma.index()] = 1;
    let score = g.score(&s);
    assert_eq!(score.winners, vec![Seat(0), Seat(1)]);
}

#[test]
fn the_winner_who_takes_the_space_captures_the_flag_there() {
    let (g, mut s) = lissa_and_isidore();
    // Isidore's otter stands on a flag worth 10 on D5; Lissa's wolf next to it on C5.
    lay_flag(&g, &mut s, "D5", 10);
    put(&mut s, ISIDORE, Animal::Otter, "D5");
    put(&mut s, LISSA, Animal::Wolf, "C5");
    assert_eq!(g.flags(&s, ISIDORE.index()), (10, 1));
    roll_and_move(&g, &mut s, 1, "C5", "D5");
    act(&g, &mut s, Action::Die(6));
    act(&g, &mut s, Action::Die(1));
    act(&g, &mut s, Action::TakeSpace);
    // "If there is a flag tile on the space, the player has also captured the flag."
    assert_eq!(g.flags(&s, LISSA.index()), (10, 1));
    assert_eq!(g.flags(&s, ISIDORE.index()), (0, 0));
    sound(&g, &s);
}

#[test]
fn the_defender_may_use_medicine_and_keep_or_reroll_its_die() {
    let (g, mut s) = lissa_and_isidore();
    s.wounds[ISIDORE.index()][Animal::Otter.index()] = 1;
    s.medicine[ISIDORE.index()] = 1;
    s.die_tiles[ISIDORE.index()] = 1;
    roll_and_move(&g, &mut s, 1, "B5", "C5");
    // Lissa: 6 + 2 = 8.
    act(&g, &mut s, Action::Die(2));
    // Isidore, challenged, may heal his otter before rolling.
    assert_eq!(s.step, Step::DuelPrep(1));
    assert_eq!(g.actor(&s), Actor::Seat(ISIDORE));
    act(&g, &mut s, Action::Medicine(Animal::Otter));
    assert_eq!(s.wounds[ISIDORE.index()][Animal::Otter.index()], 0);
    act(&g, &mut s, Action::DuelRoll);
    act(&g, &mut s, Action::Die(4));
    // 3 + 4 = 7 loses to 8; keeping it, Isidore loses; with his die tile he rolls again.
    assert_eq!(s.step, Step::DuelReroll(1));
    let mut kept = s.clone();
    act(&g, &mut kept, Action::Keep);
    assert_eq!(kept.duel_points[LISSA.index()], 2);
    act(&g, &mut s, Action::Reroll);
    assert_eq!(s.die_tiles[ISIDORE.index()], 0);
    act(&g, &mut s, Action::Die(6));
    // 3 + 6 = 9 beats 8.
    assert_eq!(s.duel_points[ISIDORE.index()], 2);
    assert_eq!(s.wounds[LISSA.index()][Animal::Wolf.index()], 1);
}

#[test]
fn two_to_four_players_and_the_marker_on_an_existing_seat() {
    use sylvan_woodwalkers::{Options, Woodwalkers};
    for players in [1, 5] {
        let e = Woodwalkers::new(players, Options::default())
            .expect_err("2 to 4 players")
            .to_string();
        assert!(e.contains("2 to 4 players"), "{e}");
    }
    let e = Woodwalkers::new(
        2,
        Options {
            marker: 2,
            ..Options::default()
        },
    )
    .expect_err("no seat 2 of 2")
    .to_string();
    assert!(e.contains("seat 2 does not exist"), "{e}");
    // The youngest player (here seat 3 of 3) holds the marker and chooses first.
    let g = game(3, 2, Side::Day);
    let s = start(&g, [Category::Strength, Category::Speed, Category::Speed]);
    assert_eq!(g.actor(&s), Actor::Seat(Seat(2)));
}
