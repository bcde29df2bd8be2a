//! Logging in and out through the pages.

use super::*;
use crate::i18n::errors;

#[derive(Template)]
#[template(path = "login.html")]
pub struct LoginPage {
    pub base: Base,
    pub username: String,
    pub error: Option<String>,
}

pub async fn login_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    page(&state, &req, |_, viewer| {
        Ok(LoginPage {
            base: Base::new(viewer, viewer.tr().t("login"), None),
            username: String::new(),
            error: None,
        })
    })
    .await
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    pub(super) username: String,
    #[serde(default)]
    pub(super) password: String,
}

/// The same login as `POST /api/v1/session`: `users::login`, the same rate
/// limit, the same session cookie.
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, PageError> {
    let lang = crate::web::lang_of(&req);
    let LoginForm { username, password } = form.into_inner();
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let show = |status: StatusCode, error: String, username: String| {
        let viewer = Viewer {
            actor: Default::default(),
            csrf: String::new(),
            lang,
            path: "/login".into(),
        };
        html(
            status,
            &LoginPage {
                base: Base::new(&viewer, viewer.tr().t("login"), None),
                username,
                error: Some(error),
            },
        )
    };
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
