//! Late arrival and absence (SPEC §4; the default time: 2023 art. 6.7, 2009 art. 6.6, 2005 art. 6.6–6.7).
//! The arbiter records each player's arrival or absence; the default time of the
//! regulations decides whether a player lost by forfeit. The consequence is shown
//! before it is confirmed, and an override needs a written reason.

use super::audit::Entry;
use super::results::{load_game, parse_result};
use super::rounds::{game_to_change, game_view, refresh_round_state, GameView};
use super::tournaments::{load as load_tournament, point_system};
use super::{now, require_role, Actor, DomainError, DomainResult, Role};
use crate::db::models::GameRow;
use crate::db::schema::{arrivals, games, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use crate::domain::kinds::{ArrivalOutcome, GameKind, LawsEdition};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One player's attendance.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Attendance {
    /// Time of arrival at the board: `HH:MM`, `HH:MM:SS` (on the round's date) or
    /// `YYYY-MM-DDTHH:MM[:SS]`. Empty = not (yet) arrived.
    #[serde(default)]
    pub arrived_at: Option<String>,
    /// The player did not come.
    #[serde(default)]
    pub absent: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordArrivals {
    pub white: Attendance,
    pub black: Attendance,
    /// The game's version as read (409 when stale).
    pub version: i32,
    /// The arbiter overrides the computed consequence with this result (`*` lets
    /// the game be played). Needs `reason`.
    #[serde(default)]
    pub override_result: Option<String>,
    #[serde(default)]
    pub reason: String,
}

/// What the default-time rule gives.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct ArrivalConsequence {
    pub round_start: String,
    /// Round start + default time: arriving after this loses.
    pub deadline: String,
    pub default_time_minutes: i32,
    pub white_late: bool,
    pub black_late: bool,
    /// `play`, `white_forfeits` (`-/+`), `black_forfeits` (`+/-`) or `double_forfeit` (`-/-`).
    pub outcome: ArrivalOutcome,
    /// The result this gives, as written on the wall chart (`*` = play).
    pub result: String,
    /// Minutes of clock time each player loses before arriving, when they play.
    pub white_clock_minutes: i64,
    pub black_clock_minutes: i64,
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ArrivalsAnswer {
    pub consequence: ArrivalConsequence,
    /// Whether the consequence (or the override) was applied.
    pub applied: bool,
    pub game: GameView,
}

/// Applies the default-time rule. Pure: no database.
pub fn consequence(
    start: NaiveDateTime,
    default_minutes: i32,
    white: Option<NaiveDateTime>,
    black: Option<NaiveDateTime>,
    edition: LawsEdition,
) -> ArrivalConsequence {
    use rules::laws::Rule;
    let deadline = start + chrono::Duration::minutes(default_minutes as i64);
    // The articles of the tournament's edition (2023 art. 6.7.1, 2009 6.6(a),
    // 2005 6.7): a player who arrives after the default time loses.
    let cite = |rule| format!("art. {}, Laws {}", edition.article(rule), edition);
    let late = |a: Option<NaiveDateTime>| a.is_none_or(|t| t > deadline);
    let (wl, bl) = (late(white), late(black));
    let mut notes = vec![];
    let art = cite(Rule::DefaultTime);
    let (outcome, result) = match (wl, bl) {
        (true, true) => {
            notes.push(format!(
                "both players arrived after the default time ({art}): double forfeit"
            ));
            (ArrivalOutcome::DoubleForfeit, "-/-")
        }
        (true, false) => {
            notes.push(format!(
                "White arrived after the default time ({art}): White loses by forfeit"
            ));
            (ArrivalOutcome::WhiteForfeits, "-/+")
        }
        (false, true) => {
            notes.push(format!(
                "Black arrived after the default time ({art}): Black loses by forfeit"
            ));
            (ArrivalOutcome::BlackForfeits, "+/-")
        }
        (false, false) => (ArrivalOutcome::Play, "*"),
    };
    let minutes =
        |a: Option<NaiveDateTime>| a.map(|t| (t - start).num_minutes().max(0)).unwrap_or(0);
    let (mut wc, mut bc) = (0, 0);
    if outcome == ArrivalOutcome::Play {
        let (wa, ba) = (minutes(white), minutes(black));
        if wa > 0 && ba > 0 {
            // 2023 art. 6.7.2, 2009 6.6(b), 2005 6.6: both absent at the start — White
            // loses all the time until he arrives; Black's clock starts only when
            // White has moved, so Black loses only what passes after White's arrival.
            wc = wa;
            bc = (ba - wa).max(0);
            notes.push(format!(
                "both players were absent at the start: White's clock ran from the start ({}), so White loses {wc} min; Black loses {bc} min",
                cite(Rule::BothAbsentAtStart)
            ));
        } else {
            wc = wa;
            bc = ba;
            if wa > 0 {
                notes.push(format!(
                    "White arrived {wa} min late: White's clock ran meanwhile ({})",
                    cite(Rule::ClockStartsAtStart)
                ));
            }
            if ba > 0 {
                notes.push(format!(
                    "Black arrived {ba} min late: Black's clock ran meanwhile ({})",
                    cite(Rule::ClockStartsAtStart)
                ));
            }
        }
    }
    ArrivalConsequence {
        round_start: start.format("%Y-%m-%dT%H:%M").to_string(),
        deadline: deadline.format("%Y-%m-%dT%H:%M:%S").to_string(),
        default_time_minutes: default_minutes,
        white_late: wl,
        black_late: bl,
        outcome,
        result: result.into(),
        white_clock_minutes: wc,
        black_clock_minutes: bc,
        notes,
    }
}

fn round_start(
    conn: &mut DbConnection,
    tid: TournamentId,
    round: RoundNo,
) -> DomainResult<NaiveDateTime> {
    let start: Option<String> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(round))
        .select(rounds::scheduled_start)
        .first(conn)?;
    // Stored with its date (a bare time of day would have no day).
    start
        .filter(|s| s.contains('-'))
        .and_then(|s| super::formats::desk_time(&s, chrono::NaiveDate::MIN).ok())
        .ok_or_else(|| {
            DomainError::conflict(msg!(
                "round {} has no start time yet: set the round's start first",
                round
            ))
        })
}

/// A player's arrival: `None` when absent; a player with neither a time nor
/// "absent" was at the board at the start (only late arrivals need a time).
fn attendance_time(
    a: &Attendance,
    start: NaiveDateTime,
    who: &str,
) -> DomainResult<Option<NaiveDateTime>> {
    if a.absent {
        return Ok(None);
    }
    match super::formats::desk_time(a.arrived_at.as_deref().unwrap_or(""), start.date()) {
        Err(super::formats::TimeError::Empty) => Ok(Some(start)),
        Ok(t) => Ok(Some(t)),
        Err(e) => Err(e.at(who)),
    }
}

fn says_nothing(a: &Attendance) -> bool {
    !a.absent && a.arrived_at.as_deref().is_none_or(|s| s.trim().is_empty())
}

fn evaluate(
    conn: &mut DbConnection,
    tid: TournamentId,
    g: &GameRow,
    cmd: &RecordArrivals,
) -> DomainResult<ArrivalConsequence> {
    let t = load_tournament(conn, tid)?;
    if g.black_id.is_none() {
        return Err(DomainError::invalid(
            "game",
            msg!("a bye has no arrivals to record"),
        ));
    }
    let start = round_start(conn, tid, g.round_number)?;
    if says_nothing(&cmd.white) && says_nothing(&cmd.black) {
        return Err(DomainError::invalid(
            "white",
            msg!("give the late player's arrival time, or mark who was absent"),
        ));
    }
    let w = attendance_time(&cmd.white, start, "white")?;
    let b = attendance_time(&cmd.black, start, "black")?;
    Ok(consequence(
        start,
        t.default_time_minutes,
        w,
        b,
        t.laws_edition,
    ))
}

/// The consequence the recorded arrivals would have; nothing is written.
pub fn preview(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    gid: GameId,
    cmd: RecordArrivals,
) -> DomainResult<ArrivalConsequence> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let g = load_game(conn, tid, gid)?;
    evaluate(conn, tid, &g, &cmd)
}

/// Records the arrivals and applies the consequence (or the arbiter's override).
pub fn record(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    gid: GameId,
    cmd: RecordArrivals,
) -> DomainResult<ArrivalsAnswer> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let (g, pm, before) = game_to_change(conn, tid, gid, cmd.version, |_, _| {
        msg!("the game was changed meanwhile; reload it")
    })?;
    if !matches!(
        g.kind,
        GameKind::Pending | GameKind::Forfeit | GameKind::DoubleForfeit
    ) {
        return Err(DomainError::conflict(msg!(
            "board {} already has the result {}; correct the result instead",
            g.board,
            before.result
        )));
    }
    let c = evaluate(conn, tid, &g, &cmd)?;
    let edition = load_tournament(conn, tid)?.laws_edition;
    let default_time_termination = format!(
        "default time (art. {})",
        edition.article(rules::laws::Rule::DefaultTime)
    );
    let reason = cmd.reason.trim().to_string();
    let (result_text, reason) = match &cmd.override_result {
        Some(r) => {
            if reason.is_empty() {
                return Err(DomainError::invalid(
                    "reason",
                    msg!("overriding the default-time rule needs a written reason"),
                ));
            }
            (
                r.clone(),
                format!("arbiter override of the default-time rule: {reason}"),
            )
        }
        None => (c.result.clone(), c.notes.join("; ")),
    };
    let t = load_tournament(conn, tid)?;
    let parsed = parse_result(&result_text, &point_system(&t))
        .map_err(|m| DomainError::invalid("override_result", m))?;
    for (pid, a) in [
        (g.white_id, &cmd.white),
        (g.black_id.unwrap_or_default(), &cmd.black),
    ] {
        diesel::delete(
            arrivals::table
                .filter(arrivals::game_id.eq(gid))
                .filter(arrivals::player_id.eq(pid)),
        )
        .execute(conn)?;
        diesel::insert_into(arrivals::table)
            .values((
                arrivals::tournament_id.eq(tid),
                arrivals::game_id.eq(gid),
                arrivals::player_id.eq(pid),
                arrivals::arrived_at.eq(if a.absent { None } else { a.arrived_at.clone() }),
                arrivals::absent.eq(a.absent),
                arrivals::recorded_at.eq(now()),
            ))
            .execute(conn)?;
    }
    diesel::update(games::table.find(gid))
        .set((
            games::kind.eq(parsed.kind),
            games::white_score.eq(parsed.white),
            games::black_score.eq(parsed.black),
            games::termination.eq(if parsed.kind == GameKind::Pending {
                ""
            } else {
                &default_time_termination
            }),
            games::reason.eq(&reason),
            games::version.eq(g.version + 1),
            games::updated_at.eq(now()),
        ))
        .execute(conn)?;
    refresh_round_state(conn, tid, g.round_number)?;
    let after = game_view(&load_game(conn, tid, gid)?, &pm);
    let answer = ArrivalsAnswer {
        consequence: c,
        applied: true,
        game: after,
    };
    Entry::at(
        tid,
        if cmd.override_result.is_some() {
            "arrivals.override"
        } else {
            "arrivals.record"
        },
        "game",
        gid,
    )
    .change(conn, actor, &before, &answer)?;
    Ok(answer)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetRoundStart {
    /// `YYYY-MM-DDTHH:MM`
    pub start: String,
}

impl SetRoundStart {
    /// The start as a form types it: the round's date and a time `HH:MM`
    /// (field `start`); no time, no start.
    pub fn typed(date: &str, time: &str) -> DomainResult<Option<SetRoundStart>> {
        let time = time.trim();
        if time.is_empty() {
            return Ok(None);
        }
        let t = chrono::NaiveTime::parse_from_str(time, "%H:%M").map_err(|_| {
            DomainError::invalid("start", msg!("'{}' is not a time; write HH:MM", time))
        })?;
        let date = date.trim();
        if !super::formats::is_date(date) {
            return Err(DomainError::invalid(
                "start",
                msg!("'{}' is not a date; write it as YYYY-MM-DD", date),
            ));
        }
        Ok(Some(SetRoundStart {
            start: format!("{date}T{}", t.format("%H:%M")),
        }))
    }
}

/// Sets (or moves) the actual start of a round: the reference for the default time.
pub fn set_round_start(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: RoundNo,
    cmd: SetRoundStart,
) -> DomainResult<()> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    if !super::formats::is_local_minute(cmd.start.trim()) {
        return Err(DomainError::invalid(
            "start",
            msg!("'{}' is not YYYY-MM-DDTHH:MM", cmd.start),
        ));
    }
    let before: Option<Option<String>> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(number))
        .select(rounds::scheduled_start)
        .first(conn)
        .optional()?;
    let Some(before) = before else {
        return Err(DomainError::NotFound(msg!(
            "round {} of tournament {}",
            number,
            tid
        )));
    };
    diesel::update(
        rounds::table
            .filter(rounds::tournament_id.eq(tid))
            .filter(rounds::number.eq(number)),
    )
    .set(rounds::scheduled_start.eq(Some(cmd.start.trim())))
    .execute(conn)?;
    Entry::at(tid, "round.set_start", "round", number).change(conn, actor, &before, &cmd.start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveDateTime {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 5, 1).unwrap();
        super::super::formats::desk_time(s, day).unwrap()
    }

    #[test]
    fn zero_default_time_loses_on_any_lateness() {
        // 2009 art. 6.6(a): default time 0 — arriving after the start loses.
        let c = consequence(
            t("10:00"),
            0,
            Some(t("10:00")),
            Some(t("10:01")),
            LawsEdition::Laws2009,
        );
        assert_eq!(c.outcome, ArrivalOutcome::BlackForfeits);
        assert_eq!(c.result, "+/-");
    }

    #[test]
    fn both_late_is_a_double_forfeit() {
        let c = consequence(
            t("10:00"),
            30,
            None,
            Some(t("10:31")),
            LawsEdition::Laws2009,
        );
        assert_eq!(c.result, "-/-");
    }

    #[test]
    fn within_the_default_time_play_on_and_white_pays_when_both_were_absent() {
        // 2005 art. 6.6: 60 minutes; both absent at the start — White's clock runs.
        let c = consequence(
            t("10:00"),
            60,
            Some(t("10:20")),
            Some(t("10:45")),
            LawsEdition::Laws2005,
        );
        assert_eq!(c.outcome, ArrivalOutcome::Play);
        assert_eq!((c.white_clock_minutes, c.black_clock_minutes), (20, 25));
        let c = consequence(
            t("10:00"),
            60,
            Some(t("10:40")),
            Some(t("10:10")),
            LawsEdition::Laws2005,
        );
        assert_eq!((c.white_clock_minutes, c.black_clock_minutes), (40, 0));
    }
}
