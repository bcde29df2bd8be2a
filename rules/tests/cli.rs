//! The `chess-rules` command-line contracts, through the built binary.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-rules"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run chess-rules");
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn perft_first_line_is_the_count() {
    let out = run(
        &[
            "perft",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "3",
        ],
        "",
    );
    assert_eq!(out.lines().next(), Some("8902"));
    let out = run(
        &[
            "perft",
            "--chess960",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "2",
        ],
        "",
    );
    assert_eq!(out.lines().next(), Some("528"));
}

#[test]
fn can_mate_lines() {
    let out = run(
        &["can-mate"],
        "8/8/8/4R2P/8/5k2/7K/7r w - - 9 48\tb\n\
         8/8/8/4R2P/8/5k2/7K/7r w - - 9 48\tw\n\
         7k/8/6K1/8/8/8/8/2B5 b - - 0 1\tw\n\
         garbage\tw\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "no");
    assert!(lines[1].starts_with("yes\t"));
    // The witness replays to mate.
    let mut p = rules::Position::from_fen("8/8/8/4R2P/8/5k2/7K/7r w - - 9 48").unwrap();
    for u in lines[1].split('\t').nth(1).unwrap().split_whitespace() {
        p = p.play(rules::uci::parse_uci(&p, u).unwrap()).unwrap();
    }
    assert!(p.is_checkmate());
    assert_eq!(lines[2], "no");
    assert_eq!(lines[3], "unknown");
}

#[test]
fn validate_writes_one_json_object_per_game() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games.pgn");
    let out = run(&["validate", "--lang", "en", path.to_str().unwrap()], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let g0 = common::parse_json(lines[0]).unwrap();
    assert_eq!(g0.get("index").num(), Some(0.0));
    assert_eq!(g0.get("plies").num(), Some(7.0));
    assert_eq!(g0.get("ending").str(), Some("checkmate"));
    assert_eq!(g0.get("result").str(), Some("1-0"));
    assert!(g0.get("result_consistent").bool());
    assert_eq!(g0.get("error"), &common::Json::Null);
    let g2 = common::parse_json(lines[2]).unwrap();
    assert_eq!(g2.get("error").get("kind").str(), Some("syntax"));
}

#[test]
fn validate_by_edition_of_the_laws() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/automatic-draws.pgn");
    let file = path.to_str().unwrap();
    // Without --laws: as before (the games go on to mate; no "laws" key).
    let out = run(&["validate", file], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for l in &lines {
        let g = common::parse_json(l).unwrap();
        assert_eq!(g.get("ending").str(), Some("checkmate"));
        assert_eq!(g.get("laws"), &common::Json::Null);
        assert!(g.get("result_consistent").bool());
    }
    // --laws 2009 is the same verdict, with the edition named.
    let out09 = run(&["validate", "--laws", "2009", file], "");
    for (a, b) in out.lines().zip(out09.lines()) {
        assert_eq!(
            a.replacen(",\"plies\"", ",\"laws\":\"2009\",\"plies\"", 1),
            b
        );
    }
    // --laws 2023 (also --laws=2023): drawn at the automatic draw.
    for args in [
        vec!["validate", "--laws", "2023", file],
        vec!["validate", "--laws=2023", "--lang", "en", file],
    ] {
        let out = run(&args, "");
        let g: Vec<common::Json> = out
            .lines()
            .map(|l| common::parse_json(l).unwrap())
            .collect();
        assert_eq!(g[0].get("laws").str(), Some("2023"));
        assert_eq!(g[0].get("ending").str(), Some("fivefold"));
        assert_eq!(g[0].get("plies").num(), Some(16.0));
        assert_eq!(g[1].get("ending").str(), Some("seventyfive"));
        assert_eq!(g[1].get("plies").num(), Some(10.0));
        assert!(!g[1].get("result_consistent").bool());
    }
    // An unknown edition is a usage error.
    let status = Command::new(env!("CARGO_BIN_EXE_chess-rules"))
        .args(["validate", "--laws", "2014", file])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}
