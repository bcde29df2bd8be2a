//! Standings with the tournament's tie-breaks, rating performance and change.

use super::layout::{Align, Column, Table};
use super::{standings_doc, tiebreak_columns, titled, value_text};
use crate::domain::standings::StandingsView;
use crate::domain::tournaments::TournamentView;
use crate::i18n::Tr;

pub fn render(t: &TournamentView, s: &StandingsView, tr: Tr) -> Vec<u8> {
    let title = if s.after_round.get() > 0 {
        tr.t("pdf_standings_after")
            .replace("{n}", &s.after_round.to_string())
    } else {
        tr.t("pdf_standings_title").to_string()
    };
    let mut doc = standings_doc(t, &title, &s.tiebreaks, tr);
    let size = 8.0;
    let tb_width = if s.tiebreaks.len() > 6 { 28.0 } else { 32.0 };
    let mut columns = vec![
        Column::new(tr.t("pdf_rk"), 24.0, Align::Right).bold(),
        Column::new(tr.t("pdf_no"), 24.0, Align::Right),
        Column::fill(tr.t("pdf_name")),
        Column::new(tr.t("pdf_fed"), 26.0, Align::Center),
        Column::new(tr.t("pdf_rtg"), 28.0, Align::Right),
        Column::new(tr.t("pdf_pts"), 28.0, Align::Center).bold(),
    ];
    columns.extend(tiebreak_columns(&s.tiebreaks, tb_width));
    columns.push(Column::new(tr.t("pdf_perf"), 28.0, Align::Right));
    columns.push(Column::new("±Rtg", 28.0, Align::Right));
    let table = Table::new(columns, size).row_height(12.5);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.rank.to_string(),
                r.start_no.to_string(),
                titled(&r.title, &r.name),
                r.federation.clone(),
                r.rating.map(|v| v.to_string()).unwrap_or_default(),
                r.points_text.clone(),
            ];
            row.extend(r.values.iter().map(|v| value_text(*v)));
            row.push(r.performance.map(|v| v.to_string()).unwrap_or_default());
            row.push(
                r.rating_change
                    .map(|v| format!("{v:+}"))
                    .unwrap_or_default(),
            );
            row
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}
