//! FEN validity: fen-valid.txt loads and round-trips; fen-invalid.tsv is
//! rejected. Policy (see `rules::fen`): we enforce every reason the fixture
//! lists (kings, pawns on the back rank, too many pieces/pawns, side not to
//! move in check, too many checkers, impossible check, bad en passant square).
//! Chess960 start positions 0–959 match chess960-start-positions.txt.

mod common;

use rules::Position;

#[test]
fn in_repo_fens() {
    for case in rules::perft::parse_epd(&common::data("perft.epd")) {
        let pos = Position::from_fen(&case.fen).unwrap();
        assert_eq!(pos.to_fen(), case.fen);
    }
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K e3 0 1",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(Position::from_fen(bad).is_err(), "{bad}");
    }
}

#[test]
fn shared_fen_valid_round_trip() {
    let Some(dir) = common::shared_fixtures("fen-valid.txt") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/fen-valid.txt"));
    let (mut ok, mut total) = (0, 0);
    let mut bad = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        total += 1;
        // Round trip in the notation the line uses: Shredder letters when the
        // castling field names files, otherwise KQkq.
        let shredder = line
            .split_whitespace()
            .nth(2)
            .is_some_and(|c| c.chars().any(|ch| !"KQkq-".contains(ch)));
        match Position::from_fen(line) {
            Ok(p) if shredder && p.to_shredder_fen() == line.trim() => ok += 1,
            Ok(p) if !shredder && p.to_fen() == line.trim() => ok += 1,
            Ok(p) => bad.push(format!("{line} -> {}", p.to_fen())),
            Err(e) => bad.push(format!("{line}: {e}")),
        }
    }
    println!("fen-valid: {ok}/{total} load and round-trip");
    assert!(bad.is_empty(), "{}", bad[..bad.len().min(10)].join("\n"));
}

#[test]
fn shared_fen_invalid_rejected() {
    let Some(dir) = common::shared_fixtures("fen-invalid.tsv") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/fen-invalid.tsv"));
    let (mut ok, mut total) = (0, 0);
    let mut bad = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (fen, reasons) = line.split_once('\t').unwrap_or((line, ""));
        total += 1;
        match Position::from_fen(fen) {
            Err(_) => ok += 1,
            Ok(_) => bad.push(format!("{fen}\t{reasons}")),
        }
    }
    println!("fen-invalid: {ok}/{total} rejected");
    assert!(bad.is_empty(), "{}", bad[..bad.len().min(10)].join("\n"));
}

#[test]
fn chess960_start_positions_match_fixture() {
    for sp in [0u16, 518, 959] {
        let p = Position::chess960(sp).unwrap();
        assert_eq!(p.legal_moves().len(), 20);
    }
    let Some(dir) = common::shared_fixtures("chess960-start-positions.txt") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/chess960-start-positions.txt"));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 960);
    for (sp, line) in lines.iter().enumerate() {
        let ours = Position::chess960(sp as u16).unwrap();
        let theirs = Position::from_fen(line).unwrap();
        assert_eq!(ours, theirs, "start position {sp}");
        assert_eq!(ours.to_shredder_fen(), theirs.to_shredder_fen());
    }
    println!("chess960: 960/960 start positions agree");
}
