//! Fuzz target `action`: see `sylvan_catalog::fuzz::action`.

fn main() {
    afl::fuzz!(|data: &[u8]| sylvan_catalog::fuzz::action(data));
}
