//! The team event's forms on the pages (issue 33), on SQLite and PostgreSQL,
//! without JavaScript: a team event created from New tournament, the team
//! regulations, a team typed with its roster and teams pasted as text (every
//! error next to its field, everything typed kept, nothing written), and the
//! captain's own line-up page (his team yes, another team 403).

use crate::common;

use common::on_each_backend;

fn location_tid(to: &str) -> i32 {
    to.split("/t/")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no tournament in {to}"))
}

const PASTED: &str = "# three teams of two boards\n\
Hetman Wrocław; POL\n\
Kowalski, Jan; 2310; FM; POL; 1100011\n\
Nowak, Piotr; 2250\n\
Wiśniewska, Anna; 2204; WFM\n\
\n\
Polonia Warszawa; POL\n\
Zieliński, Adam; 2280\n\
Lewandowski, Marek; 2200\n\
\n\
Slavia Praha; CZE\n\
Dvořák, Tomáš; 2290\n\
Novák, Jiří; 2190\n";

#[test]
fn team_forms_keep_what_was_typed_and_the_captain_enters_his_own_line_up() {
    on_each_backend(|app, label| {
        let _ = app.user("organiser");
        let _ = app.user("skipper");
        let _ = app.user("stranger");
        let f = app.form_user("organiser");

        // New tournament, a team system: a wrong number of boards at its field.
        let audit = app.audit_count();
        let csrf = f.csrf("/new");
        let new = |boards: &str, rounds: &str| {
            f.post(
                "/new",
                &[
                    ("csrf", &csrf),
                    ("name", "Liga Drużynowa 2026"),
                    ("system", "team_swiss"),
                    ("rounds", rounds),
                    ("base_minutes", "90"),
                    ("increment", "30"),
                    ("default_time_minutes", "30"),
                    ("win", "1"),
                    ("draw", "0.5"),
                    ("late_entry_bye", "zero"),
                    ("laws_edition", "2023"),
                    ("team_boards", boards),
                    ("team_match_win", "2"),
                    ("team_match_draw", "1"),
                    ("team_match_loss", "0"),
                ],
            )
        };
        for (boards, rounds, field) in [("40", "3", "team_boards"), ("x", "3", "team_boards")] {
            let (s, _, body) = new(boards, rounds);
            assert_eq!(s, 422, "[{label}] {boards}: {body}");
            assert!(
                body.contains(&format!("id=\"{field}-err\"")),
                "[{label}] {body}"
            );
            assert!(
                body.contains("value=\"Liga Drużynowa 2026\""),
                "[{label}] name kept"
            );
            assert!(
                body.contains(&format!("value=\"{boards}\"")),
                "[{label}] boards kept"
            );
            assert!(
                body.contains("value=\"team_swiss\" selected"),
                "[{label}] system kept"
            );
        }
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        let (s, to, body) = new("2", "3");
        assert_eq!(s, 303, "[{label}] {body}");
        assert!(to.ends_with("/manage/teams"), "[{label}] lands on {to}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let tid = location_tid(&to);
        let screen = format!("/t/{tid}/manage/teams");

        // Settings of a team event: the team system as text, with the way to
        // the Teams page, not the individual systems to choose from; saving
        // the settings keeps it a team event.
        let settings = format!("/t/{tid}/manage/settings");
        let (s, body) = f.get(&settings);
        assert_eq!(s, 200, "[{label}] {body}");
        assert!(!body.contains("<select id=\"system\""), "[{label}] {body}");
        assert!(body.contains("id=\"team-system-note\""), "[{label}]");
        assert!(body.contains(&format!("href=\"{screen}\"")), "[{label}]");
        assert!(body.contains("Team Swiss"), "[{label}] {body}");
        let csrf = f.csrf(&settings);
        let (s, _, body) = f.post(
            &settings,
            &[
                ("csrf", &csrf),
                ("name", "Liga Drużynowa 2026/27"),
                ("variant", "standard"),
            ],
        );
        assert_eq!(s, 303, "[{label}] {body}");
        let (_, body) = f.get(&screen);
        assert!(body.contains("Liga Drużynowa 2026/27"), "[{label}] {body}");
        let (_, body) = f.get(&settings);
        assert!(body.contains("id=\"team-system-note\""), "[{label}]");
        let csrf = f.csrf(&screen);

        // The team regulations: win > draw ≥ loss, at the field, typed kept.
        let audit = app.audit_count();
        let (s, _, body) = f.post(
            &format!("{screen}/settings"),
            &[
                ("csrf", &csrf),
                ("system", "swiss"),
                ("boards", "2"),
                ("rounds", "3"),
                ("match_win", "1"),
                ("match_draw", "1"),
                ("match_loss", "0"),
                ("primary", "match_points"),
                ("tiebreaks", "GP, BH:MP"),
            ],
        );
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(
            body.contains("id=\"ts-match_draw-err\""),
            "[{label}] {body}"
        );
        assert!(body.contains("value=\"GP, BH:MP\""), "[{label}] typed kept");
        assert_eq!(app.audit_count(), audit);

        // A pasted list with a wrong rating names its line; the text stays.
        let bad = PASTED.replace("Nowak, Piotr; 2250", "Nowak, Piotr; 22x0");
        let (s, _, body) = f.post(
            &format!("{screen}/paste"),
            &[("csrf", &csrf), ("teams", &bad)],
        );
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(body.contains("id=\"paste-err\""), "[{label}] {body}");
        assert!(body.contains("line 4"), "[{label}] the line named: {body}");
        assert!(
            body.contains("Nowak, Piotr; 22x0"),
            "[{label}] the text kept"
        );
        // A player twice on one roster: the line of the second.
        let twice = PASTED.replace("Novák, Jiří; 2190", "Dvořák, Tomáš; 2190");
        let (s, _, body) = f.post(
            &format!("{screen}/paste"),
            &[("csrf", &csrf), ("teams", &twice)],
        );
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(body.contains("line 13"), "[{label}] {body}");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing entered");
        let (s, _, body) = f.post(
            &format!("{screen}/paste"),
            &[("csrf", &csrf), ("teams", PASTED)],
        );
        assert_eq!(s, 303, "[{label}] {body}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");

        // A team typed: a wrong rating and an unknown captain, each at its field.
        let typed = |captain: &str, rating: &str| {
            f.post(
                &format!("{screen}/teams"),
                &[
                    ("csrf", &csrf),
                    ("number", ""),
                    ("name", "Sokół Kraków"),
                    ("federation", "POL"),
                    ("captain", "Jan Sokół"),
                    ("captain_username", captain),
                    ("r0_order", "2"),
                    ("r0_name", "Sokół, Jan"),
                    ("r0_fide_id", ""),
                    ("r0_rating", rating),
                    ("r0_title", ""),
                    ("r0_federation", ""),
                    ("r1_order", "1"),
                    ("r1_name", "Orzeł, Ewa"),
                    ("r1_fide_id", "1234567"),
                    ("r1_rating", "2100"),
                    ("r1_title", "WIM"),
                    ("r1_federation", "pol"),
                    ("r2_order", "3"),
                    ("r2_name", ""),
                    ("r2_fide_id", ""),
                    ("r2_rating", ""),
                    ("r2_title", ""),
                    ("r2_federation", ""),
                ],
            )
        };
        let (s, _, body) = typed("skipper", "twenty");
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(body.contains("id=\"r0-rating-err\""), "[{label}] {body}");
        assert!(body.contains("value=\"twenty\""), "[{label}] rating kept");
        assert!(body.contains("value=\"Orzeł, Ewa\""), "[{label}] row kept");
        let (s, _, body) = typed("nobody", "2000");
        assert_eq!(s, 422, "[{label}] {body}");
        assert!(body.contains("id=\"tf-captain-err\""), "[{label}] {body}");
        assert!(body.contains("value=\"nobody\""), "[{label}] kept");
        assert!(body.contains("value=\"Sokół Kraków\""), "[{label}] kept");
        assert_eq!(app.audit_count(), audit + 1);
        let (s, _, body) = typed("skipper", "2000");
        assert_eq!(s, 303, "[{label}] {body}");
        let org = app.user("organiser");
        let (_, ev) = org.get(&format!("/api/v1/tournaments/{tid}/team-event"));
        let teams = ev["teams"].as_array().unwrap();
        assert_eq!(teams.len(), 4, "[{label}] {ev}");
        assert_eq!(teams[3]["captain_username"], "skipper");
        // The board order typed: Orzeł (order 1) before Sokół (order 2).
        let roster: Vec<&str> = teams[3]["roster"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        assert_eq!(roster, ["Orzeł, Ewa", "Sokół, Jan"], "[{label}]");
        assert_eq!(teams[0]["roster"][0]["rating"], 2310);
        assert_eq!(teams[0]["roster"][0]["fide_id"], 1100011);

        // Round 1 paired and published; the regulations are fixed text now.
        let (s, _, _) = f.post(&format!("{screen}/pair"), &[("csrf", &csrf)]);
        assert_eq!(s, 303, "[{label}] pair");
        let (s, _, _) = f.post(&format!("{screen}/rounds/1/publish"), &[("csrf", &csrf)]);
        assert_eq!(s, 303, "[{label}] publish");
        let (_, html) = f.get(&screen);
        assert!(html.contains("id=\"team-settings-fixed\""), "[{label}]");
        assert!(!html.contains("id=\"save-settings\""), "[{label}]");
        // The arbiter's selects start at the roster order.
        assert!(
            html.contains("<option value=\"1\" selected>1. Kowalski, Jan</option>"),
            "[{label}] board 1 defaults to roster place 1"
        );

        // The captain: his team's line-up linked from the tournament page.
        let cap = app.form_user("skipper");
        let (_, home) = cap.get(&format!("/t/{tid}"));
        assert!(home.contains("id=\"captain-link\""), "[{label}] {home}");
        assert!(
            !home.contains(&format!("/t/{tid}/entry\"")),
            "[{label}] no entry link"
        );
        let (s, page) = cap.get(&format!("/t/{tid}/lineup"));
        assert_eq!(s, 200, "[{label}] {page}");
        assert!(page.contains("id=\"submit-lineup\""), "[{label}] {page}");
        let ccsrf = cap.csrf(&format!("/t/{tid}/lineup"));
        let audit = app.audit_count();
        let (s, to, body) = cap.post(
            &format!("/t/{tid}/lineup/1/4"),
            &[("csrf", &ccsrf), ("b1", "1"), ("b2", "2")],
        );
        assert_eq!(s, 303, "[{label}] {body}");
        assert!(to.ends_with("/lineup?done=1"), "[{label}] {to}");
        assert_eq!(app.audit_count(), audit + 1);
        // Another team's line-up, and the staff screen: still 403.
        let (s, _, _) = cap.post(
            &format!("/t/{tid}/lineup/1/1"),
            &[("csrf", &ccsrf), ("b1", "1"), ("b2", "2")],
        );
        assert_eq!(s, 403, "[{label}] another team");
        assert_eq!(cap.get(&screen).0, 403, "[{label}] the staff screen");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] nothing written");
        // A stranger has no line-up to enter.
        let other = app.form_user("stranger");
        let (s, page) = other.get(&format!("/t/{tid}/lineup"));
        assert_eq!(s, 200, "[{label}]");
        assert!(page.contains("id=\"no-lineup\""), "[{label}] {page}");
        let (_, r) = org.get(&format!("/api/v1/tournaments/{tid}/team-rounds/1"));
        let m = r["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["home"]["number"] == 4 || m["away"]["number"] == 4)
            .expect("team 4 plays");
        let home = m["home"]["number"] == 4;
        assert_eq!(
            m[if home {
                "home_lineup_in"
            } else {
                "away_lineup_in"
            }],
            true,
            "[{label}] {m}"
        );
    });
}
