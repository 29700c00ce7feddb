//! Replays the fuzz corpus and every crashing input the fuzzers found (`fuzz/corpus/TARGET`,
//! `fuzz/regressions/TARGET`) through the same targets `fuzz/` runs under cargo-afl: a
//! regression test for each crash fixed, in seconds, with no fuzzer installed.

use std::path::{Path, PathBuf};

use sylvan_catalog::fuzz::TARGETS;

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn the_saved_corpus_and_crashes_replay_without_a_failure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    for (name, target) in TARGETS {
        let corpus = inputs(&root.join("corpus").join(name));
        assert!(
            !corpus.is_empty(),
            "fuzz/corpus/{name} holds the seeds and the corpus the fuzzer grew"
        );
        let regressions = inputs(&root.join("regressions").join(name));
        for path in corpus.iter().chain(&regressions) {
            let data = std::fs::read(path).expect("a readable corpus file");
            // A failing input names itself before the target's own panic message.
            eprintln!("{name}: {}", path.display());
            target(&data);
        }
    }
}
