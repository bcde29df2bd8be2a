//! Creating a tournament and editing its regulations (SPEC §2); staff roles.

use super::audit::Entry;
pub use super::regulations::{
    point_system, tiebreak_codes, time_control, Period, PointsConfig, Regulations, RoundSchedule,
    TimeControl, ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS,
};
use super::{now, require_role, require_user, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::TournamentRow;
use crate::db::schema::{games, rounds, tournament_staff, tournaments, users};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::kinds::{GameKind, TimeCategory, TournamentStatus};
use crate::domain::msg::word;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TournamentView {
    #[schema(value_type = i32)]
    pub id: TournamentId,
    /// `registration` (round 1 not yet paired), `running` or `finished`.
    pub status: TournamentStatus,
    pub version: i32,
    pub regulations: Regulations,
    /// Derived from the time control (Appendices A, B): blitz, rapid or standard.
    pub time_control_category: TimeCategory,
    pub rounds_paired: u32,
    pub players: u32,
}

pub fn view(conn: &mut DbConnection, row: &TournamentRow) -> DomainResult<TournamentView> {
    use crate::db::schema::players;
    let rounds_paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(row.id))
        .count()
        .get_result(conn)?;
    let n: i64 = players::table
        .filter(players::tournament_id.eq(row.id))
        .count()
        .get_result(conn)?;
    let regulations = Regulations::from_row(row);
    Ok(TournamentView {
        id: row.id,
        status: row.status,
        version: row.version,
        time_control_category: regulations.time_control.category(),
        regulations,
        rounds_paired: rounds_paired as u32,
        players: n as u32,
    })
}

pub fn load(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<TournamentRow> {
    tournaments::table
        .find(tid)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("tournament {}", tid)))
}

/// The creator of a tournament (by hand or by a TRF import) runs it:
/// organizer and arbiter, until he hands a role over (`dismiss`).
pub(crate) fn grant_creator_roles(
    conn: &mut DbConnection,
    tid: TournamentId,
    uid: crate::types::ids::UserId,
) -> DomainResult<()> {
    for role in [Role::Organizer, Role::Arbiter] {
        diesel::insert_into(tournament_staff::table)
            .values((
                tournament_staff::tournament_id.eq(tid),
                tournament_staff::user_id.eq(uid),
                tournament_staff::role.eq(role.as_str()),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Any logged-in user may create a tournament; the creator becomes its organizer.
pub fn create(
    conn: &mut DbConnection,
    actor: &Actor,
    reg: Regulations,
) -> DomainResult<TournamentView> {
    let v = insert(conn, actor, reg)?;
    Entry::at(v.id, "tournament.create", "tournament", v.id).made(conn, actor, &v)?;
    Ok(v)
}

/// The tournament's row and its creator's roles, without the audit row: the
/// caller's operation records one (`create`, `teams::create_event`).
pub(crate) fn insert(
    conn: &mut DbConnection,
    actor: &Actor,
    mut reg: Regulations,
) -> DomainResult<TournamentView> {
    let uid = require_user(actor)?;
    reg.validate()?;
    let ts = now();
    let mut row = TournamentRow {
        id: TournamentId(0),
        name: String::new(),
        place: String::new(),
        federation: String::new(),
        start_date: String::new(),
        end_date: String::new(),
        system: reg.system,
        rounds: 0,
        schedule: String::new(),
        time_control: String::new(),
        default_time_minutes: 0,
        adjournments: false,
        resumption_lateness_minutes: 60,
        points: String::new(),
        late_entry_bye: reg.late_entry_bye,
        draw_offer_min_moves: 0,
        draw_needs_arbiter: false,
        illegal_moves_lose: 0,
        illegal_move_bonus_seconds: 0,
        variant: reg.variant,
        tiebreaks: String::new(),
        initial_color: reg.initial_color,
        rating_order: reg.rating_order,
        notation: reg.notation,
        laws_edition: reg.laws_edition,
        acceleration: reg.acceleration,
        status: TournamentStatus::Registration,
        version: 1,
        created_at: ts.clone(),
        updated_at: ts,
    };
    if super::fide_mode::draws_outweigh_win(reg.points.win, reg.points.draw, reg.points.loss) {
        // A tournament starts in FIDE mode; leaving it is a confirmed change
        // of the settings, recorded (`fide_mode`), not part of creating it.
        return Err(DomainError::invalid(
            "points.draw",
            msg!("two draws would be worth more than a win and a loss, which the FIDE rules do not allow; create the tournament with a FIDE point system, then change it in the settings (this takes the tournament out of FIDE mode)"),
        ));
    }
    reg.apply_to(&mut row)?;
    let id: TournamentId = diesel::insert_into(tournaments::table)
        .values((
            tournaments::name.eq(&row.name),
            tournaments::place.eq(&row.place),
            tournaments::federation.eq(&row.federation),
            tournaments::start_date.eq(&row.start_date),
            tournaments::end_date.eq(&row.end_date),
            tournaments::system.eq(&row.system),
            tournaments::rounds.eq(row.rounds),
            tournaments::schedule.eq(&row.schedule),
            tournaments::time_control.eq(&row.time_control),
            tournaments::default_time_minutes.eq(row.default_time_minutes),
            tournaments::adjournments.eq(row.adjournments),
            tournaments::resumption_lateness_minutes.eq(row.resumption_lateness_minutes),
            tournaments::points.eq(&row.points),
            tournaments::late_entry_bye.eq(&row.late_entry_bye),
            tournaments::draw_offer_min_moves.eq(row.draw_offer_min_moves),
            tournaments::draw_needs_arbiter.eq(row.draw_needs_arbiter),
            tournaments::illegal_moves_lose.eq(row.illegal_moves_lose),
            tournaments::illegal_move_bonus_seconds.eq(row.illegal_move_bonus_seconds),
            tournaments::variant.eq(&row.variant),
            tournaments::tiebreaks.eq(&row.tiebreaks),
            tournaments::initial_color.eq(&row.initial_color),
            tournaments::rating_order.eq(&row.rating_order),
            tournaments::notation.eq(&row.notation),
            tournaments::laws_edition.eq(&row.laws_edition),
            tournaments::acceleration.eq(&row.acceleration),
            tournaments::status.eq(&row.status),
            tournaments::version.eq(1),
            tournaments::created_at.eq(&row.created_at),
            tournaments::updated_at.eq(&row.updated_at),
        ))
        .returning(tournaments::id)
        .get_result(conn)?;
    grant_creator_roles(conn, id, uid)?;
    let row = load(conn, id)?;
    view(conn, &row)
}

/// Edits of the regulations. Until round 1 is paired everything may change; after
/// that only what does not touch pairings or scores (SPEC §2).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct EditTournament {
    /// The version the client read; a stale one gets 409.
    pub version: Option<i32>,
    /// The regulations to apply as a JSON object of fields to change.
    #[schema(value_type = Object)]
    pub changes: serde_json::Map<String, serde_json::Value>,
    /// FIDE mode: a change the FIDE rules forbid (the tie-breaks after the
    /// start, a point system where two draws outweigh a win and a loss) needs
    /// both confirmations (`domain::fide_mode`).
    pub warning_read: bool,
    pub leave_fide_mode: bool,
}

/// Fields that may still change once round 1 has been paired.
pub const EDITABLE_WHILE_RUNNING: &[&str] =
    &["name", "place", "federation", "end_date", "schedule"];

/// Whether the regulation `key` may still change once round 1 is paired: the
/// fields of [`EDITABLE_WHILE_RUNNING`], and the tie-breaks, whose change
/// FIDE mode asks to confirm (C.07: announced before the start).
pub fn changeable_after_start(key: &str) -> bool {
    EDITABLE_WHILE_RUNNING.contains(&key) || key == "tiebreaks"
}

pub fn edit(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: EditTournament,
) -> DomainResult<TournamentView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let mut row = load(conn, tid)?;
    let before = view(conn, &row)?;
    if let Some(v) = cmd.version {
        if v != row.version {
            return Err(DomainError::Conflict {
                message: msg!("the tournament was changed meanwhile (version {} now, you edited {}); reload and apply your change again", row.version, v),
                current: serde_json::to_value(&before).ok(),
            });
        }
    }
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let confirm = super::fide_mode::Confirmation::new(cmd.warning_read, cmd.leave_fide_mode);
    if paired > 0 {
        if let Some(frozen) = cmd.changes.keys().find(|k| !changeable_after_start(k)) {
            return Err(DomainError::Conflict {
                message: msg!("'{}' cannot change after round 1 has been paired (SPEC §2: regulations are fixed once the tournament starts); only {} may change", frozen, EDITABLE_WHILE_RUNNING.join(", ")),
                current: serde_json::to_value(&before).ok(),
            });
        }
    }
    // Serializing the stored regulations cannot fail (plain data, string
    // keys); were it to, the detail goes to the log, not to the page.
    let mut current = serde_json::to_value(&before.regulations).map_err(|e| {
        log::error!("regulations of tournament {tid} as JSON: {e}");
        DomainError::invalid(
            "changes",
            msg!("the stored regulations could not be read; reload and try again"),
        )
    })?;
    if let serde_json::Value::Object(map) = &mut current {
        for (k, v) in cmd.changes {
            if !map.contains_key(&k) {
                return Err(DomainError::invalid(
                    &k,
                    msg!("'{}' is not a regulation field", k),
                ));
            }
            map.insert(k, v);
        }
    }
    let mut reg: Regulations = serde_json::from_value(current)
        .map_err(|e| DomainError::invalid("changes", msg!("a value has the wrong type: {}", e)))?;
    reg.validate()?;
    if paired > 0 && reg.tiebreaks != before.regulations.tiebreaks {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            msg!(
                "the tie-breaks changed after the start, from {} to {}",
                before.regulations.tiebreaks.join(", "),
                reg.tiebreaks.join(", ")
            ),
            msg!("C.07: the tie-breaks are announced before the tournament starts"),
            confirm,
        )?;
    }
    let p = &reg.points;
    if p != &before.regulations.points
        && super::fide_mode::draws_outweigh_win(p.win, p.draw, p.loss)
    {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            msg!(
                "a point system where two draws ({}) are worth more than a win and a loss ({} + {})",
                p.draw * 2.0,
                p.win,
                p.loss
            ),
            msg!("C.04: the score groups of the Swiss system assume a win is worth at least two draws"),
            confirm,
        )?;
    }
    reg.apply_to(&mut row)?;
    row.version += 1;
    row.updated_at = now();
    diesel::update(tournaments::table.find(tid))
        .set(&row)
        .execute(conn)?;
    let after = view(conn, &row)?;
    Entry::at(tid, "tournament.edit", "tournament", tid).change(conn, actor, &before, &after)?;
    Ok(after)
}

/// The tournament as `audience` sees it (the public counts published rounds only).
pub fn get(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<TournamentView> {
    let row = load(conn, tid)?;
    audience_view(conn, &row, audience)
}

fn audience_view(
    conn: &mut DbConnection,
    row: &TournamentRow,
    audience: Audience,
) -> DomainResult<TournamentView> {
    let mut v = view(conn, row)?;
    v.rounds_paired = audience.last_round(conn, row.id)?.get() as u32;
    Ok(v)
}

/// All tournaments as `actor` sees them, running ones first, then by start
/// date (newest first).
pub fn list(conn: &mut DbConnection, actor: &Actor) -> DomainResult<Vec<TournamentView>> {
    let rows: Vec<TournamentRow> = tournaments::table
        .select(TournamentRow::as_select())
        .order(tournaments::start_date.desc())
        .load(conn)?;
    let mut views = Vec::with_capacity(rows.len());
    for r in &rows {
        let audience = Audience::of(conn, actor, r.id)?;
        views.push(audience_view(conn, r, audience)?);
    }
    let rank = |s: TournamentStatus| match s {
        TournamentStatus::Running => 0,
        TournamentStatus::Registration => 1,
        TournamentStatus::Finished => 2,
    };
    views.sort_by_key(|v| rank(v.status));
    Ok(views)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct StaffMember {
    pub username: String,
    /// `organizer` or `arbiter`.
    #[schema(pattern = "^(organizer|arbiter)$")]
    pub role: String,
}

/// What a change of the staff (by the organizer) names: the role, and the user
/// (`None`: there is no user of that name).
fn staff_change(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: &StaffMember,
) -> DomainResult<(Role, Option<crate::types::ids::UserId>)> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let role = Role::parse(&cmd.role)
        .ok_or_else(|| DomainError::invalid("role", msg!("the role is organizer or arbiter")))?;
    let uid = users::table
        .filter(users::username.eq(&cmd.username))
        .select(users::id)
        .first(conn)
        .optional()?;
    Ok((role, uid))
}

/// Takes a role away (the organizer; a tournament keeps at least one organizer).
pub fn dismiss(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: StaffMember,
) -> DomainResult<Vec<StaffMember>> {
    let (role, uid) = staff_change(conn, actor, tid, &cmd)?;
    let held =
        |conn: &mut DbConnection, uid: Option<crate::types::ids::UserId>| -> DomainResult<i64> {
            let mut q = tournament_staff::table
                .filter(tournament_staff::tournament_id.eq(tid))
                .filter(tournament_staff::role.eq(role.as_str()))
                .into_boxed();
            if let Some(uid) = uid {
                q = q.filter(tournament_staff::user_id.eq(uid));
            }
            Ok(q.count().get_result(conn)?)
        };
    if uid.is_none() || held(conn, uid)? == 0 {
        return Err(DomainError::NotFound(msg!(
            "{} as {} of tournament {}",
            cmd.username,
            word(role.as_str()),
            tid
        )));
    }
    if role == Role::Organizer && held(conn, None)? == 1 {
        return Err(DomainError::conflict(msg!(
            "a tournament needs an organizer: appoint another one first"
        )));
    }
    diesel::delete(
        tournament_staff::table
            .filter(tournament_staff::tournament_id.eq(tid))
            .filter(tournament_staff::user_id.eq(uid.unwrap_or_default()))
            .filter(tournament_staff::role.eq(role.as_str())),
    )
    .execute(conn)?;
    Entry::new(Some(tid), "staff.dismiss", "user", uid.map(i64::from))
        .removed(conn, actor, &cmd)?;
    staff(conn, tid)
}

pub fn staff(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Vec<StaffMember>> {
    load(conn, tid)?;
    let rows: Vec<(String, String)> = tournament_staff::table
        .inner_join(users::table.on(users::id.eq(tournament_staff::user_id)))
        .filter(tournament_staff::tournament_id.eq(tid))
        .select((users::username, tournament_staff::role))
        .order((tournament_staff::role, users::username))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(username, role)| StaffMember { username, role })
        .collect())
}

/// The organizer appoints staff (another organizer or an arbiter).
pub fn appoint(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: StaffMember,
) -> DomainResult<Vec<StaffMember>> {
    let (role, uid) = staff_change(conn, actor, tid, &cmd)?;
    let uid = uid.ok_or_else(|| {
        DomainError::conflict_on("username", msg!("there is no user '{}'", cmd.username))
    })?;
    let exists: i64 = tournament_staff::table
        .filter(tournament_staff::tournament_id.eq(tid))
        .filter(tournament_staff::user_id.eq(uid))
        .filter(tournament_staff::role.eq(role.as_str()))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Err(DomainError::conflict(msg!(
            "{} is already {} here",
            cmd.username,
            word(role.as_str())
        )));
    }
    diesel::insert_into(tournament_staff::table)
        .values((
            tournament_staff::tournament_id.eq(tid),
            tournament_staff::user_id.eq(uid),
            tournament_staff::role.eq(role.as_str()),
        ))
        .execute(conn)?;
    Entry::at(tid, "staff.appoint", "user", uid).made(conn, actor, &cmd)?;
    staff(conn, tid)
}

/// Marks the tournament running / finished after round changes.
pub fn refresh_status(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<()> {
    let row = load(conn, tid)?;
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let total = super::regulations::total_rounds(conn, &row)?;
    let pending: i64 = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::kind.eq_any([GameKind::Pending, GameKind::Adjourned]))
        .count()
        .get_result(conn)?;
    let status = if paired == 0 {
        TournamentStatus::Registration
    } else if paired as u32 >= total && pending == 0 {
        TournamentStatus::Finished
    } else {
        TournamentStatus::Running
    };
    if status != row.status {
        diesel::update(tournaments::table.find(tid))
            .set(tournaments::status.eq(status))
            .execute(conn)?;
    }
    Ok(())
}
