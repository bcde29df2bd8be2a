//! Two pages outside any tournament: the administrator's accounts (the same
//! `users::create_user` as `POST /api/v1/users`) and a tournament imported
//! from a TRF file (the same `interchange::import_trf` as
//! `POST /api/v1/tournaments/import-trf`).

use super::*;
use crate::domain::interchange::{self, ImportedTrf};
use crate::domain::users::UserView;
use crate::web::Cx;

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

pub async fn accounts(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let created = super::super::query(&req, "created");
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
    cx: Cx,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let f = form.into_inner();
    let post = Post::of(&state, &req, &f.csrf, None).await?;
    let (name, password, display) = (
        f.username.clone(),
        f.password.clone(),
        f.display_name.clone(),
    );
    let admin = ticked(&f.is_admin);
    post.submit(
        Ok(()),
        move |conn, actor, ()| {
            users::create_user(conn, actor, name.trim(), &password, &display, admin)
        },
        |u| {
            format!(
                "/accounts?created={}",
                super::super::url_encode(&u.username)
            )
        },
        move |conn, v, e| accounts_page(conn, v, f, FormError::of(&e), None),
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

pub async fn import_trf_form(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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

/// A TRF imported within the server's limits (`domain::limits`): players in
/// the tournament, tournaments the user organizes.
fn import_op(
    limits: &crate::config::Limits,
) -> impl FnOnce(&mut DbConnection, &crate::domain::Actor, String) -> DomainResult<ImportedTrf>
       + Send
       + 'static {
    let (max, most) = (limits.max_players, limits.max_tournaments_per_user);
    move |conn, actor, text| {
        let made = interchange::import_trf_file(conn, actor, &text, max)?;
        crate::domain::limits::tournaments_within(conn, actor, most).map(|()| made)
    }
}

pub async fn import_trf(cx: Cx, body: web::Payload) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    // Who is asking, before a byte of the file is read.
    super::super::logged_in(&state, &req).await?;
    let too_big = msg!("the TRF file is larger than 8 MiB");
    let f: ImportTrfForm =
        super::super::form_body(&req, body, MAX_FORM_BYTES, "trf", too_big).await?;
    let post = Post::of(&state, &req, &f.csrf, None).await?;
    post.submit(
        Ok(f.trf.clone()),
        import_op(&state.limits),
        |made| match made {
            ImportedTrf::Team(tid) => format!("/t/{tid}/manage/teams"),
            ImportedTrf::Individual(tid) => format!("/t/{tid}/manage/players"),
        },
        move |_, v, e| {
            let base = Base::new(v, v.tr().t("import_trf"), None);
            let error = FormError::of(&e);
            Ok(ImportTrfPage {
                base,
                trf: f.trf,
                error,
            })
        },
    )
    .await
}
