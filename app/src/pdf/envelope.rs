//! The adjournment envelope (SPEC §7; Guidelines for adjourned games §2): the
//! players, the position just before the sealed move, the time used by each,
//! who sealed, the number of the sealed move, a standing draw offer, and the
//! date, time and place of resumption. The sealed move itself is never printed:
//! the player writes it on the sheet he puts inside.
//!
//! Adjournments are not stored yet, so the renderer takes a plain struct.

use super::layout::{Align, Doc, Weight, MARGIN, PAGE_WIDTH};
use crate::i18n::Tr;

#[derive(Clone, Debug, Default)]
pub struct AdjournmentEnvelope {
    pub tournament: String,
    pub round: u32,
    pub board: u32,
    pub white: String,
    pub black: String,
    /// The position just before the sealed move, as FEN.
    pub position_fen: String,
    /// Time used by each player when the game was adjourned, e.g. `1:52:10`.
    pub white_time_used: String,
    pub black_time_used: String,
    /// The player who sealed (his name), and whether he has White.
    pub sealed_by: String,
    pub sealer_is_white: bool,
    /// The number of the sealed move.
    pub sealed_move_number: u32,
    /// The player whose draw offer still stands (his name); None when none stands.
    pub draw_offer_by: Option<String>,
    /// Resumption: date (`YYYY-MM-DD`), time (`HH:MM`) and place.
    pub resumption_date: String,
    pub resumption_time: String,
    pub resumption_place: String,
}

impl AdjournmentEnvelope {
    /// A filled-in example (documentation and tests).
    pub fn example() -> AdjournmentEnvelope {
        AdjournmentEnvelope {
            tournament: "Memoriał Rubinsteina".into(),
            round: 5,
            board: 3,
            white: "Łukasz Żółć".into(),
            black: "Jiří Čermák".into(),
            position_fen: "6k1/5pp1/7p/8/8/6P1/5PKP/3R4 w - - 0 41".into(),
            white_time_used: "1:52:10".into(),
            black_time_used: "1:48:45".into(),
            sealed_by: "Łukasz Żółć".into(),
            sealer_is_white: true,
            sealed_move_number: 41,
            draw_offer_by: Some("Jiří Čermák".into()),
            resumption_date: "2026-03-06".into(),
            resumption_time: "09:00".into(),
            resumption_place: "Sala Kominkowa, Polanica-Zdrój".into(),
        }
    }
}

/// `5025` seconds → `1:23:45`.
fn clock(seconds: i32) -> String {
    let s = seconds.max(0);
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

impl From<&crate::domain::adjournments::EnvelopeView> for AdjournmentEnvelope {
    /// An envelope as stored. The view never holds the sealed move before the
    /// envelope is opened, and this struct has no place for it at all.
    fn from(v: &crate::domain::adjournments::EnvelopeView) -> Self {
        let sealer_is_white = v.sealer == v.white;
        let other = if sealer_is_white { &v.black } else { &v.white };
        let draw_offer_by = v
            .draw_offer_by
            .map(|by| if by == v.sealer_id { &v.sealer } else { other }.clone());
        let (date, time) = v
            .resume_at
            .split_once('T')
            .unwrap_or((v.resume_at.as_str(), ""));
        AdjournmentEnvelope {
            tournament: String::new(),
            round: v.round.get().max(0) as u32,
            board: v.board.max(0) as u32,
            white: v.white.clone(),
            black: v.black.clone(),
            position_fen: v.position_fen.clone(),
            white_time_used: clock(v.white_time_used_seconds),
            black_time_used: clock(v.black_time_used_seconds),
            sealed_by: v.sealer.clone(),
            sealer_is_white,
            sealed_move_number: v.sealed_move_number.max(0) as u32,
            draw_offer_by,
            resumption_date: date.to_string(),
            resumption_time: time.to_string(),
            resumption_place: v.resume_place.clone(),
        }
    }
}

/// The figurine for a FEN piece letter (DejaVu Sans has the chess symbols).
fn figurine(c: char) -> Option<char> {
    Some(match c {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        'p' => '♟',
        _ => return None,
    })
}

/// The board of a FEN's first field, rank 8 first; None when it is not 8×8.
fn board_of(fen: &str) -> Option<Vec<Vec<Option<char>>>> {
    let placement = fen.split_whitespace().next()?;
    let mut ranks = Vec::new();
    for rank in placement.split('/') {
        let mut squares = Vec::new();
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                squares.extend(std::iter::repeat_n(None, n as usize));
            } else {
                squares.push(Some(figurine(c)?));
            }
        }
        if squares.len() != 8 {
            return None;
        }
        ranks.push(squares);
    }
    (ranks.len() == 8).then_some(ranks)
}

pub fn render(e: &AdjournmentEnvelope, tr: Tr) -> Vec<u8> {
    let round_board = |key: &'static str| {
        tr.t(key)
            .replace("{r}", &e.round.to_string())
            .replace("{b}", &e.board.to_string())
    };
    let title = round_board("pdf_adjourned_title");
    let what = tr.t("pdf_envelope");
    let mut doc = Doc::new(&title, &e.tournament, what, tr);
    doc.paragraph(&what.to_uppercase(), Weight::Bold, 18.0);
    doc.paragraph(&title, Weight::Bold, 12.0);
    doc.gap(6.0);
    doc.field(tr.t("pdf_tournament"), &e.tournament, 11.0);
    doc.field(
        tr.t("pdf_round_board"),
        &round_board("pdf_round_board_value"),
        11.0,
    );
    let (white, black) = (tr.t("pdf_white"), tr.t("pdf_black"));
    doc.field(white, &e.white, 11.0);
    doc.field(black, &e.black, 11.0);
    doc.field(tr.t("pdf_time_white"), &e.white_time_used, 11.0);
    doc.field(tr.t("pdf_time_black"), &e.black_time_used, 11.0);
    let colour = if e.sealer_is_white { white } else { black };
    doc.field(
        tr.t("pdf_sealed_by"),
        &format!("{} ({colour})", e.sealed_by),
        11.0,
    );
    doc.field(
        tr.t("pdf_sealed_move_number"),
        &e.sealed_move_number.to_string(),
        11.0,
    );
    let offer = match &e.draw_offer_by {
        Some(who) => tr.t("pdf_draw_offered_by").replace("{who}", who),
        None => tr.t("pdf_none").to_string(),
    };
    doc.field(tr.t("pdf_draw_offer"), &offer, 11.0);
    doc.field(tr.t("pdf_resumption_date"), &e.resumption_date, 11.0);
    doc.field(tr.t("pdf_resumption_time"), &e.resumption_time, 11.0);
    doc.field(tr.t("pdf_resumption_place"), &e.resumption_place, 11.0);
    doc.field(tr.t("pdf_position_fen"), &e.position_fen, 9.0);
    doc.gap(8.0);
    if let Some(board) = board_of(&e.position_fen) {
        let square = 24.0;
        doc.ensure(8.0 * square + 20.0);
        let left = MARGIN + 24.0;
        let top = doc.y;
        for (r, rank) in board.iter().enumerate() {
            let y = top - square * (r as f32 + 1.0);
            doc.text_in(
                left - 18.0,
                14.0,
                y + 8.0,
                &(8 - r).to_string(),
                Weight::Regular,
                8.0,
                Align::Center,
            );
            for (f, piece) in rank.iter().enumerate() {
                let x = left + square * f as f32;
                let dark = (r + f) % 2 == 1;
                doc.rect(
                    x,
                    y,
                    square,
                    square,
                    Some(if dark { 0.72 } else { 0.97 }),
                    false,
                );
                if let Some(p) = piece {
                    doc.text_in(
                        x,
                        square,
                        y + 5.0,
                        &p.to_string(),
                        Weight::Regular,
                        18.0,
                        Align::Center,
                    );
                }
            }
        }
        doc.rect(
            left,
            top - 8.0 * square,
            8.0 * square,
            8.0 * square,
            None,
            true,
        );
        for (f, file) in "abcdefgh".chars().enumerate() {
            doc.text_in(
                left + square * f as f32,
                square,
                top - 8.0 * square - 11.0,
                &file.to_string(),
                Weight::Regular,
                8.0,
                Align::Center,
            );
        }
        doc.y = top - 8.0 * square - 24.0;
    }
    doc.paragraph(tr.t("pdf_envelope_note"), Weight::Regular, 9.0);
    doc.gap(24.0);
    let y = doc.y;
    let w = (PAGE_WIDTH - 2.0 * MARGIN - 40.0) / 3.0;
    for (i, who) in [
        tr.t("pdf_white_signature"),
        tr.t("pdf_black_signature"),
        tr.t("pdf_arbiter_signature"),
    ]
    .iter()
    .enumerate()
    {
        let x = MARGIN + i as f32 * (w + 20.0);
        doc.line(x, y, x + w, y, 0.5);
        doc.text_in(x, w, y - 10.0, who, Weight::Regular, 8.0, Align::Center);
    }
    doc.finish()
}
