//! The prize list: per category, place, winner, points and the amount paid
//! (shares marked), from `domain::prizes`.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::tournament_line;
use crate::domain::prizes::{money_in, PrizesView};
use crate::domain::tournaments::TournamentView;
use crate::i18n::Tr;

pub fn render(t: &TournamentView, p: &PrizesView, tr: Tr) -> Vec<u8> {
    let title = if p.is_final {
        tr.t("pdf_prize_list").to_string()
    } else {
        tr.t("pdf_prize_list_provisional")
            .replace("{n}", &p.after_round.to_string())
    };
    let mut doc = Doc::new(&title, &tournament_line(t), &title, tr);
    doc.paragraph(&title, Weight::Bold, 14.0);
    let rule = if p.table.one_prize_per_player {
        tr.t("pdf_prize_one")
    } else {
        tr.t("pdf_prize_several")
    };
    let split = match p.table.split {
        crate::domain::prizes::SplitMode::TieBreak => tr.t("pdf_ties_tiebreak"),
        crate::domain::prizes::SplitMode::Hort => tr.t("pdf_ties_hort"),
        crate::domain::prizes::SplitMode::Equal => tr.t("pdf_ties_equal"),
    };
    doc.paragraph(&format!("{rule} {split}"), Weight::Regular, 8.0);
    doc.gap(4.0);
    let currency = p.table.currency.trim();
    let awards = p.awards.clone().unwrap_or_default();
    for c in &p.table.categories {
        doc.paragraph(&c.name, Weight::Bold, 11.0);
        let table = Table::new(
            vec![
                Column::new(tr.t("pdf_place"), 32.0, Align::Right),
                Column::fill(tr.t("pdf_name")),
                Column::new(tr.t("pdf_pts"), 32.0, Align::Center),
                Column::new(tr.t("pdf_prize"), 64.0, Align::Right),
                Column::new(tr.t("pdf_paid"), 64.0, Align::Right).bold(),
            ],
            8.0,
        )
        .row_height(12.5);
        let rows: Vec<Vec<String>> = awards
            .iter()
            .filter(|a| a.category == c.name)
            .map(|a| {
                vec![
                    a.place.to_string(),
                    if a.shared_with.is_empty() && a.shared_with_teams.is_empty() {
                        a.name.clone()
                    } else {
                        format!("{} ({})", a.name, tr.t("pdf_shared"))
                    },
                    super::value_text(Some(a.points)),
                    money_in(a.nominal, currency),
                    money_in(a.amount, currency),
                ]
            })
            .collect();
        if rows.is_empty() && p.awards.is_some() {
            // Computed, and nobody qualifies: said, not an empty table.
            doc.paragraph(tr.t("prizes_nobody"), Weight::Regular, 8.0);
        } else {
            doc.table(&table, &rows);
        }
        doc.gap(4.0);
    }
    doc.finish()
}
