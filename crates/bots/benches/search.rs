//! One search decision per game on one thread: what a bot's move costs, next to the games'
//! own playout benchmarks (compare with `sylvan bench GAME --bot mcts:1000`).

use criterion::{criterion_group, criterion_main, Criterion};
use sylvan_bots::{decide, BotSpec, Observation};
use sylvan_engine::{advance_randomly, Actor, Game, GameRng};

/// The first seat decision of a seeded game, chance settled.
fn first_decision<G: Game>(game: &G) -> (G::State, sylvan_engine::Seat) {
    let mut state = game.initial_state();
    advance_randomly(game, &mut state, &mut GameRng::seeded(1), 0);
    match game.actor(&state) {
        Actor::Seat(seat) => (state, seat),
        _ => panic!("the game ended during setup"),
    }
}

fn bench_game<G: Game>(c: &mut Criterion, game: &G, bot: &str) {
    let spec: BotSpec = bot.parse().expect("a valid bot");
    let (state, seat) = first_decision(game);
    let seen = Observation::new(game, &state, seat, 1);
    c.bench_function(&format!("{} {bot} first decision", G::INFO.name), |b| {
        b.iter(|| decide(game, &seen, &spec, 7).expect("to move").action)
    });
}

fn searches(c: &mut Criterion) {
    let spirits = sylvan_spirits::Spirits::new(2, Default::default()).expect("2p");
    bench_game(c, &spirits, "mcts:1000");
    bench_game(c, &spirits, "mcts:1000:h0");
    let woodwalkers = sylvan_woodwalkers::Woodwalkers::new(
        2,
        serde_json::from_value(serde_json::json!({"side": "night"})).expect("options"),
    )
    .expect("2p");
    bench_game(c, &woodwalkers, "ismcts:1000");
    let woods = sylvan_whispering_woods::WhisperingWoods::new(2, Default::default()).expect("2p");
    bench_game(c, &woods, "mcts:1000");
    let wispwood = sylvan_wispwood::Wispwood::new(2, Default::default()).expect("2p");
    bench_game(c, &wispwood, "mcts:1000");
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = searches
}
criterion_main!(benches);
