//! The edition of the Laws a tournament is played under (issue 34), over HTTP
//! on both backends: a new tournament is played under the 2023 Laws unless
//! the organizer chooses another edition, and the same incident gives each
//! edition's consequence, with that edition's articles (read from the one
//! table of `rules::laws`).

use crate::common::{build, on_each_backend, Client, TestApp};
use serde_json::{json, Value};

struct Event {
    tid: i64,
    arb: Client,
}

impl Event {
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.tid)
    }

    fn game(&self, board: i64) -> Value {
        self.arb.get(&self.path("/rounds/1")).1["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["board"] == board)
            .cloned()
            .unwrap()
    }

    fn penalty(&self, board: i64, body: Value) -> (u16, Value) {
        let g = self.game(board);
        let mut body = body;
        body["player_id"] = g["white"]["id"].clone();
        body["version"] = g["version"].clone();
        let (s, v) = self
            .arb
            .post(&self.path(&format!("/games/{}/penalties", g["id"])), body);
        (s.as_u16(), v)
    }
}

/// A tournament of four players with round 1 paired and published; `extra`
/// is merged into the regulations (no `laws_edition`: the default).
fn event(app: &TestApp, name: &str, extra: Value) -> Event {
    let arb = app.user("editions");
    let base = json!({"name": name, "start_date": "2026-05-01", "end_date": "2026-05-03",
        "rounds": 3, "schedule": [{"round": 1, "start": "2026-05-01T10:00"}]});
    let tid = build::round_one(&arb, build::merged(base, extra), 4)
        .tid
        .into();
    Event { tid, arb }
}

const MIDDLEGAME: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

/// The illegal moves of one player, one after another, until the game is
/// decided: the number of the one that lost and the penalties' seconds and
/// articles before it.
fn illegal_moves_until_lost(e: &Event) -> (i64, Vec<(Value, Value)>) {
    let mut before = vec![];
    for n in 1..=5 {
        let (s, a) = e.penalty(1, json!({"kind": "illegal_move", "final_fen": MIDDLEGAME}));
        assert_eq!(s, 201, "{a}");
        if a["game"]["kind"] != "pending" {
            assert_eq!(a["game"]["result"], "0-1", "{a}");
            return (n, before);
        }
        before.push((
            a["penalty"]["seconds"].clone(),
            a["penalty"]["article"].clone(),
        ));
    }
    panic!("five illegal moves and the game goes on");
}

#[test]
fn a_new_tournament_is_played_under_the_2023_laws() {
    on_each_backend(|app, label| {
        let e = event(app, "Current Laws Open", json!({}));
        let t = e.arb.get(&e.path("")).1;
        assert_eq!(t["regulations"]["laws_edition"], "2023", "[{label}] {t}");
        assert!(
            t["regulations"]["illegal_moves_lose"].is_null(),
            "[{label}] {t}"
        );
        // The public regulations say so, with the date of effect and the
        // article of the illegal move that loses.
        let page = Client::new(&app.base).get(&format!("/t/{}", e.tid)).1;
        let page = page.as_str().unwrap_or_default();
        assert!(
            page.contains("FIDE 2023") && page.contains("2023-01-01"),
            "[{label}] {page}"
        );
        assert!(page.contains(": 2 (art. 7.5.5)"), "[{label}] {page}");
        // Editions the API does not know are refused, naming the four.
        let (s, v) = e.arb.post(
            "/api/v1/tournaments",
            json!({"name": "x", "rounds": 3, "laws_edition": "2014"}),
        );
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert!(v.to_string().contains("2023"), "[{label}] {v}");
    });
}

/// 2023 art. 7.5.5: the first completed illegal move gives the opponent two
/// minutes, the second loses. 2009 and 2005 art. 7.4(b): two minutes for
/// each of the first two, the third loses. The same incidents, three
/// tournaments.
#[test]
fn the_illegal_move_that_loses_is_the_editions() {
    on_each_backend(|app, label| {
        for (edition, losing, article) in [
            ("2023", 2, "7.5.5"),
            ("2018", 2, "7.5.5"),
            ("2009", 3, "7.4(b)"),
            ("2005", 3, "7.4(b)"),
        ] {
            let e = event(
                app,
                &format!("Illegal {edition}"),
                json!({"laws_edition": edition}),
            );
            let (n, before) = illegal_moves_until_lost(&e);
            assert_eq!(n, losing, "[{label}] {edition}");
            for (seconds, art) in before {
                assert_eq!(seconds, 120, "[{label}] {edition}");
                assert_eq!(art, article, "[{label}] {edition}");
            }
        }
        // The regulations' own number still rules where they set one.
        let e = event(
            app,
            "Own rule",
            json!({"laws_edition": "2023", "illegal_moves_lose": 3}),
        );
        assert_eq!(illegal_moves_until_lost(&e).0, 3, "[{label}]");
    });
}

/// 2018/2023 art. 7.5.3 and 7.5.4: pressing the clock without a move and a
/// move made with two hands are considered and penalised as illegal moves —
/// they count with the illegal moves (one of each: the second loses). Under
/// 2009 and 2005 neither is an illegal move (refused at the kind, naming the
/// article of the penalties).
#[test]
fn the_clock_without_a_move_and_two_hands_count_as_illegal_moves_from_2018() {
    on_each_backend(|app, label| {
        for edition in ["2023", "2018"] {
            let e = event(
                app,
                &format!("Hands {edition}"),
                json!({"laws_edition": edition}),
            );
            let (s, a) = e.penalty(
                1,
                json!({"kind": "clock_without_move", "final_fen": MIDDLEGAME}),
            );
            assert_eq!(s, 201, "[{label}] {edition}: {a}");
            assert_eq!(a["game"]["kind"], "pending", "[{label}] {edition}: {a}");
            assert_eq!(a["penalty"]["seconds"], 120, "[{label}] {edition}: {a}");
            assert_eq!(
                a["penalty"]["article"], "7.5.3, 7.5.5",
                "[{label}] {edition}: {a}"
            );
            // The move with two hands is the second illegal move: lost.
            let (s, a) = e.penalty(
                1,
                json!({"kind": "two_handed_move", "final_fen": MIDDLEGAME}),
            );
            assert_eq!(s, 201, "[{label}] {edition}: {a}");
            assert_eq!(a["game"]["result"], "0-1", "[{label}] {edition}: {a}");
            assert_eq!(
                a["penalty"]["article"], "7.5.4, 7.5.5",
                "[{label}] {edition}: {a}"
            );
        }
        for (edition, article) in [("2009", "13.4"), ("2005", "13.4")] {
            let e = event(
                app,
                &format!("Hands {edition}"),
                json!({"laws_edition": edition}),
            );
            for kind in ["clock_without_move", "two_handed_move"] {
                let (s, v) = e.penalty(1, json!({"kind": kind, "final_fen": MIDDLEGAME}));
                assert_eq!(s, 422, "[{label}] {edition} {kind}: {v}");
                assert_eq!(v["field"], "kind", "[{label}] {edition} {kind}: {v}");
                assert!(
                    v["error"].as_str().unwrap_or("").contains(article),
                    "[{label}] {edition} {kind}: {v}"
                );
            }
        }
    });
}

/// 2023 A.3 (rapid): time penalties are one minute; 2009 A.4(c): in rapid
/// an illegal move is penalised only on the opponent's claim (refused without
/// one). Blitz of 2009 (B.3(c)): the first claimed illegal move loses; of
/// 2023: the second, as in standard play.
#[test]
fn rapid_and_blitz_follow_the_editions_appendices() {
    on_each_backend(|app, label| {
        let rapid = json!({"periods": [{"minutes": 25}], "increment_seconds": 10});
        let blitz = json!({"periods": [{"minutes": 3}], "increment_seconds": 2});
        let e = event(
            app,
            "Rapid 2023",
            json!({"laws_edition": "2023", "time_control": rapid}),
        );
        let (n, before) = illegal_moves_until_lost(&e);
        assert_eq!(
            (n, before[0].0.clone()),
            (2, json!(60)),
            "[{label}] rapid 2023"
        );
        let e = event(
            app,
            "Rapid 2009",
            json!({"laws_edition": "2009", "time_control": rapid}),
        );
        let (s, v) = e.penalty(1, json!({"kind": "illegal_move", "final_fen": MIDDLEGAME}));
        assert_eq!(s, 422, "[{label}] rapid 2009 needs a claim: {v}");
        assert_eq!(v["field"], "claimed", "[{label}] {v}");
        let e = event(
            app,
            "Blitz 2009",
            json!({"laws_edition": "2009", "time_control": blitz}),
        );
        let (s, a) = e.penalty(
            1,
            json!({"kind": "illegal_move", "final_fen": MIDDLEGAME, "claimed": true}),
        );
        assert_eq!(s, 201, "[{label}] {a}");
        assert_eq!(
            a["game"]["result"], "0-1",
            "[{label}] blitz 2009: the first claimed loses"
        );
        let e = event(
            app,
            "Blitz 2023",
            json!({"laws_edition": "2023", "time_control": blitz}),
        );
        assert_eq!(illegal_moves_until_lost(&e).0, 2, "[{label}] blitz 2023");
    });
}

/// An incorrect draw claim: three minutes to the opponent under 2009 art.
/// 9.5(b), two under 2023 art. 9.5.3 — each cited with its own article.
#[test]
fn an_incorrect_claim_costs_what_the_edition_says() {
    on_each_backend(|app, label| {
        for (edition, seconds, article) in [("2023", 120, "9.5.3"), ("2009", 180, "9.5(b)")] {
            let e = event(
                app,
                &format!("Claims {edition}"),
                json!({"laws_edition": edition}),
            );
            let (s, a) = e.penalty(2, json!({"kind": "incorrect_draw_claim"}));
            assert_eq!(s, 201, "[{label}] {a}");
            assert_eq!(a["penalty"]["seconds"], seconds, "[{label}] {edition}: {a}");
            assert_eq!(a["penalty"]["article"], article, "[{label}] {edition}: {a}");
            assert!(
                a["penalty"]["effect"]
                    .as_str()
                    .unwrap_or("")
                    .contains(article),
                "[{label}] {a}"
            );
        }
    });
}

/// A game played on after the same position stood a fifth time: under the
/// 2023 Laws (9.6.1) it was drawn there and the later moves do not count;
/// under 2009 it goes on to the recorded mate-less end as before (a remark).
#[test]
fn a_game_played_on_after_a_fivefold_repetition() {
    on_each_backend(|app, label| {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
        let mut moves = String::new();
        for (i, pair) in format!("{shuffle}e4 e5")
            .split_whitespace()
            .collect::<Vec<_>>()
            .chunks(2)
            .enumerate()
        {
            moves.push_str(&format!("{}. {} ", i + 1, pair.join(" ")));
        }
        let pgn = format!("[Event \"x\"]\n[Result \"1-0\"]\n\n{moves}1-0\n");
        for (edition, ending, expected) in [
            ("2023", json!("fivefold"), json!("1/2-1/2")),
            ("2009", Value::Null, Value::Null),
        ] {
            let e = event(
                app,
                &format!("Fivefold {edition}"),
                json!({"laws_edition": edition}),
            );
            let g = e.game(1);
            let (s, r) = e.arb.put(
                &e.path(&format!("/games/{}/moves", g["id"])),
                json!({"format": "pgn", "text": pgn}),
            );
            assert_eq!(s.as_u16(), 200, "[{label}] {edition}: {r}");
            assert_eq!(r["report"]["ending"], ending, "[{label}] {edition}: {r}");
            assert_eq!(
                r["report"]["expected_result"], expected,
                "[{label}] {edition}: {r}"
            );
            let notes = r["report"]["notes"].to_string();
            if edition == "2023" {
                assert_eq!(r["report"]["ending_ply"], 16, "[{label}] {r}");
                assert!(
                    notes.contains("art. 9.6.1, Laws 2023") && notes.contains("do not count"),
                    "[{label}] {notes}"
                );
                assert_eq!(
                    r["report"]["result_consistent"], false,
                    "[{label}] 1-0 recorded: {r}"
                );
            } else {
                assert!(
                    notes.contains("fifth time (9.6 in later editions)"),
                    "[{label}] {notes}"
                );
            }
        }
    });
}

/// The default time: arriving after it loses — 2023 art. 6.7.1, 2009 art.
/// 6.6(a), 2005 art. 6.7 (where the default time was an hour).
#[test]
fn the_default_time_is_cited_by_the_editions_article() {
    on_each_backend(|app, label| {
        for (edition, article) in [
            ("2023", "art. 6.7.1, Laws 2023"),
            ("2009", "art. 6.6(a), Laws 2009"),
            ("2005", "art. 6.7, Laws 2005"),
        ] {
            let e = event(
                app,
                &format!("Default {edition}"),
                json!({"laws_edition": edition, "default_time_minutes": 30}),
            );
            let g = e.game(1);
            let (s, p) = e.arb.post(
                &e.path(&format!("/games/{}/arrivals/preview", g["id"])),
                json!({"white": {"arrived_at": "10:10"}, "black": {"arrived_at": "10:45"}, "version": g["version"]}),
            );
            assert_eq!(s.as_u16(), 200, "[{label}] {p}");
            assert_eq!(p["outcome"], "black_forfeits", "[{label}] {p}");
            assert!(
                p["notes"].to_string().contains(article),
                "[{label}] {edition}: {p}"
            );
        }
    });
}
