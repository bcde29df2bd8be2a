//! Publishing from the venue to a public server (issue 39).
//!
//! At the venue an event is run on a laptop; the federation's server shows it
//! to the world. The venue sends the event's *public state*: what
//! [`Audience::Public`] may read — the regulations, the players' public
//! fields, the published rounds with their games, moves, penalties (without
//! the arbiter's note) and the prize table — and nothing else: no unpublished
//! pairing, no sealed move (adjournments are never sent), no entry (e-mails),
//! no internal note, of the birth date only the year ([`snapshot`]).
//!
//! On the server the event is a tournament of its own marked as a mirror
//! (table `mirrors`): [`accept`] replaces its rows from each newer state in
//! ONE transaction with ONE audit row, which moves the tournament's version
//! like any write, so the public pages, API reads, ETags, live streams and the
//! other instances (`sync.rs`) follow unchanged. Every other write to a
//! mirror is refused where every write passes: its audit row
//! (`audit::record`). The venue authenticates with a token the server's
//! organizer issues ([`issue_token`]): shown once, stored as its SHA-256,
//! compared in constant time, revocable, valid for one mirror only.

use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Msg, Role};
use crate::db::schema::{
    game_records, games, mirror_ids, mirrors, penalties, players, prize_tables, publish_links,
    rounds, tournament_versions, tournaments,
};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};
use crate::types::kinds::{
    Acceleration, GameKind, InitialColour, LateEntryBye, LawsEdition, Notation, PairingSystem,
    PenaltyKind, PlayerStatus, RatingOrder, RecordFormat, RoundState, Sex, TournamentStatus,
    Variant,
};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use utoipa::ToSchema;

// The audit actions of mirrors: `audit::record` lets only `mirror.*` through
// on a mirrored tournament.
const ACCEPTED: &str = "mirror.state_accepted";
const TOKEN_ISSUED: &str = "mirror.token_issued";
const TOKEN_REVOKED: &str = "mirror.token_revoked";

/// The regulations and state of the event (every column of `tournaments` but
/// its id: all of it is public).
#[derive(Queryable, Selectable, AsChangeset, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[diesel(table_name = tournaments)]
pub struct EventState {
    pub name: String,
    pub place: String,
    pub federation: String,
    pub start_date: String,
    pub end_date: String,
    pub system: PairingSystem,
    pub rounds: i32,
    pub schedule: String,
    pub time_control: String,
    pub default_time_minutes: i32,
    pub adjournments: bool,
    pub resumption_lateness_minutes: i32,
    pub points: String,
    pub late_entry_bye: LateEntryBye,
    pub draw_offer_min_moves: i32,
    pub draw_needs_arbiter: bool,
    pub illegal_moves_lose: i32,
    pub illegal_move_bonus_seconds: i32,
    pub variant: Variant,
    pub tiebreaks: String,
    pub initial_color: InitialColour,
    pub rating_order: RatingOrder,
    pub notation: Notation,
    pub laws_edition: LawsEdition,
    pub status: TournamentStatus,
    pub version: i32,
    pub created_at: String,
    pub updated_at: String,
    pub acceleration: Acceleration,
}

/// A player's public fields (the birth date as its year, as the public reads it).
#[derive(
    Queryable, Selectable, Insertable, AsChangeset, Serialize, Deserialize, Clone, Debug, PartialEq,
)]
#[diesel(table_name = players)]
#[diesel(treat_none_as_null = true)]
pub struct PlayerState {
    pub start_no: i32,
    pub fide_id: Option<i64>,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub club: String,
    pub birth_date: String,
    pub sex: Sex,
    pub rating: Option<i32>,
    pub national_rating: Option<i32>,
    pub k_factor: i32,
    pub status: PlayerStatus,
    pub joined_round: RoundNo,
    pub left_after_round: Option<RoundNo>,
    pub version: i32,
    pub created_at: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MirrorPlayer {
    /// The player's id at the venue.
    pub id: PlayerId,
    pub row: PlayerState,
}

/// A published round.
#[derive(Queryable, Selectable, Insertable, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[diesel(table_name = rounds)]
#[diesel(treat_none_as_null = true)]
pub struct PublishedRound {
    pub number: RoundNo,
    pub scheduled_start: Option<String>,
    pub state: RoundState,
    pub chess960_position: Option<i32>,
    pub paired_at: String,
    pub published_at: Option<String>,
}

/// A game of a published round (`white_id`, `black_id`: the venue's ids).
#[derive(
    Queryable, Selectable, Insertable, AsChangeset, Serialize, Deserialize, Clone, Debug, PartialEq,
)]
#[diesel(table_name = games)]
#[diesel(treat_none_as_null = true)]
pub struct GameState {
    pub round_number: RoundNo,
    pub board: i32,
    pub white_id: PlayerId,
    pub black_id: Option<PlayerId>,
    pub kind: GameKind,
    pub white_score: Option<i32>,
    pub black_score: Option<i32>,
    pub termination: String,
    pub reason: String,
    pub version: i32,
    pub updated_at: String,
    pub chess960_position: Option<i32>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MirrorGame {
    /// The game's id at the venue.
    pub id: GameId,
    pub row: GameState,
}

/// The moves of a game of a published round.
#[derive(Queryable, Selectable, Insertable, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[diesel(table_name = game_records)]
pub struct RecordState {
    pub format: RecordFormat,
    pub notation: String,
    pub start_fen: String,
    pub text: String,
    pub report: String,
    pub uploaded_at: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MirrorRecord {
    pub game_id: GameId,
    pub row: RecordState,
}

/// A penalty of a game of a published round, as the public sees it (the
/// arbiter's note and name are not sent).
#[derive(Queryable, Selectable, Insertable, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[diesel(table_name = penalties)]
#[diesel(treat_none_as_null = true)]
pub struct PenaltyState {
    pub kind: PenaltyKind,
    pub article: String,
    pub seconds: Option<i32>,
    pub decision: String,
    pub effect: String,
    pub note: String,
    pub at: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MirrorPenalty {
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub row: PenaltyState,
}

#[derive(Queryable, Selectable, Insertable, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[diesel(table_name = prize_tables)]
pub struct PrizeState {
    pub body: String,
    pub version: i32,
    pub updated_at: String,
}

/// One public state of an event, as the venue sends it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, ToSchema)]
pub struct Snapshot {
    /// The venue's version of the event (its `tournament_versions` row): the
    /// server accepts only a newer one.
    pub version: i64,
    #[schema(value_type = Object)]
    pub event: EventState,
    #[schema(value_type = Vec<Object>)]
    pub players: Vec<MirrorPlayer>,
    #[schema(value_type = Vec<Object>)]
    pub rounds: Vec<PublishedRound>,
    #[schema(value_type = Vec<Object>)]
    pub games: Vec<MirrorGame>,
    #[schema(value_type = Vec<Object>)]
    pub records: Vec<MirrorRecord>,
    #[schema(value_type = Vec<Object>)]
    pub penalties: Vec<MirrorPenalty>,
    #[schema(value_type = Option<Object>)]
    pub prizes: Option<PrizeState>,
}

/// The version of tournament `tid` (0 before its first write).
pub fn version_of(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<i64> {
    Ok(tournament_versions::table
        .find(tid)
        .select(tournament_versions::version)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// The public state of tournament `tid` at the venue: what an anonymous reader
/// may see, and nothing else (see the module's comment). Read in one
/// transaction, so the version and the rows agree.
pub fn snapshot(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Snapshot> {
    if crate::domain::teams::is_team_event(conn, tid)? {
        return Err(DomainError::conflict(msg!(
            "a team event cannot be published from the venue yet"
        )));
    }
    let version = version_of(conn, tid)?;
    let event: EventState = tournaments::table
        .find(tid)
        .select(EventState::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("tournament {}", tid)))?;
    let last = Audience::Public.last_round(conn, tid)?;
    let players: Vec<MirrorPlayer> = players::table
        .filter(players::tournament_id.eq(tid))
        .order(players::id)
        .select((players::id, PlayerState::as_select()))
        .load::<(PlayerId, PlayerState)>(conn)?
        .into_iter()
        .map(|(id, mut row)| {
            // The public reads the year of birth only (`PlayerView::seen_by`).
            row.birth_date = crate::domain::registration::year_of(&row.birth_date)
                .map(|y| format!("{y:04}"))
                .unwrap_or_default();
            MirrorPlayer { id, row }
        })
        .collect();
    let rounds: Vec<PublishedRound> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.le(last))
        .order(rounds::number)
        .select(PublishedRound::as_select())
        .load(conn)?;
    let games: Vec<MirrorGame> = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::round_number.le(last))
        .order(games::id)
        .select((games::id, GameState::as_select()))
        .load::<(GameId, GameState)>(conn)?
        .into_iter()
        .map(|(id, row)| MirrorGame { id, row })
        .collect();
    let public: HashSet<GameId> = games.iter().map(|g| g.id).collect();
    let records: Vec<MirrorRecord> = game_records::table
        .filter(game_records::tournament_id.eq(tid))
        .order(game_records::game_id)
        .select((game_records::game_id, RecordState::as_select()))
        .load::<(GameId, RecordState)>(conn)?
        .into_iter()
        .filter(|(g, _)| public.contains(g))
        .map(|(game_id, row)| MirrorRecord { game_id, row })
        .collect();
    let penalties: Vec<MirrorPenalty> = penalties::table
        .filter(penalties::tournament_id.eq(tid))
        .order(penalties::id)
        .select((
            penalties::game_id,
            penalties::player_id,
            PenaltyState::as_select(),
        ))
        .load::<(GameId, PlayerId, PenaltyState)>(conn)?
        .into_iter()
        .filter(|(g, _, _)| public.contains(g))
        .map(|(game_id, player_id, mut row)| {
            // The internal note is for the staff (`penalties::for_audience`).
            row.note.clear();
            MirrorPenalty {
                game_id,
                player_id,
                row,
            }
        })
        .collect();
    let prizes: Option<PrizeState> = prize_tables::table
        .find(tid)
        .select(PrizeState::as_select())
        .first(conn)
        .optional()?;
    Ok(Snapshot {
        version,
        event,
        players,
        rounds,
        games,
        records,
        penalties,
        prizes,
    })
}

// ---------------------------------------------------------------- the server

/// A mirror as its organizer and the public see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MirrorView {
    /// Whether the tournament is published from a venue (read-only here).
    pub mirrored: bool,
    /// The venue's version of the state shown (0 before the first).
    pub venue_version: i64,
    /// When that state was accepted.
    pub accepted_at: Option<String>,
    /// Whether a token may publish (false once revoked).
    pub token_active: bool,
}

/// A token just issued: shown once, stored only as its hash.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct IssuedToken {
    pub token: String,
    #[schema(value_type = i32)]
    pub tournament_id: TournamentId,
}

/// What a push did.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Accepted {
    pub venue_version: i64,
    /// False when the state was the one already shown (a repeat: nothing done).
    pub replaced: bool,
}

type MirrorRow = (String, Option<String>, i64, Option<String>);

fn mirror_row(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Option<MirrorRow>> {
    Ok(mirrors::table
        .find(tid)
        .select((
            mirrors::token_hash,
            mirrors::revoked_at,
            mirrors::venue_version,
            mirrors::accepted_at,
        ))
        .first(conn)
        .optional()?)
}

/// Whether tournament `tid` is a mirror (read-only but for its venue).
pub fn is_mirror(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<bool> {
    Ok(mirror_row(conn, tid)?.is_some())
}

/// The mirror state of `tid` (a tournament of this server is `mirrored: false`).
pub fn view(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<MirrorView> {
    crate::domain::tournaments::get(conn, tid, Audience::Public)?;
    Ok(match mirror_row(conn, tid)? {
        None => MirrorView {
            mirrored: false,
            venue_version: 0,
            accepted_at: None,
            token_active: false,
        },
        Some((hash, revoked, v, at)) => MirrorView {
            mirrored: true,
            venue_version: v,
            accepted_at: at,
            token_active: revoked.is_none() && !hash.is_empty(),
        },
    })
}

/// Issues a publishing token for tournament `tid` (organizer): the first one
/// makes the tournament a mirror, and must find it empty (no players, no
/// rounds); a new one replaces the previous, which stops working.
pub fn issue_token(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<IssuedToken> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let token = format!("arbp.{tid}.{}", crate::domain::users::random_token());
    let hash = crate::domain::users::token_hash(&token);
    if mirror_row(conn, tid)?.is_none() {
        let filled: i64 = players::table
            .filter(players::tournament_id.eq(tid))
            .count()
            .get_result(conn)?;
        let paired: i64 = rounds::table
            .filter(rounds::tournament_id.eq(tid))
            .count()
            .get_result(conn)?;
        if filled + paired > 0 || crate::domain::teams::is_team_event(conn, tid)? {
            return Err(DomainError::conflict(msg!(
                "tournament {} already has players or rounds: publish from the venue into a new, empty tournament",
                tid
            )));
        }
        diesel::insert_into(mirrors::table)
            .values((
                mirrors::tournament_id.eq(tid),
                mirrors::token_hash.eq(&hash),
                mirrors::issued_at.eq(now()),
            ))
            .execute(conn)?;
    } else {
        diesel::update(mirrors::table.find(tid))
            .set((
                mirrors::token_hash.eq(&hash),
                mirrors::issued_at.eq(now()),
                mirrors::revoked_at.eq(None::<String>),
            ))
            .execute(conn)?;
    }
    // The token itself is never written down (the audit row says it was issued).
    super::audit::Entry::at(tid, TOKEN_ISSUED, "mirror", tid)
        .record::<(), ()>(conn, actor, None, None)?;
    Ok(IssuedToken {
        token,
        tournament_id: tid,
    })
}

/// Revokes the publishing token of mirror `tid` (organizer): the venue's
/// states are refused until a new one is issued. The mirror stays read-only.
pub fn revoke_token(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<MirrorView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    if mirror_row(conn, tid)?.is_none() {
        return Err(DomainError::NotFound(msg!(
            "a publishing token of tournament {}",
            tid
        )));
    }
    diesel::update(mirrors::table.find(tid))
        .set((
            mirrors::token_hash.eq(""),
            mirrors::revoked_at.eq(Some(now())),
        ))
        .execute(conn)?;
    super::audit::Entry::at(tid, TOKEN_REVOKED, "mirror", tid)
        .record::<(), ()>(conn, actor, None, None)?;
    view(conn, tid)
}

/// Checks `token` against mirror `tid`: `Forbidden` for a wrong, revoked or
/// other event's token (and for a tournament that is no mirror).
pub fn check_token(conn: &mut DbConnection, tid: TournamentId, token: &str) -> DomainResult<()> {
    let given = crate::domain::users::token_hash(token);
    let ok = match mirror_row(conn, tid)? {
        Some((hash, None, _, _)) if !hash.is_empty() => constant_time_eq(&given, &hash),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(DomainError::Forbidden(msg!(
            "this publishing token does not publish tournament {} (wrong, revoked or of another event)",
            tid
        )))
    }
}

/// Equal strings, in a time that does not depend on where they differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The venue as an actor: no account, named in the audit log.
fn venue() -> Actor {
    Actor {
        user_id: None,
        username: Some("venue".into()),
        is_admin: false,
    }
}

/// Accepts a public state for mirror `tid` sent with `token`: a newer version
/// replaces every row of the mirror in this one transaction with one audit
/// row; the version shown is accepted again without change (a repeat); an
/// older one is a conflict. Nothing is stored unless all of it is.
pub fn accept(
    conn: &mut DbConnection,
    tid: TournamentId,
    token: &str,
    snap: Snapshot,
) -> DomainResult<Accepted> {
    check_token(conn, tid, token)?;
    let (_, _, shown, _) = mirror_row(conn, tid)?.unwrap_or_default();
    if snap.version < shown {
        return Err(DomainError::Conflict {
            message: msg!(
                "version {} is older than the version {} already published",
                snap.version,
                shown
            ),
            current: Some(serde_json::json!({ "venue_version": shown })),
        });
    }
    if snap.version == shown {
        return Ok(Accepted {
            venue_version: shown,
            replaced: false,
        });
    }
    check_snapshot(&snap)?;
    replace(conn, tid, &snap)?;
    let at = now();
    diesel::update(mirrors::table.find(tid))
        .set((
            mirrors::venue_version.eq(snap.version),
            mirrors::accepted_at.eq(Some(&at)),
        ))
        .execute(conn)?;
    super::audit::record(
        conn,
        &venue(),
        super::audit::Entry {
            tournament_id: Some(tid),
            action: ACCEPTED,
            entity: "mirror",
            entity_id: Some(snap.version),
        },
        Some(&serde_json::json!({ "venue_version": shown })),
        Some(&serde_json::json!({
            "venue_version": snap.version,
            "players": snap.players.len(),
            "rounds": snap.rounds.len(),
            "games": snap.games.len(),
        })),
    )?;
    Ok(Accepted {
        venue_version: snap.version,
        replaced: true,
    })
}

/// The state hangs together: every game's players and round are in it, every
/// record's and penalty's game too, and it shows no unpublished round.
fn check_snapshot(snap: &Snapshot) -> DomainResult<()> {
    hangs_together(
        &snap.players,
        &snap.rounds,
        &snap.games,
        &snap.records,
        &snap.penalties,
    )
}

fn hangs_together(
    s_players: &[MirrorPlayer],
    s_rounds: &[PublishedRound],
    s_games: &[MirrorGame],
    s_records: &[MirrorRecord],
    s_penalties: &[MirrorPenalty],
) -> DomainResult<()> {
    let bad = |what: Msg| Err(DomainError::invalid("body", what));
    let players: HashSet<PlayerId> = s_players.iter().map(|p| p.id).collect();
    let rounds: HashSet<RoundNo> = s_rounds.iter().map(|r| r.number).collect();
    let games: HashSet<GameId> = s_games.iter().map(|g| g.id).collect();
    if players.len() != s_players.len() || games.len() != s_games.len() {
        return bad(msg!("the state names a player or a game twice"));
    }
    if s_rounds.iter().any(|r| !r.state.is_public()) {
        return bad(msg!("the state holds an unpublished round"));
    }
    for g in s_games {
        let known = players.contains(&g.row.white_id)
            && g.row.black_id.is_none_or(|b| players.contains(&b))
            && rounds.contains(&g.row.round_number);
        if !known {
            return bad(msg!(
                "game {} names a player or a round the state does not hold",
                g.id
            ));
        }
    }
    let orphan = s_records.iter().any(|r| !games.contains(&r.game_id))
        || s_penalties
            .iter()
            .any(|p| !games.contains(&p.game_id) || !players.contains(&p.player_id));
    if orphan {
        return bad(msg!(
            "a record or a penalty names a game or a player the state does not hold"
        ));
    }
    Ok(())
}

/// The mirror's local ids of the venue's rows of `entity`.
fn local_ids(
    conn: &mut DbConnection,
    tid: TournamentId,
    entity: &str,
) -> DomainResult<HashMap<i32, i32>> {
    Ok(mirror_ids::table
        .filter(mirror_ids::tournament_id.eq(tid))
        .filter(mirror_ids::entity.eq(entity))
        .select((mirror_ids::venue_id, mirror_ids::local_id))
        .load::<(i32, i32)>(conn)?
        .into_iter()
        .collect())
}

/// Every row of mirror `tid` made the state's. A player or game keeps its
/// local id from one state to the next (table `mirror_ids`), so its address
/// does too; only the players and games that changed are written (a venue's
/// next state usually differs in one game); the rest — rounds, moves,
/// penalties, the prize table — is small and replaced whole.
fn replace(conn: &mut DbConnection, tid: TournamentId, snap: &Snapshot) -> DomainResult<()> {
    let old_players = local_ids(conn, tid, "player")?;
    let old_games = local_ids(conn, tid, "game")?;
    let cur_players: HashMap<PlayerId, PlayerState> = players::table
        .filter(players::tournament_id.eq(tid))
        .select((players::id, PlayerState::as_select()))
        .load::<(PlayerId, PlayerState)>(conn)?
        .into_iter()
        .collect();
    let cur_games: HashMap<GameId, GameState> = games::table
        .filter(games::tournament_id.eq(tid))
        .select((games::id, GameState::as_select()))
        .load::<(GameId, GameState)>(conn)?
        .into_iter()
        .collect();
    diesel::delete(penalties::table.filter(penalties::tournament_id.eq(tid))).execute(conn)?;
    diesel::delete(game_records::table.filter(game_records::tournament_id.eq(tid)))
        .execute(conn)?;
    diesel::delete(rounds::table.filter(rounds::tournament_id.eq(tid))).execute(conn)?;
    diesel::delete(prize_tables::table.filter(prize_tables::tournament_id.eq(tid)))
        .execute(conn)?;
    diesel::update(tournaments::table.find(tid))
        .set(&snap.event)
        .execute(conn)?;

    // Games the state no longer holds go first (they name players).
    let kept_games: Vec<GameId> = snap
        .games
        .iter()
        .filter_map(|g| old_games.get(&g.id.get()).map(|&l| GameId(l)))
        .collect();
    diesel::delete(
        games::table
            .filter(games::tournament_id.eq(tid))
            .filter(games::id.ne_all(&kept_games)),
    )
    .execute(conn)?;

    let mut new_ids: Vec<(&str, i32, i32)> = Vec::new();
    let mut pmap: HashMap<PlayerId, PlayerId> = HashMap::new();
    for p in &snap.players {
        let local = match old_players.get(&p.id.get()).map(|&l| PlayerId(l)) {
            Some(local) if cur_players.contains_key(&local) => {
                if cur_players.get(&local) != Some(&p.row) {
                    diesel::update(players::table.find(local))
                        .set(&p.row)
                        .execute(conn)?;
                }
                local
            }
            _ => {
                let local: PlayerId = diesel::insert_into(players::table)
                    .values((players::tournament_id.eq(tid), &p.row))
                    .returning(players::id)
                    .get_result(conn)?;
                new_ids.push(("player", p.id.get(), local.get()));
                local
            }
        };
        pmap.insert(p.id, local);
    }
    let mut gmap: HashMap<GameId, GameId> = HashMap::new();
    for g in &snap.games {
        let mut row = g.row.clone();
        row.white_id = pmap[&row.white_id];
        row.black_id = row.black_id.map(|b| pmap[&b]);
        let local = match old_games.get(&g.id.get()).map(|&l| GameId(l)) {
            Some(local) if cur_games.contains_key(&local) => {
                if cur_games.get(&local) != Some(&row) {
                    diesel::update(games::table.find(local))
                        .set(&row)
                        .execute(conn)?;
                }
                local
            }
            _ => {
                let local: GameId = diesel::insert_into(games::table)
                    .values((games::tournament_id.eq(tid), &row))
                    .returning(games::id)
                    .get_result(conn)?;
                new_ids.push(("game", g.id.get(), local.get()));
                local
            }
        };
        gmap.insert(g.id, local);
    }
    // Players the state no longer holds, once no game names them.
    let kept_players: Vec<PlayerId> = pmap.values().copied().collect();
    diesel::delete(
        players::table
            .filter(players::tournament_id.eq(tid))
            .filter(players::id.ne_all(&kept_players)),
    )
    .execute(conn)?;
    for (entity, kept) in [
        (
            "player",
            kept_players.iter().map(|p| p.get()).collect::<Vec<_>>(),
        ),
        ("game", gmap.values().map(|g| g.get()).collect()),
    ] {
        diesel::delete(
            mirror_ids::table
                .filter(mirror_ids::tournament_id.eq(tid))
                .filter(mirror_ids::entity.eq(entity))
                .filter(mirror_ids::local_id.ne_all(kept)),
        )
        .execute(conn)?;
    }
    for (entity, venue_id, local_id) in new_ids {
        diesel::delete(
            mirror_ids::table
                .filter(mirror_ids::tournament_id.eq(tid))
                .filter(mirror_ids::entity.eq(entity))
                .filter(mirror_ids::venue_id.eq(venue_id)),
        )
        .execute(conn)?;
        diesel::insert_into(mirror_ids::table)
            .values((
                mirror_ids::tournament_id.eq(tid),
                mirror_ids::entity.eq(entity),
                mirror_ids::venue_id.eq(venue_id),
                mirror_ids::local_id.eq(local_id),
            ))
            .execute(conn)?;
    }

    for r in &snap.rounds {
        diesel::insert_into(rounds::table)
            .values((rounds::tournament_id.eq(tid), r))
            .execute(conn)?;
    }
    for r in &snap.records {
        diesel::insert_into(game_records::table)
            .values((
                game_records::game_id.eq(gmap[&r.game_id]),
                game_records::tournament_id.eq(tid),
                &r.row,
            ))
            .execute(conn)?;
    }
    for p in &snap.penalties {
        diesel::insert_into(penalties::table)
            .values((
                penalties::tournament_id.eq(tid),
                penalties::game_id.eq(gmap[&p.game_id]),
                penalties::player_id.eq(pmap[&p.player_id]),
                &p.row,
            ))
            .execute(conn)?;
    }
    if let Some(prizes) = &snap.prizes {
        diesel::insert_into(prize_tables::table)
            .values((prize_tables::tournament_id.eq(tid), prizes))
            .execute(conn)?;
    }
    Ok(())
}

// ----------------------------------------------------------------- the venue

/// Where the venue publishes an event, as its staff set it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct SetLink {
    /// The public server's address, e.g. `http://results.example.org`.
    pub server: String,
    /// The publishing token the server's organizer issued for this event.
    pub token: String,
}

/// How the venue's link to the public server fares.
#[derive(Clone, Debug, Serialize, ToSchema, Default)]
pub struct LinkView {
    /// Whether the event is published to a server.
    pub linked: bool,
    pub server: String,
    /// The tournament on the server (from the token).
    #[schema(value_type = i32)]
    pub remote_tournament: TournamentId,
    /// The event's version here.
    pub version: i64,
    /// The last version the server accepted (0: none yet), and when.
    pub published_version: i64,
    pub published_at: Option<String>,
    /// Whether a newer state waits to be sent.
    pub pending: bool,
    /// The last failure in words ('' once a state went through), and when.
    pub last_error: String,
    pub error_at: Option<String>,
}

/// The server's tournament a token publishes to: `arbp.<tid>.<secret>`.
pub fn token_target(token: &str) -> Option<TournamentId> {
    let mut parts = token.trim().splitn(3, '.');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("arbp"), Some(tid), Some(secret)) if !secret.is_empty() => {
            tid.parse().ok().filter(|t: &TournamentId| t.get() > 0)
        }
        _ => None,
    }
}

/// Sets where tournament `tid` is published (organizer): sending starts at
/// once, in the background (`publish.rs`), with the current state.
pub fn set_link(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: SetLink,
) -> DomainResult<LinkView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let server = cmd.server.trim().trim_end_matches('/').to_string();
    if !server.starts_with("http://") || server.len() <= "http://".len() {
        return Err(DomainError::invalid(
            "server",
            msg!("write the server's address as http://host[:port] (this build sends over plain HTTP; put a TLS tunnel in front for https)"),
        ));
    }
    let token = cmd.token.trim().to_string();
    if token_target(&token).is_none() {
        return Err(DomainError::invalid(
            "token",
            msg!("this is not a publishing token (it starts with arbp. and the server's tournament number)"),
        ));
    }
    diesel::delete(publish_links::table.find(tid)).execute(conn)?;
    diesel::insert_into(publish_links::table)
        .values((
            publish_links::tournament_id.eq(tid),
            publish_links::server_url.eq(&server),
            publish_links::token.eq(&token),
        ))
        .execute(conn)?;
    super::audit::record(
        conn,
        actor,
        super::audit::Entry {
            tournament_id: Some(tid),
            action: "publish.link_set",
            entity: "publish_link",
            entity_id: Some(tid.into()),
        },
        None::<&()>,
        Some(&serde_json::json!({ "server": server })),
    )?;
    link(conn, actor, tid)
}

/// Stops publishing tournament `tid` (organizer). The server keeps the last
/// state it accepted.
pub fn clear_link(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<LinkView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let gone = diesel::delete(publish_links::table.find(tid)).execute(conn)?;
    if gone == 0 {
        return Err(DomainError::NotFound(msg!(
            "a publishing link of tournament {}",
            tid
        )));
    }
    super::audit::record(
        conn,
        actor,
        super::audit::Entry {
            tournament_id: Some(tid),
            action: "publish.link_cleared",
            entity: "publish_link",
            entity_id: Some(tid.into()),
        },
        None::<&()>,
        None::<&()>,
    )?;
    link(conn, actor, tid)
}

type LinkRow = (String, String, i64, Option<String>, String, Option<String>);

/// The link of tournament `tid` as its staff see it.
pub fn link(conn: &mut DbConnection, actor: &Actor, tid: TournamentId) -> DomainResult<LinkView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let version = version_of(conn, tid)?;
    let row: Option<LinkRow> = publish_links::table
        .find(tid)
        .select((
            publish_links::server_url,
            publish_links::token,
            publish_links::sent_version,
            publish_links::sent_at,
            publish_links::last_error,
            publish_links::error_at,
        ))
        .first(conn)
        .optional()?;
    Ok(match row {
        None => LinkView {
            version,
            ..LinkView::default()
        },
        Some((server, token, sent, sent_at, last_error, error_at)) => LinkView {
            linked: true,
            server,
            remote_tournament: token_target(&token).unwrap_or_default(),
            version,
            published_version: sent,
            published_at: sent_at,
            pending: version > sent,
            last_error,
            error_at,
        },
    })
}

/// A link with a state to send: (tournament, server, token, version here).
pub type Due = (TournamentId, String, String, i64);

/// The links whose event has moved past the last version sent. The
/// publisher's bookkeeping (this and `mark_*`) is no arbiter action: it
/// writes no audit row (which would move the version it follows).
pub fn due(conn: &mut DbConnection) -> DomainResult<Vec<Due>> {
    let links: Vec<(TournamentId, String, String, i64)> = publish_links::table
        .select((
            publish_links::tournament_id,
            publish_links::server_url,
            publish_links::token,
            publish_links::sent_version,
        ))
        .load(conn)?;
    let mut out = Vec::new();
    for (tid, server, token, sent) in links {
        let version = version_of(conn, tid)?;
        if version > sent {
            out.push((tid, server, token, version));
        }
    }
    Ok(out)
}

/// Version `version` of `tid` was accepted by the server (never moves back).
pub fn mark_sent(conn: &mut DbConnection, tid: TournamentId, version: i64) -> DomainResult<()> {
    diesel::update(
        publish_links::table
            .find(tid)
            .filter(publish_links::sent_version.lt(version)),
    )
    .set((
        publish_links::sent_version.eq(version),
        publish_links::sent_at.eq(Some(now())),
        publish_links::last_error.eq(""),
    ))
    .execute(conn)?;
    Ok(())
}

/// The last attempt for `tid` failed, for this reason (in words).
pub fn mark_error(conn: &mut DbConnection, tid: TournamentId, error: &str) -> DomainResult<()> {
    diesel::update(publish_links::table.find(tid))
        .set((
            publish_links::last_error.eq(error),
            publish_links::error_at.eq(Some(now())),
        ))
        .execute(conn)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_the_servers_tournament() {
        assert_eq!(token_target("arbp.17.abc-_9"), Some(TournamentId(17)));
        assert_eq!(token_target(" arbp.3.x.y "), Some(TournamentId(3)));
        for bad in [
            "",
            "arbp.17.",
            "arbp.0.x",
            "arbp.-1.x",
            "arbp.x.y",
            "abc.1.x",
            "arbp.17",
        ] {
            assert_eq!(token_target(bad), None, "{bad}");
        }
    }

    fn player(no: i32) -> MirrorPlayer {
        MirrorPlayer {
            id: PlayerId(no),
            row: PlayerState {
                start_no: no,
                fide_id: None,
                name: format!("P{no}"),
                title: String::new(),
                federation: String::new(),
                club: String::new(),
                birth_date: String::new(),
                sex: Sex::NotGiven,
                rating: None,
                national_rating: None,
                k_factor: 40,
                status: PlayerStatus::Active,
                joined_round: RoundNo(1),
                left_after_round: None,
                version: 1,
                created_at: String::new(),
            },
        }
    }

    fn game(no: i32, white: i32, black: i32, round: i32) -> MirrorGame {
        MirrorGame {
            id: GameId(no),
            row: GameState {
                round_number: RoundNo(round),
                board: 1,
                white_id: PlayerId(white),
                black_id: Some(PlayerId(black)),
                kind: GameKind::Pending,
                white_score: None,
                black_score: None,
                termination: String::new(),
                reason: String::new(),
                version: 1,
                updated_at: String::new(),
                chess960_position: None,
            },
        }
    }

    fn round(n: i32, state: RoundState) -> PublishedRound {
        PublishedRound {
            number: RoundNo(n),
            scheduled_start: None,
            state,
            chess960_position: None,
            paired_at: String::new(),
            published_at: None,
        }
    }

    fn holds(
        players: Vec<MirrorPlayer>,
        rounds: Vec<PublishedRound>,
        games: Vec<MirrorGame>,
    ) -> bool {
        hangs_together(&players, &rounds, &games, &[], &[]).is_ok()
    }

    #[test]
    fn a_state_must_hang_together_and_be_public() {
        let published = RoundState::Published;
        let two = || vec![player(1), player(2)];
        assert!(holds(
            two(),
            vec![round(1, published)],
            vec![game(9, 1, 2, 1)]
        ));
        // A game of a player or a round the state does not hold.
        assert!(!holds(
            two(),
            vec![round(1, published)],
            vec![game(9, 1, 3, 1)]
        ));
        assert!(!holds(
            two(),
            vec![round(1, published)],
            vec![game(9, 1, 2, 2)]
        ));
        // A player twice.
        assert!(!holds(vec![player(1), player(1)], vec![], vec![]));
        // An unpublished round.
        assert!(!holds(two(), vec![round(1, RoundState::Paired)], vec![]));
    }
}
