//! One mapping from errors to HTTP answers. A user sees a sentence that says what
//! to fix; never a trace.

use crate::domain::{DomainError, Msg, ToConfirm};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

/// What went wrong, as a stable word a client can switch on and translate
/// (the `error` sentence is English and may be reworded; the code is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request could not be read (a body that is not JSON, a
    /// value of the wrong type, a path or query that does not fit).
    BadRequest,
    /// 401: not logged in.
    Unauthenticated,
    /// 403: logged in, but without the role this needs.
    Forbidden,
    /// 404: no such tournament, player, game, route, ….
    NotFound,
    /// 405: the address exists but not with this method (see `Allow`).
    MethodNotAllowed,
    /// 413: the body is larger than this operation takes.
    PayloadTooLarge,
    /// 415: the body is not of a type this operation takes.
    UnsupportedMediaType,
    /// 422: a value is wrong; `field` names it.
    Invalid,
    /// 422: no pairing satisfies the system's rules.
    PairingFailed,
    /// 409: the operation does not fit the current state (`current` may
    /// hold it), or a concurrent change came first.
    Conflict,
    /// 429: too many attempts (see `Retry-After`).
    TooManyRequests,
    /// 500: the server failed; nothing was changed.
    Internal,
    /// 503: the database did not answer; try again.
    Unavailable,
}

impl ErrorCode {
    /// The code of an answer with this status, where nothing more is known.
    pub fn of_status(status: StatusCode) -> ErrorCode {
        match status.as_u16() {
            401 => ErrorCode::Unauthenticated,
            403 => ErrorCode::Forbidden,
            404 => ErrorCode::NotFound,
            405 => ErrorCode::MethodNotAllowed,
            409 => ErrorCode::Conflict,
            413 => ErrorCode::PayloadTooLarge,
            415 => ErrorCode::UnsupportedMediaType,
            422 => ErrorCode::Invalid,
            429 => ErrorCode::TooManyRequests,
            503 => ErrorCode::Unavailable,
            s if s >= 500 => ErrorCode::Internal,
            _ => ErrorCode::BadRequest,
        }
    }
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, stable (`ErrorCode`).
    pub code: ErrorCode,
    /// The same in an English sentence that says what to fix.
    pub error: String,
    /// The field at fault, for form errors; for an operation that needs a
    /// confirmation, the field that confirms it (`confirm`, `leave_fide_mode`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For 409: the current state of what the client tried to change.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Value>)]
    pub current: Option<serde_json::Value>,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error("{message}")]
    /// `message` is shown translated on a page; its English (`Display`) is
    /// the API's `error`.
    BadRequest { status: u16, message: Msg },
    #[error("too many attempts; wait {retry_after} seconds")]
    TooManyRequests { retry_after: u64 },
    /// A blocking task that did not finish: the code under it panicked (a
    /// defect; the transaction was not committed, see `db::Database::write`).
    #[error("the server failed to complete this; nothing was changed")]
    Blocking,
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(_: actix_web::error::BlockingError) -> Self {
        AppError::Blocking
    }
}

impl AppError {
    pub fn bad_request(message: Msg) -> AppError {
        AppError::BadRequest {
            status: 400,
            message,
        }
    }
}

/// The HTTP status of a domain error, the same for the API and the pages.
pub fn domain_status(d: &DomainError) -> StatusCode {
    match d {
        DomainError::Unauthenticated => StatusCode::UNAUTHORIZED,
        DomainError::Forbidden(_) => StatusCode::FORBIDDEN,
        DomainError::NotFound(_) => StatusCode::NOT_FOUND,
        DomainError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        DomainError::Conflict { .. } | DomainError::ConflictOn { .. } => StatusCode::CONFLICT,
        DomainError::NeedsConfirmation { what, .. } => match what {
            ToConfirm::Contradiction => StatusCode::UNPROCESSABLE_ENTITY,
            ToConfirm::LeaveFideMode => StatusCode::CONFLICT,
        },
        DomainError::Pairing(_) => StatusCode::UNPROCESSABLE_ENTITY,
        DomainError::Database(e) => match e {
            diesel::result::Error::NotFound => StatusCode::NOT_FOUND,
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation
                | diesel::result::DatabaseErrorKind::SerializationFailure,
                _,
            ) => StatusCode::CONFLICT,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        },
        DomainError::Db(_) => StatusCode::SERVICE_UNAVAILABLE,
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::Domain(d) => domain_status(d),
            AppError::BadRequest { status, .. } => {
                StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_REQUEST)
            }
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Blocking => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let code = match self {
            AppError::Domain(DomainError::Pairing(_)) => ErrorCode::PairingFailed,
            _ => ErrorCode::of_status(status),
        };
        let mut body = ErrorBody {
            code,
            error: self.to_string(),
            field: None,
            current: None,
        };
        match self {
            AppError::Domain(
                DomainError::Invalid { field, .. } | DomainError::ConflictOn { field, .. },
            ) => body.field = Some(field.clone()),
            AppError::Domain(DomainError::NeedsConfirmation { what, .. }) => {
                body.field = Some(what.field().to_string())
            }
            AppError::Domain(DomainError::Conflict { current, .. }) => {
                body.current = current.clone()
            }
            AppError::Domain(DomainError::Database(e)) if status.is_server_error() => {
                log::error!("database error: {e}");
                body.error =
                    "the database failed to complete the operation; nothing was changed".into();
            }
            AppError::Domain(DomainError::Database(_)) => {
                body.error = "the change conflicts with another change made at the same time; nothing was changed, try again".into();
            }
            _ => {}
        }
        let mut res = HttpResponse::build(status);
        if let AppError::TooManyRequests { retry_after } = self {
            res.insert_header(("Retry-After", retry_after.to_string()));
        }
        res.json(body)
    }
}

/// The sentence of an error of the web layer in `lang`.
pub fn sentence(e: &AppError, lang: crate::i18n::Lang) -> String {
    use crate::i18n::errors::{error, message, template, DATABASE_FAILED, INTERNAL, TOO_MANY};
    match e {
        AppError::Domain(DomainError::Database(_) | DomainError::Db(_)) => {
            template(DATABASE_FAILED, lang).to_string()
        }
        AppError::Domain(d) => error(d, lang),
        AppError::TooManyRequests { retry_after } => {
            template(TOO_MANY, lang).replacen("{}", &retry_after.to_string(), 1)
        }
        AppError::Blocking => template(INTERNAL, lang).to_string(),
        AppError::BadRequest { message: m, .. } => message(m, lang),
    }
}
