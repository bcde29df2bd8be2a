//! `pairing norms` and `pairing ratings` on the command line.

mod norms_support;

use std::path::PathBuf;
use std::process::Command;

use norms_support::{trf, P, R};

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

fn write_temp(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("pairing-norms-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Case B of tests/norms.rs: IM norm from 8 games and a pairing-allocated
/// bye (Ra 2363, 5/8 = 63 %, Rp 2458); the last round is left unfinished for
/// the forecast.
fn case_b(last: char) -> String {
    let players = [
        P("FM", 2400, "GER", 'm'),
        P("GM", 2500, "ESP", 'm'),
        P("GM", 2480, "FRA", 'm'),
        P("IM", 2420, "NED", 'm'),
        P("IM", 2400, "ESP", 'm'),
        P("FM", 2350, "FRA", 'm'),
        P("", 2300, "GER", 'm'),
        P("", 2250, "NED", 'm'),
        P("", 2200, "GER", 'm'),
    ];
    let rounds = [
        R::G(2, '='),
        R::G(3, '0'),
        R::G(4, '1'),
        R::G(5, '='),
        R::B('U'),
        R::G(6, '='),
        R::G(7, '1'),
        R::G(8, '1'),
        R::G(9, last),
    ];
    trf(
        "012 CLI test\n042 2025/05/01\n092 Individual: Swiss-System\nXXR 9\n",
        &players,
        &rounds,
    )
}

#[test]
fn norms_json_and_text() {
    let file = write_temp("b.trf", &case_b('='));
    let f = file.to_str().unwrap();
    let (code, out, err) = pairing(&["norms", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let im = v[0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "IM")
        .unwrap();
    assert_eq!(im["achieved"], true);
    assert_eq!(im["average"], 2363);
    assert_eq!(im["performance"], 2458);
    assert_eq!(im["counts_as_games"], 9);
    let (code, out, _) = pairing(&["norms", f]);
    assert_eq!(code, 0);
    assert!(
        out.contains("IM  NORM: 8 games, 5.0/8 = 63 %, average 2363, performance 2458"),
        "{out}"
    );
    // As a computer opponent, player 9 takes the game away: no norm.
    let (_, out, _) = pairing(&["norms", f, "--computers", "9"]);
    assert!(out.contains("no norm"), "{out}");
    std::fs::remove_file(file).ok();
}

#[test]
fn norms_forecast() {
    let file = write_temp("b-open.trf", &case_b(' '));
    let f = file.to_str().unwrap();
    // After 7 games 4½ against Ra-to-be 2363: a draw gives 5/8, the norm;
    // a loss 4½/8 = 56 %, Rp 2406: no.
    let (code, out, err) = pairing(&["norms", f, "--forecast"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("round 9 against 9"), "{out}");
    assert!(out.contains("IM  scores giving it: 0.5, 1.0"), "{out}");
    std::fs::remove_file(file).ok();
}

#[test]
fn ratings_json() {
    let file = write_temp("r.trf", &case_b('='));
    let f = file.to_str().unwrap();
    let (code, out, err) = pairing(&["ratings", f, "--json", "--k", "1=40"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["k"], 40);
    assert_eq!(v[0]["games"].as_array().unwrap().len(), 8);
    // The 2025 edition by the start date; 2022 asked for explicitly.
    let (code, _, _) = pairing(&["ratings", f, "--edition", "2022"]);
    assert_eq!(code, 0);
    std::fs::remove_file(file).ok();
}

#[test]
fn bad_arguments_are_usage_errors() {
    assert_eq!(pairing(&["norms"]).0, 2);
    let file = write_temp("e.trf", &case_b('='));
    let f = file.to_str().unwrap();
    let (code, _, err) = pairing(&["norms", f, "--event-kind", "olympiad"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown event kind"));
    assert_eq!(pairing(&["ratings", f, "--k", "x"]).0, 2);
    assert_eq!(pairing(&["norms", "/nonexistent/file.trf"]).0, 1);
    std::fs::remove_file(file).ok();
}
