//! The demo: a finished 30-player Swiss and a finished 10-player round robin,
//! paired by the real engines with reproducible pseudo-random results, plus an
//! organizer and an arbiter account.

use crate::db::schema::{tournaments, users as users_table};
use crate::db::Database;
use crate::domain::registration::{self, RegisterPlayer};
use crate::domain::tournaments::{self as tdomain, Regulations, RoundSchedule, StaffMember};
use crate::domain::{results, rounds, users, Actor, DomainError, DomainResult};
use diesel::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const SWISS_NAME: &str = "Demo Open 2026";
pub const ROUND_ROBIN_NAME: &str = "Demo Masters 2026";

const FIRST: &[&str] = &[
    "Łukasz",
    "Jiří",
    "Zofia",
    "Tomáš",
    "Agnieszka",
    "Václav",
    "Małgorzata",
    "Ondřej",
    "Grzegorz",
    "Kateřina",
    "Paweł",
    "Lenka",
    "Michał",
    "Radek",
    "Joanna",
    "Zdeněk",
    "Krzysztof",
    "Šárka",
    "Bartłomiej",
    "Petr",
    "Anna",
    "Jan",
    "Ewa",
    "Martin",
    "Piotr",
    "Hana",
    "Wojciech",
    "Eliška",
    "Szymon",
    "Vojtěch",
];
const LAST: &[&str] = &[
    "Żółć",
    "Čermák",
    "Wiśniewska",
    "Dvořák",
    "Kowalczyk",
    "Novák",
    "Brzęczyszczykiewicz",
    "Procházka",
    "Łęcki",
    "Svobodová",
    "Górecki",
    "Křížová",
    "Jabłoński",
    "Růžička",
    "Dąbrowska",
    "Šťastný",
    "Ziółkowski",
    "Benešová",
    "Wójcik",
    "Horák",
    "Nowak",
    "Pokorný",
    "Zając",
    "Kučerová",
    "Mazur",
    "Veselý",
    "Kaczmarek",
    "Marešová",
    "Szymański",
    "Fiala",
];

fn staff_user(db: &Database, username: &str, display: &str) -> DomainResult<(Actor, String)> {
    let password = users::random_token()[..12].to_string();
    let hash = users::hash_password(&password)?;
    db.write(|conn| -> DomainResult<(Actor, String)> {
        let id = users::find_user_id(conn, username)?;
        let id = match id {
            Some(id) => {
                diesel::update(users_table::table.find(id))
                    .set(users_table::password_hash.eq(&hash))
                    .execute(conn)?;
                id
            }
            None => {
                users::create_user(conn, &Actor::system(), username, &password, display, false)?.id
            }
        };
        Ok((
            Actor {
                user_id: Some(id),
                username: Some(username.into()),
                is_admin: false,
            },
            password.clone(),
        ))
    })
}

fn exists(db: &Database, name: &str) -> DomainResult<bool> {
    db.read(|conn| -> DomainResult<bool> {
        let n: i64 = tournaments::table
            .filter(tournaments::name.eq(name))
            .count()
            .get_result(conn)?;
        Ok(n > 0)
    })
}

/// Loads the demo (once; later calls only reset the staff passwords) and returns
/// (role, user name, password) of the staff accounts.
pub fn load(db: &Database) -> DomainResult<Vec<(&'static str, String, String)>> {
    let (organizer, org_pw) = staff_user(db, "organizer", "Demo Organizer")?;
    let (arbiter, arb_pw) = staff_user(db, "arbiter", "Demo Arbiter")?;
    // Seeded, so the demo is the same every time.
    let mut dice = StdRng::seed_from_u64(0x5EED_2026);
    if !exists(db, SWISS_NAME)? {
        let reg = Regulations {
            name: SWISS_NAME.into(),
            place: "Kraków".into(),
            federation: "POL".into(),
            start_date: "2026-07-04".into(),
            end_date: "2026-07-10".into(),
            system: "swiss".into(),
            rounds: 7,
            schedule: (1..=7)
                .map(|r| RoundSchedule {
                    round: r,
                    start: format!(
                        "2026-07-{:02}T{}",
                        3 + r.div_ceil(2) + r / 7,
                        if r % 2 == 1 { "10:00" } else { "16:00" }
                    ),
                })
                .collect(),
            ..Regulations::default()
        };
        build(db, &organizer, &arbiter, reg, 30, &mut dice)?;
    }
    if !exists(db, ROUND_ROBIN_NAME)? {
        let reg = Regulations {
            name: ROUND_ROBIN_NAME.into(),
            place: "Praha".into(),
            federation: "CZE".into(),
            start_date: "2026-08-01".into(),
            end_date: "2026-08-09".into(),
            system: "round_robin".into(),
            rounds: 9,
            ..Regulations::default()
        };
        build(db, &organizer, &arbiter, reg, 10, &mut dice)?;
    }
    Ok(vec![
        ("organizer", "organizer".to_string(), org_pw),
        ("arbiter", "arbiter".to_string(), arb_pw),
    ])
}

fn build(
    db: &Database,
    organizer: &Actor,
    arbiter: &Actor,
    reg: Regulations,
    players: usize,
    dice: &mut StdRng,
) -> DomainResult<()> {
    let t = db.write(|conn| tdomain::create(conn, organizer, reg))?;
    let tid = t.id;
    db.write(|conn| {
        tdomain::appoint(
            conn,
            organizer,
            tid,
            StaffMember {
                username: arbiter.username.clone().unwrap_or_default(),
                role: "arbiter".into(),
            },
        )
    })?;
    let offset = if players == 30 { 0 } else { 17 };
    for i in 0..players {
        let rating = 2550 - (i as i32) * 23 - dice.gen_range(0..15);
        let title = match rating {
            r if r >= 2500 => "GM",
            r if r >= 2400 => "IM",
            r if r >= 2300 => "FM",
            _ => "",
        };
        let federation = if (i + offset) % 2 == 0 { "POL" } else { "CZE" };
        let cmd = RegisterPlayer {
            name: format!(
                "{}, {}",
                LAST[(i + offset) % LAST.len()],
                FIRST[(i * 7 + offset) % FIRST.len()]
            ),
            fide_id: Some(1_100_000 + (offset * 100 + i) as i64),
            title: title.into(),
            federation: federation.into(),
            club: if federation == "POL" {
                "KS Hetman".into()
            } else {
                "ŠK Slavia".into()
            },
            rating: Some(rating),
            k_factor: Some(if rating >= 2400 { 10 } else { 20 }),
            ..Default::default()
        };
        db.write(|conn| registration::register(conn, organizer, tid, cmd))?;
    }
    loop {
        let paired = db.write(|conn| rounds::pair_next(conn, arbiter, tid));
        let round = match paired {
            Ok(r) => r,
            Err(DomainError::Conflict { .. }) => break,
            Err(e) => return Err(e),
        };
        db.write(|conn| rounds::publish(conn, arbiter, tid, round.number))?;
        for g in &round.games {
            let Some(black) = &g.black else { continue };
            let diff = (g.white.rating.unwrap_or(1800) - black.rating.unwrap_or(1800)) as f64;
            let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            let draw = 0.3;
            let u: f64 = dice.gen();
            let result = if u < (expected - draw / 2.0).max(0.05) {
                "1-0"
            } else if u < (expected + draw / 2.0).min(0.95) {
                "½-½"
            } else {
                "0-1"
            };
            let cmd = results::SetResult {
                result: result.into(),
                version: g.version,
                reason: String::new(),
                termination: String::new(),
                confirm: false,
            };
            db.write(|conn| results::set_result(conn, arbiter, tid, g.id, cmd))?;
        }
    }
    Ok(())
}
