//! The pairing list for the wall: one line per board, large board numbers, the
//! players' points before the round, byes at the end.

use super::layout::{text_width, Align, Column, Doc, Table, Weight};
use super::{points_text, titled, tournament_line};
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::GameKind;
use crate::domain::rounds::{self, GameView, PlayerRef, RoundView};
use crate::domain::tournaments::{self, TournamentView};
use crate::domain::{Audience, DomainError, DomainResult};
use crate::i18n::Tr;
use std::collections::HashMap;

/// A round as the pairing and result lists print it.
pub struct RoundSheet {
    pub tournament: TournamentView,
    pub round: RoundView,
    /// Points (half-points) of each player (by id) before the round.
    pub points_before: HashMap<PlayerId, i32>,
}

impl RoundSheet {
    /// Reads round `n`. An unpublished round exists only for staff (`staff`).
    pub fn load(
        conn: &mut DbConnection,
        tid: TournamentId,
        n: RoundNo,
        audience: Audience,
    ) -> DomainResult<RoundSheet> {
        let tournament = tournaments::get(conn, tid, audience)?;
        let round = rounds::get(conn, tid, n, audience)?;
        if !audience.sees_round_state(round.state) {
            return Err(DomainError::NotFound(msg!(
                "a published round {} of tournament {}",
                n,
                tid
            )));
        }
        let points_before = crate::domain::standings::points_before(conn, tid, n)?;
        Ok(RoundSheet {
            tournament,
            round,
            points_before,
        })
    }

    fn points(&self, p: &PlayerRef) -> String {
        points_text(self.points_before.get(&p.id).copied().unwrap_or(0))
    }
}

/// How a game without an opponent is written in the Black column.
pub fn bye_text(g: &GameView, tr: Tr) -> String {
    let what = match g.kind {
        GameKind::PairingBye => tr.t("pdf_bye"),
        GameKind::FullBye | GameKind::HalfBye => tr.t("pdf_requested_bye"),
        GameKind::ZeroBye => tr.t("pdf_absent"),
        GameKind::Free => tr.t("pdf_free_round"),
        other => tr.t(other.as_str()),
    };
    format!("{what} ({})", g.result)
}

/// The rows of a round's table: board, White (points), result, Black (points).
pub(super) fn round_rows(sheet: &RoundSheet, with_results: bool, tr: Tr) -> Vec<Vec<String>> {
    sheet
        .round
        .games
        .iter()
        .map(|g| {
            let white = titled(&g.white.title, &g.white.name);
            let rating = |p: &PlayerRef| p.rating.map(|r| r.to_string()).unwrap_or_default();
            let mut result = if with_results && g.black.is_some() {
                g.result.replace('*', "")
            } else {
                String::new()
            };
            // Double-Swiss: the match once both games have a result.
            let total = sheet
                .round
                .match_game
                .as_ref()
                .and_then(|m| m.board(&g.board))
                .map(|b| b.total.as_str())
                .unwrap_or_default();
            if with_results && g.black.is_some() && !total.is_empty() {
                result = format!("{result} ({total})");
            }
            match &g.black {
                Some(b) => vec![
                    g.board.to_string(),
                    g.white.start_no.to_string(),
                    white,
                    rating(&g.white),
                    format!("({})", sheet.points(&g.white)),
                    result,
                    format!("({})", sheet.points(b)),
                    titled(&b.title, &b.name),
                    rating(b),
                    b.start_no.to_string(),
                ],
                None => vec![
                    String::new(),
                    g.white.start_no.to_string(),
                    white,
                    rating(&g.white),
                    format!("({})", sheet.points(&g.white)),
                    String::new(),
                    String::new(),
                    bye_text(g, tr),
                    String::new(),
                    String::new(),
                ],
            }
        })
        .collect()
}

pub(super) fn round_table(size: f32, board_size: f32, result_width: f32, tr: Tr) -> Table {
    // Widths from the font's metrics: the widest value each column holds.
    let w = |sample: &str, weight: Weight, size: f32| text_width(sample, weight, size) + 8.0;
    let rating = w("2888", Weight::Regular, size);
    let points = w("(10½)", Weight::Regular, size);
    let number = w("888", Weight::Regular, size);
    Table::new(
        vec![
            Column::new(
                tr.t("pdf_bd"),
                w("888", Weight::Bold, board_size),
                Align::Center,
            )
            .bold()
            .sized(board_size),
            Column::new(tr.t("pdf_no"), number, Align::Right),
            Column::fill(tr.t("pdf_white")),
            Column::new(tr.t("pdf_rtg"), rating, Align::Right),
            Column::new(tr.t("pdf_pts"), points, Align::Center),
            Column::new(tr.t("pdf_result"), result_width, Align::Center).bold(),
            Column::new(tr.t("pdf_pts"), points, Align::Center),
            Column::fill(tr.t("pdf_black")),
            Column::new(tr.t("pdf_rtg"), rating, Align::Right),
            Column::new(tr.t("pdf_no"), number, Align::Right),
        ],
        size,
    )
}

/// The wall list: large type, large board numbers.
pub fn render(sheet: &RoundSheet, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_pairings_round")
        .replace("{n}", &sheet.round.number.to_string());
    let mut doc = Doc::new(&title, &tournament_line(&sheet.tournament), &title, tr);
    doc.paragraph(&title, Weight::Bold, 16.0);
    match_line(&mut doc, sheet, tr);
    if let Some(start) = &sheet.round.scheduled_start {
        doc.paragraph(
            &tr.t("pdf_start").replace("{t}", &start.replace('T', " ")),
            Weight::Regular,
            11.0,
        );
    }
    chess960_block(&mut doc, sheet, tr);
    doc.gap(6.0);
    let table = round_table(10.0, 18.0, 30.0, tr).row_height(30.0);
    doc.table(&table, &round_rows(sheet, false, tr));
    doc.finish()
}

/// Double-Swiss (C.04.5): which match and game the round is, and that the
/// other game is played on the same boards with the colours reversed.
pub(super) fn match_line(doc: &mut Doc, sheet: &RoundSheet, tr: Tr) {
    if let Some(m) = &sheet.round.match_game {
        doc.paragraph(
            &tr.t("pdf_match_game")
                .replace("{m}", &m.number.to_string())
                .replace("{g}", &m.game.to_string())
                .replace("{o}", &m.other_game().to_string()),
            Weight::Bold,
            11.0,
        );
    }
}

/// The Chess960 start position of the round (Guidelines II.1), with a diagram
/// of White's back rank (Black's mirrors it); per board when drawn per board.
pub(super) fn chess960_block(doc: &mut Doc, sheet: &RoundSheet, tr: Tr) {
    let Some(c) = &sheet.round.chess960 else {
        return;
    };
    if let Some(p) = &c.position {
        doc.paragraph(
            &tr.t("pdf_chess960_every")
                .replace("{n}", &p.number.to_string())
                .replace("{p}", &p.back_rank),
            Weight::Bold,
            11.0,
        );
        doc.paragraph(&format!("X-FEN: {}", p.xfen), Weight::Regular, 8.0);
        back_rank_diagram(doc, &p.back_rank);
    }
    for b in &c.boards {
        doc.paragraph(
            &tr.t("pdf_chess960_board")
                .replace("{b}", &b.board.to_string())
                .replace("{n}", &b.position.number.to_string())
                .replace("{p}", &b.position.back_rank),
            Weight::Regular,
            10.0,
        );
    }
}

/// White's back rank as eight squares a–h with the piece letters.
pub(super) fn back_rank_diagram(doc: &mut Doc, back_rank: &str) {
    let cell = 20.0;
    doc.ensure(cell + 16.0);
    let y = doc.y - cell - 2.0;
    for (i, c) in back_rank.chars().enumerate() {
        let x = super::layout::MARGIN + i as f32 * cell;
        let shade = ((i % 2) == 0).then_some(0.8);
        doc.rect(x, y, cell, cell, shade, true);
        doc.text_in(
            x,
            cell,
            y + 6.0,
            &c.to_string(),
            Weight::Bold,
            10.0,
            Align::Center,
        );
        let file = char::from(b'a' + i as u8).to_string();
        doc.text_in(x, cell, y - 9.0, &file, Weight::Regular, 7.0, Align::Center);
    }
    doc.y = y - 14.0;
}

/// The list by name: every player of the round in alphabetical order with his
/// board, colour and opponent — where players look for their board.
pub fn render_by_name(sheet: &RoundSheet, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_pairings_by_name")
        .replace("{n}", &sheet.round.number.to_string());
    let mut doc = Doc::new(&title, &tournament_line(&sheet.tournament), &title, tr);
    doc.paragraph(&title, Weight::Bold, 16.0);
    doc.gap(6.0);
    let size = 10.0;
    let w = |sample: &str, weight: Weight| text_width(sample, weight, size) + 8.0;
    let table = Table::new(
        vec![
            Column::fill(tr.t("pdf_player")),
            Column::new(tr.t("pdf_no"), w("888", Weight::Regular), Align::Right),
            Column::new(tr.t("pdf_pts"), w("(10½)", Weight::Regular), Align::Center),
            Column::new(tr.t("pdf_bd"), w("888", Weight::Bold), Align::Center).bold(),
            Column::new(
                tr.t("pdf_colour"),
                w(tr.t("pdf_white"), Weight::Regular).max(w(tr.t("pdf_black"), Weight::Regular)),
                Align::Left,
            ),
            Column::fill(tr.t("pdf_opponent")),
        ],
        size,
    );
    doc.table(&table, &by_name_rows(sheet, tr));
    doc.finish()
}

fn by_name_rows(sheet: &RoundSheet, tr: Tr) -> Vec<Vec<String>> {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for g in &sheet.round.games {
        let mut add = |me: &PlayerRef, colour: &str, opp: String, board: String| {
            rows.push((
                me.name.to_lowercase(),
                vec![
                    titled(&me.title, &me.name),
                    me.start_no.to_string(),
                    format!("({})", sheet.points(me)),
                    board,
                    colour.to_string(),
                    opp,
                ],
            ));
        };
        match &g.black {
            Some(b) => {
                add(
                    &g.white,
                    tr.t("pdf_white"),
                    titled(&b.title, &b.name),
                    g.board.to_string(),
                );
                add(
                    b,
                    tr.t("pdf_black"),
                    titled(&g.white.title, &g.white.name),
                    g.board.to_string(),
                );
            }
            None => add(&g.white, "", bye_text(g, tr), String::new()),
        }
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows.into_iter().map(|(_, r)| r).collect()
}
