//! Read-only views for the HTML pages: a player's card round by round and the
//! crosstables. No writes here; the arithmetic comes from `pairing`.

use super::registration::{load_player, PlayerView};
use super::rounds::{fmt_points, player_ref, PlayerRef};
use super::standings::{self, StandingsView};
use super::tournaments::load as load_tournament;
use super::{Audience, DomainResult};
use crate::db::models::{GameRow, PlayerRow};
use crate::db::schema::{games, players, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{GameKind, PlayedColour, RoundState};
use diesel::prelude::*;
use std::collections::HashMap;

/// (number, state) of every paired round, in order — without their games.
pub fn round_states(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<Vec<(RoundNo, RoundState)>> {
    Ok(rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .order(rounds::number)
        .select((rounds::number, rounds::state))
        .load(conn)?)
}

/// One player's result in a game row, as written in a crosstable: `1 ½ 0` for
/// played games, `+`/`−` for forfeits, the points for byes, `*` while pending.
pub fn own_result(g: &GameRow, player: PlayerId) -> String {
    let white = g.white_id == player;
    let (own, other) = if white {
        (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0))
    } else {
        (g.black_score.unwrap_or(0), g.white_score.unwrap_or(0))
    };
    match g.kind {
        GameKind::Pending | GameKind::Adjourned => super::rounds::NO_RESULT_YET.into(),
        GameKind::Played => fmt_points(own),
        GameKind::Forfeit if own > other => "+".into(),
        GameKind::Forfeit | GameKind::DoubleForfeit => "−".into(),
        GameKind::Free => "–".into(),
        GameKind::PairingBye | GameKind::FullBye | GameKind::HalfBye | GameKind::ZeroBye => {
            fmt_points(own)
        }
    }
}

pub struct CardRow {
    pub round: RoundNo,
    pub board: i32,
    pub opponent: Option<PlayerRef>,
    /// `white`, `black` or empty for a bye.
    pub colour: PlayedColour,
    pub kind: GameKind,
    pub result: String,
    /// Points after this round, as written.
    pub running: String,
    /// B.02 rating change of this game (rated games only), e.g. `+4.20`.
    pub rating_change: Option<String>,
}

pub struct CardView {
    pub player: PlayerView,
    pub rows: Vec<CardRow>,
    pub points: String,
    pub rank: Option<u32>,
    /// B.02 change of the event (sum of the games, rounded).
    pub rating_change: Option<i32>,
    pub new_rating: Option<i32>,
    /// The K used (art. 8.3.3).
    pub k: Option<u32>,
    pub performance: Option<i32>,
}

impl CardView {
    /// The game of the round being played (the last round shown, its game
    /// not yet finished or adjourned): where the player sits, with which
    /// colour, against whom.
    pub fn current(&self) -> Option<&CardRow> {
        self.rows
            .last()
            .filter(|r| matches!(r.kind, GameKind::Pending | GameKind::Adjourned))
    }
}

/// The games of player `pid` in the rounds `audience` sees, by round.
pub fn player_games(
    conn: &mut DbConnection,
    tid: TournamentId,
    pid: PlayerId,
    audience: Audience,
) -> DomainResult<Vec<GameRow>> {
    load_player(conn, tid, pid)?;
    let rows: Vec<GameRow> = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::white_id.eq(pid).or(games::black_id.eq(pid)))
        .order(games::round_number)
        .select(GameRow::as_select())
        .load(conn)?;
    audience.filter_games(conn, tid, rows)
}

pub fn player_card(
    conn: &mut DbConnection,
    tid: TournamentId,
    pid: PlayerId,
    audience: Audience,
) -> DomainResult<CardView> {
    load_tournament(conn, tid)?;
    let p = load_player(conn, tid, pid)?;
    let rows = player_games(conn, tid, pid, audience)?;
    let others: HashMap<PlayerId, PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .load(conn)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let changes = super::norms::rating_changes(conn, tid, audience)?;
    let own_change = changes.get(&pid);
    let mut running = 0;
    let mut out = Vec::new();
    for g in &rows {
        let white = g.white_id == pid;
        let opp_id = if white { g.black_id } else { Some(g.white_id) };
        let opponent = opp_id.and_then(|id| others.get(&id)).map(player_ref);
        let own = if white { g.white_score } else { g.black_score };
        running += own.unwrap_or(0);
        // B.02 (`domain::norms::rating_changes`): the game's change, if rated.
        let rating_change = own_change
            .and_then(|c| {
                c.games
                    .iter()
                    .find(|x| x.round == g.round_number.get() as u32)
            })
            .map(|x| format!("{:+.2}", x.change_hundredths as f64 / 100.0));
        out.push(CardRow {
            round: g.round_number,
            board: g.board,
            colour: match (g.black_id.is_some(), white) {
                (false, _) => PlayedColour::NoGame,
                (true, true) => PlayedColour::White,
                (true, false) => PlayedColour::Black,
            },
            kind: g.kind,
            result: own_result(g, pid),
            running: fmt_points(running),
            opponent,
            rating_change,
        });
    }
    let st = standings::compute(conn, tid, audience)?;
    let row = st.rows.iter().find(|r| r.player_id == pid);
    Ok(CardView {
        player: PlayerView::from(&p),
        rows: out,
        points: fmt_points(running),
        rank: row.map(|r| r.rank),
        rating_change: own_change.and_then(|c| c.change),
        new_rating: own_change.and_then(|c| c.new_rating),
        k: own_change.and_then(|c| c.k),
        performance: row.and_then(|r| r.performance),
    })
}

pub struct CrossRow {
    pub rank: u32,
    pub player_id: PlayerId,
    pub start_no: u32,
    pub name: String,
    pub title: String,
    pub rating: Option<u32>,
    pub points: String,
    pub cells: Vec<CrossCell>,
}

/// One cell of a crosstable. Swiss: the opponent by starting number (a rank
/// can be shared between players, a number cannot), the colour and the
/// result, written `12w1` in the page's letters (`Tr::cross_cell`). Round
/// robin: the results against the column's player (`1 ½` in a double round).
pub struct CrossCell {
    pub opponent: Option<u32>,
    pub colour: PlayedColour,
    pub result: String,
}

impl CrossCell {
    fn result(result: String) -> CrossCell {
        CrossCell {
            opponent: None,
            colour: PlayedColour::NoGame,
            result,
        }
    }
}

pub struct CrosstableView {
    /// Round robin: columns are opponents by pairing number. Swiss: columns are
    /// rounds and each cell names the opponent's starting number, colour and result.
    pub round_robin: bool,
    pub headers: Vec<String>,
    pub rows: Vec<CrossRow>,
    pub after_round: RoundNo,
}

pub fn crosstable(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<CrosstableView> {
    let t = load_tournament(conn, tid)?;
    let st: StandingsView = standings::compute(conn, tid, audience)?;
    let rounds_shown = audience.last_round(conn, tid)?;
    let all: Vec<GameRow> = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::round_number.le(rounds_shown))
        .order((games::round_number, games::board))
        .select(GameRow::as_select())
        .load(conn)?;
    let round_robin = !t.system.is_swiss();
    let by_id: HashMap<PlayerId, &standings::StandingView> =
        st.rows.iter().map(|r| (r.player_id, r)).collect();
    let mut rows: Vec<CrossRow> = st
        .rows
        .iter()
        .map(|r| CrossRow {
            rank: r.rank,
            player_id: r.player_id,
            start_no: r.start_no,
            name: r.name.clone(),
            title: r.title.clone(),
            rating: r.rating,
            points: r.points_text.clone(),
            cells: Vec::new(),
        })
        .collect();
    let headers;
    if round_robin {
        rows.sort_by_key(|r| r.start_no);
        let n = rows.len();
        headers = (1..=n).map(|i| i.to_string()).collect();
        let index: HashMap<PlayerId, usize> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player_id, i))
            .collect();
        let mut cells: Vec<Vec<String>> = vec![vec![String::new(); n]; n];
        for (i, c) in cells.iter_mut().enumerate() {
            c[i] = "×".into();
        }
        for g in &all {
            let (Some(b), Some(&wi)) = (g.black_id, index.get(&g.white_id)) else {
                continue;
            };
            let Some(&bi) = index.get(&b) else { continue };
            for (me, them, id) in [(wi, bi, g.white_id), (bi, wi, b)] {
                let cell = &mut cells[me][them];
                if !cell.is_empty() {
                    cell.push(' ');
                }
                cell.push_str(&own_result(g, id));
            }
        }
        for (row, c) in rows.iter_mut().zip(cells) {
            row.cells = c.into_iter().map(CrossCell::result).collect();
        }
    } else {
        headers = (1..=rounds_shown.get()).map(|r| r.to_string()).collect();
        let mut cells: HashMap<PlayerId, Vec<CrossCell>> = rows
            .iter()
            .map(|r| {
                let empty = (0..rounds_shown.get()).map(|_| CrossCell::result(String::new()));
                (r.player_id, empty.collect())
            })
            .collect();
        for g in &all {
            let r = g.round_number.get() as usize - 1;
            let mut put = |me: PlayerId, opp: Option<PlayerId>, colour: PlayedColour| {
                let cell = match opp.and_then(|o| by_id.get(&o)) {
                    Some(o) => CrossCell {
                        opponent: Some(o.start_no),
                        colour,
                        result: own_result(g, me),
                    },
                    None => CrossCell::result(own_result(g, me)),
                };
                if let Some(c) = cells.get_mut(&me).and_then(|v| v.get_mut(r)) {
                    *c = cell;
                }
            };
            put(g.white_id, g.black_id, PlayedColour::White);
            if let Some(b) = g.black_id {
                put(b, Some(g.white_id), PlayedColour::Black);
            }
        }
        for row in rows.iter_mut() {
            row.cells = cells.remove(&row.player_id).unwrap_or_default();
        }
    }
    Ok(CrosstableView {
        round_robin,
        headers,
        rows,
        after_round: st.after_round,
    })
}

/// One line of a tournament's audit log as the staff read it: when, who (the
/// user's name, or "system"), and the row in sentences (`audit_text`).
#[derive(Clone, Debug)]
pub struct AuditLine {
    /// As stored (RFC 3339, UTC).
    pub at: String,
    pub user: String,
    pub text: super::audit_text::AuditText,
}

/// At most `len` lines of the audit log of `tid` from `offset`, newest
/// first, and whether more follow.
pub fn audit_lines(
    conn: &mut DbConnection,
    tid: TournamentId,
    len: i64,
    offset: i64,
) -> DomainResult<(Vec<AuditLine>, bool)> {
    let rows = super::audit::for_tournament(conn, tid, len + 1, offset)?;
    let more = rows.len() as i64 > len;
    let names = super::users::user_names(conn)?;
    let state = |s: &Option<String>| {
        s.as_deref()
            .and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok())
    };
    let lines = rows
        .iter()
        .take(len as usize)
        .map(|r| {
            let (before, after) = (state(&r.before_state), state(&r.after_state));
            AuditLine {
                at: r.at.clone(),
                user: r
                    .user_id
                    .and_then(|u| names.get(&u).cloned())
                    .unwrap_or_else(|| "system".into()),
                text: super::audit_text::describe(
                    &r.action,
                    &r.entity,
                    r.entity_id,
                    before.as_ref(),
                    after.as_ref(),
                ),
            }
        })
        .collect();
    Ok((lines, more))
}

/// What a game's page shows of its record's check (`records::get`): how the
/// moves end, the first illegal move ("text (kind): why"), and the rules
/// core's notes. Nothing when the record cannot be read by `audience`.
pub fn record_report(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: crate::domain::ids::GameId,
    audience: Audience,
) -> (Option<String>, Option<String>, Vec<String>) {
    match super::records::get(conn, tid, gid, audience) {
        Ok(r) => {
            let error = r.report.error.as_ref().map(|e| {
                let part = |k: &str| e[k].as_str().unwrap_or("").to_string();
                format!("{} ({}): {}", part("text"), part("kind"), part("why"))
            });
            (r.report.ending.clone(), error, r.report.notes.clone())
        }
        Err(_) => (None, None, vec![]),
    }
}

/// The Chess960 start position of game `gid` (none in a standard tournament).
pub fn chess960_start(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: crate::domain::ids::GameId,
) -> DomainResult<Option<super::chess960::StartPosition>> {
    if load_tournament(conn, tid)?.variant != crate::domain::kinds::Variant::Chess960 {
        return Ok(None);
    }
    let row = super::results::load_game(conn, tid, gid)?;
    Ok(super::chess960::game_position(conn, &row)?.and_then(super::chess960::StartPosition::of))
}
