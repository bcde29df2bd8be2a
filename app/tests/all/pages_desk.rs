//! The arbiter's desk through its pages (no JavaScript), on SQLite and
//! PostgreSQL: the arrivals sheet (consequence shown before it is applied,
//! override needing a reason), a game's desk (typed scoresheet in the
//! tournament's letters, penalties, adjournment envelopes) — with the sealed
//! move in no page until the envelope is opened, and one audit row per action.

use crate::common;

use common::form::Form;
use common::{build, on_each_backend, Client, TestApp};
use serde_json::{json, Value};

struct Desk {
    tid: i64,
    api: Client,
    f: Form,
}

impl Desk {
    fn game(&self, board: i64) -> Value {
        self.api
            .get(&format!("/api/v1/tournaments/{}/rounds/1", self.tid))
            .1["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["board"] == board)
            .unwrap()
            .clone()
    }

    /// The adjournments of game `gid`, as the API lists them.
    fn envelopes(&self, gid: impl std::fmt::Display) -> Vec<Value> {
        let path = format!("/api/v1/tournaments/{}/games/{gid}/adjournments", self.tid);
        self.api
            .get(&path)
            .1
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    fn page(&self, rest: &str) -> String {
        let (status, body) = self.f.get(&format!("/t/{}{rest}", self.tid));
        assert_eq!(status, 200, "GET {rest}: {body}");
        body
    }
}

fn setup(app: &TestApp) -> Desk {
    let api = app.user("desk");
    let regulations = json!({"name": "Desk Pages Open", "start_date": "2026-05-01", "end_date": "2026-05-03", "rounds": 3, "laws_edition": "2009",
           "default_time_minutes": 30, "adjournments": true, "notation": "pl",
           "schedule": [{"round": 1, "start": "2026-05-01T10:00"}]});
    let tid: i64 = build::round_one(&api, regulations, 12).tid.into();
    let f = app.form_user("desk");
    Desk { tid, api, f }
}

/// Posts a form; asserts the status and how many audit rows it left.
fn post(
    app: &TestApp,
    d: &Desk,
    path: &str,
    fields: &[(&str, &str)],
    status: u16,
    audit_rows: i64,
) -> (String, String) {
    let before = app.audit_count();
    let (got, location, body) = d.f.post(&format!("/t/{}{path}", d.tid), fields);
    assert_eq!(got, status, "[{}] POST {path}: {body}", app.label());
    assert_eq!(
        app.audit_count(),
        before + audit_rows,
        "[{}] POST {path}: audit rows",
        app.label()
    );
    (location, body)
}

fn arrivals_sheet(app: &TestApp, d: &Desk) {
    let csrf = d.f.csrf(&format!("/t/{}/manage/rounds/1/arrivals", d.tid));
    let sheet = d.page("/manage/rounds/1/arrivals");
    assert!(sheet.contains("value=\"2026-05-01T10:00\""), "start shown");
    let (location, _) = post(
        app,
        d,
        "/manage/rounds/1/start",
        &[("csrf", &csrf), ("start", "2026-05-01T10:00")],
        303,
        1,
    );
    assert!(location.contains("/manage/rounds/1/arrivals?done="));
    post(
        app,
        d,
        "/manage/rounds/1/start",
        &[("csrf", &csrf), ("start", "ten o'clock")],
        422,
        0,
    );

    // §4: the consequence is shown first and nothing is written.
    let g1 = d.game(1);
    let (gid, version) = (g1["id"].to_string(), g1["version"].to_string());
    let path = format!("/manage/rounds/1/arrivals/{gid}");
    let fields = |action: &'static str| {
        vec![
            ("csrf", csrf.clone()),
            ("white_at", "10:10".to_string()),
            ("black_at", "10:45:30".to_string()),
            ("version", version.clone()),
            ("action", action.to_string()),
        ]
    };
    let owned = fields("preview");
    let borrowed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_, body) = post(app, d, &path, &borrowed, 200, 0);
    assert!(
        body.contains(&format!("id=\"consequence-{gid}\"")) && body.contains("+/-"),
        "[{}] the consequence is shown: {body}",
        app.label()
    );
    // In words and clock time, not internal codes and ISO timestamps.
    assert!(body.contains("Black loses by default") && body.contains("10:30"));
    assert!(!body.contains("black_forfeits") && !body.contains("2026-05-01T10:30:00"));
    assert!(
        body.contains("value=\"10:45:30\""),
        "what was typed is kept"
    );
    assert_eq!(d.game(1)["kind"], "pending", "a preview writes nothing");
    let owned = fields("record");
    let borrowed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post(app, d, &path, &borrowed, 303, 1);
    assert_eq!(d.game(1)["result"], "+/-");
    // The same form again is stale: 409, nothing written.
    post(app, d, &path, &borrowed, 409, 0);

    // An override needs a reason.
    let g2 = d.game(2);
    let path = format!("/manage/rounds/1/arrivals/{}", g2["id"]);
    let v2 = g2["version"].to_string();
    let mut fields = vec![
        ("csrf", csrf.as_str()),
        ("white_absent", "1"),
        ("black_at", "10:05"),
        ("version", v2.as_str()),
        ("override_result", "*"),
        ("action", "record"),
    ];
    let (_, body) = post(app, d, &path, &fields, 422, 0);
    assert!(body.contains("reason"), "[{}] {body}", app.label());
    fields.push(("reason", "the doors of the hall were locked"));
    post(app, d, &path, &fields, 303, 1);
    assert_eq!(d.game(2)["kind"], "pending", "override: the game is played");
}

fn game_desk(app: &TestApp, d: &Desk) {
    let g = d.game(3);
    let gid = g["id"].to_string();
    let desk = format!("/manage/games/{gid}");
    let csrf = d.f.csrf(&format!("/t/{}{desk}", d.tid));
    // The event adds 30 s a move: no quickplay finish, so no 10.2 claim offered.
    let page = d.page(&desk);
    assert!(page.contains("value=\"incorrect_draw_claim\""), "{page}");
    assert!(!page.contains("value=\"quickplay_claim\""), "{page}");
    // A scoresheet in the tournament's (Polish) letters.
    let moves = "1.e4 e5 2.Sf3 Sc6 3.Gc4 Sf6 4.Sg5 d5 5.exd5 Sxd5 6.Sxf7 Kxf7 7.Hf3+ Ke6 8.Sc3";
    let (location, _) = post(
        app,
        d,
        &format!("{desk}/moves"),
        &[
            ("csrf", &csrf),
            ("format", "scoresheet"),
            ("notation", "pl"),
            ("text", moves),
        ],
        303,
        1,
    );
    assert!(location.contains("done=15"), "{location}");
    let page = d.page(&desk);
    assert!(page.contains("id=\"report\""), "the report is on the desk");
    // A result that contradicts the board is warned about, nothing changed silently.
    let (status, body) = d.api.put(
        &format!("/api/v1/tournaments/{}/games/{gid}/result", d.tid),
        json!({"result": "0-1", "version": d.game(3)["version"]}),
    );
    assert_eq!(status.as_u16(), 200, "{body}");
    // Unknown notation letters: the error is shown, what was typed is kept.
    let (_, body) = post(
        app,
        d,
        &format!("{desk}/moves"),
        &[
            ("csrf", &csrf),
            ("format", "scoresheet"),
            ("notation", "xx"),
            ("text", "1.e4 e5 2.Sf3"),
        ],
        422,
        0,
    );
    assert!(
        body.contains("class=\"problem\"")
            && body.contains("is not a notation; allowed: en, pl")
            && body.contains("1.e4 e5 2.Sf3</textarea>"),
        "[{}] {body}",
        app.label()
    );

    // Penalties (SPEC §5): recorded against the game, shown on its desk.
    let version = d.game(3)["version"].to_string();
    let white = g["white"]["id"].to_string();
    post(
        app,
        d,
        &format!("{desk}/penalties"),
        &[
            ("csrf", &csrf),
            ("player_id", &white),
            ("kind", "extra_time"),
            ("seconds", "120"),
            ("note", "a phone rang in the hall"),
            ("version", &version),
        ],
        303,
        1,
    );
    let page = d.page(&desk);
    assert!(
        page.contains("13.4(b)") && page.contains("a phone rang in the hall"),
        "[{}] the penalty is on the desk",
        app.label()
    );
    // …and on the round and the offender's card, for everyone.
    let anon = Form::new(&app.base);
    let (_, round) = anon.get(&format!("/t/{}/rounds/1", d.tid));
    assert!(
        round.contains("⚑1"),
        "[{}] the round marks the game",
        app.label()
    );
    let (_, card) = anon.get(&format!("/t/{}/players/{white}", d.tid));
    assert!(
        card.contains("id=\"penalties\"") && card.contains("13.4(b)"),
        "[{}] the card lists the penalty",
        app.label()
    );
    // Stale version: 409 and nothing written.
    post(
        app,
        d,
        &format!("{desk}/penalties"),
        &[
            ("csrf", &csrf),
            ("player_id", &white),
            ("kind", "warning"),
            ("version", "0"),
        ],
        409,
        0,
    );
    // A forged token changes nothing.
    post(
        app,
        d,
        &format!("{desk}/penalties"),
        &[
            ("csrf", "forged"),
            ("player_id", &white),
            ("kind", "warning"),
            ("version", &d.game(3)["version"].to_string()),
        ],
        403,
        0,
    );
}

/// Adjourns board `board` from `fen` with `sealed` through the desk form.
fn adjourn(app: &TestApp, d: &Desk, board: i64, fen: &str, sealed: &str) -> (String, i64) {
    let g = d.game(board);
    let gid = g["id"].to_string();
    let desk = format!("/manage/games/{gid}");
    let csrf = d.f.csrf(&format!("/t/{}{desk}", d.tid));
    post(
        app,
        d,
        &format!("{desk}/adjourn"),
        &[
            ("csrf", &csrf),
            ("fen", fen),
            ("sealed_move", sealed),
            ("white_time_used", "1:30:00"),
            ("black_time_used", "1:41:15"),
            ("resume_at", "2026-05-02T10:00"),
            ("resume_place", "Sala B"),
        ],
        303,
        1,
    );
    let envelopes = d.envelopes(&gid);
    let aid = envelopes.last().unwrap()["id"].as_i64().unwrap();
    (gid, aid)
}

fn adjournments(app: &TestApp, d: &Desk) {
    // Two knights can go to d2: `Sd2` is ambiguous (Guidelines §8: the sealer loses).
    let fen = "4k2r/8/8/8/8/8/8/1N2KN2 w - - 0 41";
    let secret = "Sd2";
    let (gid, aid) = adjourn(app, d, 4, fen, secret);
    let desk = format!("/manage/games/{gid}");
    let page = d.page(&desk);
    assert!(page.contains(&format!("id=\"envelope-{aid}\"")));
    // Read from H:MM:SS, shown as clock time (not "5400 s").
    assert!(
        page.contains("1:30:00") && page.contains("1:41:15") && !page.contains("5400 s"),
        "times read from H:MM:SS and shown as clock time"
    );
    for path in [
        desk.clone(),
        format!("/games/{gid}"),
        "/rounds/1".into(),
        "/manage/rounds/1".into(),
        "/manage/rounds/1/arrivals".into(),
        "/manage/audit".into(),
    ] {
        assert!(
            !d.page(&path).contains(secret),
            "[{}] the sealed move shows in {path}",
            app.label()
        );
    }
    let csrf = d.f.csrf(&format!("/t/{}{desk}", d.tid));
    // Opening needs the replying player present.
    let (_, body) = post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/open"),
        &[("csrf", &csrf)],
        409,
        0,
    );
    // The adjournment points as the tournament's edition (2009) numbers them.
    assert!(body.contains("(Guidelines 7)"), "[{}] {body}", app.label());
    assert!(
        page.contains("(Guidelines 11)") && page.contains("(Guidelines 6)"),
        "[{}] the desk cites the 2009 guidelines",
        app.label()
    );
    assert!(
        body.contains("mark him present"),
        "[{}] {body}",
        app.label()
    );
    // A stranger (no role here) is refused.
    let _ = app.user("nosy");
    let stranger = app.form_user("nosy");
    let their_csrf = stranger.csrf("/new");
    let before = app.audit_count();
    let (status, _, _) = stranger.post(
        &format!("/t/{}/manage/envelopes/{aid}/open", d.tid),
        &[("csrf", &their_csrf)],
    );
    assert_eq!(status, 403, "[{}] stranger opens", app.label());
    assert_eq!(app.audit_count(), before);
    for who in ["sealer", "replier"] {
        post(
            app,
            d,
            &format!("/manage/envelopes/{aid}/present"),
            &[("csrf", &csrf), ("who", who), ("at", "2026-05-02T09:55")],
            303,
            1,
        );
    }
    post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/open"),
        &[("csrf", &csrf)],
        303,
        1,
    );
    let page = d.page(&desk);
    assert!(
        page.contains(secret) && page.contains("ambiguous"),
        "[{}] opened: the text and the verdict",
        app.label()
    );
    // The verdict cites the sealed-move point of the edition (2009: the
    // guidelines' 8), not a fixed text.
    assert!(
        page.contains("(Guidelines 8)") && !page.contains("§8"),
        "[{}] the verdict's point",
        app.label()
    );
    assert_eq!(d.game(4)["result"], "0-1", "the sealer (White) loses");

    // §9: the sealer absent, the replying player seals his reply.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let (gid, aid) = adjourn(app, d, 5, after_e4, "e5");
    let csrf = d.f.csrf(&format!("/t/{}/manage/games/{gid}", d.tid));
    post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/present"),
        &[
            ("csrf", &csrf),
            ("who", "replier"),
            ("at", "2026-05-02T10:00"),
        ],
        303,
        1,
    );
    post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/open"),
        &[
            ("csrf", &csrf),
            ("at", "2026-05-02T10:20"),
            ("reply_sealed_move", "Gc4"),
            ("reply_resume_at", "2026-05-03T10:00"),
            ("reply_resume_place", "Sala C"),
        ],
        303,
        1,
    );
    let envelopes = d.envelopes(&gid);
    let list = &envelopes;
    assert_eq!(
        list.len(),
        2,
        "[{}] the reply is in a new envelope",
        app.label()
    );
    assert_eq!(list[1]["state"], "sealed");
    assert_eq!(list[1]["resume_place"], "Sala C");
    let page = d.page(&format!("/manage/games/{gid}"));
    if let Some(at) = page.find("Gc4") {
        panic!(
            "reply leaked: {}",
            &page[at.saturating_sub(300)..(at + 100).min(page.len())]
        );
    }

    // §11: the envelope lost and the position cannot be restored: annulled, replayed.
    let (gid, aid) = adjourn(app, d, 6, after_e4, "c5");
    let csrf = d.f.csrf(&format!("/t/{}/manage/games/{gid}", d.tid));
    post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/lost"),
        &[("csrf", &csrf)],
        303,
        1,
    );
    let page = d.page(&format!("/manage/games/{gid}"));
    assert!(page.contains("annulled"), "[{}] {page}", app.label());
    // Stored with the point of the tournament's edition (2009).
    assert!(
        page.contains("annulled and replayed (Guidelines 11)"),
        "[{}] {page}",
        app.label()
    );
    assert_eq!(d.game(6)["kind"], "pending");
    // §5: a draw agreed before resumption; the envelope is never opened.
    let (gid, aid) = adjourn(app, d, 6, after_e4, "d5");
    let csrf = d.f.csrf(&format!("/t/{}/manage/games/{gid}", d.tid));
    post(
        app,
        d,
        &format!("/manage/envelopes/{aid}/end"),
        &[("csrf", &csrf), ("outcome", "draw")],
        303,
        1,
    );
    assert_eq!(d.game(6)["result"], "½-½");
    let page = d.page(&format!("/manage/games/{gid}"));
    assert!(!page.contains("d5 —"));
    assert!(
        page.contains("draw agreed before resumption (Guidelines 6)"),
        "[{}] {page}",
        app.label()
    );
}

#[test]
fn the_desk_pages_walk_arrivals_moves_penalties_and_envelopes() {
    on_each_backend(|app, _| {
        let d = setup(app);
        // Anonymous visitors are sent to the login page.
        let anon = Form::new(&app.base);
        let (status, _) = anon.get(&format!("/t/{}/manage/rounds/1/arrivals", d.tid));
        assert_eq!(status, 303);
        arrivals_sheet(app, &d);
        game_desk(app, &d);
        adjournments(app, &d);
        eprintln!(
            "[{}] desk pages: every action as the API does it",
            app.label()
        );
    });
}
