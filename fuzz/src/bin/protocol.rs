//! Fuzz target `protocol`: see `sylvan_catalog::fuzz::protocol`.

fn main() {
    afl::fuzz!(|data: &[u8]| sylvan_catalog::fuzz::protocol(data));
}
