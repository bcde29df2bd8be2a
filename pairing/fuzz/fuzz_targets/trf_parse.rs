//! Fuzzes the TRF reader: no input may panic; whatever is read is written and
//! read back to the same model, and writing is stable; tie-breaks, standings
//! and the Berger pairing of what was read do not panic either.
//!
//! ```text
//! cargo install cargo-fuzz
//! cd pairing/fuzz
//! RUSTC_BOOTSTRAP=1 cargo fuzz run trf_parse corpus/ ../tests/data/ -- -max_total_time=600
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;
use pairing::tiebreak::{Edition, TieBreak};
use pairing::{berger, standings, trf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(t) = trf::parse(&text) else {
        return;
    };
    let written = trf::write(&t);
    let again = trf::parse(&written).expect("a written TRF reads back");
    assert_eq!(trf::write(&again), written, "writing is stable");
    assert_eq!(
        again.without_layout(),
        t.without_layout(),
        "the model survives a round trip"
    );
    let fresh = trf::write(&t.without_layout());
    let from_model = trf::parse(&fresh).expect("a TRF written from the model reads back");
    assert_eq!(
        from_model.without_layout(),
        t.without_layout(),
        "the standard layout keeps the model"
    );

    let order: Vec<TieBreak> = [
        "PTS",
        "BH/C1",
        "BH/M1",
        "FB",
        "SB/C1",
        "AOB",
        "DE",
        "KS",
        "PS",
        "ARO/C1",
        "TPR",
        "PTP",
        "APPO/U1000",
    ]
    .iter()
    .map(|c| c.parse().unwrap())
    .collect();
    let _ = standings::compute(&t, &order, Edition::E2026);
    let _ = standings::compute(&t, &order, Edition::E2024);
    let _ = berger::pair_round(&t, berger::next_round(&t));
});
