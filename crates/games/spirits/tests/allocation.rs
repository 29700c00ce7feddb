//! No heap allocation per decision after warm-up (issue 17): random playouts (legal actions
//! and chance outcomes into reused buffers, applying) counted by an instrumented allocator.

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use sylvan_engine::{Game, Playouts};
use sylvan_spirits::{Options, Spirits};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn playouts_allocate_nothing_after_warm_up() {
    // Random setups reach every animal and Spirit Power card, the recommended sets their own.
    for set in ["First Steps", "Coyote's Mischief", "random"] {
        let options = Options {
            set: set.into(),
            ..Options::default()
        };
        let game = Spirits::new(2, options).expect("valid options");
        let mut playouts = Playouts::new(&game, 5);
        playouts.run(50);
        let region = Region::new(GLOBAL);
        let decisions = playouts.run(200);
        let stats = region.change();
        assert!(decisions > 10_000, "{set}: only {decisions} decisions");
        // The counter is process-wide: the test harness's own thread may allocate a few times
        // meanwhile. Per decision it would be thousands.
        assert!(
            stats.allocations <= 8,
            "{set}: {} allocations in {decisions} decisions",
            stats.allocations
        );
    }
}
