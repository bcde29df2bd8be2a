//! A new tournament, and the settings of an existing one.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::kinds::{
    parse_field, Acceleration, LateEntryBye, LawsEdition, PairingSystem, TeamSystemKind,
};
use crate::i18n::errors;

/// The regulations form: text as typed, so a wrong value comes back as typed.
#[derive(Deserialize, Clone)]
#[serde(default)]
pub struct TournamentForm {
    pub csrf: String,
    pub name: String,
    pub place: String,
    pub federation: String,
    pub start_date: String,
    pub end_date: String,
    pub system: String,
    pub rounds: String,
    pub base_minutes: String,
    pub increment: String,
    pub default_time_minutes: String,
    pub win: String,
    pub draw: String,
    pub late_entry_bye: String,
    pub tiebreaks: String,
    pub laws_edition: String,
    pub acceleration: String,
    /// FIDE mode's two confirmations (settings only).
    pub warning_read: String,
    pub leave_fide_mode: String,
    /// A team event's boards and match points (New tournament, team systems).
    pub team_boards: String,
    pub team_match_win: String,
    pub team_match_draw: String,
    pub team_match_loss: String,
}

impl Default for TournamentForm {
    fn default() -> Self {
        let r = Regulations::default();
        let today = chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string();
        TournamentForm {
            csrf: String::new(),
            name: String::new(),
            place: String::new(),
            federation: String::new(),
            start_date: today.clone(),
            end_date: today,
            system: r.system.to_string(),
            rounds: r.rounds.to_string(),
            base_minutes: "90".into(),
            increment: "30".into(),
            default_time_minutes: r.default_time_minutes.to_string(),
            win: "1".into(),
            draw: "0.5".into(),
            late_entry_bye: r.late_entry_bye.to_string(),
            tiebreaks: String::new(),
            laws_edition: r.laws_edition.to_string(),
            acceleration: r.acceleration.to_string(),
            warning_read: String::new(),
            leave_fide_mode: String::new(),
            team_boards: "4".into(),
            team_match_win: "2".into(),
            team_match_draw: "1".into(),
            team_match_loss: "0".into(),
        }
    }
}

/// A number typed in a form (`formats::typed_number`).
pub(crate) fn number<T: std::str::FromStr>(field: &str, text: &str, what: &str) -> DomainResult<T> {
    crate::domain::formats::typed_number(field, text, what)
}

impl TournamentForm {
    /// The team event's fields of the New tournament form: (field, value).
    pub fn team_fields(&self) -> Vec<(&'static str, &str)> {
        vec![
            ("team_boards", self.team_boards.as_str()),
            ("team_match_win", self.team_match_win.as_str()),
            ("team_match_draw", self.team_match_draw.as_str()),
            ("team_match_loss", self.team_match_loss.as_str()),
        ]
    }

    /// The regulations the form describes (defaults for everything it does not
    /// show). Only reading numbers happens here; the rules are `Regulations::validate`.
    pub(crate) fn regulations(&self) -> DomainResult<Regulations> {
        let d = Regulations::default();
        let base: u32 = number(
            "base_minutes",
            &self.base_minutes,
            "a whole number of minutes",
        )?;
        let increment: u32 = number("increment", &self.increment, "a whole number of seconds")?;
        let mut points = d.points.clone();
        points.win = number("points.win", &self.win, "a number of points")?;
        points.draw = number("points.draw", &self.draw, "a number of points")?;
        points.forfeit_win = points.win;
        points.pairing_bye = points.win;
        points.full_bye = points.win;
        points.half_bye = points.draw;
        let system: PairingSystem = parse_field("system", &self.system)?;
        Ok(Regulations {
            name: self.name.clone(),
            place: self.place.trim().to_string(),
            federation: self.federation.trim().to_uppercase(),
            start_date: self.start_date.trim().to_string(),
            end_date: self.end_date.trim().to_string(),
            system,
            rounds: if system.is_swiss() {
                number("rounds", &self.rounds, "a whole number of rounds")?
            } else {
                d.rounds
            },
            time_control: TimeControl {
                periods: vec![Period {
                    moves: None,
                    minutes: base,
                }],
                increment_seconds: increment,
                delay_seconds: 0,
            },
            default_time_minutes: number(
                "default_time_minutes",
                &self.default_time_minutes,
                "a whole number of minutes",
            )?,
            points,
            late_entry_bye: parse_field("late_entry_bye", &self.late_entry_bye)?,
            tiebreaks: self
                .tiebreaks
                .split([',', ' ', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_uppercase)
                .collect(),
            laws_edition: parse_field("laws_edition", &self.laws_edition)?,
            // A form without the field (an older page) keeps "none".
            acceleration: if self.acceleration.trim().is_empty() {
                d.acceleration
            } else {
                parse_field("acceleration", &self.acceleration)?
            },
            ..d
        })
    }
}

impl TournamentForm {
    /// The form showing regulations as stored (the settings page).
    fn of(r: &Regulations) -> TournamentForm {
        let fmt = |x: f64| {
            if x.fract() == 0.0 {
                format!("{}", x as i64)
            } else {
                format!("{x}")
            }
        };
        TournamentForm {
            csrf: String::new(),
            name: r.name.clone(),
            place: r.place.clone(),
            federation: r.federation.clone(),
            start_date: r.start_date.clone(),
            end_date: r.end_date.clone(),
            system: r.system.to_string(),
            rounds: r.rounds.to_string(),
            base_minutes: r
                .time_control
                .periods
                .first()
                .map(|p| p.minutes.to_string())
                .unwrap_or_default(),
            increment: r.time_control.increment_seconds.to_string(),
            default_time_minutes: r.default_time_minutes.to_string(),
            win: fmt(r.points.win),
            draw: fmt(r.points.draw),
            late_entry_bye: r.late_entry_bye.to_string(),
            tiebreaks: r.tiebreaks.join(", "),
            laws_edition: r.laws_edition.to_string(),
            acceleration: r.acceleration.to_string(),
            warning_read: String::new(),
            leave_fide_mode: String::new(),
            ..TournamentForm::default()
        }
    }

    /// The regulations the settings form changes, against `current`: only the
    /// fields the form shows, and only where they differ (a time control of
    /// several periods or a custom point system is kept unless its shown part
    /// changed).
    fn changes(
        &self,
        current: &Regulations,
    ) -> DomainResult<serde_json::Map<String, serde_json::Value>> {
        let wanted = self.regulations()?;
        let as_map = |r: &Regulations| match serde_json::to_value(r) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        let (old, new) = (as_map(current), as_map(&wanted));
        let shown = TournamentForm::of(current);
        let mut out = serde_json::Map::new();
        for key in [
            "name",
            "place",
            "federation",
            "start_date",
            "end_date",
            "system",
            "rounds",
            "default_time_minutes",
            "late_entry_bye",
            "tiebreaks",
            "laws_edition",
            "acceleration",
        ] {
            if old.get(key) != new.get(key) {
                if let Some(v) = new.get(key) {
                    out.insert(key.into(), v.clone());
                }
            }
        }
        if shown.base_minutes != self.base_minutes.trim()
            || shown.increment != self.increment.trim()
        {
            if let Some(v) = new.get("time_control") {
                out.insert("time_control".into(), v.clone());
            }
        }
        if shown.win != self.win.trim() || shown.draw != self.draw.trim() {
            if let Some(v) = new.get("points") {
                out.insert("points".into(), v.clone());
            }
        }
        Ok(out)
    }
}

#[derive(Template)]
#[template(path = "new_tournament.html")]
pub struct NewTournamentPage {
    pub base: Base,
    pub f: TournamentForm,
    pub error: FormError,
    /// The settings of an existing tournament (its id), else a new one.
    pub settings: Option<TournamentId>,
    /// Round 1 is paired: only these fields may still change.
    pub editable_while_running: Option<&'static [&'static str]>,
    pub notice: Option<String>,
    /// FIDE mode refused the change: ask for both confirmations in the form.
    pub fide_warning: Option<String>,
    /// The tournament's operations outside the FIDE rules (empty: FIDE mode).
    pub departures: Vec<crate::domain::fide_mode::Departure>,
}

impl NewTournamentPage {
    /// Whether the field is locked (the tournament has started).
    pub fn locked(&self, field: &str) -> bool {
        self.editable_while_running
            .is_some_and(|ok| !ok.contains(&field))
    }
}

pub(super) fn settings_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    typed: Option<(TournamentForm, FormError)>,
    notice: Option<String>,
) -> DomainResult<NewTournamentPage> {
    // Arbiters read the settings; saving them is the organizer's
    // (`tournaments::edit`).
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "settings")?;
    let t = tournaments::get(conn, tid, crate::domain::Audience::Staff)?;
    let running = nav.last_round > RoundNo(0);
    let (f, error) =
        typed.unwrap_or_else(|| (TournamentForm::of(&t.regulations), FormError::default()));
    let fide_warning = error
        .needs(crate::domain::ToConfirm::LeaveFideMode)
        .map(str::to_string);
    let title = format!("{} · {}", viewer.tr().t("settings"), nav.name);
    Ok(NewTournamentPage {
        base: Base::new(viewer, title, Some(nav)),
        f,
        error,
        settings: Some(tid),
        editable_while_running: running.then_some(tournaments::EDITABLE_WHILE_RUNNING),
        notice,
        fide_warning,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
    })
}

/// `GET /t/{tid}/manage/settings`: the regulations, editable while they may change.
pub async fn settings_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("done").cloned());
    page(&state, &req, move |conn, viewer| {
        settings_page(conn, viewer, tid, None, notice)
    })
    .await
}

/// `POST /t/{tid}/manage/settings`: the changed regulations, through
/// `tournaments::edit` (which refuses what may no longer change).
pub async fn save_settings(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let typed = f.clone();
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        let current = tournaments::get(conn, tid, crate::domain::Audience::Staff)?;
        let changes = f.changes(&current.regulations)?;
        if changes.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = changes.keys().cloned().collect();
        tournaments::edit(
            conn,
            actor,
            tid,
            tournaments::EditTournament {
                version: Some(current.version),
                changes,
                warning_read: ticked(&f.warning_read),
                leave_fide_mode: ticked(&f.leave_fide_mode),
            },
        )?;
        Ok(keys)
    })
    .await?;
    post_answer(
        &state,
        &viewer,
        r,
        |keys| {
            let text = if keys.is_empty() {
                viewer.tr().t("nothing_changed").to_string()
            } else {
                format!("{}: {}", viewer.tr().t("settings_saved"), keys.join(", "))
            };
            format!(
                "/t/{tid}/manage/settings?done={}",
                crate::web::pages::url_encode(&text)
            )
        },
        move |e| {
            let typed = (typed, FormError::of(&e));
            move |conn: &mut DbConnection, v: &Viewer| {
                settings_page(conn, v, tid, Some(typed), None)
            }
        },
    )
    .await
}

impl NewTournamentPage {
    /// `aria-invalid`/`aria-describedby` for a field with an error.
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

pub async fn new_tournament_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    page(&state, &req, |_, viewer| {
        if viewer.actor.user_id.is_none() {
            return Err(DomainError::Unauthenticated);
        }
        Ok(NewTournamentPage {
            base: Base::new(viewer, viewer.tr().t("new_tournament"), None),
            f: TournamentForm::default(),
            error: FormError::default(),
            settings: None,
            editable_while_running: None,
            notice: None,
            fide_warning: None,
            departures: Vec::new(),
        })
    })
    .await
}

pub async fn create_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    if let Some(system) = crate::web::pages::team_forms::team_system(&f.system) {
        return create_team_event(&state, viewer, f, system).await;
    }
    let result = match f.regulations() {
        Ok(reg) => {
            write_op(&state, &viewer, None, move |conn, actor| {
                tournaments::create(conn, actor, reg)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(t) => Ok(redirect(&format!("/t/{}/manage/players", t.id))),
        Err(e @ DomainError::Invalid { .. }) => {
            // Every problem at once: each field's own message next to it.
            let e = errors::localized(e, viewer.lang);
            let error = match f.regulations() {
                Ok(mut reg) => {
                    let all = reg.problems();
                    if all.is_empty() {
                        FormError::of(&e)
                    } else {
                        let all: Vec<DomainError> = all
                            .into_iter()
                            .map(|e| errors::localized(e, viewer.lang))
                            .collect();
                        FormError::all(&all)
                    }
                }
                Err(_) => FormError::of(&e),
            };
            let page = NewTournamentPage {
                base: Base::new(&viewer, viewer.tr().t("new_tournament"), None),
                f,
                error,
                settings: None,
                editable_while_running: None,
                notice: None,
                fide_warning: None,
                departures: Vec::new(),
            };
            Ok(html(StatusCode::UNPROCESSABLE_ENTITY, &page))
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

/// A team system chosen on the New tournament form: the tournament and its
/// team event in one operation (`teams::create_event`), then the team screen.
async fn create_team_event(
    state: &web::Data<AppState>,
    viewer: Viewer,
    f: TournamentForm,
    system: TeamSystemKind,
) -> Result<HttpResponse, PageError> {
    let mut individual = f.clone();
    individual.system = PairingSystem::Swiss.to_string();
    let settings = crate::web::pages::team_forms::new_event_settings(
        system,
        &f.rounds,
        &f.team_boards,
        &f.team_match_win,
        &f.team_match_draw,
        &f.team_match_loss,
    );
    let result = match (individual.regulations(), settings) {
        (Ok(reg), Ok(s)) => {
            write_op(state, &viewer, None, move |conn, actor| {
                crate::domain::teams::create_event(conn, actor, reg, s)
            })
            .await?
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    match result {
        Ok(v) => Ok(redirect(&format!("/t/{}/manage/teams", v.tournament_id))),
        Err(e @ (DomainError::Invalid { .. } | DomainError::ConflictOn { .. })) => {
            let mut error = FormError::of(&errors::localized(e, viewer.lang));
            // The team event's fields carry `team_` on this form.
            if ["boards", "match_win", "match_draw", "match_loss"].contains(&error.field.as_str()) {
                error.field = format!("team_{}", error.field);
            }
            let page = NewTournamentPage {
                base: Base::new(&viewer, viewer.tr().t("new_tournament"), None),
                f,
                error,
                settings: None,
                editable_while_running: None,
                notice: None,
                fide_warning: None,
                departures: Vec::new(),
            };
            Ok(html(StatusCode::UNPROCESSABLE_ENTITY, &page))
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}
