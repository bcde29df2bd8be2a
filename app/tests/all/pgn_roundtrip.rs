//! Issue 17: what the app exports reads back to the same games. Every game of
//! the repository's PGN test data (`rules/tests/data`) and of the shared
//! fixture corpus (standard and Chess960) that replays without error is written
//! through the app's export (`interchange::pgn_text`, the rules core's writer)
//! and read again by `rules::pgn`: same start position, moves, final position,
//! result and Chess960 flag.

use app::domain::interchange::{pgn_text, PgnGame};
use rules::san::LetterSet;
use std::path::{Path, PathBuf};

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p);
        }
    }
}

fn round_trip(path: &Path) -> (usize, usize) {
    let text = rules::pgn::decode(&std::fs::read(path).unwrap());
    let (mut checked, mut chess960) = (0, 0);
    for g in rules::pgn::read_games(&text).into_iter().flatten() {
        let Ok(r) = rules::pgn::replay(&g, LetterSet::ENGLISH) else {
            continue;
        };
        if r.error.is_some() || !r.null_moves.is_empty() {
            continue;
        }
        let result = g
            .result()
            .filter(|r| ["1-0", "0-1", "1/2-1/2", "*"].contains(&r.as_str()))
            .unwrap_or_else(|| "*".into());
        let out = pgn_text(&PgnGame {
            event: g.tag("Event").unwrap_or("").into(),
            site: String::new(),
            date: "????.??.??".into(),
            round: "1.1".into(),
            white: g.tag("White").unwrap_or("").into(),
            black: g.tag("Black").unwrap_or("").into(),
            white_elo: None,
            black_elo: None,
            white_fide_id: None,
            black_fide_id: None,
            result: result.clone(),
            comment: None,
            chess960: r.chess960,
            start: r.start.clone(),
            moves: r.moves.clone(),
        });
        let what = format!("{} line {}", path.display(), g.line);
        let back = rules::pgn::read_games(&out);
        assert_eq!(back.len(), 1, "{what}:\n{out}");
        let back = back.into_iter().next().unwrap().unwrap();
        let again = rules::pgn::replay(&back, LetterSet::ENGLISH).unwrap();
        assert!(again.error.is_none(), "{what}: {:?}\n{out}", again.error);
        assert_eq!(again.start, r.start, "{what}");
        assert_eq!(again.moves, r.moves, "{what}");
        assert_eq!(again.final_position(), r.final_position(), "{what}");
        assert_eq!(again.chess960, r.chess960, "{what}");
        assert_eq!(
            back.result().unwrap_or_else(|| "*".into()),
            result,
            "{what}"
        );
        checked += 1;
        chess960 += usize::from(r.chess960);
    }
    (checked, chess960)
}

#[test]
fn exported_pgn_reads_back_to_the_same_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    pgn_files(&root.join("../rules/tests/data"), &mut files);
    let shared = root.join("../../shared/fixtures/pgn");
    if shared.is_dir() {
        pgn_files(&shared, &mut files);
    } else {
        println!("SKIPPED: ../shared/fixtures not found (the PGN corpus)");
    }
    let (mut games, mut c960) = (0, 0);
    for f in &files {
        let (g, c) = round_trip(f);
        games += g;
        c960 += c;
    }
    println!(
        "{} files, {games} games ({c960} Chess960) read back the same",
        files.len()
    );
    assert!(games > 0);
    if shared.is_dir() {
        assert!(c960 > 0, "the corpus has Chess960 games");
    }
}
