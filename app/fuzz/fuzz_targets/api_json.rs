//! Fuzzes the JSON bodies of the busiest endpoints (results, registration,
//! regulations, the arbiter's desk): no input may panic, and regulations that
//! validate survive a round trip.
//!
//! ```text
//! cd app/fuzz
//! RUSTC_BOOTSTRAP=1 cargo fuzz run api_json -- -max_total_time=1800
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| app::fuzzing::json_bodies(data));
