//! Runs the Python tests (OpenSpiel's and PettingZoo's own tests on every game, the batch API,
//! the Ray example) with the interpreter named by `SYLVAN_PYTHON`, a virtualenv where the
//! `sylvan` package is installed (`.ci/run` makes it). Without it the test says so and passes,
//! unless `SYLVAN_REQUIRE_PYTHON=1`, as in CI: then it fails.

use std::path::Path;
use std::process::Command;

#[test]
fn the_python_tests_pass() {
    let python = match std::env::var("SYLVAN_PYTHON") {
        Ok(p) if !p.is_empty() => p,
        _ => {
            assert!(
                std::env::var("SYLVAN_REQUIRE_PYTHON").as_deref() != Ok("1"),
                "SYLVAN_REQUIRE_PYTHON=1 but SYLVAN_PYTHON names no interpreter: run .ci/run, \
                 or install the package (see the README) and set SYLVAN_PYTHON"
            );
            eprintln!("SYLVAN_PYTHON is not set: the Python tests did not run");
            return;
        }
    };
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python_tests",
        ])
        .current_dir(here)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {python}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}{stderr}");
    assert!(out.status.success(), "the Python tests failed");
    assert!(stdout.contains(" passed"), "pytest ran no test");
}
