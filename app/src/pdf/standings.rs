//! Standings with the tournament's tie-breaks, rating performance and change.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::{titled, tournament_line, value_text};
use crate::domain::standings::StandingsView;
use crate::domain::tournaments::TournamentView;

pub fn render(t: &TournamentView, s: &StandingsView) -> Vec<u8> {
    let title = if s.after_round > 0 {
        format!("Standings after round {}", s.after_round)
    } else {
        "Standings".to_string()
    };
    let mut doc = Doc::new(&title, &tournament_line(t), &title);
    doc.paragraph(&title, Weight::Bold, 14.0);
    if !s.tiebreaks.is_empty() {
        doc.paragraph(
            &format!("Tie-breaks: {}", s.tiebreaks.join(", ")),
            Weight::Regular,
            8.0,
        );
    }
    doc.gap(4.0);
    let size = 8.0;
    let tb_width = if s.tiebreaks.len() > 6 { 28.0 } else { 32.0 };
    let mut columns = vec![
        Column::new("Rk", 24.0, Align::Right).bold(),
        Column::new("No", 24.0, Align::Right),
        Column::fill("Name"),
        Column::new("Fed", 26.0, Align::Center),
        Column::new("Rtg", 28.0, Align::Right),
        Column::new("Pts", 28.0, Align::Center).bold(),
    ];
    columns.extend(
        s.tiebreaks
            .iter()
            .map(|code| Column::new(code, tb_width, Align::Right)),
    );
    columns.push(Column::new("Perf", 28.0, Align::Right));
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
