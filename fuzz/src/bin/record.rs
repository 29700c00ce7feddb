//! Fuzz target `record`: see `sylvan_catalog::fuzz::record`.

fn main() {
    afl::fuzz!(|data: &[u8]| sylvan_catalog::fuzz::record(data));
}
