//! The pairing checker (`pairing --dutch FILE -c`, [`dutch::check_tournament`])
//! on files written by other programs:
//!
//! - the 120 tournaments of an endorsed engine's random tournament generator
//!   (`shared/fixtures/pairing/rtg/`), as written (CR line ends, no `XXC`, no
//!   `XXR`) and with the `XXC`/`XXR` records they imply added;
//! - the complete fixture tournaments (`shared/fixtures/pairing/dutch/tournaments/`),
//!   as written and with their `XXC`/`XXR` records removed.
//!
//! Every round must be identical. Without `XXC` the initial colour is inferred
//! from the first paired round, without `XXR` the last round in the file is
//! the final one (see `pairing/src/dutch/infer.rs`).

use std::path::{Path, PathBuf};

use pairing::{dutch, trf, Color};

fn shared(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/fixtures")
        .join(sub);
    dir.exists().then_some(dir)
}

fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

/// The rounds of the file that differ from the FIDE (Dutch) pairing, described.
fn differing(name: &str, text: &str) -> Vec<String> {
    let t = trf::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    dutch::check_tournament(&t)
        .into_iter()
        .filter(|c| !c.identical())
        .map(|c| {
            format!(
                "{name} round {}: engine {:?}, violations {:?}",
                c.round,
                c.engine.as_ref().map(|p| p.boards.len()),
                c.violations
            )
        })
        .collect()
}

fn without_xxc_xxr(text: &str) -> String {
    text.split_inclusive(['\r', '\n'])
        .filter(|l| !(l.starts_with("XXC") || l.starts_with("XXR")))
        .collect()
}

#[test]
fn rtg_tournaments_agree_on_every_round_as_written() {
    let Some(dir) = shared("pairing/rtg") else {
        println!("SKIPPED: ../shared/fixtures not found (no generated tournaments to check)");
        return;
    };
    let files = trf_files(&dir);
    assert_eq!(files.len(), 120);
    let mut bad = Vec::new();
    let mut rounds = 0;
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        assert!(!text.contains("\nXXC") && !text.contains("\rXXC"));
        rounds += dutch::paired_rounds(&trf::parse(&text).unwrap());
        bad.extend(differing(&f.display().to_string(), &text));
    }
    for b in &bad {
        println!("{b}");
    }
    println!(
        "{} files, {rounds} rounds, {} differ",
        files.len(),
        bad.len()
    );
    assert!(bad.is_empty());
}

#[test]
fn rtg_tournaments_agree_with_the_implied_xxc_and_xxr_stated() {
    let Some(dir) = shared("pairing/rtg") else {
        println!("SKIPPED: ../shared/fixtures not found (no generated tournaments to check)");
        return;
    };
    let mut bad = Vec::new();
    for f in trf_files(&dir) {
        let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
        let t = trf::parse(&text).unwrap();
        let colour = dutch::inferred_initial_colour(&t).expect("a round with games");
        let xxc = if colour == Color::White {
            "white1"
        } else {
            "black1"
        };
        let stated = format!("XXR {}\rXXC {xxc}\r{text}", dutch::paired_rounds(&t));
        bad.extend(differing(&f.display().to_string(), &stated));
        // The other initial colour is a different tournament: round 1 differs.
        let other = if colour == Color::White {
            "black1"
        } else {
            "white1"
        };
        let wrong = format!("XXC {other}\r{text}");
        let t = trf::parse(&wrong).unwrap();
        let round1 = dutch::pair(&dutch::state_before(&t, 1), 1).unwrap();
        let mut got = round1.boards.clone();
        let mut recorded = dutch::recorded_pairing(&t, 1).boards;
        got.sort_unstable();
        recorded.sort_unstable();
        assert_ne!(got, recorded, "{}: XXC {other}", f.display());
    }
    for b in &bad {
        println!("{b}");
    }
    assert!(bad.is_empty());
}

#[test]
fn fixture_tournaments_agree_with_and_without_xxc_and_xxr() {
    let Some(dir) = shared("pairing/dutch/tournaments") else {
        println!("SKIPPED: ../shared/fixtures not found (no fixture tournaments to check)");
        return;
    };
    let files = trf_files(&dir);
    assert!(!files.is_empty());
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains("XXC") && text.contains("XXR"));
        let name = f.display().to_string();
        bad.extend(differing(&name, &text));
        bad.extend(differing(
            &format!("{name} (no XXC/XXR)"),
            &without_xxc_xxr(&text),
        ));
    }
    for b in &bad {
        println!("{b}");
    }
    println!("{} tournaments, {} rounds differ", files.len(), bad.len());
    assert!(bad.is_empty());
}

/// Round 1 of a file without `XXC`: the top-ranked player present had Black,
/// so the initial colour was Black; with player 1 absent (a half-point bye),
/// player 2 is the first of the pairing and an odd effective number.
#[test]
fn initial_colour_is_read_from_the_first_paired_round() {
    let line = |id: u32, round1: &str| {
        format!(
            "001 {id:4}      Test{id:04} Player{id:04}               {:4}                             0.0 {id:4}  {round1}\n",
            2400 - id * 10
        )
    };
    // 1 has Black against 3: initial colour Black.
    let text = [
        line(1, "   3 b 1"),
        line(2, "   4 w 0"),
        line(3, "   1 w 0"),
        line(4, "   2 b 1"),
    ]
    .concat();
    let t = trf::parse(&text).unwrap();
    assert_eq!(dutch::inferred_initial_colour(&t), Some(Color::Black));
    assert!(dutch::check_tournament(&t).iter().all(|c| c.identical()));
    // 1 absent: 2 is the top-ranked player paired and had White.
    let text = [
        line(1, "0000 - H"),
        line(2, "   4 w 1"),
        line(3, "   5 b 0"),
        line(4, "   2 b 0"),
        line(5, "   3 w 1"),
    ]
    .concat();
    let t = trf::parse(&text).unwrap();
    assert_eq!(dutch::inferred_initial_colour(&t), Some(Color::White));
    // 2–4 and 3–5 under White for the first: 2 White, 5 (rank 4, even) White.
    assert!(dutch::check_tournament(&t).iter().all(|c| c.identical()));
}

/// `pairing --dutch FILE -c | head -1`: the reader goes away; the checker ends
/// quietly (no panic message, the usual exit status).
#[test]
fn checker_exits_quietly_on_a_closed_pipe() {
    let Some(dir) = shared("pairing/rtg") else {
        println!("SKIPPED: ../shared/fixtures not found (no generated tournaments to check)");
        return;
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pairing"))
        .args(["--dutch", dir.join("rtg-002.trf").to_str().unwrap(), "-c"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "stderr: {stderr}");
    assert_eq!(out.status.code(), Some(0));
}
