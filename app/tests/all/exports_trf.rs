//! TRF import and export, and PGN export, over HTTP on SQLite and PostgreSQL:
//! a FIDE Dutch fixture imported mid-way is paired on by the server exactly as
//! the endorsed engine did; export → import → export gives the same file; a bad
//! file is refused with its line and column; an import is one audit row.

use crate::common;

use common::{on_each_backend, Client, TestApp};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Fixture cases (`<stem>.trf` + `<stem>.pairs`): from ../shared when present,
/// else the small case kept in tests/data.
fn cases() -> Vec<(PathBuf, String)> {
    let shared =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures/pairing/dutch");
    if shared.is_dir() {
        // Plain, with a zero-point absence and forfeits, with a half-point
        // absence and black1, with many forfeits and a bye.
        ["n009a-r03", "n009b-r05", "n011a-r03", "n016b-r06"]
            .iter()
            .map(|s| (shared.clone(), s.to_string()))
            .collect()
    } else {
        println!("SKIPPED: ../shared/fixtures not found; using tests/data");
        vec![(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
            "n011a-r03".to_string(),
        )]
    }
}

/// The raw text of a GET.
fn get_text(app: &TestApp, path: &str) -> (u16, String, String) {
    let res = reqwest::blocking::get(format!("{}{}", app.base, path)).expect("request");
    let status = res.status().as_u16();
    let ct = crate::common::header(&res, "content-type");
    (status, ct, res.text().unwrap_or_default())
}

/// `.pairs`: (white, black) boards and the bye (`P 0`).
fn read_pairs(text: &str) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let mut boards = BTreeSet::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        match v.as_slice() {
            [p, 0] => bye = Some(*p),
            [w, b] => {
                boards.insert((*w, *b));
            }
            _ => {}
        }
    }
    (boards, bye)
}

fn import(app: &TestApp, c: &Client, text: &str) -> serde_json::Value {
    let before = app.audit_count();
    let a = c.import_trf(text);
    assert_eq!(a.0.as_u16(), 201, "[{}] import: {}", app.label(), a.1);
    assert_eq!(
        app.audit_count(),
        before + 1,
        "[{}] an import is ONE audit row",
        app.label()
    );
    a.1
}

#[test]
fn imported_fixture_is_paired_on_like_the_engine_and_round_trips() {
    on_each_backend(|app, _| {
        let org = app.user("importer");
        for (dir, stem) in cases() {
            let trf = std::fs::read_to_string(dir.join(format!("{stem}.trf"))).unwrap();
            let pairs = std::fs::read_to_string(dir.join(format!("{stem}.pairs"))).unwrap();
            let round: u32 = stem.rsplit("-r").next().unwrap().parse().unwrap();
            let v = import(app, &org, &trf);
            let tid = v["tournament"]["id"].as_i64().unwrap();
            assert_eq!(
                v["rounds"].as_u64(),
                Some(round as u64 - 1),
                "[{}] {stem}: rounds imported",
                app.label()
            );

            // export → import → export is the same file
            let (status, ct, first) =
                get_text(app, &format!("/api/v1/tournaments/{tid}/export.trf"));
            assert_eq!(status, 200);
            assert!(ct.starts_with("text/plain"), "{ct}");
            let again = import(app, &org, &first);
            let tid2 = again["tournament"]["id"].as_i64().unwrap();
            let (_, _, second) = get_text(app, &format!("/api/v1/tournaments/{tid2}/export.trf"));
            assert_eq!(
                first,
                second,
                "[{}] {stem}: export → import → export differs",
                app.label()
            );
            // The export keeps what pairing needs: every player line and round block.
            let original = pairing::trf::parse(&trf).unwrap();
            let exported = pairing::trf::parse(&first).unwrap();
            assert_eq!(original.players.len(), exported.players.len());
            for (a, b) in original.players.iter().zip(&exported.players) {
                assert_eq!(
                    a.rounds,
                    b.rounds,
                    "[{}] {stem}: rounds of player {}",
                    app.label(),
                    a.id
                );
                assert_eq!(a.rating, b.rating);
                assert_eq!(a.name, b.name);
            }
            assert_eq!(exported.total_rounds, original.total_rounds);
            assert_eq!(exported.initial_color, original.initial_color);

            // Pair the next round through the server: the engine's answer.
            let r = org.pair_round(tid);
            assert_eq!(r["number"].as_u64(), Some(round as u64));
            let mut boards = BTreeSet::new();
            let mut bye = None;
            for g in r["games"].as_array().unwrap() {
                let w = g["white"]["start_no"].as_u64().unwrap() as u32;
                match g["kind"].as_str().unwrap() {
                    "pending" => {
                        boards.insert((w, g["black"]["start_no"].as_u64().unwrap() as u32));
                    }
                    "pairing_bye" => bye = Some(w),
                    _ => {} // requested byes (the fixture's H/Z absences)
                }
            }
            let (want_boards, want_bye) = read_pairs(&pairs);
            assert_eq!(boards, want_boards, "[{}] {stem}: boards", app.label());
            assert_eq!(bye, want_bye, "[{}] {stem}: bye", app.label());
        }
    });
}

#[test]
fn a_bad_trf_is_refused_with_line_and_column_and_changes_nothing() {
    on_each_backend(|app, _| {
        let org = app.user("importer");
        let before = app.audit_count();
        let bad = "012 Broken\nXXR 5\n001    1      Good, Player                      2000\n001    2      Bad, Rating                       20x0\n";
        let a = org.import_trf(bad);
        assert_eq!(a.0.as_u16(), 422, "{}", a.1);
        assert_eq!(a.1["line"].as_u64(), Some(4), "{}", a.1);
        assert_eq!(a.1["column"].as_u64(), Some(49), "{}", a.1);
        assert_eq!(a.1["code"], "invalid", "every error body has its code");
        assert!(a.1["error"].as_str().unwrap().contains("line 4"), "{}", a.1);
        // Games that do not agree: player 1 won against 2, who also won.
        let inconsistent = "012 X\nXXR 3\n\
001    1      A, A                              2000                             1.0    1     2 w 1\n\
001    2      B, B                              1900                             1.0    2     1 b 1\n";
        let a = org.import_trf(inconsistent);
        assert_eq!(a.0.as_u16(), 422, "{}", a.1);
        assert!(a.1["error"].as_str().unwrap().contains("line 3"), "{}", a.1);
        // Anonymous: 401 before the body is looked at.
        let anon = Client::new(&app.base);
        let a = anon.import_trf(bad);
        assert_eq!(a.0.as_u16(), 401);
        assert_eq!(app.audit_count(), before, "refused imports leave nothing");
        let list = org.get("/api/v1/tournaments").1;
        assert!(
            list.as_array().unwrap().is_empty(),
            "[{}] no tournament was made: {list}",
            app.label()
        );
    });
}

#[test]
fn pgn_of_a_game_a_round_and_the_tournament() {
    on_each_backend(|app, _| {
        let org = app.user("importer");
        let (dir, stem) = cases().remove(0);
        let trf = std::fs::read_to_string(dir.join(format!("{stem}.trf"))).unwrap();
        let v = import(app, &org, &trf);
        let tid = v["tournament"]["id"].as_i64().unwrap();
        let (status, ct, round) = get_text(app, &format!("/api/v1/tournaments/{tid}/rounds/1.pgn"));
        assert_eq!(status, 200, "{round}");
        assert!(ct.starts_with("application/x-chess-pgn"), "{ct}");
        for tag in [
            "[Event \"",
            "[Site \"",
            "[Date \"",
            "[Round \"1.1\"]",
            "[White \"",
            "[Black \"",
            "[Result \"",
            "[WhiteElo \"",
            "[BlackElo \"",
        ] {
            assert!(round.contains(tag), "{tag} missing in {round}");
        }
        let games_in_round = round.matches("[Event ").count();
        assert!(games_in_round >= 4, "{round}");
        let (_, _, all) = get_text(app, &format!("/api/v1/tournaments/{tid}/tournament.pgn"));
        assert!(all.matches("[Event ").count() > games_in_round);
        assert!(all.contains("[Round \"2.1\"]"));
        // One game: its movetext is its result until moves are stored.
        let r1 = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        let g = r1["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["kind"] == "played")
            .unwrap()
            .clone();
        let gid = g["id"].as_i64().unwrap();
        let (status, _, one) = get_text(app, &format!("/api/v1/tournaments/{tid}/games/{gid}.pgn"));
        assert_eq!(status, 200, "{one}");
        assert_eq!(one.matches("[Event ").count(), 1);
        let result = match g["result"].as_str().unwrap() {
            "1-0" => "1-0",
            "0-1" => "0-1",
            _ => "1/2-1/2",
        };
        assert!(one.contains(&format!("[Result \"{result}\"]")), "{one}");
        assert!(one.trim_end().ends_with(result), "{one}");
        let (status, _, _) = get_text(app, &format!("/api/v1/tournaments/{tid}/rounds/9.pgn"));
        assert_eq!(status, 404);
    });
}
