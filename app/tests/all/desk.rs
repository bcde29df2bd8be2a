//! The arbiter's desk over HTTP, on SQLite and PostgreSQL, paragraph by
//! paragraph: SPEC §4 late arrivals, §5 penalties, §6 a game's moves, §7
//! adjourned games — and the secrecy of the sealed move until the envelope opens.

use crate::common;

use common::{build, on_each_backend, Client, TestApp};
use serde_json::{json, Value};

const SEALED_SECRET: &str = "Sa6";

/// Shorthand for a write that must succeed and leave exactly one audit row.
fn w(app: &TestApp, a: impl FnOnce() -> common::Answer, expect: u16, what: &str) -> Value {
    app.audited(a, expect, 1, what)
}

/// PUT `/games/{id}/{what}` as the arbiter: 200 and one audit row.
fn put_game(app: &TestApp, e: &Event, game: &Value, what: &str, body: Value, why: &str) -> Value {
    let path = e.path(&format!("/games/{}/{what}", game["id"]));
    w(app, || e.arb.put(&path, body), 200, why)
}

/// A moves request: the text of a scoresheet or a PGN.
fn moves_body(format: &str, text: &str) -> Value {
    json!({"format": format, "text": text})
}

fn refused(app: &TestApp, a: impl FnOnce() -> common::Answer, expect: u16, what: &str) -> Value {
    app.audited(a, expect, 0, what)
}

struct Event {
    tid: i64,
    arb: Client,
}

impl Event {
    fn games(&self, round: u32) -> Vec<Value> {
        self.arb
            .get(&format!("/api/v1/tournaments/{}/rounds/{round}", self.tid))
            .1["games"]
            .as_array()
            .unwrap()
            .clone()
    }
    fn game(&self, round: u32, board: i64) -> Value {
        self.games(round)
            .into_iter()
            .find(|g| g["board"] == board)
            .unwrap()
    }
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.tid)
    }
}

fn setup(app: &TestApp) -> Event {
    let arb = app.user("desk");
    // Under the 2009 Laws: the articles and numbers below are that edition's
    // (the 2023 ones: `laws_editions.rs`).
    let regulations = json!({"name": "Desk Open", "start_date": "2026-05-01", "end_date": "2026-05-03", "rounds": 3, "laws_edition": "2009",
           "default_time_minutes": 30, "adjournments": true, "notation": "pl",
           "schedule": [{"round": 1, "start": "2026-05-01T10:00"}]});
    let tid = build::round_one(&arb, regulations, 12).tid.into();
    Event { tid, arb }
}

fn arrivals(app: &TestApp, e: &Event) {
    // §4: preview first — nothing is written.
    let g1 = e.game(1, 1);
    let body = json!({"white": {"arrived_at": "10:10"}, "black": {"arrived_at": "10:45"}, "version": g1["version"]});
    let p = refused(
        app,
        || {
            e.arb.post(
                &e.path(&format!("/games/{}/arrivals/preview", g1["id"])),
                body.clone(),
            )
        },
        200,
        "preview",
    );
    assert_eq!(p["outcome"], "black_forfeits");
    assert_eq!(p["deadline"], "2026-05-01T10:30:00");
    assert_eq!(e.game(1, 1)["kind"], "pending", "preview changes nothing");
    // Confirmed: Black arrived after the default time: +/-.
    let a = put_game(app, e, &g1, "arrivals", body, "arrivals b1");
    assert_eq!(a["game"]["result"], "+/-");
    assert_eq!(a["game"]["kind"], "forfeit");
    // Both past the default time: double forfeit.
    let g2 = e.game(1, 2);
    let a = put_game(
        app,
        e,
        &g2,
        "arrivals",
        json!({"white": {"absent": true}, "black": {"arrived_at": "10:31"}, "version": g2["version"]}),
        "arrivals b2",
    );
    assert_eq!(a["game"]["result"], "-/-");
    // An override needs a reason; with one, the game is played after all.
    let v = a["game"]["version"].clone();
    let override_body = json!({"white": {"absent": true}, "black": {"arrived_at": "10:31"}, "version": v, "override_result": "*"});
    refused(
        app,
        || {
            e.arb.put(
                &e.path(&format!("/games/{}/arrivals", g2["id"])),
                override_body.clone(),
            )
        },
        422,
        "override without reason",
    );
    let mut with_reason = override_body;
    with_reason["reason"] = json!("the hall doors were locked until 10:30");
    let a = put_game(app, e, &g2, "arrivals", with_reason, "override");
    assert_eq!(a["game"]["kind"], "pending");
    let audit = e.arb.get(&e.path("/audit?limit=1")).1;
    assert_eq!(audit[0]["action"], "arrivals.override");
    // Both absent at the start, both within the default time: play on; White's clock ran (6.7(b)).
    let g3 = e.game(1, 3);
    let a = put_game(
        app,
        e,
        &g3,
        "arrivals",
        json!({"white": {"arrived_at": "10:05"}, "black": {"arrived_at": "10:20"}, "version": g3["version"]}),
        "arrivals b3",
    );
    assert_eq!(a["consequence"]["outcome"], "play");
    assert_eq!(a["consequence"]["white_clock_minutes"], 5);
    assert_eq!(a["consequence"]["black_clock_minutes"], 15);
    assert_eq!(a["game"]["kind"], "pending");
}

fn penalty(
    app: &TestApp,
    e: &Event,
    board: i64,
    offender: &str,
    body: Value,
    expect: u16,
) -> Value {
    let g = e.game(1, board);
    let mut body = body;
    body["player_id"] = g[offender]["id"].clone();
    body["version"] = g["version"].clone();
    let path = e.path(&format!("/games/{}/penalties", g["id"]));
    if expect == 201 {
        w(app, || e.arb.post(&path, body), 201, "penalty")
    } else {
        refused(app, || e.arb.post(&path, body), expect, "penalty refused")
    }
}

fn penalties(app: &TestApp, e: &Event) {
    // Time-only penalties leave the result alone (13.4(a)–(c), 9.5(b), 10.2).
    for (kind, extra) in [
        ("warning", json!({})),
        ("extra_time", json!({"seconds": 60})),
        ("time_deduction", json!({"seconds": 60})),
        ("incorrect_draw_claim", json!({})),
    ] {
        let mut body = extra;
        body["kind"] = json!(kind);
        let a = penalty(app, e, 3, "white", body, 201);
        assert_eq!(
            a["game"]["kind"], "pending",
            "{kind} does not decide the game"
        );
        assert!(!a["penalty"]["effect"].as_str().unwrap().is_empty());
    }
    // 10.2 (Guidelines III) is for games without increment; this event adds 30 s a move.
    let refusal = penalty(
        app,
        e,
        3,
        "white",
        json!({"kind": "quickplay_claim", "decision": "postponed"}),
        422,
    );
    assert!(
        refusal.to_string().contains("without increment"),
        "{refusal}"
    );
    let list = e
        .arb
        .get(&e.path(&format!("/games/{}/penalties", e.game(1, 3)["id"])))
        .1;
    assert_eq!(list.as_array().unwrap().len(), 4);
    assert_eq!(list[3]["seconds"], 180, "9.5(b): 3 minutes to the opponent");
    // 7.4(b): two illegal moves cost 2 minutes each; the third loses — the opponent can mate.
    let middlegame = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    for n in 1..=3 {
        let a = penalty(
            app,
            e,
            4,
            "white",
            json!({"kind": "illegal_move", "final_fen": middlegame}),
            201,
        );
        if n < 3 {
            assert_eq!(a["penalty"]["seconds"], 120);
            assert_eq!(a["game"]["kind"], "pending");
        } else {
            assert_eq!(a["game"]["result"], "0-1", "third illegal move loses");
        }
    }
    // 12.3(b): declared lost, but the opponent has a bare king: 0-½.
    let bare = "4k3/8/8/8/8/8/8/4K2Q w - - 0 1";
    refused(
        app,
        || {
            e.arb.post(&e.path(&format!("/games/{}/penalties", e.game(1, 5)["id"])), json!({"player_id": e.game(1, 5)["white"]["id"], "kind": "game_lost", "version": e.game(1, 5)["version"]}))
        },
        422,
        "no position to judge",
    );
    let a = penalty(
        app,
        e,
        5,
        "white",
        json!({"kind": "game_lost", "final_fen": bare}),
        201,
    );
    assert_eq!(a["game"]["result"], "0-½");
    // 12.9: both at fault: 0-0; then 13.4(f) raises the opponent's score.
    // The other boards get results; board 2 then has its winner's score
    // reduced (13.4(e)).
    let g2 = e.game(1, 2);
    let body = json!({"result": "1-0", "version": g2["version"]});
    put_game(app, e, &g2, "result", body, "b2 result");
    for (board, body, result) in [
        (
            6,
            json!({"kind": "both_at_fault", "note": "both used phones"}),
            "0-0",
        ),
        (6, json!({"kind": "score_raised"}), "0-1"),
        (2, json!({"kind": "score_reduced", "points": 0.5}), "½-0"),
    ] {
        let a = penalty(app, e, board, "white", body, 201);
        assert_eq!(a["game"]["result"], result);
    }
    // 13.4(g): expulsion — his unfinished game is lost by forfeit, and he is not paired again.
    let expelled = e.game(1, 3)["black"]["id"].clone();
    let a = penalty(
        app,
        e,
        3,
        "black",
        json!({"kind": "expulsion", "note": "repeated disturbance"}),
        201,
    );
    assert_eq!(a["game"]["result"], "+/-");
    let p = e.arb.get(&e.path(&format!("/players/{expelled}"))).1;
    assert_eq!(p["player"]["status"], "expelled");
    // The forfeit names the expulsion's article of the event's edition (2009).
    assert_eq!(e.game(1, 3)["termination"], "expulsion (13.4(g))");
    penalty(app, e, 3, "black", json!({"kind": "no_such_kind"}), 422);
    let page = Client::new(&app.base)
        .get(&format!("/t/{}/games/{}", e.tid, e.game(1, 4)["id"]))
        .1;
    assert!(
        page.as_str().unwrap_or_default().contains("art. 7.4(b)"),
        "penalties shown on the game page"
    );
    // Round 1 is complete; round 2 leaves the expelled player out.
    w(
        app,
        || e.arb.post(&e.path("/rounds"), json!({})),
        201,
        "pair round 2",
    );
    w(
        app,
        || e.arb.post(&e.path("/rounds/2/publish"), json!({})),
        200,
        "publish 2",
    );
    assert!(!e
        .games(2)
        .iter()
        .any(|g| g["white"]["id"] == expelled || g["black"]["id"] == expelled));
}

fn moves(app: &TestApp, e: &Event) {
    // §6: a scoresheet in Polish letters (the 2009 Laws' sample game).
    let g = e.game(2, 1);
    let text = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Hxd4 d5 6.exd6 e.p. Sxd6 7.Gg5 Sc6 8.He3+ Ge7 9.Sbd2 0-0 10.0-0-0 We8 11.Kb1 (=)";
    let r = put_game(
        app,
        e,
        &g,
        "moves",
        moves_body("scoresheet", text),
        "scoresheet",
    );
    assert_eq!(r["report"]["plies"], 21);
    assert!(r["report"]["error"].is_null(), "{r}");
    // The PGN export carries the moves, in English SAN.
    let pgn = e.arb.get(&e.path(&format!("/games/{}.pgn", g["id"]))).1;
    let pgn = pgn.as_str().unwrap_or_default();
    assert!(pgn.contains("5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6"), "{pgn}");
    // And the game's page shows them to the public.
    let page = Client::new(&app.base)
        .get(&format!("/t/{}/games/{}", e.tid, g["id"]))
        .1;
    assert!(
        page.as_str().unwrap_or_default().contains("5. Qxd4 d5"),
        "game page shows the moves"
    );
    // A PGN with a stalemate on the board, while the arbiter entered 1-0: warned.
    let g = e.game(2, 2);
    put_game(
        app,
        e,
        &g,
        "result",
        json!({"result": "1-0", "version": g["version"]}),
        "result",
    );
    let stalemate = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1-0\n";
    let r = put_game(app, e, &g, "moves", moves_body("pgn", stalemate), "pgn");
    assert_eq!(r["report"]["ending"], "stalemate", "{r}");
    assert_eq!(r["report"]["result_consistent"], false);
    assert!(
        !r["warnings"].as_array().unwrap().is_empty(),
        "the arbiter is warned: {r}"
    );
    assert_eq!(e.game(2, 2)["result"], "1-0", "nothing is changed silently");
    // An illegible move is reported with its ply.
    let g = e.game(2, 3);
    let r = put_game(
        app,
        e,
        &g,
        "moves",
        moves_body("scoresheet", "1.e4 e5 2.S?3"),
        "bad scoresheet",
    );
    assert_eq!(r["report"]["error"]["ply"], 3);
}

fn db_text(app: &TestApp) -> String {
    use diesel::RunQueryDsl;
    let mut all = String::new();
    // SQLite: the file and its WAL, byte for byte. PostgreSQL: every row of every table as text.
    if app.backend == app::db::Backend::Sqlite {
        let url = app.db.url().to_string();
        for f in [url.clone(), format!("{url}-wal")] {
            if let Ok(b) = std::fs::read(&f) {
                all.push_str(&String::from_utf8_lossy(&b));
            }
        }
    } else {
        #[derive(diesel::QueryableByName)]
        struct T {
            #[diesel(sql_type = diesel::sql_types::Text)]
            t: String,
        }
        let mut conn = app.db.conn().unwrap();
        for table in [
            "users",
            "sessions",
            "api_tokens",
            "tournaments",
            "players",
            "rounds",
            "games",
            "bye_requests",
            "audit_log",
            "arrivals",
            "penalties",
            "game_records",
            "adjournments",
        ] {
            let rows: Vec<T> = diesel::sql_query(format!("SELECT t::text AS t FROM {table} t"))
                .load(&mut *conn)
                .unwrap();
            for r in rows {
                all.push_str(&r.t);
            }
        }
    }
    all
}

fn adjourn(app: &TestApp, e: &Event, board: i64, sealed: &str) -> Value {
    let g = e.game(2, board);
    // After 1.e4: Black to move, so Black seals.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    w(
        app,
        || {
            e.arb.post(
                &e.path(&format!("/games/{}/adjournments", g["id"])),
                json!({"fen": fen, "white_time_used_seconds": 5400, "black_time_used_seconds": 6000, "sealed_move": sealed,
                       "draw_offer_by": g["white"]["id"], "resume_at": "2026-05-02T10:00", "resume_place": "Sala B"}),
            )
        },
        201,
        "adjourn",
    )
}

/// An envelope action of the arbiter that must succeed (and be audited).
fn envelope(app: &TestApp, e: &Event, aid: i64, action: &str, body: Value, what: &str) -> Value {
    let path = e.path(&format!("/adjournments/{aid}/{action}"));
    w(app, || e.arb.post(&path, body), 200, what)
}

/// Marks `who` (`sealer` or `replier`) present at the resumption at `at`.
fn mark_present(app: &TestApp, e: &Event, aid: i64, who: &str, at: &str) -> Value {
    let body = json!({"who": who, "at": at});
    envelope(
        app,
        e,
        aid,
        "presence",
        body,
        &format!("{who} present at {at}"),
    )
}

fn adjournments(app: &TestApp, e: &Event) {
    // §1–§2: the envelope holds every field but the sealed move.
    let env = adjourn(app, e, 4, SEALED_SECRET);
    assert_eq!(env["state"], "sealed");
    assert_eq!(env["sealed_move_number"], 1);
    assert_eq!(env["sealer_id"], e.game(2, 4)["black"]["id"]);
    assert_eq!(env["resume_place"], "Sala B");
    let aid = env["id"].as_i64().unwrap();
    // Secret (§6): not in any answer, page of the API, the audit log or the database.
    let anon = Client::new(&app.base);
    for path in [
        format!("/adjournments/{aid}"),
        format!("/games/{}/adjournments", env["game_id"]),
        "/rounds/2".into(),
        "/audit?limit=100".into(),
        "/standings".into(),
    ] {
        for c in [&anon, &e.arb] {
            let body = c.get(&e.path(&path)).1.to_string();
            assert!(
                !body.contains(SEALED_SECRET),
                "[{}] sealed move leaked in {path}",
                app.label()
            );
        }
    }
    let openapi = anon.get("/api/openapi.json").1.to_string();
    assert!(!openapi.contains(SEALED_SECRET));
    assert!(
        !db_text(app).contains(SEALED_SECRET),
        "[{}] sealed move in plaintext in the database",
        app.label()
    );
    // Opening needs the role, and the replying player present.
    let stranger = app.user("nosy");
    refused(
        app,
        || stranger.post(&e.path(&format!("/adjournments/{aid}/open")), json!({})),
        403,
        "open by a stranger",
    );
    refused(
        app,
        || anon.post(&e.path(&format!("/adjournments/{aid}/open")), json!({})),
        401,
        "open anonymously",
    );
    refused(
        app,
        || {
            e.arb
                .post(&e.path(&format!("/adjournments/{aid}/open")), json!({}))
        },
        409,
        "open without the replying player",
    );
    // Who is present is a closed set: another word names the allowed ones.
    let v = refused(
        app,
        || {
            e.arb.post(
                &e.path(&format!("/adjournments/{aid}/presence")),
                json!({"who": "arbiter", "at": "2026-05-02T09:58"}),
            )
        },
        422,
        "presence of an unknown party",
    );
    assert!(
        v.to_string().contains("allowed: sealer, replier"),
        "[{}] {v}",
        app.label()
    );
    mark_present(app, e, aid, "sealer", "2026-05-02T09:58");
    mark_present(app, e, aid, "replier", "2026-05-02T10:05");
    let o = envelope(app, e, aid, "open", json!({}), "open");
    assert_eq!(o["envelope"]["opening"]["sealed_text"], SEALED_SECRET);
    assert_eq!(o["envelope"]["opening"]["verdict"], "legal: Na6");
    assert_eq!(o["envelope"]["opening"]["consequence"], "Continue");
    assert_eq!(o["game"]["kind"], "pending", "play resumes");
    refused(
        app,
        || {
            e.arb
                .post(&e.path(&format!("/adjournments/{aid}/open")), json!({}))
        },
        409,
        "opened twice",
    );

    // §8: an illegal sealed move loses.
    let env = adjourn(app, e, 5, "Hxh7");
    let aid = env["id"].as_i64().unwrap();
    mark_present(app, e, aid, "sealer", "2026-05-02T10:00");
    mark_present(app, e, aid, "replier", "2026-05-02T10:00");
    let o = envelope(app, e, aid, "open", json!({}), "open illegal");
    assert_eq!(o["envelope"]["opening"]["verdict"], "illegal");
    assert_eq!(o["game"]["result"], "1-0", "the sealer (Black) loses");
    // §10: the sealer more than an hour late, the sealed move neither mates nor ends the game: he loses.
    let env = adjourn(app, e, 1, "e5");
    let aid = env["id"].as_i64().unwrap();
    mark_present(app, e, aid, "replier", "2026-05-02T10:00");
    let o = envelope(
        app,
        e,
        aid,
        "open",
        json!({"at": "2026-05-02T11:01"}),
        "open, sealer late",
    );
    assert_eq!(o["envelope"]["opening"]["consequence"], "SealerLoses");
    assert_eq!(o["game"]["result"], "1-0");
    // §5: a draw agreed before resumption ends the game; the envelope stays closed.
    let env = adjourn(app, e, 3, "Sc6");
    let aid = env["id"].as_i64().unwrap();
    let end = envelope(
        app,
        e,
        aid,
        "end",
        json!({"outcome": "draw"}),
        "draw before resumption",
    );
    assert_eq!(end["state"], "ended");
    assert!(end["opening"].is_null());
    assert_eq!(e.game(2, 3)["result"], "½-½");
    // §11: a lost envelope — resume from the adjourned position.
    let env = adjourn(app, e, 4, "d5");
    let aid = env["id"].as_i64().unwrap();
    let lost = envelope(app, e, aid, "lost", json!({"restorable": true}), "lost");
    assert_eq!(lost["state"], "lost");
    assert_eq!(e.game(2, 4)["kind"], "pending");
}

#[test]
fn the_arbiters_desk_walks_spec_4_5_6_7_on_every_backend() {
    on_each_backend(|app, _| {
        let e = setup(app);
        e.arb.ok(
            e.arb.put(
                &e.path("/rounds/2/start"),
                json!({"start": "2026-05-02T10:00"}),
            ),
            404,
            "round 2 not paired yet",
        );
        arrivals(app, &e);
        penalties(app, &e);
        moves(app, &e);
        adjournments(app, &e);
        eprintln!(
            "[{}] arrivals, penalties, moves and adjournments: every consequence as the Laws say",
            app.label()
        );
    });
}

/// A published round 1 of 8 players under `regulations` (extra fields of the create body).
fn event_with(app: &TestApp, name: &str, regulations: Value) -> Event {
    let arb = app.user("desk");
    // Under the 2009 Laws, whose appendices these tests walk.
    let base = json!({"name": name, "start_date": "2026-06-01", "end_date": "2026-06-02", "rounds": 3,
                      "notation": "pl", "laws_edition": "2009", "schedule": [{"round": 1, "start": "2026-06-01T10:00"}]});
    let tid = build::round_one(&arb, build::merged(base, regulations), 8)
        .tid
        .into();
    Event { tid, arb }
}

/// Blitz (Appendix B.3(c)): an illegal move is penalised only on the opponent's
/// claim, and the claim wins — or draws when the claimant cannot mate. 10.2: in
/// a game without increment (3 minutes, all moves) a quickplay claim accepted
/// draws the game.
fn blitz_claims(app: &TestApp) {
    let e = event_with(
        app,
        "Blitz",
        json!({"time_control": {"periods": [{"minutes": 3}], "increment_seconds": 0}}),
    );
    let claim = |board: i64, fen: &str, claimed: bool| {
        let g = e.game(1, board);
        let body = json!({"player_id": g["white"]["id"], "kind": "illegal_move", "claimed": claimed,
                          "final_fen": fen, "version": g["version"]});
        let path = e.path(&format!("/games/{}/penalties", g["id"]));
        let arb = &e.arb;
        move || arb.post(&path, body)
    };
    let middlegame = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    refused(
        app,
        claim(1, middlegame, false),
        422,
        "no claim, no penalty",
    );
    let a = w(app, claim(1, middlegame, true), 201, "blitz claim");
    assert_eq!(a["game"]["result"], "0-1", "the claim wins");
    let bare_black = "4k3/8/8/8/8/8/8/4K2Q w - - 0 1";
    let a = w(app, claim(2, bare_black, true), 201, "claim, bare king");
    assert_eq!(a["game"]["result"], "½-½", "the claimant cannot mate: draw");
    let g = e.game(1, 3);
    let a = w(
        app,
        || {
            e.arb.post(
                &e.path(&format!("/games/{}/penalties", g["id"])),
                json!({"player_id": g["black"]["id"], "kind": "quickplay_claim", "decision": "draw", "version": g["version"]}),
            )
        },
        201,
        "10.2 draw",
    );
    assert_eq!(a["game"]["result"], "½-½");
}

/// §8 and §10 over HTTP: an illegible sealed move loses; a late sealer whose
/// sealed move mates wins, one whose move stalemates draws; a late sealer with
/// the present player's flag already fallen: 6.9 first.
fn sealed_verdicts(app: &TestApp) {
    let e = event_with(app, "Adjourned", json!({"adjournments": true}));
    let open_case = |board: i64, fen: &str, sealed: &str, sealer_present: bool, open: Value| {
        let g = e.game(1, board);
        let env = w(
            app,
            || {
                e.arb.post(
                    &e.path(&format!("/games/{}/adjournments", g["id"])),
                    json!({"fen": fen, "white_time_used_seconds": 3000, "black_time_used_seconds": 3100,
                           "sealed_move": sealed, "resume_at": "2026-06-02T10:00", "resume_place": "Sala A"}),
                )
            },
            201,
            "adjourn",
        );
        let aid = env["id"].as_i64().unwrap();
        let mut present = vec![("replier", "2026-06-02T10:00")];
        if sealer_present {
            present.push(("sealer", "2026-06-02T10:00"));
        }
        for (who, at) in present {
            mark_present(app, &e, aid, who, at);
        }
        envelope(app, &e, aid, "open", open, "open")
    };
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let o = open_case(1, after_e4, "Zz9!", true, json!({}));
    assert_eq!(o["envelope"]["opening"]["verdict"], "illegible");
    assert_eq!(o["game"]["result"], "1-0", "§8: the sealer (Black) loses");
    let late = json!({"at": "2026-06-02T11:01"});
    // Wa8 (Polish W = rook) mates: the late sealer wins.
    let o = open_case(
        2,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30",
        "Wa8",
        false,
        late.clone(),
    );
    assert_eq!(
        o["envelope"]["opening"]["verdict"],
        "legal: Ra8# (checkmate)"
    );
    assert_eq!(o["game"]["result"], "1-0", "§10: the sealed move mates");
    // Hf7 (H = queen) stalemates: draw.
    let o = open_case(
        3,
        "7k/8/6Q1/8/8/8/8/K7 w - - 0 50",
        "Hf7",
        false,
        late.clone(),
    );
    assert_eq!(
        o["game"]["result"], "½-½",
        "§10: the sealed move stalemates"
    );
    // The replying player's flag had already fallen: he loses (6.9), the sealer could mate.
    let mut flag = late;
    flag["replier_flag_fallen"] = json!(true);
    let o = open_case(4, after_e4, "e5", false, flag);
    assert_eq!(
        o["game"]["result"], "0-1",
        "§10 with 6.9: the replier (White) loses"
    );
}

#[test]
fn blitz_claims_quickplay_and_sealed_move_exceptions_over_http() {
    on_each_backend(|app, _| {
        blitz_claims(app);
        sealed_verdicts(app);
        eprintln!(
            "[{}] B.3(c), 10.2, §8 illegible, §10 exceptions: as the Laws say",
            app.label()
        );
    });
}
