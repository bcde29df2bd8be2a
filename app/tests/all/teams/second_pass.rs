//! Team events, the defects of issue 37 (an independent run of seven team
//! tournaments) over HTTP on both backends: the default pairing-allocated bye
//! is worth a drawn match, a player stands on one roster once and on one team
//! of the event, and a round robin's prize list is final only after its last
//! round.

use super::gaps::{pair, play_out, publish};
use super::{add_teams, create, trf_round_trip, Lcg};
use crate::common::{on_each_backend, Client};
use serde_json::{json, Value};

fn add_team(org: &Client, tid: i64, name: &str, roster: Value) -> (u16, Value) {
    let (s, v) = org.post(
        &format!("/api/v1/tournaments/{tid}/teams"),
        json!({"name": name, "roster": roster}),
    );
    (s.as_u16(), v)
}

/// C.04.6 art. 1.4: a pairing-allocated bye scores a drawn match. With the
/// regulations' defaults on four boards that is 1 match point and 4
/// half-points (2 game points) — not 8, a won match. Three teams of four
/// boards: round 1 gives one of them the bye, and its game points after the
/// round are exactly 4 half-points.
#[test]
fn a_default_bye_is_worth_a_drawn_match() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = create(
            &org,
            "Bye Default Cup",
            json!({"system": "swiss", "boards": 4, "rounds": 3}),
        );
        let ev = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
        assert_eq!(ev["settings"]["bye_game_points"], 4, "[{label}] {ev}");
        assert_eq!(ev["settings"]["bye_match_points"], 1, "[{label}] {ev}");
        add_teams(&org, tid, "Club", 3, 4, &mut Lcg(3));
        let r1 = pair(&org, tid);
        let bye = r1["bye"]["number"].as_i64().expect("three teams: a bye");
        publish(&org, tid, 1);
        let st = public.ok(
            public.get(&format!("/api/v1/tournaments/{tid}/team-standings")),
            200,
            "standings",
        );
        let row = st["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"]["number"] == bye)
            .cloned()
            .unwrap();
        assert_eq!(
            (row["match_points"].as_i64(), row["game_points"].as_i64()),
            (Some(1), Some(4)),
            "[{label}] the bye team: a drawn match, 1 MP and 4 half-points: {row}"
        );
    });
}

/// A player stands once on a roster (the same FIDE id, or the same name when
/// neither has one: 422 at the second place, naming him), and plays for one
/// team of the event (the same FIDE id on another team: 409 naming him and
/// that team). Nothing is written when refused; an edit that keeps a player
/// on his own team is not refused.
#[test]
fn a_player_is_on_one_roster_once() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = create(
            &org,
            "Roster Cup",
            json!({"system": "swiss", "boards": 2, "rounds": 3}),
        );
        let p = |name: &str, fide: Option<i64>| json!({"name": name, "fide_id": fide});
        let audit = app.audit_count();
        for (k, roster) in [
            json!([
                p("Anna Nowak", Some(1_170_001)),
                p("Ewa Lis", None),
                p("A. Nowak", Some(1_170_001))
            ]),
            json!([
                p("Ewa Lis", None),
                p("Anna Nowak", None),
                p("ewa  LIS", None)
            ]),
        ]
        .into_iter()
        .enumerate()
        {
            let (s, v) = add_team(&org, tid, "Twice", roster);
            assert_eq!(s, 422, "[{label}] roster {k}: {v}");
            assert_eq!(v["field"], "roster[2]", "[{label}] {v}");
            let error = v["error"].as_str().unwrap_or("");
            assert!(error.contains("place 1"), "[{label}] names the place: {v}");
        }
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        // Same name, different FIDE ids: two people.
        let (s, v) = add_team(
            &org,
            tid,
            "Namesakes",
            json!([
                p("Jan Kowalski", Some(1_170_010)),
                p("Jan Kowalski", Some(1_170_011))
            ]),
        );
        assert_eq!(s, 201, "[{label}] {v}");
        let (s, v) = add_team(
            &org,
            tid,
            "Second club",
            json!([
                p("Piotr Zieliński", Some(1_170_020)),
                p("Jan Kowalski", Some(1_170_011))
            ]),
        );
        assert_eq!(s, 409, "[{label}] {v}");
        let error = v["error"].as_str().unwrap_or("");
        assert!(
            error.contains("Jan Kowalski")
                && error.contains("1170011")
                && error.contains("Namesakes"),
            "[{label}] names the player and his team: {v}"
        );
        let teams = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
        assert_eq!(
            teams["teams"].as_array().unwrap().len(),
            1,
            "[{label}] {teams}"
        );

        // Editing a team keeps its own players; moving one of them onto a
        // second team is refused the same way.
        let (s, v) = org.put(
            &format!("/api/v1/tournaments/{tid}/teams/1"),
            json!({"name": "Namesakes", "roster": [
                p("Jan Kowalski", Some(1_170_011)), p("Jan Kowalski", Some(1_170_010))]}),
        );
        assert_eq!(s.as_u16(), 200, "[{label}] own players reordered: {v}");
        let (s, v) = add_team(
            &org,
            tid,
            "Third",
            json!([p("Olga Wrona", Some(1_170_030))]),
        );
        assert_eq!(s, 201, "[{label}] {v}");
        let (s, v) = org.put(
            &format!("/api/v1/tournaments/{tid}/teams/2"),
            json!({"name": "Third", "roster": [p("Olga Wrona", Some(1_170_030)), p("Jan Kowalski", Some(1_170_010))]}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] {v}");
    });
}

/// A team round robin of four teams has three rounds (its `rounds` setting is
/// 0: they follow from the teams). After round 1 its prize list is neither
/// final nor public; after round 3 it is both.
#[test]
fn a_round_robin_prize_list_is_final_after_its_last_round() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = create(
            &org,
            "League",
            json!({"system": "round_robin", "boards": 2}),
        );
        add_teams(&org, tid, "Club", 4, 3, &mut Lcg(5));
        let path = format!("/api/v1/tournaments/{tid}/prizes");
        let table = json!({"categories": [
            {"name": "Team places", "kind": {"type": "teams"}, "prizes": [30000, 20000]}
        ]});
        org.ok(
            org.put(&path, json!({"table": table, "version": 0})),
            200,
            "prizes",
        );
        for n in 1..=3 {
            pair(&org, tid);
            publish(&org, tid, n);
            play_out(&org, tid, n);
            let v = public.get(&path).1;
            let last = n == 3;
            assert_eq!(v["is_final"], last, "[{label}] after round {n}: {v}");
            assert_eq!(
                v["awards"].as_array().is_some_and(|a| !a.is_empty()),
                last,
                "[{label}] awards public only when final, after round {n}: {v}"
            );
        }
    });
}

/// The team TRF carries the tie-breaks (`202`/`212`) and the points of a
/// match and of a bye: an event ranked by `GP, EMGSB, BH:MP` comes back from
/// its export with that list (not the defaults `GP, BH:MP, DE`) and the same
/// standings row for row — five teams, so a bye in every round.
#[test]
fn the_team_trf_carries_the_tie_breaks() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = create(
            &org,
            "Tie-break Cup",
            json!({"system": "swiss", "boards": 2, "rounds": 3, "match_win": 3,
                   "bye_match_points": 2, "bye_game_points": 3,
                   "tiebreaks": ["GP", "EMGSB", "BH:MP"]}),
        );
        add_teams(&org, tid, "Club", 5, 3, &mut Lcg(11));
        for n in 1..=2 {
            pair(&org, tid);
            publish(&org, tid, n);
            play_out(&org, tid, n);
        }
        let trf = org
            .get(&format!("/api/v1/tournaments/{tid}/team-export.trf"))
            .1;
        assert!(
            trf.as_str()
                .unwrap()
                .lines()
                .any(|l| l.starts_with("202 GP,EMGSB,BH:MP")),
            "[{label}] {trf}"
        );
        trf_round_trip(&org, tid, label);
    });
}
