//! The arbiter's operations. Each operation takes a connection (already inside
//! ONE transaction, see `db::Database::write`), the acting user and a typed
//! command; it checks the actor's role, does its work, appends exactly one audit
//! row, and returns a typed result or a `DomainError`. No HTTP types here.

pub mod adjournments;
pub mod arrivals;
pub mod audience;
pub mod audit;
pub mod chess960;
pub mod engine;
pub mod interchange;
pub mod model;
pub mod penalties;
pub mod pgn_import;
pub mod records;
pub mod registration;
pub mod results;
pub mod rounds;
pub mod standings;
pub mod tournaments;
pub mod users;
pub mod views;

pub use audience::Audience;

use crate::db::schema::{tournament_staff, tournaments as tournaments_table};
use crate::db::DbConnection;
use diesel::prelude::*;

/// Who is acting. `user_id: None` is an anonymous visitor.
#[derive(Clone, Debug, Default)]
pub struct Actor {
    pub user_id: Option<i32>,
    pub username: Option<String>,
    pub is_admin: bool,
}

impl Actor {
    pub fn anonymous() -> Actor {
        Actor::default()
    }
    pub fn system() -> Actor {
        Actor {
            user_id: None,
            username: Some("system".into()),
            is_admin: true,
        }
    }
}

/// A staff role within one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Organizer,
    Arbiter,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Organizer => "organizer",
            Role::Arbiter => "arbiter",
        }
    }
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "organizer" => Some(Role::Organizer),
            "arbiter" => Some(Role::Arbiter),
            _ => None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    #[error("log in first: this action needs an account with a role in the tournament")]
    Unauthenticated,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0} not found")]
    NotFound(String),
    /// A value the user gave is wrong; `field` names it for forms.
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The request conflicts with the current state (stale version, round not
    /// finished, regulation frozen …). `current` is the state the client should see.
    #[error("{message}")]
    Conflict {
        message: String,
        current: Option<serde_json::Value>,
    },
    #[error("pairing failed: {0}")]
    Pairing(String),
    #[error("database error: {0}")]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Db(#[from] crate::db::DbError),
}

impl DomainError {
    pub fn invalid(field: &str, message: impl Into<String>) -> DomainError {
        DomainError::Invalid {
            field: field.to_string(),
            message: message.into(),
        }
    }
    pub fn conflict(message: impl Into<String>) -> DomainError {
        DomainError::Conflict {
            message: message.into(),
            current: None,
        }
    }
}

pub type DomainResult<T> = Result<T, DomainError>;

/// Checks that the actor holds one of `roles` in tournament `tid` (admins hold all).
/// Anonymous → `Unauthenticated` (401); logged in without the role → `Forbidden` (403).
pub fn require_role(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    roles: &[Role],
) -> DomainResult<()> {
    let Some(uid) = actor.user_id else {
        if actor.is_admin {
            return Ok(());
        }
        return Err(DomainError::Unauthenticated);
    };
    let exists: i64 = tournaments_table::table
        .filter(tournaments_table::id.eq(tid))
        .count()
        .get_result(conn)?;
    if exists == 0 {
        return Err(DomainError::NotFound(format!("tournament {tid}")));
    }
    if actor.is_admin {
        return Ok(());
    }
    let held: Vec<String> = tournament_staff::table
        .filter(tournament_staff::tournament_id.eq(tid))
        .filter(tournament_staff::user_id.eq(uid))
        .select(tournament_staff::role)
        .load(conn)?;
    if roles.iter().any(|r| held.iter().any(|h| h == r.as_str())) {
        Ok(())
    } else {
        let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
        Err(DomainError::Forbidden(format!(
            "this action needs the role {} in tournament {tid}",
            names.join(" or ")
        )))
    }
}

/// Requires a logged-in user (any role).
pub fn require_user(actor: &Actor) -> DomainResult<i32> {
    actor.user_id.ok_or(DomainError::Unauthenticated)
}

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
