//! The players screen: registration (one at a time or a pasted list), editing,
//! removal, withdrawals, requested byes, and the staff.

use super::*;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{parse_field, ByeRequestKind, PlayerStatus, Sex};
use crate::i18n::errors;

#[derive(Deserialize, Clone, Default)]
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

/// A number typed in a form, or none (`formats::typed_optional`).
pub(crate) fn optional<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> DomainResult<Option<T>> {
    crate::domain::formats::typed_optional(field, text, what)
}

impl PlayerForm {
    pub(crate) fn command(&self) -> DomainResult<RegisterPlayer> {
        Ok(RegisterPlayer {
            name: self.name.clone(),
            rating: optional("rating", &self.rating, "a rating")?,
            title: self.title.clone(),
            federation: self.federation.clone(),
            fide_id: optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: self.club.clone(),
            sex: parse_field("sex", &self.sex)?,
            joins_round: optional("joins_round", &self.joins_round, "a round number")?,
            confirm_duplicate: ticked(&self.confirm_duplicate),
            ..Default::default()
        })
    }
}

#[derive(Template)]
#[template(path = "manage_players.html")]
pub struct PlayersAdminPage {
    pub base: Base,
    pub tid: TournamentId,
    pub players: Vec<PlayerView>,
    pub byes: Vec<ByeRequestView>,
    pub f: PlayerForm,
    pub error: FormError,
    pub csv: String,
    /// Every problem of the pasted list, a line each.
    pub csv_errors: Vec<String>,
    pub notice: Option<String>,
    pub fide_confirm: Option<FideConfirm>,
    /// The next round to be paired (byes may be requested from it on).
    pub next_round: RoundNo,
    pub total_rounds: u32,
    pub swiss: bool,
    pub staff: Vec<StaffMember>,
    /// A bye or a withdrawal posted without `confirm=1` (no script to ask):
    /// the question and the form that records it.
    pub pending: Option<Pending>,
    /// The rating lists in use (the search says when there is none).
    pub rating_lists: Vec<crate::domain::rating_list::RatingListView>,
}

/// A change of results asked for and not yet confirmed: the question, and
/// the post that makes it with `confirm=1`.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    pub action: String,
    pub question: String,
    pub hidden: Vec<(String, String)>,
}

/// Whether a one-click change of results was confirmed (`confirm=1`: the
/// script's dialog, or the "Yes, record it" button).
fn confirmed(confirm: &str) -> bool {
    confirm.trim() == "1"
}

impl PlayersAdminPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }

    pub fn name_of(&self, pid: &PlayerId) -> &str {
        self.players
            .iter()
            .find(|p| p.id == *pid)
            .map(|p| p.name.as_str())
            .unwrap_or("")
    }
}

pub(super) struct PlayersExtras {
    pub(super) f: PlayerForm,
    pub(super) error: FormError,
    pub(super) csv: String,
    pub(super) csv_errors: Vec<String>,
    pub(super) notice: Option<String>,
    pub(super) fide_confirm: Option<FideConfirm>,
    pub(super) pending: Option<Pending>,
}

pub(super) fn players_admin(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    x: PlayersExtras,
) -> DomainResult<PlayersAdminPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-players")?;
    let t = tournaments::load(conn, tid)?;
    let total_rounds = rounds::total_rounds(conn, &t)?;
    let title = format!("{} · {}", viewer.tr().t("manage_players"), nav.name);
    let next_round = nav.last_round.next();
    Ok(PlayersAdminPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        players: registration::list(conn, tid)?,
        byes: registration::bye_requests(conn, tid)?,
        f: x.f,
        error: x.error,
        csv: x.csv,
        csv_errors: x.csv_errors,
        notice: x.notice,
        fide_confirm: x.fide_confirm,
        next_round,
        total_rounds,
        swiss: t.system.is_swiss(),
        staff: tournaments::staff(conn, tid)?,
        pending: x.pending,
        rating_lists: crate::domain::rating_list::lists(conn)?,
    })
}

pub(super) fn no_extras() -> PlayersExtras {
    PlayersExtras {
        f: PlayerForm::default(),
        error: FormError::default(),
        csv: String::new(),
        csv_errors: Vec::new(),
        notice: None,
        fide_confirm: None,
        pending: None,
    }
}

pub async fn players_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("done").cloned());
    page(&state, &req, move |conn, viewer| {
        let mut x = no_extras();
        x.notice = notice;
        players_admin(conn, viewer, tid, x)
    })
    .await
}

pub async fn register(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let result = match f.command() {
        Ok(cmd) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                registration::register(conn, actor, tid, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    // Back to an empty form with the focus in the name field: the next player.
    post_answer(
        &state,
        &viewer,
        result,
        |p| {
            format!(
                "/t/{tid}/manage/players?done={}",
                crate::web::pages::url_encode(&format!(
                    "{}: {}",
                    p.name,
                    viewer.tr().t("registered")
                ))
            )
        },
        move |e| {
            let x = PlayersExtras {
                f,
                error: FormError::of(&e),
                ..no_extras()
            };
            move |conn: &mut DbConnection, v: &Viewer| players_admin(conn, v, tid, x)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CsvForm {
    pub(super) csrf: String,
    pub(super) csv: String,
}

/// CSV paste: every line registered through `registration::register`, all in
/// one transaction — a wrong line imports nothing, and every wrong line is
/// named at once. A first line with column names is skipped.
pub async fn import_csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<CsvForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let text = f.csv.clone();
    let result = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        registration::import_list(conn, actor, tid, &text)
    })
    .await?;
    match result {
        Ok(n) => Ok(redirect(&format!(
            "/t/{tid}/manage/players?done={}",
            crate::web::pages::url_encode(&format!("{n} {}", viewer.tr().t("players_registered")))
        ))),
        Err(DomainError::Invalid { message, .. }) => {
            let x = PlayersExtras {
                csv: f.csv,
                csv_errors: errors::message(&message, viewer.lang)
                    .lines()
                    .map(str::to_string)
                    .collect(),
                ..no_extras()
            };
            page_for(
                &state,
                &viewer,
                StatusCode::UNPROCESSABLE_ENTITY,
                move |conn, v| players_admin(conn, v, tid, x),
            )
            .await
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct WithdrawForm {
    pub(super) csrf: String,
    pub(super) confirm: String,
}

/// The players screen asking "withdraw NAME?" before anything is written.
async fn ask(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: TournamentId,
    pid: PlayerId,
    action: String,
    hidden: Vec<(String, String)>,
    question: impl FnOnce(&str) -> String + Send + 'static,
) -> Result<HttpResponse, PageError> {
    page_for(state, viewer, StatusCode::OK, move |conn, v| {
        let name = registration::load_player(conn, tid, pid)?.name;
        let x = PlayersExtras {
            pending: Some(Pending {
                action,
                question: question(&name),
                hidden,
            }),
            ..no_extras()
        };
        players_admin(conn, v, tid, x)
    })
    .await
}

pub async fn withdraw(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<WithdrawForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    if !confirmed(&form.confirm) {
        let q = viewer.tr().t("confirm_withdraw");
        let action = format!("/t/{tid}/manage/players/{pid}/withdraw");
        return ask(&state, &viewer, tid, pid, action, Vec::new(), move |name| {
            format!("{name}: {q}")
        })
        .await;
    }
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        registration::withdraw(conn, actor, tid, pid)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|p| format!("{}: {}", p.name, viewer.tr().t("withdrawn"))),
    )
    .await
}

pub async fn reinstate(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        registration::reinstate(conn, actor, tid, pid)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|p| format!("{}: {}", p.name, viewer.tr().t("reinstated"))),
    )
    .await
}

/// The edit form of one player, as stored or as typed.
#[derive(Deserialize, Clone, Default)]
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
    fn of(p: &PlayerView) -> EditPlayerForm {
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

    fn command(&self) -> DomainResult<registration::EditPlayer> {
        Ok(registration::EditPlayer {
            name: Some(self.name.clone()),
            rating: optional("rating", &self.rating, "a rating")?,
            title: Some(self.title.clone()),
            federation: Some(self.federation.clone()),
            fide_id: optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: Some(self.club.clone()),
            birth_date: Some(self.birth_date.clone()),
            sex: Some(parse_field("sex", &self.sex)?),
            k_factor: optional("k_factor", &self.k_factor, "10, 20 or 40")?,
            version: number("version", &self.version, "a version")?,
            ..Default::default()
        })
    }
}

#[derive(Template)]
#[template(path = "manage_player.html")]
pub struct PlayerEditPage {
    pub base: Base,
    pub tid: TournamentId,
    pub player: PlayerView,
    pub f: EditPlayerForm,
    pub error: FormError,
    /// The player's check-in code (`domain::checkin`), once issued.
    pub checkin_code: Option<String>,
}

impl PlayerEditPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

pub(super) fn player_edit_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    pid: PlayerId,
    typed: Option<(EditPlayerForm, FormError)>,
) -> DomainResult<PlayerEditPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-players")?;
    let player = PlayerView::from(&registration::load_player(conn, tid, pid)?);
    let (f, error) = typed.unwrap_or_else(|| (EditPlayerForm::of(&player), FormError::default()));
    let title = format!(
        "{}: {} · {}",
        viewer.tr().t("edit_player"),
        player.name,
        nav.name
    );
    let checkin_code = crate::domain::checkin::code_of(conn, tid, pid)?;
    Ok(PlayerEditPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        player,
        f,
        error,
        checkin_code,
    })
}

/// `GET /t/{tid}/manage/players/{pid}/edit`
pub async fn edit_player_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    page(&state, &req, move |conn, viewer| {
        player_edit_page(conn, viewer, tid, pid, None)
    })
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/edit`: back to the list with what the
/// change affects, or the form again as typed with the problem.
pub async fn edit_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<EditPlayerForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let r = match f.command() {
        Ok(cmd) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                registration::edit(conn, actor, tid, pid, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    post_answer(
        &state,
        &viewer,
        r,
        |done| {
            let mut text = format!("{}: {}", done.player.name, viewer.tr().t("changed"));
            for e in &done.effects {
                text.push_str(" — ");
                text.push_str(&errors::message(e, viewer.lang));
            }
            format!(
                "/t/{tid}/manage/players?done={}",
                crate::web::pages::url_encode(&text)
            )
        },
        move |e| {
            let typed = (f, FormError::of(&e));
            move |conn: &mut DbConnection, v: &Viewer| {
                player_edit_page(conn, v, tid, pid, Some(typed))
            }
        },
    )
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/delete`
pub async fn delete_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        let name = registration::load_player(conn, tid, pid)?.name;
        registration::delete(conn, actor, tid, pid).map(|()| name)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|name| format!("{name}: {}", viewer.tr().t("deleted"))),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ByeForm {
    pub(super) csrf: String,
    pub(super) round: String,
    pub(super) kind: String,
    pub(super) warning_read: String,
    pub(super) leave_fide_mode: String,
    pub(super) confirm: String,
}

pub async fn request_bye(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<ByeForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let (round_text, kind_text) = (f.round.clone(), f.kind.clone());
    let kind = if f.kind.trim().is_empty() {
        Ok(ByeRequestKind::Half)
    } else {
        parse_field("kind", &f.kind)
    };
    let parsed =
        number::<RoundNo>("round", &f.round, "a round number").and_then(|round| Ok((round, kind?)));
    if let (Ok((round, kind)), false) = (&parsed, confirmed(&f.confirm)) {
        let hidden = vec![("round", round_text), ("kind", kind_text)];
        return ask_bye(&state, &viewer, (tid, pid), (*round, *kind), hidden).await;
    }
    let r = match parsed {
        Ok((round, kind)) => {
            let cmd = RequestBye {
                round,
                kind,
                note: String::new(),
                warning_read: ticked(&f.warning_read),
                leave_fide_mode: ticked(&f.leave_fide_mode),
            };
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                let name = registration::load_player(conn, tid, pid)?.name;
                registration::request_bye(conn, actor, tid, pid, cmd).map(|b| (name, b))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    if let Some(c) = r.as_ref().err().and_then(|e| {
        let fields = vec![
            ("round", f.round.as_str()),
            ("kind", &f.kind),
            ("confirm", "1"),
        ];
        FideConfirm::of(e, format!("/t/{tid}/manage/players/{pid}/bye"), fields)
    }) {
        let x = PlayersExtras {
            fide_confirm: Some(c),
            ..no_extras()
        };
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return page_for(&state, &viewer, status, move |conn, v| {
            players_admin(conn, v, tid, x)
        })
        .await;
    }
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|(name, b)| {
            format!(
                "{} {name} ({}), {} {}",
                viewer.tr().t("bye_for"),
                viewer.tr().bye_kind(b.kind),
                viewer.tr().t("round"),
                b.round,
            )
        }),
    )
    .await
}

/// A bye asked for without `confirm=1`: "Record this bye: NAME (½), round N?"
async fn ask_bye(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    (tid, pid): (TournamentId, PlayerId),
    (round, kind): (RoundNo, ByeRequestKind),
    hidden: Vec<(&str, String)>,
) -> Result<HttpResponse, PageError> {
    let tr = viewer.tr();
    let action = format!("/t/{tid}/manage/players/{pid}/bye");
    let hidden = hidden
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    ask(state, viewer, tid, pid, action, hidden, move |name| {
        format!(
            "{}: {name} ({}), {} {round}?",
            tr.t("confirm_bye"),
            tr.bye_kind(kind),
            tr.t("round"),
        )
    })
    .await
}

/// After a withdrawal or bye: back to the list, or the list with the sentence.
pub(super) async fn players_answer(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: TournamentId,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    post_answer(
        state,
        viewer,
        r,
        |done| {
            format!(
                "/t/{tid}/manage/players?done={}",
                crate::web::pages::url_encode(&done)
            )
        },
        move |e| {
            let x = PlayersExtras {
                notice: None,
                error: FormError {
                    field: "list".into(),
                    message: e.to_string(),
                    ..Default::default()
                },
                ..no_extras()
            };
            move |conn: &mut DbConnection, v: &Viewer| players_admin(conn, v, tid, x)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StaffForm {
    pub(super) csrf: String,
    pub(super) username: String,
    pub(super) role: String,
}

/// The organizer appoints an arbiter (or another organizer) by user name.
pub async fn appoint(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let cmd = StaffMember {
        username: f.username.trim().to_string(),
        role: f.role,
    };
    let done = format!("{}: {}", cmd.username, cmd.role);
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        tournaments::appoint(conn, actor, tid, cmd)
    })
    .await?;
    players_answer(&state, &viewer, tid, r.map(|_| done)).await
}

pub async fn dismiss(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let cmd = StaffMember {
        username: f.username.trim().to_string(),
        role: f.role,
    };
    let done = format!(
        "{}: {} — {}",
        cmd.username,
        viewer.tr().role(&cmd.role),
        viewer.tr().t("dismissed")
    );
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        tournaments::dismiss(conn, actor, tid, cmd)
    })
    .await?;
    players_answer(&state, &viewer, tid, r.map(|_| done)).await
}

/// `GET` of an address only posted to (left in the browser after a form came
/// back with a problem): back to the screen the form belongs to.
pub async fn back_to_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    let path = req.path().trim_end_matches('/').to_string();
    let segs: Vec<&str> = path.split('/').collect();
    let target = match segs.as_slice() {
        ["", "t", tid, "manage", rest @ ..] => {
            let tid = tid.to_string();
            match rest {
                ["games", gid, ..] => format!("/t/{tid}/manage/games/{gid}"),
                ["rounds", n, "arrivals", ..] => format!("/t/{tid}/manage/rounds/{n}/arrivals"),
                ["rounds", n, ..] => format!("/t/{tid}/manage/rounds/{n}"),
                ["pair"] => format!("/t/{tid}/manage/rounds/0"),
                ["entries", ..] => format!("/t/{tid}/manage/entries"),
                ["checkin", ..] => format!("/t/{tid}/manage/checkin"),
                ["envelopes", aid, ..] => {
                    let (Ok(t), Ok(a)) = (
                        tid.parse::<TournamentId>(),
                        aid.parse::<crate::domain::ids::AdjournmentId>(),
                    ) else {
                        return Ok(redirect(&format!("/t/{tid}/manage/rounds/0")));
                    };
                    let db = state.db.clone();
                    let game = web::block(move || {
                        db.read(|conn| {
                            crate::domain::adjournments::get(
                                conn,
                                t,
                                a,
                                crate::domain::Audience::Staff,
                            )
                            .map(|e| e.game_id)
                        })
                    })
                    .await
                    .ok()
                    .and_then(|r| r.ok());
                    match game {
                        Some(g) => format!("/t/{tid}/manage/games/{g}"),
                        None => format!("/t/{tid}/manage/rounds/0"),
                    }
                }
                _ => format!("/t/{tid}/manage/players"),
            }
        }
        _ => "/".to_string(),
    };
    Ok(redirect(&target))
}
