//! No heap allocation per decision after warm-up: random playouts (legal actions into reused
//! buffers, chance outcomes, applying) counted by an instrumented allocator.

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use sylvan_engine::{Game, Playouts};
use sylvan_whisperwood::{Options, Whisperwood};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn playouts_allocate_nothing_after_warm_up() {
    for players in 2..=4 {
        let game = Whisperwood::new(players, Options::default()).expect("valid");
        let mut playouts = Playouts::new(&game, 5);
        playouts.run(50);
        let region = Region::new(GLOBAL);
        let decisions = playouts.run(100);
        let stats = region.change();
        assert!(decisions > 10_000);
        eprintln!(
            "{players} players: {} allocations in {decisions} decisions",
            stats.allocations
        );
        // The counter is process-wide: the test harness's own thread may allocate a few times
        // meanwhile. Per decision it would be thousands.
        assert!(
            stats.allocations <= 8,
            "{players} players: {} allocations",
            stats.allocations
        );
    }
}
