//! The tie-break checker (`pairing standings FILE --check`,
//! `standings::check_ranking`): the ranks recorded in a file against its
//! tie-break list (TRF-2026 record `212`, C.07). A correct ranking passes; two
//! players swapped are caught, with the first criterion on which they part.

use pairing::generator::{generate, Config};
use pairing::standings::{check_ranking, compute};
use pairing::tiebreak::{self, Edition};
use pairing::{trf, Tournament};

fn generated(seed: u64) -> Tournament {
    let mut c = Config::from_seed(seed);
    c.players = c.players.clamp(12, 40);
    c.tie_breaks = "PTS,BH/C1,BH,SB,DE,WIN".into();
    trf::parse(&generate(&c, seed).trf).unwrap()
}

fn order(t: &Tournament) -> Vec<tiebreak::TieBreak> {
    tiebreak::order_in_file(t).unwrap().unwrap()
}

/// Swaps the recorded ranks of players `a` and `b`.
fn swap(t: &mut Tournament, a: u32, b: u32) {
    let (ra, rb) = (
        t.players[a as usize - 1].recorded_rank,
        t.players[b as usize - 1].recorded_rank,
    );
    t.players[a as usize - 1].recorded_rank = rb;
    t.players[b as usize - 1].recorded_rank = ra;
}

#[test]
fn correct_rankings_pass() {
    for seed in 1..=8 {
        let t = generated(seed);
        let found = check_ranking(&t, &order(&t), Edition::default());
        assert!(found.is_empty(), "seed {seed}: {found:?}");
    }
}

#[test]
fn a_swapped_pair_is_caught_with_its_criterion() {
    let mut checked_tiebreak = false;
    let mut checked_points = false;
    for seed in 1..=20 {
        let t = generated(seed);
        let order = order(&t);
        let rows = compute(&t, &order, Edition::default());
        for w in rows.windows(2) {
            let (x, y) = (&w[0], &w[1]);
            if x.rank == y.rank {
                continue;
            }
            // the expected criterion: the first on which the two differ
            let expected = if x.points != y.points {
                "PTS".to_string()
            } else {
                let i = (0..order.len())
                    .find(|&i| x.values[i] != y.values[i])
                    .unwrap();
                order[i].to_string()
            };
            if (expected == "PTS" && checked_points) || (expected != "PTS" && checked_tiebreak) {
                continue;
            }
            let mut wrong = t.clone();
            swap(&mut wrong, x.id, y.id);
            let found = check_ranking(&wrong, &order, Edition::default());
            assert!(!found.is_empty(), "seed {seed}: swap {} {}", x.id, y.id);
            let first = &found[0];
            assert_eq!((first.above, first.below), (y.id, x.id), "{found:?}");
            assert_eq!(first.criterion, expected, "{found:?}");
            if expected == "PTS" {
                checked_points = true;
            } else {
                checked_tiebreak = true;
            }
        }
        if checked_points && checked_tiebreak {
            break;
        }
    }
    assert!(checked_points && checked_tiebreak);
}

#[test]
fn the_command_checks_the_ranking_of_a_file() {
    let t = generated(3);
    let dir = std::env::temp_dir().join(format!("tiebreak-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.trf");
    std::fs::write(&good, trf::write(&t)).unwrap();
    let run = |file: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pairing"))
            .args(["standings", file.to_str().unwrap(), "--check"])
            .output()
            .unwrap()
    };
    let out = run(&good);
    assert_eq!(out.status.code(), Some(0), "{:?}", out);
    assert!(String::from_utf8_lossy(&out.stdout)
        .starts_with("the recorded ranking agrees with PTS,BH/C1,BH,SB,DE,WIN"));
    // the two top players swapped
    let rows = compute(&t, &order(&t), Edition::default());
    let mut wrong = t.clone();
    swap(&mut wrong, rows[0].id, rows[1].id);
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, trf::write(&wrong)).unwrap();
    let out = run(&bad);
    assert_eq!(out.status.code(), Some(1), "{:?}", out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("{} is recorded at rank", rows[1].id)),
        "{stdout}"
    );
    // the pairing checker reports the ranking too
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pairing"))
        .args(["--dutch", bad.to_str().unwrap(), "-c"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("rounds agree") && stdout.contains("ranking: differs from"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
