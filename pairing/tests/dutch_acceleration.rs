//! Accelerated rounds (C.04.5, e.g. Baku): `XXA` points count for pairing only.
//! Eight players, the top four with one virtual point in round 1: they are
//! paired among themselves (1–3, 2–4) and so are the others (5–7, 6–8), where
//! without acceleration the halves meet (1–5, 2–6, 3–7, 4–8).

use pairing::{dutch, trf};
use std::collections::HashSet;

fn field(extra: &str) -> String {
    let mut s = String::from("012 Accelerated\nXXR 5\nXXC white1\n");
    for i in 1..=8 {
        s.push_str(&format!(
            "001 {i:4}      Test{i:04} Player{i:04}               {:4}                             0.0 {i:4}\n",
            2400 - i * 50
        ));
    }
    s.push_str(extra);
    s
}

fn pairs(text: &str) -> HashSet<(u32, u32)> {
    let t = trf::parse(text).expect("the TRF reads");
    let p = dutch::pair(&t, 1).expect("round 1 pairs");
    p.boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect()
}

#[test]
fn virtual_points_make_the_groups_of_round_one() {
    let plain = pairs(&field(""));
    assert_eq!(plain, HashSet::from([(1, 5), (2, 6), (3, 7), (4, 8)]));
    let accelerated = field(
        "XXA    1  1.0  1.0  0.0\nXXA    2  1.0  1.0  0.0\nXXA    3  1.0  1.0  0.0\nXXA    4  1.0  1.0  0.0\n",
    );
    assert_eq!(
        pairs(&accelerated),
        HashSet::from([(1, 3), (2, 4), (5, 7), (6, 8)])
    );
    // Read, written and read again: the accelerations survive (with and without the layout).
    let t = trf::parse(&accelerated).unwrap();
    assert_eq!(t.acceleration(1, 0), 2);
    assert_eq!(t.acceleration(1, 2), 0);
    assert_eq!(t.acceleration(5, 0), 0);
    for written in [trf::write(&t), trf::write(&t.without_layout())] {
        let again = trf::parse(&written).unwrap();
        assert_eq!(again.accelerations, t.accelerations, "{written}");
    }
}

#[test]
fn a_bad_acceleration_line_is_an_error_with_its_position() {
    for (line, what) in [
        ("XXA    9  1.0\n", "not a player"),
        ("XXA    1  x.5\n", "points"),
        ("XXA    1  0.3\n", "points"),
    ] {
        let err = trf::parse(&field(line)).unwrap_err().to_string();
        assert!(err.contains("line 12"), "{what}: {line}: {err}");
    }
}
