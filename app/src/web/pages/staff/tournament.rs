//! A new tournament, and the settings of an existing one.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::kinds::{
    Acceleration, InitialColour, LateEntryBye, LawsEdition, Notation, PairingSystem, RatingOrder,
    TeamSystemKind, Variant,
};
pub use crate::domain::regulation_fields::RegulationsForm as TournamentForm;
use crate::domain::regulation_fields::{self, form_field};
use crate::i18n::errors;
use crate::web::{Cx, Tid};

/// A number typed in a form (`formats::typed_number`).
pub(crate) fn number<T: std::str::FromStr>(field: &str, text: &str, what: &str) -> DomainResult<T> {
    crate::domain::formats::typed_number(field, text, what)
}

/// The value of `name` in a posted form (the last one, as a check box's
/// hidden `0` comes before its `1`).
pub(crate) fn posted<'a>(pairs: &'a [(String, String)], name: &str) -> &'a str {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or("")
}

/// The form's error: every problem of what was typed, each at its form field,
/// or else `e` (which the domain refused, in the viewer's language) at its form field.
fn form_error(f: &TournamentForm, e: DomainError, lang: crate::i18n::Lang) -> FormError {
    let rename = |e: DomainError| match e {
        DomainError::Invalid { field, message } => DomainError::Invalid {
            field: form_field(&field),
            message,
        },
        other => other,
    };
    match f.regulations() {
        Err(all) => {
            let all: Vec<DomainError> = all
                .into_iter()
                .map(|e| errors::localized(e, lang))
                .collect();
            FormError::all(&all)
        }
        Ok(_) => FormError::of(&rename(e)),
    }
}

#[derive(Template)]
#[template(path = "new_tournament.html")]
pub struct NewTournamentPage {
    pub base: Base,
    pub f: TournamentForm,
    /// The regulations as stored, for the fields shown as fixed text.
    pub stored: TournamentForm,
    pub error: FormError,
    /// The settings of an existing tournament (its id), else a new one.
    pub settings: Option<TournamentId>,
    /// Round 1 is paired: what may no longer change is shown as text.
    pub running: bool,
    pub notice: Option<String>,
    /// FIDE mode refused the change: ask for both confirmations in the form.
    pub fide_warning: Option<String>,
    /// The tournament's operations outside the FIDE rules (empty: FIDE mode).
    pub departures: Vec<crate::domain::fide_mode::Departure>,
    /// A team event's system (its text key): the system and the rounds are
    /// the team event's, set on its Teams page, not the individual choices.
    pub team_system: Option<&'static str>,
}

impl NewTournamentPage {
    /// A team event's boards and match points on New tournament, as typed or
    /// their defaults: (field, value).
    pub fn team_fields(&self) -> Vec<(&'static str, String)> {
        team_values(&self.f)
    }

    /// Whether the regulation `key` (`time_control`, `points`, …) is fixed:
    /// round 1 is paired and the domain's rule (`tournaments::changeable_after_start`)
    /// no longer lets it change.
    pub fn fixed(&self, key: &str) -> bool {
        (self.running && !tournaments::changeable_after_start(key))
            || (self.team_system.is_some() && key == "system")
    }

    /// `aria-invalid` for a field with an error.
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }

    /// Whether any field of the group `keys` may still change.
    pub fn any_open(&self, keys: &[&str]) -> bool {
        keys.iter().any(|k| !self.fixed(k))
    }

    /// The word of a closed set stored in `field` (its text key).
    pub fn stored_word(&self, field: &str) -> &'static str {
        let v = self.stored.v(field);
        let words = PairingSystem::ALL
            .iter()
            .map(|x| x.as_str())
            .chain(Variant::ALL.iter().map(|x| x.as_str()))
            .chain(LateEntryBye::ALL.iter().map(|x| x.as_str()))
            .chain(InitialColour::ALL.iter().map(|x| x.as_str()))
            .chain(Acceleration::ALL.iter().map(|x| x.as_str()));
        match field {
            "rating_order" => rating_word(v),
            _ => words.into_iter().find(|w| *w == v).unwrap_or("none"),
        }
    }

    /// The text key of a rating order.
    pub fn rating_word(&self, v: &str) -> &'static str {
        rating_word(v)
    }

    /// `date3`, `moves2`: a numbered field's name.
    pub fn numbered(&self, prefix: &str, n: impl std::fmt::Display) -> String {
        format!("{prefix}{n}")
    }

    /// The name of period `i`'s minutes (counted from 1).
    pub fn minutes_name(&self, i: impl std::borrow::Borrow<usize>) -> String {
        regulation_fields::minutes_field(i.borrow().saturating_sub(1))
    }

    /// The periods' rows, counted from 1.
    pub fn period_numbers(&self) -> Vec<usize> {
        (1..=regulation_fields::PERIOD_ROWS).collect()
    }

    /// The point system's fields with their labels, in the viewer's language.
    pub fn point_labels(&self) -> Vec<(&'static str, &'static str)> {
        regulation_fields::POINT_FIELDS
            .iter()
            .map(|f| {
                let label = match *f {
                    "win" => "win_points",
                    "draw" => "draw_points",
                    "loss" => "reg_loss_points",
                    "forfeit_win" => "reg_forfeit_win_points",
                    "forfeit_loss" => "reg_forfeit_loss_points",
                    "pairing_bye" => "reg_pairing_bye_points",
                    "full_bye" => "reg_full_bye_points",
                    "half_bye" => "reg_half_bye_points",
                    _ => "reg_zero_bye_points",
                };
                (*f, self.base.tr.t(label))
            })
            .collect()
    }

    /// The stored time control as text: `40 moves / 90 min, rest of the game / 30 min, +30 s`.
    pub fn time_control_text(&self) -> String {
        let tr = &self.base.tr;
        let mut parts = Vec::new();
        for i in 1..=regulation_fields::PERIOD_ROWS {
            let minutes = self.stored.v(&regulation_fields::minutes_field(i - 1));
            if minutes.is_empty() {
                continue;
            }
            let moves = self.stored.v(&format!("moves{i}"));
            let moves = if moves.is_empty() {
                tr.t("reg_rest_of_game").to_string()
            } else {
                format!("{moves} {}", tr.t("reg_moves_word"))
            };
            parts.push(format!("{moves} / {minutes} min"));
        }
        let mut text = parts.join(", ");
        for (field, key) in [("increment", "increment"), ("delay", "reg_delay")] {
            let v = self.stored.v(field);
            if v != "0" {
                text.push_str(&format!("; {}: {v}", tr.t(key)));
            }
        }
        text
    }

    pub fn yes_no(&self, yes: bool) -> &'static str {
        self.base.tr.t(if yes { "yes" } else { "no_word" })
    }

    /// A number, or "as the edition says" when empty.
    pub fn or_edition(&self, v: &str) -> String {
        if v.is_empty() {
            self.base.tr.t("reg_as_edition").to_string()
        } else {
            v.to_string()
        }
    }

    /// Whether a round of the schedule has an error (its table opens).
    pub fn schedule_error(&self) -> bool {
        self.error.field.starts_with("date")
            || self.error.field.starts_with("time")
            || self
                .error
                .more
                .iter()
                .any(|(f, _)| f.starts_with("date") || f.starts_with("time"))
    }

    /// Whether a field of the laws' details has an error (they open).
    pub fn laws_error(&self) -> bool {
        [
            "draw_offer_min_moves",
            "draw_needs_arbiter",
            "illegal_moves_lose",
            "illegal_move_bonus_seconds",
        ]
        .iter()
        .any(|f| self.invalid(f))
    }

    fn blank(viewer: &Viewer, f: TournamentForm, error: FormError) -> NewTournamentPage {
        NewTournamentPage {
            base: Base::new(viewer, viewer.tr().t("new_tournament"), None),
            stored: f.clone(),
            f,
            error,
            settings: None,
            running: false,
            notice: None,
            fide_warning: None,
            departures: Vec::new(),
            team_system: None,
        }
    }
}

/// The text key of a rating order.
pub fn rating_word(v: &str) -> &'static str {
    if v == "national" {
        "reg_rating_national"
    } else {
        "reg_rating_fide"
    }
}

/// The starting point of a new tournament's form: the defaults, today, and
/// one period of 90 minutes with 30 seconds a move.
fn new_defaults() -> Regulations {
    let today = chrono::Local::now()
        .date_naive()
        .format("%Y-%m-%d")
        .to_string();
    Regulations {
        start_date: today.clone(),
        end_date: today,
        time_control: TimeControl {
            periods: vec![Period {
                moves: None,
                minutes: 90,
            }],
            increment_seconds: 30,
            delay_seconds: 0,
        },
        ..Regulations::default()
    }
}

/// Rounds of schedule a new tournament's form shows (the default number of rounds).
const NEW_SCHEDULE_ROWS: u32 = 9;

pub(super) fn settings_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    typed: Option<(Vec<(String, String)>, DomainError)>,
    notice: Option<String>,
) -> DomainResult<NewTournamentPage> {
    // Arbiters read the settings; saving them is the organizer's
    // (`tournaments::edit`).
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "settings")?;
    let t = tournaments::get(conn, tid, crate::domain::Audience::Staff)?;
    let rows = schedule_rows(conn, tid)?;
    let running = nav.last_round > RoundNo(0);
    let (f, error) = match typed {
        Some((posted, e)) => {
            let f = TournamentForm::typed(&t.regulations, rows, &posted);
            let error = form_error(&f, e, viewer.lang);
            (f, error)
        }
        None => (
            TournamentForm::of(&t.regulations, rows),
            FormError::default(),
        ),
    };
    let fide_warning = error
        .needs(crate::domain::ToConfirm::LeaveFideMode)
        .map(str::to_string);
    let title = format!("{} · {}", viewer.tr().t("settings"), nav.name);
    Ok(NewTournamentPage {
        base: Base::new(viewer, title, Some(nav)),
        stored: TournamentForm::of(&t.regulations, rows),
        f,
        error,
        settings: Some(tid),
        running,
        notice,
        fide_warning,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
        team_system: crate::domain::teams::team_system(conn, tid)?
            .map(|k| crate::web::pages::team_forms::system_key(&k)),
    })
}

/// Rounds of schedule the settings show: the rounds of the event.
fn schedule_rows(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<u32> {
    let row = tournaments::load(conn, tid)?;
    Ok(crate::domain::regulations::total_rounds(conn, &row)?.max(row.rounds as u32))
}

/// `GET /t/{tid}/manage/settings`: the regulations, editable while they may change.
pub async fn settings_form(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = super::super::query(&req, "done");
    page(&state, &req, move |conn, viewer| {
        settings_page(conn, viewer, tid, None, notice)
    })
    .await
}

/// `POST /t/{tid}/manage/settings`: the changed regulations, through
/// `tournaments::edit` (which refuses what may no longer change).
pub async fn save_settings(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, pairs) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, posted(&pairs, "csrf"), tid).await?;
    let typed = pairs.clone();
    let tr = post.tr();
    post.submit(
        Ok(pairs),
        move |conn, actor, pairs| {
            let rows = schedule_rows(conn, tid)?;
            regulation_fields::save(conn, actor, tid, rows, &pairs)
        },
        |keys| {
            let text = match keys.is_empty() {
                true => tr.t("nothing_changed").to_string(),
                false => format!("{}: {}", tr.t("settings_saved"), keys.join(", ")),
            };
            with_done(&format!("/t/{tid}/manage/settings"), &text)
        },
        move |conn, v, e| settings_page(conn, v, tid, Some((typed, e)), None),
    )
    .await
}

pub async fn new_tournament_form(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, |_, viewer| {
        if viewer.actor.user_id.is_none() {
            return Err(DomainError::Unauthenticated);
        }
        let f = TournamentForm::of(&new_defaults(), NEW_SCHEDULE_ROWS);
        Ok(NewTournamentPage::blank(viewer, f, FormError::default()))
    })
    .await
}

pub async fn create_tournament(
    cx: Cx,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let pairs = form.into_inner();
    let viewer = form_viewer(&state, &req, posted(&pairs, "csrf")).await?;
    let f = TournamentForm::typed(&new_defaults(), NEW_SCHEDULE_ROWS, &pairs);
    if let Some(system) = crate::web::pages::team_forms::team_system(f.v("system")) {
        return create_team_event(&state, viewer, f, system).await;
    }
    let cmd = f.regulations().map_err(|mut all| all.remove(0));
    let max = state.limits.max_tournaments_per_user;
    let op = move |conn: &mut DbConnection, actor: &crate::domain::Actor| {
        let t = tournaments::create(conn, actor, cmd?)?;
        crate::domain::limits::tournaments_within(conn, actor, max).map(|()| t)
    };
    match write_op(&state, &viewer, None, op).await? {
        Ok(t) => Ok(redirect(&format!("/t/{}/manage/players", t.id))),
        Err(e @ DomainError::Invalid { .. }) => {
            // Every problem at once: each field's own message next to it.
            let error = form_error(&f, errors::localized(e, viewer.lang), viewer.lang);
            let page = NewTournamentPage::blank(&viewer, f, error);
            Ok(html(StatusCode::UNPROCESSABLE_ENTITY, &page))
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

/// The team fields of New tournament as typed, or their defaults.
fn team_values(f: &TournamentForm) -> Vec<(&'static str, String)> {
    [
        ("team_boards", "4"),
        ("team_match_win", "2"),
        ("team_match_draw", "1"),
        ("team_match_loss", "0"),
    ]
    .into_iter()
    .map(|(k, d)| {
        let v = f.v(k).trim();
        (k, if v.is_empty() { d } else { v }.to_string())
    })
    .collect()
}

/// A team system chosen on the New tournament form: the tournament and its
/// team event in one operation (`teams::create_event`), then the team screen.
async fn create_team_event(
    state: &web::Data<AppState>,
    viewer: Viewer,
    f: TournamentForm,
    system: TeamSystemKind,
) -> Result<HttpResponse, PageError> {
    let (individual, cmd) = team_command(&f, system);
    let max = state.limits.max_tournaments_per_user;
    let op = move |conn: &mut DbConnection, actor: &crate::domain::Actor| {
        let (reg, settings) = cmd?;
        let v = crate::domain::teams::create_event(conn, actor, reg, settings)?;
        crate::domain::limits::tournaments_within(conn, actor, max).map(|()| v)
    };
    match write_op(state, &viewer, None, op).await? {
        Ok(v) => Ok(redirect(&format!("/t/{}/manage/teams", v.tournament_id))),
        Err(e @ (DomainError::Invalid { .. } | DomainError::ConflictOn { .. })) => {
            let e = errors::localized(e, viewer.lang);
            let error = team_form_error(&individual, e, viewer.lang);
            let page = NewTournamentPage::blank(&viewer, f, error);
            Ok(html(StatusCode::UNPROCESSABLE_ENTITY, &page))
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

/// The team event the New tournament form asks for: the individual
/// regulations (as a Swiss) and the team settings; the form of the
/// individual part, for its problems.
fn team_command(
    f: &TournamentForm,
    system: TeamSystemKind,
) -> (
    TournamentForm,
    DomainResult<(Regulations, crate::domain::teams::TeamEventSettings)>,
) {
    let mut individual = f.clone();
    individual.set("system", PairingSystem::Swiss.as_str());
    let t = team_values(f);
    let settings = crate::web::pages::team_forms::new_event_settings(
        system,
        f.v("rounds"),
        &t[0].1,
        &t[1].1,
        &t[2].1,
        &t[3].1,
    );
    let cmd = match (individual.regulations(), settings) {
        (Ok(reg), Ok(s)) => Ok((reg, s)),
        (Err(mut all), _) => Err(all.remove(0)),
        (_, Err(e)) => Err(e),
    };
    (individual, cmd)
}

/// The team event's fields carry `team_` on the New tournament form; the
/// other problems are the individual regulations' (the system aside).
fn team_form_error(
    individual: &TournamentForm,
    e: DomainError,
    lang: crate::i18n::Lang,
) -> FormError {
    match &e {
        DomainError::Invalid { field, .. }
            if ["boards", "match_win", "match_draw", "match_loss"].contains(&field.as_str()) =>
        {
            let mut error = FormError::of(&e);
            error.field = format!("team_{}", error.field);
            error
        }
        _ => form_error(individual, e, lang),
    }
}
