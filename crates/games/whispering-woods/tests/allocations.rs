//! No heap allocation per decision after warm-up: legal actions (path search included), chance
//! outcomes and applying decisions run on fixed-size state and reused buffers.

use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_whispering_woods::{Options, WhisperingWoods};

#[global_allocator]
static ALLOCATOR: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

fn allocations() -> u64 {
    let stats = ALLOCATOR.stats();
    (stats.allocations + stats.reallocations) as u64
}

/// Runs without the test harness (`harness = false`): the harness's own threads allocate
/// now and then, which would be counted here.
fn main() {
    random_playouts_allocate_nothing_after_warm_up();
    println!("allocations: ok, no allocation after warm-up for 1 to 4 players");
}

fn random_playouts_allocate_nothing_after_warm_up() {
    for players in 1..=4 {
        let game = WhisperingWoods::new(players, Options::default()).expect("valid");
        let mut rng = GameRng::seeded(players as u64);
        // The buffers are the caller's: sized once for the largest decision (at most 198
        // places beside a forest; at most 96 tiles in the bag), so any allocation counted
        // below is the game's own.
        let (mut actions, mut outcomes) = (Vec::with_capacity(256), Vec::with_capacity(128));
        for _ in 0..20 {
            let _ = random_playout(&game, &mut rng, &mut actions, &mut outcomes);
        }
        let before = allocations();
        let mut decisions = 0;
        let mut completed = 0;
        for _ in 0..200 {
            let (s, d) = random_playout(&game, &mut rng, &mut actions, &mut outcomes);
            decisions += d;
            completed += s.players.iter().map(|p| p.tasks()).sum::<u32>();
        }
        let after = allocations();
        assert!(decisions > 10_000, "{decisions}");
        assert!(
            completed > 50,
            "tasks were completed, so path search ran: {completed}"
        );
        assert_eq!(
            after - before,
            0,
            "{players} player(s): allocations during {decisions} decisions"
        );
    }
}
