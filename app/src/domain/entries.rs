//! Online entries: the organizer opens an entry form (deadline, largest field,
//! who may enter); a player enters himself — found in the imported rating list
//! by his FIDE id, or typed — and waits for the organizer, who approves (the
//! player is then registered by the same operation as any registration,
//! `registration::enter_player`) or rejects with a reason.
//!
//! The public sees who is in (the registered players); pending entries and
//! the entrants' e-mail addresses are for the staff only.
//!
//! Over 700 lines because the form, the entry, its duplicate checks and the
//! organizer's decision are one life cycle whose steps share the same row types
//! and checks; split, each part would import the others.

use super::audit::Entry;
use super::kinds::{EntryEligibility, EntryState, Sex};
use super::registration::{self, PlayerView, RegisterPlayer};
use super::tournaments::load as load_tournament;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::{EntryFormRow, EntryRow};
use crate::db::schema::{entries, entry_forms, players};
use crate::db::DbConnection;
use crate::domain::ids::{EntryId, PlayerId, TournamentId};
use crate::domain::msg::word;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The entry form's settings, as the organizer sets them.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryFormSettings {
    /// Whether the form takes entries.
    pub is_open: bool,
    /// The last moment to enter, local time of the venue: `YYYY-MM-DDTHH:MM`
    /// (or `YYYY-MM-DD`: until the end of that day). None: no deadline.
    #[serde(default)]
    pub deadline: Option<String>,
    /// The largest field: registered players and pending entries together.
    #[serde(default)]
    #[schema(minimum = 2, maximum = 10_000)]
    pub max_players: Option<i32>,
    /// Who may enter.
    #[serde(default = "anyone")]
    pub eligibility: EntryEligibility,
    /// With `eligibility: federation`: the three-letter code.
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    #[schema(minimum = 0, maximum = 3500)]
    pub min_rating: Option<i32>,
    /// Not below `min_rating`.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 3500)]
    pub max_rating: Option<i32>,
}

fn anyone() -> EntryEligibility {
    EntryEligibility::Anyone
}

/// The entry form as everyone sees it, with whether it takes entries now.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EntryFormView {
    pub is_open: bool,
    pub deadline: Option<String>,
    pub max_players: Option<i32>,
    pub eligibility: EntryEligibility,
    pub federation: String,
    pub min_rating: Option<i32>,
    pub max_rating: Option<i32>,
    /// Registered players plus pending entries.
    pub taken: i64,
    /// Whether an entry made now is taken.
    pub accepting: bool,
    /// Why not, when it is not.
    pub closed_because: Option<String>,
    /// The same reason as a translation key of the pages (`entry_closed_…`).
    #[serde(skip)]
    #[schema(ignore)]
    pub closed_key: Option<&'static str>,
    /// The same reason as a message (for the error of a refused entry).
    #[serde(skip)]
    #[schema(ignore)]
    pub closed_msg: Option<super::Msg>,
}

/// An entry made through the form.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct NewEntry {
    /// The player's name (filled from the rating list with `from_rating_list`).
    pub name: String,
    pub fide_id: Option<i64>,
    pub title: String,
    pub federation: String,
    pub club: String,
    /// `YYYY-MM-DD` or `YYYY`.
    pub birth_date: String,
    /// `m`, `f` or empty (either case).
    pub sex: Sex,
    pub rating: Option<i32>,
    /// Where the organizer can reach the player (seen by the staff only).
    pub email: String,
    /// Take name, title, federation, birth year and rating from the imported
    /// FIDE rating list, by `fide_id`.
    pub from_rating_list: bool,
}

/// What the entrant is told.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EntryReceipt {
    #[schema(value_type = i32)]
    pub id: EntryId,
    pub name: String,
    pub state: EntryState,
}

/// An entry as the staff see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EntryView {
    #[schema(value_type = i32)]
    pub id: EntryId,
    pub name: String,
    pub fide_id: Option<i64>,
    pub title: String,
    pub federation: String,
    pub club: String,
    pub birth_date: String,
    pub sex: Sex,
    pub rating: Option<i32>,
    pub email: String,
    pub from_rating_list: bool,
    pub state: EntryState,
    /// Why the entry was rejected.
    pub reason: String,
    /// The player registered from it, once approved.
    #[schema(value_type = Option<i32>)]
    pub player_id: Option<PlayerId>,
    pub created_at: String,
    pub decided_at: Option<String>,
}

impl From<&EntryRow> for EntryView {
    fn from(e: &EntryRow) -> EntryView {
        EntryView {
            id: e.id,
            name: e.name.clone(),
            fide_id: e.fide_id,
            title: e.title.clone(),
            federation: e.federation.clone(),
            club: e.club.clone(),
            birth_date: e.birth_date.clone(),
            sex: e.sex,
            rating: e.rating,
            email: e.email.clone(),
            from_rating_list: e.from_rating_list,
            state: e.state,
            reason: e.reason.clone(),
            player_id: e.player_id,
            created_at: e.created_at.clone(),
            decided_at: e.decided_at.clone(),
        }
    }
}

/// Who is in, as the public list shows them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Entrant {
    pub name: String,
    pub title: String,
    pub federation: String,
    pub club: String,
    pub rating: Option<i32>,
}

/// The entry list: the form, who is in, and (staff only) the entries.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EntryList {
    pub form: EntryFormView,
    /// The registered players (approved entries among them), by rating.
    pub players: Vec<Entrant>,
    /// Every entry with its state and contact; empty for the public.
    pub entries: Vec<EntryView>,
}

/// A deadline as typed: `YYYY-MM-DDTHH:MM`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DD`
/// (the end of that day).
pub fn parse_deadline(text: &str) -> DomainResult<NaiveDateTime> {
    let t = text.trim().replace(' ', "T");
    if let Ok(d) = NaiveDateTime::parse_from_str(&t, "%Y-%m-%dT%H:%M") {
        return Ok(d);
    }
    if let Ok(d) = NaiveDateTime::parse_from_str(&t, "%Y-%m-%dT%H:%M:%S") {
        return Ok(d);
    }
    if let Ok(d) = chrono::NaiveDate::parse_from_str(&t, "%Y-%m-%d") {
        if let Some(end) = d.and_hms_opt(23, 59, 59) {
            return Ok(end);
        }
    }
    Err(DomainError::invalid(
        "deadline",
        msg!(
            "'{}' is not a date and time: write YYYY-MM-DDTHH:MM",
            text.trim()
        ),
    ))
}

/// The venue's clock.
pub fn local_now() -> NaiveDateTime {
    chrono::Local::now().naive_local()
}

fn form_row(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Option<EntryFormRow>> {
    Ok(entry_forms::table
        .find(tid)
        .select(EntryFormRow::as_select())
        .first(conn)
        .optional()?)
}

fn registered(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<i64> {
    Ok(players::table
        .filter(players::tournament_id.eq(tid))
        .count()
        .get_result(conn)?)
}

fn pending(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<i64> {
    Ok(entries::table
        .filter(entries::tournament_id.eq(tid))
        .filter(entries::state.eq(EntryState::Pending))
        .count()
        .get_result(conn)?)
}

/// The form of tournament `tid` (closed when the organizer never opened one),
/// and whether it takes an entry at `at`.
pub fn form(
    conn: &mut DbConnection,
    tid: TournamentId,
    at: NaiveDateTime,
) -> DomainResult<EntryFormView> {
    let t = load_tournament(conn, tid)?;
    let row = form_row(conn, tid)?;
    let taken = registered(conn, tid)? + pending(conn, tid)?;
    let paired = registration::rounds_paired(conn, tid)?;
    let closed = match &row {
        None => Some((
            "entry_closed_never",
            msg!("the organizer has not opened entries for this tournament"),
        )),
        Some(f) if !f.is_open => Some((
            "entry_closed",
            msg!("entries for this tournament are closed"),
        )),
        Some(_) if paired.get() > 0 && !t.system.is_swiss() => Some((
            "entry_closed_round_robin",
            msg!("the round robin has started: its table is fixed, entries are closed"),
        )),
        Some(f) => {
            let past = match f.deadline.as_deref().map(parse_deadline) {
                Some(Ok(d)) => at > d,
                _ => false,
            };
            if past {
                Some((
                    "entry_closed_deadline",
                    msg!(
                        "the entry deadline ({}) has passed",
                        f.deadline.clone().unwrap_or_default().replace('T', " ")
                    ),
                ))
            } else if f.max_players.is_some_and(|m| taken >= m as i64) {
                Some((
                    "entry_closed_full",
                    msg!(
                        "the field is full: {} places, all taken",
                        f.max_players.unwrap_or(0)
                    ),
                ))
            } else {
                None
            }
        }
    };
    let f = row.unwrap_or(EntryFormRow {
        tournament_id: tid,
        is_open: false,
        deadline: None,
        max_players: None,
        eligibility: EntryEligibility::Anyone,
        federation: String::new(),
        min_rating: None,
        max_rating: None,
        updated_at: String::new(),
    });
    Ok(EntryFormView {
        is_open: f.is_open,
        deadline: f.deadline,
        max_players: f.max_players,
        eligibility: f.eligibility,
        federation: f.federation,
        min_rating: f.min_rating,
        max_rating: f.max_rating,
        taken,
        accepting: closed.is_none(),
        closed_key: closed.as_ref().map(|c| c.0),
        closed_because: closed.as_ref().map(|c| c.1.to_string()),
        closed_msg: closed.map(|c| c.1),
    })
}

/// Opens, closes or changes the entry form (organizer).
pub fn set_form(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: EntryFormSettings,
) -> DomainResult<EntryFormView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    super::require_individual_entry(conn, tid)?;
    let before = form(conn, tid, local_now())?;
    let deadline = match cmd.deadline.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(d) => Some(parse_deadline(d)?.format("%Y-%m-%dT%H:%M").to_string()),
    };
    if let Some(m) = cmd.max_players {
        if !(2..=10_000).contains(&m) {
            return Err(DomainError::invalid(
                "max_players",
                msg!("the largest field is between 2 and 10000 players"),
            ));
        }
    }
    super::registration::check_ratings([
        ("min_rating", cmd.min_rating),
        ("max_rating", cmd.max_rating),
    ])?;
    if let (Some(lo), Some(hi)) = (cmd.min_rating, cmd.max_rating) {
        if lo > hi {
            return Err(DomainError::invalid(
                "max_rating",
                msg!("the highest rating is below the lowest"),
            ));
        }
    }
    let federation = cmd.federation.trim().to_uppercase();
    if cmd.eligibility == EntryEligibility::Federation
        && (federation.len() != 3 || !federation.chars().all(|c| c.is_ascii_uppercase()))
    {
        return Err(DomainError::invalid(
            "federation",
            msg!("name the federation whose players may enter: a three-letter code such as POL"),
        ));
    }
    diesel::delete(entry_forms::table.find(tid)).execute(conn)?;
    diesel::insert_into(entry_forms::table)
        .values((
            entry_forms::tournament_id.eq(tid),
            entry_forms::is_open.eq(cmd.is_open),
            entry_forms::deadline.eq(deadline),
            entry_forms::max_players.eq(cmd.max_players),
            entry_forms::eligibility.eq(cmd.eligibility),
            entry_forms::federation.eq(&federation),
            entry_forms::min_rating.eq(cmd.min_rating),
            entry_forms::max_rating.eq(cmd.max_rating),
            entry_forms::updated_at.eq(now()),
        ))
        .execute(conn)?;
    let after = form(conn, tid, local_now())?;
    Entry::at(tid, "entries.form", "entry_form", tid).change(conn, actor, &before, &after)?;
    Ok(after)
}

fn load_entry(conn: &mut DbConnection, tid: TournamentId, eid: EntryId) -> DomainResult<EntryRow> {
    entries::table
        .filter(entries::id.eq(eid))
        .filter(entries::tournament_id.eq(tid))
        .select(EntryRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("entry {} in tournament {}", eid, tid)))
}

/// The entry as a registration command (the same fields a registration takes).
fn as_registration(e: &NewEntry) -> RegisterPlayer {
    RegisterPlayer {
        name: e.name.clone(),
        fide_id: e.fide_id,
        title: e.title.clone(),
        federation: e.federation.clone(),
        club: e.club.clone(),
        birth_date: e.birth_date.clone(),
        sex: e.sex,
        rating: e.rating,
        ..Default::default()
    }
}

/// A player enters himself (anyone may; the web layer limits how often). The
/// entry waits for the organizer. Refused, with the reason, when the form
/// does not take entries (closed, past the deadline, the field full), the
/// player may not enter (eligibility, rating limits), or he is most likely
/// in already: the same FIDE id, or the same name and birth year, among the
/// registered players or the pending entries.
pub fn submit(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    mut cmd: NewEntry,
    at: NaiveDateTime,
) -> DomainResult<EntryReceipt> {
    let t = load_tournament(conn, tid)?;
    super::require_individual_entry(conn, tid)?;
    let f = form(conn, tid, at)?;
    if let Some(why) = f.closed_msg {
        return Err(DomainError::conflict(why));
    }
    let in_list = match cmd.fide_id {
        Some(fid) => super::rating_list::registration_data(conn, &t, fid).ok(),
        None => None,
    };
    let mut reg = as_registration(&cmd);
    if cmd.from_rating_list {
        registration::fill_from_rating_list(conn, &t, &mut reg)?;
        // The list is the authority for what it holds.
        if let Some(l) = &in_list {
            reg.name = l.name.clone();
            reg.rating = l.rating;
        }
    }
    reg.validate()?;
    cmd.email = cmd.email.trim().to_string();
    if !cmd.email.is_empty()
        && (cmd.email.chars().count() > 200
            || !cmd.email.contains('@')
            || cmd.email.chars().any(char::is_whitespace))
    {
        return Err(DomainError::invalid(
            "email",
            msg!("this is not an e-mail address (name@example.org)"),
        ));
    }
    match f.eligibility {
        EntryEligibility::Anyone => {}
        EntryEligibility::RatingList => {
            if in_list.is_none() {
                return Err(DomainError::invalid(
                    "fide_id",
                    msg!("only players in the imported rating list may enter: give your FIDE id as the list has it"),
                ));
            }
        }
        EntryEligibility::Federation => {
            if reg.federation != f.federation {
                return Err(DomainError::invalid(
                    "federation",
                    msg!("only players of the federation {} may enter", f.federation),
                ));
            }
        }
    }
    if let Some(lo) = f.min_rating {
        if reg.rating.is_none_or(|r| r < lo) {
            return Err(DomainError::invalid(
                "rating",
                msg!("the tournament is for players rated {} or more", lo),
            ));
        }
    }
    if let Some(hi) = f.max_rating {
        if reg.rating.is_some_and(|r| r > hi) {
            return Err(DomainError::invalid(
                "rating",
                msg!("the tournament is for players rated {} or less", hi),
            ));
        }
    }
    duplicate_check(conn, tid, &reg)?;
    let id: EntryId = diesel::insert_into(entries::table)
        .values((
            entries::tournament_id.eq(tid),
            entries::name.eq(&reg.name),
            entries::fide_id.eq(reg.fide_id),
            entries::title.eq(&reg.title),
            entries::federation.eq(&reg.federation),
            entries::club.eq(reg.club.trim()),
            entries::birth_date.eq(&reg.birth_date),
            entries::sex.eq(&reg.sex),
            entries::rating.eq(reg.rating),
            entries::email.eq(&cmd.email),
            entries::from_rating_list.eq(cmd.from_rating_list),
            entries::state.eq(EntryState::Pending),
            entries::created_at.eq(now()),
        ))
        .returning(entries::id)
        .get_result(conn)?;
    let row = load_entry(conn, tid, id)?;
    Entry::at(tid, "entry.submit", "entry", id).made(conn, actor, &EntryView::from(&row))?;
    Ok(EntryReceipt {
        id,
        name: row.name,
        state: row.state,
    })
}

/// Refuses an entry for a player who is most likely in already.
fn duplicate_check(
    conn: &mut DbConnection,
    tid: TournamentId,
    reg: &RegisterPlayer,
) -> DomainResult<()> {
    if let Some(fid) = reg.fide_id {
        let registered: i64 = players::table
            .filter(players::tournament_id.eq(tid))
            .filter(players::fide_id.eq(fid))
            .count()
            .get_result(conn)?;
        let waiting: i64 = entries::table
            .filter(entries::tournament_id.eq(tid))
            .filter(entries::state.eq(EntryState::Pending))
            .filter(entries::fide_id.eq(fid))
            .count()
            .get_result(conn)?;
        if registered > 0 {
            return Err(DomainError::invalid(
                "fide_id",
                msg!(
                    "the player with FIDE id {} is already registered in this tournament",
                    fid
                ),
            ));
        }
        if waiting > 0 {
            return Err(DomainError::invalid(
                "fide_id",
                msg!(
                    "an entry for FIDE id {} is already waiting for the organizer",
                    fid
                ),
            ));
        }
    }
    // Never the other person's data (name as registered, birth date): the
    // form is public.
    if registration::likely_duplicate(conn, tid, &reg.name, &reg.birth_date, None)?.is_some() {
        return Err(DomainError::invalid(
            "duplicate",
            msg!(
                "a player of this name and year of birth is already registered in this tournament"
            ),
        ));
    }
    let key = registration::name_key(&reg.name);
    let year = registration::year_of(&reg.birth_date);
    let waiting: Vec<EntryRow> = entries::table
        .filter(entries::tournament_id.eq(tid))
        .filter(entries::state.eq(EntryState::Pending))
        .select(EntryRow::as_select())
        .load(conn)?;
    if waiting.iter().any(|e| {
        registration::name_key(&e.name) == key && registration::year_of(&e.birth_date) == year
    }) {
        return Err(DomainError::invalid(
            "duplicate",
            msg!("an entry of this name and year of birth is already waiting for the organizer"),
        ));
    }
    Ok(())
}

/// The entry list for `audience`: the public sees the form and who is in;
/// the staff also every entry, with its contact.
pub fn list(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<EntryList> {
    let form = form(conn, tid, local_now())?;
    let mut rows: Vec<PlayerView> = registration::list(conn, tid)?;
    rows.sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    let players = rows
        .into_iter()
        .map(|p| Entrant {
            name: p.name,
            title: p.title,
            federation: p.federation,
            club: p.club,
            rating: p.rating,
        })
        .collect();
    let entries = if audience.is_staff() {
        let rows: Vec<EntryRow> = entries::table
            .filter(entries::tournament_id.eq(tid))
            .order(entries::id)
            .select(EntryRow::as_select())
            .load(conn)?;
        rows.iter().map(EntryView::from).collect()
    } else {
        Vec::new()
    };
    Ok(EntryList {
        form,
        players,
        entries,
    })
}

/// What an approval did.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Approved {
    pub entry: EntryView,
    pub player: PlayerView,
}

fn pending_entry(
    conn: &mut DbConnection,
    tid: TournamentId,
    eid: EntryId,
) -> DomainResult<EntryRow> {
    let e = load_entry(conn, tid, eid)?;
    if e.state != EntryState::Pending {
        return Err(DomainError::conflict(msg!(
            "the entry of {} has already been {}",
            e.name,
            word(e.state.to_string())
        )));
    }
    Ok(e)
}

/// Approves an entry: the player is registered exactly as a registration by
/// the staff registers him (`registration::enter_player`: the same checks,
/// late entry rules included), and the entry points to him.
pub fn approve(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    eid: EntryId,
) -> DomainResult<Approved> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let e = pending_entry(conn, tid, eid)?;
    if let Some(f) = form_row(conn, tid)? {
        if let Some(m) = f.max_players {
            let n = registered(conn, tid)?;
            if n >= m as i64 {
                return Err(DomainError::conflict(msg!(
                    "the field is full: {} players registered of {}; raise the largest field first",
                    n,
                    m
                )));
            }
        }
    }
    let cmd = RegisterPlayer {
        name: e.name.clone(),
        fide_id: e.fide_id,
        title: e.title.clone(),
        federation: e.federation.clone(),
        club: e.club.clone(),
        birth_date: e.birth_date.clone(),
        sex: e.sex,
        rating: e.rating,
        from_rating_list: e.from_rating_list && e.fide_id.is_some(),
        ..Default::default()
    };
    let (player, _late) = registration::enter_player(conn, tid, cmd)?;
    diesel::update(entries::table.find(eid))
        .set((
            entries::state.eq(EntryState::Approved),
            entries::player_id.eq(Some(player.id)),
            entries::decided_at.eq(Some(now())),
        ))
        .execute(conn)?;
    let after = EntryView::from(&load_entry(conn, tid, eid)?);
    let out = Approved {
        entry: after,
        player,
    };
    Entry::at(tid, "entry.approve", "entry", eid).change(
        conn,
        actor,
        &EntryView::from(&e),
        &out,
    )?;
    Ok(out)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RejectEntry {
    /// Why: the entrant is told.
    pub reason: String,
}

/// Rejects an entry, with the reason.
pub fn reject(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    eid: EntryId,
    cmd: RejectEntry,
) -> DomainResult<EntryView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let e = pending_entry(conn, tid, eid)?;
    let reason = cmd.reason.trim();
    if reason.is_empty() {
        return Err(DomainError::invalid(
            "reason",
            msg!("say why the entry is rejected"),
        ));
    }
    if reason.chars().count() > 500 {
        return Err(DomainError::invalid(
            "reason",
            msg!("the reason is longer than 500 characters"),
        ));
    }
    diesel::update(entries::table.find(eid))
        .set((
            entries::state.eq(EntryState::Rejected),
            entries::reason.eq(reason),
            entries::decided_at.eq(Some(now())),
        ))
        .execute(conn)?;
    let after = EntryView::from(&load_entry(conn, tid, eid)?);
    Entry::at(tid, "entry.reject", "entry", eid).change(
        conn,
        actor,
        &EntryView::from(&e),
        &after,
    )?;
    Ok(after)
}
