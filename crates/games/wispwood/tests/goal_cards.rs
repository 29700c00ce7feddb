//! Every goal card on a hand-built forest, and every scoring table, with the rulebook's witch
//! example (7 witches = 18 + 18 + 4 = 40). Forests: `T` tree, `C` cat, `J` `H` `W` `O` wisps.

use sylvan_wispwood::{board, card_points, witch_squares, Components, Forest, Kind};

fn forest(rows: &[&str]) -> Forest {
    Forest::from_rows(rows, 2, 2).expect("a valid forest")
}

fn points(card: &str, rows: &[&str]) -> i32 {
    let c = Components::standard();
    let i = c
        .card_named(card)
        .unwrap_or_else(|| panic!("no card {card}"));
    card_points(&c.cards[i], &forest(rows))
}

const GROVES: &[&str] = &["TT.T", "TC.T", "..TT"];

#[test]
fn one_grove_to_rule_scores_1_per_tree_of_the_largest_group() {
    assert_eq!(points("One Grove to Rule", GROVES), 4);
}

#[test]
fn lower_branch_scores_2_per_tree_of_the_second_group_and_0_with_one_group() {
    assert_eq!(points("Lower Branch", GROVES), 2 * 3);
    assert_eq!(points("Lower Branch", &["TTC"]), 0);
    // Groups tied for size: either is the second.
    assert_eq!(points("Lower Branch", &["TT.TT", "..C.."]), 2 * 2);
}

#[test]
fn rows_of_three_scores_2_per_row_or_column_with_3_trees() {
    // Row 1 and column 4 have 3 trees each.
    assert_eq!(points("Rows of Three", GROVES), 4);
}

#[test]
fn thicket_scores_3_per_tree_with_3_trees_beside_and_the_cat_is_no_tree() {
    assert_eq!(points("Thicket", &["TTT", "TTT", "TTC"]), 3 * 3);
}

#[test]
fn little_groves_scores_4_per_group_of_3_or_more() {
    assert_eq!(
        points("Little Groves", &["TT.T", "TC.T", "....", "TTT."]),
        8
    );
}

const JACKS: &[&str] = &["J...", "..J.", ".J.J", "C..."];

#[test]
fn pumpkin_seedoku_counts_jacks_alone_in_row_and_column() {
    // Two such jacks: 9 points.
    assert_eq!(points("Pumpkin Seedoku", JACKS), 9);
}

#[test]
fn pumpkin_patchwork_counts_jacks_with_no_jack_surrounding() {
    assert_eq!(points("Pumpkin Patchwork", JACKS), 4);
}

#[test]
fn double_cross_counts_jacks_sharing_no_diagonal() {
    assert_eq!(points("Double Cross", JACKS), 4);
    assert_eq!(points("Double Cross", &["J.J", ".C.", "..."]), 9);
}

#[test]
fn pair_of_jacks_counts_groups_of_exactly_two() {
    assert_eq!(
        points("Pair of Jacks", &["JJ.J", "...J", "J.C.", "J..."]),
        37
    );
    assert_eq!(points("Pair of Jacks", &["JJJ", ".C."]), 0);
}

#[test]
fn oh_my_gourd_counts_each_group_with_a_jack_once() {
    assert_eq!(points("Oh My Gourd", &["JH.O", "...J", "JWC.", "...."]), 15);
    // A jack by itself is a group too.
    assert_eq!(
        points("Oh My Gourd", &["JH.O", "...J", "JWC.", "....", "...J"]),
        22
    );
}

#[test]
fn jack_tables_continue_beyond_their_last_entry() {
    let c = Components::standard();
    let card = |n: &str| &c.cards[c.card_named(n).expect("card")];
    let seedoku: Vec<i32> = (0..=6)
        .map(|n| card("Pumpkin Seedoku").table_points(n))
        .collect();
    assert_eq!(seedoku, [0, 4, 9, 15, 22, 30, 40]);
    let patch: Vec<i32> = (1..=7)
        .map(|n| card("Pumpkin Patchwork").table_points(n))
        .collect();
    assert_eq!(patch, [4, 9, 15, 22, 30, 38, 46]);
    let cross: Vec<i32> = (5..=8)
        .map(|n| card("Double Cross").table_points(n))
        .collect();
    assert_eq!(cross, [30, 39, 48, 57]);
    let pairs: Vec<i32> = (1..=5)
        .map(|n| card("Pair of Jacks").table_points(n))
        .collect();
    assert_eq!(pairs, [11, 23, 37, 51, 65]);
    let gourd: Vec<i32> = (4..=6)
        .map(|n| card("Oh My Gourd").table_points(n))
        .collect();
    assert_eq!(gourd, [22, 30, 38]);
}

const HEART: &[&str] = &["TTHT.", "..T..", "..T..", "..C.."];

#[test]
fn way_of_light_follows_the_longest_beam_until_the_cat() {
    // Left 2 trees, right 1, down 2 (the cat stops the beam): 2 x 2.
    assert_eq!(points("Way of Light", HEART), 4);
    // A wisp stops the beam too.
    assert_eq!(points("Way of Light", &["TJTTH", "C...."]), 4);
}

#[test]
fn cross_beam_counts_trees_in_the_hearts_row_and_column() {
    assert_eq!(points("Cross Beam", HEART), 3 + 2);
}

#[test]
fn hearts_neighbours_counts_trees_beside_each_heart_separately() {
    assert_eq!(points("Heart's Neighbours", HEART), 6);
    // One tree beside two hearts counts for both.
    assert_eq!(points("Heart's Neighbours", &["HTH", "C.."]), 4);
}

#[test]
fn frost_column_counts_trees_below_the_heart() {
    assert_eq!(points("Frost Column", HEART), 4);
    assert_eq!(
        points("Frost Column", &["T..", "H.C", "T..", "...", "T.."]),
        4
    );
}

#[test]
fn ray_of_hope_takes_the_better_diagonal() {
    assert_eq!(
        points(
            "Ray of Hope",
            &["T...T", ".T.T.", "..H..", ".T...", "C...."]
        ),
        6
    );
}

#[test]
fn the_witch_example_7_witches_score_18_18_4_40() {
    let seven = &["WWW.", "WWWC", "W..."];
    for card in [
        "Checkershire Cat",
        "Cat's Corner",
        "On the Fence",
        "Ball of Yarn",
        "Two Steps Away",
    ] {
        assert_eq!(points(card, seven), 18 + 18 + 4, "{card}");
    }
}

#[test]
fn the_witch_table_goes_by_threes() {
    let c = Components::standard();
    let card = &c.cards[c.card_named("Checkershire Cat").expect("card")];
    let table: Vec<i32> = (1..=9).map(|n| card.witch_points(n)).collect();
    assert_eq!(table, [4, 10, 18, 22, 28, 36, 40, 46, 54]);
}

#[test]
fn hide_and_glow_seek_scores_the_fewest_types_value_per_orb() {
    // No witches: each orb scores 4.
    assert_eq!(points("Hide & Glow Seek", &["OOJH", "HHC."]), 8);
    // Jacks and witches tied at none: the player picks jacks (5).
    assert_eq!(points("Hide & Glow Seek", &["OOH", "C.."]), 10);
}

#[test]
fn energy_synergy_scores_the_lowest_value_beside_and_0_when_alone() {
    assert_eq!(points("Energy Synergy", &["OJ.O", "H...", "..CO"]), 5);
    assert_eq!(
        points("Energy Synergy", &["OJ.O", "H..O", "..CO"]),
        5 + 4 + 4 + 4
    );
}

#[test]
fn merry_glow_round_counts_types_surrounding() {
    assert_eq!(points("Merry Glow Round", &["JH.", "WO.", ".C."]), 6);
}

#[test]
fn sign_of_light_takes_the_better_line_orb_included() {
    assert_eq!(points("Sign of Light", &["JOH.", ".W..", ".C.."]), 6);
}

#[test]
fn a_light_following_counts_types_per_group_with_an_orb() {
    assert_eq!(
        points("A Light Following", &["OJ.O", "HJ..", "..C."]),
        6 + 2
    );
}

#[test]
fn each_witch_card_allows_its_own_squares() {
    let f = Forest::from_rows(&["W..", ".C."], 4, 4).expect("forest");
    let sq = |r, c| board::bit(board::square(r, c));
    let allowed = |k: Kind, r, c| witch_squares(k, &f) & sq(r, c) != 0;
    // Checkershire Cat: through the witch at (4,4) to (3,3); not beside.
    assert!(allowed(Kind::DiagonalChain, 3, 3));
    assert!(allowed(Kind::DiagonalChain, 6, 6));
    assert!(!allowed(Kind::DiagonalChain, 3, 4));
    assert!(!allowed(Kind::DiagonalChain, 2, 2));
    assert!(allowed(Kind::CatDiagonal, 2, 2));
    assert!(!allowed(Kind::CatDiagonal, 2, 3));
    assert!(allowed(Kind::CatLine, 5, 0));
    assert!(!allowed(Kind::CatLine, 4, 4));
    assert!(allowed(Kind::CatSurrounding, 4, 6));
    assert!(!allowed(Kind::CatSurrounding, 3, 3));
    assert!(allowed(Kind::CatTwoAway, 3, 3));
    assert!(allowed(Kind::CatTwoAway, 3, 5));
    assert!(!allowed(Kind::CatTwoAway, 4, 4));
    assert!(!allowed(Kind::CatTwoAway, 2, 2));
}

#[test]
fn designer_reports_credit_each_goal_card_to_the_seats_that_scored_most_on_it() {
    use sylvan_engine::{random_playout, Game, GameRng, Seat};
    use sylvan_wispwood::{Options, Wispwood};
    let mut credited = 0;
    for players in [1, 2, 4] {
        let g = Wispwood::new(players, Options::default()).expect("valid");
        for seed in 0..6 {
            let mut rng = GameRng::seeded(seed);
            let (s, _) = random_playout(&g, &mut rng, &mut Vec::new(), &mut Vec::new());
            let in_play: Vec<String> = s
                .goals
                .iter()
                .map(|&c| format!("goal won: {}", g.components().cards[c as usize].name))
                .collect();
            let mut won = 0;
            for p in 0..players {
                let labels = g.component_labels(&s, Seat(p as u8));
                assert!(labels.iter().all(|l| in_play.contains(l)), "{labels:?}");
                won += labels.len();
            }
            if players == 1 {
                // Solo: the goals are Catty's as much as yours; nothing to compare.
                assert_eq!(won, 0);
            } else {
                // Every goal on which somebody scored is won by at least one seat.
                let scored = (0..5)
                    .filter(|&k| {
                        s.scores
                            .iter()
                            .any(|r| r.iter().map(|x| x[k]).sum::<i32>() > 0)
                    })
                    .count();
                assert!(won >= scored, "{won} labels for {scored} goals scored");
                credited += won;
            }
        }
    }
    assert!(credited > 10, "{credited}");
}
