//! Logging in and out through the pages.

use super::*;
use crate::i18n::{errors, Lang};
use crate::web::auth::{constant_time_eq, Attempt};
use crate::web::Cx;

#[derive(Template)]
#[template(path = "login.html")]
pub struct LoginPage {
    pub base: Base,
    pub username: String,
    pub error: Option<String>,
    /// The login form's CSRF token (no session yet: the same token is in the
    /// `LOGIN_CSRF_COOKIE`, and a post must carry both, equal).
    pub csrf: String,
}

/// The cookie holding the login form's token: `SameSite=Strict`, so a post
/// from another site never carries it.
pub const LOGIN_CSRF_COOKIE: &str = "arbiter_login_csrf";

fn login_csrf_cookie(token: &str, secure: bool) -> actix_web::cookie::Cookie<'static> {
    actix_web::cookie::Cookie::build(LOGIN_CSRF_COOKIE, token.to_string())
        .path("/login")
        .http_only(true)
        .same_site(actix_web::cookie::SameSite::Strict)
        .secure(secure)
        .max_age(actix_web::cookie::time::Duration::hours(12))
        .finish()
}

/// The token of the login form this browser holds, or a new one.
fn login_token(req: &HttpRequest) -> (String, bool) {
    match req.cookie(LOGIN_CSRF_COOKIE) {
        Some(c) if c.value().len() >= 32 => (c.value().to_string(), false),
        _ => (users::random_token(), true),
    }
}

pub async fn login_form(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (token, new) = login_token(&req);
    let csrf = token.clone();
    let mut res = page(&state, &req, move |_, viewer| {
        Ok(LoginPage {
            base: Base::new(viewer, viewer.tr().t("login"), None),
            username: String::new(),
            error: None,
            csrf,
        })
    })
    .await?;
    if new {
        let secure = state.secure_cookies || is_tls(&req);
        let _ = res.add_cookie(&login_csrf_cookie(&token, secure));
    }
    Ok(res)
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    pub(super) username: String,
    #[serde(default)]
    pub(super) password: String,
    #[serde(default)]
    pub(super) csrf: String,
}

/// The login form again, with `error`, as posted by `username`.
fn login_again(
    status: StatusCode,
    lang: Lang,
    username: String,
    error: String,
    csrf: String,
) -> HttpResponse {
    let viewer = Viewer {
        actor: Default::default(),
        csrf: String::new(),
        lang,
        path: "/login".into(),
        list_manager: false,
    };
    let base = Base::new(&viewer, viewer.tr().t("login"), None);
    let error = Some(error);
    html(
        status,
        &LoginPage {
            base,
            username,
            error,
            csrf,
        },
    )
}

/// Whether a login may be tried: the form's token against the cookie's (a
/// login posted from another site, which would log the browser into the
/// attacker's account, has neither), then the rate limit of `web::auth`.
fn login_gate(
    state: &AppState,
    req: &HttpRequest,
    csrf: &str,
    username: &str,
) -> Result<Attempt, (StatusCode, AppError)> {
    let held = req.cookie(LOGIN_CSRF_COOKIE);
    if !held.is_some_and(|c| !csrf.is_empty() && constant_time_eq(c.value(), csrf)) {
        let message = msg!("the login form has expired; log in again on the new one");
        return Err((
            StatusCode::FORBIDDEN,
            AppError::BadRequest {
                status: 403,
                message,
            },
        ));
    }
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    state
        .login_limiter
        .begin(&ip, username)
        .map_err(|retry_after| {
            (
                StatusCode::TOO_MANY_REQUESTS,
                AppError::TooManyRequests { retry_after },
            )
        })
}

/// The same login as `POST /api/v1/session`: `users::login`, the same rate
/// limit, the same session cookie.
pub async fn login(cx: Cx, form: web::Form<LoginForm>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (lang, f) = (crate::web::lang_of(&req), form.into_inner());
    let (token, _) = login_token(&req);
    let secure = state.secure_cookies || is_tls(&req);
    let again = |status, e: String| login_again(status, lang, f.username.clone(), e, token.clone());
    let attempt = match login_gate(&state, &req, &f.csrf, &f.username) {
        Ok(attempt) => attempt,
        Err((status, e)) => {
            let mut res = again(status, crate::web::error::sentence(&e, lang));
            if status == StatusCode::FORBIDDEN {
                let _ = res.add_cookie(&login_csrf_cookie(&token, secure));
            }
            return Ok(res);
        }
    };
    let (old, db) = (Credentials::of(&req).session, state.db.clone());
    let (name, password) = (f.username.clone(), f.password.clone());
    let login = move |conn: &mut _| users::login(conn, &name, &password, old.as_deref());
    let result = web::block(move || db.write(login)).await;
    match result.map_err(|e| PageError::new(AppError::from(e), lang))? {
        Ok(logged) => {
            state.login_limiter.succeed(attempt);
            Ok(home_with(session_cookie(&logged.session_token, secure)))
        }
        // A wrong password: the attempt stays counted as a failure.
        Err(e @ DomainError::Invalid { .. }) => Ok(again(
            StatusCode::UNPROCESSABLE_ENTITY,
            errors::error(&e, lang),
        )),
        Err(e) => {
            state.login_limiter.forget(attempt);
            Err(PageError::new(e, lang))
        }
    }
}

/// Back to the home page with `cookie` set (a session) or expired.
fn home_with(cookie: actix_web::cookie::Cookie<'static>) -> HttpResponse {
    HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header(("Location", "/"))
        .finish()
}

pub async fn logout(
    cx: Cx,
    form: web::Form<crate::web::pages::CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let token = Credentials::of(&req).session.unwrap_or_default();
    write_op(&state, &viewer, None, move |conn, actor| {
        users::logout(conn, actor, &token)
    })
    .await?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let secure = state.secure_cookies || is_tls(&req);
    Ok(home_with(expired_cookie(secure)))
}
