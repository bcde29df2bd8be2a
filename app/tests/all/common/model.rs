//! An independent reading of a tournament from the public API into the `pairing`
//! crate's model, so tests can check the server's pairings and standings against
//! the library run on the same data.
#![allow(dead_code)]

use super::Client;
use pairing::{ByeKind, Color, GameResult, Pairing, RoundEntry, Tournament, TournamentKind};
use serde_json::Value;
use std::collections::HashMap;

pub struct ApiModel {
    pub tournament: Tournament,
    /// player id → pairing number
    pub start_no: HashMap<i64, u32>,
}

fn half(v: &Value) -> i32 {
    (v.as_f64().unwrap_or(0.0) * 2.0).round() as i32
}

/// The tournament from the API: rounds `1..=played`, plus the known absences of
/// `next` (requested byes, players not yet joined).
pub fn read(c: &Client, tid: i64, played: u32, next: Option<u32>) -> ApiModel {
    let t = c.get(&format!("/api/v1/tournaments/{tid}")).1;
    let reg = &t["regulations"];
    let pts = &reg["points"];
    let hp = |k: &str| half(&pts[k]);
    let points = pairing::PointSystem {
        win: hp("win"),
        draw: hp("draw"),
        loss: hp("loss"),
        forfeit_win: hp("forfeit_win"),
        forfeit_loss: hp("forfeit_loss"),
        pairing_bye: hp("pairing_bye"),
        full_bye: hp("full_bye"),
        half_bye: hp("half_bye"),
        zero_bye: hp("zero_bye"),
        not_paired: 0,
    };
    let mut players: Vec<Value> = c
        .get(&format!("/api/v1/tournaments/{tid}/players"))
        .1
        .as_array()
        .unwrap()
        .clone();
    players.sort_by_key(|p| p["start_no"].as_i64().unwrap());
    let start_no: HashMap<i64, u32> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p["id"].as_i64().unwrap(), i as u32 + 1))
        .collect();
    let late = if reg["late_entry_bye"] == "half" {
        ByeKind::Half
    } else {
        ByeKind::Zero
    };
    let mut model: Vec<pairing::Player> = players
        .iter()
        .enumerate()
        .map(|(i, p)| pairing::Player {
            id: i as u32 + 1,
            name: p["name"].as_str().unwrap().to_string(),
            rating: p["rating"].as_u64().map(|r| r as u32).filter(|r| *r > 0),
            withdrawn: p["status"] != "active",
            rounds: (1..=played)
                .map(|r| {
                    if (r as i64) < p["joined_round"].as_i64().unwrap() {
                        RoundEntry::Bye(late)
                    } else {
                        RoundEntry::NotPaired
                    }
                })
                .collect(),
            ..Default::default()
        })
        .collect();
    for r in 1..=played {
        let round = c.get(&format!("/api/v1/tournaments/{tid}/rounds/{r}")).1;
        for g in round["games"].as_array().unwrap() {
            let w = start_no[&g["white"]["id"].as_i64().unwrap()];
            let (wp, bp) = (half(&g["white_points"]), half(&g["black_points"]));
            let kind = g["kind"].as_str().unwrap();
            let idx = r as usize - 1;
            let bye = |k| RoundEntry::Bye(k);
            match kind {
                "pairing_bye" => model[w as usize - 1].rounds[idx] = bye(ByeKind::PairingAllocated),
                "half_bye" => model[w as usize - 1].rounds[idx] = bye(ByeKind::Half),
                "zero_bye" => model[w as usize - 1].rounds[idx] = bye(ByeKind::Zero),
                "full_bye" => model[w as usize - 1].rounds[idx] = bye(ByeKind::Full),
                "free" => model[w as usize - 1].rounds[idx] = RoundEntry::NotPaired,
                _ => {
                    let b = start_no[&g["black"]["id"].as_i64().unwrap()];
                    let (rw, rb) = match kind {
                        "played" if wp == points.win && bp == points.loss => {
                            (GameResult::Win, GameResult::Loss)
                        }
                        "played" if wp == points.loss && bp == points.win => {
                            (GameResult::Loss, GameResult::Win)
                        }
                        "played" if wp == points.draw && bp == points.draw => {
                            (GameResult::Draw, GameResult::Draw)
                        }
                        "played" => (GameResult::Adjusted(wp), GameResult::Adjusted(bp)),
                        "forfeit" if wp > bp => (GameResult::ForfeitWin, GameResult::ForfeitLoss),
                        "forfeit" => (GameResult::ForfeitLoss, GameResult::ForfeitWin),
                        "double_forfeit" => (GameResult::ForfeitLoss, GameResult::ForfeitLoss),
                        other => panic!("round {r} still has a game of kind {other}"),
                    };
                    model[w as usize - 1].rounds[idx] = RoundEntry::Game {
                        opponent: b,
                        color: Color::White,
                        result: Some(rw),
                    };
                    model[b as usize - 1].rounds[idx] = RoundEntry::Game {
                        opponent: w,
                        color: Color::Black,
                        result: Some(rb),
                    };
                }
            }
        }
    }
    if let Some(next) = next {
        let byes = c.get(&format!("/api/v1/tournaments/{tid}/byes")).1;
        for (i, p) in players.iter().enumerate() {
            let req =
                byes.as_array().unwrap().iter().find(|b| {
                    b["player_id"] == p["id"] && b["round"].as_u64() == Some(next as u64)
                });
            let entry = match req.map(|b| b["kind"].as_str().unwrap()) {
                Some("half") => Some(RoundEntry::Bye(ByeKind::Half)),
                Some("zero") => Some(RoundEntry::Bye(ByeKind::Zero)),
                Some("full") => Some(RoundEntry::Bye(ByeKind::Full)),
                _ if p["joined_round"].as_u64().unwrap() > next as u64 => {
                    Some(RoundEntry::Bye(late))
                }
                _ => None,
            };
            if let Some(e) = entry {
                model[i].rounds.resize(next as usize, RoundEntry::NotPaired);
                model[i].rounds[next as usize - 1] = e;
            }
        }
    }
    let system = reg["system"].as_str().unwrap();
    let n = players.len() as u32;
    let cycle = if n.is_multiple_of(2) { n - 1 } else { n };
    let (kind, total) = match system {
        "swiss" => (
            TournamentKind::Swiss,
            reg["rounds"].as_u64().unwrap() as u32,
        ),
        "round_robin" => (TournamentKind::RoundRobin { double: false }, cycle),
        _ => (TournamentKind::RoundRobin { double: true }, 2 * cycle),
    };
    ApiModel {
        tournament: Tournament {
            name: reg["name"].as_str().unwrap().to_string(),
            kind,
            total_rounds: total,
            points,
            initial_color: if reg["initial_color"] == "black" {
                Color::Black
            } else {
                Color::White
            },
            players: model,
            ..Default::default()
        },
        start_no,
    }
}

/// The server's pairing of a round, in pairing numbers.
pub fn server_pairing(c: &Client, m: &ApiModel, tid: i64, round: u32) -> Pairing {
    let r = c
        .get(&format!("/api/v1/tournaments/{tid}/rounds/{round}"))
        .1;
    let mut p = Pairing::default();
    for g in r["games"].as_array().unwrap() {
        let w = m.start_no[&g["white"]["id"].as_i64().unwrap()];
        match g["kind"].as_str().unwrap() {
            "pairing_bye" | "free" => p.bye = Some(w),
            "half_bye" | "zero_bye" | "full_bye" => {}
            _ => p
                .boards
                .push((w, m.start_no[&g["black"]["id"].as_i64().unwrap()])),
        }
    }
    p
}

/// Compares pairings as sets of (white, black) plus the bye.
pub fn same_pairing(a: &Pairing, b: &Pairing) -> bool {
    let mut x = a.boards.clone();
    let mut y = b.boards.clone();
    x.sort();
    y.sort();
    x == y && a.bye == b.bye
}
