//! The prize list: per category, place, winner, points and the amount paid
//! (shares marked), from `domain::prizes`.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::tournament_line;
use crate::domain::prizes::{money, PrizesView};
use crate::domain::tournaments::TournamentView;

pub fn render(t: &TournamentView, p: &PrizesView) -> Vec<u8> {
    let title = if p.is_final {
        "Prize list".to_string()
    } else {
        format!("Prize list (provisional, after round {})", p.after_round)
    };
    let mut doc = Doc::new(&title, &tournament_line(t), &title);
    doc.paragraph(&title, Weight::Bold, 14.0);
    let rule = if p.table.one_prize_per_player {
        "One prize per player (the most valuable)."
    } else {
        "A player may win a prize in several categories."
    };
    let split = match p.table.split {
        crate::domain::prizes::SplitMode::TieBreak => "Ties: decided by the tie-breaks.",
        crate::domain::prizes::SplitMode::Hort => "Ties: shared by the Hort system.",
        crate::domain::prizes::SplitMode::Equal => "Ties: prizes shared equally.",
    };
    doc.paragraph(&format!("{rule} {split}"), Weight::Regular, 8.0);
    doc.gap(4.0);
    let currency = p.table.currency.trim();
    let awards = p.awards.clone().unwrap_or_default();
    for c in &p.table.categories {
        doc.paragraph(&c.name, Weight::Bold, 11.0);
        let table = Table::new(
            vec![
                Column::new("Place", 32.0, Align::Right),
                Column::fill("Name"),
                Column::new("Pts", 32.0, Align::Center),
                Column::new("Prize", 64.0, Align::Right),
                Column::new("Paid", 64.0, Align::Right).bold(),
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
                    if a.shared_with.is_empty() {
                        a.name.clone()
                    } else {
                        format!("{} (shared)", a.name)
                    },
                    super::value_text(Some(a.points)),
                    format!("{} {currency}", money(a.nominal)),
                    format!("{} {currency}", money(a.amount)),
                ]
            })
            .collect();
        doc.table(&table, &rows);
        doc.gap(4.0);
    }
    doc.finish()
}
