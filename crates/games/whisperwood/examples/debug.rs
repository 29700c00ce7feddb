//! Plays random games and stops at the first broken invariant, printing the last actions.

use sylvan_engine::{Actor, Game, GameRng};
use sylvan_whisperwood::{Options, Whisperwood};

fn main() {
    let players: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let games: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let game = Whisperwood::new(players, Options::default()).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut total = 0u64;
    for seed in 0..games {
        let mut rng = GameRng::seeded(seed);
        let mut s = game.initial_state();
        let mut log: Vec<String> = Vec::new();
        loop {
            if let Err(e) = game.check_invariants(&s) {
                for l in log.iter().rev().take(12).rev() {
                    println!("{l}");
                }
                println!("seed {seed}: {e}");
                return;
            }
            let a = match game.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(_) => {
                    game.legal_actions(&s, &mut actions);
                    if actions.is_empty() {
                        println!("seed {seed}: no legal action in {:?}", s.phase);
                        return;
                    }
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            log.push(format!("{:?} P{} {a}", s.phase, s.turn + 1));
            if let Err(e) = game.apply(&mut s, a) {
                println!("seed {seed}: {a} rejected: {e}");
                return;
            }
            total += 1;
        }
    }
    println!("{games} games, {} decisions per game", total / games);
}
