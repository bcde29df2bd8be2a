//! Login, logout, the current user, API tokens, accounts.

use crate::domain::users::{self, NewToken, UserView};
use crate::domain::DomainError;
use crate::web::auth::{expired_cookie, is_tls, session_cookie, Credentials};
use crate::web::error::{AppError, ErrorBody};
use crate::web::Cx;
use crate::web::{read, write, write_body, AppState, Body};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginForm {
    pub username: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct SessionView {
    pub user: UserView,
    /// Send it back as `X-CSRF-Token` on every write made with the session cookie.
    pub csrf_token: String,
}

#[utoipa::path(post, path = "/api/v1/session", tag = "session", request_body = LoginForm,
    responses((status = 200, description = "Logged in; the session cookie is set", body = SessionView),
              (status = 401, description = "Wrong user name or password", body = ErrorBody),
              (status = 429, description = "Too many failed attempts", body = ErrorBody)))]
pub async fn login(cx: Cx, form: web::Json<LoginForm>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let LoginForm { username, password } = form.into_inner();
    let attempt = match state.login_limiter.begin(&ip, &username) {
        Ok(a) => a,
        Err(retry_after) => return Err(AppError::TooManyRequests { retry_after }),
    };
    let old = Credentials::of(&req).session;
    let db = state.db.clone();
    let name = username.clone();
    let result =
        web::block(move || db.write(|conn| users::login(conn, &name, &password, old.as_deref())))
            .await?;
    match result {
        Ok(logged) => {
            state.login_limiter.succeed(attempt);
            let secure = state.secure_cookies || is_tls(&req);
            Ok(HttpResponse::Ok()
                .cookie(session_cookie(&logged.session_token, secure))
                .json(SessionView {
                    user: logged.user,
                    csrf_token: logged.csrf_token,
                }))
        }
        Err(DomainError::Invalid { message, .. }) => {
            // Wrong credentials are a 401 (RFC 9110 §15.5.2), not a bad field;
            // the attempt stays counted as a failure.
            Err(AppError::BadRequest {
                status: 401,
                message,
            })
        }
        Err(e) => {
            state.login_limiter.forget(attempt);
            Err(e.into())
        }
    }
}

#[utoipa::path(get, path = "/api/v1/session", tag = "session",
    responses((status = 200, description = "The logged-in user", body = UserView),
              (status = 401, description = "Not logged in", body = ErrorBody)))]
pub async fn me(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, AppError> {
    let user = read(&state, &req, users::me).await?;
    Ok(HttpResponse::Ok().json(user))
}

#[utoipa::path(delete, path = "/api/v1/session", tag = "session",
    responses((status = 204, description = "Logged out"),
              (status = 401, description = "Not logged in", body = ErrorBody)))]
pub async fn logout(cx: Cx) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let token = Credentials::of(&req).session.unwrap_or_default();
    write(&state, &req, move |conn, actor| {
        users::logout(conn, actor, &token)
    })
    .await?;
    let secure = state.secure_cookies || is_tls(&req);
    Ok(HttpResponse::NoContent()
        .cookie(expired_cookie(secure))
        .finish())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenForm {
    /// 1–100 characters, at least one of them not white space.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"[^\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
    )]
    pub label: String,
}

#[utoipa::path(post, path = "/api/v1/tokens", tag = "session", request_body = TokenForm,
    responses((status = 201, description = "A new bearer token (shown once)", body = NewToken),
              (status = 401, description = "Not logged in", body = ErrorBody)))]
pub async fn create_token(cx: Cx, form: Body<TokenForm>) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let t = write_body(&state, &req, form, move |conn, actor, f: TokenForm| {
        users::create_token(conn, actor, &f.label)
    })
    .await?;
    Ok(HttpResponse::Created().json(t))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UserForm {
    pub username: String,
    pub password: String,
    #[serde(default)]
    pub display_name: String,
    #[serde(default)]
    pub is_admin: bool,
}

#[utoipa::path(post, path = "/api/v1/users", tag = "session", request_body = UserForm,
    responses((status = 201, description = "Account created", body = UserView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an administrator", body = ErrorBody)))]
pub async fn create_user(cx: Cx, form: Body<UserForm>) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let u = write_body(&state, &req, form, move |conn, actor, f: UserForm| {
        users::create_user(
            conn,
            actor,
            &f.username,
            &f.password,
            &f.display_name,
            f.is_admin,
        )
    })
    .await?;
    Ok(HttpResponse::Created().json(u))
}
