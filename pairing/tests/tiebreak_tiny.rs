//! A five-player Swiss with a pairing-allocated bye, a forfeit, a half-point bye
//! and a zero-point bye, whose tie-breaks were worked out by hand
//! (`tests/data/tiny-swiss.json`). Needs nothing outside the crate.

use std::path::Path;

use pairing::standings;
use pairing::tiebreak::{Edition, TieBreak, TieBreaks};
use pairing::trf;
use serde_json::Value;

fn data(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

#[test]
fn hand_worked_values_match() {
    let t = trf::parse(&data("tiny-swiss.trf")).unwrap();
    let expected: Value = serde_json::from_str(&data("tiny-swiss.json")).unwrap();
    for (set, edition) in [("values", Edition::E2026), ("values_2024", Edition::E2024)] {
        let tb = TieBreaks::new(&t, edition);
        for (code, by_player) in expected[set].as_object().unwrap() {
            let code: TieBreak = code.parse().unwrap();
            let values = tb.values(&code);
            for (sno, value) in by_player.as_object().unwrap() {
                let i: usize = sno.parse().unwrap();
                assert_eq!(
                    values[i - 1].map(|v| v.as_f64()),
                    value.as_f64(),
                    "{set} {code} player {sno}"
                );
            }
        }
    }
    let order: Vec<TieBreak> = expected["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect();
    for row in standings::compute(&t, &order, Edition::E2026) {
        assert_eq!(
            expected["ranks"][row.id.to_string()].as_u64(),
            Some(u64::from(row.rank)),
            "rank of player {}",
            row.id
        );
    }
}

#[test]
fn codes_round_trip_and_bad_codes_are_refused() {
    for code in [
        "PTS",
        "BH",
        "BH/C1",
        "BH/C2",
        "BH/M1",
        "BH/M2",
        "FB",
        "FB/C1",
        "SB",
        "SB/C1",
        "AOB",
        "DE",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "REP",
        "PS",
        "PS/C1",
        "KS",
        "STD",
        "ARO",
        "ARO/C1",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
        "RTNG",
        "TPN",
        "ARO/U1000",
        "ARO/C1/U1000",
        "TPR/U1000",
        "PTP/U1000",
        "APRO/U1000",
        "APPO/U1000",
        "RTNG/U1000",
    ] {
        let tb: TieBreak = code.parse().unwrap();
        assert_eq!(tb.to_string(), code);
        assert_eq!(code.to_lowercase().parse::<TieBreak>().unwrap(), tb);
    }
    for bad in [
        "", "XYZ", "BH/", "BH/X1", "WIN/C1", "SB/M1", "TPR/C1", "BH/U1000", "BH/C",
    ] {
        assert!(
            bad.parse::<TieBreak>().is_err(),
            "{bad:?} should be refused"
        );
    }
}

#[test]
fn a_round_paired_but_not_played_is_left_out() {
    let t = trf::parse(&data("tiny-swiss.trf")).unwrap();
    let mut paired = t.clone();
    for (a, b) in [(1u32, 2u32), (2, 1)] {
        paired.players[a as usize - 1]
            .rounds
            .push(pairing::RoundEntry::Game {
                opponent: b,
                color: if a == 1 {
                    pairing::Color::White
                } else {
                    pairing::Color::Black
                },
                result: None,
            });
    }
    let order: Vec<TieBreak> = ["PTS", "BH/C1", "SB", "PS", "ARO"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(
        standings::compute(&paired, &order, Edition::E2026),
        standings::compute(&t, &order, Edition::E2026)
    );
}
