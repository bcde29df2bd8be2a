//! The demo: a finished 30-player Swiss and a finished 10-player round robin,
//! paired by the real engines with reproducible pseudo-random results, a small
//! Chess960 Swiss with its start positions, plus an organizer and an arbiter
//! account. Some games have moves: Morphy's "Opera Game" (Paris 1858, public
//! domain) and games played at random by the rules core from the board's start
//! position (every Chess960 game); one scoresheet has an illegal move, so its
//! validation report has something to say.

use crate::db::schema::{tournaments, users as users_table};
use crate::db::Database;
use crate::domain::ids::{GameId, TournamentId};
use crate::domain::kinds::{DrawMode, Notation, PairingSystem, RecordFormat, Variant};
use crate::domain::records::{self, SubmitMoves};
use crate::domain::registration::{self, RegisterPlayer};
use crate::domain::tournaments::{self as tdomain, Regulations, RoundSchedule, StaffMember};
use crate::domain::{chess960, results, rounds, users, Actor, DomainError, DomainResult};
use diesel::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const SWISS_NAME: &str = "Demo Open 2026";
pub const ROUND_ROBIN_NAME: &str = "Demo Masters 2026";
pub const CHESS960_NAME: &str = "Demo Chess960 Open 2026";

/// Morphy – Duke Karl of Brunswick and Count Isouard, Paris 1858.
const OPERA_GAME: &str = "[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[White \"Morphy, Paul\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

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
            system: PairingSystem::Swiss,
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
            system: PairingSystem::RoundRobin,
            rounds: 9,
            ..Regulations::default()
        };
        build(db, &organizer, &arbiter, reg, 10, &mut dice)?;
    }
    if !exists(db, CHESS960_NAME)? {
        let reg = Regulations {
            name: CHESS960_NAME.into(),
            place: "Wrocław".into(),
            federation: "POL".into(),
            start_date: "2026-09-05".into(),
            end_date: "2026-09-05".into(),
            system: PairingSystem::Swiss,
            rounds: 3,
            variant: Variant::Chess960,
            ..Regulations::default()
        };
        build(db, &organizer, &arbiter, reg, 8, &mut dice)?;
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
    let chess960 = reg_variant(db, tid)? == Variant::Chess960;
    let offset = match players {
        30 => 0,
        10 => 17,
        _ => 5,
    };
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
        if chess960 {
            // Seeded positions, entered as if drawn in the hall; the last round
            // per board (Guidelines II.1).
            let last = round.number.get() == 3;
            for g in round.games.iter().filter(|g| g.black.is_some()) {
                let cmd = chess960::SetPositions {
                    mode: DrawMode::Enter,
                    position: Some(dice.gen_range(0..960)),
                    per_board: last,
                    board: last.then_some(g.board),
                };
                db.write(|conn| chess960::set(conn, arbiter, tid, round.number, cmd))?;
                if !last {
                    break;
                }
            }
        }
        db.write(|conn| rounds::publish(conn, arbiter, tid, round.number))?;
        let last_swiss_round = players == 30 && round.number.get() == 7;
        let mut opera = false;
        let mut illegal = false;
        for g in &round.games {
            let Some(black) = &g.black else { continue };
            if chess960 {
                // A game played at random from the board's position; its result.
                let start = db.read(|conn| -> DomainResult<rules::Position> {
                    let row = results::load_game(conn, tid, g.id)?;
                    let sp = chess960::game_position(conn, &row)?.unwrap_or(518);
                    Ok(rules::Position::chess960(sp as u16)
                        .unwrap_or_else(rules::Position::startpos))
                })?;
                let (text, end) = random_game(&start, dice.gen_range(30..70), dice);
                let result = if end.is_checkmate() {
                    if end.turn() == rules::Color::White {
                        "0-1"
                    } else {
                        "1-0"
                    }
                } else if end.is_stalemate()
                    || rules::is_dead_position(&end) == Some(true)
                    || dice.gen_bool(0.4)
                {
                    "½-½"
                } else if dice.gen_bool(0.5) {
                    "1-0"
                } else {
                    "0-1"
                };
                set(db, arbiter, tid, g.id, g.version, result)?;
                moves(db, arbiter, tid, g.id, RecordFormat::Scoresheet, &text)?;
                continue;
            }
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
            if !last_swiss_round || g.board > 6 {
                continue;
            }
            // Moves for the first boards of the Swiss's last round.
            if result == "1-0" && !opera {
                opera = true;
                moves(db, arbiter, tid, g.id, RecordFormat::Pgn, OPERA_GAME)?;
            } else if !illegal {
                // A scoresheet with an illegal move: the report names it.
                illegal = true;
                let text = "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 11.Nbd2 Bb7 12.Bc2 Re8 13.Nf3 Bf8 14.Ng3 g6";
                moves(db, arbiter, tid, g.id, RecordFormat::Scoresheet, text)?;
            } else {
                let (text, _) =
                    random_game(&rules::Position::startpos(), dice.gen_range(20..50), dice);
                moves(db, arbiter, tid, g.id, RecordFormat::Scoresheet, &text)?;
            }
        }
    }
    Ok(())
}

fn reg_variant(db: &Database, tid: TournamentId) -> DomainResult<Variant> {
    db.read(|conn| -> DomainResult<Variant> {
        Ok(tournaments::table
            .find(tid)
            .select(tournaments::variant)
            .first(conn)?)
    })
}

fn set(
    db: &Database,
    arbiter: &Actor,
    tid: TournamentId,
    gid: GameId,
    version: i32,
    result: &str,
) -> DomainResult<()> {
    let cmd = results::SetResult {
        result: result.into(),
        version,
        reason: String::new(),
        termination: String::new(),
        confirm: false,
    };
    db.write(|conn| results::set_result(conn, arbiter, tid, gid, cmd))?;
    Ok(())
}

fn moves(
    db: &Database,
    arbiter: &Actor,
    tid: TournamentId,
    gid: GameId,
    format: RecordFormat,
    text: &str,
) -> DomainResult<()> {
    let cmd = SubmitMoves {
        format,
        text: text.into(),
        notation: Some(Notation::En),
        start: None,
        termination: None,
    };
    db.write(|conn| records::submit(conn, arbiter, tid, gid, cmd))?;
    Ok(())
}

/// A game of `plies` legal moves chosen at random from `start`, as a scoresheet
/// in English letters, and its final position.
fn random_game(
    start: &rules::Position,
    plies: usize,
    dice: &mut StdRng,
) -> (String, rules::Position) {
    let mut pos = start.clone();
    let mut words = vec![];
    for i in 0..plies {
        let legal: Vec<rules::Move> = pos.legal_moves().iter().copied().collect();
        if legal.is_empty() || rules::is_dead_position(&pos) == Some(true) {
            break;
        }
        let m = legal[dice.gen_range(0..legal.len())];
        let san = rules::san::write_san(&pos, m);
        if i % 2 == 0 {
            words.push(format!("{}.{san}", i / 2 + 1));
        } else {
            words.push(san);
        }
        pos.play_unchecked(m);
    }
    (words.join(" "), pos)
}
