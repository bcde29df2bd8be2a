//! Issue 17: bulk import of a round's games from one PGN file, over HTTP, on
//! SQLite and PostgreSQL. The file mixes a game matched by FIDE id tags, one
//! with the names spelled differently (no diacritics, "Surname, First", upper
//! case, initials), one whose result contradicts the entered one (listed, never
//! applied), one with an illegal move (stored with its report), one that fits
//! no board and one for a board that already has a game of the file. An
//! unreadable file stores nothing and names the line and column.

use crate::common;

use common::build::EventBuilder;
use common::on_each_backend;
use serde_json::{json, Value};

const NAMES: [&str; 8] = [
    "Łukasz Żółć",
    "Jiří Čermák",
    "Anna Nowak",
    "Zofia Kowalska",
    "Piotr Wiśniewski",
    "Ewa Wójcik",
    "Jan Kamiński",
    "Maria Lewandowska",
];

/// "Łukasz Żółć" → "ZOLC, Lukasz": ASCII, upper-case surname first.
fn respelled(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| match c {
            'Ł' => 'L',
            'ł' => 'l',
            'Ż' | 'Ź' => 'Z',
            'ż' | 'ź' => 'z',
            'ó' => 'o',
            'ć' => 'c',
            'ř' => 'r',
            'í' => 'i',
            'Č' => 'C',
            'á' => 'a',
            'ś' => 's',
            'ń' => 'n',
            c => c,
        })
        .collect();
    let (first, last) = ascii.split_once(' ').unwrap();
    format!("{}, {first}", last.to_uppercase())
}

fn game(white: &str, black: &str, extra: &str, moves: &str, result: &str) -> String {
    format!("[Event \"Import\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{extra}\n{moves} {result}\n\n")
}

#[test]
fn round_import_matches_stores_and_lists() {
    on_each_backend(|app, _| {
        let arb = app.user("arb");
        let tid = NAMES
            .iter()
            .enumerate()
            .fold(
                EventBuilder::swiss(&arb)
                    .named("Import Open")
                    .with(json!({"start_date": "2026-06-01", "end_date": "2026-06-02"}))
                    .rounds(3),
                |e, (i, name)| {
                    e.player(json!({"name": name, "rating": 2400 - i as i64 * 20, "fide_id": 1_100_000 + i as i64}))
                },
            )
            .publish(1)
            .build()
            .tid;
        let base = format!("/api/v1/tournaments/{tid}");
        let round = arb.get(&format!("{base}/rounds/1")).1;
        let boards: Vec<&Value> = round["games"].as_array().unwrap().iter().collect();
        assert_eq!(boards.len(), 4);
        let name = |g: &Value, side: &str| g[side]["name"].as_str().unwrap().to_string();
        let fide = |g: &Value, side: &str| {
            let n = name(g, side);
            1_100_000 + NAMES.iter().position(|x| *x == n).unwrap() as i64
        };
        // Board 3 has its result entered before the import.
        arb.ok(
            arb.put(
                &format!("{base}/games/{}/result", boards[2]["id"]),
                json!({"result": "1-0", "version": boards[2]["version"]}),
            ),
            200,
            "result",
        );

        // An unreadable file: nothing stored, the line and column named.
        let before = app.audit_count();
        let broken = format!(
            "{}[White \"A\"]\n[Black \"B\"]\n\n1. e4 {{never closed\n",
            game(
                &name(boards[0], "white"),
                &name(boards[0], "black"),
                "",
                "1. e4 e5",
                "*"
            )
        );
        let (status, body) = arb.raw(
            reqwest::Method::POST,
            &format!("{base}/rounds/1/games.pgn"),
            "application/x-chess-pgn",
            &broken,
        );
        assert_eq!(status.as_u16(), 422, "{body}");
        let msg = body["error"].as_str().unwrap();
        assert!(msg.contains("line 11, column 7"), "{msg}");
        assert_eq!(
            app.audit_count(),
            before,
            "an unreadable file stores nothing"
        );
        assert_eq!(
            arb.get(&format!("{base}/games/{}/moves", boards[0]["id"]))
                .0
                .as_u16(),
            404
        );

        let b = |i: usize| boards[i];
        let file = [
            // 1. By FIDE id: the names in the file are of no help.
            game(
                "Player One",
                "Player Two",
                &format!(
                    "[WhiteFideId \"{}\"]\n[BlackFideId \"{}\"]\n",
                    fide(b(0), "white"),
                    fide(b(0), "black")
                ),
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
                "1/2-1/2",
            ),
            // 2. Spelled otherwise.
            game(
                &respelled(&name(b(1), "white")),
                &respelled(&name(b(1), "black")),
                "",
                "1. d4 d5 2. c4 e6",
                "0-1",
            ),
            // 3. The result contradicts the entered 1-0.
            game(
                &name(b(2), "white").to_uppercase(),
                &name(b(2), "black"),
                "",
                "1. f3 e5 2. g4 Qh4#",
                "0-1",
            ),
            // 4. An illegal move: stored, with the report saying so.
            game(
                &name(b(3), "white"),
                &name(b(3), "black"),
                "",
                "1. e4 e5 2. Ke3",
                "1-0",
            ),
            // 5. Nobody of this round.
            game("Nobody, Nemo", "Somebody, Else", "", "1. c4 c5", "*"),
            // 6. Board 1 again.
            game(
                &name(b(0), "white"),
                &name(b(0), "black"),
                "",
                "1. e4 c5",
                "*",
            ),
        ]
        .concat();
        let before = app.audit_count();
        let (status, report) = arb.raw(
            reqwest::Method::POST,
            &format!("{base}/rounds/1/games.pgn"),
            "application/x-chess-pgn",
            &file,
        );
        assert_eq!(status.as_u16(), 200, "[{}] {report}", app.label());
        assert_eq!(
            app.audit_count(),
            before + 1,
            "one audit row for the import"
        );
        assert_eq!(report["games_in_file"], 6);
        let matched = report["matched"].as_array().unwrap();
        let boards_matched: Vec<i64> = matched
            .iter()
            .map(|m| m["board"].as_i64().unwrap())
            .collect();
        assert_eq!(boards_matched, vec![1, 2, 3, 4], "{report}");
        assert_eq!(matched[0]["index"], 1);
        assert!(matched[0]["report"]["error"].is_null());
        assert_eq!(matched[0]["report"]["plies"], 6);
        assert_eq!(matched[1]["report"]["plies"], 4);
        // The mate on the board decides (art. 5.1): 0-1, not the entered 1-0.
        assert_eq!(matched[2]["report"]["ending"], "checkmate");
        assert!(
            !matched[2]["warnings"].as_array().unwrap().is_empty(),
            "{report}"
        );
        assert_eq!(matched[3]["report"]["error"]["kind"], "illegal", "{report}");
        assert_eq!(matched[3]["report"]["error"]["ply"], 3);
        let conflicts = report["result_conflicts"].as_array().unwrap();
        assert_eq!(conflicts.len(), 1, "{report}");
        assert_eq!(conflicts[0]["board"], 3);
        assert_eq!(conflicts[0]["result_in_file"], "0-1");
        assert_eq!(conflicts[0]["entered_result"], "1-0");
        let unmatched = report["unmatched"].as_array().unwrap();
        assert_eq!(unmatched.len(), 1, "{report}");
        assert_eq!(unmatched[0]["index"], 5);
        assert!(unmatched[0]["pgn"].as_str().unwrap().contains("1. c4 c5"));
        let ambiguous = report["ambiguous"].as_array().unwrap();
        assert_eq!(ambiguous.len(), 1, "{report}");
        assert_eq!(ambiguous[0]["index"], 6);
        assert_eq!(ambiguous[0]["boards"], json!([1]));
        // Results are never applied by the import.
        let g3 = arb.get(&format!("{base}/games/{}", boards[2]["id"])).1;
        assert_eq!(g3["result"], "1-0", "{g3}");
        let g2 = arb.get(&format!("{base}/games/{}", boards[1]["id"])).1;
        assert_eq!(g2["result"], "*", "{g2}");
        // Each matched game has its moves and report, as the desk shows them.
        let rec = arb
            .get(&format!("{base}/games/{}/moves", boards[0]["id"]))
            .1;
        assert_eq!(rec["format"], "pgn");
        assert!(rec["text"].as_str().unwrap().contains("3. Bb5 a6"), "{rec}");
        // The listed game can be assigned by hand through the desk.
        let assign = arb.ok(
            arb.put(
                &format!("{base}/games/{}/moves", boards[0]["id"]),
                json!({"format": "pgn", "text": ambiguous[0]["pgn"]}),
            ),
            200,
            "assign",
        );
        assert_eq!(assign["report"]["plies"], 2);
        // Anonymous and wrong-role callers are refused.
        let anon = app.client();
        let (s, _) = anon.raw(
            reqwest::Method::POST,
            &format!("{base}/rounds/1/games.pgn"),
            "application/x-chess-pgn",
            &file,
        );
        assert_eq!(s.as_u16(), 401);
        let stranger = app.user("stranger");
        let (s, _) = stranger.raw(
            reqwest::Method::POST,
            &format!("{base}/rounds/1/games.pgn"),
            "application/x-chess-pgn",
            &file,
        );
        assert_eq!(s.as_u16(), 403);
    });
}
