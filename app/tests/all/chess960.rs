//! Issue 17, over HTTP only, on SQLite and PostgreSQL: an 8-player Chess960
//! Swiss of 3 rounds and the same for standard chess. Chess960 start positions
//! (FIDE Laws, Guidelines II) are drawn when a round is paired, entered by the
//! arbiter (round 1), drawn again (round 2) and drawn per board (round 3); they
//! are hidden from the public until the round is published, cannot change after,
//! show on the public round page and in the pairings PDF and scoresheets. Moves
//! are entered without `start` (a Chess960 castling among them) and the
//! tournament PGN, re-read by `rules::pgn`, gives the same games: start
//! positions, moves and results.

use crate::common;

use common::build::EventBuilder;
use common::{on_each_backend, Client, TestApp};
use rules::san::{read_move, write_san, LetterSet, MoveReading};
use rules::{Move, Position};
use serde_json::{json, Value};
use std::collections::HashMap;

struct Dice(u64);
impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// What was entered for a game: start, moves, result.
struct Entered {
    start: Position,
    moves: Vec<Move>,
    result: String,
}

fn create(arb: &Client, variant: &str) -> i64 {
    let mut e = EventBuilder::swiss(arb)
        .named(&format!("{variant} Swiss"))
        .with(json!({"start_date": "2026-06-01", "end_date": "2026-06-03", "variant": variant}))
        .rounds(3);
    for i in 0..8 {
        let mut p = json!({"name": format!("Gracz Żółć {i}"), "rating": 2200 - i * 25});
        if i % 2 == 0 {
            p["fide_id"] = json!(1_000_000 + i);
        }
        e = e.player(p);
    }
    i64::from(e.build().tid)
}

/// Plays up to `plies` random legal moves after `opening` (SAN) from `start`.
fn random_game(start: &Position, opening: &[&str], plies: usize, dice: &mut Dice) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = vec![];
    for san in opening {
        let MoveReading::Legal(m) = read_move(&pos, san, LetterSet::ENGLISH) else {
            panic!("{san} is not legal in {}", pos.to_fen());
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    while moves.len() < plies {
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        if legal.is_empty() {
            break;
        }
        let m = legal[(dice.next() % legal.len() as u64) as usize];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The moves as a scoresheet in English letters, or as PGN movetext.
fn movetext(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = vec![];
    for (i, &m) in moves.iter().enumerate() {
        let san = write_san(&pos, m);
        if i % 2 == 0 {
            out.push(format!("{}.{san}", i / 2 + 1));
        } else {
            out.push(san);
        }
        pos.play_unchecked(m);
    }
    out.join(" ")
}

fn final_position(start: &Position, moves: &[Move]) -> Position {
    let mut pos = start.clone();
    for &m in moves {
        pos.play_unchecked(m);
    }
    pos
}

fn page(c: &Client, path: &str) -> String {
    match c.get(path) {
        (s, Value::String(html)) if s.as_u16() == 200 => html,
        (s, v) => panic!("{path}: {s} {v}"),
    }
}

fn run(app: &TestApp, variant: &str) {
    let chess960 = variant == "chess960";
    let arb = app.user("arb");
    let anon = app.client();
    let tid = create(&arb, variant);
    let base = format!("/api/v1/tournaments/{tid}");
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let mut entered: HashMap<String, Entered> = HashMap::new();
    let castling_sp = rules::chess960::number_of("BBQRNNKR").unwrap() as i64;
    for n in 1..=3 {
        let r = arb.ok(arb.post(&format!("{base}/rounds"), json!({})), 201, "pair");
        if !chess960 {
            assert!(r["chess960"].is_null(), "{r}");
            let refused = arb.post(
                &format!("{base}/rounds/{n}/chess960"),
                json!({"mode": "draw"}),
            );
            assert_eq!(refused.0.as_u16(), 409, "{}", refused.1);
        } else {
            // Drawn at pairing time, hidden from the public until published.
            let drawn = r["chess960"]["position"]["number"].as_i64().unwrap();
            assert!((0..960).contains(&drawn));
            let public = anon.get(&format!("{base}/rounds/{n}")).1;
            assert!(public["chess960"].is_null(), "{public}");
            let before = app.audit_count();
            let set = match n {
                // Drawn physically and entered.
                1 => json!({"mode": "enter", "position": castling_sp}),
                2 => json!({"mode": "draw"}),
                _ => json!({"mode": "draw", "per_board": true}),
            };
            let p = arb.ok(
                arb.post(&format!("{base}/rounds/{n}/chess960"), set),
                200,
                "positions",
            );
            assert_eq!(app.audit_count(), before + 1, "one audit row per draw");
            if n == 1 {
                assert_eq!(p["position"]["number"].as_i64(), Some(castling_sp));
                assert_eq!(p["position"]["back_rank"], "BBQRNNKR");
            }
            if n == 3 {
                assert_eq!(p["per_board"], true, "{p}");
                assert_eq!(p["boards"].as_array().unwrap().len(), 4, "{p}");
                // One board's position drawn in the hall.
                let one = arb.ok(
                    arb.post(
                        &format!("{base}/rounds/{n}/chess960"),
                        json!({"mode": "enter", "position": castling_sp, "board": 2}),
                    ),
                    200,
                    "one board",
                );
                assert_eq!(one["boards"][1]["board"], 2);
                assert_eq!(
                    one["boards"][1]["position"]["number"].as_i64(),
                    Some(castling_sp)
                );
                assert_eq!(one["boards"][0]["position"], p["boards"][0]["position"]);
                let no_board = arb.post(
                    &format!("{base}/rounds/{n}/chess960"),
                    json!({"mode": "enter", "position": 1, "per_board": true}),
                );
                assert_eq!(no_board.0.as_u16(), 422, "{}", no_board.1);
            }
            let bad = arb.post(
                &format!("{base}/rounds/{n}/chess960"),
                json!({"mode": "enter", "position": 960}),
            );
            assert_eq!(bad.0.as_u16(), 422, "{}", bad.1);
        }
        arb.ok(
            arb.post(&format!("{base}/rounds/{n}/publish"), json!({})),
            200,
            "publish",
        );
        let round = arb.get(&format!("{base}/rounds/{n}")).1;
        if chess960 {
            let again = arb.post(
                &format!("{base}/rounds/{n}/chess960"),
                json!({"mode": "draw"}),
            );
            assert_eq!(again.0.as_u16(), 409, "redrawn after publication");
            // The refusal cites the Chess960 rules of the event's edition (2023).
            assert!(
                again
                    .1
                    .to_string()
                    .contains("(Guidelines II: drawn before the round)"),
                "{}",
                again.1
            );
            // The public round page and the PDFs say which position is played.
            let c = &round["chess960"];
            let html = page(&anon, &format!("/t/{tid}/rounds/{n}"));
            let pdf = arb.pdf_text(&format!("{base}/rounds/{n}/pairings.pdf"));
            let sheets = arb.pdf_text(&format!("{base}/rounds/{n}/scoresheets.pdf"));
            let shown: Vec<&Value> = match c["position"].is_null() {
                false => vec![&c["position"]],
                true => c["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| &b["position"])
                    .collect(),
            };
            for p in shown {
                let number = p["number"].as_i64().unwrap();
                let back = p["back_rank"].as_str().unwrap();
                assert!(
                    html.contains(&format!("Chess960 {number}")),
                    "page lacks {number}"
                );
                assert!(html.contains(back));
                if let Some(t) = &pdf {
                    assert!(t.contains(&format!("start position {number}")), "{t}");
                    assert!(t.contains(back), "{t}");
                }
                if let Some(t) = &sheets {
                    assert!(t.contains(&format!("{number}: {back}")), "{t}");
                }
            }
            if n == 1 {
                assert!(pdf.is_none_or(|t| t.contains("every board")));
                let xfen = c["position"]["xfen"].as_str().unwrap();
                assert!(html.contains(xfen), "page lacks {xfen}");
            }
        }
        // Moves without `start`; the result entered first.
        for g in round["games"].as_array().unwrap() {
            if g["black"].is_null() {
                continue;
            }
            let gid = g["id"].as_i64().unwrap();
            let board = g["board"].as_i64().unwrap();
            let start = if chess960 {
                let c = &round["chess960"];
                let sp = c["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|b| b["game_id"].as_i64() == Some(gid))
                    .map(|b| &b["position"])
                    .unwrap_or(&c["position"])["number"]
                    .as_i64()
                    .unwrap();
                Position::chess960(sp as u16).unwrap()
            } else {
                Position::startpos()
            };
            let opening: &[&str] = if chess960 && n == 1 {
                // Guidelines II.3.2: O-O leaves the king on g1, the h-rook goes to f1.
                &["Ng3", "Ng6", "O-O", "O-O"]
            } else {
                &[]
            };
            let moves = random_game(&start, opening, 20 + (dice.next() % 40) as usize, &mut dice);
            let end = final_position(&start, &moves);
            let result = if end.is_checkmate() {
                if end.turn() == rules::Color::White {
                    "0-1"
                } else {
                    "1-0"
                }
            } else if end.is_stalemate() {
                "1/2-1/2"
            } else {
                ["1-0", "0-1", "1/2-1/2"][(dice.next() % 3) as usize]
            };
            arb.set_result(tid, g, result);
            let text = movetext(&start, &moves);
            let body = if board % 2 == 0 {
                json!({"format": "scoresheet", "notation": "en", "text": text})
            } else {
                json!({"format": "pgn", "text": format!("{text} {result}")})
            };
            let rec = arb.ok(
                arb.put(&format!("{base}/games/{gid}/moves"), body),
                200,
                "moves",
            );
            assert!(rec["report"]["error"].is_null(), "{rec}");
            assert_eq!(rec["report"]["plies"].as_u64(), Some(moves.len() as u64));
            assert_eq!(rec["start_fen"].as_str(), Some(start.to_fen().as_str()));
            assert_eq!(rec["warnings"], json!([]), "{rec}");
            if !opening.is_empty() {
                let after_castling = final_position(&start, &moves[..4]);
                assert!(
                    after_castling.board_fen().ends_with("BBQRNRK1"),
                    "{}",
                    after_castling.to_fen()
                );
            }
            // The public game page shows the moves.
            let html = page(&anon, &format!("/t/{tid}/games/{gid}"));
            let first = write_san(&start, moves[0]);
            assert!(html.contains(&first), "game page lacks {first}");
            if chess960 {
                let xfen = start.to_xfen();
                assert!(html.contains(&xfen), "game page lacks {xfen}");
            }
            entered.insert(
                format!("{n}.{board}"),
                Entered {
                    start,
                    moves,
                    result: result.to_string(),
                },
            );
        }
    }
    // The tournament PGN, re-read by the rules core, gives the same games.
    let (status, _, bytes) = anon.bytes(&format!("{base}/tournament.pgn"));
    assert_eq!(status.as_u16(), 200);
    let text = rules::pgn::decode(&bytes);
    let games = rules::pgn::read_games(&text);
    assert_eq!(games.len(), entered.len(), "{text}");
    for g in games {
        let g = g.unwrap();
        let key = g.tag("Round").unwrap().to_string();
        let want = entered.get(&key).unwrap_or_else(|| panic!("game {key}"));
        assert_eq!(g.tag("Variant"), chess960.then_some("Chess960"), "{key}");
        let std_start = want.start == Position::startpos();
        assert_eq!(g.tag("SetUp").is_some(), !std_start, "{key}");
        let r = rules::pgn::replay(&g, LetterSet::ENGLISH).unwrap();
        assert!(r.error.is_none(), "{key}: {:?}", r.error);
        assert_eq!(r.chess960, chess960);
        assert_eq!(r.start, want.start, "{key}");
        assert_eq!(r.moves, want.moves, "{key}");
        assert_eq!(
            r.final_position(),
            &final_position(&want.start, &want.moves),
            "{key}"
        );
        assert_eq!(g.result().as_deref(), Some(want.result.as_str()), "{key}");
    }
    // Round and game exports come from the same writer.
    let (_, _, round1) = anon.bytes(&format!("{base}/rounds/1.pgn"));
    let round1 = String::from_utf8(round1).unwrap();
    assert_eq!(round1.matches("[Event ").count(), 4);
    if chess960 {
        assert!(round1.contains("[Variant \"Chess960\"]"));
        assert!(round1.contains("[FEN \""));
        assert!(round1.contains("2. O-O O-O"), "{round1}");
    }
}

#[test]
fn chess960_swiss_end_to_end() {
    on_each_backend(|app, _| {
        run(app, "chess960");
    });
}

#[test]
fn standard_swiss_end_to_end() {
    on_each_backend(|app, _| {
        run(app, "standard");
    });
}
