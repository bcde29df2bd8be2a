//! The `pairing` command line: `standings` (table and JSON) and `--round-robin`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn pairing(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pairing"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn standings_json_lists_every_player_with_the_codes_asked_for() {
    let file = data("tiny-swiss.trf");
    let (code, stdout, stderr) = pairing(&[
        "standings",
        file.to_str().unwrap(),
        "--tiebreaks",
        "PTS,BH/C1,BH,SB,WIN,ARO",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let rows: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0]["sno"], 1);
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[1]["sno"], 3);
    assert_eq!(rows[1]["values"]["BH/C1"], 4.5);
    assert_eq!(rows[1]["values"]["WIN"], 1);
    assert_eq!(rows[2]["values"]["SB"], 1.75);
    // The 2024 edition does not cap the dummy opponent's score.
    let (_, stdout, _) = pairing(&[
        "standings",
        file.to_str().unwrap(),
        "--tiebreaks",
        "PTS,SB",
        "--edition",
        "2024",
        "--json",
    ]);
    let rows: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(rows[1]["values"]["SB"], 4.25);
}

#[test]
fn standings_table_is_printed() {
    let file = data("tiny-swiss.trf");
    let (code, stdout, _) = pairing(&["standings", file.to_str().unwrap(), "--tiebreaks", "BH"]);
    assert_eq!(code, 0);
    assert!(stdout.lines().next().unwrap().contains("BH"));
    assert!(stdout.contains("Adams, Alice"));
    assert_eq!(stdout.lines().count(), 6);
}

#[test]
fn errors_are_sentences_and_exit_codes() {
    let file = data("tiny-swiss.trf");
    let (code, _, stderr) = pairing(&["standings", file.to_str().unwrap(), "--tiebreaks", "BH,XX"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown tie-break \"XX\""), "{stderr}");
    let (code, _, stderr) = pairing(&["standings", "/nonexistent.trf", "--tiebreaks", "BH"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot read"), "{stderr}");
    let bad = std::env::temp_dir().join(format!("pairing-bad-{}.trf", std::process::id()));
    std::fs::write(&bad, "001 abcd\n").unwrap();
    let (code, _, stderr) = pairing(&["standings", bad.to_str().unwrap()]);
    std::fs::remove_file(&bad).ok();
    assert_eq!(code, 1);
    assert!(stderr.contains("line 1, column 5"), "{stderr}");
    let (code, _, _) = pairing(&[]);
    assert_eq!(code, 2);
}

#[test]
fn round_robin_pairs_the_next_round() {
    // The tiny Swiss read as a round robin of 5: three rounds are in the file,
    // so round 4 of the Berger table for 5 (6) players: 6-5, 1-4, 2-3 with 5 free.
    let file = data("tiny-swiss.trf");
    let out = std::env::temp_dir().join(format!("pairing-rr-{}.pairs", std::process::id()));
    let (code, _, stderr) = pairing(&[
        "--round-robin",
        file.to_str().unwrap(),
        "-p",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    assert_eq!(text, "3\n1 4\n2 3\n5 0\n");
}

#[test]
fn cli_json_reproduces_every_fixture_ranking() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/tiebreaks");
    if !dir.is_dir() {
        println!("SKIPPED: ../shared/fixtures not found ({})", dir.display());
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for path in &files {
        let fixture: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let trf = dir.join(fixture["trf"].as_str().unwrap());
        for (rank_key, order_key) in [("rank", "rank_order"), ("rank_alt", "rank_order_alt")] {
            let order: Vec<&str> = fixture[order_key]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let (code, stdout, stderr) = pairing(&[
                "standings",
                trf.to_str().unwrap(),
                "--tiebreaks",
                &order.join(","),
                "--json",
            ]);
            assert_eq!(code, 0, "{stderr}");
            let rows: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            for row in rows.as_array().unwrap() {
                let sno = row["sno"].as_u64().unwrap() as usize;
                let expected = &fixture["results"][sno - 1];
                assert_eq!(
                    row["rank"],
                    expected[rank_key],
                    "{} sno {sno}",
                    path.display()
                );
                for code in &order {
                    // DE depends on its place in the order; the fixtures give it after PTS.
                    if *code == "DE" {
                        continue;
                    }
                    let got = row["values"][*code].as_f64();
                    let want = expected["values"][*code].as_f64();
                    let alternative = fixture["alternatives"].as_array().unwrap().iter().any(|a| {
                        a["sno"].as_u64() == Some(sno as u64)
                            && a["key"] == *code
                            && a["value"].as_f64() == got
                    });
                    assert!(
                        got == want || alternative,
                        "{} sno {sno} {code}",
                        path.display()
                    );
                }
            }
        }
    }
}
