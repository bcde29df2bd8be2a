//! Database rows. What is sent to clients lives in `web::views`, never these.

use super::schema::*;
use crate::types::ids::{
    AuditId, ByeRequestId, EntryId, GameId, PlayerId, RoundId, RoundNo, TournamentId, UserId,
};
use crate::types::kinds::{
    Acceleration, ByeRequestKind, GameKind, InitialColour, LateEntryBye, LawsEdition, Notation,
    PairingSystem, PlayerStatus, RatingOrder, RoundState, Sex, TournamentStatus, Variant,
};
use diesel::prelude::*;
use serde::Serialize;

#[derive(Queryable, Selectable, Identifiable, Clone, Debug)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub display_name: String,
    pub password_hash: String,
    pub is_admin: bool,
    pub created_at: String,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub is_admin: bool,
    pub created_at: &'a str,
}

#[derive(Queryable, Selectable, Clone, Debug)]
#[diesel(table_name = sessions)]
pub struct Session {
    pub token_hash: String,
    pub user_id: UserId,
    pub csrf_token: String,
    pub created_at: String,
    pub expires_at: String,
}

#[derive(Queryable, Selectable, Insertable, AsChangeset, Clone, Debug, Serialize, PartialEq)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: TournamentId,
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

#[derive(Queryable, Selectable, Insertable, AsChangeset, Clone, Debug, Serialize, PartialEq)]
#[diesel(table_name = players)]
#[diesel(treat_none_as_null = true)]
pub struct PlayerRow {
    pub id: PlayerId,
    pub tournament_id: TournamentId,
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

#[derive(Queryable, Selectable, Clone, Debug, Serialize, PartialEq)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: RoundNo,
    pub scheduled_start: Option<String>,
    pub state: RoundState,
    pub chess960_position: Option<i32>,
    pub paired_at: String,
    pub published_at: Option<String>,
}

#[derive(Queryable, Selectable, Clone, Debug, Serialize, PartialEq)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: GameId,
    pub tournament_id: TournamentId,
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
    /// A Chess960 start position drawn for this board alone (else the round's).
    pub chess960_position: Option<i32>,
}

#[derive(Insertable)]
#[diesel(table_name = games)]
pub struct NewGame {
    pub tournament_id: TournamentId,
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
}

#[derive(Queryable, Selectable, Clone, Debug, Serialize, PartialEq)]
#[diesel(table_name = bye_requests)]
pub struct ByeRequestRow {
    pub id: ByeRequestId,
    pub tournament_id: TournamentId,
    pub player_id: PlayerId,
    pub round_number: RoundNo,
    pub kind: ByeRequestKind,
    pub note: String,
    pub created_at: String,
}

#[derive(Queryable, Selectable, Clone, Debug, Serialize)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    pub id: AuditId,
    pub at: String,
    pub user_id: Option<UserId>,
    pub tournament_id: Option<TournamentId>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<i64>,
    pub before_state: Option<String>,
    pub after_state: Option<String>,
}

#[derive(Queryable, Selectable, Clone, Debug)]
#[diesel(table_name = entry_forms)]
pub struct EntryFormRow {
    pub tournament_id: TournamentId,
    pub is_open: bool,
    pub deadline: Option<String>,
    pub max_players: Option<i32>,
    pub eligibility: crate::types::kinds::EntryEligibility,
    pub federation: String,
    pub min_rating: Option<i32>,
    pub max_rating: Option<i32>,
    pub updated_at: String,
}

#[derive(Queryable, Selectable, Clone, Debug)]
#[diesel(table_name = entries)]
pub struct EntryRow {
    pub id: EntryId,
    pub tournament_id: TournamentId,
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
    pub state: crate::types::kinds::EntryState,
    pub reason: String,
    pub player_id: Option<PlayerId>,
    pub created_at: String,
    pub decided_at: Option<String>,
}

/// The event facts of the norm check and the certificates (issue 35).
#[derive(
    Queryable, Selectable, Insertable, AsChangeset, Clone, Debug, Default, Serialize, PartialEq,
)]
#[diesel(table_name = norm_facts)]
pub struct NormFactsRow {
    pub tournament_id: TournamentId,
    pub event_kind: String,
    pub host_federation: String,
    pub large_swiss: String,
    pub chief_arbiter: String,
    pub deputy_arbiter: String,
    pub organizer: String,
    pub rating_period: String,
    pub outside_fide: String,
    pub version: i32,
    /// Pairing numbers of computers (B.01 1.4.2), comma-separated.
    pub computers: String,
}
