//! No heap allocation per decision after warm-up: random playouts with reused buffers, counted
//! by an instrumented global allocator (this test binary holds this one test, so no other
//! thread allocates meanwhile).

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use sylvan_engine::{Game, Playouts};
use sylvan_woodwalkers::{Options, Side, Woodwalkers};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn random_playouts_allocate_nothing_after_warm_up() {
    for side in [Side::Day, Side::Night] {
        let game = Woodwalkers::new(
            4,
            Options {
                side,
                ..Options::default()
            },
        )
        .expect("valid options");
        let mut playouts = Playouts::new(&game, 3);
        // Long enough to meet the rare longest lists (a duel's late medicine window), so the
        // buffers have grown to their size before counting.
        playouts.run(100);
        let region = Region::new(GLOBAL);
        let decisions = playouts.run(200);
        let change = region.change();
        assert!(decisions > 40_000, "{decisions}");
        assert_eq!(
            change.allocations, 0,
            "{side:?}: {change:?} over {decisions} decisions"
        );
    }
}
