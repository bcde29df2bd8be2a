//! Fuzzes a round's PGN import: the file read, each game placed on a pairing
//! by FIDE id or by name, and the name matcher (`app::fuzzing::pgn_import`);
//! no input may panic.
//!
//! ```text
//! cd app/fuzz
//! RUSTC_BOOTSTRAP=1 cargo fuzz run -O pgn_import -- -max_total_time=600
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| app::fuzzing::pgn_import(data));
