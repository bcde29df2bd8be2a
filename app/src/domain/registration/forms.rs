//! The players screen's forms as posted (every field text, as typed) and the
//! commands they read as: `PlayerForm` → `RegisterPlayer`, `EditPlayerForm`
//! → `EditPlayer`, `ByeForm` → `RequestBye`. A field that cannot be read is
//! an error at that field; the page shows the form again as typed.

use super::{EditPlayer, PlayerView, RegisterPlayer, RequestBye};
use crate::domain::formats::{ticked, typed_number, typed_optional};
use crate::domain::kinds::{parse_field, ByeRequestKind, Sex};
use crate::domain::DomainResult;
use serde::Deserialize;

/// Registering one player.
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct PlayerForm {
    pub csrf: String,
    pub name: String,
    pub rating: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub club: String,
    pub sex: String,
    pub joins_round: String,
    pub confirm_duplicate: String,
}

impl PlayerForm {
    pub fn command(&self) -> DomainResult<RegisterPlayer> {
        Ok(RegisterPlayer {
            name: self.name.clone(),
            rating: typed_optional("rating", &self.rating, "a rating")?,
            title: self.title.clone(),
            federation: self.federation.clone(),
            fide_id: typed_optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: self.club.clone(),
            sex: parse_field("sex", &self.sex)?,
            joins_round: typed_optional("joins_round", &self.joins_round, "a round number")?,
            confirm_duplicate: ticked(&self.confirm_duplicate),
            ..Default::default()
        })
    }
}

/// The edit form of one player, as stored or as typed.
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct EditPlayerForm {
    pub csrf: String,
    pub version: String,
    pub name: String,
    pub rating: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub club: String,
    pub birth_date: String,
    pub sex: String,
    pub k_factor: String,
}

impl EditPlayerForm {
    /// The form filled with the player as stored.
    pub fn of(p: &PlayerView) -> EditPlayerForm {
        EditPlayerForm {
            version: p.version.to_string(),
            name: p.name.clone(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            title: p.title.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            club: p.club.clone(),
            birth_date: p.birth_date.clone(),
            sex: p.sex.to_string(),
            k_factor: p.k_factor.to_string(),
            ..Default::default()
        }
    }

    /// The choices of the sex select: each word, and whether it is the one
    /// typed (none when the form holds something else).
    pub fn sex_options(&self) -> Vec<(Sex, bool)> {
        let typed = self.sex.parse::<Sex>().ok();
        Sex::ALL.iter().map(|&s| (s, typed == Some(s))).collect()
    }

    pub fn command(&self) -> DomainResult<EditPlayer> {
        Ok(EditPlayer {
            name: Some(self.name.clone()),
            rating: typed_optional("rating", &self.rating, "a rating")?,
            title: Some(self.title.clone()),
            federation: Some(self.federation.clone()),
            fide_id: typed_optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: Some(self.club.clone()),
            birth_date: Some(self.birth_date.clone()),
            sex: Some(parse_field("sex", &self.sex)?),
            k_factor: typed_optional("k_factor", &self.k_factor, "10, 20 or 40")?,
            version: typed_number("version", &self.version, "a version")?,
            ..Default::default()
        })
    }
}

/// A requested bye from the players screen: the round, the kind (empty: a
/// half-point bye), FIDE mode's two boxes and the confirmation of the
/// one-click form.
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct ByeForm {
    pub csrf: String,
    pub round: String,
    pub kind: String,
    pub warning_read: String,
    pub leave_fide_mode: String,
    pub confirm: String,
}

impl ByeForm {
    pub fn command(&self) -> DomainResult<RequestBye> {
        let round = typed_number("round", &self.round, "a round number")?;
        let kind = if self.kind.trim().is_empty() {
            ByeRequestKind::Half
        } else {
            parse_field("kind", &self.kind)?
        };
        Ok(RequestBye {
            round,
            kind,
            note: String::new(),
            warning_read: ticked(&self.warning_read),
            leave_fide_mode: ticked(&self.leave_fide_mode),
        })
    }

    /// The form's fields to post again with `confirm=1`.
    pub fn asked(&self) -> Vec<(&str, &str)> {
        vec![
            ("round", &self.round),
            ("kind", &self.kind),
            ("confirm", "1"),
        ]
    }
}
