//! A traced game with bots is the arena's game: the same chance draws and bot seeds, so the
//! diagnostic `clairvoyant` bot, handed the trace's generator, knows the draws that follow.

use sylvan_bots::{play_game, BotSpec};
use sylvan_catalog::Catalog;
use sylvan_engine::Game;
use sylvan_whispering_woods::WhisperingWoods;

#[test]
fn a_traced_game_plays_as_the_arena_plays_it_even_for_the_clairvoyant() {
    let catalog = Catalog::standard();
    let kind = catalog.get("whispering-woods").expect("in the catalog");
    let traces = kind
        .traces(2, &serde_json::json!({}), None)
        .expect("default options");
    let game = WhisperingWoods::new(2, Default::default()).expect("two players");
    let bots: Vec<BotSpec> = ["clairvoyant:20", "mcts:20"]
        .iter()
        .map(|b| b.parse().expect("a bot"))
        .collect();
    for seed in 1..=2 {
        let trace = traces.play(&bots, seed).expect("the game plays");
        let arena = play_game(&game, &[&bots[0], &bots[1]], seed).expect("the game plays");
        assert!(trace.score.over, "seed {seed}: the traced game ended");
        assert_eq!(trace.score, arena.score, "seed {seed}");
        assert_eq!(trace.decisions, arena.decisions, "seed {seed}");
    }
}
