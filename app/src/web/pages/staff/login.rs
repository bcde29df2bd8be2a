//! Logging in and out through the pages.

use super::*;
use crate::i18n::errors;

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

pub async fn login_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
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

/// The same login as `POST /api/v1/session`: `users::login`, the same rate
/// limit, the same session cookie.
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, PageError> {
    let lang = crate::web::lang_of(&req);
    let LoginForm {
        username,
        password,
        csrf,
    } = form.into_inner();
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let (token, _) = login_token(&req);
    let show = |status: StatusCode, error: String, username: String| {
        let viewer = Viewer {
            actor: Default::default(),
            csrf: String::new(),
            lang,
            path: "/login".into(),
            list_manager: false,
        };
        html(
            status,
            &LoginPage {
                base: Base::new(&viewer, viewer.tr().t("login"), None),
                username,
                error: Some(error),
                csrf: token.clone(),
            },
        )
    };
    // The form's token against the cookie's: a login posted from another
    // site (which would log the browser into the attacker's account) has
    // neither.
    let held = req.cookie(LOGIN_CSRF_COOKIE);
    if !held
        .is_some_and(|c| !csrf.is_empty() && crate::web::auth::constant_time_eq(c.value(), &csrf))
    {
        let e = AppError::BadRequest {
            status: 403,
            message: msg!("the login form has expired; log in again on the new one"),
        };
        let mut res = show(
            StatusCode::FORBIDDEN,
            crate::web::error::sentence(&e, lang),
            username,
        );
        let secure = state.secure_cookies || is_tls(&req);
        let _ = res.add_cookie(&login_csrf_cookie(&token, secure));
        return Ok(res);
    }
    let attempt = match state.login_limiter.begin(&ip, &username) {
        Ok(a) => a,
        Err(retry_after) => {
            let e = AppError::TooManyRequests { retry_after };
            return Ok(show(
                StatusCode::TOO_MANY_REQUESTS,
                crate::web::error::sentence(&e, lang),
                username,
            ));
        }
    };
    let old = Credentials::of(&req).session;
    let db = state.db.clone();
    let name = username.clone();
    let result =
        web::block(move || db.write(|conn| users::login(conn, &name, &password, old.as_deref())))
            .await
            .map_err(|e| PageError::new(AppError::from(e), lang))?;
    match result {
        Ok(logged) => {
            state.login_limiter.succeed(attempt);
            let secure = state.secure_cookies || is_tls(&req);
            Ok(HttpResponse::SeeOther()
                .cookie(session_cookie(&logged.session_token, secure))
                .insert_header(("Location", "/"))
                .finish())
        }
        // A wrong password: the attempt stays counted as a failure.
        Err(e @ DomainError::Invalid { .. }) => Ok(show(
            StatusCode::UNPROCESSABLE_ENTITY,
            errors::error(&e, lang),
            username,
        )),
        Err(e) => {
            state.login_limiter.forget(attempt);
            Err(PageError::new(e, lang))
        }
    }
}

#[derive(Deserialize)]
pub struct CsrfOnly {
    #[serde(default)]
    pub(super) csrf: String,
}

pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let token = Credentials::of(&req).session.unwrap_or_default();
    write_op(&state, &viewer, None, move |conn, actor| {
        users::logout(conn, actor, &token)
    })
    .await?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let secure = state.secure_cookies || is_tls(&req);
    Ok(HttpResponse::SeeOther()
        .cookie(expired_cookie(secure))
        .insert_header(("Location", "/"))
        .finish())
}
