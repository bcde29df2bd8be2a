//! Move input: the shared verdict samples (English and 16 languages), the
//! built binary once, SAN round trips in every letter set, and the seed Laws'
//! Polish and Czech sample games.

mod common;

use rules::san::{read_move, verdict_line, write_san, write_san_in, LetterSet, MoveReading};
use rules::Position;
use std::io::Write;
use std::process::{Command, Stdio};

fn expected_verdict(expected: &str, canonical: &str) -> String {
    match expected {
        "legal" => format!("legal\t{canonical}"),
        "invalid" => "illegible".to_string(),
        other => other.to_string(),
    }
}

#[test]
fn move_input_sample_english() {
    let Some(dir) = common::shared_fixtures("move-input-sample.tsv") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/move-input-sample.tsv"));
    let (mut ok, mut total) = (0, 0);
    let mut bad = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (fen, input, expected, canonical) = (f[0], f[2], f[3], f.get(4).copied().unwrap_or(""));
        total += 1;
        let got = verdict_line(&format!("{fen}\t{input}"), LetterSet::ENGLISH);
        let got_kind = got.split('\t').next().unwrap_or("");
        let want = expected_verdict(expected, canonical);
        // For "ambiguous" the sample gives no candidate list: compare the kind only.
        if got == want || (expected == "ambiguous" && got_kind == "ambiguous") {
            ok += 1;
        } else {
            bad.push(format!("{fen} | {input} | want {want} | got {got}"));
        }
    }
    println!("move-input-sample: {ok}/{total} verdicts agree");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn move_input_sample_localized() {
    let Some(dir) = common::shared_fixtures("move-input-sample-localized.tsv") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/move-input-sample-localized.tsv"));
    let (mut ok, mut total) = (0, 0);
    let mut bad = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (lang, fen, local, english) = (f[0], f[1], f[2], f[3]);
        total += 1;
        let letters = LetterSet::from_code(lang).expect(lang);
        let got = verdict_line(&format!("{fen}\t{local}"), letters);
        let pos = Position::from_fen(fen).unwrap();
        let back = read_move(&pos, english, LetterSet::ENGLISH)
            .legal()
            .map(|m| write_san_in(&pos, m, letters));
        if got == format!("legal\t{english}") && back.as_deref() == Some(local) {
            ok += 1;
        } else {
            bad.push(format!(
                "{lang} {fen} | {local} | want {english} | got {got} | wrote {back:?}"
            ));
        }
    }
    println!("move-input-sample-localized: {ok}/{total} agree");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn binary_read_move() {
    let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tSf3\n\
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tSf4\n\
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tZ5\n\
                 4k3/8/8/8/8/8/4K3/R6R w - - 0 1\tWd1\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-rules"))
        .args(["read-move", "--lang", "pl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run chess-rules");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        vec!["legal\tNf3", "illegal", "illegible", "ambiguous\tRad1,Rhd1"]
    );
}

#[test]
fn binary_read_move_sample_file() {
    let Some(dir) = common::shared_fixtures("move-input-sample.tsv via the binary") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/move-input-sample.tsv"));
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    let input: String = rows
        .iter()
        .map(|f| format!("{}\t{}\n", f[0], f[2]))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-rules"))
        .args(["read-move", "--lang", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run chess-rules");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let got: Vec<&str> = text.lines().collect();
    assert_eq!(got.len(), rows.len());
    let mut ok = 0;
    for (f, g) in rows.iter().zip(got) {
        let want = expected_verdict(f[3], f.get(4).copied().unwrap_or(""));
        if g == want || (f[3] == "ambiguous" && g.starts_with("ambiguous\t")) {
            ok += 1;
        }
    }
    println!("binary read-move: {ok}/{} verdicts agree", rows.len());
    assert_eq!(ok, rows.len());
}

fn sample_positions() -> Vec<Position> {
    let mut v = vec![Position::startpos()];
    for case in rules::perft::parse_epd(&common::data("perft.epd")) {
        v.push(Position::from_fen(&case.fen).unwrap());
    }
    if let Some(dir) = common::shared_fixtures("positions for SAN round trips") {
        let text = common::read_text(&dir.join("rules/perft-tricky.epd"));
        for case in rules::perft::parse_epd(&text) {
            if let Ok(p) = Position::from_fen_lenient(&case.fen) {
                v.push(p);
            }
        }
        let text = common::read_text(&dir.join("rules/fen-valid.txt"));
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(100) {
            if let Ok(p) = Position::from_fen(line) {
                v.push(p);
            }
        }
    }
    v
}

#[test]
fn every_move_round_trips_in_every_letter_set() {
    let sets: Vec<LetterSet> = LetterSet::codes()
        .filter_map(LetterSet::from_code)
        .collect();
    let mut checked = 0u64;
    for root in sample_positions() {
        let mut positions = vec![root.clone()];
        for m in root.legal_moves().iter() {
            positions.push(root.play(*m).unwrap());
        }
        for pos in positions {
            for &m in pos.legal_moves().iter() {
                for &set in &sets {
                    let text = write_san_in(&pos, m, set);
                    assert_eq!(
                        read_move(&pos, &text, set),
                        MoveReading::Legal(m),
                        "{} {text} ({})",
                        pos.to_fen(),
                        set.code()
                    );
                    checked += 1;
                }
                // Castling in king-to-rook form: exact in Chess960 (king-two-squares
                // may name a plain king step there).
                let uci = m.to_uci(m.is_castle());
                assert_eq!(
                    read_move(&pos, &uci, LetterSet::ENGLISH),
                    MoveReading::Legal(m)
                );
            }
        }
    }
    println!("SAN round trips: {checked} (move, letter set) pairs");
}

fn replay(moves: &str, lang: &str) -> Position {
    let letters = LetterSet::from_code(lang).unwrap();
    let mut pos = Position::startpos();
    for tok in rules::pgn::movetext_tokens(moves) {
        match read_move(&pos, &tok, letters) {
            MoveReading::Legal(m) => pos = pos.play(m).unwrap(),
            other => panic!("{tok}: {other:?} in {}", pos.to_fen()),
        }
    }
    pos
}

#[test]
fn seed_polish_sample_game() {
    let pos = replay(
        "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Hxd4 d5 6.exd6 e.p. Sxd6 7.Gg5 Sc6 8.He3+ Ge7 \
         9.Sbd2 0-0 10.0-0-0 We8 11.Kb1 (=)",
        "pl",
    );
    assert_eq!(
        pos.to_fen(),
        "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11"
    );
}

#[test]
fn seed_czech_sample_game() {
    let pos = replay(
        "1.d4 Jf6 2.c4 e6 3.Jc3 Sb4 4.Sd2 0-0 5.e4 d5 6.exd5 exd5 7.cxd5 Sxc3 8.Sxc3 Jxd5 \
         9.Jf3 b6 10.Db3 Jxc3 11.bxc3 c5 12.Se2 cxd4 13.Jxd4 Ve8 14.0-0 Jd7 15.a4 Jc5 16.Db4 Sb7 17.a5",
        "cs",
    );
    assert_eq!(pos.turn(), rules::Color::Black);
    assert_eq!(pos.fullmoves(), 17);
}

#[test]
fn in_repo_san_lines() {
    for line in common::data("san-lines.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let pos = replay(f[1], f[0]);
        assert_eq!(pos.to_fen(), f[2], "{line}");
    }
}

#[test]
fn verdicts_in_repo() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let en = LetterSet::ENGLISH;
    assert!(matches!(read_move(&pos, "Rd1", en), MoveReading::Legal(_)));
    assert!(matches!(read_move(&pos, "0-0", en), MoveReading::Legal(_)));
    assert!(matches!(read_move(&pos, "e1g1", en), MoveReading::Legal(_)));
    assert!(matches!(read_move(&pos, "e1h1", en), MoveReading::Legal(_)));
    assert!(matches!(read_move(&pos, "Rb1", en), MoveReading::Legal(_)));
    assert!(matches!(read_move(&pos, "Rf1", en), MoveReading::Legal(_)));
    let amb = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert!(matches!(
        read_move(&amb, "Rd1", en),
        MoveReading::Ambiguous(_)
    ));
    assert_eq!(read_move(&amb, "Ra9", en), MoveReading::Illegible);
    // Leaving the king in check is illegal, not illegible.
    let pinned = Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert_eq!(read_move(&pinned, "Nc3", en), MoveReading::Illegal);
    let _ = write_san(&pos, pos.legal_moves()[0]);
}
