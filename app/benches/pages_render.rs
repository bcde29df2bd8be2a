//! Server time to draw the standings and a round's pairings of a 1,000-player
//! Swiss (target: under 20 ms each). Builds the tournament through the domain
//! operations on a temporary SQLite database (5 rounds played, round 6 paired
//! and published with no results yet), then times, in the server process,
//! database reads + standings / pairing views + template rendering, and the
//! same pages over HTTP on localhost.
//!
//! `cargo bench -p app --bench pages_render` (release profile).

use app::db::Database;
use app::domain::registration::{self, RegisterPlayer};
use app::domain::results::{self, SetResult};
use app::domain::tournaments::{self, Regulations};
use app::domain::{rounds, users, Actor, DomainResult};
use app::i18n::Lang;
use app::server::{start_background, Settings};
use app::web::pages::public::{round_page, standings_page};
use app::web::pages::Viewer;
use askama::Template;
use std::time::{Duration, Instant};

const PLAYERS: usize = 1000;
const PLAYED: i32 = 5;
const RUNS: usize = 30;

fn stats(mut v: Vec<Duration>) -> (f64, f64, f64) {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (
        ms(v[v.len() / 2]),
        ms(v[v.len() * 95 / 100]),
        ms(v[v.len() - 1]),
    )
}

fn main() {
    let dir = std::env::temp_dir().join(format!("arbiter_bench_pages_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = Database::open(&dir.join("bench.db").to_string_lossy(), 4).expect("database");
    let t0 = Instant::now();
    let tid = build(&db).expect("build the tournament");
    eprintln!(
        "built a {PLAYERS}-player Swiss with {PLAYED} rounds played in {:.1} s",
        t0.elapsed().as_secs_f64()
    );

    let viewer = Viewer {
        actor: Actor::anonymous(),
        csrf: String::new(),
        lang: Lang::En,
        path: "/".into(),
        list_manager: false,
    };
    let mut standings = Vec::new();
    let mut pairings = Vec::new();
    let mut sizes = (0, 0);
    for _ in 0..RUNS {
        let t = Instant::now();
        let html = db
            .read(|conn| standings_page(conn, &viewer, tid))
            .expect("standings")
            .render()
            .expect("render");
        standings.push(t.elapsed());
        sizes.0 = html.len();
        let t = Instant::now();
        let html = db
            .read(|conn| round_page(conn, &viewer, tid, app::domain::ids::RoundNo(PLAYED + 1)))
            .expect("round")
            .render()
            .expect("render");
        pairings.push(t.elapsed());
        sizes.1 = html.len();
    }

    let server = start_background(
        db.clone(),
        Settings {
            bind: "127.0.0.1:0".into(),
            key_file: dir.join("seal.key"),
            secure_cookies: false,
            workers: 2,
        },
    )
    .expect("server");
    let client = reqwest::blocking::Client::new();
    let mut http_standings = Vec::new();
    let mut http_pairings = Vec::new();
    for _ in 0..RUNS {
        for (path, out) in [
            (format!("/t/{tid}/standings"), &mut http_standings),
            (
                format!("/t/{tid}/rounds/{}", PLAYED + 1),
                &mut http_pairings,
            ),
        ] {
            let t = Instant::now();
            let res = client
                .get(format!("{}{path}", server.url()))
                .send()
                .expect("request");
            assert!(res.status().is_success());
            let _ = res.bytes().expect("body");
            out.push(t.elapsed());
        }
    }
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);

    println!("| page ({PLAYERS} players) | in server: median | p95 | max | over HTTP (localhost): median | p95 | HTML size |");
    println!("|---|---|---|---|---|---|---|");
    for (name, inproc, http, size) in [
        (
            "standings after round 5",
            standings,
            http_standings,
            sizes.0,
        ),
        (
            "pairings of round 6 (500 boards)",
            pairings,
            http_pairings,
            sizes.1,
        ),
    ] {
        let (m, p, x) = stats(inproc);
        let (hm, hp, _) = stats(http);
        println!(
            "| {name} | {m:.1} ms | {p:.1} ms | {x:.1} ms | {hm:.1} ms | {hp:.1} ms | {} KiB |",
            size / 1024
        );
    }
}

/// The tournament, through the same domain operations the pages call; each
/// phase in one transaction to keep the set-up short.
fn build(db: &Database) -> DomainResult<app::domain::ids::TournamentId> {
    let admin = db.write(|conn| {
        users::create_user(
            conn,
            &Actor::system(),
            "bench",
            "bench-password",
            "Bench",
            true,
        )
    })?;
    let actor = Actor {
        user_id: Some(admin.id),
        username: Some(admin.username.clone()),
        is_admin: true,
    };
    let t = db.write(|conn| {
        tournaments::create(
            conn,
            &actor,
            Regulations {
                name: "Bench Open".into(),
                rounds: 9,
                ..Regulations::default()
            },
        )
    })?;
    let tid = t.id;
    db.write(|conn| {
        for i in 0..PLAYERS {
            registration::register(
                conn,
                &actor,
                tid,
                RegisterPlayer {
                    name: format!("Żółć-Čermák {i:04}, Łukasz"),
                    rating: Some(2700 - (i as i32 * 13) % 1500),
                    federation: if i % 2 == 0 {
                        "POL".into()
                    } else {
                        "CZE".into()
                    },
                    ..Default::default()
                },
            )?;
        }
        Ok::<_, app::domain::DomainError>(())
    })?;
    let mut seed: u64 = 0x2545_F491;
    for round in 1..=PLAYED + 1 {
        let r = db.write(|conn| rounds::pair_next(conn, &actor, tid))?;
        db.write(|conn| rounds::publish(conn, &actor, tid, r.number))?;
        if round > PLAYED {
            break;
        }
        db.write(|conn| {
            for g in r.games.iter().filter(|g| g.black.is_some()) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let result = ["1-0", "½-½", "0-1"][(seed % 3) as usize];
                results::set_result(
                    conn,
                    &actor,
                    tid,
                    g.id,
                    SetResult {
                        result: result.into(),
                        version: g.version,
                        reason: String::new(),
                        termination: String::new(),
                        confirm: false,
                    },
                )?;
            }
            Ok::<_, app::domain::DomainError>(())
        })?;
    }
    Ok(tid)
}
