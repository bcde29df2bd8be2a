//! Two pages outside any tournament: the administrator's accounts (the same
//! `users::create_user` as `POST /api/v1/users`) and a tournament imported
//! from a TRF file (the same `interchange::import_trf` as
//! `POST /api/v1/tournaments/import-trf`).

use super::*;
use crate::domain::interchange;
use crate::domain::users::UserView;

#[derive(Template)]
#[template(path = "accounts.html")]
pub struct AccountsPage {
    pub base: Base,
    pub accounts: Vec<UserView>,
    pub f: AccountForm,
    pub error: FormError,
    /// The user name of the account just made.
    pub created: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct AccountForm {
    pub csrf: String,
    pub username: String,
    pub password: String,
    pub display_name: String,
    pub is_admin: String,
}

fn accounts_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: AccountForm,
    error: FormError,
    created: Option<String>,
) -> DomainResult<AccountsPage> {
    let accounts = users::list_accounts(conn, &viewer.actor)?;
    Ok(AccountsPage {
        base: Base::new(viewer, viewer.tr().t("accounts"), None),
        accounts,
        f: AccountForm {
            password: String::new(),
            ..f
        },
        error,
        created,
    })
}

pub async fn accounts(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    let created = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("created").cloned());
    page(&state, &req, move |conn, viewer| {
        accounts_page(
            conn,
            viewer,
            AccountForm::default(),
            FormError::default(),
            created,
        )
    })
    .await
}

pub async fn create_account(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let (name, password, display) = (
        f.username.clone(),
        f.password.clone(),
        f.display_name.clone(),
    );
    let admin = crate::web::pages::ticked(&f.is_admin);
    let r = write_op(&state, &viewer, None, move |conn, actor| {
        users::create_user(conn, actor, name.trim(), &password, &display, admin)
    })
    .await?;
    post_answer(
        &state,
        &viewer,
        r,
        |u| {
            format!(
                "/accounts?created={}",
                super::super::url_encode(&u.username)
            )
        },
        move |e| {
            move |conn: &mut DbConnection, v: &Viewer| {
                accounts_page(conn, v, f, FormError::of(&e), None)
            }
        },
    )
    .await
}

#[derive(Template)]
#[template(path = "import_trf.html")]
pub struct ImportTrfPage {
    pub base: Base,
    pub trf: String,
    pub error: FormError,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ImportTrfForm {
    pub csrf: String,
    pub trf: String,
}

pub async fn import_trf_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    page(&state, &req, |_, viewer| {
        if viewer.actor.user_id.is_none() {
            return Err(DomainError::Unauthenticated);
        }
        Ok(ImportTrfPage {
            base: Base::new(viewer, viewer.tr().t("import_trf"), None),
            trf: String::new(),
            error: FormError::default(),
        })
    })
    .await
}

/// A TRF file as large as the API takes (8 MiB), URL-encoded in a form.
const MAX_FORM_BYTES: usize = 3 * 8 * 1024 * 1024;

pub async fn import_trf(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    // Who is asking, before a byte of the file is read: a logged-in user
    // (the CSRF token, in the body, is checked once it is read).
    let lang = crate::web::lang_of(&req);
    let creds = Credentials::of(&req);
    let db = state.db.clone();
    let actor = web::block(move || creds.actor(&db, false))
        .await
        .map_err(|e| PageError::new(AppError::from(e), lang))?
        .map_err(|e| PageError::new(e, lang))?;
    if actor.user_id.is_none() {
        return Err(PageError::new(DomainError::Unauthenticated, lang));
    }
    let too_big = msg!("the TRF file is larger than 8 MiB");
    let bytes = super::super::form_body(&req, body, MAX_FORM_BYTES, "trf", too_big).await?;
    let f: ImportTrfForm = serde_urlencoded::from_bytes(&bytes).unwrap_or_default();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let max = state.limits.max_players;
    let text = f.trf.clone();
    // A team file (`013` records) becomes a team event; any other, an
    // individual tournament.
    let r = write_op(&state, &viewer, None, move |conn, actor| {
        if crate::domain::teams::is_team_trf(&text) {
            return crate::domain::teams::import_trf_as_new(conn, actor, &text)
                .map(|tid| format!("/t/{tid}/manage/teams"));
        }
        let parsed = interchange::read_trf_text(&text, max)?;
        interchange::import_trf(conn, actor, &parsed)
            .map(|v| format!("/t/{}/manage/players", v.tournament.id))
    })
    .await?;
    post_answer(
        &state,
        &viewer,
        r,
        |to| to,
        move |e| {
            move |_: &mut DbConnection, v: &Viewer| {
                Ok(ImportTrfPage {
                    base: Base::new(v, v.tr().t("import_trf"), None),
                    trf: f.trf,
                    error: FormError::of(&e),
                })
            }
        },
    )
    .await
}
