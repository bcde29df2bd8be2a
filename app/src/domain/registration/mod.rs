//! Registering players (also late entries), withdrawals and requested byes.
//!
//! Over 700 lines because registration, the duplicate check, edits, removal,
//! withdrawal and reinstatement, requested byes and filling from the rating
//! list all guard the same rule of when a player may change (before or after
//! round 1 is paired). Registration from a pasted list is `paste.rs`.

use super::audit::Entry;
use super::tournaments::load as load_tournament;
use super::{formats, now, require_role, Actor, DomainError, DomainResult, Role};
use crate::db::models::{ByeRequestRow, PlayerRow};
use crate::db::schema::{bye_requests, players, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{ByeRequestId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{ByeRequestKind, PlayerStatus, Sex};
use crate::domain::msg::{word, Msg};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

mod forms;
mod paste;
pub use forms::{ByeForm, EditPlayerForm, PlayerForm};
pub use paste::import_list;
pub(crate) use paste::pasted_cells;

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RegisterPlayer {
    /// At most 100 characters; needed (at least one character that is not
    /// white space) unless `from_rating_list` fills it from the list.
    #[schema(max_length = 100)]
    pub name: String,
    #[schema(minimum = 1, maximum = 99_999_999_999_i64)]
    pub fide_id: Option<i64>,
    /// FIDE title: GM IM FM CM WGM WIM WFM WCM, or empty.
    pub title: String,
    /// Three-letter federation code.
    pub federation: String,
    pub club: String,
    /// `YYYY-MM-DD` or `YYYY`, may be empty.
    pub birth_date: String,
    /// `m`, `f` or empty (either case).
    pub sex: Sex,
    #[schema(minimum = 0, maximum = 3500)]
    pub rating: Option<i32>,
    #[schema(minimum = 0, maximum = 3500)]
    pub national_rating: Option<i32>,
    /// FIDE development coefficient K (40, 20 or 10).
    pub k_factor: Option<i32>,
    /// Late entry: the first round the player is paired in. Defaults to the next
    /// round to be paired; earlier rounds score as the regulations say. A round
    /// paired already or beyond the last is a conflict (409).
    #[schema(minimum = 1)]
    #[schema(value_type = Option<i32>)]
    pub joins_round: Option<RoundNo>,
    /// Register although a player of the same name and birth year is already
    /// registered (the first attempt is refused with `field: "duplicate"`).
    pub confirm_duplicate: bool,
    /// Fill what is not given from the imported FIDE rating list, by
    /// `fide_id` (the rating for the event's time control).
    pub from_rating_list: bool,
}

const TITLES: &[&str] = &["", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

/// The FIDE development coefficient K for a player registered without one
/// (Rating Regulations B.02 §8.3.3): 10 from a rating of 2400, 40 for an
/// unrated player (new to the list) and, under 2300, up to the end of the
/// year of the 18th birthday (`birth_date` is `YYYY` or `YYYY-MM-DD`, `year`
/// the year the event starts); 20 otherwise. The 30-game rule for new
/// players needs the player's history, which a tournament does not hold:
/// the arbiter sets K for those.
pub fn default_k_factor(rating: Option<i32>, birth_date: &str, year: Option<i32>) -> i32 {
    let Some(rating) = rating else {
        return 40;
    };
    if rating >= 2400 {
        return 10;
    }
    match (year_of(birth_date), year) {
        (Some(born), Some(year)) if rating < 2300 && year - born <= 18 => 40,
        _ => 20,
    }
}

/// The year of a `YYYY-MM-DD` (or `YYYY`) date.
pub(crate) fn year_of(date: &str) -> Option<i32> {
    date.get(..4).and_then(|y| y.parse().ok())
}

impl RegisterPlayer {
    pub(crate) fn validate(&mut self) -> DomainResult<()> {
        // The length as sent, as the document's `maxLength` counts it.
        let sent_length = self.name.chars().count();
        self.name = self.name.trim().to_string();
        if self.name.is_empty() {
            return Err(DomainError::invalid(
                "name",
                msg!("the player needs a name"),
            ));
        }
        if sent_length > 100 {
            return Err(DomainError::invalid(
                "name",
                msg!("the name is longer than 100 characters"),
            ));
        }
        // ASCII letters in either case only, as the document's pattern says
        // (`formats::TITLE`; Unicode upper-casing reads `ım` as `IM`).
        let title = formats::title(&self.title, TITLES);
        self.title = title
            .clone()
            .unwrap_or_else(|| self.title.trim().to_uppercase());
        if title.is_none() {
            return Err(DomainError::invalid(
                "title",
                msg!(
                    "'{}' is not a FIDE title (GM IM FM CM WGM WIM WFM WCM)",
                    self.title
                ),
            ));
        }
        let federation = formats::federation(&self.federation);
        self.federation = federation
            .clone()
            .unwrap_or_else(|| self.federation.trim().to_uppercase());
        if federation.is_none() {
            return Err(DomainError::invalid(
                "federation",
                msg!("the federation is a three-letter code such as POL"),
            ));
        }
        if let Some(id) = self.fide_id {
            if !(1..=99_999_999_999).contains(&id) {
                return Err(DomainError::invalid(
                    "fide_id",
                    msg!("a FIDE id is a positive number"),
                ));
            }
        }
        check_ratings([
            ("rating", self.rating),
            ("national_rating", self.national_rating),
        ])?;
        if let Some(k) = self.k_factor {
            if ![10, 20, 40].contains(&k) {
                return Err(DomainError::invalid("k_factor", msg!("K is 10, 20 or 40")));
            }
        }
        let bd = self.birth_date.trim();
        let year_only = bd.len() == 4 && bd.chars().all(|c| c.is_ascii_digit());
        if !(bd.is_empty() || formats::is_date(bd) || year_only) {
            return Err(DomainError::invalid(
                "birth_date",
                msg!("write the birth date as YYYY-MM-DD or YYYY"),
            ));
        }
        self.birth_date = bd.to_string();
        Ok(())
    }
}

/// Ratings as typed (`field`, rating): each between 0 and 3500 (also the
/// entry form's limits, `entries.rs`).
pub(crate) fn check_ratings<const N: usize>(ratings: [(&str, Option<i32>); N]) -> DomainResult<()> {
    for (field, r) in ratings {
        if r.is_some_and(|r| !(0..=3500).contains(&r)) {
            return Err(DomainError::invalid(
                field,
                msg!("a rating is between 0 and 3500"),
            ));
        }
    }
    Ok(())
}

/// A player as clients see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PlayerView {
    #[schema(value_type = i32)]
    pub id: PlayerId,
    /// Pairing number (0 until the first pairing).
    pub start_no: i32,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub club: String,
    pub fide_id: Option<i64>,
    pub birth_date: String,
    pub sex: Sex,
    pub rating: Option<i32>,
    pub national_rating: Option<i32>,
    pub k_factor: i32,
    /// `active`, `withdrawn` or `expelled`.
    pub status: PlayerStatus,
    #[schema(value_type = i32)]
    pub joined_round: RoundNo,
    #[schema(value_type = Option<i32>)]
    pub left_after_round: Option<RoundNo>,
    pub version: i32,
}

impl From<&PlayerRow> for PlayerView {
    fn from(p: &PlayerRow) -> PlayerView {
        PlayerView {
            id: p.id,
            start_no: p.start_no,
            name: p.name.clone(),
            title: p.title.clone(),
            federation: p.federation.clone(),
            club: p.club.clone(),
            fide_id: p.fide_id,
            birth_date: p.birth_date.clone(),
            sex: p.sex,
            rating: p.rating,
            national_rating: p.national_rating,
            k_factor: p.k_factor,
            status: p.status,
            joined_round: p.joined_round,
            left_after_round: p.left_after_round,
            version: p.version,
        }
    }
}

impl PlayerView {
    /// What `audience` may see of the player: the public sees name, title,
    /// federation, club, ratings and FIDE id, and of the birth date only the
    /// year (issue 41; `docs/security.md`).
    pub fn seen_by(mut self, audience: crate::domain::Audience) -> PlayerView {
        if !audience.is_staff() {
            self.birth_date = year_of(&self.birth_date)
                .map(|y| format!("{y:04}"))
                .unwrap_or_default();
        }
        self
    }
}

pub fn load_player(
    conn: &mut DbConnection,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<PlayerRow> {
    players::table
        .filter(players::id.eq(pid))
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("player {} in tournament {}", pid, tid)))
}

pub fn list(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Vec<PlayerView>> {
    load_tournament(conn, tid)?;
    let rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .order((players::start_no, players::id))
        .load(conn)?;
    Ok(rows.iter().map(PlayerView::from).collect())
}

pub(crate) fn rounds_paired(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<RoundNo> {
    let max: Option<RoundNo> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .select(diesel::dsl::max(rounds::number))
        .first(conn)?;
    Ok(max.unwrap_or_default())
}

/// Registers a player. After round 1 has been paired this is a late entry: the
/// player joins at `joins_round` (default: the next round), and the rounds he
/// missed score per the regulations (`late_entry_bye`). Round robins take no late
/// entries (the Berger table is fixed by the number of players).
pub fn register(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: RegisterPlayer,
) -> DomainResult<PlayerView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let (v, late) = enter_player(conn, tid, cmd)?;
    Entry::at(
        tid,
        if late {
            "player.register_late"
        } else {
            "player.register"
        },
        "player",
        v.id,
    )
    .made(conn, actor, &v)?;
    Ok(v)
}

/// The registration itself — every check and the new player row — without
/// the role check and the audit row, which belong to the operation that calls
/// it: [`register`], and the approval of an online entry
/// (`entries::approve`), so that both register a player the same way. The
/// flag says whether it was a late entry.
pub(crate) fn enter_player(
    conn: &mut DbConnection,
    tid: TournamentId,
    mut cmd: RegisterPlayer,
) -> DomainResult<(PlayerView, bool)> {
    let t = load_tournament(conn, tid)?;
    super::require_individual_entry(conn, tid)?;
    if cmd.from_rating_list {
        fill_from_rating_list(conn, &t, &mut cmd)?;
    }
    cmd.validate()?;
    let paired = rounds_paired(conn, tid)?;
    if paired > RoundNo(0) && !t.system.is_swiss() {
        return Err(DomainError::conflict(
            msg!("a round robin takes no entries once round 1 is paired: the Berger table is fixed by the number of players"),
        ));
    }
    let joins = cmd.joins_round.unwrap_or(paired.next());
    // A round from 1 on is well-formed; one already paired conflicts with the
    // tournament's state (409), a round below 1 is invalid (422).
    let refuse: fn(&str, Msg) -> DomainError = if joins >= RoundNo(1) {
        DomainError::conflict_on
    } else {
        DomainError::invalid
    };
    if joins <= paired {
        return Err(refuse(
            "joins_round",
            msg!(
                "round {} is already paired; a late entry joins at round {} or later",
                joins,
                paired.next()
            ),
        ));
    }
    if joins.get() > t.rounds.max(1) {
        return Err(DomainError::conflict_on(
            "joins_round",
            msg!("the tournament has {} rounds", t.rounds),
        ));
    }
    if !cmd.confirm_duplicate {
        if let Some(other) = likely_duplicate(conn, tid, &cmd.name, &cmd.birth_date, None)? {
            return Err(DomainError::conflict_on(
                "duplicate",
                msg!("{} (born {}) is already registered as number {}; register again only if this is another player", other.name, other.birth_date, if other.start_no > 0 { other.start_no.to_string() } else { "—".into() }),
            ));
        }
    }
    if let Some(fid) = cmd.fide_id {
        let dup: i64 = players::table
            .filter(players::tournament_id.eq(tid))
            .filter(players::fide_id.eq(fid))
            .count()
            .get_result(conn)?;
        if dup > 0 {
            return Err(DomainError::conflict_on(
                "fide_id",
                msg!("FIDE id {} is already registered here", fid),
            ));
        }
    }
    let id: PlayerId = diesel::insert_into(players::table)
        .values((
            players::tournament_id.eq(tid),
            players::start_no.eq(0),
            players::fide_id.eq(cmd.fide_id),
            players::name.eq(&cmd.name),
            players::title.eq(&cmd.title),
            players::federation.eq(&cmd.federation),
            players::club.eq(cmd.club.trim()),
            players::birth_date.eq(&cmd.birth_date),
            players::sex.eq(&cmd.sex),
            players::rating.eq(cmd.rating),
            players::national_rating.eq(cmd.national_rating),
            players::k_factor.eq(cmd.k_factor.unwrap_or_else(|| {
                default_k_factor(cmd.rating, &cmd.birth_date, year_of(&t.start_date))
            })),
            players::status.eq(PlayerStatus::Active),
            players::joined_round.eq(joins),
            players::version.eq(1),
            players::created_at.eq(now()),
        ))
        .returning(players::id)
        .get_result(conn)?;
    let row = load_player(conn, tid, id)?;
    Ok((PlayerView::from(&row), paired.get() > 0))
}

/// Fills what a registration leaves empty from the FIDE rating list (see
/// `rating_list::registration_data`).
pub(crate) fn fill_from_rating_list(
    conn: &mut DbConnection,
    t: &crate::db::models::TournamentRow,
    cmd: &mut RegisterPlayer,
) -> DomainResult<()> {
    let Some(fid) = cmd.fide_id else {
        return Err(DomainError::invalid(
            "fide_id",
            msg!("give the FIDE id to register from the rating list"),
        ));
    };
    let f = super::rating_list::registration_data(conn, t, fid)?;
    let fill = |s: &mut String, v: String| {
        if s.trim().is_empty() {
            *s = v;
        }
    };
    fill(&mut cmd.name, f.name);
    fill(&mut cmd.title, f.title);
    fill(&mut cmd.federation, f.federation);
    if cmd.sex == Sex::NotGiven {
        cmd.sex = f.sex;
    }
    fill(
        &mut cmd.birth_date,
        f.birth_year.map(|y| y.to_string()).unwrap_or_default(),
    );
    cmd.rating = cmd.rating.or(f.rating);
    cmd.k_factor = cmd.k_factor.or(f.k);
    Ok(())
}

/// A name as people compare them: lower case, letters only, without
/// diacritics, surname and first name in either order.
pub(crate) fn name_key(name: &str) -> Vec<String> {
    let folded: String =
        name.chars()
            .map(|c| match c {
                'ą' | 'á' | 'à' | 'ä' | 'â' | 'ã' | 'å' | 'Ą' | 'Á' | 'À' | 'Ä' | 'Â' | 'Ã'
                | 'Å' => 'a',
                'ć' | 'č' | 'ç' | 'Ć' | 'Č' | 'Ç' => 'c',
                'ď' | 'Ď' => 'd',
                'ę' | 'é' | 'è' | 'ë' | 'ě' | 'ê' | 'Ę' | 'É' | 'È' | 'Ë' | 'Ě' | 'Ê' => {
                    'e'
                }
                'í' | 'ì' | 'ï' | 'î' | 'Í' | 'Ì' | 'Ï' | 'Î' => 'i',
                'ł' | 'ľ' | 'ĺ' | 'Ł' | 'Ľ' | 'Ĺ' => 'l',
                'ń' | 'ň' | 'ñ' | 'Ń' | 'Ň' | 'Ñ' => 'n',
                'ó' | 'ò' | 'ö' | 'ô' | 'õ' | 'ő' | 'Ó' | 'Ò' | 'Ö' | 'Ô' | 'Õ' | 'Ő' => {
                    'o'
                }
                'ř' | 'ŕ' | 'Ř' | 'Ŕ' => 'r',
                'ś' | 'š' | 'ş' | 'Ś' | 'Š' | 'Ş' => 's',
                'ť' | 'ţ' | 'Ť' | 'Ţ' => 't',
                'ú' | 'ù' | 'ü' | 'û' | 'ů' | 'ű' | 'Ú' | 'Ù' | 'Ü' | 'Û' | 'Ů' | 'Ű' => {
                    'u'
                }
                'ý' | 'ÿ' | 'Ý' => 'y',
                'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => 'z',
                c => c.to_lowercase().next().unwrap_or(c),
            })
            .map(|c| if c.is_alphanumeric() { c } else { ' ' })
            .collect();
    let mut words: Vec<String> = folded.split_whitespace().map(str::to_string).collect();
    words.sort();
    words
}

/// Another player of this tournament who is most likely the same person: the
/// same name (diacritics, case and word order aside) and the same birth year.
pub(crate) fn likely_duplicate(
    conn: &mut DbConnection,
    tid: TournamentId,
    name: &str,
    birth_date: &str,
    except: Option<PlayerId>,
) -> DomainResult<Option<PlayerRow>> {
    let key = name_key(name);
    let year = year_of(birth_date);
    let rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().find(|p| {
        Some(p.id) != except && name_key(&p.name) == key && year_of(&p.birth_date) == year
    }))
}

/// Changes to a player's registration; fields left out stay as they are.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EditPlayer {
    /// At most 100 characters, at least one of them not white space.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"[^\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
    )]
    pub name: Option<String>,
    /// A FIDE id not registered for another player here (else 409).
    #[schema(minimum = 1, maximum = 99_999_999_999_i64)]
    pub fide_id: Option<i64>,
    pub title: Option<String>,
    pub federation: Option<String>,
    pub club: Option<String>,
    pub birth_date: Option<String>,
    pub sex: Option<Sex>,
    #[schema(minimum = 0, maximum = 3500)]
    pub rating: Option<i32>,
    #[schema(minimum = 0, maximum = 3500)]
    pub national_rating: Option<i32>,
    pub k_factor: Option<i32>,
    /// The player's version as read; a stale one gets 409.
    pub version: i32,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EditedPlayer {
    pub player: PlayerView,
    /// What the change affects, in words (English in the API; a page
    /// translates each).
    #[schema(value_type = Vec<String>)]
    pub effects: Vec<Msg>,
}

/// Corrects a registration (a misspelt name, a rating from a newer list …)
/// and says what the change affects.
pub fn edit(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
    cmd: EditPlayer,
) -> DomainResult<EditedPlayer> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let before = load_player(conn, tid, pid)?;
    if cmd.version != before.version {
        return Err(DomainError::Conflict {
            message: msg!("{} was changed meanwhile; check and try again", before.name),
            current: serde_json::to_value(PlayerView::from(&before)).ok(),
        });
    }
    let mut next = RegisterPlayer {
        name: cmd.name.unwrap_or_else(|| before.name.clone()),
        fide_id: cmd.fide_id.or(before.fide_id),
        title: cmd.title.unwrap_or_else(|| before.title.clone()),
        federation: cmd.federation.unwrap_or_else(|| before.federation.clone()),
        club: cmd.club.unwrap_or_else(|| before.club.clone()),
        birth_date: cmd.birth_date.unwrap_or_else(|| before.birth_date.clone()),
        sex: cmd.sex.unwrap_or(before.sex),
        rating: cmd.rating.or(before.rating),
        national_rating: cmd.national_rating.or(before.national_rating),
        k_factor: Some(cmd.k_factor.unwrap_or(before.k_factor)),
        ..Default::default()
    };
    next.validate()?;
    if let Some(fid) = next.fide_id {
        let dup: i64 = players::table
            .filter(players::tournament_id.eq(tid))
            .filter(players::fide_id.eq(fid))
            .filter(players::id.ne(pid))
            .count()
            .get_result(conn)?;
        if dup > 0 {
            return Err(DomainError::conflict_on(
                "fide_id",
                msg!("FIDE id {} is already registered here", fid),
            ));
        }
    }
    let paired = rounds_paired(conn, tid)?;
    let mut effects = Vec::new();
    if next.name != before.name || next.title != before.title {
        effects.push(msg!(
            "the name shows as changed on every list, page and printout"
        ));
    }
    if next.rating != before.rating {
        effects.push(if paired.get() == 0 {
            msg!("the pairing numbers follow the new rating at round 1")
        } else {
            msg!(
                "rounds 1–{} stay as paired; the rating counts for the next pairing's order, the average rating of opponents and the rating change",
                paired
            )
        });
    }
    if next.k_factor != Some(before.k_factor) {
        effects.push(msg!("the rating change is computed with the new K"));
    }
    if next.federation != before.federation || next.club != before.club {
        effects.push(msg!("federation and club show as changed"));
    }
    diesel::update(players::table.find(pid))
        .set((
            players::name.eq(&next.name),
            players::fide_id.eq(next.fide_id),
            players::title.eq(&next.title),
            players::federation.eq(&next.federation),
            players::club.eq(next.club.trim()),
            players::birth_date.eq(&next.birth_date),
            players::sex.eq(&next.sex),
            players::rating.eq(next.rating),
            players::national_rating.eq(next.national_rating),
            players::k_factor.eq(next.k_factor.unwrap_or(before.k_factor)),
            players::version.eq(before.version + 1),
        ))
        .execute(conn)?;
    let after = load_player(conn, tid, pid)?;
    audit_change(conn, actor, tid, "player.edit", &before, &after)?;
    Ok(EditedPlayer {
        player: PlayerView::from(&after),
        effects,
    })
}

/// Removes a registration made by mistake. Only a player who was never paired
/// can go; one who played withdraws instead (his games stay in the record).
pub fn delete(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<()> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let before = load_player(conn, tid, pid)?;
    let games: i64 = crate::db::schema::games::table
        .filter(crate::db::schema::games::tournament_id.eq(tid))
        .filter(
            crate::db::schema::games::white_id
                .eq(pid)
                .or(crate::db::schema::games::black_id.eq(pid)),
        )
        .count()
        .get_result(conn)?;
    if games > 0 {
        return Err(DomainError::conflict(msg!(
            "{} has been paired already; withdraw him instead (his games stay in the record)",
            before.name
        )));
    }
    diesel::delete(bye_requests::table.filter(bye_requests::player_id.eq(pid))).execute(conn)?;
    diesel::delete(players::table.find(pid)).execute(conn)?;
    Entry::at(tid, "player.delete", "player", pid).removed(
        conn,
        actor,
        &PlayerView::from(&before),
    )?;
    Ok(())
}

/// Takes a withdrawal back, while no round has been paired since.
pub fn reinstate(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<PlayerView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let before = load_player(conn, tid, pid)?;
    if before.status != PlayerStatus::Withdrawn {
        return Err(DomainError::conflict(msg!(
            "{} has not withdrawn",
            before.name
        )));
    }
    let paired = rounds_paired(conn, tid)?;
    if before.left_after_round.unwrap_or_default() < paired {
        return Err(DomainError::conflict(msg!("round {} was paired without {}: a withdrawal can be taken back only before the next round is paired", paired, before.name)));
    }
    diesel::update(players::table.find(pid))
        .set((
            players::status.eq(PlayerStatus::Active),
            players::left_after_round.eq(None::<i32>),
            players::version.eq(before.version + 1),
        ))
        .execute(conn)?;
    let after = load_player(conn, tid, pid)?;
    audit_change(conn, actor, tid, "player.reinstate", &before, &after)?;
    Ok(PlayerView::from(&after))
}

/// One audit row for a change of a player's registration.
fn audit_change(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    action: &'static str,
    before: &PlayerRow,
    after: &PlayerRow,
) -> DomainResult<()> {
    Entry::at(tid, action, "player", after.id).change(
        conn,
        actor,
        &PlayerView::from(before),
        &PlayerView::from(after),
    )
}

/// Withdraws a player from the rounds not yet paired. A player with an unfinished
/// game in a paired round keeps it: the arbiter enters its result (a forfeit).
pub fn withdraw(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<PlayerView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let before = load_player(conn, tid, pid)?;
    if before.status != PlayerStatus::Active {
        return Err(DomainError::conflict(msg!(
            "{} has already left the tournament ({})",
            before.name,
            word(before.status.to_string())
        )));
    }
    let paired = rounds_paired(conn, tid)?;
    diesel::update(players::table.find(pid))
        .set((
            players::status.eq(PlayerStatus::Withdrawn),
            players::left_after_round.eq(Some(paired)),
            players::version.eq(before.version + 1),
        ))
        .execute(conn)?;
    // Requested byes for rounds he will no longer play are void.
    diesel::delete(
        bye_requests::table
            .filter(bye_requests::player_id.eq(pid))
            .filter(bye_requests::round_number.gt(paired)),
    )
    .execute(conn)?;
    let after = load_player(conn, tid, pid)?;
    audit_change(conn, actor, tid, "player.withdraw", &before, &after)?;
    Ok(PlayerView::from(&after))
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RequestBye {
    /// A round not paired yet, up to the tournament's last (else 409).
    #[schema(minimum = 1)]
    #[schema(value_type = i32)]
    pub round: RoundNo,
    /// `half` (default), `zero` or `full` — what the regulations allow.
    #[serde(default = "default_bye_kind")]
    pub kind: ByeRequestKind,
    #[serde(default)]
    pub note: String,
    /// FIDE mode: a full-point bye on request needs both confirmations.
    #[serde(default)]
    pub warning_read: bool,
    #[serde(default)]
    pub leave_fide_mode: bool,
}

fn default_bye_kind() -> ByeRequestKind {
    ByeRequestKind::Half
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ByeRequestView {
    #[schema(value_type = i32)]
    pub id: ByeRequestId,
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    #[schema(value_type = i32)]
    pub round: RoundNo,
    pub kind: ByeRequestKind,
    pub note: String,
}

impl From<&ByeRequestRow> for ByeRequestView {
    fn from(r: &ByeRequestRow) -> Self {
        ByeRequestView {
            id: r.id,
            player_id: r.player_id,
            round: r.round_number,
            kind: r.kind,
            note: r.note.clone(),
        }
    }
}

impl ByeRequestView {
    /// The player's note is for the staff.
    pub fn seen_by(mut self, audience: crate::domain::Audience) -> ByeRequestView {
        if !audience.is_staff() {
            self.note.clear();
        }
        self
    }
}

/// A requested bye for a round not yet paired (Swiss only).
pub fn request_bye(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
    cmd: RequestBye,
) -> DomainResult<ByeRequestView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let p = load_player(conn, tid, pid)?;
    if !t.system.is_swiss() {
        return Err(DomainError::conflict(msg!(
            "a round robin has no requested byes: the schedule is fixed"
        )));
    }
    let paired = rounds_paired(conn, tid)?;
    // A round from 1 on is well-formed: one paired already or beyond the
    // tournament's rounds conflicts with its state (409); below 1 it is
    // invalid (422, the document's `minimum`).
    let refuse: fn(&str, Msg) -> DomainError = if cmd.round >= RoundNo(1) {
        DomainError::conflict_on
    } else {
        DomainError::invalid
    };
    if cmd.round <= paired || cmd.round.get() > t.rounds {
        return Err(refuse(
            "round",
            msg!(
                "a bye can be requested for rounds {} to {}",
                paired.next(),
                t.rounds
            ),
        ));
    }
    if t.system.is_double_swiss() && cmd.round.get() % 2 == 0 {
        // C.04.5: byes apply to matches only; the second game repeats the first's.
        return Err(DomainError::conflict_on(
            "round",
            msg!(
                "in a Double-Swiss a bye is for the whole match: request it for round {}, the match's first game",
                cmd.round.get() - 1
            ),
        ));
    }
    if p.status != PlayerStatus::Active {
        return Err(DomainError::conflict(msg!(
            "{} has left the tournament",
            p.name
        )));
    }
    let exists: i64 = bye_requests::table
        .filter(bye_requests::player_id.eq(pid))
        .filter(bye_requests::round_number.eq(cmd.round))
        .count()
        .get_result(conn)?;
    if exists == 0 && cmd.kind == ByeRequestKind::Full {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            msg!(
                "a full-point bye on request for {} in round {}",
                p.name,
                cmd.round
            ),
            msg!("C.04.1: a bye on request scores at most half a point"),
            super::fide_mode::Confirmation::new(cmd.warning_read, cmd.leave_fide_mode),
        )?;
    }
    if exists > 0 {
        return Err(DomainError::conflict(msg!(
            "{} already has a bye in round {}",
            p.name,
            cmd.round
        )));
    }
    let id: ByeRequestId = diesel::insert_into(bye_requests::table)
        .values((
            bye_requests::tournament_id.eq(tid),
            bye_requests::player_id.eq(pid),
            bye_requests::round_number.eq(cmd.round),
            bye_requests::kind.eq(cmd.kind),
            bye_requests::note.eq(&cmd.note),
            bye_requests::created_at.eq(now()),
        ))
        .returning(bye_requests::id)
        .get_result(conn)?;
    let row: ByeRequestRow = bye_requests::table
        .find(id)
        .select(ByeRequestRow::as_select())
        .first(conn)?;
    let v = ByeRequestView::from(&row);
    Entry::at(tid, "bye.request", "bye_request", id).made(conn, actor, &v)?;
    Ok(v)
}

pub fn bye_requests(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<Vec<ByeRequestView>> {
    load_tournament(conn, tid)?;
    let rows: Vec<ByeRequestRow> = bye_requests::table
        .filter(bye_requests::tournament_id.eq(tid))
        .order((bye_requests::round_number, bye_requests::player_id))
        .select(ByeRequestRow::as_select())
        .load(conn)?;
    Ok(rows.iter().map(ByeRequestView::from).collect())
}

#[cfg(test)]
mod tests {
    use super::default_k_factor;

    #[test]
    fn fide_k_factor_defaults() {
        assert_eq!(default_k_factor(Some(2450), "2010", Some(2026)), 10);
        assert_eq!(default_k_factor(Some(2350), "", Some(2026)), 20);
        assert_eq!(default_k_factor(None, "1970-01-01", Some(2026)), 40);
        // Juniors under 2300 until the end of the year they turn 18.
        assert_eq!(default_k_factor(Some(2100), "2008-12-31", Some(2026)), 40);
        assert_eq!(default_k_factor(Some(2100), "2007", Some(2026)), 20);
        assert_eq!(default_k_factor(Some(2350), "2012", Some(2026)), 20);
        // Without a birth date or an event date, the adult value.
        assert_eq!(default_k_factor(Some(1800), "", Some(2026)), 20);
        assert_eq!(default_k_factor(Some(1800), "2012", None), 20);
    }
}
