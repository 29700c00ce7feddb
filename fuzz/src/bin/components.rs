//! Fuzz target `components`: see `sylvan_catalog::fuzz::components`.

fn main() {
    afl::fuzz!(|data: &[u8]| sylvan_catalog::fuzz::components(data));
}
