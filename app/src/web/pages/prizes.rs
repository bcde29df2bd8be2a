//! The prize list page, `/t/{tid}/prizes` (`domain::prizes`): the prize table
//! and, once the last round is complete (for staff: at any time, marked
//! provisional), who wins what.

use super::{page, Base, PageError, TournamentNav};
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::prizes::{self, money_in, SplitMode};
use crate::web::{Cx, Tid};
use actix_web::HttpResponse;
use askama::Template;

pub struct PrizeRow {
    pub place: u32,
    pub player_id: Option<PlayerId>,
    pub name: String,
    pub points: String,
    pub nominal: String,
    pub amount: String,
    pub shared: bool,
}

pub struct CategoryBlock {
    pub name: String,
    pub prizes: String,
    pub rows: Vec<PrizeRow>,
}

#[derive(Template)]
#[template(path = "prizes.html")]
pub struct PrizesPage {
    pub base: Base,
    pub tid: TournamentId,
    pub is_final: bool,
    pub after_round: RoundNo,
    /// The list is shown (final, or to staff).
    pub shown: bool,
    pub one_prize: bool,
    /// The i18n key of the tie rule.
    pub split_key: &'static str,
    pub categories: Vec<CategoryBlock>,
}

pub async fn prizes(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "prizes")?;
        let v = prizes::view(conn, tid, nav.audience)?;
        let title = format!("{} · {}", viewer.tr().t("prizes"), nav.name);
        Ok(PrizesPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            is_final: v.is_final,
            after_round: v.after_round,
            shown: v.awards.is_some(),
            one_prize: v.table.one_prize_per_player,
            split_key: match v.table.split {
                SplitMode::TieBreak => "prizes_split_tiebreak",
                SplitMode::Hort => "prizes_split_hort",
                SplitMode::Equal => "prizes_split_equal",
            },
            categories: CategoryBlock::all(&v),
        })
    })
    .await
}

impl CategoryBlock {
    /// Every category of the prize table with its prizes and its awards, the
    /// amounts in the table's currency.
    fn all(v: &prizes::PrizesView) -> Vec<CategoryBlock> {
        let currency = v.table.currency.clone();
        let cash = |c: i64| money_in(c, &currency);
        let awards = v.awards.clone().unwrap_or_default();
        v.table
            .categories
            .iter()
            .map(|c| CategoryBlock {
                name: c.name.clone(),
                prizes: c
                    .prizes
                    .iter()
                    .map(|&p| cash(p))
                    .collect::<Vec<_>>()
                    .join(" · "),
                rows: awards
                    .iter()
                    .filter(|a| a.category == c.name)
                    .map(|a| PrizeRow {
                        place: a.place,
                        player_id: a.player_id,
                        name: a.name.clone(),
                        points: crate::pdf::value_text(Some(a.points)),
                        nominal: cash(a.nominal),
                        amount: cash(a.amount),
                        shared: !a.shared_with.is_empty() || !a.shared_with_teams.is_empty(),
                    })
                    .collect(),
            })
            .collect()
    }
}
