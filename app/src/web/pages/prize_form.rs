//! The prize table form, `/t/{tid}/manage/prizes` (organizers and arbiters):
//! the table the API's `PUT …/prizes` sets, typed without JavaScript — the
//! currency, how ties share, one prize per player, and one row per category
//! (the stored ones, then spare rows to add more). Read by
//! `PrizeTable::from_fields` and set by `prizes::set_table` through
//! `prize_fields::set_from_fields` (one transaction, one audit row); a problem
//! comes back next to its field with what was typed.

use super::staff::FormError;
use super::ticked;
use super::{form_pairs, just_saved, page, Base, PageError, Post, TournamentNav, Viewer};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::prize_fields::{self, CategoryFields, PrizeFields};
use crate::domain::{prizes, require_role, DomainError, DomainResult, Role};
use crate::web::{Cx, Tid};
use actix_web::{web, HttpResponse};
use askama::Template;

/// Spare rows shown under the stored categories, to add new ones.
const SPARE_ROWS: usize = 3;
/// The rows a post may have (the table holds at most 100 categories).
const MAX_ROWS: usize = 500;

/// One category row of the form.
pub struct RowView {
    /// The row's number in the form (`c{i}_…` fields, `categories[i]` errors).
    pub i: usize,
    pub f: CategoryFields,
    /// The kinds offered: those of the event, and the row's own if another.
    pub kinds: Vec<&'static str>,
}

impl RowView {
    /// Whether the row offers kind `k` (and so its fields).
    pub fn offers(&self, k: &str) -> bool {
        self.kinds.contains(&k)
    }
}

#[derive(Template)]
#[template(path = "manage_prizes.html")]
pub struct PrizeFormPage {
    pub base: Base,
    pub tid: TournamentId,
    pub f: PrizeFields,
    pub rows: Vec<RowView>,
    pub error: FormError,
    pub notice: Option<String>,
    pub team_event: bool,
}

impl PrizeFormPage {
    /// The error at field `field` of row `i`, if any.
    pub fn err(&self, i: impl std::borrow::Borrow<usize>, field: &str) -> Option<&str> {
        self.error
            .at(&format!("categories[{}].{field}", i.borrow()))
    }

    /// The i18n key of a kind's name.
    pub fn kind_key(&self, kind: &str) -> &'static str {
        match kind {
            "best_club" => "prize_kind_best_club",
            "board" => "prize_kind_board",
            "teams" => "prize_kind_teams",
            _ => "prize_kind_players",
        }
    }

    /// The ways ties share: (value, i18n key).
    pub fn splits(&self) -> [(&'static str, &'static str); 3] {
        [
            ("tie_break", "prizes_split_tiebreak"),
            ("hort", "prizes_split_hort"),
            ("equal", "prizes_split_equal"),
        ]
    }
}

const KINDS: [&str; 4] = ["players", "best_club", "board", "teams"];

fn form_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    typed: Option<(PrizeFields, FormError)>,
    saved: bool,
) -> DomainResult<PrizeFormPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-prizes")?;
    let team_event = nav.team_event;
    let (f, error) = match typed {
        Some(t) => t,
        None => {
            let (table, version) = prizes::stored(conn, tid)?;
            let mut f = PrizeFields::of(&table, version);
            f.categories.extend(std::iter::repeat_n(
                CategoryFields::spare(team_event),
                SPARE_ROWS,
            ));
            (f, FormError::default())
        }
    };
    let offered: &[&'static str] = if team_event {
        &["teams", "board"]
    } else {
        &["players", "best_club"]
    };
    let rows = f
        .categories
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut kinds = offered.to_vec();
            if let Some(own) = KINDS.iter().find(|k| **k == c.kind.trim()) {
                if !kinds.contains(own) {
                    kinds.push(own);
                }
            }
            RowView {
                i,
                f: c.clone(),
                kinds,
            }
        })
        .collect();
    let title = format!("{} · {}", viewer.tr().t("prize_table"), nav.name);
    Ok(PrizeFormPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        f,
        rows,
        error,
        notice: saved.then(|| viewer.tr().t("prize_table_saved").to_string()),
        team_event,
    })
}

/// `GET /t/{tid}/manage/prizes`: the prize table as a form.
pub async fn prize_form(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let saved = just_saved(&req);
    page(&state, &req, move |conn, viewer| {
        form_page(conn, viewer, tid, None, saved)
    })
    .await
}

/// The posted form: the CSRF token and the fields (`c{i}_name`, … for row `i`;
/// a checkbox is ticked when it is sent).
fn read_form(pairs: Vec<(String, String)>) -> (String, PrizeFields) {
    let mut csrf = String::new();
    let mut f = PrizeFields::default();
    for (key, value) in pairs {
        match key.as_str() {
            "csrf" => csrf = value,
            "version" => f.version = value,
            "currency" => f.currency = value,
            "split" => f.split = value,
            "one_prize" => f.one_prize_per_player = ticked(&value),
            _ => {
                let Some((i, field)) = key
                    .strip_prefix('c')
                    .and_then(|k| k.split_once('_'))
                    .and_then(|(i, field)| Some((i.parse::<usize>().ok()?, field)))
                else {
                    continue;
                };
                if i >= MAX_ROWS {
                    continue;
                }
                if f.categories.len() <= i {
                    f.categories.resize(i + 1, CategoryFields::default());
                }
                let c = &mut f.categories[i];
                match field {
                    "name" => c.name = value,
                    "kind" => c.kind = value,
                    "top" => c.top = value,
                    "board" => c.board = value,
                    "min_games" => c.min_games = value,
                    "rating_from" => c.rating_from = value,
                    "rating_below" => c.rating_below = value,
                    "unrated" => c.unrated = ticked(&value),
                    "born_from" => c.born_from = value,
                    "born_to" => c.born_to = value,
                    "women" => c.women = ticked(&value),
                    "federation" => c.federation = value,
                    "club" => c.club = value,
                    "prizes" => c.prizes = value,
                    "remove" => c.remove = ticked(&value),
                    _ => {}
                }
            }
        }
    }
    (csrf, f)
}

/// `POST /t/{tid}/manage/prizes`: the table set (`prize_fields::set_from_fields`);
/// on success back to the screen saying so, on a problem the form again.
pub async fn save_prizes(
    cx: Cx,
    Tid(tid): Tid,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let pairs = form_pairs(&req, body, "categories").await?;
    let (csrf, fields) = read_form(pairs);
    let post = Post::of(&state, &req, &csrf, tid).await?;
    let typed = fields.clone();
    post.submit(
        Ok(fields),
        move |conn, actor, fields| prize_fields::set_from_fields(conn, actor, tid, &fields),
        |_| format!("/t/{tid}/manage/prizes?saved=1"),
        move |conn, v, e| {
            let mut typed = (typed, FormError::of(&e));
            // Changed meanwhile: the form keeps what was typed, with the
            // version now stored, so saving again (after checking) replaces it.
            if matches!(e, DomainError::Conflict { .. }) {
                typed.0.version = prizes::stored(conn, tid)?.1.to_string();
            }
            form_page(conn, v, tid, Some(typed), false)
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::super::posted;
    use super::*;

    #[test]
    fn the_posted_rows_keep_their_numbers() {
        let pairs = posted(&[
            ("csrf", "t"),
            ("currency", "EUR"),
            ("one_prize", "1"),
            ("c0_name", "Overall"),
            ("c0_unrated", "1"),
            ("c2_prizes", "5"),
            ("c2_women", "1"),
            ("c999_name", "too far"),
            ("x_name", "ignored"),
        ]);
        let (csrf, f) = read_form(pairs);
        assert_eq!(csrf, "t");
        assert!(f.one_prize_per_player);
        assert_eq!(f.categories.len(), 3);
        assert_eq!(f.categories[0].name, "Overall");
        assert!(f.categories[0].unrated && !f.categories[0].women);
        assert!(f.categories[1].ignored());
        assert_eq!(f.categories[2].prizes, "5");
        assert!(f.categories[2].women && !f.categories[2].unrated);
    }
}
