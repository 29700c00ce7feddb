//! A seat's decision by `ismcts` is the same in two positions that differ only in the
//! enchantment cards the seat cannot see (the others' hands and packs, the deck): the bot
//! decides from what its seat knows (issue 13).

use sylvan_bots::{decide, BotSpec, Observation};
use sylvan_engine::{random_until, Actor, Game, GameRng, Seat, Viewer};
use sylvan_whisperwood::{Options, Phase, State, Whisperwood};

fn subsequent(players: usize) -> Whisperwood {
    let options = Options {
        subsequent_game: true,
        ..Options::default()
    };
    Whisperwood::new(players, options).expect("valid")
}

/// Positions where the seat to move has a choice and another state it cannot tell apart
/// holds other cards: (truth, other, seat).
fn hidden_positions(game: &Whisperwood, count: usize, draft: bool) -> Vec<(State, State, Seat)> {
    let mut found = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..400u64 {
        if found.len() >= count {
            break;
        }
        let mut rng = GameRng::seeded(seed);
        let mut s = game.initial_state();
        // Somewhere in the draft, or in rounds 2 to 5.
        let pick = rng.below(6) as u8;
        let round = 1 + rng.below(4) as u8;
        let mut outcomes = Vec::new();
        random_until(game, &mut s, &mut rng, &mut legal, &mut outcomes, |s| {
            let here = if draft {
                s.phase == Phase::Draft(pick)
            } else {
                s.round == round && matches!(s.phase, Phase::Act | Phase::Resolve)
            };
            here && matches!(game.actor(s), Actor::Seat(_))
        });
        let Actor::Seat(seat) = game.actor(&s) else {
            continue;
        };
        if draft != matches!(s.phase, Phase::Draft(_)) {
            continue;
        }
        game.legal_actions(&s, &mut legal);
        if legal.len() < 2 {
            continue;
        }
        let mut other = s.clone();
        game.determinize(&mut other, seat, &mut GameRng::seeded(seed + 1_000));
        let cards = |x: &State| -> Vec<[u8; 32]> {
            x.players
                .iter()
                .flat_map(|p| [p.hand, p.pack])
                .chain([x.deck])
                .collect()
        };
        if cards(&other) != cards(&s) {
            assert_eq!(
                game.view(&other, Viewer::Seat(seat)),
                game.view(&s, Viewer::Seat(seat)),
                "the other position must look the same to {seat}"
            );
            found.push((s, other, seat));
        }
    }
    assert!(
        found.len() >= count,
        "only {} hidden positions",
        found.len()
    );
    found
}

#[test]
fn ismcts_decides_the_same_when_only_hidden_cards_differ() {
    let spec: BotSpec = "ismcts:300".parse().expect("a bot");
    for (game, draft) in [(subsequent(2), true), (subsequent(3), false)] {
        for (truth, other, seat) in hidden_positions(&game, 3, draft) {
            for seed in [1u64, 2] {
                let a = Observation::new(&game, &truth, seat, seed);
                let b = Observation::new(&game, &other, seat, seed);
                assert_eq!(a.sample(), b.sample(), "the observations differ");
                let before = truth.clone();
                let x = decide(&game, &a, &spec, seed).expect("the seat is to move");
                let y = decide(&game, &b, &spec, seed).expect("the seat is to move");
                assert_eq!(
                    x.action, y.action,
                    "{seat} decided differently on hidden cards (phase {:?})",
                    truth.phase
                );
                assert!(x.thinking.iterations >= 300, "{:?}", x.thinking);
                assert_eq!(truth, before, "thinking changed the game");
            }
        }
    }
}

#[test]
fn the_difficulty_levels_search_the_iterations_whisperwood_sets() {
    let game = subsequent(2);
    let (truth, _, seat) = hidden_positions(&game, 1, true).remove(0);
    let observation = Observation::new(&game, &truth, seat, 7);
    let levels = game.level_iterations();
    assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
    // Easy searches the game's count, not the engine's default of 200.
    assert_ne!(levels, sylvan_engine::LEVEL_ITERATIONS);
    let spec: BotSpec = "ismcts:easy".parse().expect("a bot");
    let choice = decide(&game, &observation, &spec, 7).expect("the seat is to move");
    assert_eq!(choice.thinking.iterations, u64::from(levels[0]));
}
