//! Scoresheets for a round: one sheet for each player of each board, with the
//! tournament, round, board, date, both names and colours filled in, 60 move
//! lines, the result and the signatures (art. 8.1, 8.7).

use super::layout::{Align, Doc, Weight, MARGIN, PAGE_WIDTH};
use super::pairings::RoundSheet;
use super::{titled, tournament_line};
use crate::domain::rounds::PlayerRef;
use crate::i18n::Tr;

const MOVE_LINES: usize = 30;

fn player_line(p: &PlayerRef) -> String {
    let mut s = titled(&p.title, &p.name);
    if let Some(r) = p.rating {
        s.push_str(&format!(" ({r})"));
    }
    s
}

pub fn render(sheet: &RoundSheet, tr: Tr) -> Vec<u8> {
    let t = &sheet.tournament;
    let n = sheet.round.number;
    let fill = |key: &'static str| tr.t(key).replace("{n}", &n.to_string());
    let title = fill("pdf_scoresheets_round");
    let mut doc = Doc::new(
        &title,
        &tournament_line(t),
        &fill("pdf_scoresheet_round"),
        tr,
    );
    let boards: Vec<_> = sheet
        .round
        .games
        .iter()
        .filter(|g| g.black.is_some())
        .collect();
    if boards.is_empty() {
        doc.paragraph(&fill("pdf_no_boards"), Weight::Regular, 12.0);
    }
    let date = sheet
        .round
        .scheduled_start
        .as_deref()
        .map(|s| s.replace('T', " "))
        .unwrap_or_default();
    let mut first = true;
    for g in boards {
        let black = g.black.as_ref().expect("filtered");
        let (white_word, black_word) = (tr.t("pdf_white"), tr.t("pdf_black"));
        for (owner, colour) in [(&g.white, white_word), (black, black_word)] {
            if !first {
                doc.new_page();
            }
            first = false;
            doc.paragraph(&tr.t("pdf_scoresheet").to_uppercase(), Weight::Bold, 16.0);
            doc.field(tr.t("pdf_event"), &t.regulations.name, 10.0);
            doc.field(
                tr.t("pdf_round_board"),
                &tr.t("pdf_round_board_value")
                    .replace("{r}", &n.to_string())
                    .replace("{b}", &g.board.to_string()),
                10.0,
            );
            doc.field(tr.t("pdf_date"), &date, 10.0);
            doc.field(white_word, &player_line(&g.white), 11.0);
            doc.field(black_word, &player_line(black), 11.0);
            doc.field(
                tr.t("pdf_sheet_owner"),
                &format!("{} ({colour})", titled(&owner.title, &owner.name)),
                10.0,
            );
            if let Some(c) = &sheet.round.chess960 {
                let own = c.boards.iter().find(|b| b.game_id == g.id);
                if let Some(p) = own.map(|b| &b.position).or(c.position.as_ref()) {
                    doc.field(
                        tr.t("pdf_chess960_start"),
                        &format!("{}: {} (X-FEN {})", p.number, p.back_rank, p.xfen),
                        10.0,
                    );
                }
            }
            doc.gap(6.0);
            moves_grid(&mut doc, tr);
            doc.gap(14.0);
            let y = doc.y;
            doc.text(MARGIN, y, tr.t("pdf_result_label"), Weight::Bold, 10.0);
            doc.rect(MARGIN + 48.0, y - 6.0, 70.0, 18.0, None, true);
            let sig_w = (PAGE_WIDTH - 2.0 * MARGIN - 140.0) / 2.0 - 10.0;
            for (i, who) in [tr.t("pdf_white_signature"), tr.t("pdf_black_signature")]
                .iter()
                .enumerate()
            {
                let x = MARGIN + 140.0 + i as f32 * (sig_w + 20.0);
                doc.line(x, y - 4.0, x + sig_w, y - 4.0, 0.5);
                doc.text_in(x, sig_w, y - 14.0, who, Weight::Regular, 7.0, Align::Center);
            }
        }
    }
    doc.finish()
}

/// Moves 1–60 in two halves: No | White | Black, twice side by side.
fn moves_grid(doc: &mut Doc, tr: Tr) {
    let row_h = 16.0;
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    let half = width / 2.0;
    let no_w = 26.0;
    let mv_w = (half - no_w - 6.0) / 2.0;
    let top = doc.y;
    for side in 0..2 {
        let x0 = MARGIN + side as f32 * half;
        doc.rect(x0, top - row_h, half - 6.0, row_h, Some(0.88), false);
        doc.text_in(
            x0,
            no_w,
            top - 11.0,
            tr.t("pdf_no"),
            Weight::Bold,
            8.0,
            Align::Center,
        );
        doc.text_in(
            x0 + no_w,
            mv_w,
            top - 11.0,
            tr.t("pdf_white"),
            Weight::Bold,
            8.0,
            Align::Center,
        );
        doc.text_in(
            x0 + no_w + mv_w,
            mv_w,
            top - 11.0,
            tr.t("pdf_black"),
            Weight::Bold,
            8.0,
            Align::Center,
        );
        for i in 0..MOVE_LINES {
            let y = top - row_h * (i as f32 + 2.0);
            let no = side * MOVE_LINES + i + 1;
            doc.rect(x0, y, half - 6.0, row_h, None, true);
            doc.text_in(
                x0,
                no_w,
                y + 5.0,
                &no.to_string(),
                Weight::Regular,
                8.0,
                Align::Center,
            );
            doc.line(x0 + no_w, y, x0 + no_w, y + row_h, 0.5);
            doc.line(x0 + no_w + mv_w, y, x0 + no_w + mv_w, y + row_h, 0.5);
        }
    }
    doc.y = top - row_h * (MOVE_LINES as f32 + 1.0);
}
