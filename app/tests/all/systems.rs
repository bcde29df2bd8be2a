//! The Swiss systems an organizer can choose (issue 36), over HTTP on both
//! backends: a Burstein (C.04.4.2) or Lim (C.04.4.3) tournament is paired by
//! the pairing crate's engine of that system, and its TRF export re-checks
//! round by round with the same checker `pairing --burstein FILE.trf -c` (or
//! `--lim`) runs.

use crate::common::{backends, Client, TestApp};
use serde_json::{json, Value};

/// A result for board `board` of round `round`, fixed by the pair (so that
/// both backends see the same tournament): wins, draws and losses mixed.
fn result_for(round: i64, board: i64) -> &'static str {
    match (round * 7 + board * 3) % 5 {
        0 | 3 => "1-0",
        1 => "½-½",
        _ => "0-1",
    }
}

/// A tournament created with `regulations` and `players` registered (ratings
/// falling by `step` from 2600): its id.
fn event(arb: &Client, regulations: Value, players: i64, step: i64) -> (i64, Value) {
    let t = arb.ok(arb.post("/api/v1/tournaments", regulations), 201, "create");
    let tid = t["id"].as_i64().unwrap();
    for i in 0..players {
        arb.ok(
            arb.post(
                &format!("/api/v1/tournaments/{tid}/players"),
                json!({"name": format!("Player {i:03}"), "rating": 2600 - i * step}),
            ),
            201,
            "register",
        );
    }
    (tid, t)
}

/// Pairs and publishes round `round`, enters `result_for` on every board,
/// and gives the games as paired.
fn play_round(arb: &Client, tid: i64, round: i64) -> Vec<Value> {
    arb.pair_round(tid);
    arb.publish_round(tid, round);
    let r = arb
        .get(&format!("/api/v1/tournaments/{tid}/rounds/{round}"))
        .1;
    let games: Vec<Value> = r["games"].as_array().unwrap().clone();
    for g in games.iter().filter(|g| !g["black"].is_null()) {
        let gid = g["id"].as_i64().unwrap();
        arb.ok(
            arb.put(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                json!({"result": result_for(round, g["board"].as_i64().unwrap()), "version": g["version"]}),
            ),
            200,
            "result",
        );
    }
    games
}

/// A five-round tournament of `system` through the API, every round paired
/// by the server; the TRF export re-checked round by round with the crate's
/// checker of that system (`check`), which must agree on all five — and the
/// Dutch engine must pair some round otherwise, or the test shows nothing.
fn paired_by_its_system(
    system: &str,
    check: fn(&pairing::Tournament) -> Vec<pairing::dutch::RoundCheck>,
) {
    for backend in backends() {
        let app = TestApp::start(backend);
        let label = app.label();
        let arb = app.user(system);
        let (tid, t) = event(
            &arb,
            json!({"name": format!("{system} Open"), "rounds": 5, "system": system}),
            23,
            17,
        );
        assert_eq!(t["regulations"]["system"], system, "[{label}] {t}");
        for round in 1..=5i64 {
            play_round(&arb, tid, round);
        }
        let trf = Client::new(&app.base)
            .get(&format!("/api/v1/tournaments/{tid}/export.trf"))
            .1;
        let trf = trf.as_str().unwrap_or_default().to_string();
        let t = pairing::trf::parse(&trf).expect("the export reads back");
        let checks = check(&t);
        assert_eq!(checks.len(), 5, "[{label}] five rounds re-paired");
        for c in &checks {
            assert!(
                c.identical(),
                "[{label}] round {} differs from the {system} engine:\n{trf}",
                c.round
            );
        }
        let dutch = pairing::dutch::check_tournament(&t);
        assert!(
            dutch.iter().any(|c| !c.identical()),
            "[{label}] the Dutch system gives the same five rounds; the test shows nothing"
        );
    }
}

#[test]
fn a_burstein_tournament_is_paired_by_the_burstein_system() {
    paired_by_its_system("burstein", pairing::burstein::check_tournament);
}

/// The Dubov system (C.04.4.1), chosen like any other.
#[test]
fn a_dubov_tournament_is_paired_by_the_dubov_system() {
    paired_by_its_system("dubov", pairing::dubov::check_tournament);
}

/// The Lim system (C.04.4.3), chosen like any other.
#[test]
fn a_lim_tournament_is_paired_by_the_lim_system() {
    paired_by_its_system("lim", pairing::lim::check_tournament);
}

/// Baku acceleration (C.04.5.1) chosen in the regulations: 200 players, so
/// group A is the first 2·⌈200/4⌉ = 100; five rounds, so the first ⌈5/2⌉ = 3
/// are accelerated, group A counting 1 point in rounds 1–2 and ½ in round 3.
/// Round 1 therefore pairs group A within itself (1 meets 51, not 101 as
/// without acceleration). The export carries the virtual points (`XXA`),
/// and the pairing crate re-pairs every round from it identically — the
/// pairings through the API are the crate's. The public standings show real
/// points only.
#[test]
fn a_baku_accelerated_swiss_pairs_as_the_crate_does() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let label = app.label();
        let arb = app.user("baku");
        let (tid, t) = event(
            &arb,
            json!({"name": "Baku Open", "rounds": 5, "acceleration": "baku"}),
            200,
            4,
        );
        assert_eq!(t["regulations"]["acceleration"], "baku", "[{label}] {t}");
        for round in 1..=3i64 {
            let games = play_round(&arb, tid, round);
            if round == 1 {
                let top = games.iter().find(|g| g["board"] == 1).unwrap();
                let pair = [
                    top["white"]["start_no"].as_i64(),
                    top["black"]["start_no"].as_i64(),
                ];
                assert!(
                    pair == [Some(1), Some(51)] || pair == [Some(51), Some(1)],
                    "[{label}] board 1 of an accelerated round 1: {top}"
                );
                // The staff see the virtual points beside the scores (group
                // A: +1 in round 1); the public round page does not.
                let staff = arb.get(&format!("/t/{tid}/manage/rounds/1")).1;
                let staff = staff.as_str().unwrap_or_default();
                assert_eq!(
                    staff.matches("class=\"virtual\"").count(),
                    100,
                    "[{label}] group A's virtual points on the staff screen"
                );
                assert!(staff.contains(">+1</abbr>"), "[{label}]");
                let public = Client::new(&app.base).get(&format!("/t/{tid}/rounds/1")).1;
                let public = public.as_str().unwrap_or_default();
                assert!(public.contains("Baku Open"), "[{label}] {public}");
                assert!(!public.contains("virtual"), "[{label}] public round page");
            }
        }
        let trf = arb.get(&format!("/api/v1/tournaments/{tid}/export.trf")).1;
        let trf = trf.as_str().unwrap_or_default().to_string();
        assert_eq!(
            trf.lines().filter(|l| l.starts_with("XXA")).count(),
            100,
            "[{label}] group A's virtual points in the export"
        );
        let t = pairing::trf::parse(&trf).expect("the export reads back");
        let checks = pairing::dutch::check_tournament(&t);
        assert_eq!(checks.len(), 3, "[{label}]");
        for c in &checks {
            assert!(
                c.identical(),
                "[{label}] round {} differs from the crate",
                c.round
            );
        }
        // The export read back: the Baku regulation from its XXA records; a
        // file whose XXA points are not the Baku method's is refused, nothing
        // imported.
        let (s, v) = arb.post("/api/v1/tournaments/import-trf", json!(trf));
        assert_eq!(s.as_u16(), 201, "[{label}] {v}");
        let back = v["tournament"]["id"].as_i64().unwrap();
        let t2 = arb.get(&format!("/api/v1/tournaments/{back}")).1;
        assert_eq!(t2["regulations"]["acceleration"], "baku", "[{label}] {t2}");
        let tampered = trf.replacen("XXA    1  1.0", "XXA    1  2.0", 1);
        assert_ne!(tampered, trf, "[{label}] player 1's XXA record: {trf}");
        let audit = app.audit_count();
        let (s, v) = arb.post("/api/v1/tournaments/import-trf", json!(tampered));
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "trf", "[{label}] {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap_or("")
                .contains("not the Baku method's"),
            "[{label}] {v}"
        );
        assert_eq!(app.audit_count(), audit, "[{label}] nothing imported");
        // Real points only in the public standings: at most 3 after 3 rounds.
        let st = Client::new(&app.base)
            .get(&format!("/api/v1/tournaments/{tid}/standings"))
            .1;
        let top = st["rows"][0]["points"].as_f64().unwrap_or(99.0);
        assert!(top <= 3.0, "[{label}] {}", st["rows"][0]);
    }
}
