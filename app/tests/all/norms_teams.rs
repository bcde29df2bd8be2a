//! Title norms in a team event (issue 35; `domain/norms.rs::team_report`),
//! over HTTP on SQLite and PostgreSQL: a round robin of eight teams of two
//! boards built through the API, in which the first board of team 1 scores a
//! GM norm on his own board's games (FIDE Handbook B.01 art. 1.4), worked out
//! by hand below; the staff's Norms page (linked from the menu of a team
//! event), its forecast before the last round, the IT1 certificate read back
//! with `pdftotext`, and the public summary once the event is final.

use crate::common;
use crate::exports_pdf::read_pdf;
use crate::norms::{forecast_row, norms_pages, page_with_norm};

use common::build::EventBuilder;
use common::{on_each_backend, Client};
use serde_json::{json, Value};

/// Team 1's first board: Polish, rated 2350, no title. Roster place 1 of
/// the first team entered: number 1 as the team engine numbers players.
const CANDIDATE: &str = "Kandydat Drużynowy";

/// The first boards of teams 2-8: name, title, federation, rating, and the
/// half-points the candidate scores against them. Every team's second board
/// is an untitled CZE 2100; team 1's is a POL 2000.
///
/// Worked by hand (B.01 art. 1.4; the event entered as a World / Continental
/// team championship, 1.4.1b): the candidate's norm is judged on his own
/// board's games only (1.4: in team competitions, the games on his board).
/// - 7 games (a round robin of 8 teams: 7 rounds): 1.4.1b lets 7 games make a
///   norm in a 7- to 9-round team championship; an ordinary event needs 9
///   (1.4.1a).
/// - 1.4.5a: GM, GM, GM, IM, IM, FM titled, 6 of 7 ≥ 50 %; 1.4.5b: 3 GMs ≥
///   max(3, ⌈7/3⌉ = 3).
/// - 1.4.3/1.4.4: GER, CZE, HUN, SVK, POL, UKR, LTU: one from his own POL
///   (at most ⌊3/5 · 7⌋ = 4), at most one of any (≤ ⌊2/3 · 7⌋ = 4), six
///   other federations (≥ 2).
/// - 1.4.7: 2550 + 2500 + 2480 + 2450 + 2420 + 2400 + 2380 = 17180; 17180 / 7
///   = 2454.29, rounded 2454 ≥ GM 2380. The lowest, 2380, is above the GM
///   floor 2200: no one raised (1.4.6c).
/// - 1.4.8: a loss, two draws, four wins = 5 of 7 = 71.4 %, rounded 71 %;
///   dp(71) = 158; performance 2454 + 158 = 2612 ≥ 2600. 71 % ≥ 35 %.
///
/// So a GM norm (and an IM norm: 2612 ≥ 2450, 2454 ≥ 2230, 5 IMs or GMs).
/// Before the last round, with 6 games: 5 of 7 is the least making 2600
/// (4½ of 7 = 64 %, dp 102, 2556), so the GM norm needs exactly what the
/// table gives him in his last game.
const OPPONENTS: [(&str, &str, &str, i32, i32); 7] = [
    ("Anton Großmeister", "GM", "GER", 2550, 0),
    ("Bedřich Velmistr", "GM", "CZE", 2500, 1),
    ("Csaba Nagymester", "GM", "HUN", 2480, 1),
    ("Dušan Majster", "IM", "SVK", 2450, 2),
    ("Grzegorz Mistrz", "IM", "POL", 2420, 2),
    ("Halyna Maisternia", "FM", "UKR", 2400, 2),
    ("Ignas Žaidėjas", "", "LTU", 2380, 2),
];
const AVERAGE: &str = "2454";
const PERFORMANCE: &str = "2612";

/// Round `n` as the API gives it.
fn round(c: &Client, tid: i64, n: u32) -> Value {
    c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}")),
        200,
        "read a round",
    )
}

/// The match of team 1 in `r`, whether team 1 is its first-named team, and
/// the first board's opponent as the table has him.
fn candidate_board(r: &Value) -> (Value, bool, (&'static str, i32)) {
    let m = r["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["home"]["number"] == 1 || m["away"]["number"] == 1)
        .expect("team 1 plays every round")
        .clone();
    let home = m["home"]["number"] == 1;
    let b = &m["boards"][0];
    assert_eq!(b["board"], 1);
    let other = if home {
        &b["away"]["name"]
    } else {
        &b["home"]["name"]
    };
    let o = OPPONENTS
        .iter()
        .find(|o| o.0 == other.as_str().unwrap())
        .unwrap_or_else(|| panic!("board 1 opponent {other}"));
    (m, home, (o.0, o.4))
}

/// Pairs and publishes round `n` and enters both line-ups (boards 1, 2) of
/// every team.
fn pair_round(org: &Client, tid: i64, n: u32) {
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({})),
        201,
        "pair",
    );
    org.publish_team_round(tid, n);
    for team in 1..=8 {
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}"),
                json!({"players": [1, 2]}),
            ),
            200,
            "line-up",
        );
    }
}

/// The results of round `n`: the candidate's by the table, team 1's second
/// board loses, the first-named team's player wins every other board.
fn play_round(org: &Client, tid: i64, n: u32) {
    let r = round(org, tid, n);
    let (mine, home, (_, score)) = candidate_board(&r);
    let mut results = vec![];
    for m in r["matches"].as_array().unwrap() {
        for b in m["boards"].as_array().unwrap() {
            let result = if m["number"] == mine["number"] && b["board"] == 1 {
                match if home { score } else { 2 - score } {
                    2 => "1-0",
                    1 => "½-½",
                    _ => "0-1",
                }
            } else if m["number"] == mine["number"] && home {
                // Team 1's second board loses every game.
                "0-1"
            } else {
                "1-0"
            };
            results.push(json!({"match": m["number"], "board": b["board"], "result": result}));
        }
    }
    org.team_results(tid, n, &results);
}

/// The page's `data-results` of player `n`.
fn results_of(page: &str, n: u32) -> String {
    page.split(&format!("<details id=\"norms-player-{n}\""))
        .nth(1)
        .and_then(|s| s.split("data-results=\"").nth(1))
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| panic!("no results of player {n}: {page}"))
        .to_string()
}

#[test]
fn a_team_event_judges_each_board_players_own_games() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = i64::from(
            EventBuilder::swiss(&org)
                .named("Drużynowe Mistrzostwa Norm")
                .with(json!({"place": "Wrocław", "federation": "POL"}))
                .rounds(1)
                .build()
                .tid,
        );
        org.team_event(
            tid,
            json!({"system": "round_robin", "boards": 2, "tiebreaks": ["GP"]}),
        );
        let mut rosters = vec![json!([
            {"name": CANDIDATE, "federation": "POL", "rating": 2350, "fide_id": 1_200_000},
            {"name": "Partner Drużynowy", "federation": "POL", "rating": 2000},
        ])];
        for (i, (name, title, fed, rating, _)) in OPPONENTS.iter().enumerate() {
            rosters.push(json!([
                {"name": name, "title": title, "federation": fed, "rating": rating,
                 "fide_id": 1_200_001 + i as i64},
                {"name": format!("Second Board {}", i + 2), "federation": "CZE", "rating": 2100},
            ]));
        }
        for (i, roster) in rosters.into_iter().enumerate() {
            org.add_team(
                tid,
                json!({"name": format!("Team {}", i + 1), "roster": roster}),
            );
        }
        // The menu of a team event links the Norms page.
        let (staff, screen, public, visitor) = norms_pages(app, tid, label);

        // A World / Continental team championship (1.4.1b).
        let csrf = staff.csrf(&screen);
        let facts = |kind: &'static str, version: &'static str, computers: &'static str| {
            let fields = [
                ("csrf", csrf.as_str()),
                ("version", version),
                ("event_kind", kind),
                ("large_swiss", "auto"),
                ("chief_arbiter", "IA Anna Drużynowa"),
                ("computers", computers),
            ];
            staff.post(&screen, &fields)
        };
        let (status, _, body) = facts("team", "0", "");
        assert_eq!(status, 303, "[{label}] facts: {body}");

        for n in 1..=6 {
            pair_round(&org, tid, n);
            play_round(&org, tid, n);
        }
        pair_round(&org, tid, 7);
        assert_eq!(visitor.get(&public).0, 404, "[{label}] not final yet");

        // The forecast: the GM norm needs what the table gives him in round 7.
        let (_, _, (_, last)) = candidate_board(&round(&org, tid, 7));
        let row = forecast_row(&staff, &screen, 1, label);
        assert!(
            row.contains(&format!(
                "<strong>GM</strong>: needs at least {} out of 1",
                common::points_text(last)
            )),
            "[{label}] forecast: {row}"
        );

        play_round(&org, tid, 7);
        let row = ["1", CANDIDATE, "POL", "GM", "7", "5", AVERAGE, PERFORMANCE];
        let page = page_with_norm(&staff, &screen, row, label);
        assert!(
            results_of(&page, 1).starts_with(&format!("GM:1:7:10:{AVERAGE}:{PERFORMANCE};")),
            "[{label}] {}",
            results_of(&page, 1)
        );
        // His board-2 teammate lost seven games to 2100s: his own games, no norm.
        assert!(
            results_of(&page, 2).starts_with("GM:0:7:0:"),
            "[{label}] board 2: {}",
            results_of(&page, 2)
        );

        // The certificate names every board-1 opponent from the rosters.
        let it1 = format!("/t/{tid}/manage/norms/it1/1/GM");
        assert!(page.contains(&format!("href=\"{it1}\"")), "[{label}] link");
        let (status, ct, bytes) = staff.get_bytes(&it1);
        assert_eq!((status, ct.as_str()), (200, "application/pdf"), "[{label}]");
        if let (_, Some(text)) = read_pdf(&bytes, "IT1") {
            let mut want: Vec<String> = vec![
                "IT1 Certificate of Title Result: GM norm".into(),
                CANDIDATE.into(),
                "1200000".into(),
                "Team 1".into(),
                "Drużynowe Mistrzostwa Norm".into(),
                "IA Anna Drużynowa".into(),
                AVERAGE.into(),
                PERFORMANCE.into(),
                "5 (5)".into(),
                "71 %".into(),
            ];
            for (name, title, fed, rating, _) in OPPONENTS {
                want.extend([name.into(), fed.into(), rating.to_string()]);
                if !title.is_empty() {
                    want.push(title.into());
                }
            }
            for w in &want {
                assert!(
                    text.contains(w.as_str()),
                    "[{label}] IT1: '{w}' missing in:\n{text}"
                );
            }
            assert!(
                !text.contains("Second Board"),
                "[{label}] board-2 games are not his:\n{text}"
            );
        }
        let (status, ct, _) = staff.get_bytes(&format!("/t/{tid}/manage/norms/it3"));
        assert_eq!((status, ct.as_str()), (200, "application/pdf"), "[{label}]");
        // The rating report of a team event is its team TRF: read back, the
        // candidate's seven board-1 games.
        let (status, _, trf) = staff.get_bytes(&format!("/t/{tid}/manage/norms/rating-report.trf"));
        assert_eq!(status, 200, "[{label}]");
        let trf = String::from_utf8(trf).unwrap();
        let t = pairing::team::trf::parse(&trf).unwrap_or_else(|e| panic!("[{label}] {e}"));
        let games = t
            .rounds
            .iter()
            .flat_map(|r| &r.matches)
            .flat_map(|m| &m.boards)
            .filter(|b| (b.home == Some(1) || b.away == Some(1)) && b.played())
            .count();
        assert_eq!(t.players[0].name.trim(), CANDIDATE, "[{label}]");
        assert_eq!(games, 7, "[{label}] {trf}");

        // Final: the public summary lists the norm, linked from the menu.
        let (status, summary) = visitor.get(&public);
        assert_eq!(status, 200, "[{label}] final: {summary}");
        assert!(
            summary.contains(&format!("<td>{CANDIDATE}</td><td>POL</td><td>GM</td>")),
            "[{label}] {summary}"
        );
        assert!(summary.contains("id=\"nav-norms\""), "[{label}] menu");

        // As an ordinary event the same seven games are two short (1.4.1a).
        let (status, _, body) = facts("ordinary", "1", "");
        assert_eq!(status, 303, "[{label}] facts: {body}");
        let (_, page) = staff.get(&screen);
        assert!(
            results_of(&page, 1).starts_with(&format!("GM:0:7:10:{AVERAGE}:{PERFORMANCE};")),
            "[{label}] {}",
            results_of(&page, 1)
        );
        assert!(
            page.contains("7 games counted, 9 needed"),
            "[{label}] the games requirement"
        );

        // Computers (B.01 1.4.2: games against them do not count). The
        // field takes pairing numbers: a word is refused at the field,
        // nothing written.
        let audit = app.audit_count();
        let (status, _, body) = facts("team", "2", "fifteen");
        assert_eq!(status, 422, "[{label}] {body}");
        assert!(body.contains("id=\"computers-err\""), "[{label}] {body}");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        // Team 8's first board, Ignas Žaidėjas, is number 15 (roster places
        // 1-14 are teams 1-7's) and a computer: the candidate keeps six
        // games, 2550 + 2500 + 2480 + 2450 + 2420 + 2400 = 14800, / 6 =
        // 2466.67 → 2467; 4 of 6 = 66.7 % → 67 %, dp 125, 2592 < 2600; and
        // 6 games < 7. No GM norm; number 15 is not judged.
        let (status, _, body) = facts("team", "2", "15");
        assert_eq!(status, 303, "[{label}] facts: {body}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let (_, page) = staff.get(&screen);
        assert!(
            results_of(&page, 1).starts_with("GM:0:6:8:2467:2592;"),
            "[{label}] {}",
            results_of(&page, 1)
        );
        assert!(
            !page.contains("<details id=\"norms-player-15\""),
            "[{label}] the computer is not judged"
        );
        assert!(
            page.contains("id=\"computers\" name=\"computers\" value=\"15\""),
            "[{label}] the field as saved"
        );
    });
}
