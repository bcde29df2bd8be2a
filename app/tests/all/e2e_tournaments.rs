//! End to end, over HTTP only, on SQLite and PostgreSQL: a 9-round Swiss of 40
//! players (a late entry, a withdrawal, two requested byes, a forfeit, a double
//! forfeit, a corrected result) and a 10-player double round robin. Every round's
//! pairing and the final standings are checked against the `pairing` crate run on
//! the same data, and every write is checked to leave exactly one audit row.

use crate::common;

use common::model::{read, same_pairing, server_pairing};
use common::{on_each_backend, Client, TestApp};
use pairing::tiebreak::{Edition, TieBreak};
use serde_json::{json, Value};

/// Reproducible results from the ratings.
struct Dice(u64);
impl Dice {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A write that must succeed and leave exactly one audit row.
fn audited(
    app: &TestApp,
    c: &Client,
    a: impl FnOnce(&Client) -> common::Answer,
    expect: u16,
    what: &str,
) -> Value {
    app.audited(|| a(c), expect, 1, what)
}

/// A write that must fail with `expect` and change nothing (no audit row either).
fn refused(
    app: &TestApp,
    c: &Client,
    a: impl FnOnce(&Client) -> common::Answer,
    expect: u16,
    what: &str,
) -> Value {
    let body = app.audited(|| a(c), expect, 0, what);
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: an error needs a message: {body}"
    );
    body
}

fn enter_results(
    app: &TestApp,
    arb: &Client,
    tid: i64,
    round: u32,
    dice: &mut Dice,
    special: &dyn Fn(i64) -> Option<&'static str>,
) {
    let r = arb
        .get(&format!("/api/v1/tournaments/{tid}/rounds/{round}"))
        .1;
    for g in r["games"].as_array().unwrap() {
        if g["kind"] != "pending" {
            continue;
        }
        let board = g["board"].as_i64().unwrap();
        let result = special(board).unwrap_or_else(|| {
            let d = (g["white"]["rating"].as_f64().unwrap_or(1500.0)
                - g["black"]["rating"].as_f64().unwrap_or(1500.0))
                / 400.0;
            let e = 1.0 / (1.0 + 10f64.powf(-d));
            let u = dice.unit();
            if u < e - 0.15 {
                "1-0"
            } else if u < e + 0.15 {
                "½-½"
            } else {
                "0-1"
            }
        });
        let gid = g["id"].as_i64().unwrap();
        let body = json!({"result": result, "version": g["version"]});
        audited(
            app,
            arb,
            |c| {
                c.put(
                    &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                    body,
                )
            },
            200,
            "enter a result",
        );
    }
}

fn check_round_against_library(app: &TestApp, c: &Client, tid: i64, round: u32) {
    let m = read(c, tid, round - 1, Some(round));
    let expected = match m.tournament.kind {
        pairing::TournamentKind::Swiss => pairing::dutch::pair(&m.tournament, round),
        _ => pairing::berger::pair_round(&m.tournament, round),
    }
    .expect("the library pairs the same data");
    let got = server_pairing(c, &m, tid, round);
    assert!(
        same_pairing(&expected, &got),
        "[{}] round {round}: server {got:?} != library {expected:?}",
        app.label()
    );
}

fn check_standings_against_library(app: &TestApp, c: &Client, tid: i64, rounds: u32) {
    let m = read(c, tid, rounds, None);
    let s = c.get(&format!("/api/v1/tournaments/{tid}/standings")).1;
    let codes: Vec<String> = s["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let order: Vec<TieBreak> = codes.iter().map(|c| c.parse().unwrap()).collect();
    let expected = pairing::standings::compute(&m.tournament, &order, Edition::default());
    let rows = s["rows"].as_array().unwrap();
    assert_eq!(rows.len(), expected.len());
    for (row, exp) in rows.iter().zip(&expected) {
        let sno = m.start_no[&row["player_id"].as_i64().unwrap()];
        assert_eq!(sno, exp.id, "[{}] standings order", app.label());
        assert_eq!(row["rank"].as_u64().unwrap() as u32, exp.rank);
        assert_eq!((row["points"].as_f64().unwrap() * 2.0) as i32, exp.points);
        let values: Vec<Option<f64>> = exp.values.iter().map(|v| v.map(|v| v.as_f64())).collect();
        let got: Vec<Option<f64>> = row["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64())
            .collect();
        assert_eq!(got, values, "[{}] tie-breaks of player {sno}", app.label());
    }
}

fn pair_and_publish(app: &TestApp, arb: &Client, tid: i64, round: u32) {
    let r = audited(
        app,
        arb,
        |c| c.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
        201,
        "pair a round",
    );
    assert_eq!(r["number"].as_u64(), Some(round as u64));
    // Not yet public.
    let anon = Client::new(&app.base);
    let public = anon
        .get(&format!("/api/v1/tournaments/{tid}/rounds/{round}"))
        .1;
    assert_eq!(public["published"], false);
    assert!(
        public["games"].as_array().unwrap().is_empty(),
        "unpublished boards are hidden"
    );
    check_round_against_library(app, arb, tid, round);
    audited(
        app,
        arb,
        |c| {
            c.post(
                &format!("/api/v1/tournaments/{tid}/rounds/{round}/publish"),
                json!({}),
            )
        },
        200,
        "publish",
    );
}

fn swiss(app: &TestApp) {
    let org = app.user("org1");
    let arb = app.user("arb1");
    let t = audited(
        app,
        &org,
        |c| {
            c.post("/api/v1/tournaments", json!({"name": "Open Łódź 2026", "place": "Łódź", "start_date": "2026-05-01", "end_date": "2026-05-09", "system": "swiss", "rounds": 9}))
        },
        201,
        "create",
    );
    let tid = t["id"].as_i64().unwrap();
    audited(
        app,
        &org,
        |c| {
            c.post(
                &format!("/api/v1/tournaments/{tid}/staff"),
                json!({"username": "arb1", "role": "arbiter"}),
            )
        },
        201,
        "appoint",
    );
    let mut ids = vec![];
    for i in 0..39 {
        let p = audited(
            app,
            &org,
            |c| {
                c.post(&format!("/api/v1/tournaments/{tid}/players"), json!({"name": format!("Gracz {i:02} Żółć"), "rating": 2400 - i * 17, "federation": "POL", "fide_id": 2_000_000 + i}))
            },
            201,
            "register",
        );
        // No K given: FIDE's default from the rating (10 from 2400 on).
        assert_eq!(p["k_factor"], if i == 0 { 10 } else { 20 }, "{p}");
        ids.push(p["id"].as_i64().unwrap());
    }
    // Requested byes, asked before the tournament starts.
    for (player, bye, what) in [
        (ids[5], json!({"round": 4, "kind": "half"}), "bye r4"),
        (ids[11], json!({"round": 6, "kind": "zero"}), "bye r6"),
    ] {
        let path = format!("/api/v1/tournaments/{tid}/players/{player}/byes");
        audited(app, &arb, |c| c.post(&path, bye), 201, what);
    }
    refused(
        app,
        &arb,
        |c| {
            c.post(
                &format!("/api/v1/tournaments/{tid}/players/{}/byes", ids[11]),
                json!({"round": 6}),
            )
        },
        409,
        "same bye twice",
    );

    let mut dice = Dice(0x1234_5678);
    for round in 1..=9u32 {
        if round == 2 {
            // Regulations are frozen once round 1 is paired.
            refused(
                app,
                &org,
                |c| {
                    c.patch(
                        &format!("/api/v1/tournaments/{tid}"),
                        json!({"changes": {"rounds": 11}}),
                    )
                },
                409,
                "frozen regulation",
            );
            audited(
                app,
                &org,
                |c| {
                    c.patch(
                        &format!("/api/v1/tournaments/{tid}"),
                        json!({"changes": {"place": "Łódź, Hala Expo"}}),
                    )
                },
                200,
                "editable field",
            );
        }
        if round == 3 {
            // Late entry: joins at round 3; rounds 1–2 scored as the regulations say (zero-point byes).
            let p = audited(
                app,
                &arb,
                |c| {
                    c.post(
                        &format!("/api/v1/tournaments/{tid}/players"),
                        json!({"name": "Jiří Čermák", "rating": 2210, "federation": "CZE", "birth_date": "2011"}),
                    )
                },
                201,
                "late entry",
            );
            assert_eq!(p["joined_round"], 3);
            assert_eq!(p["k_factor"], 40, "a junior under 2300: K = 40");
            ids.push(p["id"].as_i64().unwrap());
        }
        if round == 6 {
            audited(
                app,
                &arb,
                |c| {
                    c.post(
                        &format!("/api/v1/tournaments/{tid}/players/{}/withdraw", ids[20]),
                        json!({}),
                    )
                },
                200,
                "withdraw",
            );
            refused(
                app,
                &arb,
                |c| {
                    c.post(
                        &format!("/api/v1/tournaments/{tid}/players/{}/withdraw", ids[20]),
                        json!({}),
                    )
                },
                409,
                "withdraw twice",
            );
        }
        pair_and_publish(app, &arb, tid, round);
        let special: Box<dyn Fn(i64) -> Option<&'static str>> = match round {
            3 => Box::new(|b| (b == 2).then_some("+/-")),
            5 => Box::new(|b| (b == 4).then_some("-/-")),
            _ => Box::new(|_| None),
        };
        if round == 4 {
            // The next round cannot be paired while this one is unfinished.
            refused(
                app,
                &arb,
                |c| c.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
                409,
                "pair before results",
            );
        }
        enter_results(app, &arb, tid, round, &mut dice, special.as_ref());
        if round == 7 {
            // A correction: needs the current version and a reason.
            let r = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/7")).1;
            let g = &r["games"][0];
            let gid = g["id"].as_i64().unwrap();
            let version = g["version"].clone();
            let flipped = if g["result"] == "1-0" { "0-1" } else { "1-0" };
            refused(
                app,
                &arb,
                |c| {
                    c.put(
                        &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                        json!({"result": flipped, "version": version}),
                    )
                },
                422,
                "correction without reason",
            );
            let after = audited(
                app,
                &arb,
                |c| {
                    c.put(&format!("/api/v1/tournaments/{tid}/games/{gid}/result"), json!({"result": flipped, "version": version, "reason": "scoresheets show the other result"}))
                },
                200,
                "correction",
            );
            assert_eq!(after["result"], flipped);
            let audit = arb
                .get(&format!("/api/v1/tournaments/{tid}/audit?limit=1"))
                .1;
            assert_eq!(audit[0]["action"], "result.correct");
            assert_eq!(audit[0]["before"]["result"], g["result"]);
        }
    }
    // The byes, forfeits and late entry are all in the data.
    let r4 = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/4")).1;
    assert!(r4["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["kind"] == "half_bye" && g["white"]["id"] == ids[5]));
    let r3 = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/3")).1;
    assert!(r3["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["kind"] == "forfeit" && g["result"] == "+/-"));
    let r5 = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/5")).1;
    assert!(r5["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["kind"] == "double_forfeit"));
    let r7 = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/7")).1;
    assert!(
        !r7["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["white"]["id"] == ids[20] || g["black"]["id"] == ids[20]),
        "withdrawn player not paired"
    );
    check_standings_against_library(app, &arb, tid, 9);
    let t = arb.get(&format!("/api/v1/tournaments/{tid}")).1;
    assert_eq!(t["status"], "finished");
    refused(
        app,
        &arb,
        |c| c.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
        409,
        "a tenth round",
    );
}

fn double_round_robin(app: &TestApp) {
    let org = app.user("org2");
    let t = audited(
        app,
        &org,
        |c| {
            c.post("/api/v1/tournaments", json!({"name": "Memoriał Kowalskiego", "start_date": "2026-06-01", "end_date": "2026-06-12", "system": "double_round_robin"}))
        },
        201,
        "create",
    );
    let tid = t["id"].as_i64().unwrap();
    // The creator is organizer and arbiter from the start.
    let staff = org.get(&format!("/api/v1/tournaments/{tid}/staff")).1;
    assert_eq!(
        staff,
        json!([{"username": "org2", "role": "arbiter"}, {"username": "org2", "role": "organizer"}]),
        "the creator's roles"
    );
    for i in 0..10 {
        audited(
            app,
            &org,
            |c| {
                c.post(
                    &format!("/api/v1/tournaments/{tid}/players"),
                    json!({"name": format!("Mistrz {i}"), "rating": 2500 - i * 20}),
                )
            },
            201,
            "register",
        );
    }
    let mut dice = Dice(0xABCD);
    for round in 1..=18u32 {
        pair_and_publish(app, &org, tid, round);
        if round == 1 {
            refused(
                app,
                &org,
                |c| {
                    c.post(
                        &format!("/api/v1/tournaments/{tid}/players"),
                        json!({"name": "Too Late"}),
                    )
                },
                409,
                "round robin closed",
            );
        }
        enter_results(app, &org, tid, round, &mut dice, &|_| None);
    }
    // Second cycle: same pairs as the first, colours reversed.
    for r in 1..=9 {
        let pairs = |n: u32, reversed: bool| {
            let round = org.get(&format!("/api/v1/tournaments/{tid}/rounds/{n}")).1;
            let (first, second) = if reversed {
                ("black", "white")
            } else {
                ("white", "black")
            };
            let mut pairs: Vec<(i64, i64)> = round["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| {
                    (
                        g[first]["id"].as_i64().unwrap(),
                        g[second]["id"].as_i64().unwrap(),
                    )
                })
                .collect();
            pairs.sort();
            pairs
        };
        let (first, second) = (pairs(r, true), pairs(r + 9, false));
        assert_eq!(first, second, "round {} reverses round {r}", r + 9);
    }
    check_standings_against_library(app, &org, tid, 18);
}

#[test]
fn swiss_and_double_round_robin_over_http_on_every_backend() {
    on_each_backend(|app, _| {
        swiss(app);
        double_round_robin(app);
        eprintln!("[{}] 9-round Swiss of 40 and 10-player double round robin: all pairings and standings agree with the pairing crate", app.label());
    });
}
