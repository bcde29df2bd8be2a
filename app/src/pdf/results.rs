//! A round's results: every board with its result (`1-0`, `½-½`, `+/-`, …).

use super::layout::{Doc, Weight};
use super::pairings::{round_rows, round_table, RoundSheet};
use super::tournament_line;
use crate::domain::kinds::GameKind;
use crate::i18n::Tr;

pub fn render(sheet: &RoundSheet, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_results_round")
        .replace("{n}", &sheet.round.number.to_string());
    let mut doc = Doc::new(&title, &tournament_line(&sheet.tournament), &title, tr);
    doc.paragraph(&title, Weight::Bold, 14.0);
    super::pairings::match_line(&mut doc, sheet, tr);
    let missing = sheet
        .round
        .games
        .iter()
        .filter(|g| g.kind == GameKind::Pending || g.kind == GameKind::Adjourned)
        .count();
    if missing > 0 {
        doc.paragraph(
            &tr.t("pdf_missing").replace("{n}", &missing.to_string()),
            Weight::Regular,
            9.0,
        );
    }
    doc.gap(4.0);
    // A Double-Swiss result carries the match too: `1-0 (1½–½)`.
    let width = if sheet.round.match_game.is_some() {
        70.0
    } else {
        40.0
    };
    let table = round_table(9.0, 10.0, width, tr);
    doc.table(&table, &round_rows(sheet, true, tr));
    doc.finish()
}
