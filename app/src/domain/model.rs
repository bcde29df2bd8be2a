//! From rows to the `pairing` crate's tournament model: the one place where the
//! database's view of a tournament becomes the mathematics' view.

use super::kinds::{
    Acceleration, ByeRequestKind, GameKind, InitialColour, LateEntryBye, PairingSystem,
    PlayerStatus, RatingOrder,
};
use super::regulations::point_system;
use super::DomainResult;
use crate::db::models::{ByeRequestRow, GameRow, PlayerRow, TournamentRow};
use crate::db::schema::{bye_requests, checkin_rounds, checkins, forbidden_pairs, games, players};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use diesel::prelude::*;
use pairing::{ByeKind, Color, GameResult, PlayerId, PointSystem, RoundEntry};
use std::collections::HashMap;

/// A tournament model plus the map between pairing numbers and player ids.
pub struct Model {
    pub tournament: pairing::Tournament,
    /// `player_ids[start_no - 1]` is the database id of that pairing number.
    pub player_ids: Vec<crate::domain::ids::PlayerId>,
    pub start_no: HashMap<crate::domain::ids::PlayerId, PlayerId>,
}

impl Model {
    pub fn player_id(&self, start_no: PlayerId) -> Option<crate::domain::ids::PlayerId> {
        self.player_ids
            .get((start_no as usize).checked_sub(1)?)
            .copied()
    }
}

pub fn kind_of(t: &TournamentRow) -> pairing::TournamentKind {
    match t.system {
        PairingSystem::RoundRobin => pairing::TournamentKind::RoundRobin { double: false },
        PairingSystem::DoubleRoundRobin => pairing::TournamentKind::RoundRobin { double: true },
        PairingSystem::Swiss
        | PairingSystem::Burstein
        | PairingSystem::Lim
        | PairingSystem::Dubov
        | PairingSystem::DoubleSwiss => pairing::TournamentKind::Swiss,
    }
}

/// Players of a tournament in pairing-number order (players not yet numbered last).
pub fn players_in_order(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<Vec<PlayerRow>> {
    let mut rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .load(conn)?;
    rows.sort_by_key(|p| (p.start_no == 0, p.start_no, p.id));
    Ok(rows)
}

/// The per-player entry of one game row, from the point of view of `white`.
fn entries(g: &GameRow, points: &PointSystem) -> (RoundEntry, Option<RoundEntry>) {
    let ws = g.white_score.unwrap_or(0);
    let bs = g.black_score.unwrap_or(0);
    let game = |result_w: Option<GameResult>, result_b: Option<GameResult>| {
        let b = g.black_id.unwrap_or_default().get();
        (
            RoundEntry::Game {
                opponent: b as PlayerId,
                color: Color::White,
                result: result_w,
            },
            Some(RoundEntry::Game {
                opponent: g.white_id.get() as PlayerId,
                color: Color::Black,
                result: result_b,
            }),
        )
    };
    match g.kind {
        GameKind::Played => {
            let (rw, rb) = if ws == points.win && bs == points.loss {
                (GameResult::Win, GameResult::Loss)
            } else if ws == points.loss && bs == points.win {
                (GameResult::Loss, GameResult::Win)
            } else if ws == points.draw && bs == points.draw {
                (GameResult::Draw, GameResult::Draw)
            } else {
                (GameResult::Adjusted(ws), GameResult::Adjusted(bs))
            };
            game(Some(rw), Some(rb))
        }
        GameKind::Forfeit => {
            if ws > bs {
                game(Some(GameResult::ForfeitWin), Some(GameResult::ForfeitLoss))
            } else {
                game(Some(GameResult::ForfeitLoss), Some(GameResult::ForfeitWin))
            }
        }
        GameKind::DoubleForfeit => {
            game(Some(GameResult::ForfeitLoss), Some(GameResult::ForfeitLoss))
        }
        GameKind::PairingBye => (RoundEntry::Bye(ByeKind::PairingAllocated), None),
        GameKind::FullBye => (RoundEntry::Bye(ByeKind::Full), None),
        GameKind::HalfBye => (RoundEntry::Bye(ByeKind::Half), None),
        GameKind::ZeroBye => (RoundEntry::Bye(ByeKind::Zero), None),
        GameKind::Free => (RoundEntry::NotPaired, None),
        // scheduled, no result yet
        GameKind::Pending | GameKind::Adjourned => game(None, None),
    }
}

/// Builds the model with the rounds `1..=played` from the games table. When
/// `next_round` is given, the entries that are already known for it are filled in
/// too: requested byes, and players who have not joined yet (late entries).
pub fn build(
    conn: &mut DbConnection,
    t: &TournamentRow,
    played: u32,
    next_round: Option<u32>,
) -> DomainResult<Model> {
    let rows = players_in_order(conn, t.id)?;
    let points = point_system(t);
    let late_bye = match t.late_entry_bye {
        LateEntryBye::Half => ByeKind::Half,
        LateEntryBye::Zero => ByeKind::Zero,
    };
    let mut start_no = HashMap::new();
    let mut player_ids = Vec::with_capacity(rows.len());
    for (i, p) in rows.iter().enumerate() {
        start_no.insert(p.id, i as PlayerId + 1);
        player_ids.push(p.id);
    }
    let use_national = t.rating_order == RatingOrder::National;
    let mut players: Vec<pairing::Player> = rows
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let rating = if use_national {
                p.national_rating
            } else {
                p.rating
            };
            pairing::Player {
                id: i as PlayerId + 1,
                name: p.name.clone(),
                rating: rating.filter(|r| *r > 0).map(|r| r as u32),
                title: (!p.title.is_empty()).then(|| p.title.clone()),
                federation: (!p.federation.is_empty()).then(|| p.federation.clone()),
                fide_id: p.fide_id.map(|f| f as u64),
                birth_date: (!p.birth_date.is_empty()).then(|| p.birth_date.replace('-', "/")),
                sex: p.sex.letter(),
                rounds: vec![RoundEntry::NotPaired; played as usize],
                withdrawn: p.status != PlayerStatus::Active,
                ..Default::default()
            }
        })
        .collect();
    let game_rows: Vec<GameRow> = games::table
        .filter(games::tournament_id.eq(t.id))
        .filter(games::round_number.le(played as i32))
        .select(GameRow::as_select())
        .load(conn)?;
    for g in &game_rows {
        let r = g.round_number.get() as usize - 1;
        let (w, b) = entries(g, &points);
        let w = match w {
            RoundEntry::Game {
                opponent,
                color,
                result,
            } => RoundEntry::Game {
                opponent: g
                    .black_id
                    .and_then(|b| start_no.get(&b))
                    .copied()
                    .unwrap_or(opponent),
                color,
                result,
            },
            other => other,
        };
        if let Some(&sw) = start_no.get(&g.white_id) {
            players[sw as usize - 1].rounds[r] = w;
        }
        if let (Some(bid), Some(RoundEntry::Game { color, result, .. })) = (g.black_id, b) {
            if let (Some(&sb), Some(&sw)) = (start_no.get(&bid), start_no.get(&g.white_id)) {
                players[sb as usize - 1].rounds[r] = RoundEntry::Game {
                    opponent: sw,
                    color,
                    result,
                };
            }
        }
    }
    // Missed rounds of late entries.
    for (i, p) in rows.iter().enumerate() {
        for r in 1..=played.min(p.joined_round.get().max(1) as u32 - 1) {
            if players[i].rounds[r as usize - 1] == RoundEntry::NotPaired {
                players[i].rounds[r as usize - 1] = RoundEntry::Bye(late_bye);
            }
        }
    }
    if let Some(next) = next_round {
        let requests: Vec<ByeRequestRow> = bye_requests::table
            .filter(bye_requests::tournament_id.eq(t.id))
            .filter(bye_requests::round_number.eq(next as i32))
            .select(ByeRequestRow::as_select())
            .load(conn)?;
        // Check-in in use for the round (`domain::checkin`): an active player
        // not checked in is not paired, and scores as a round missed.
        let present: Option<Vec<crate::domain::ids::PlayerId>> = if t.system.is_swiss()
            && checkin_rounds::table
                .filter(checkin_rounds::tournament_id.eq(t.id))
                .filter(checkin_rounds::round_number.eq(next as i32))
                .count()
                .get_result::<i64>(conn)?
                > 0
        {
            Some(
                checkins::table
                    .filter(checkins::tournament_id.eq(t.id))
                    .filter(checkins::round_number.eq(next as i32))
                    .select(checkins::player_id)
                    .load(conn)?,
            )
        } else {
            None
        };
        for (i, p) in rows.iter().enumerate() {
            let req = requests.iter().find(|q| q.player_id == p.id);
            let absent = p.status == PlayerStatus::Active
                && present.as_ref().is_some_and(|ids| !ids.contains(&p.id));
            let entry = match req.map(|q| q.kind) {
                Some(ByeRequestKind::Half) => Some(RoundEntry::Bye(ByeKind::Half)),
                Some(ByeRequestKind::Zero) => Some(RoundEntry::Bye(ByeKind::Zero)),
                Some(ByeRequestKind::Full) => Some(RoundEntry::Bye(ByeKind::Full)),
                None if (p.joined_round.get() as u32) > next => Some(RoundEntry::Bye(late_bye)),
                None if absent => Some(RoundEntry::Bye(late_bye)),
                _ => None,
            };
            if let Some(e) = entry {
                players[i]
                    .rounds
                    .resize(next as usize, RoundEntry::NotPaired);
                players[i].rounds[next as usize - 1] = e;
            }
        }
    }
    let forbidden: Vec<(crate::domain::ids::PlayerId, crate::domain::ids::PlayerId)> =
        forbidden_pairs::table
            .filter(forbidden_pairs::tournament_id.eq(t.id))
            .select((forbidden_pairs::player_a, forbidden_pairs::player_b))
            .load(conn)?;
    let forbidden = forbidden
        .into_iter()
        .filter_map(|(a, b)| Some((*start_no.get(&a)?, *start_no.get(&b)?)))
        .collect();
    let total_rounds = super::regulations::total_rounds_for(t, rows.len() as u32);
    let accelerations = accelerations(t, rows.len() as u32, total_rounds);
    Ok(Model {
        tournament: pairing::Tournament {
            name: t.name.clone(),
            kind: kind_of(t),
            total_rounds,
            points,
            initial_color: match t.initial_color {
                InitialColour::Black => Color::Black,
                InitialColour::White => Color::White,
            },
            forbidden,
            players,
            accelerations,
            ..Default::default()
        },
        player_ids,
        start_no,
    })
}

/// The pairing-only points of an accelerated Swiss, per pairing number and
/// round (half-points; the engines read them as the TRF's `XXA` records):
/// Baku (C.04.5.1, `pairing::generator::baku_virtual_points`) over the
/// players registered now. Nothing for an event that is not accelerated.
fn accelerations(
    t: &TournamentRow,
    players: u32,
    rounds: u32,
) -> Vec<(PlayerId, Vec<pairing::HalfPoints>)> {
    if t.acceleration != Acceleration::Baku || !t.system.is_swiss() {
        return Vec::new();
    }
    (1..=players)
        .map(|id| {
            let points = (1..=rounds)
                .map(|r| pairing::generator::baku_virtual_points(players, rounds, id, r))
                .collect::<Vec<_>>();
            (id, points)
        })
        .filter(|(_, points)| points.iter().any(|p| *p != 0))
        .collect()
}
