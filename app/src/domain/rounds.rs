//! Rounds: pair the next round (FIDE Dutch for a Swiss, Berger tables for a round
//! robin — both from the `pairing` crate), edit a pairing by hand, unpair the last
//! round, publish; and the views of rounds and games.
//!
//! Over 700 lines because pair, unpair, publish, hand edits of a pairing and
//! the round's state all read and write the same rows under the same rules (a
//! paired round is edited only before publication); the views are the other
//! half.

use super::audit::Entry;
use super::model::{self, players_in_order};
use super::tournaments::{load as load_tournament, point_system, refresh_status};
use super::{engine, now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::{GameRow, NewGame, PlayerRow, RoundRow, TournamentRow};
use crate::db::schema::{games, players, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{
    GameKind, LeftOutReason, PlayerStatus, RatingOrder, RoundState, Variant,
};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use utoipa::ToSchema;

pub use super::games::{fmt_points, load_game, round_games, NO_RESULT_YET};
pub use super::matches::match_partner;
pub use super::regulations::{total_rounds, total_rounds_for};

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PlayerRef {
    #[schema(value_type = i32)]
    pub id: PlayerId,
    pub start_no: i32,
    pub name: String,
    pub title: String,
    pub rating: Option<i32>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameView {
    #[schema(value_type = i32)]
    pub id: GameId,
    #[schema(value_type = i32)]
    pub round: RoundNo,
    pub board: i32,
    pub white: PlayerRef,
    /// None for a bye or a free round.
    pub black: Option<PlayerRef>,
    /// What the board is: a game (pending, played, adjourned), a forfeit or a bye
    /// (`free`: not paired in a round robin).
    pub kind: GameKind,
    /// The result as written on the wall chart: `1-0`, `½-½`, `0-1`, `+/-`, `-/+`,
    /// `-/-`, `0-½`, `0-0`, `*` while pending; for byes the points (`1`, `½`, `0`).
    pub result: String,
    pub white_points: Option<f64>,
    pub black_points: Option<f64>,
    pub termination: String,
    pub reason: String,
    pub version: i32,
}

impl RoundView {
    /// A Double-Swiss round that is a match's first game.
    pub fn is_first_game(&self) -> bool {
        self.match_game.as_ref().is_some_and(|m| m.game == 1)
    }

    /// A Double-Swiss round that is a match's second game (paired and edited
    /// through the first).
    pub fn is_second_game(&self) -> bool {
        self.match_game.as_ref().is_some_and(|m| m.game == 2)
    }
}

impl GameView {
    /// No result yet (scheduled or adjourned): `result` is [`NO_RESULT_YET`].
    pub fn is_unplayed(&self) -> bool {
        self.kind.is_open()
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RoundView {
    #[schema(value_type = i32)]
    pub number: RoundNo,
    /// `paired` (only staff see it), `published` or `finished`.
    pub state: RoundState,
    pub scheduled_start: Option<String>,
    pub published: bool,
    pub games: Vec<GameView>,
    /// Chess960: the start positions (Guidelines II); null for standard chess,
    /// and for the public until the round is published.
    pub chess960: Option<super::chess960::RoundPositions>,
    /// The players with a bye other than the pairing's, and why they were
    /// not paired (absent at check-in, requested bye, late entry).
    pub left_out: Vec<LeftOut>,
    /// Double-Swiss (C.04.5): the match and game this round is, and each
    /// board's other game and match score; null in any other system.
    pub match_game: Option<super::matches::MatchGame>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LeftOut {
    pub player: PlayerRef,
    pub reason: LeftOutReason,
    /// The bye as written on the wall chart: `1`, `½` or `0`.
    pub result: String,
}

impl LeftOut {
    /// The page text's key for the reason.
    pub fn reason_key(&self) -> &'static str {
        match self.reason {
            LeftOutReason::Absent => "left_out_absent",
            LeftOutReason::RequestedBye => "left_out_requested_bye",
            LeftOutReason::LateEntry => "left_out_late_entry",
        }
    }
}

/// Why each player with a requested, late-entry or absence bye in round
/// `number` was not paired: a bye request of the round says so; a player
/// joining later is a late entry; anyone else was absent at check-in
/// (`domain::checkin`).
///
/// In a Double-Swiss the second game repeats the first game's byes (byes are
/// for matches): the reasons are the first game's, and the pairing-allocated
/// bye's second half (a half-point bye) is the pairing's, not a left-out.
fn left_out(
    conn: &mut DbConnection,
    t: &TournamentRow,
    number: RoundNo,
    rows: &[GameRow],
    pm: &HashMap<PlayerId, PlayerRow>,
) -> DomainResult<Vec<LeftOut>> {
    use crate::db::schema::bye_requests;
    let tid = t.id;
    let mut asked = vec![number];
    let mut pab_half = None;
    if t.system.is_double_swiss() && number.get() % 2 == 0 {
        let first = RoundNo(number.get() - 1);
        asked.push(first);
        pab_half = round_games(conn, tid, first)?
            .into_iter()
            .find(|g| g.kind == GameKind::PairingBye)
            .map(|g| g.white_id);
    }
    let requested: Vec<PlayerId> = bye_requests::table
        .filter(bye_requests::tournament_id.eq(tid))
        .filter(bye_requests::round_number.eq_any(asked))
        .select(bye_requests::player_id)
        .load(conn)?;
    let mut out = Vec::new();
    for g in rows {
        if !matches!(
            g.kind,
            GameKind::HalfBye | GameKind::ZeroBye | GameKind::FullBye
        ) || (g.kind == GameKind::HalfBye && pab_half == Some(g.white_id))
        {
            continue;
        }
        let Some(p) = pm.get(&g.white_id) else {
            continue;
        };
        let reason = if requested.contains(&p.id) {
            LeftOutReason::RequestedBye
        } else if p.joined_round > number {
            LeftOutReason::LateEntry
        } else {
            LeftOutReason::Absent
        };
        out.push(LeftOut {
            player: player_ref(p),
            reason,
            result: result_text(g),
        });
    }
    Ok(out)
}

pub fn result_text(g: &GameRow) -> String {
    let (w, b) = (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0));
    match g.kind {
        GameKind::Pending | GameKind::Adjourned => NO_RESULT_YET.into(),
        GameKind::Forfeit if w > b => "+/-".into(),
        GameKind::Forfeit => "-/+".into(),
        GameKind::DoubleForfeit => "-/-".into(),
        GameKind::Played => format!("{}-{}", fmt_points(w), fmt_points(b)),
        GameKind::PairingBye
        | GameKind::FullBye
        | GameKind::HalfBye
        | GameKind::ZeroBye
        | GameKind::Free => fmt_points(w),
    }
}

pub(crate) fn player_ref(p: &PlayerRow) -> PlayerRef {
    PlayerRef {
        id: p.id,
        start_no: p.start_no,
        name: p.name.clone(),
        title: p.title.clone(),
        rating: p.rating,
    }
}

pub fn game_view(g: &GameRow, players: &HashMap<PlayerId, PlayerRow>) -> GameView {
    let pref = |id: PlayerId| {
        players.get(&id).map(player_ref).unwrap_or(PlayerRef {
            id,
            start_no: 0,
            name: String::new(),
            title: String::new(),
            rating: None,
        })
    };
    GameView {
        id: g.id,
        round: g.round_number,
        board: g.board,
        white: pref(g.white_id),
        black: g.black_id.map(pref),
        kind: g.kind,
        result: result_text(g),
        white_points: g.white_score.map(|s| s as f64 / 2.0),
        black_points: g.black_score.map(|s| s as f64 / 2.0),
        termination: g.termination.clone(),
        reason: g.reason.clone(),
        version: g.version,
    }
}

pub fn player_map(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<HashMap<PlayerId, PlayerRow>> {
    Ok(players_in_order(conn, tid)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect())
}

/// A game about to be changed, with the tournament's players and the game's
/// view before the change. Optimistic concurrency: when `version` is no longer
/// the game's, 409 with `stale`'s message and the game as it is now.
pub fn game_to_change(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    version: i32,
    stale: impl FnOnce(&GameRow, &GameView) -> super::Msg,
) -> DomainResult<(GameRow, HashMap<PlayerId, PlayerRow>, GameView)> {
    let g = load_game(conn, tid, gid)?;
    let pm = player_map(conn, tid)?;
    let before = game_view(&g, &pm);
    if version != g.version {
        return Err(DomainError::Conflict {
            message: stale(&g, &before),
            current: serde_json::to_value(&before).ok(),
        });
    }
    Ok((g, pm, before))
}

fn load_round(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<RoundRow> {
    rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(number))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("round {} of tournament {}", number, tid)))
}

/// A round's view. Before publication only staff see the boards.
pub fn get(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: RoundNo,
    audience: Audience,
) -> DomainResult<RoundView> {
    let t = load_tournament(conn, tid)?;
    let r = load_round(conn, tid, number)?;
    let published = r.state != RoundState::Paired;
    let (games, chess960, left_out, match_game) = if audience.sees_round_state(r.state) {
        let pm = player_map(conn, tid)?;
        let rows = round_games(conn, tid, number)?;
        let visible = |c: &mut DbConnection, n: RoundNo| -> DomainResult<bool> {
            Ok(rounds::table
                .filter(rounds::tournament_id.eq(tid))
                .filter(rounds::number.eq(n))
                .select(rounds::state)
                .first::<RoundState>(c)
                .optional()?
                .is_some_and(|s| audience.sees_round_state(s)))
        };
        (
            rows.iter().map(|g| game_view(g, &pm)).collect(),
            super::chess960::positions_of(&r, &rows),
            left_out(conn, &t, number, &rows, &pm)?,
            super::matches::match_game(conn, &t, number, &rows, visible)?,
        )
    } else {
        (vec![], None, vec![], None)
    };
    Ok(RoundView {
        number: r.number,
        state: r.state,
        scheduled_start: r.scheduled_start,
        published,
        games,
        chess960,
        left_out,
        match_game,
    })
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RoundSummary {
    #[schema(value_type = i32)]
    pub number: RoundNo,
    pub state: RoundState,
    pub scheduled_start: Option<String>,
    pub games: i64,
    pub results_missing: i64,
}

/// The rounds `audience` sees (the public: published ones only).
pub fn list(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<Vec<RoundSummary>> {
    load_tournament(conn, tid)?;
    let rows: Vec<RoundRow> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .order(rounds::number)
        .select(RoundRow::as_select())
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows
        .into_iter()
        .filter(|r| audience.sees_round_state(r.state))
    {
        let gs = round_games(conn, tid, r.number)?;
        out.push(RoundSummary {
            number: r.number,
            state: r.state,
            scheduled_start: r.scheduled_start,
            games: gs.len() as i64,
            results_missing: gs
                .iter()
                .filter(|g| g.kind == GameKind::Pending || g.kind == GameKind::Adjourned)
                .count() as i64,
        });
    }
    Ok(out)
}

pub fn last_round(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<RoundNo> {
    let max: Option<RoundNo> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .select(diesel::dsl::max(rounds::number))
        .first(conn)?;
    Ok(max.unwrap_or_default())
}

/// Pairing numbers: players ordered by rating (the tournament's rating), then
/// title, then name. A Swiss renumbers when players joined since the last
/// pairing (late entries take their place by rating, C.04.2); a round robin
/// numbers once, at round 1 (the Berger table is then fixed).
fn assign_start_numbers(
    conn: &mut DbConnection,
    t: &TournamentRow,
    round: u32,
) -> DomainResult<()> {
    let rows = players_in_order(conn, t.id)?;
    let needs = rows.iter().any(|p| p.start_no == 0);
    if !needs || (!t.system.is_swiss() && round > 1) {
        return Ok(());
    }
    let national = t.rating_order == RatingOrder::National;
    let title_rank = |t: &str| match t {
        "GM" => 0,
        "IM" => 1,
        "WGM" => 2,
        "FM" => 3,
        "WIM" => 4,
        "CM" => 5,
        "WFM" => 6,
        "WCM" => 7,
        _ => 8,
    };
    let mut ordered = rows.clone();
    ordered.sort_by(|a, b| {
        let ra = if national {
            a.national_rating
        } else {
            a.rating
        }
        .unwrap_or(0);
        let rb = if national {
            b.national_rating
        } else {
            b.rating
        }
        .unwrap_or(0);
        rb.cmp(&ra)
            .then(title_rank(&a.title).cmp(&title_rank(&b.title)))
            .then(a.name.cmp(&b.name))
            .then(a.id.cmp(&b.id))
    });
    for (i, p) in ordered.iter().enumerate() {
        let no = i as i32 + 1;
        if p.start_no != no {
            diesel::update(players::table.find(p.id))
                .set(players::start_no.eq(no))
                .execute(conn)?;
        }
    }
    Ok(())
}

fn unfinished_boards(
    conn: &mut DbConnection,
    tid: TournamentId,
    round: RoundNo,
) -> DomainResult<Vec<i32>> {
    Ok(games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::round_number.eq(round))
        .filter(games::kind.eq_any([GameKind::Pending, GameKind::Adjourned]))
        .order(games::board)
        .select(games::board)
        .load(conn)?)
}

/// Writes a pairing as game rows: boards first, then the pairing-allocated bye (or
/// a round robin's free round), then the requested byes of the round.
fn insert_pairing(
    conn: &mut DbConnection,
    t: &TournamentRow,
    m: &model::Model,
    round: u32,
    p: &pairing::Pairing,
) -> DomainResult<()> {
    let points = point_system(t);
    let ts = now();
    let id = |no: u32| {
        m.player_id(no).ok_or_else(|| {
            DomainError::Pairing(msg!("the pairing names an unknown pairing number {}", no))
        })
    };
    let mut rows = Vec::new();
    let mut board = 1;
    let mut game = |white: PlayerId,
                    black: Option<PlayerId>,
                    kind: GameKind,
                    ws: Option<i32>,
                    bs: Option<i32>| {
        rows.push(NewGame {
            tournament_id: t.id,
            round_number: RoundNo(round as i32),
            board,
            white_id: white,
            black_id: black,
            kind,
            white_score: ws,
            black_score: bs,
            termination: String::new(),
            reason: String::new(),
            version: 1,
            updated_at: ts.clone(),
        });
        board += 1;
    };
    for &(w, b) in &p.boards {
        game(id(w)?, Some(id(b)?), GameKind::Pending, None, None);
    }
    if let Some(b) = p.bye {
        if t.system.is_swiss() {
            game(
                id(b)?,
                None,
                GameKind::PairingBye,
                Some(points.pairing_bye),
                None,
            );
        } else {
            game(id(b)?, None, GameKind::Free, Some(0), None);
        }
    }
    for pl in &m.tournament.players {
        if let Some(pairing::RoundEntry::Bye(kind)) = pl.rounds.get(round as usize - 1) {
            let (k, pts) = match kind {
                pairing::ByeKind::Half => (GameKind::HalfBye, points.half_bye),
                pairing::ByeKind::Full => (GameKind::FullBye, points.full_bye),
                pairing::ByeKind::Zero => (GameKind::ZeroBye, points.zero_bye),
                pairing::ByeKind::PairingAllocated => continue,
            };
            game(id(pl.id)?, None, k, Some(pts), None);
        }
    }
    // One statement per row: batch inserts are not portable across both backends.
    for row in &rows {
        diesel::insert_into(games::table)
            .values(row)
            .execute(conn)?;
    }
    Ok(())
}

/// Pairs the next round, in one transaction (the engine's work included).
pub fn pair_next(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<RoundView> {
    let (t, round, m) = next_round_model(conn, actor, tid)?;
    let pairing = engine::pair(&m.tournament, t.system, round)?;
    write_pairing(conn, actor, &t, round, &m, &pairing)
}

/// What the next round is paired from, read without keeping the database's
/// writer while the engine works (a large field takes seconds; SPEC §13 and
/// docs/security.md, "one large event cannot stall the others").
pub struct PairingInput {
    pub round: u32,
    pub system: crate::domain::kinds::PairingSystem,
    /// The tournament's version when it was read (`tournament_versions`).
    version: i64,
    model: model::Model,
}

impl PairingInput {
    /// The engine's work, outside any transaction.
    pub fn pair(&self) -> DomainResult<pairing::Pairing> {
        engine::pair(&self.model.tournament, self.system, self.round)
    }
}

/// Every check of [`pair_next`] and the model the engine pairs, in a
/// transaction that is rolled back (the start numbers of round 1 are given
/// only when the round is written, by [`pair_prepared`]).
pub fn pairing_input(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<PairingInput> {
    let version = tournament_version(conn, tid)?;
    let mut out = None;
    let undone = conn.transaction::<(), diesel::result::Error, _>(|c| {
        out = Some(next_round_model(c, actor, tid));
        Err(diesel::result::Error::RollbackTransaction)
    });
    match (undone, out) {
        (Err(diesel::result::Error::RollbackTransaction), Some(read)) => {
            let (t, round, model) = read?;
            Ok(PairingInput {
                round,
                system: t.system,
                version,
                model,
            })
        }
        (Err(e), _) => Err(e.into()),
        (Ok(()), _) => unreachable!("the read is always rolled back"),
    }
}

/// Writes the pairing computed from `input` (the checks again, the start
/// numbers, the games, one audit row), if the tournament has not changed
/// since it was read; else a conflict, and nothing is written.
pub fn pair_prepared(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    input: &PairingInput,
    pairing: &pairing::Pairing,
) -> DomainResult<RoundView> {
    let (t, round, m) = next_round_model(conn, actor, tid)?;
    if round != input.round || tournament_version(conn, tid)? != input.version {
        return Err(DomainError::conflict(msg!(
            "the tournament changed while round {} was being paired; pair it again",
            input.round
        )));
    }
    write_pairing(conn, actor, &t, round, &m, pairing)
}

/// The tournament's version (bumped by every audited write to it).
fn tournament_version(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<i64> {
    use crate::db::schema::tournament_versions;
    Ok(tournament_versions::table
        .filter(tournament_versions::tournament_id.eq(tid))
        .select(tournament_versions::version)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}

/// The checks before a round is paired, the start numbers (round 1), and the
/// model of the tournament the engine pairs.
fn next_round_model(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<(TournamentRow, u32, model::Model)> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    super::require_individual_event(
        conn,
        tid,
        msg!("its rounds are team rounds, paired on the team screen"),
    )?;
    let t = load_tournament(conn, tid)?;
    let last = last_round(conn, tid)?;
    let round = last.get() as u32 + 1;
    let total = total_rounds(conn, &t)?;
    if round > total {
        return Err(DomainError::conflict(msg!(
            "all {} rounds are already paired",
            total
        )));
    }
    if last > RoundNo(0) {
        // A Double-Swiss match is over when both of its games are.
        let mut to_finish = vec![last];
        if t.system.is_double_swiss() && last.get() % 2 == 0 {
            to_finish.insert(0, RoundNo(last.get() - 1));
        }
        for n in to_finish {
            let open = unfinished_boards(conn, tid, n)?;
            if !open.is_empty() {
                let boards: Vec<String> = open.iter().map(|b| b.to_string()).collect();
                return Err(DomainError::conflict(msg!(
                    "round {} is not finished: boards {} have no result yet",
                    n,
                    boards.join(", ")
                )));
            }
        }
        let r = load_round(conn, tid, last)?;
        if r.state == RoundState::Paired {
            return Err(DomainError::conflict(msg!(
                "round {} is not published yet",
                last
            )));
        }
    }
    let active: i64 = players::table
        .filter(players::tournament_id.eq(tid))
        .filter(players::status.eq(PlayerStatus::Active))
        .count()
        .get_result(conn)?;
    if active < 2 {
        return Err(DomainError::conflict(msg!(
            "a round needs at least two active players"
        )));
    }
    assign_start_numbers(conn, &t, round)?;
    let m = model::build(conn, &t, last.get() as u32, Some(round))?;
    Ok((t, round, m))
}

/// The round, its games and one audit row. In a Double-Swiss the pairing of
/// a match's first game (an odd round) writes its second game too (the next
/// round: the same boards, colours reversed; C.04.5), with its own audit row;
/// a second game paired alone (after an import of half a match) is written
/// from the first.
fn write_pairing(
    conn: &mut DbConnection,
    actor: &Actor,
    t: &TournamentRow,
    round: u32,
    m: &model::Model,
    pairing: &pairing::Pairing,
) -> DomainResult<RoundView> {
    let ds = t.system.is_double_swiss();
    if ds && round.is_multiple_of(2) {
        return write_second_game(conn, actor, t, round);
    }
    insert_round(conn, t, round)?;
    insert_pairing(conn, t, m, round, pairing)?;
    let v = finish_round_write(conn, actor, t, round)?;
    if ds && round < total_rounds(conn, t)? {
        write_second_game(conn, actor, t, round + 1)?;
    }
    Ok(v)
}

/// The round's row, with its start from the schedule.
fn insert_round(conn: &mut DbConnection, t: &TournamentRow, round: u32) -> DomainResult<()> {
    let schedule: Vec<super::tournaments::RoundSchedule> =
        serde_json::from_str(&t.schedule).unwrap_or_default();
    let start = schedule
        .iter()
        .find(|s| s.round == round)
        .map(|s| s.start.clone());
    diesel::insert_into(rounds::table)
        .values((
            rounds::tournament_id.eq(t.id),
            rounds::number.eq(round as i32),
            rounds::scheduled_start.eq(start),
            rounds::state.eq(RoundState::Paired),
            rounds::paired_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// After the games of a new round: the Chess960 position, the tournament's
/// status and the audit row.
fn finish_round_write(
    conn: &mut DbConnection,
    actor: &Actor,
    t: &TournamentRow,
    round: u32,
) -> DomainResult<RoundView> {
    let tid = t.id;
    if t.variant == Variant::Chess960 {
        // Guidelines II (Appendix F in 2009): the position is drawn before the round; the arbiter
        // may draw again or enter one until the round is published.
        let r = load_round(conn, tid, RoundNo(round as i32))?;
        super::chess960::draw_for_new_round(conn, r.id)?;
    }
    refresh_status(conn, tid)?;
    let v = get(conn, tid, RoundNo(round as i32), Audience::Staff)?;
    Entry::new(Some(tid), "round.pair", "round", Some(round as i64)).made(conn, actor, &v)?;
    Ok(v)
}

/// The second game of a Double-Swiss match (round `round`, even) from the
/// first (`round` − 1): every board again with the colours reversed; the
/// pairing-allocated bye's second half a half-point bye (the bye is worth a
/// game won and a game drawn, C.04.5 art. 1.4: `U` then `H` in the TRF);
/// a requested bye or an absence the same bye again (byes are for matches).
fn write_second_game(
    conn: &mut DbConnection,
    actor: &Actor,
    t: &TournamentRow,
    round: u32,
) -> DomainResult<RoundView> {
    insert_round(conn, t, round)?;
    insert_second_games(conn, t, round)?;
    finish_round_write(conn, actor, t, round)
}

/// The games of [`write_second_game`].
fn insert_second_games(conn: &mut DbConnection, t: &TournamentRow, round: u32) -> DomainResult<()> {
    let first = round_games(conn, t.id, RoundNo(round as i32 - 1))?;
    let points = point_system(t);
    let ts = now();
    for g in &first {
        let (white, black, kind, ws) = match (g.kind, g.black_id) {
            (GameKind::PairingBye, _) => {
                (g.white_id, None, GameKind::HalfBye, Some(points.half_bye))
            }
            (kind, None) => (g.white_id, None, kind, g.white_score),
            (_, Some(b)) => (b, Some(g.white_id), GameKind::Pending, None),
        };
        diesel::insert_into(games::table)
            .values(NewGame {
                tournament_id: t.id,
                round_number: RoundNo(round as i32),
                board: g.board,
                white_id: white,
                black_id: black,
                kind,
                white_score: ws,
                black_score: None,
                termination: String::new(),
                reason: String::new(),
                version: 1,
                updated_at: ts.clone(),
            })
            .execute(conn)?;
    }
    Ok(())
}

/// Unpairs the last round, as long as no game of it has a result. In a
/// Double-Swiss the last match goes whole (both of its rounds), asked for by
/// either round.
pub fn unpair(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<()> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let last = last_round(conn, tid)?;
    let ds = load_tournament(conn, tid)?.system.is_double_swiss();
    let with_first = ds && last.get() % 2 == 0;
    let asked_ok = number == last || (with_first && number.get() == last.get() - 1);
    if !asked_ok || last == RoundNo(0) {
        return Err(DomainError::conflict(msg!(
            "only the last paired round ({}) can be unpaired",
            last
        )));
    }
    let mut gone = vec![last];
    if with_first {
        gone.push(RoundNo(last.get() - 1));
    }
    for &n in &gone {
        let before = get(conn, tid, n, Audience::Staff)?;
        if before
            .games
            .iter()
            .any(|g| !(g.kind == GameKind::Pending || g.kind == GameKind::Free || g.kind.is_bye()))
        {
            return Err(DomainError::conflict(msg!(
                "round {} has results; clear them before unpairing",
                n
            )));
        }
        diesel::delete(
            games::table
                .filter(games::tournament_id.eq(tid))
                .filter(games::round_number.eq(n)),
        )
        .execute(conn)?;
        diesel::delete(
            rounds::table
                .filter(rounds::tournament_id.eq(tid))
                .filter(rounds::number.eq(n)),
        )
        .execute(conn)?;
        Entry::at(tid, "round.unpair", "round", n).removed(conn, actor, &before)?;
    }
    refresh_status(conn, tid)?;
    Ok(())
}

/// Publishes a paired round: the public sees it, results can be entered.
/// In a Double-Swiss both games of the match are published together (the
/// players see the whole match's pairing: C.04.5).
pub fn publish(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<RoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let r = load_round(conn, tid, number)?;
    if r.state != RoundState::Paired {
        return Err(DomainError::conflict(msg!(
            "round {} is already published",
            number
        )));
    }
    let t = load_tournament(conn, tid)?;
    let v = publish_one(conn, actor, &t, r)?;
    if let Some(other) = match_partner(&t, number) {
        let sibling = rounds::table
            .filter(rounds::tournament_id.eq(tid))
            .filter(rounds::number.eq(other))
            .filter(rounds::state.eq(RoundState::Paired))
            .select(RoundRow::as_select())
            .first(conn)
            .optional()?;
        if let Some(sibling) = sibling {
            publish_one(conn, actor, &t, sibling)?;
        }
    }
    Ok(v)
}

fn publish_one(
    conn: &mut DbConnection,
    actor: &Actor,
    t: &TournamentRow,
    r: RoundRow,
) -> DomainResult<RoundView> {
    let (tid, number) = (t.id, r.number);
    if t.variant == Variant::Chess960 {
        let missing = super::chess960::missing_boards(&r, &round_games(conn, tid, number)?);
        if !missing.is_empty() {
            let boards: Vec<String> = missing.iter().map(|b| b.to_string()).collect();
            return Err(DomainError::conflict(msg!(
                "boards {} have no Chess960 start position: draw or enter one first",
                boards.join(", ")
            )));
        }
    }
    let open = unfinished_boards(conn, tid, number)?;
    let state = if open.is_empty() {
        RoundState::Finished
    } else {
        RoundState::Published
    };
    diesel::update(rounds::table.find(r.id))
        .set((
            rounds::state.eq(state),
            rounds::published_at.eq(Some(now())),
        ))
        .execute(conn)?;
    let v = get(conn, tid, number, Audience::Staff)?;
    Entry::at(tid, "round.publish", "round", number).made(
        conn,
        actor,
        &serde_json::json!({"round": number, "state": state}),
    )?;
    Ok(v)
}

/// Moves a round between `published` and `finished` as its results come and go.
pub fn refresh_round_state(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<()> {
    let r = load_round(conn, tid, number)?;
    if r.state == RoundState::Paired {
        return Ok(());
    }
    let open = unfinished_boards(conn, tid, number)?;
    let state = if open.is_empty() {
        RoundState::Finished
    } else {
        RoundState::Published
    };
    if state != r.state {
        diesel::update(rounds::table.find(r.id))
            .set(rounds::state.eq(state))
            .execute(conn)?;
    }
    refresh_status(conn, tid)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct BoardEdit {
    /// Player ids.
    #[schema(value_type = i32)]
    pub white: PlayerId,
    #[schema(value_type = i32)]
    pub black: PlayerId,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EditPairing {
    /// The whole pairing in board order, by player id.
    pub boards: Vec<BoardEdit>,
    /// The player who gets the pairing-allocated bye, if any.
    #[schema(value_type = Option<i32>)]
    pub bye: Option<PlayerId>,
    /// FIDE mode: a manual change needs both confirmations (`domain::fide_mode`).
    #[serde(default)]
    pub warning_read: bool,
    #[serde(default)]
    pub leave_fide_mode: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EditedPairing {
    pub round: RoundView,
    /// The pairing criteria (FIDE C.04) the edited pairing breaks, if any.
    pub broken_criteria: Vec<engine::ViolationView>,
}

/// The review screen's edits of a paired round: swap the colours of a board,
/// or the black players of two boards.
#[derive(Clone, Debug, Default)]
pub struct Swap {
    pub colours: Option<i32>,
    pub boards: Option<(i32, i32)>,
    pub warning_read: bool,
    pub leave_fide_mode: bool,
}

/// The review screen's swap form as posted: the board whose colours to
/// swap, or the two boards whose black players to swap, and FIDE mode's two
/// boxes.
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct SwapForm {
    pub csrf: String,
    /// Swap the colours of this board.
    pub colours: String,
    /// Swap the black players of boards `a` and `b`.
    pub a: String,
    pub b: String,
    pub warning_read: String,
    pub leave_fide_mode: String,
}

impl SwapForm {
    /// The swap asked for; both board numbers or neither.
    pub fn command(&self) -> DomainResult<Swap> {
        let parse = |field: &str, s: &str| -> DomainResult<Option<i32>> {
            super::formats::typed_optional(field, s, "a board number")
        };
        let boards = match (parse("a", &self.a)?, parse("b", &self.b)?) {
            (Some(a), Some(b)) => Some((a, b)),
            (None, None) => None,
            _ => return Err(DomainError::invalid("b", msg!("give both board numbers"))),
        };
        Ok(Swap {
            colours: parse("colours", &self.colours)?,
            boards,
            warning_read: super::formats::ticked(&self.warning_read),
            leave_fide_mode: super::formats::ticked(&self.leave_fide_mode),
        })
    }

    /// The fields to post again once FIDE mode's boxes are ticked.
    pub fn asked(&self) -> Vec<(&str, &str)> {
        vec![("colours", &self.colours), ("a", &self.a), ("b", &self.b)]
    }
}

/// Applies a `Swap` to the round's pairing and hands the whole pairing to
/// `edit_pairing` (which keeps it and names the criteria it breaks).
pub fn swap(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: RoundNo,
    cmd: Swap,
) -> DomainResult<EditedPairing> {
    let round = get(conn, tid, number, Audience::Staff)?;
    let mut boards: Vec<(i32, BoardEdit)> = round
        .games
        .iter()
        .filter(|g| g.kind == GameKind::Pending)
        .filter_map(|g| {
            g.black.as_ref().map(|b| {
                (
                    g.board,
                    BoardEdit {
                        white: g.white.id,
                        black: b.id,
                    },
                )
            })
        })
        .collect();
    let bye = round
        .games
        .iter()
        .find(|g| g.kind == GameKind::PairingBye || g.kind == GameKind::Free)
        .map(|g| g.white.id);
    let index = |boards: &[(i32, BoardEdit)], board: i32| {
        boards.iter().position(|(b, _)| *b == board).ok_or_else(|| {
            DomainError::invalid("a", msg!("there is no board {} with a game", board))
        })
    };
    if let Some(c) = cmd.colours {
        let i = index(&boards, c)?;
        let e = &mut boards[i].1;
        std::mem::swap(&mut e.white, &mut e.black);
    }
    if let Some((a, b)) = cmd.boards {
        let (i, j) = (index(&boards, a)?, index(&boards, b)?);
        let tmp = boards[i].1.black;
        boards[i].1.black = boards[j].1.black;
        boards[j].1.black = tmp;
    }
    let edit = EditPairing {
        boards: boards.into_iter().map(|(_, e)| e).collect(),
        bye,
        warning_read: cmd.warning_read,
        leave_fide_mode: cmd.leave_fide_mode,
    };
    edit_pairing(conn, actor, tid, number, edit)
}

/// Replaces the games of round `n` by those `write` inserts; new game rows
/// of a Chess960 round drawn per board get their boards drawn again.
fn replace_games(
    conn: &mut DbConnection,
    t: &TournamentRow,
    n: RoundNo,
    write: impl FnOnce(&mut DbConnection) -> DomainResult<()>,
) -> DomainResult<()> {
    diesel::delete(
        games::table
            .filter(games::tournament_id.eq(t.id))
            .filter(games::round_number.eq(n)),
    )
    .execute(conn)?;
    write(conn)?;
    let per_board =
        t.variant == Variant::Chess960 && load_round(conn, t.id, n)?.chess960_position.is_none();
    super::chess960::redraw_boards_if_per_board(conn, t.id, n, per_board)
}

/// Replaces the pairing of an unpublished round by a hand-made one (swapped
/// opponents, colours or boards). The edit is kept; the answer lists the criteria
/// it breaks so the arbiter decides knowingly.
pub fn edit_pairing(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: RoundNo,
    cmd: EditPairing,
) -> DomainResult<EditedPairing> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let r = load_round(conn, tid, number)?;
    let last = last_round(conn, tid)?;
    let ds = t.system.is_double_swiss();
    if ds && number.get() % 2 == 0 {
        return Err(DomainError::conflict(msg!(
            "in a Double-Swiss the second game follows the first: edit round {}",
            number.get() - 1
        )));
    }
    // A Double-Swiss match is edited through its first game, the second
    // written again from it.
    let second = (ds && last.get() == number.get() + 1).then(|| RoundNo(number.get() + 1));
    if (number != last && second.is_none()) || r.state != RoundState::Paired {
        return Err(DomainError::conflict(msg!(
            "only the last round, before it is published, can be edited"
        )));
    }
    let before = get(conn, tid, number, Audience::Staff)?;
    let current: Vec<GameRow> = round_games(conn, tid, number)?;
    let in_pairing: HashSet<PlayerId> = current
        .iter()
        .filter(|g| {
            matches!(
                g.kind,
                GameKind::Pending | GameKind::PairingBye | GameKind::Free
            )
        })
        .flat_map(|g| std::iter::once(g.white_id).chain(g.black_id))
        .collect();
    let mut seen = HashSet::new();
    for id in cmd
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(cmd.bye)
    {
        if !in_pairing.contains(&id) {
            return Err(DomainError::invalid(
                "boards",
                msg!(
                    "player {} is not in this round's pairing (absent, withdrawn or unknown)",
                    id
                ),
            ));
        }
        if !seen.insert(id) {
            return Err(DomainError::invalid(
                "boards",
                msg!("player {} appears twice", id),
            ));
        }
    }
    if seen.len() != in_pairing.len() {
        let missing: Vec<String> = in_pairing
            .difference(&seen)
            .map(|i| i.to_string())
            .collect();
        return Err(DomainError::invalid(
            "boards",
            msg!(
                "every paired player must be placed; missing: {}",
                missing.join(", ")
            ),
        ));
    }
    let mut was: Vec<(PlayerId, Option<PlayerId>)> = current
        .iter()
        .filter(|g| g.black_id.is_some())
        .map(|g| (g.white_id, g.black_id))
        .collect();
    was.sort_by_key(|&(w, _)| {
        current
            .iter()
            .position(|g| g.white_id == w)
            .unwrap_or(usize::MAX)
    });
    let was_bye = current
        .iter()
        .find(|g| g.black_id.is_none() && g.kind == GameKind::PairingBye)
        .map(|g| g.white_id);
    let wanted: Vec<(PlayerId, Option<PlayerId>)> = cmd
        .boards
        .iter()
        .map(|b| (b.white, Some(b.black)))
        .collect();
    if wanted != was || cmd.bye != was_bye {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            msg!("a manual change to the pairing of round {}", number),
            msg!("C.04.3: the pairing is the Dutch system's; C.04.2 allows changes only to correct an error"),
            super::fide_mode::Confirmation::new(cmd.warning_read, cmd.leave_fide_mode),
        )?;
    }
    let m = model::build(conn, &t, number.get() as u32 - 1, Some(number.get() as u32))?;
    let no = |id: PlayerId| m.start_no.get(&id).copied().unwrap_or(0);
    let pairing = pairing::Pairing {
        boards: cmd
            .boards
            .iter()
            .map(|b| (no(b.white), no(b.black)))
            .collect(),
        bye: cmd.bye.map(no),
    };
    let broken = engine::check(&m.tournament, t.system, number.get() as u32, &pairing);
    replace_games(conn, &t, number, |conn| {
        insert_pairing(conn, &t, &m, number.get() as u32, &pairing)
    })?;
    if let Some(second) = second {
        replace_games(conn, &t, second, |conn| {
            insert_second_games(conn, &t, second.get() as u32)
        })?;
    }
    let after = get(conn, tid, number, Audience::Staff)?;
    let answer = EditedPairing {
        round: after,
        broken_criteria: broken,
    };
    Entry::at(tid, "round.edit_pairing", "round", number).change(conn, actor, &before, &answer)?;
    Ok(answer)
}
