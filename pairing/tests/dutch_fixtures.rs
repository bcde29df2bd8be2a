//! Replays every FIDE (Dutch) pairing case of the shared fixtures
//! (`shared/fixtures/pairing/dutch/`, made with a FIDE-endorsed engine) and
//! compares the pairing as the set of (white, black) boards plus the bye.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pairing::dutch;

/// The number of identical cases this engine reached; a regression fails the test.
const BEST_REACHED: usize = 206;

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/pairing/dutch");
    dir.join("cases.tsv").exists().then_some(dir)
}

fn as_set(p: &pairing::Pairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    (p.boards.iter().copied().collect(), p.bye)
}

#[test]
fn dutch_fixture_cases_are_paired_identically() {
    let Some(dir) = fixtures() else {
        println!("SKIPPED: ../shared/fixtures not found (no FIDE Dutch fixture cases to compare)");
        return;
    };
    let tsv = std::fs::read_to_string(dir.join("cases.tsv")).unwrap();
    let only = std::env::var("DUTCH_CASE").ok();
    let mut total = 0;
    let mut identical = 0;
    let mut same_order = 0;
    let mut differ = Vec::new();
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let case = cols[0];
        if only.as_deref().is_some_and(|o| !case.starts_with(o)) {
            continue;
        }
        let round: u32 = cols[4].parse().unwrap();
        let trf = std::fs::read_to_string(dir.join(format!("{case}.trf"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{case}.pairs"))).unwrap();
        let expected = dutch::parse_pairs_text(&expected).expect("pairs file");
        let t = pairing::trf::parse(&trf).expect("fixture TRF");
        total += 1;
        match dutch::pair(&t, round) {
            Ok(got) if as_set(&got) == as_set(&expected) => {
                identical += 1;
                if got == expected {
                    same_order += 1;
                }
            }
            Ok(got) => {
                let (g, e) = (as_set(&got), as_set(&expected));
                let missing: Vec<_> = e.0.difference(&g.0).collect();
                let extra: Vec<_> = g.0.difference(&e.0).collect();
                differ.push(format!(
                    "{case}: expected {missing:?} bye {:?}, got {extra:?} bye {:?}",
                    e.1, g.1
                ));
            }
            Err(err) => differ.push(format!("{case}: error {err}")),
        }
    }
    for d in &differ {
        println!("differs: {d}");
    }
    println!("{identical}/{total} identical");
    println!("{same_order}/{total} also in the same board order");
    if only.is_none() {
        assert!(
            identical >= BEST_REACHED,
            "regression: {identical}/{total} identical, {BEST_REACHED} were reached before"
        );
    }
}
