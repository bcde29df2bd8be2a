//! Benchmark of the Dubov engine (C.04.4.1): rounds 1, 5 and 9 of generated
//! tournaments of 100 to 2,000 players (`swiss_system/mod.rs`).
//!
//! `cargo bench -p pairing --bench dubov_pairing [-- SIZES]`, e.g. `-- 1000`.

#[path = "swiss_system/mod.rs"]
mod swiss_system;

fn main() {
    swiss_system::run(pairing::generator::System::Dubov, pairing::dubov::pair);
}
