//! Event day over HTTP, on SQLite and PostgreSQL: online entries (the form's
//! refusals — closed, duplicate, full, past the deadline —, the public list
//! without pending entries and e-mail addresses, approval through the
//! registration), check-in by the arbiter and with the personal code, and
//! round 1 paired without the two absentees, who get the regulations' score
//! for the round. Every refused action leaves the audit log as it was.

use crate::common;

use app::domain::ids::TournamentId;
use common::build::EventBuilder;
use common::form::Form;
use common::{on_each_backend, Client, TestApp};
use serde_json::{json, Value};

fn swiss(org: &Client, name: &str) -> TournamentId {
    EventBuilder::swiss(org)
        .named(name)
        .with(json!({"start_date": "2026-05-01", "end_date": "2026-05-03"}))
        .rounds(5)
        .build()
        .tid
}

/// `answer` is a refusal with `status` whose message contains `words`, and
/// the audit log did not grow.
fn refused(
    app: &TestApp,
    answer: (reqwest::StatusCode, Value),
    status: u16,
    words: &str,
    before: i64,
) {
    assert_eq!(
        answer.0.as_u16(),
        status,
        "[{}] expected {status} ({words}): {}",
        app.label(),
        answer.1
    );
    let text = answer.1.to_string();
    assert!(
        text.contains(words),
        "[{}] the message names the reason ({words}): {text}",
        app.label()
    );
    assert_eq!(
        app.audit_count(),
        before,
        "[{}] a refused action writes nothing: {text}",
        app.label()
    );
}

#[test]
fn entries_approval_checkin_and_round_one_without_the_absentees() {
    on_each_backend(|app, _| {
        let org = app.user("organizer");
        let anon = app.client();
        let tid = swiss(&org, "Spring Open");
        let entries = format!("/api/v1/tournaments/{tid}/entries");

        // The form is closed until the organizer opens it.
        let before = app.audit_count();
        refused(
            app,
            anon.post(
                &entries,
                json!({"name": "Early Bird", "birth_date": "1990"}),
            ),
            409,
            "not opened entries",
            before,
        );
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/entry-form"),
                json!({"is_open": true, "max_players": 8, "deadline": "2099-12-31T18:00"}),
            ),
            200,
            "open the form",
        );
        // A wrong setting is a 422 naming the field.
        let a = org.put(
            &format!("/api/v1/tournaments/{tid}/entry-form"),
            json!({"is_open": true, "deadline": "next Friday"}),
        );
        assert_eq!(a.0.as_u16(), 422, "{}", a.1);
        assert_eq!(a.1["field"], "deadline", "{}", a.1);

        // Two players registered by the organizer.
        for (name, born, fide) in [
            ("Anna Nowak", "1991-03-04", 1_111_111),
            ("Piotr Zieliński", "1985", 2_222_222),
        ] {
            org.add_player(
                tid,
                json!({"name": name, "birth_date": born, "fide_id": fide, "rating": 1900}),
            );
        }

        // Six players enter themselves.
        let mut ids = Vec::new();
        for (i, name) in [
            "Jan Kowalski",
            "Ewa Wiśniewska",
            "Tomasz Lewandowski",
            "Marta Wójcik",
            "Adam Kamiński",
            "Zofia Kaczmarek",
        ]
        .iter()
        .enumerate()
        {
            if i == 5 {
                // The last place is taken after the duplicates are tried.
                break;
            }
            let r = anon.ok(
                anon.post(
                    &entries,
                    json!({"name": name, "birth_date": format!("{}", 1980 + i), "rating": 1500 + 50 * i as i64,
                           "fide_id": 3_000_000 + i as i64, "email": format!("player{i}@example.org")}),
                ),
                201,
                "enter",
            );
            assert_eq!(r["state"], "pending");
            ids.push(r["id"].as_i64().unwrap());
        }

        // Duplicates: against registered players and pending entries, by
        // name and birth year (diacritics, case and word order aside) or FIDE id.
        let before = app.audit_count();
        for (body, status, words) in [
            (
                json!({"name": "nowak anna", "birth_date": "1991"}),
                422,
                "already registered",
            ),
            (
                json!({"name": "Kowalski, Jan", "birth_date": "1980-01-01"}),
                422,
                "already waiting",
            ),
            (
                json!({"name": "Somebody Else", "fide_id": 2_222_222}),
                422,
                "already registered",
            ),
            (
                json!({"name": "Another Name", "fide_id": 3_000_001}),
                422,
                "already waiting",
            ),
            (
                json!({"name": "Bad Mail", "email": "nobody"}),
                422,
                "e-mail",
            ),
        ] {
            refused(app, anon.post(&entries, body), status, words, before);
        }
        let r = anon.ok(
            anon.post(
                &entries,
                json!({"name": "Zofia Kaczmarek", "birth_date": "1985", "rating": 1750,
                       "fide_id": 3_000_005, "email": "player5@example.org"}),
            ),
            201,
            "enter",
        );
        ids.push(r["id"].as_i64().unwrap());
        // 2 registered + 6 pending: the field of 8 is full.
        let before = app.audit_count();
        refused(
            app,
            anon.post(
                &entries,
                json!({"name": "Late Comer", "birth_date": "2001"}),
            ),
            409,
            "field is full",
            before,
        );

        // The public list: who is in, without pending entries or e-mail.
        let public = anon.ok(anon.get(&entries), 200, "public list");
        assert_eq!(public["players"].as_array().unwrap().len(), 2, "{public}");
        assert!(public["entries"].as_array().unwrap().is_empty(), "{public}");
        assert!(
            !public.to_string().contains("Kowalski"),
            "pending entries are staff-only: {public}"
        );
        assert!(
            !public.to_string().contains("@example.org"),
            "e-mail is staff-only: {public}"
        );
        let page = Form::new(&app.base).get(&format!("/t/{tid}/entry")).1;
        assert!(
            page.contains("Anna Nowak")
                && !page.contains("Kowalski")
                && !page.contains("@example.org")
        );
        let staff = org.ok(org.get(&entries), 200, "staff list");
        assert_eq!(staff["entries"].as_array().unwrap().len(), 6);
        assert!(staff.to_string().contains("player0@example.org"));
        // A stranger is the public too.
        let stranger = app.user("stranger");
        assert!(stranger.ok(stranger.get(&entries), 200, "list")["entries"]
            .as_array()
            .unwrap()
            .is_empty());

        // Approve five, reject one (a reason is needed).
        let before = app.audit_count();
        refused(
            app,
            org.post(
                &format!("{entries}/{}/reject", ids[5]),
                json!({"reason": "  "}),
            ),
            422,
            "say why",
            before,
        );
        refused(
            app,
            stranger.post(&format!("{entries}/{}/approve", ids[0]), json!({})),
            403,
            "organizer",
            before,
        );
        let rejected = org.ok(
            org.post(
                &format!("{entries}/{}/reject", ids[5]),
                json!({"reason": "not a club member"}),
            ),
            200,
            "reject",
        );
        assert_eq!(rejected["state"], "rejected");
        assert_eq!(rejected["reason"], "not a club member");
        for id in &ids[..5] {
            let a = org.ok(
                org.post(&format!("{entries}/{id}/approve"), json!({})),
                200,
                "approve",
            );
            assert_eq!(a["entry"]["state"], "approved");
            assert_eq!(a["player"]["id"], a["entry"]["player_id"]);
        }
        assert_eq!(app.audit_count(), before + 6, "one audit row per decision");
        let before = app.audit_count();
        refused(
            app,
            org.post(&format!("{entries}/{}/approve", ids[0]), json!({})),
            409,
            "already been approved",
            before,
        );
        // Registered like any player: the registration's player view.
        let players = org.ok(
            org.get(&format!("/api/v1/tournaments/{tid}/players")),
            200,
            "players",
        );
        assert_eq!(players.as_array().unwrap().len(), 7);
        let jan = players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Jan Kowalski")
            .unwrap();
        assert_eq!(jan["fide_id"], 3_000_000);
        assert_eq!(jan["rating"], 1500);
        assert_eq!(jan["k_factor"], 20, "K as the registration sets it");
        let public = anon.ok(anon.get(&entries), 200, "public list");
        assert_eq!(public["players"].as_array().unwrap().len(), 7);
        assert!(
            !public.to_string().contains("Zofia"),
            "a rejected entry is not listed"
        );

        // After the deadline the form refuses.
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/entry-form"),
                json!({"is_open": true, "deadline": "2020-01-01T00:00"}),
            ),
            200,
            "deadline passed",
        );
        let before = app.audit_count();
        refused(
            app,
            anon.post(&entries, json!({"name": "Too Late", "birth_date": "1999"})),
            409,
            "deadline (2020-01-01 00:00) has passed",
            before,
        );

        // Check-in for round 1: codes, the arbiter marks four, one player
        // confirms with his code, two stay away.
        let checkin = format!("/api/v1/tournaments/{tid}/checkin");
        let issued = org.ok(
            org.post(&format!("{checkin}/codes"), json!({})),
            200,
            "codes",
        );
        assert_eq!(issued["issued"], 7);
        let sheet = org.ok(org.get(&checkin), 200, "sheet");
        assert_eq!(sheet["round"], 1);
        assert_eq!(sheet["open"], false);
        let code_of = |name: &str| -> (i64, String) {
            let p = sheet["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["name"] == name)
                .unwrap();
            (
                p["player_id"].as_i64().unwrap(),
                p["code"].as_str().unwrap().to_string(),
            )
        };
        let public_sheet = anon.ok(anon.get(&checkin), 200, "public sheet");
        assert!(
            public_sheet["players"].as_array().unwrap().is_empty(),
            "codes are staff-only"
        );
        assert!(!public_sheet.to_string().contains(&code_of("Anna Nowak").1));

        // A code before check-in has started is refused.
        let before = app.audit_count();
        refused(
            app,
            anon.post(
                &format!("{checkin}/code"),
                json!({"code": code_of("Anna Nowak").1}),
            ),
            409,
            "has not started",
            before,
        );
        org.ok(
            org.put(&checkin, json!({"open": true})),
            200,
            "open check-in",
        );
        for name in [
            "Anna Nowak",
            "Piotr Zieliński",
            "Jan Kowalski",
            "Ewa Wiśniewska",
        ] {
            let (pid, _) = code_of(name);
            org.ok(
                org.post(
                    &format!("{checkin}/marks"),
                    json!({"player_id": pid, "present": true}),
                ),
                200,
                "mark present",
            );
        }
        let before = app.audit_count();
        refused(
            app,
            anon.post(&format!("{checkin}/code"), json!({"code": "WRONG1"})),
            422,
            "not a check-in code",
            before,
        );
        let (_, code) = code_of("Tomasz Lewandowski");
        // As typed by a person: lower case, a space.
        let typed = format!("{} {}", code[..3].to_lowercase(), &code[3..]);
        let r = anon.ok(
            anon.post(&format!("{checkin}/code"), json!({"code": typed})),
            200,
            "code",
        );
        assert_eq!(r["name"], "Tomasz Lewandowski");
        let before = app.audit_count();
        refused(
            app,
            anon.post(&format!("{checkin}/code"), json!({"code": code})),
            409,
            "already checked in",
            before,
        );
        let sheet = org.ok(org.get(&checkin), 200, "sheet");
        assert_eq!(sheet["present"], 5);
        assert_eq!(sheet["missing"], 2);

        // Round 1: Marta Wójcik and Adam Kamiński are not paired; they get the
        // regulations' score for a missed round (zero by default), recorded as
        // a bye of the round, and the round says why.
        let round = org.pair_round(tid);
        let games = round["games"].as_array().unwrap();
        let absent = ["Marta Wójcik", "Adam Kamiński"];
        for g in games {
            let on_board = g["black"].is_object();
            for side in ["white", "black"] {
                let name = g[side]["name"].as_str().unwrap_or("");
                if absent.contains(&name) {
                    assert!(!on_board, "[{}] an absentee is paired: {g}", app.label());
                    assert_eq!(g["kind"], "zero_bye", "{g}");
                    assert_eq!(g["result"], "0", "{g}");
                }
            }
        }
        let boards = games.iter().filter(|g| g["black"].is_object()).count();
        assert_eq!(
            boards, 2,
            "five present: two boards and the pairing bye: {round}"
        );
        assert!(games.iter().any(|g| g["kind"] == "pairing_bye"));
        let left: Vec<(String, String)> = round["left_out"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["player"]["name"].as_str().unwrap().to_string(),
                    l["reason"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(left.len(), 2, "{round}");
        for (name, reason) in &left {
            assert!(absent.contains(&name.as_str()), "{name}");
            assert_eq!(reason, "absent");
        }
        // The pairing screen says so too.
        let screen = app
            .form_user("organizer")
            .get(&format!("/t/{tid}/manage/rounds/1"))
            .1;
        assert!(
            screen.contains("absent at check-in") && screen.contains("Marta Wójcik"),
            "{screen}"
        );
        // And the standings count the round as the regulations say (zero).
        org.publish_round(tid, 1);
        let standings = anon.ok(
            anon.get(&format!("/api/v1/tournaments/{tid}/standings")),
            200,
            "standings",
        );
        let marta = standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "Marta Wójcik")
            .cloned()
            .unwrap();
        assert_eq!(marta["points"].as_f64(), Some(0.0), "{marta}");
        // Check-in moves on to round 2 and is not in use there.
        let sheet = org.ok(org.get(&checkin), 200, "sheet");
        assert_eq!(sheet["round"], 2);
        assert_eq!(sheet["open"], false);
    });
}

/// A round robin takes no check-in; the refusal cites the default-time
/// article of the tournament's edition (`rules::laws::TABLE`): 6.7.1 from
/// 2018, 6.6(a) in 2009, 6.7 in 2005 (the Czech 2005 text's one-hour rule).
#[test]
fn a_round_robin_refuses_check_in_citing_its_editions_default_time_article() {
    on_each_backend(|app, _| {
        let org = app.user("organizer");
        for (edition, article) in [("2023", "6.7.1"), ("2009", "6.6(a)"), ("2005", "6.7")] {
            let tid = EventBuilder::swiss(&org)
                .named(&format!("Robin {edition}"))
                .with(json!({"system": "round_robin", "laws_edition": edition}))
                .rounds(3)
                .players(4)
                .build()
                .tid;
            let before = app.audit_count();
            refused(
                app,
                org.put(
                    &format!("/api/v1/tournaments/{tid}/checkin"),
                    json!({"open": true}),
                ),
                409,
                &format!("loses by default (art. {article})"),
                before,
            );
        }
    });
}

#[test]
fn public_writes_are_rate_limited() {
    on_each_backend(|app, _| {
        let org = app.user("organizer");
        let anon = app.client();
        let tid = swiss(&org, "Limited");
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/entry-form"),
                json!({"is_open": true}),
            ),
            200,
            "open",
        );
        for i in 0..3 {
            org.add_player(tid, json!({"name": format!("P{i}")}));
        }
        let checkin = format!("/api/v1/tournaments/{tid}/checkin");
        org.ok(
            org.post(&format!("{checkin}/codes"), json!({})),
            200,
            "codes",
        );
        org.ok(
            org.put(&checkin, json!({"open": true})),
            200,
            "open check-in",
        );
        let sheet = org.ok(org.get(&checkin), 200, "sheet");
        let code = sheet["players"][0]["code"].as_str().unwrap().to_string();
        // Five wrong codes, then even the right one waits.
        for _ in 0..5 {
            let a = anon.post(&format!("{checkin}/code"), json!({"code": "ZZZZZZ"}));
            assert_eq!(a.0.as_u16(), 422, "{}", a.1);
        }
        let a = anon.post(&format!("{checkin}/code"), json!({"code": code}));
        assert_eq!(a.0.as_u16(), 429, "[{}] {}", app.label(), a.1);
        // Entries: every attempt counts, twenty an hour from one address.
        let entries = format!("/api/v1/tournaments/{tid}/entries");
        for i in 0..20 {
            let a = anon.post(&entries, json!({"name": format!("Entrant {i}")}));
            assert_eq!(a.0.as_u16(), 201, "{}", a.1);
        }
        let a = anon.post(&entries, json!({"name": "One Too Many"}));
        assert_eq!(a.0.as_u16(), 429, "[{}] {}", app.label(), a.1);
    });
}

#[test]
fn the_pages_enter_approve_and_check_in() {
    on_each_backend(|app, _| {
        let org = app.user("organizer");
        let tid = swiss(&org, "Paged");
        let staff = app.form_user("organizer");
        let csrf = staff.csrf(&format!("/t/{tid}/manage/entries"));
        let (status, location, _) = staff.post(
            &format!("/t/{tid}/manage/entries/form"),
            &[
                ("csrf", &csrf),
                ("is_open", "1"),
                ("deadline", "2099-01-01T10:00"),
                ("max_players", "10"),
                ("eligibility", "anyone"),
            ],
        );
        assert_eq!(status, 303, "save the form");
        assert!(location.starts_with(&format!("/t/{tid}/manage/entries")));

        // A visitor enters through the public page.
        let visitor = Form::new(&app.base);
        let (status, location, body) = visitor.post(
            &format!("/t/{tid}/entry"),
            &[
                ("name", "Karol Mazur"),
                ("birth_date", "1999"),
                ("rating", "1650"),
                ("email", "karol@example.org"),
            ],
        );
        assert_eq!(status, 303, "{body}");
        assert!(location.starts_with(&format!("/t/{tid}/entry?done=")));
        // A wrong field comes back with the problem, nothing stored.
        let before = app.audit_count();
        let (status, _, body) = visitor.post(
            &format!("/t/{tid}/entry"),
            &[("name", "Karol Mazur"), ("birth_date", "1999")],
        );
        assert_eq!(status, 422);
        assert!(body.contains("already waiting"), "{body}");
        assert_eq!(app.audit_count(), before);

        // The organizer approves on the entries screen.
        let screen = staff.get(&format!("/t/{tid}/manage/entries")).1;
        assert!(screen.contains("karol@example.org"));
        let eid = org.get(&format!("/api/v1/tournaments/{tid}/entries")).1["entries"][0]["id"]
            .as_i64()
            .unwrap();
        let (status, _, _) = staff.post(
            &format!("/t/{tid}/manage/entries/{eid}/approve"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303);
        for i in 0..3 {
            org.add_player(tid, json!({"name": format!("Player {i}")}));
        }

        // Check-in on the staff sheet and with the code on the public page.
        let (status, _, _) = staff.post(
            &format!("/t/{tid}/manage/checkin/codes"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303);
        let (status, _, _) = staff.post(
            &format!("/t/{tid}/manage/checkin/open"),
            &[("csrf", &csrf), ("open", "1")],
        );
        assert_eq!(status, 303);
        let sheet = org.get(&format!("/api/v1/tournaments/{tid}/checkin")).1;
        let karol = sheet["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Karol Mazur")
            .unwrap()
            .clone();
        let printable = staff.get(&format!("/t/{tid}/manage/checkin/codes")).1;
        assert!(printable.contains(karol["code"].as_str().unwrap()));
        assert_eq!(
            visitor.get(&format!("/t/{tid}/manage/checkin/codes")).0,
            303,
            "the codes are staff-only"
        );
        let card = staff
            .get(&format!(
                "/t/{tid}/manage/players/{}/edit",
                karol["player_id"]
            ))
            .1;
        assert!(
            card.contains(karol["code"].as_str().unwrap()),
            "the staff's player page shows the code"
        );
        let other = sheet["players"].as_array().unwrap().last().unwrap().clone();
        assert_ne!(other["name"], "Karol Mazur");
        let pid = other["player_id"].as_i64().unwrap().to_string();
        let (status, _, _) = staff.post(
            &format!("/t/{tid}/manage/checkin/mark"),
            &[("csrf", &csrf), ("player_id", &pid), ("present", "1")],
        );
        assert_eq!(status, 303);
        let (status, _, body) = visitor.post(&format!("/t/{tid}/checkin"), &[("code", "NOPE99")]);
        assert_eq!(status, 422);
        assert!(body.contains("not a check-in code"), "{body}");
        let (status, location, _) = visitor.post(
            &format!("/t/{tid}/checkin"),
            &[("code", karol["code"].as_str().unwrap())],
        );
        assert_eq!(status, 303);
        let done = visitor.get(&location).1;
        assert!(done.contains("Karol Mazur"), "{done}");
        let sheet = org.get(&format!("/api/v1/tournaments/{tid}/checkin")).1;
        assert_eq!(sheet["present"], 2);
        let screen = staff.get(&format!("/t/{tid}/manage/checkin")).1;
        assert!(screen.contains("id=\"checkin-search\""));
    });
}
