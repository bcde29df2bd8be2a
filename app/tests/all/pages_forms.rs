//! The staff's forms without JavaScript, over HTTP on SQLite and PostgreSQL:
//! CSRF checked, errors next to the field, one audit row per operation, the
//! plain result form with the keyboard shorthands, a correction needing a
//! reason — and the live event stream telling a page that results came in.

use crate::common;

use common::form::{self, Form};
use common::{on_each_backend, USER_PASSWORD};
use std::io::Read;
use std::time::{Duration, Instant};

#[test]
fn staff_forms_work_without_javascript() {
    on_each_backend(|app, label| {
        let f = Form::new(&app.base);
        // An ordinary account (not an administrator, who holds every role).
        let _ = app.user("org");

        // Login through the page sets the same session cookie as the API.
        let (status, _, body) = f.post("/login", &[("username", "org"), ("password", "wrong")]);
        assert_eq!(status, 422, "[{label}] wrong password");
        assert!(
            body.contains("wrong user name or password"),
            "[{label}] {body}"
        );
        let (status, location, _) = f.post(
            "/login",
            &[("username", "org"), ("password", USER_PASSWORD)],
        );
        assert_eq!((status, location.as_str()), (303, "/"), "[{label}] login");
        let csrf = f.csrf("/new");

        // A form post without the token changes nothing.
        let before = app.audit_count();
        let (status, _, _) = f.post(
            "/new",
            &[
                ("csrf", "forged"),
                ("name", "X"),
                ("system", "swiss"),
                ("rounds", "5"),
            ],
        );
        assert_eq!(status, 403, "[{label}] forged CSRF token");
        assert_eq!(app.audit_count(), before);

        // The error comes back next to the field, with what was typed.
        let fields = |name: &'static str, rounds: &'static str| {
            let form = form::new_tournament(&csrf, "swiss");
            form::replaced(
                form,
                &[("name", name), ("place", "Wrocław"), ("rounds", rounds)],
            )
        };
        let (status, _, body) = f.post("/new", &fields("Turniej Błyskawiczny", "99"));
        assert_eq!(status, 422, "[{label}] 99 rounds");
        assert!(
            body.contains("id=\"rounds-err\"") && body.contains("between 1 and 30"),
            "[{label}] {body}"
        );
        assert!(
            body.contains("value=\"Turniej Błyskawiczny\""),
            "[{label}] the typed name is kept"
        );
        assert_eq!(app.audit_count(), before);

        let (status, location, _) = f.post("/new", &fields("Turniej Błyskawiczny", "3"));
        assert_eq!(status, 303, "[{label}] created");
        assert_eq!(app.audit_count(), before + 1, "[{label}] one audit row");
        let tid: app::domain::ids::TournamentId =
            location.split('/').nth(2).unwrap().parse().unwrap();

        // CSV paste: a wrong line imports nothing and names the line.
        let bad = "Żółć, Łukasz; 2400\nČermák, Jiří; lots\n";
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/import"),
            &[("csrf", &csrf), ("csv", bad)],
        );
        assert_eq!(status, 422, "[{label}] bad CSV");
        assert!(body.contains("line 2"), "[{label}] {body}");
        assert_eq!(app.audit_count(), before + 1);
        let good = "Żółć, Łukasz; 2400; FM; POL\nČermák, Jiří; 2350\nWiśniewska, Zofia; 2200\nDvořák, Tomáš; 2100\n";
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/import"),
            &[("csrf", &csrf), ("csv", good)],
        );
        assert_eq!(status, 303, "[{label}] CSV import");
        assert_eq!(
            app.audit_count(),
            before + 5,
            "[{label}] one audit row per player"
        );
        let (_, page) = f.get(&format!("/t/{tid}/players"));
        assert!(
            page.contains("Żółć, Łukasz") && page.contains("Dvořák, Tomáš"),
            "[{label}] {page}"
        );

        // The creator is organizer and arbiter. Once he hands the arbiter's
        // role back, pairing is refused with the reason; appointed again, he pairs.
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/staff/dismiss"),
            &[("csrf", &csrf), ("username", "org"), ("role", "arbiter")],
        );
        assert_eq!(status, 303, "[{label}] dismiss");
        let (status, _, body) = f.post(&format!("/t/{tid}/manage/pair"), &[("csrf", &csrf)]);
        assert_eq!(status, 403, "[{label}] organizer pairs? {body}");
        // The last organizer stays.
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/staff/dismiss"),
            &[("csrf", &csrf), ("username", "org"), ("role", "organizer")],
        );
        assert_eq!(status, 409, "[{label}] the last organizer: {body}");
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/staff"),
            &[("csrf", &csrf), ("username", "org"), ("role", "arbiter")],
        );
        assert_eq!(status, 303, "[{label}] appoint");

        // Pair, publish, results by the plain form (shorthands 1 and =).
        let (status, location, _) = f.post(&format!("/t/{tid}/manage/pair"), &[("csrf", &csrf)]);
        assert_eq!(
            (status, location.as_str()),
            (303, format!("/t/{tid}/manage/rounds/1").as_str()),
            "[{label}] pair"
        );
        // Review: swap the colours of board 1 — FIDE mode asks twice first —
        // and the answer lists the broken criteria (maybe none).
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/swap"),
            &[("csrf", &csrf), ("colours", "1")],
        );
        assert_eq!(status, 422, "[{label}] FIDE mode: {body}");
        assert!(body.contains("id=\"fide-confirm\""), "[{label}] {body}");
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/swap"),
            &[
                ("csrf", &csrf),
                ("colours", "1"),
                ("warning_read", "1"),
                ("leave_fide_mode", "1"),
            ],
        );
        assert_eq!(status, 200, "[{label}] swap: {body}");
        assert!(
            body.contains("breaks"),
            "[{label}] broken criteria shown: {body}"
        );
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/publish"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303, "[{label}] publish");
        let round = app
            .db
            .read(|conn| crate::common::staff_round(conn, tid, 1))
            .unwrap();
        let g1 = &round.games[0];
        let g2 = &round.games[1];

        // The live stream of the tournament, opened before the results come in.
        let stream = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .unwrap();
        let mut events = stream
            .get(format!("{}/t/{tid}/live", app.base))
            .send()
            .unwrap();
        assert_eq!(events.status().as_u16(), 200);
        assert!(events.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream"));

        let before = app.audit_count();
        let (r1, v1, r2, v2) = (
            format!("r{}", g1.id),
            format!("v{}", g1.id),
            format!("r{}", g2.id),
            format!("v{}", g2.id),
        );
        let (ver1, ver2) = (g1.version.to_string(), g2.version.to_string());
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[
                ("csrf", &csrf),
                (&r1, "1"),
                (&v1, &ver1),
                (&r2, "="),
                (&v2, &ver2),
            ],
        );
        assert_eq!(status, 303, "[{label}] results: {body}");
        assert_eq!(
            app.audit_count(),
            before + 2,
            "[{label}] one audit row per board"
        );
        let round = app
            .db
            .read(|conn| crate::common::staff_round(conn, tid, 1))
            .unwrap();
        assert_eq!(
            (
                round.games[0].result.as_str(),
                round.games[1].result.as_str()
            ),
            ("1-0", "½-½")
        );

        let deadline = Instant::now() + Duration::from_secs(15);
        let mut seen = String::new();
        while !seen.contains("event: update") {
            assert!(
                Instant::now() < deadline,
                "[{label}] no live event: {seen:?}"
            );
            let mut buf = [0u8; 256];
            let n = events.read(&mut buf).unwrap();
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        drop(events);
        drop(stream);
        eprintln!("[{label}] live event seen");

        // A correction without a reason is refused next to the board; with one it is kept.
        let ver1 = round.games[0].version.to_string();
        let why1 = format!("why{}", g1.id);
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[("csrf", &csrf), (&r1, "0-1"), (&v1, &ver1)],
        );
        assert_eq!(status, 422, "[{label}] correction without a reason");
        assert!(body.contains("needs a reason"), "[{label}] {body}");
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[
                ("csrf", &csrf),
                (&r1, "0-1"),
                (&v1, &ver1),
                (&why1, "scoresheets: Black won"),
            ],
        );
        assert_eq!(status, 303, "[{label}] correction with a reason");
        let (_, audit) = f.get(&format!("/t/{tid}/manage/audit"));
        assert!(
            audit.contains("result corrected") && audit.contains("scoresheets: Black won"),
            "[{label}] audit page"
        );

        // Public pages show it; the visitor sees no staff links.
        let visitor = Form::new(&app.base);
        let (status, page) = visitor.get(&format!("/t/{tid}/rounds/1"));
        assert_eq!(status, 200);
        assert!(
            page.contains("0-1") && page.contains("½-½") && !page.contains("/manage/"),
            "[{label}] {page}"
        );
        let (status, location, _) = visitor.post(&format!("/t/{tid}/manage/pair"), &[("csrf", "")]);
        assert_eq!(
            (status, location.as_str()),
            (303, "/login"),
            "[{label}] anonymous post goes to login"
        );
        let (status, _) = visitor.get(&format!("/t/{tid}/manage/audit"));
        assert_eq!(status, 303, "[{label}] the audit log is for staff");

        // One form, two boards: the refused board (a correction without a
        // reason) does not hold the other back (`results::enter_round_results`,
        // a savepoint per board), and the screen counts what was saved.
        let read_round = || {
            app.db
                .read(|conn| crate::common::staff_round(conn, tid, 1))
                .unwrap()
        };
        let round = read_round();
        let (b1, b2) = (&round.games[0], &round.games[1]);
        let before = app.audit_count();
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[
                ("csrf", &csrf),
                (&format!("r{}", b1.id), "1-0"),
                (&format!("v{}", b1.id), &b1.version.to_string()),
                (&format!("r{}", b2.id), "1-0"),
                (&format!("v{}", b2.id), &b2.version.to_string()),
                (&format!("why{}", b2.id), "scoresheets: White won"),
            ],
        );
        assert_eq!(status, 422, "[{label}] one board refused: {body}");
        assert!(
            body.contains("needs a reason") && body.contains("✓ 1"),
            "[{label}] {body}"
        );
        assert_eq!(app.audit_count(), before + 1, "[{label}] one board saved");
        let round = read_round();
        assert_eq!(
            (
                round.games[0].result.as_str(),
                round.games[1].result.as_str()
            ),
            ("0-1", "1-0"),
            "[{label}] board 1 kept, board 2 corrected"
        );
    });
}
