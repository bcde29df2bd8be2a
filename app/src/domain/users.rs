//! Accounts, password login with sessions, and API tokens.

use super::audit::Entry;
use super::{now, require_user, Actor, DomainError, DomainResult};
use crate::db::models::{NewUser, Session, User};
use crate::db::schema::{api_tokens, sessions, users};
use crate::db::DbConnection;
use crate::domain::ids::{ApiTokenId, UserId};
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use base64::Engine;
use diesel::prelude::*;
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

/// Sessions last a tournament day and a half.
const SESSION_HOURS: i64 = 36;

pub fn hash_password(password: &str) -> DomainResult<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        // argon2 refuses only what no form can send (a password over 4 GiB,
        // a bad salt of our own making): its English detail is not shown.
        .map_err(|e| {
            log::error!("argon2: {e}");
            DomainError::invalid(
                "password",
                msg!("the password could not be stored; try again with another password"),
            )
        })
}

fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A fresh random secret, URL-safe.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Secrets are stored only as their SHA-256.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UserView {
    #[schema(value_type = i32)]
    pub id: UserId,
    pub username: String,
    pub display_name: String,
    pub is_admin: bool,
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        UserView {
            id: u.id,
            username: u.username.clone(),
            display_name: u.display_name.clone(),
            is_admin: u.is_admin,
        }
    }
}

pub fn validate_new_user(username: &str, password: &str) -> DomainResult<()> {
    if username.len() < 2
        || username.len() > 64
        || !username
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
    {
        return Err(DomainError::invalid(
            "username",
            msg!("a user name has 2–64 letters, digits, dots, dashes or underscores"),
        ));
    }
    if password.chars().count() < 8 {
        return Err(DomainError::invalid(
            "password",
            msg!("a password has at least 8 characters"),
        ));
    }
    Ok(())
}

/// Creates an account. Only an administrator (or the command line) may.
pub fn create_user(
    conn: &mut DbConnection,
    actor: &Actor,
    username: &str,
    password: &str,
    display_name: &str,
    is_admin: bool,
) -> DomainResult<UserView> {
    if !actor.is_admin {
        return Err(if actor.user_id.is_none() {
            DomainError::Unauthenticated
        } else {
            DomainError::Forbidden(msg!("only an administrator creates accounts"))
        });
    }
    validate_new_user(username, password)?;
    let exists: i64 = users::table
        .filter(users::username.eq(username))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Err(DomainError::conflict(msg!(
            "the user name '{}' is taken",
            username
        )));
    }
    let hash = hash_password(password)?;
    let ts = now();
    let display = if display_name.trim().is_empty() {
        username
    } else {
        display_name.trim()
    };
    let id: UserId = diesel::insert_into(users::table)
        .values(&NewUser {
            username,
            display_name: display,
            password_hash: &hash,
            is_admin,
            created_at: &ts,
        })
        .returning(users::id)
        .get_result(conn)?;
    let user: User = users::table
        .find(id)
        .select(User::as_select())
        .first(conn)?;
    let v = UserView::from(&user);
    Entry::server("user.create", "user", id).made(conn, actor, &v)?;
    Ok(v)
}

pub struct LoggedIn {
    pub user: UserView,
    pub session_token: String,
    pub csrf_token: String,
}

/// Checks the password and opens a new session (always a new token: a session id
/// an attacker planted before login is never promoted). `old_session` is closed.
pub fn login(
    conn: &mut DbConnection,
    username: &str,
    password: &str,
    old_session: Option<&str>,
) -> DomainResult<LoggedIn> {
    let user: Option<User> = users::table
        .filter(users::username.eq(username))
        .select(User::as_select())
        .first(conn)
        .optional()?;
    // An unknown name costs the same hash as a known one: the time of a
    // wrong answer does not tell whether the account exists.
    let right = match &user {
        Some(u) => verify_password(&u.password_hash, password),
        None => {
            static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
            let dummy = DUMMY.get_or_init(|| hash_password(&random_token()).unwrap_or_default());
            verify_password(dummy, password);
            false
        }
    };
    let Some(user) = user.filter(|_| right) else {
        return Err(DomainError::Invalid {
            field: "password".into(),
            message: msg!("wrong user name or password"),
        });
    };
    if let Some(old) = old_session {
        diesel::delete(sessions::table.filter(sessions::token_hash.eq(token_hash(old))))
            .execute(conn)?;
    }
    let token = random_token();
    let csrf = random_token();
    let created = chrono::Utc::now();
    diesel::insert_into(sessions::table)
        .values((
            sessions::token_hash.eq(token_hash(&token)),
            sessions::user_id.eq(user.id),
            sessions::csrf_token.eq(&csrf),
            sessions::created_at.eq(created.to_rfc3339()),
            sessions::expires_at
                .eq((created + chrono::Duration::hours(SESSION_HOURS)).to_rfc3339()),
        ))
        .execute(conn)?;
    let actor = Actor {
        user_id: Some(user.id),
        username: Some(user.username.clone()),
        is_admin: user.is_admin,
    };
    Entry::server("user.login", "user", user.id).record(conn, &actor, None::<&()>, None::<&()>)?;
    Ok(LoggedIn {
        user: UserView::from(&user),
        session_token: token,
        csrf_token: csrf,
    })
}

pub fn logout(conn: &mut DbConnection, actor: &Actor, session_token: &str) -> DomainResult<()> {
    let uid = require_user(actor)?;
    diesel::delete(sessions::table.filter(sessions::token_hash.eq(token_hash(session_token))))
        .execute(conn)?;
    Entry::server("user.logout", "user", uid).record(conn, actor, None::<&()>, None::<&()>)
}

fn actor_of(u: &User) -> Actor {
    Actor {
        user_id: Some(u.id),
        username: Some(u.username.clone()),
        is_admin: u.is_admin,
    }
}

/// The user and CSRF token of a live session.
pub fn resolve_session(
    conn: &mut DbConnection,
    token: &str,
) -> DomainResult<Option<(Actor, String)>> {
    let found: Option<(Session, User)> = sessions::table
        .inner_join(users::table.on(users::id.eq(sessions::user_id)))
        .filter(sessions::token_hash.eq(token_hash(token)))
        .select((Session::as_select(), User::as_select()))
        .first(conn)
        .optional()?;
    Ok(found.and_then(|(s, u)| {
        let live = chrono::DateTime::parse_from_rfc3339(&s.expires_at)
            .map(|e| e > chrono::Utc::now())
            .unwrap_or(false);
        live.then(|| (actor_of(&u), s.csrf_token))
    }))
}

pub fn resolve_bearer(conn: &mut DbConnection, token: &str) -> DomainResult<Option<Actor>> {
    let found: Option<User> = api_tokens::table
        .inner_join(users::table.on(users::id.eq(api_tokens::user_id)))
        .filter(api_tokens::token_hash.eq(token_hash(token)))
        .select(User::as_select())
        .first(conn)
        .optional()?;
    Ok(found.as_ref().map(actor_of))
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct NewToken {
    /// Shown once: send it as `Authorization: Bearer <token>`.
    pub token: String,
    pub label: String,
}

/// A bearer token for scripts, acting as the user who created it.
pub fn create_token(conn: &mut DbConnection, actor: &Actor, label: &str) -> DomainResult<NewToken> {
    let uid = require_user(actor)?;
    // Counted as sent, in characters, as the document's `maxLength` counts.
    let sent_length = label.chars().count();
    let label = label.trim();
    if label.is_empty() || sent_length > 100 {
        return Err(DomainError::invalid(
            "label",
            msg!("name the token (1–100 characters)"),
        ));
    }
    let token = random_token();
    let id: ApiTokenId = diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::user_id.eq(uid),
            api_tokens::token_hash.eq(token_hash(&token)),
            api_tokens::label.eq(label),
            api_tokens::created_at.eq(now()),
        ))
        .returning(api_tokens::id)
        .get_result(conn)?;
    Entry::server("token.create", "api_token", id).made(
        conn,
        actor,
        &serde_json::json!({ "label": label }),
    )?;
    Ok(NewToken {
        token,
        label: label.to_string(),
    })
}

pub fn find_user_id(conn: &mut DbConnection, username: &str) -> DomainResult<Option<UserId>> {
    Ok(users::table
        .filter(users::username.eq(username))
        .select(users::id)
        .first(conn)
        .optional()?)
}

/// Every account of the server, by user name. Only an administrator sees them.
pub fn list_accounts(conn: &mut DbConnection, actor: &Actor) -> DomainResult<Vec<UserView>> {
    if !actor.is_admin {
        return Err(if actor.user_id.is_none() {
            DomainError::Unauthenticated
        } else {
            DomainError::Forbidden(msg!("only an administrator sees the accounts"))
        });
    }
    let rows: Vec<User> = users::table
        .order(users::username)
        .select(User::as_select())
        .load(conn)?;
    Ok(rows.iter().map(UserView::from).collect())
}

/// Every account's user name by its id (the audit log names who did what).
pub fn user_names(
    conn: &mut DbConnection,
) -> DomainResult<std::collections::HashMap<UserId, String>> {
    let rows: Vec<(UserId, String)> = users::table
        .select((users::id, users::username))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The logged-in user's own account (`GET /api/v1/session`).
pub fn me(conn: &mut DbConnection, actor: &Actor) -> DomainResult<UserView> {
    let uid = require_user(actor)?;
    let u: User = users::table
        .find(uid)
        .select(User::as_select())
        .first(conn)?;
    Ok(UserView::from(&u))
}
