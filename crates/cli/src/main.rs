//! `sylvan`: play, simulate, benchmark, replay and draw Sylvan's games, and serve the engine
//! protocol. See `sylvan --help`.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;

// Counts heap allocations for `sylvan bench` (allocations per decision after warm-up), over
// mimalloc: the table server allocates per frame and glibc's malloc was a fifth of its CPU.
#[global_allocator]
static ALLOCATOR: stats_alloc::StatsAlloc<mimalloc::MiMalloc> =
    stats_alloc::StatsAlloc::new(mimalloc::MiMalloc);

/// Allocations (and reallocations, which may move) since the process started.
fn allocations() -> u64 {
    let stats = ALLOCATOR.stats();
    (stats.allocations + stats.reallocations) as u64
}

fn main() -> ExitCode {
    let cli = sylvan_cli::Cli::parse();
    let catalog = sylvan_catalog::Catalog::standard();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let env = sylvan_cli::Env {
        allocations: &allocations,
        stderr_is_terminal: stderr.is_terminal(),
    };
    let result = sylvan_cli::run(
        cli,
        &catalog,
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut stderr,
        &env,
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            use std::io::Write;
            let _ = writeln!(stderr, "sylvan: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_counting_allocator_counts() {
        let before = crate::allocations();
        let boxed = std::hint::black_box(Box::new([7u8; 64]));
        let grown = std::hint::black_box(vec![1u32; 1000]);
        assert!(crate::allocations() >= before + 2);
        drop((boxed, grown));
    }
}
