//! Fuzzes the staff's form posts (new tournament, registration, results,
//! penalties, envelopes, arrivals): read and turned into domain commands as
//! the page handlers do; no input may panic.
//!
//! ```text
//! cd app/fuzz
//! RUSTC_BOOTSTRAP=1 cargo fuzz run page_forms -- -max_total_time=1800
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| app::fuzzing::form_bodies(data));
