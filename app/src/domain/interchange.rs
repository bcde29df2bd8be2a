//! Interchange (SPEC §10): FIDE TRF export and import, PGN export.
//!
//! **TRF export** writes the tournament as the `pairing` crate's model sees it
//! (`model::build`), through `pairing::trf::write`: the header (name, place,
//! federation, dates, time control, rounds, initial colour, point system), one
//! `001` record per player with points and rank, the published rounds, and the
//! requested byes already known for the next round (`H`/`Z`/`F`).
//!
//! **TRF import** makes a new tournament of a TRF file in ONE transaction with
//! ONE audit row: regulations from the header, players by pairing number, every
//! paired round with its games and byes, and the byes in rounds not yet paired
//! as requested byes, so the event can be paired on where it stands. Export →
//! import → export gives the same file.
//!
//! **PGN export** of a game, a round or the whole tournament, through the rules
//! core's writer (`rules::pgn::write_game_with_comment`): the Seven Tag Roster
//! plus `WhiteElo`/`BlackElo`, `WhiteFideId`/`BlackFideId`, `Variant "Chess960"`
//! in a Chess960 event and `SetUp`/`FEN` for any start other than the standard
//! position. The movetext is the moves entered (`records::stored_game`), from
//! where they started, or the result alone.

use super::audit::{self, Entry};
use super::model::{self, players_in_order};
use super::tournaments::{
    self, point_system, tiebreak_codes, Period, Regulations, TimeControl, TournamentView,
};
use super::{engine, now, Actor, Audience, DomainError, DomainResult};
use crate::db::models::{GameRow, NewGame, PlayerRow, RoundRow, TournamentRow};
use crate::db::schema::{
    bye_requests, forbidden_pairs, games, players, rounds, tournaments as tournaments_table,
};
use crate::db::DbConnection;
use crate::domain::kinds::{
    ByeRequestKind, GameKind, InitialColour, LateEntryBye, LawsEdition, Notation, PairingSystem,
    PlayerStatus, RatingOrder, RoundState, TournamentStatus, Variant,
};
use diesel::prelude::*;
use pairing::{ByeKind, Color, GameResult, PlayerId, PointSystem, RoundEntry};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

// ---------------------------------------------------------------- TRF export

/// TRF-16 title codes (columns 11–13).
const TITLE_CODES: &[(&str, &str)] = &[
    ("GM", "g"),
    ("IM", "m"),
    ("WGM", "wg"),
    ("FM", "f"),
    ("WIM", "wm"),
    ("CM", "c"),
    ("WFM", "wf"),
    ("WCM", "wc"),
];

fn title_to_trf(title: &str) -> Option<String> {
    TITLE_CODES
        .iter()
        .find(|(t, _)| *t == title)
        .map(|(_, code)| code.to_string())
}

fn title_from_trf(code: &str) -> String {
    let code = code.trim();
    TITLE_CODES
        .iter()
        .find(|(t, c)| code.eq_ignore_ascii_case(c) || code.eq_ignore_ascii_case(t))
        .map(|(t, _)| t.to_string())
        .unwrap_or_default()
}

/// The time control as TRF `122` text: `40/90' + 30' + 30"`.
pub fn time_control_text(tc: &TimeControl) -> String {
    let mut parts: Vec<String> = tc
        .periods
        .iter()
        .map(|p| match p.moves {
            Some(m) => format!("{m}/{}'", p.minutes),
            None => format!("{}'", p.minutes),
        })
        .collect();
    if tc.increment_seconds > 0 {
        parts.push(format!("{}\"", tc.increment_seconds));
    }
    let mut s = parts.join(" + ");
    if tc.delay_seconds > 0 {
        s.push_str(&format!(" d{}\"", tc.delay_seconds));
    }
    s
}

/// Reads the text [`time_control_text`] writes; None for any other form.
pub fn parse_time_control(text: &str) -> Option<TimeControl> {
    let (main, delay) = match text.split_once(" d") {
        Some((m, d)) => (m, d.trim().strip_suffix('"')?.parse().ok()?),
        None => (text, 0),
    };
    let mut tc = TimeControl {
        periods: vec![],
        increment_seconds: 0,
        delay_seconds: delay,
    };
    for part in main.split('+').map(str::trim) {
        if let Some(secs) = part.strip_suffix('"') {
            tc.increment_seconds = secs.parse().ok()?;
        } else {
            let minutes = part.strip_suffix('\'')?;
            let period = match minutes.split_once('/') {
                Some((moves, min)) => Period {
                    moves: Some(moves.parse().ok()?),
                    minutes: min.parse().ok()?,
                },
                None => Period {
                    moves: None,
                    minutes: minutes.parse().ok()?,
                },
            };
            tc.periods.push(period);
        }
    }
    (!tc.periods.is_empty()).then_some(tc)
}

/// The tournament as FIDE TRF (public: published rounds only).
pub fn export_trf(conn: &mut DbConnection, tid: i32) -> DomainResult<String> {
    let row = tournaments::load(conn, tid)?;
    let played = Audience::Public.last_round(conn, tid)? as u32;
    let total = super::rounds::total_rounds(conn, &row)?;
    let next = (played < total).then_some(played + 1);
    let mut m = model::build(conn, &row, played, next)?;
    // Points and rank over the played rounds, for the rating report.
    let done = model::build(conn, &row, played, None)?;
    let standings = engine::standings(&done.tournament, &tiebreak_codes(&row))?;
    let points = pairing::tiebreak::points(&m.tournament);
    let rows = players_in_order(conn, tid)?;
    for (i, p) in m.tournament.players.iter_mut().enumerate() {
        let r = &rows[i];
        // TRF carries the FIDE rating, whatever orders the pairing.
        p.rating = r.rating.filter(|v| *v > 0).map(|v| v as u32);
        p.title = title_to_trf(&r.title);
        p.recorded_points = points.get(i).copied();
        p.recorded_rank = standings
            .iter()
            .find(|s| s.start_no == p.id)
            .map(|s| s.rank);
        // The TRF has no "withdrawn": his blank rounds say it.
        p.withdrawn = false;
        // TRF-16 column 10: `m` or `w`.
        p.sex = match r.sex.as_str() {
            "m" => Some('m'),
            "f" => Some('w'),
            _ => None,
        };
    }
    let reg_tc = tournaments::time_control(&row);
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    m.tournament.details = pairing::TournamentDetails {
        city: text(&row.place),
        federation: text(&row.federation),
        start_date: text(&row.start_date.replace('-', "/")),
        end_date: text(&row.end_date.replace('-', "/")),
        time_control: Some(time_control_text(&reg_tc)),
        ..Default::default()
    };
    // Outside FIDE mode: the departure and each manual intervention, as
    // `###` comment lines (TRF-2026: comments; readers skip them).
    let mut out = pairing::trf::write(&m.tournament);
    out.push_str(&super::fide_mode::trf_comments(conn, tid)?);
    Ok(out)
}

// ---------------------------------------------------------------- TRF import

/// What an import made.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportedTournament {
    pub tournament: TournamentView,
    /// Rounds imported with their pairings and results.
    pub rounds: u32,
    pub games: u32,
    /// Byes in rounds not yet paired, now requested byes.
    pub bye_requests: u32,
}

#[derive(Insertable)]
#[diesel(table_name = tournaments_table)]
struct NewTournament {
    name: String,
    place: String,
    federation: String,
    start_date: String,
    end_date: String,
    system: PairingSystem,
    rounds: i32,
    schedule: String,
    time_control: String,
    default_time_minutes: i32,
    adjournments: bool,
    resumption_lateness_minutes: i32,
    points: String,
    late_entry_bye: LateEntryBye,
    draw_offer_min_moves: i32,
    draw_needs_arbiter: bool,
    illegal_moves_lose: i32,
    illegal_move_bonus_seconds: i32,
    variant: Variant,
    tiebreaks: String,
    initial_color: InitialColour,
    rating_order: RatingOrder,
    notation: Notation,
    laws_edition: LawsEdition,
    status: TournamentStatus,
    version: i32,
    created_at: String,
    updated_at: String,
}

fn trf_date(d: Option<&str>) -> Option<String> {
    let d = d?.trim();
    ["%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y"]
        .iter()
        .find_map(|f| chrono::NaiveDate::parse_from_str(d, f).ok())
        .map(|d| d.format("%Y-%m-%d").to_string())
}

fn birth_date(d: Option<&str>) -> String {
    let Some(d) = d.map(str::trim).filter(|d| !d.is_empty()) else {
        return String::new();
    };
    if let Some(full) = trf_date(Some(d)) {
        return full;
    }
    let year: String = d.chars().take(4).collect();
    if year.len() == 4 && year.chars().all(|c| c.is_ascii_digit()) && year != "0000" {
        year
    } else {
        String::new()
    }
}

fn entry_points(e: &RoundEntry, p: &PointSystem) -> i32 {
    match e {
        RoundEntry::Game {
            result: Some(r), ..
        } => match r {
            GameResult::Win => p.win,
            GameResult::Draw => p.draw,
            GameResult::Loss => p.loss,
            GameResult::ForfeitWin => p.forfeit_win,
            GameResult::ForfeitLoss => p.forfeit_loss,
            GameResult::Adjusted(h) => *h,
        },
        RoundEntry::Game { result: None, .. } => 0,
        RoundEntry::Bye(ByeKind::PairingAllocated) => p.pairing_bye,
        RoundEntry::Bye(ByeKind::Full) => p.full_bye,
        RoundEntry::Bye(ByeKind::Half) => p.half_bye,
        RoundEntry::Bye(ByeKind::Zero) => p.zero_bye,
        RoundEntry::NotPaired => p.not_paired,
    }
}

/// The line of player `id`'s `001` record in the file (1-based), for errors.
fn line_of(t: &pairing::Tournament, id: PlayerId) -> usize {
    t.trf
        .lines
        .iter()
        .position(|l| matches!(l, pairing::TrfLine::Player { id: i, .. } if *i == id))
        .map_or(0, |i| i + 1)
}

fn inconsistent(t: &pairing::Tournament, id: PlayerId, message: String) -> DomainError {
    let line = line_of(t, id);
    DomainError::invalid("trf", format!("line {line}: {message}"))
}

/// Kind and scores (half-points) of a game from both sides' results.
fn game_scores(
    rw: Option<GameResult>,
    rb: Option<GameResult>,
    p: &PointSystem,
) -> Option<(GameKind, Option<i32>, Option<i32>)> {
    use GameResult::*;
    let played = |r: GameResult| match r {
        Win => Some(p.win),
        Draw => Some(p.draw),
        Loss => Some(p.loss),
        Adjusted(h) => Some(h),
        ForfeitWin | ForfeitLoss => None,
    };
    Some(match (rw?, rb?) {
        (ForfeitWin, ForfeitLoss) => (GameKind::Forfeit, Some(p.forfeit_win), Some(p.forfeit_loss)),
        (ForfeitLoss, ForfeitWin) => (GameKind::Forfeit, Some(p.forfeit_loss), Some(p.forfeit_win)),
        (ForfeitLoss, ForfeitLoss) => (
            GameKind::DoubleForfeit,
            Some(p.forfeit_loss),
            Some(p.forfeit_loss),
        ),
        (a @ (Win | Draw | Loss), b @ (Win | Draw | Loss))
            if !matches!((a, b), (Win, Loss) | (Loss, Win) | (Draw, Draw)) =>
        {
            return None
        }
        (a, b) => (GameKind::Played, Some(played(a)?), Some(played(b)?)),
    })
}

/// Imports a parsed TRF as a new tournament. The actor (any logged-in user)
/// becomes its organizer; the system actor (command line) may import without one.
pub fn import_trf(
    conn: &mut DbConnection,
    actor: &Actor,
    src: &pairing::Tournament,
) -> DomainResult<ImportedTournament> {
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(DomainError::Unauthenticated);
    }
    let count = src.players.len() as u32;
    let played = src
        .players
        .iter()
        .flat_map(|p| {
            p.rounds.iter().enumerate().filter_map(|(i, e)| {
                matches!(
                    e,
                    RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                )
                .then_some(i as u32 + 1)
            })
        })
        .max()
        .unwrap_or(0);
    let system = match src.kind {
        pairing::TournamentKind::Swiss => PairingSystem::Swiss,
        pairing::TournamentKind::RoundRobin { double: false } => PairingSystem::RoundRobin,
        pairing::TournamentKind::RoundRobin { double: true } => PairingSystem::DoubleRoundRobin,
    };
    let total = if src.total_rounds > 0 {
        src.total_rounds
    } else {
        played.max(1)
    };
    let start = trf_date(src.details.start_date.as_deref())
        .unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%d").to_string());
    let end = trf_date(src.details.end_date.as_deref())
        .filter(|e| *e >= start)
        .unwrap_or_else(|| start.clone());
    let name: String = src.name.trim().chars().take(200).collect();
    let federation = src
        .details
        .federation
        .clone()
        .unwrap_or_default()
        .trim()
        .to_uppercase();
    let mut reg = Regulations {
        name: if name.is_empty() {
            "Imported tournament".into()
        } else {
            name
        },
        place: src.details.city.clone().unwrap_or_default(),
        federation: if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_uppercase()) {
            federation
        } else {
            String::new()
        },
        start_date: start,
        end_date: end,
        system,
        rounds: total,
        time_control: src
            .details
            .time_control
            .as_deref()
            .and_then(parse_time_control)
            .unwrap_or_default(),
        initial_color: match src.initial_color {
            Color::Black => InitialColour::Black,
            Color::White => InitialColour::White,
        },
        points: tournaments::PointsConfig::from_system(&src.points),
        ..Regulations::default()
    };
    if system.is_swiss() && played > total {
        return Err(DomainError::invalid(
            "trf",
            format!("the file has {played} rounds paired but XXR says {total} rounds"),
        ));
    }
    reg.validate()?;
    let ts = now();
    let row = NewTournament {
        name: reg.name.clone(),
        place: reg.place.clone(),
        federation: reg.federation.clone(),
        start_date: reg.start_date.clone(),
        end_date: reg.end_date.clone(),
        system: reg.system,
        rounds: reg.rounds as i32,
        schedule: "[]".into(),
        time_control: serde_json::to_string(&reg.time_control).unwrap_or_default(),
        default_time_minutes: reg.default_time_minutes as i32,
        adjournments: reg.adjournments,
        resumption_lateness_minutes: reg.resumption_lateness_minutes as i32,
        // Kept as the file says (also the points of an unpaired round).
        points: serde_json::to_string(&src.points).unwrap_or_default(),
        late_entry_bye: reg.late_entry_bye,
        draw_offer_min_moves: reg.draw_offer_min_moves as i32,
        draw_needs_arbiter: reg.draw_needs_arbiter,
        illegal_moves_lose: reg.illegal_moves_lose as i32,
        illegal_move_bonus_seconds: reg.illegal_move_bonus_seconds as i32,
        variant: reg.variant,
        tiebreaks: reg.tiebreaks.join(","),
        initial_color: reg.initial_color,
        rating_order: reg.rating_order,
        notation: reg.notation,
        laws_edition: reg.laws_edition,
        status: TournamentStatus::Registration,
        version: 1,
        created_at: ts.clone(),
        updated_at: ts.clone(),
    };
    let tid: i32 = diesel::insert_into(tournaments_table::table)
        .values(&row)
        .returning(tournaments_table::id)
        .get_result(conn)?;
    if let Some(uid) = actor.user_id {
        tournaments::grant_creator_roles(conn, tid, uid)?;
    }

    // Players, by pairing number.
    let mut ids: Vec<i32> = Vec::with_capacity(count as usize);
    for p in &src.players {
        let name: String = p.name.trim().chars().take(100).collect();
        let federation = p.federation.clone().unwrap_or_default().to_uppercase();
        let sex = match p.sex.map(|c| c.to_ascii_lowercase()) {
            Some('m') => "m",
            Some('f' | 'w') => "f",
            _ => "",
        };
        let born = birth_date(p.birth_date.as_deref());
        let rating = p.rating.filter(|r| *r <= 3500).map(|r| r as i32);
        let id: i32 = diesel::insert_into(players::table)
            .values((
                players::tournament_id.eq(tid),
                players::start_no.eq(p.id as i32),
                players::fide_id.eq(p
                    .fide_id
                    .filter(|f| (1..=99_999_999_999).contains(f))
                    .map(|f| f as i64)),
                players::name.eq(if name.is_empty() {
                    format!("Player {}", p.id)
                } else {
                    name
                }),
                players::title.eq(title_from_trf(p.title.as_deref().unwrap_or(""))),
                players::federation.eq(
                    if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_uppercase()) {
                        federation
                    } else {
                        String::new()
                    },
                ),
                players::club.eq(""),
                players::birth_date.eq(&born),
                players::sex.eq(sex),
                players::rating.eq(rating),
                players::national_rating.eq(None::<i32>),
                players::k_factor.eq(super::registration::default_k_factor(
                    rating,
                    &born,
                    super::registration::year_of(&reg.start_date),
                )),
                players::status.eq(PlayerStatus::Active),
                players::joined_round.eq(1),
                players::version.eq(1),
                players::created_at.eq(&ts),
            ))
            .returning(players::id)
            .get_result(conn)?;
        ids.push(id);
    }
    let id_of = |no: PlayerId| ids[no as usize - 1];
    let entry = |no: PlayerId, r: u32| -> RoundEntry {
        src.players[no as usize - 1]
            .rounds
            .get(r as usize - 1)
            .copied()
            .unwrap_or(RoundEntry::NotPaired)
    };

    // Rounds 1..=played: boards by the higher score, then the higher-ranked player.
    let points = src.points;
    let mut score = vec![0i32; count as usize];
    let mut n_games = 0u32;
    for r in 1..=played {
        let mut boards: Vec<(i32, PlayerId, NewGame)> = Vec::new();
        let mut byes: Vec<NewGame> = Vec::new();
        let game =
            |white: i32, black: Option<i32>, kind: GameKind, ws: Option<i32>, bs: Option<i32>| {
                NewGame {
                    tournament_id: tid,
                    round_number: r as i32,
                    board: 0,
                    white_id: white,
                    black_id: black,
                    kind,
                    white_score: ws,
                    black_score: bs,
                    termination: String::new(),
                    reason: if kind == GameKind::Played
                        && ws.zip(bs).is_some_and(|(w, b)| {
                            w + b != points.win + points.loss && w + b != 2 * points.draw
                        }) {
                        "imported from TRF".into()
                    } else {
                        String::new()
                    },
                    version: 1,
                    updated_at: ts.clone(),
                }
            };
        for p in &src.players {
            match entry(p.id, r) {
                RoundEntry::Game {
                    opponent,
                    color,
                    result,
                } => {
                    let back = entry(opponent, r);
                    let RoundEntry::Game {
                        opponent: o2,
                        color: c2,
                        result: rb,
                    } = back
                    else {
                        return Err(inconsistent(
                            src,
                            p.id,
                            format!(
                                "round {r}: player {} plays {opponent}, whose round {r} is no game",
                                p.id
                            ),
                        ));
                    };
                    if o2 != p.id || c2 == color {
                        return Err(inconsistent(src, p.id, format!("round {r}: player {} plays {opponent} but {opponent} plays {o2} with the same colour or another opponent", p.id)));
                    }
                    if color == Color::Black {
                        continue;
                    }
                    let (kind, ws, bs) = if result.is_none() && rb.is_none() {
                        (GameKind::Pending, None, None)
                    } else {
                        game_scores(result, rb, &points).ok_or_else(|| {
                            inconsistent(
                                src,
                                p.id,
                                format!(
                                    "round {r}: the results of {} and {opponent} do not agree",
                                    p.id
                                ),
                            )
                        })?
                    };
                    let top = score[p.id as usize - 1].max(score[opponent as usize - 1]);
                    boards.push((
                        top,
                        p.id.min(opponent),
                        game(id_of(p.id), Some(id_of(opponent)), kind, ws, bs),
                    ));
                }
                RoundEntry::Bye(kind) => {
                    let (k, pts) = match kind {
                        ByeKind::PairingAllocated => (GameKind::PairingBye, points.pairing_bye),
                        ByeKind::Full => (GameKind::FullBye, points.full_bye),
                        ByeKind::Half => (GameKind::HalfBye, points.half_bye),
                        ByeKind::Zero => (GameKind::ZeroBye, points.zero_bye),
                    };
                    byes.push(game(id_of(p.id), None, k, Some(pts), None));
                }
                RoundEntry::NotPaired => {}
            }
        }
        boards.sort_by_key(|(top, first, _)| (-top, *first));
        let pending = boards.iter().any(|(_, _, g)| g.kind == GameKind::Pending);
        for (board, mut g) in boards
            .into_iter()
            .map(|(_, _, g)| g)
            .chain(byes)
            .enumerate()
            .map(|(i, g)| (i as i32 + 1, g))
        {
            g.board = board;
            diesel::insert_into(games::table).values(&g).execute(conn)?;
            n_games += 1;
        }
        diesel::insert_into(rounds::table)
            .values((
                rounds::tournament_id.eq(tid),
                rounds::number.eq(r as i32),
                rounds::scheduled_start.eq(None::<String>),
                rounds::state.eq(if pending {
                    RoundState::Published
                } else {
                    RoundState::Finished
                }),
                rounds::paired_at.eq(&ts),
                rounds::published_at.eq(Some(&ts)),
            ))
            .execute(conn)?;
        for p in &src.players {
            score[p.id as usize - 1] += entry_points(&entry(p.id, r), &points);
        }
    }

    // Byes already known for rounds not yet paired become requested byes.
    let mut n_requests = 0u32;
    if system.is_swiss() {
        for p in &src.players {
            for (i, e) in p.rounds.iter().enumerate().skip(played as usize) {
                let kind = match e {
                    RoundEntry::Bye(ByeKind::Half) => ByeRequestKind::Half,
                    RoundEntry::Bye(ByeKind::Zero) => ByeRequestKind::Zero,
                    RoundEntry::Bye(ByeKind::Full) => ByeRequestKind::Full,
                    _ => continue,
                };
                diesel::insert_into(bye_requests::table)
                    .values((
                        bye_requests::tournament_id.eq(tid),
                        bye_requests::player_id.eq(id_of(p.id)),
                        bye_requests::round_number.eq(i as i32 + 1),
                        bye_requests::kind.eq(kind),
                        bye_requests::note.eq("imported from TRF"),
                        bye_requests::created_at.eq(&ts),
                    ))
                    .execute(conn)?;
                n_requests += 1;
            }
        }
    }
    for &(a, b) in &src.forbidden {
        diesel::insert_into(forbidden_pairs::table)
            .values((
                forbidden_pairs::tournament_id.eq(tid),
                forbidden_pairs::player_a.eq(id_of(a.min(b))),
                forbidden_pairs::player_b.eq(id_of(a.max(b))),
            ))
            .execute(conn)?;
    }
    tournaments::refresh_status(conn, tid)?;
    let view = tournaments::get(conn, tid, Audience::Staff)?;
    let out = ImportedTournament {
        tournament: view,
        rounds: played,
        games: n_games,
        bye_requests: n_requests,
    };
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "tournament.import_trf",
            entity: "tournament",
            entity_id: Some(tid as i64),
        },
        None::<&()>,
        Some(&out),
    )?;
    Ok(out)
}

// ---------------------------------------------------------------- PGN export

/// One game as PGN sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, `??` for what is unknown.
    pub date: String,
    /// `round.board`
    pub round: String,
    pub white: String,
    pub black: String,
    pub white_elo: Option<i32>,
    pub black_elo: Option<i32>,
    pub white_fide_id: Option<i64>,
    pub black_fide_id: Option<i64>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// A comment before the result (forfeits, scores set by the arbiter).
    pub comment: Option<String>,
    /// A Chess960 game (`Variant "Chess960"`).
    pub chess960: bool,
    /// Where the game starts (`SetUp`/`FEN` when not the standard position).
    pub start: rules::Position,
    /// The moves entered, up to the first that cannot be played.
    pub moves: Vec<rules::Move>,
}

/// A game in PGN export format, written by the rules core's writer
/// (`rules::pgn::write_game_with_comment`): the Seven Tag Roster, `WhiteElo`/
/// `BlackElo`, `WhiteFideId`/`BlackFideId`, `Variant`, `SetUp`/`FEN`, a blank
/// line, the movetext in English SAN wrapped at 79 columns, a blank line.
pub fn pgn_text(g: &PgnGame) -> String {
    let mut tags: Vec<(String, String)> = [
        ("Event", &g.event),
        ("Site", &g.site),
        ("Date", &g.date),
        ("Round", &g.round),
        ("White", &g.white),
        ("Black", &g.black),
    ]
    .iter()
    .map(|(k, v)| {
        (
            k.to_string(),
            if v.is_empty() {
                "?".into()
            } else {
                v.to_string()
            },
        )
    })
    .collect();
    for (tag, elo) in [("WhiteElo", g.white_elo), ("BlackElo", g.black_elo)] {
        if let Some(e) = elo {
            tags.push((tag.into(), e.to_string()));
        }
    }
    for (tag, id) in [
        ("WhiteFideId", g.white_fide_id),
        ("BlackFideId", g.black_fide_id),
    ] {
        if let Some(id) = id {
            tags.push((tag.into(), id.to_string()));
        }
    }
    if g.chess960 {
        tags.push(("Variant".into(), "Chess960".into()));
    }
    rules::pgn::write_game_with_comment(&tags, &g.start, &g.moves, g.comment.as_deref(), &g.result)
}

fn pgn_game(
    conn: &mut DbConnection,
    t: &TournamentRow,
    round: &RoundRow,
    g: &GameRow,
    players: &HashMap<i32, PlayerRow>,
) -> DomainResult<Option<PgnGame>> {
    let Some(black_id) = g.black_id else {
        return Ok(None);
    };
    let (w, b) = (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0));
    let points = point_system(t);
    let (result, comment) = match g.kind {
        GameKind::Pending => ("*", None),
        GameKind::Adjourned => ("*", Some("Adjourned".to_string())),
        GameKind::DoubleForfeit => return Ok(None),
        GameKind::Forfeit if w > b => ("1-0", Some("Forfeit: Black did not play".to_string())),
        GameKind::Forfeit => ("0-1", Some("Forfeit: White did not play".to_string())),
        _ if w == points.win && b == points.loss => ("1-0", None),
        _ if w == points.loss && b == points.win => ("0-1", None),
        _ if w == points.draw && b == points.draw => ("1/2-1/2", None),
        _ => (
            "*",
            Some(format!(
                "Scores set by the arbiter: {}-{}",
                super::rounds::fmt_points(w),
                super::rounds::fmt_points(b)
            )),
        ),
    };
    let date = round
        .scheduled_start
        .as_deref()
        .map(|s| s.get(..10).unwrap_or(s).to_string())
        .unwrap_or_else(|| t.start_date.clone());
    let date = if date.len() == 10 {
        date.replace('-', ".")
    } else {
        "????.??.??".into()
    };
    let name = |id: i32| players.get(&id).map(|p| p.name.clone()).unwrap_or_default();
    let elo = |id: i32| players.get(&id).and_then(|p| p.rating).filter(|r| *r > 0);
    let fide = |id: i32| players.get(&id).and_then(|p| p.fide_id).filter(|f| *f > 0);
    let chess960 = t.variant == Variant::Chess960;
    // The moves entered, from where they started; without moves, where the
    // board started (the drawn Chess960 position).
    let (start, moves) = match super::records::stored_game(conn, g.id)? {
        Some(stored) => stored,
        None => {
            let drawn = if chess960 {
                super::chess960::game_position(conn, g)?
                    .and_then(|sp| u16::try_from(sp).ok())
                    .and_then(rules::Position::chess960)
            } else {
                None
            };
            (drawn.unwrap_or_else(rules::Position::startpos), vec![])
        }
    };
    Ok(Some(PgnGame {
        event: t.name.clone(),
        site: t.place.clone(),
        date,
        round: format!("{}.{}", g.round_number, g.board),
        white: name(g.white_id),
        black: name(black_id),
        white_elo: elo(g.white_id),
        black_elo: elo(black_id),
        white_fide_id: fide(g.white_id),
        black_fide_id: fide(black_id),
        result: result.into(),
        comment,
        chess960,
        start,
        moves,
    }))
}

/// PGN of the games of the rounds `numbers` (byes and double forfeits are no
/// games and are left out), as `audience` sees them.
fn pgn_of(
    conn: &mut DbConnection,
    tid: i32,
    numbers: Option<i32>,
    game: Option<i32>,
    audience: Audience,
) -> DomainResult<String> {
    let t = tournaments::load(conn, tid)?;
    let mut q = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .into_boxed();
    if let Some(n) = numbers {
        q = q.filter(rounds::number.eq(n));
    }
    let round_rows: Vec<RoundRow> = q
        .order(rounds::number)
        .select(RoundRow::as_select())
        .load(conn)?;
    if let Some(n) = numbers {
        match round_rows.first() {
            None => {
                return Err(DomainError::NotFound(format!(
                    "round {n} of tournament {tid}"
                )))
            }
            Some(r) if !audience.sees_round_state(r.state) => {
                return Err(DomainError::NotFound(format!(
                    "a published round {n} of tournament {tid}"
                )))
            }
            _ => {}
        }
    }
    let players: HashMap<i32, PlayerRow> = players_in_order(conn, tid)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut out = String::new();
    let mut found = false;
    for r in round_rows
        .iter()
        .filter(|r| audience.sees_round_state(r.state))
    {
        let mut q = games::table
            .filter(games::tournament_id.eq(tid))
            .filter(games::round_number.eq(r.number))
            .into_boxed();
        if let Some(gid) = game {
            q = q.filter(games::id.eq(gid));
        }
        let rows: Vec<GameRow> = q
            .order(games::board)
            .select(GameRow::as_select())
            .load(conn)?;
        for g in &rows {
            found = true;
            if let Some(p) = pgn_game(conn, &t, r, g, &players)? {
                out.push_str(&pgn_text(&p));
            }
        }
    }
    if let Some(gid) = game {
        if !found {
            return Err(DomainError::NotFound(format!(
                "game {gid} in tournament {tid}"
            )));
        }
        if out.is_empty() {
            return Err(DomainError::NotFound(format!(
                "a played game {gid} (a bye or a double forfeit has no PGN)"
            )));
        }
    }
    Ok(out)
}

pub fn pgn_game_export(
    conn: &mut DbConnection,
    tid: i32,
    gid: i32,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, None, Some(gid), audience)
}

pub fn pgn_round(
    conn: &mut DbConnection,
    tid: i32,
    n: i32,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, Some(n), None, audience)
}

pub fn pgn_tournament(
    conn: &mut DbConnection,
    tid: i32,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, None, None, audience)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_round_trips() {
        let tc = TimeControl::default();
        let text = time_control_text(&tc);
        assert_eq!(text, "40/90' + 30' + 30\"");
        assert_eq!(parse_time_control(&text), Some(tc));
        let blitz = TimeControl {
            periods: vec![Period {
                moves: None,
                minutes: 3,
            }],
            increment_seconds: 2,
            delay_seconds: 5,
        };
        assert_eq!(parse_time_control(&time_control_text(&blitz)), Some(blitz));
        assert_eq!(parse_time_control("90 min + 30 sec"), None);
    }

    #[test]
    fn titles_and_dates_in_trf_form() {
        assert_eq!(title_to_trf("WGM").as_deref(), Some("wg"));
        assert_eq!(title_from_trf("wg"), "WGM");
        assert_eq!(title_from_trf("GM"), "GM");
        assert_eq!(title_from_trf("x"), "");
        assert_eq!(trf_date(Some("2026/03/01")).as_deref(), Some("2026-03-01"));
        assert_eq!(birth_date(Some("1990/00/00")), "1990");
        assert_eq!(birth_date(Some("1990/05/17")), "1990-05-17");
    }

    #[test]
    fn pgn_has_the_seven_tags_and_the_result() {
        let g = PgnGame {
            event: "Memoriał \"Rubinsteina\"".into(),
            site: "Polanica-Zdrój".into(),
            date: "2026.03.01".into(),
            round: "3.1".into(),
            white: "Żółć, Łukasz".into(),
            black: "Čermák, Jiří".into(),
            white_elo: Some(2400),
            black_elo: None,
            white_fide_id: None,
            black_fide_id: None,
            result: "1/2-1/2".into(),
            comment: None,
            chess960: false,
            start: rules::Position::startpos(),
            moves: vec![],
        };
        let s = pgn_text(&g);
        assert!(s.starts_with("[Event \"Memoriał \\\"Rubinsteina\\\"\"]\n[Site \"Polanica-Zdrój\"]\n[Date \"2026.03.01\"]\n[Round \"3.1\"]\n"));
        assert!(s.contains("[WhiteElo \"2400\"]\n"));
        assert!(!s.contains("BlackElo"));
        assert!(s.ends_with("\n\n1/2-1/2\n\n"));
        assert!(!s.contains("FEN") && !s.contains("Variant"));
    }

    #[test]
    fn pgn_of_a_chess960_game_reads_back() {
        // BBQRNNKR: with the f-knight out, O-O leaves the king on g1 and takes
        // the rook from h1 to f1 (Guidelines II.3.2).
        let sp = rules::chess960::number_of("BBQRNNKR").unwrap();
        let start = rules::Position::chess960(sp).unwrap();
        let mut pos = start.clone();
        let mut moves = vec![];
        for san in ["Ng3", "Ng6", "O-O", "O-O"] {
            let rules::san::MoveReading::Legal(m) =
                rules::san::read_move(&pos, san, rules::san::LetterSet::ENGLISH)
            else {
                panic!("{san} in {}", pos.to_fen())
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
        let g = PgnGame {
            event: "E".into(),
            site: "S".into(),
            date: "2026.11.24".into(),
            round: "1.1".into(),
            white: "A".into(),
            black: "B".into(),
            white_elo: None,
            black_elo: None,
            white_fide_id: Some(1503014),
            black_fide_id: None,
            result: "1-0".into(),
            comment: Some("Forfeit: x}".into()),
            chess960: true,
            start: start.clone(),
            moves: moves.clone(),
        };
        let s = pgn_text(&g);
        assert!(s.contains("[Variant \"Chess960\"]\n"), "{s}");
        assert!(s.contains("[SetUp \"1\"]\n"), "{s}");
        assert!(s.contains("[WhiteFideId \"1503014\"]\n"), "{s}");
        assert!(s.contains("{Forfeit: x)} 1-0"), "{s}");
        let back = rules::pgn::read_games(&s).remove(0).unwrap();
        let r = rules::pgn::replay(&back, rules::san::LetterSet::ENGLISH).unwrap();
        assert!(r.chess960 && r.error.is_none());
        assert_eq!(r.start, start);
        assert_eq!(r.moves, moves);
        assert_eq!(r.final_position(), &pos);
        assert_eq!(back.result().as_deref(), Some("1-0"));
    }

    #[test]
    fn game_scores_agree_or_fail() {
        let p = PointSystem::default();
        use GameResult::*;
        assert_eq!(
            game_scores(Some(Win), Some(Loss), &p),
            Some((GameKind::Played, Some(2), Some(0)))
        );
        assert_eq!(
            game_scores(Some(ForfeitLoss), Some(ForfeitLoss), &p).map(|g| g.0),
            Some(GameKind::DoubleForfeit)
        );
        assert_eq!(game_scores(Some(Win), Some(Win), &p), None);
        assert_eq!(
            game_scores(Some(Adjusted(0)), Some(Adjusted(1)), &p),
            Some((GameKind::Played, Some(0), Some(1)))
        );
        assert_eq!(game_scores(Some(Win), Some(ForfeitLoss), &p), None);
    }
}
