//! Small FIDE (Dutch) cases constructed for this repository, each pairing
//! justified from C.04.3 (2025):
//!
//! - `r1-seven-white1`: round 1, 7 players, `XXC white1`. One bracket; the
//!   lowest-ranked player gets the bye (C5–C9 all tie, art. 3: S1 = 1–3,
//!   S2 = 4–6); colours alternate from the initial colour (E5): 1–4, 5–2, 3–6.
//! - `r1-six-black1`: the same with `black1`: 4–1, 2–5, 6–3.
//! - `r2-four-colours`: after 1–3 (1 won) and 4–2 (2 won), each player gets
//!   the colour he did not have (E1): 2–1 and 3–4.
//! - `r2-bye-absence`: 5 is absent (half-point bye already entered); 3 had the
//!   pairing-allocated bye, which counts as a downfloat (art. 1.4.3), so of
//!   the 1-point bracket {1, 2, 3} 3 does not float again (C14); 1 cannot float
//!   because he already met 4, the only lower player (C8), so 2 floats:
//!   3–1 (1 had white) and 2–4 (equal preferences, the higher-ranked 2 gets his, E5).

use std::collections::BTreeSet;
use std::path::Path;

use pairing::dutch;
use pairing::{Color, Player, RoundEntry, Tournament};

fn data_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch")
}

fn set(p: &pairing::Pairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    (p.boards.iter().copied().collect(), p.bye)
}

#[test]
fn constructed_cases_pair_as_the_rules_say() {
    let mut cases = 0;
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("trf") {
            continue;
        }
        let t = pairing::trf::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let expected = dutch::parse_pairs_text(
            &std::fs::read_to_string(path.with_extension("pairs")).unwrap(),
        )
        .unwrap();
        let round = dutch::paired_rounds(&t) + 1;
        let got = dutch::pair(&t, round).unwrap();
        assert_eq!(set(&got), set(&expected), "{}", path.display());
        assert_eq!(
            dutch::to_pairs_text(&got),
            std::fs::read_to_string(path.with_extension("pairs")).unwrap(),
            "board order of {}",
            path.display()
        );
        assert!(dutch::check_pairing(&t, round, &got).is_empty());
        cases += 1;
    }
    assert_eq!(cases, 4);
}

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|id| Player {
            id,
            name: format!("P{id}"),
            rating: Some(2500 - id),
            ..Default::default()
        })
        .collect()
}

#[test]
fn a_forbidden_pair_is_transposed_away() {
    // S1 = {1, 2}, S2 = {3, 4}; 1–3 is forbidden (XXP), so the next
    // transposition of S2 is used: 1–4 and 2–3 (2 is the higher-ranked of the
    // second board and, rank 2, gets the colour opposite to the initial one).
    let t = Tournament {
        total_rounds: 3,
        initial_color: Color::White,
        forbidden: vec![(3, 1)],
        players: players(4),
        ..Default::default()
    };
    let p = dutch::pair(&t, 1).unwrap();
    assert_eq!(p.boards, vec![(1, 4), (3, 2)]);
    assert_eq!(p.bye, None);
}

#[test]
fn withdrawn_and_absent_players_are_not_paired() {
    let mut t = Tournament {
        total_rounds: 3,
        initial_color: Color::White,
        players: players(6),
        ..Default::default()
    };
    t.players[5].withdrawn = true;
    t.players[1].rounds = vec![RoundEntry::Bye(pairing::ByeKind::Zero)];
    let p = dutch::pair(&t, 1).unwrap();
    let ids: BTreeSet<u32> = p
        .boards
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(p.bye)
        .collect();
    assert_eq!(ids, [1, 3, 4, 5].into_iter().collect());
}

#[test]
fn check_pairing_names_the_broken_criteria() {
    let path = data_dir().join("r2-bye-absence.trf");
    let t = pairing::trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    // a rematch: 1 and 4 met in round 1
    let bad = pairing::Pairing {
        boards: vec![(4, 1), (2, 3)],
        bye: None,
    };
    let v = dutch::check_pairing(&t, 2, &bad);
    assert!(
        v.iter()
            .any(|v| v.criterion == "C1" && v.players == vec![4, 1]),
        "{v:?}"
    );
    // a legal pairing that floats the bye receiver again: worse in C14
    let worse = pairing::Pairing {
        boards: vec![(2, 1), (3, 4)],
        bye: None,
    };
    let v = dutch::check_pairing(&t, 2, &worse);
    assert!(!v.is_empty(), "{v:?}");
    assert!(
        v.iter().all(|v| v.criterion != "C1" && v.criterion != "C3"),
        "{v:?}"
    );
    // a player left out
    let missing = pairing::Pairing {
        boards: vec![(3, 1)],
        bye: None,
    };
    let v = dutch::check_pairing(&t, 2, &missing);
    assert!(v.iter().any(|v| v.criterion == "C4"), "{v:?}");
}

#[test]
fn cli_writes_the_next_round_and_checks_a_file() {
    let exe = env!("CARGO_BIN_EXE_pairing");
    let dir = std::env::temp_dir().join(format!("dutch-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.pairs");
    let input = data_dir().join("r2-four-colours.trf");
    let st = std::process::Command::new(exe)
        .args([
            "--dutch",
            input.to_str().unwrap(),
            "-p",
            out.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "2\n2 1\n3 4\n");

    // -c on a file whose round 1 is the engine's pairing: agrees
    let st = std::process::Command::new(exe)
        .args(["--dutch", input.to_str().unwrap(), "-c"])
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stdout)
    );

    // errors: missing file → non-zero exit, message on stderr, no panic
    let st = std::process::Command::new(exe)
        .args(["--dutch", dir.join("missing.trf").to_str().unwrap(), "-c"])
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(2));
    assert!(!st.stderr.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
