//! Storage: a list imported in one transaction, replacing the previous list
//! of its source — the server-wide list, or one tournament's own (issue 41).

use super::*;
use crate::domain::ids::TournamentId;
use crate::domain::msg::nested;

/// An imported list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RatingListView {
    #[schema(value_type = i32)]
    pub id: RatingListId,
    pub source: ListSource,
    pub name: String,
    /// The date of the list, `YYYY-MM-DD`.
    pub list_date: String,
    pub imported_at: String,
    pub players: i64,
    /// The tournament whose own list this is; absent for a server-wide list.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<i32>)]
    pub tournament_id: Option<TournamentId>,
}

type ListRow = (
    RatingListId,
    String,
    String,
    String,
    String,
    i64,
    Option<TournamentId>,
);

fn list_view(r: ListRow) -> RatingListView {
    RatingListView {
        id: r.0,
        source: ListSource::parse(&r.1).unwrap_or(ListSource::National),
        name: r.2,
        list_date: r.3,
        imported_at: r.4,
        players: r.5,
        tournament_id: r.6,
    }
}

#[derive(Insertable)]
#[diesel(table_name = rating_list_players)]
#[diesel(treat_none_as_default_value = false)]
struct NewListPlayer {
    list_id: RatingListId,
    fide_id: Option<i64>,
    national_id: Option<String>,
    name: String,
    search_key: String,
    title: String,
    federation: String,
    sex: crate::domain::kinds::Sex,
    birth_year: Option<i32>,
    standard: Option<i32>,
    rapid: Option<i32>,
    blitz: Option<i32>,
    games: Option<i32>,
    k_standard: Option<i32>,
    k_rapid: Option<i32>,
    k_blitz: Option<i32>,
    flags: String,
}

impl NewListPlayer {
    fn of(list_id: RatingListId, p: ListPlayer) -> NewListPlayer {
        // A women's title goes with the open one, as FIDE lists them both.
        let title = if p.title.is_empty() {
            p.w_title
        } else if p.w_title.is_empty() || p.w_title == p.title {
            p.title
        } else {
            format!("{} {}", p.title, p.w_title)
        };
        NewListPlayer {
            list_id,
            fide_id: p.fide_id,
            national_id: p.national_id,
            search_key: fold(&p.name),
            name: p.name,
            title,
            federation: p.federation,
            sex: p.sex,
            birth_year: p.birth_year,
            standard: p.standard,
            rapid: p.rapid,
            blitz: p.blitz,
            games: p.games,
            k_standard: p.k_standard,
            k_rapid: p.k_rapid,
            k_blitz: p.k_blitz,
            flags: p.flags,
        }
    }
}

/// Rows handed from the reading thread to the inserting one at a time: one
/// COPY on PostgreSQL, `BATCH / SQLITE_ROWS` INSERTs on SQLite.
const BATCH: usize = 10_000;
/// Rows per INSERT on SQLite (18 values a row, under SQLite's 32766 limit).
const SQLITE_ROWS: usize = 100;

fn insert_batch(conn: &mut DbConnection, batch: &mut Vec<NewListPlayer>) -> DomainResult<()> {
    if batch.is_empty() {
        return Ok(());
    }
    match conn {
        DbConnection::Sqlite(c) => {
            // A fixed number of rows is one statement, prepared once and
            // kept in diesel's cache (a slice's statement is prepared anew
            // each time: some 18,000 placeholders).
            let mut chunks = batch.chunks_exact(SQLITE_ROWS);
            for chunk in &mut chunks {
                if let Ok(rows) = <&[NewListPlayer; SQLITE_ROWS]>::try_from(chunk) {
                    diesel::insert_into(rating_list_players::table)
                        .values(rows)
                        .execute(c)?;
                }
            }
            if !chunks.remainder().is_empty() {
                diesel::insert_into(rating_list_players::table)
                    .values(chunks.remainder())
                    .execute(c)?;
            }
        }
        DbConnection::Postgresql(c) => {
            diesel::copy_from(rating_list_players::table)
                .from_insertable(std::mem::take(batch))
                .execute(c)?;
        }
    }
    batch.clear();
    Ok(())
}

/// Who may replace the server-wide lists, which every tournament registers
/// from: administrators, and the users an administrator made list managers
/// (`grant_list_manager`). Organizing a tournament is not enough: anyone may
/// create one.
pub fn require_list_manager(conn: &mut DbConnection, actor: &Actor) -> DomainResult<()> {
    if actor.is_admin {
        return Ok(());
    }
    let Some(uid) = actor.user_id else {
        return Err(DomainError::Unauthenticated);
    };
    let n: i64 = list_managers::table
        .filter(list_managers::user_id.eq(uid))
        .count()
        .get_result(conn)?;
    if n == 0 {
        return Err(DomainError::Forbidden(msg!(
            "replacing a server-wide rating list needs an administrator or a list manager"
        )));
    }
    Ok(())
}

/// A user made a list manager (or no longer one).
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct ListManagerView {
    pub username: String,
    pub list_manager: bool,
}

/// Only an administrator makes list managers (401 without a login).
pub fn require_administrator(actor: &Actor) -> DomainResult<()> {
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(DomainError::Unauthenticated);
    }
    if !actor.is_admin {
        return Err(DomainError::Forbidden(msg!(
            "only an administrator makes list managers"
        )));
    }
    Ok(())
}

/// Makes `username` a list manager (`granted`) or takes it back: an
/// administrator's act, audited.
pub fn grant_list_manager(
    conn: &mut DbConnection,
    actor: &Actor,
    username: &str,
    granted: bool,
) -> DomainResult<ListManagerView> {
    require_administrator(actor)?;
    let uid = crate::domain::users::find_user_id(conn, username)?.ok_or_else(|| {
        DomainError::conflict_on("username", msg!("there is no user '{}'", username))
    })?;
    let was: i64 = list_managers::table
        .filter(list_managers::user_id.eq(uid))
        .count()
        .get_result(conn)?;
    if granted && was == 0 {
        diesel::insert_into(list_managers::table)
            .values((
                list_managers::user_id.eq(uid),
                list_managers::granted_at.eq(now()),
            ))
            .execute(conn)?;
    } else if !granted {
        diesel::delete(list_managers::table.filter(list_managers::user_id.eq(uid)))
            .execute(conn)?;
    }
    let before = ListManagerView {
        username: username.to_string(),
        list_manager: was > 0,
    };
    let after = ListManagerView {
        username: username.to_string(),
        list_manager: granted,
    };
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: None,
            action: "user.list_manager",
            entity: "user",
            entity_id: Some(uid.into()),
        },
        Some(&before),
        Some(&after),
    )?;
    Ok(after)
}

/// The users an administrator made list managers, by name.
pub fn list_managers(conn: &mut DbConnection) -> DomainResult<Vec<String>> {
    use crate::db::schema::users;
    Ok(list_managers::table
        .inner_join(users::table.on(users::id.eq(list_managers::user_id)))
        .order(users::username)
        .select(users::username)
        .load(conn)?)
}

/// Whether `actor` may replace the server-wide lists (`require_list_manager`).
pub fn may_manage_lists(conn: &mut DbConnection, actor: &Actor) -> DomainResult<bool> {
    match require_list_manager(conn, actor) {
        Ok(()) => Ok(true),
        Err(DomainError::Forbidden(_) | DomainError::Unauthenticated) => Ok(false),
        Err(e) => Err(e),
    }
}

/// What an import is.
#[derive(Clone, Debug)]
pub struct ImportList {
    pub format: ListFormat,
    /// A label, e.g. the file name.
    pub name: String,
    /// `YYYY-MM-DD`.
    pub list_date: String,
}

/// The rows of list `id` from `players`, in batches of `size`, sent to `to`
/// until the file ends or a problem is found (sent as the last item); stops
/// early when the receiver is gone (an insert failed).
fn produce(
    id: RatingListId,
    size: usize,
    players: &mut (dyn Iterator<Item = Result<ListPlayer, ListError>> + Send),
    to: std::sync::mpsc::SyncSender<DomainResult<Vec<NewListPlayer>>>,
) {
    let mut batch = Vec::with_capacity(size);
    let mut count: u64 = 0;
    for p in players {
        let row = p
            .map_err(|e| {
                DomainError::invalid(
                    "file",
                    msg!("line {}, byte {}: {}", e.line, e.byte, nested(e.message)),
                )
            })
            .and_then(|p| {
                if p.name.chars().count() > 200 {
                    return Err(DomainError::invalid(
                        "file",
                        msg!("player {}: a name longer than 200 characters", count + 1),
                    ));
                }
                Ok(NewListPlayer::of(id, p))
            });
        match row {
            Ok(row) => {
                batch.push(row);
                count += 1;
                if batch.len() >= size {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(size));
                    if to.send(Ok(by_search_key(full))).is_err() {
                        return;
                    }
                }
            }
            Err(e) => {
                let _ = to.send(Err(e));
                return;
            }
        }
    }
    if !batch.is_empty() {
        let _ = to.send(Ok(by_search_key(batch)));
    }
}

/// A batch in the order of its search keys: the name index (filled in the
/// order of names, which a list does not follow) then takes its new entries
/// in runs rather than one here, one there. The sort is stable, so players
/// of the same key keep the file's order (which the prefix search, reading
/// the index, answers in).
fn by_search_key(mut batch: Vec<NewListPlayer>) -> Vec<NewListPlayer> {
    batch.sort_by(|a, b| a.search_key.cmp(&b.search_key));
    batch
}

/// Streams `players` into list `id` in batches of `size`: the number stored.
/// The file is read, checked and folded into rows on a second thread while
/// this one inserts the rows read before (a bounded queue of two batches
/// between them, so memory does not grow with the file).
fn store(
    conn: &mut DbConnection,
    id: RatingListId,
    size: usize,
    players: &mut (dyn Iterator<Item = Result<ListPlayer, ListError>> + Send),
) -> DomainResult<i64> {
    let (to, from) = std::sync::mpsc::sync_channel(2);
    std::thread::scope(|s| {
        s.spawn(move || produce(id, size, players, to));
        let mut count: i64 = 0;
        // Any error returns here, dropping `from`: the reader stops at its
        // next batch and the scope waits for it.
        for batch in from {
            let mut batch = batch?;
            count += batch.len() as i64;
            insert_batch(conn, &mut batch)?;
        }
        Ok(count)
    })
}

/// Who may load or roll back the lists of `scope`: the server-wide lists
/// (`None`) need a list manager (`require_list_manager`); a tournament's own
/// list its organizer (or an administrator).
pub fn require_list_scope(
    conn: &mut DbConnection,
    actor: &Actor,
    scope: Option<TournamentId>,
) -> DomainResult<()> {
    match scope {
        None => require_list_manager(conn, actor),
        Some(tid) => require_role(conn, actor, tid, &[Role::Organizer]),
    }
}

/// The lists of `scope` (the server-wide ones when `None`, else the
/// tournament's own), of `source` and `active` when given, oldest first,
/// each with whether it is in use.
fn scope_rows(
    conn: &mut DbConnection,
    scope: Option<TournamentId>,
    source: Option<ListSource>,
    active: Option<bool>,
) -> DomainResult<Vec<(ListRow, bool)>> {
    let mut q = rating_lists::table.into_boxed();
    q = match scope {
        None => q.filter(rating_lists::tournament_id.is_null()),
        Some(tid) => q.filter(rating_lists::tournament_id.eq(tid)),
    };
    if let Some(s) = source {
        q = q.filter(rating_lists::source.eq(s.as_str()));
    }
    if let Some(a) = active {
        q = q.filter(rating_lists::active.eq(a));
    }
    Ok(q.order(rating_lists::id)
        .select((LIST_COLUMNS, rating_lists::active))
        .load(conn)?)
}

/// Imports a server-wide list (`import_into` with no tournament).
pub fn import(
    conn: &mut DbConnection,
    actor: &Actor,
    cmd: &ImportList,
    players: &mut (dyn Iterator<Item = Result<ListPlayer, ListError>> + Send),
) -> DomainResult<RatingListView> {
    import_into(conn, actor, None, cmd, players)
}

/// Imports a list from `players` (a reader over the file) into `scope` (the
/// server's lists, or tournament `scope`'s own), replacing the previous list
/// of the same source there, in the caller's transaction: a problem anywhere
/// in the file (answered as `Invalid` on `file`, with its line and byte)
/// leaves the database as it was. One audit row.
pub fn import_into(
    conn: &mut DbConnection,
    actor: &Actor,
    scope: Option<TournamentId>,
    cmd: &ImportList,
    players: &mut (dyn Iterator<Item = Result<ListPlayer, ListError>> + Send),
) -> DomainResult<RatingListView> {
    require_list_scope(conn, actor, scope)?;
    let date = cmd.list_date.trim();
    if chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err() {
        return Err(DomainError::invalid(
            "date",
            msg!("the list date '{}' is not YYYY-MM-DD", date),
        ));
    }
    let source = cmd.format.source();
    // The list this import replaces is kept, inactive, for a rollback; the
    // one it had replaced goes.
    let kept = scope_rows(conn, scope, Some(source), None)?;
    for (o, _) in kept.iter().filter(|(_, active)| !active) {
        diesel::delete(rating_list_players::table.filter(rating_list_players::list_id.eq(o.0)))
            .execute(conn)?;
        diesel::delete(rating_lists::table.filter(rating_lists::id.eq(o.0))).execute(conn)?;
    }
    let old: Vec<ListRow> = kept
        .into_iter()
        .filter(|(_, active)| *active)
        .map(|(r, _)| r)
        .collect();
    let old_ids: Vec<RatingListId> = old.iter().map(|r| r.0).collect();
    diesel::update(rating_lists::table.filter(rating_lists::id.eq_any(&old_ids)))
        .set(rating_lists::active.eq(false))
        .execute(conn)?;
    let imported_at = now();
    let id: RatingListId = diesel::insert_into(rating_lists::table)
        .values((
            rating_lists::source.eq(source.as_str()),
            rating_lists::name.eq(cmd.name.trim()),
            rating_lists::list_date.eq(date),
            rating_lists::imported_at.eq(&imported_at),
            rating_lists::row_count.eq(0i64),
            rating_lists::active.eq(true),
            rating_lists::tournament_id.eq(scope),
        ))
        .returning(rating_lists::id)
        .get_result(conn)?;
    // SQLite: a larger page cache while the indexes grow (the name index is
    // filled in random order); back to the default afterwards.
    if let DbConnection::Sqlite(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "PRAGMA cache_size = -131072")?;
    }
    let stored = store(conn, id, BATCH, players);
    if let DbConnection::Sqlite(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "PRAGMA cache_size = -2000")?;
    }
    let count = stored?;
    // PostgreSQL plans from statistics: gather them for the new rows now
    // rather than when autovacuum comes by.
    if let DbConnection::Postgresql(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "ANALYZE rating_list_players")?;
    }
    if count == 0 {
        return Err(DomainError::invalid(
            "file",
            msg!("the file lists no players"),
        ));
    }
    diesel::update(rating_lists::table.filter(rating_lists::id.eq(id)))
        .set(rating_lists::row_count.eq(count))
        .execute(conn)?;
    let v = RatingListView {
        id,
        source,
        name: cmd.name.trim().to_string(),
        list_date: date.to_string(),
        imported_at,
        players: count,
        tournament_id: scope,
    };
    let before: Vec<RatingListView> = old.into_iter().map(list_view).collect();
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: scope,
            action: "rating_list.import",
            entity: "rating_list",
            entity_id: Some(id.into()),
        },
        Some(&before),
        Some(&v),
    )?;
    Ok(v)
}

const LIST_COLUMNS: (
    rating_lists::id,
    rating_lists::source,
    rating_lists::name,
    rating_lists::list_date,
    rating_lists::imported_at,
    rating_lists::row_count,
    rating_lists::tournament_id,
) = (
    rating_lists::id,
    rating_lists::source,
    rating_lists::name,
    rating_lists::list_date,
    rating_lists::imported_at,
    rating_lists::row_count,
    rating_lists::tournament_id,
);

/// The server-wide lists in use (one per source).
pub fn lists(conn: &mut DbConnection) -> DomainResult<Vec<RatingListView>> {
    let rows = scope_rows(conn, None, None, Some(true))?;
    Ok(rows.into_iter().map(|(r, _)| list_view(r)).collect())
}

/// The lists tournament `tid` registers from (its registration, the staff's
/// search and the re-rating read these): of each source, its own list when
/// it has one in use, else the server-wide one. With no tournament, the
/// server-wide lists.
pub fn lists_in_use(
    conn: &mut DbConnection,
    tid: Option<TournamentId>,
) -> DomainResult<Vec<RatingListView>> {
    let mut own: Vec<RatingListView> = match tid {
        Some(t) => scope_rows(conn, Some(t), None, Some(true))?
            .into_iter()
            .map(|(r, _)| list_view(r))
            .collect(),
        None => Vec::new(),
    };
    for l in lists(conn)? {
        if !own.iter().any(|o| o.source == l.source) {
            own.push(l);
        }
    }
    own.sort_by_key(|l| l.id);
    Ok(own)
}

/// A tournament's own lists and what it registers from.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct TournamentLists {
    /// The tournament's own lists in use (at most one per source).
    pub own: Vec<RatingListView>,
    /// Its own lists a rollback would put back (the last one each replaced).
    pub kept: Vec<RatingListView>,
    /// The lists its registration, search and re-rating read: its own of a
    /// source, else the server-wide one.
    pub in_use: Vec<RatingListView>,
}

/// Tournament `tid`'s own lists: for its organizers and arbiters (and
/// administrators).
pub fn tournament_lists(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<TournamentLists> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    lists_of(conn, tid)
}

fn lists_of(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<TournamentLists> {
    let rows = scope_rows(conn, Some(tid), None, None)?;
    let (own, kept): (Vec<_>, Vec<_>) = rows.into_iter().partition(|(_, active)| *active);
    Ok(TournamentLists {
        own: own.into_iter().map(|(r, _)| list_view(r)).collect(),
        kept: kept.into_iter().map(|(r, _)| list_view(r)).collect(),
        in_use: lists_in_use(conn, Some(tid))?,
    })
}

/// Which source's list to roll back.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Rollback {
    pub source: ListSource,
}

/// Puts back the server-wide list the last import of `source` replaced: the
/// two swap places, so a second rollback undoes the first. One audit row.
pub fn rollback(
    conn: &mut DbConnection,
    actor: &Actor,
    cmd: &Rollback,
) -> DomainResult<RatingListView> {
    require_list_manager(conn, actor)?;
    let (_, after) = swap(conn, actor, None, cmd.source)?;
    after.ok_or_else(|| no_earlier(cmd.source))
}

/// Puts back tournament `tid`'s own list that its last import of the source
/// replaced (the two swap places); with no such list, its own list is put
/// aside and the tournament reads the server-wide list again (a second
/// rollback takes its own list back). The organizer's (or an
/// administrator's) act; one audit row.
pub fn rollback_own(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: &Rollback,
) -> DomainResult<TournamentLists> {
    require_list_scope(conn, actor, Some(tid))?;
    swap(conn, actor, Some(tid), cmd.source)?;
    lists_of(conn, tid)
}

fn no_earlier(source: ListSource) -> DomainError {
    DomainError::conflict(msg!(
        "there is no earlier {} list to go back to",
        word(source.as_str())
    ))
}

/// The rollback of `scope`'s list of `source`: the list in use before and
/// after (none: the tournament reads the server-wide list).
fn swap(
    conn: &mut DbConnection,
    actor: &Actor,
    scope: Option<TournamentId>,
    source: ListSource,
) -> DomainResult<(Option<RatingListView>, Option<RatingListView>)> {
    let rows = scope_rows(conn, scope, Some(source), None)?;
    let current = rows.iter().rev().find(|(_, a)| *a).map(|(r, _)| r.clone());
    let previous = rows.iter().rev().find(|(_, a)| !*a).map(|(r, _)| r.clone());
    let ids: Vec<RatingListId> = rows.iter().map(|(r, _)| r.0).collect();
    let after = match (scope, &current, previous) {
        (_, _, Some(p)) => Some(p),
        // A tournament's first own list: back to the server's.
        (Some(_), Some(_), None) => None,
        _ => return Err(no_earlier(source)),
    };
    diesel::update(rating_lists::table.filter(rating_lists::id.eq_any(&ids)))
        .set(rating_lists::active.eq(false))
        .execute(conn)?;
    if let Some(a) = &after {
        diesel::update(rating_lists::table.filter(rating_lists::id.eq(a.0)))
            .set(rating_lists::active.eq(true))
            .execute(conn)?;
    }
    let before = current.map(list_view);
    let after = after.map(list_view);
    let entity_id = after.as_ref().or(before.as_ref()).map(|l| l.id.into());
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: scope,
            action: "rating_list.rollback",
            entity: "rating_list",
            entity_id,
        },
        Some(&before),
        Some(&after),
    )?;
    Ok((before, after))
}
