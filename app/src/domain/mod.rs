//! The arbiter's operations. Each operation takes a connection (already inside
//! ONE transaction, see `db::Database::write`), the acting user and a typed
//! command; it checks the actor's role, does its work, appends exactly one audit
//! row, and returns a typed result or a `DomainError`. No HTTP types here.

pub mod adjournments;
pub mod arrivals;
pub mod audience;
pub mod audit;
pub mod audit_text;
pub mod checkin;
pub mod chess960;
pub mod engine;
pub mod entries;
pub mod fide_mode;
pub mod fold;
pub mod formats;
pub mod games;
pub mod personal_data;
pub use crate::types::ids;
pub mod interchange;
pub mod kinds;
pub mod library;
pub mod limits;
pub mod matches;
pub mod mirror;
pub mod model;
pub mod msg;
pub mod norms;
pub mod penalties;
pub mod pgn_import;
pub mod prize_fields;
pub mod prizes;
pub mod rating_list;
pub mod records;
pub mod registration;
pub mod regulation_fields;
pub mod regulations;
pub mod results;
pub mod rounds;
pub mod standings;
pub mod teams;
pub mod tournaments;
pub mod users;
pub mod views;

pub use audience::Audience;
pub use msg::Msg;

use crate::db::schema::{tournament_staff, tournaments as tournaments_table};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use diesel::prelude::*;

/// Who is acting. `user_id: None` is an anonymous visitor.
#[derive(Clone, Debug, Default)]
pub struct Actor {
    pub user_id: Option<crate::types::ids::UserId>,
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
    Forbidden(Msg),
    /// What was not found ("tournament 3"); the sentence adds "not found".
    #[error("{0} not found")]
    NotFound(Msg),
    /// A value the user gave is wrong; `field` names it for forms.
    #[error("{message}")]
    Invalid { field: String, message: Msg },
    /// The request conflicts with the current state (stale version, round not
    /// finished, regulation frozen …). `current` is the state the client should see.
    #[error("{message}")]
    Conflict {
        message: Msg,
        current: Option<serde_json::Value>,
    },
    /// A well-formed value that the tournament's current state refuses (a
    /// round already paired, a FIDE id already registered, a user without an
    /// account): a conflict (409, RFC 9110 §15.5.10) that names the field,
    /// as `Invalid` does, for forms.
    #[error("{message}")]
    ConflictOn { field: String, message: Msg },
    /// The operation is refused until the user confirms `what` (and sends
    /// it again with that confirmation): a result the game's record
    /// contradicts, leaving FIDE mode. `message` says what and why.
    #[error("{message}")]
    NeedsConfirmation { what: ToConfirm, message: Msg },
    #[error("pairing failed: {0}")]
    Pairing(Msg),
    #[error("database error: {0}")]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Db(#[from] crate::db::DbError),
}

/// What a user must confirm before an operation is done anyway (see
/// `DomainError::NeedsConfirmation`). A closed list: a page shows the
/// question for each, the API names each by the request field that confirms it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToConfirm {
    /// A result that the game's record contradicts (`results::set_result`):
    /// a value the arbiter gave that looks wrong, so refused as invalid (422).
    Contradiction,
    /// An operation outside the FIDE rules in a tournament in FIDE mode
    /// (`fide_mode::forbidden`): it conflicts with the mode (409).
    LeaveFideMode,
}

impl ToConfirm {
    /// The request field that confirms it (the API's `field`).
    pub fn field(self) -> &'static str {
        match self {
            ToConfirm::Contradiction => "confirm",
            ToConfirm::LeaveFideMode => "leave_fide_mode",
        }
    }
}

impl DomainError {
    pub fn needs_confirmation(what: ToConfirm, message: Msg) -> DomainError {
        DomainError::NeedsConfirmation { what, message }
    }
    pub fn invalid(field: &str, message: Msg) -> DomainError {
        DomainError::Invalid {
            field: field.to_string(),
            message,
        }
    }
    pub fn conflict_on(field: &str, message: Msg) -> DomainError {
        DomainError::ConflictOn {
            field: field.to_string(),
            message,
        }
    }
    pub fn conflict(message: Msg) -> DomainError {
        DomainError::Conflict {
            message,
            current: None,
        }
    }
}

pub type DomainResult<T> = Result<T, DomainError>;

/// The reverse of `teams::require_no_individual_play`: an individual action
/// (registering a player, pairing an individual round, check-in, online
/// entries) is refused in a team event, whose players are on the teams'
/// rosters and whose rounds are team rounds. `what` says what to do instead
/// (in the 409's message). Here rather than in `teams`, which reads the
/// individual modules: they may ask this without an import cycle.
pub fn require_individual_event(
    conn: &mut DbConnection,
    tid: TournamentId,
    what: Msg,
) -> DomainResult<()> {
    use crate::db::schema::team_events;
    let team_event: i64 = team_events::table
        .filter(team_events::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if team_event > 0 {
        return Err(DomainError::conflict(msg!(
            "this tournament is a team event; {}",
            crate::domain::msg::nested(what)
        )));
    }
    Ok(())
}

/// `require_individual_event` for entering players one by one (registering,
/// pasting a list, online entries).
pub fn require_individual_entry(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<()> {
    require_individual_event(
        conn,
        tid,
        msg!("players are entered on a team's roster, not one by one"),
    )
}

/// Checks that the actor holds one of `roles` in tournament `tid` (admins hold all).
/// Anonymous → `Unauthenticated` (401); logged in without the role → `Forbidden` (403).
pub fn require_role(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
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
        return Err(DomainError::NotFound(msg!("tournament {}", tid)));
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
        Err(DomainError::Forbidden(msg!(
            "this action needs the role {} in tournament {}",
            msg::word(names.join(" or ")),
            tid
        )))
    }
}

/// Requires a logged-in user (any role).
pub fn require_user(actor: &Actor) -> DomainResult<crate::types::ids::UserId> {
    actor.user_id.ok_or(DomainError::Unauthenticated)
}

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    /// The modules of `domain` each module names (`super::x`, `use super::{x, …}`).
    fn imports() -> BTreeMap<String, BTreeSet<String>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain");
        let mut modules = BTreeMap::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                // A module split into a directory: its `mod.rs` as it is, and
                // its files, where `super::` is the module itself and
                // `super::super::` is `domain`.
                let mut text = String::new();
                for file in std::fs::read_dir(&path).unwrap() {
                    let file = file.unwrap().path();
                    let body = std::fs::read_to_string(&file).unwrap();
                    if file.file_stem().is_some_and(|s| s == "mod") {
                        text.push_str(&body);
                    } else {
                        text.push_str(
                            &body
                                .replace("super::super::", "\u{1}")
                                .replace("super::", "self::")
                                .replace('\u{1}', "super::"),
                        );
                    }
                    text.push('\n');
                }
                modules.insert(name, text);
            } else if name != "mod" {
                modules.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
        let names: BTreeSet<String> = modules.keys().cloned().collect();
        modules
            .iter()
            .map(|(m, text)| {
                let mut used = BTreeSet::new();
                // Code only: doc comments may name other modules freely.
                let code: String = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                // `crate::domain::x` names a sibling as `super::x` does.
                let code = code.replace("crate::domain::", "super::");
                for part in code.split("super::").skip(1) {
                    // `super::x::…` or `super::{x, y::z, …}`
                    let group = if let Some(rest) = part.strip_prefix('{') {
                        rest.split('}').next().unwrap_or("").to_string()
                    } else {
                        part.to_string()
                    };
                    for item in group.split(',') {
                        let head: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if names.contains(&head) && head != *m {
                            used.insert(head);
                        }
                        if !part.starts_with('{') {
                            break;
                        }
                    }
                }
                (m.clone(), used)
            })
            .collect()
    }

    #[test]
    fn the_domain_reads_in_one_direction() {
        let graph = imports();
        // Depth-first search for a cycle; report its path.
        fn visit(
            m: &str,
            graph: &BTreeMap<String, BTreeSet<String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Option<Vec<String>> {
            if let Some(i) = path.iter().position(|p| p == m) {
                let mut cycle = path[i..].to_vec();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            if done.contains(m) {
                return None;
            }
            path.push(m.to_string());
            for next in graph.get(m).into_iter().flatten() {
                if let Some(c) = visit(next, graph, path, done) {
                    return Some(c);
                }
            }
            path.pop();
            done.insert(m.to_string());
            None
        }
        let mut done = BTreeSet::new();
        for m in graph.keys() {
            if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
                panic!("an import cycle in app/src/domain: {}", cycle.join(" → "));
            }
        }
        // `msg`, the errors' sentences, is a leaf every module may use.
        assert!(graph["msg"].is_empty(), "msg is a leaf");
        assert!(
            graph["kinds"].iter().all(|m| m == "msg"),
            "kinds is a leaf (but for the messages): {:?}",
            graph["kinds"]
        );
        assert!(
            graph["formats"].iter().all(|m| m == "msg"),
            "formats is a leaf (but for the messages): {:?}",
            graph["formats"]
        );
        assert!(
            graph["regulations"]
                .iter()
                .all(|m| m == "kinds" || m == "formats" || m == "msg"),
            "regulations uses only the closed sets, the text formats and the messages: {:?}",
            graph["regulations"]
        );
    }
}
