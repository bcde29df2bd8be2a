//! The staff's pages: login, a new tournament, registration, the round screen
//! (pair → review → publish → results) and the audit log. Every post checks the
//! CSRF token and runs the existing domain operation in one transaction.

use super::{
    form_viewer, html, page, redirect, ticked, with_done, write_op, Base, PageError, Post,
    TournamentNav, Viewer,
};
use crate::db::DbConnection;
use crate::domain::engine::ViolationView;
use crate::domain::registration::{self, ByeRequestView, PlayerView, RequestBye};
use crate::domain::results;
use crate::domain::rounds::{self, GameView, RoundView};
use crate::domain::tournaments::{self, Period, Regulations, StaffMember, TimeControl};
use crate::domain::{require_role, users, DomainError, DomainResult, Role, ToConfirm};
use crate::web::auth::{expired_cookie, is_tls, session_cookie, Credentials};
use crate::web::error::AppError;
use crate::web::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;

/// A form's error: which field, and the sentence to show next to it.
#[derive(Default)]
pub struct FormError {
    pub field: String,
    pub message: String,
    /// Further problems of the same form, each shown at its field.
    pub more: Vec<(String, String)>,
    /// What the user must confirm to have it done anyway (then `message`
    /// says what and why).
    pub confirm: Option<ToConfirm>,
}

impl FormError {
    pub(crate) fn of(e: &DomainError) -> FormError {
        match e {
            DomainError::Invalid { field, message }
            | DomainError::ConflictOn { field, message } => FormError {
                field: field.clone(),
                message: message.to_string(),
                more: Vec::new(),
                confirm: None,
            },
            DomainError::NeedsConfirmation { what, message } => FormError {
                field: what.field().to_string(),
                message: message.to_string(),
                more: Vec::new(),
                confirm: Some(*what),
            },
            other => FormError {
                field: String::new(),
                message: other.to_string(),
                more: Vec::new(),
                confirm: None,
            },
        }
    }

    /// All of `problems` (the first is the one the page names at the top).
    fn all(problems: &[DomainError]) -> FormError {
        let mut e = match problems.first() {
            Some(first) => FormError::of(first),
            None => return FormError::default(),
        };
        for p in &problems[1..] {
            let f = FormError::of(p);
            e.more.push((f.field, f.message));
        }
        e
    }

    /// The sentence when the form's problem is that `what` needs confirming.
    pub fn needs(&self, what: ToConfirm) -> Option<&str> {
        (self.confirm == Some(what)).then_some(self.message.as_str())
    }

    pub fn at(&self, field: &str) -> Option<&str> {
        let hit = |f: &str| f == field || f.starts_with(&format!("{field}."));
        if hit(&self.field) {
            return Some(self.message.as_str());
        }
        self.more
            .iter()
            .find(|(f, _)| hit(f))
            .map(|(_, m)| m.as_str())
    }

    /// How many problems the form has.
    pub fn count(&self) -> usize {
        usize::from(!self.message.is_empty()) + self.more.len()
    }

    pub fn general(&self) -> Option<&str> {
        (!self.message.is_empty()).then_some(self.message.as_str())
    }
}

/// FIDE mode refused an operation: the form that does it anyway, once both
/// boxes are ticked (`domain::fide_mode`), with what was asked as hidden fields.
#[derive(Clone, Debug, Default)]
pub struct FideConfirm {
    pub action: String,
    pub hidden: Vec<(String, String)>,
    pub warning: String,
}

impl FideConfirm {
    /// `Some` when `e` is FIDE mode's refusal.
    fn of(e: &DomainError, action: String, hidden: Vec<(&str, &str)>) -> Option<FideConfirm> {
        match e {
            DomainError::NeedsConfirmation {
                what: ToConfirm::LeaveFideMode,
                message,
            } => Some(FideConfirm {
                action,
                hidden: hidden
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                warning: message.to_string(),
            }),
            _ => None,
        }
    }
}

mod accounts;
mod audit_log;
mod login;
mod players;
mod round_screen;
mod tournament;
pub use accounts::*;
pub use audit_log::*;
pub use login::*;
pub use players::*;
pub use round_screen::*;
pub use tournament::*;
