//! Search at registration: by FIDE id and by folded name prefix, and what a found player fills in.

use super::*;
use crate::domain::ids::TournamentId;

/// A player found in a list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct FoundPlayer {
    #[schema(value_type = i32)]
    pub list_id: RatingListId,
    pub source: ListSource,
    pub list_date: String,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    pub name: String,
    /// As listed: the open title, then a women's title if both.
    pub title: String,
    pub federation: String,
    pub sex: crate::domain::kinds::Sex,
    pub birth_year: Option<i32>,
    pub standard: Option<i32>,
    pub rapid: Option<i32>,
    pub blitz: Option<i32>,
    pub games: Option<i32>,
    pub k_standard: Option<i32>,
    pub k_rapid: Option<i32>,
    pub k_blitz: Option<i32>,
    pub flags: String,
    /// With `tid` in the search: what a registration in that tournament takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<EventFill>,
}

/// The rating, K and title a registration in a given tournament takes.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct EventFill {
    pub kind: RatingKind,
    pub rating: Option<i32>,
    pub k: Option<i32>,
    pub title: String,
}

/// Adds to each found player what tournament `tid` would take (see `EventFill`).
pub fn for_event(
    conn: &mut DbConnection,
    tid: TournamentId,
    found: &mut [FoundPlayer],
) -> DomainResult<()> {
    let t = load_tournament(conn, tid)?;
    let kind = event_rating_kind(&t);
    for f in found {
        let p = f.player();
        f.event = Some(EventFill {
            kind,
            rating: p.rating(kind),
            k: p.k(kind).filter(|k| [10, 20, 40].contains(k)),
            title: p.registration_title(),
        });
    }
    Ok(())
}

impl FoundPlayer {
    /// The list entry as a `ListPlayer` (the title split back).
    pub fn player(&self) -> ListPlayer {
        let mut words = self.title.split_whitespace();
        ListPlayer {
            fide_id: self.fide_id,
            national_id: self.national_id.clone(),
            name: self.name.clone(),
            title: words.next().unwrap_or("").to_string(),
            w_title: words.next().unwrap_or("").to_string(),
            federation: self.federation.clone(),
            sex: self.sex,
            birth_year: self.birth_year,
            standard: self.standard,
            rapid: self.rapid,
            blitz: self.blitz,
            games: self.games,
            k_standard: self.k_standard,
            k_rapid: self.k_rapid,
            k_blitz: self.k_blitz,
            flags: self.flags.clone(),
            ..Default::default()
        }
    }
}

#[allow(clippy::type_complexity)]
type FoundRow = (
    (
        RatingListId,
        Option<i64>,
        Option<String>,
        String,
        String,
        String,
        crate::domain::kinds::Sex,
    ),
    (
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        String,
    ),
);

macro_rules! found_columns {
    () => {
        (
            (
                rating_list_players::list_id,
                rating_list_players::fide_id,
                rating_list_players::national_id,
                rating_list_players::name,
                rating_list_players::title,
                rating_list_players::federation,
                rating_list_players::sex,
            ),
            (
                rating_list_players::birth_year,
                rating_list_players::standard,
                rating_list_players::rapid,
                rating_list_players::blitz,
                rating_list_players::games,
                rating_list_players::k_standard,
                rating_list_players::k_rapid,
                rating_list_players::k_blitz,
                rating_list_players::flags,
            ),
        )
    };
}

fn found(lists: &[RatingListView], rows: Vec<FoundRow>) -> DomainResult<Vec<FoundPlayer>> {
    Ok(rows
        .into_iter()
        .map(|(a, b)| {
            let list = lists.iter().find(|l| l.id == a.0);
            FoundPlayer {
                list_id: a.0,
                source: list.map(|l| l.source).unwrap_or(ListSource::National),
                list_date: list.map(|l| l.list_date.clone()).unwrap_or_default(),
                fide_id: a.1,
                national_id: a.2,
                name: a.3,
                title: a.4,
                federation: a.5,
                sex: a.6,
                birth_year: b.0,
                standard: b.1,
                rapid: b.2,
                blitz: b.3,
                games: b.4,
                k_standard: b.5,
                k_rapid: b.6,
                k_blitz: b.7,
                flags: b.8,
                event: None,
            }
        })
        .collect())
}

/// Searches the server-wide lists (`search_for` with no tournament).
pub fn search(conn: &mut DbConnection, q: &str, limit: i64) -> DomainResult<Vec<FoundPlayer>> {
    search_for(conn, None, q, limit)
}

/// Searches the lists tournament `tid` registers from (`lists_in_use`: its
/// own list of a source before the server-wide one; the server-wide lists
/// with no tournament): a number is an id (FIDE or national), anything else a
/// prefix of the folded name ("Kowalski, J", "kowalski j" and "Kowalski J"
/// find "Kowalski, Jan"; so does "Kowalski, Jan" for "Kowalski, Ján").
pub fn search_for(
    conn: &mut DbConnection,
    tid: Option<TournamentId>,
    q: &str,
    limit: i64,
) -> DomainResult<Vec<FoundPlayer>> {
    if q.is_empty() {
        return Err(DomainError::invalid(
            "q",
            msg!("search by a FIDE or national id, or by the beginning of a name"),
        ));
    }
    let q = q.trim();
    let limit = limit.clamp(1, 100);
    if !q.is_empty() && q.chars().all(|c| c.is_ascii_digit()) {
        let mut rows: Vec<FoundRow> = Vec::new();
        let lists = lists_in_use(conn, tid)?;
        let active: Vec<RatingListId> = lists.iter().map(|l| l.id).collect();
        if let Ok(n) = q.parse::<i64>() {
            rows = rating_list_players::table
                .filter(rating_list_players::fide_id.eq(n))
                .filter(rating_list_players::list_id.eq_any(&active))
                .limit(limit)
                .select(found_columns!())
                .load(conn)?;
        }
        let national: Vec<FoundRow> = rating_list_players::table
            .filter(rating_list_players::national_id.eq(q))
            .filter(rating_list_players::list_id.eq_any(&active))
            .limit(limit)
            .select(found_columns!())
            .load(conn)?;
        rows.extend(national);
        rows.truncate(limit as usize);
        return found(&lists, rows);
    }
    // Text with no letter or digit (", ", "-") is the beginning of no name:
    // it finds no one, white space alone included. Only an empty text is
    // refused, as the document says (`minLength: 1`).
    let key = fold(q);
    if key.is_empty() {
        return Ok(Vec::new());
    }
    // A prefix is a range of the index: [key, key + the greatest character),
    // read in index order (no sort: with `id` as a second key PostgreSQL
    // sorted every match of a short prefix).
    let upper = format!("{key}\u{10FFFF}");
    let lists = lists_in_use(conn, tid)?;
    let active: Vec<RatingListId> = lists.iter().map(|l| l.id).collect();
    let rows: Vec<FoundRow> = rating_list_players::table
        .filter(rating_list_players::list_id.eq_any(&active))
        .filter(rating_list_players::search_key.ge(&key))
        .filter(rating_list_players::search_key.lt(&upper))
        .order(rating_list_players::search_key)
        .limit(limit)
        .select(found_columns!())
        .load(conn)?;
    found(&lists, rows)
}

/// The FIDE list tournament `tid` registers from (its own, else the
/// server-wide one; the server-wide one with no tournament), if any.
pub fn fide_list(
    conn: &mut DbConnection,
    tid: Option<TournamentId>,
) -> DomainResult<Option<RatingListView>> {
    Ok(lists_in_use(conn, tid)?
        .into_iter()
        .find(|l| l.source == ListSource::Fide))
}

/// List `list`'s entry for a FIDE id, if any.
pub fn in_list(
    conn: &mut DbConnection,
    list: &RatingListView,
    fide_id: i64,
) -> DomainResult<Option<FoundPlayer>> {
    let rows: Vec<FoundRow> = rating_list_players::table
        .filter(rating_list_players::list_id.eq(list.id))
        .filter(rating_list_players::fide_id.eq(fide_id))
        .limit(1)
        .select(found_columns!())
        .load(conn)?;
    Ok(found(std::slice::from_ref(list), rows)?.into_iter().next())
}

/// The entry for a FIDE id in the FIDE list tournament `tid` registers from
/// (`fide_list`), if any.
pub fn by_fide_id(
    conn: &mut DbConnection,
    tid: Option<TournamentId>,
    fide_id: i64,
) -> DomainResult<Option<FoundPlayer>> {
    match fide_list(conn, tid)? {
        Some(list) => in_list(conn, &list, fide_id),
        None => Ok(None),
    }
}

/// What a registration takes from the list, for the event's rating
/// (standard, rapid or blitz): name, title, federation, sex, birth year,
/// rating and K. Fields the registration already gives are kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Filled {
    pub name: String,
    pub title: String,
    pub federation: String,
    pub sex: crate::domain::kinds::Sex,
    pub birth_year: Option<i32>,
    pub rating: Option<i32>,
    pub k: Option<i32>,
}

/// The registration data of FIDE id `fide_id` from the FIDE list tournament
/// `t` registers from (its own, else the server-wide one): `Invalid` on
/// `fide_id` when the list lacks it.
pub fn registration_data(
    conn: &mut DbConnection,
    t: &TournamentRow,
    fide_id: i64,
) -> DomainResult<Filled> {
    let Some(f) = by_fide_id(conn, Some(t.id), fide_id)? else {
        return Err(DomainError::invalid(
            "fide_id",
            msg!(
                "FIDE id {} is not in the imported FIDE rating list",
                fide_id
            ),
        ));
    };
    let kind = event_rating_kind(t);
    let p = f.player();
    Ok(Filled {
        title: p.registration_title(),
        name: p.name.clone(),
        federation: p.federation.clone(),
        sex: p.sex,
        birth_year: p.birth_year,
        rating: p.rating(kind),
        k: p.k(kind).filter(|k| [10, 20, 40].contains(k)),
    })
}
