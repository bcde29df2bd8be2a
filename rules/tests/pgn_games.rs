//! PGN: the in-repo game, and every game of ../shared/fixtures/pgn replayed
//! and compared with expected-games.jsonl.

mod common;

use common::{parse_json, Json};
use rules::pgn::{decode, read_games, replay, write_game, PgnErrorKind};
use rules::san::LetterSet;
use std::collections::HashMap;

#[test]
fn in_repo_pgn_reads_replays_and_round_trips() {
    let text = common::data("games.pgn");
    let games = read_games(&text);
    assert_eq!(games.len(), 3);
    let g0 = games[0].as_ref().unwrap();
    let r0 = replay(g0, LetterSet::ENGLISH).unwrap();
    assert!(r0.error.is_none());
    assert!(r0.final_position().is_checkmate());
    let written = write_game(&g0.tags, &r0.start, &r0.moves, "1-0");
    let again = read_games(&written);
    let r1 = replay(again[0].as_ref().unwrap(), LetterSet::ENGLISH).unwrap();
    assert_eq!(r1.moves, r0.moves);
    // Chess960 game with X-FEN castling.
    let g1 = games[1].as_ref().unwrap();
    let r = replay(g1, LetterSet::ENGLISH).unwrap();
    assert!(r.chess960);
    assert!(r.error.is_none(), "{:?}", r.error);
    // Crazyhouse is refused.
    let g2 = games[2].as_ref().unwrap();
    assert!(matches!(
        replay(g2, LetterSet::ENGLISH).unwrap_err().kind,
        PgnErrorKind::UnsupportedVariant(_)
    ));
}

fn fen4(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// Castling field letters may differ (KQkq vs Shredder): compare the rest exactly
/// and the castling field by the set of rook files implied (done by re-reading).
fn same_fen(ours: &rules::Position, theirs: &str) -> bool {
    match rules::Position::from_fen_lenient(theirs) {
        Ok(p) => p.to_fen() == ours.to_fen(),
        Err(_) => false,
    }
}

#[test]
fn shared_pgn_corpus_matches_expected() {
    let Some(dir) = common::shared_fixtures("PGN corpus") else {
        return;
    };
    let dir = dir.join("pgn");
    let expected_text = common::read_text(&dir.join("expected-games.jsonl"));
    let mut cache: HashMap<String, Vec<Result<rules::pgn::PgnGame, rules::pgn::PgnError>>> =
        HashMap::new();
    let (mut total, mut matched) = (0, 0);
    let (mut facts_total, mut facts_matched) = (0, 0);
    let mut mismatches = Vec::new();
    let mut fact_mismatches = Vec::new();
    for line in expected_text.lines().filter(|l| !l.trim().is_empty()) {
        let e: Json = parse_json(line).expect("json line");
        let file = e.get("file").str().unwrap().to_string();
        let idx = e.get("game").num().unwrap() as usize;
        total += 1;
        let games = cache.entry(file.clone()).or_insert_with(|| {
            let bytes = std::fs::read(dir.join(&file)).unwrap();
            read_games(&decode(&bytes))
        });
        let Some(game) = games.get(idx) else {
            mismatches.push(format!(
                "{file}#{idx}: game not found (we read {})",
                games.len()
            ));
            continue;
        };
        let variant = e.get("board_variant").str().unwrap_or("chess");
        let game = match game {
            Ok(g) => g,
            Err(err) => {
                mismatches.push(format!("{file}#{idx}: syntax error {err}"));
                continue;
            }
        };
        let replayed = replay(game, LetterSet::ENGLISH);
        if variant != "chess" {
            match replayed {
                Err(err) if matches!(err.kind, PgnErrorKind::UnsupportedVariant(_)) => matched += 1,
                Ok(r) if r.error.is_some() => matched += 1, // drops (N@f3) are illegible
                other => mismatches.push(format!(
                    "{file}#{idx}: {variant} not refused: {:?}",
                    other.map(|r| r.moves.len())
                )),
            }
            continue;
        }
        let r = match replayed {
            Ok(r) => r,
            Err(err) => {
                mismatches.push(format!("{file}#{idx}: {err}"));
                continue;
            }
        };
        let want_plies = e.get("mainline_plies").num().unwrap() as usize;
        let want_fen = e.get("final_fen").str().unwrap_or("");
        let want_errors = !e.get("parse_errors").arr().is_empty();
        let fin = r.final_position();
        let plies = r.plies.len();
        let ok = plies == want_plies
            && same_fen(fin, want_fen)
            && fin.is_checkmate() == e.get("checkmate").bool()
            && fin.is_stalemate() == e.get("stalemate").bool()
            && r.error.is_some() == want_errors;
        let facts = rules::outcome::draw_facts(&r.positions);
        let want = |k: &str| e.get(k).num().map(|n| n as usize);
        let got_facts = [
            facts.threefold_occurred,
            facts.threefold_claimable,
            facts.fifty_completed,
            facts.fifty_claimable,
            facts.fivefold,
            facts.seventyfive,
        ];
        let want_facts = [
            want("first_ply_threefold_occurred"),
            want("first_ply_threefold_claimable"),
            want("first_ply_fifty_moves_completed"),
            want("first_ply_fifty_claimable"),
            want("first_ply_fivefold"),
            want("first_ply_seventyfive"),
        ];
        facts_total += 1;
        if got_facts == want_facts {
            facts_matched += 1;
        } else if ok {
            fact_mismatches.push(format!(
                "{file}#{idx}: got {got_facts:?} want {want_facts:?}"
            ));
        }
        if ok {
            matched += 1;
        } else {
            mismatches.push(format!(
                "{file}#{idx}: plies {plies} want {want_plies}; fen {} want {}; error {:?} want {:?}",
                fen4(&fin.to_fen()),
                fen4(want_fen),
                r.error.as_ref().map(|x| (x.ply, x.text.clone(), x.kind)),
                e.get("parse_errors").arr().first()
            ));
        }
    }
    println!("{matched}/{total} games match");
    println!(
        "{facts_matched}/{facts_total} games: repetition / fifty / 75-move / fivefold plies match"
    );
    for m in &fact_mismatches {
        println!("FACTS {m}");
    }
    for m in &mismatches {
        println!("MISMATCH {m}");
    }
    // 258 of 269 matched when this was written. The other 11 are places where the
    // reference reader (python-chess) reads differently and we keep our reading:
    // `--` inside words after a nested comment and in `+--` taken as null moves
    // (3); a move error inside a variation ending its main line (2); games it
    // reads no move of (`[pgn]` wrapper, stackOverflow.pgn: 2); tags
    // and a move on one line (1); `Variant "  Standard  "` refused by it (1);
    // `Variant "starwars"` accepted by it and refused by us (1); castling
    // written `O‑O` with a Unicode dash, which we read (1).
    assert!(matched >= 258, "{matched}/{total} games match");
}
