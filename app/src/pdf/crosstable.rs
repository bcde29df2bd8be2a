//! The crosstable: players in rank order, one cell per round with the
//! opponent's rank, the colour and the result (`12w1`, `5b½`, `+`, `bye`).

use super::layout::{Align, Column, Doc, Table, Weight};
use super::{points_text, titled, tournament_line};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::kinds::PlayedColour;
use crate::domain::tournaments::{self, tiebreak_codes, TournamentView};
use crate::domain::{engine, model, Audience, DomainResult};
use crate::i18n::Tr;
use pairing::{ByeKind, Color, GameResult, RoundEntry};

pub struct CrossRow {
    pub rank: u32,
    pub start_no: u32,
    pub name: String,
    pub rating: Option<u32>,
    /// One cell per round: the text, and whether it is a bye (then the text is
    /// its points, and the word for a bye is put before it in the document's
    /// language). The colour letter is `w`/`b`, written in the document's
    /// language when printed (`Tr::colour_letter`).
    pub cells: Vec<(String, bool)>,
    pub points: i32,
}

pub struct Crosstable {
    pub tournament: TournamentView,
    pub rounds: u32,
    pub rows: Vec<CrossRow>,
}

fn cell(entry: &RoundEntry, rank_of: &[u32], points: &pairing::PointSystem) -> (String, bool) {
    match entry {
        RoundEntry::Game {
            opponent,
            color,
            result,
        } => {
            let c = if *color == Color::White { 'w' } else { 'b' };
            let r = match result {
                None => crate::domain::rounds::NO_RESULT_YET.to_string(),
                Some(GameResult::Win) => "1".into(),
                Some(GameResult::Draw) => "½".into(),
                Some(GameResult::Loss) => "0".into(),
                Some(GameResult::ForfeitWin) => "+".into(),
                Some(GameResult::ForfeitLoss) => "-".into(),
                Some(GameResult::Adjusted(h)) => points_text(*h),
            };
            let opp = rank_of.get(*opponent as usize).copied().unwrap_or(0);
            (format!("{opp}{c}{r}"), false)
        }
        RoundEntry::Bye(kind) => {
            let p = match kind {
                ByeKind::PairingAllocated => points.pairing_bye,
                ByeKind::Full => points.full_bye,
                ByeKind::Half => points.half_bye,
                ByeKind::Zero => points.zero_bye,
            };
            (points_text(p), true)
        }
        RoundEntry::NotPaired => ("–".into(), false),
    }
}

impl Crosstable {
    pub fn load(
        conn: &mut DbConnection,
        tid: TournamentId,
        audience: Audience,
    ) -> DomainResult<Crosstable> {
        let tournament = tournaments::get(conn, tid, audience)?;
        let row = tournaments::load(conn, tid)?;
        let last = audience.last_round(conn, tid)?.get() as u32;
        let m = model::build(conn, &row, last, None)?;
        let standings = engine::standings(&m.tournament, &tiebreak_codes(&row))?;
        let mut rank_of = vec![0u32; m.tournament.players.len() + 1];
        for (i, r) in standings.iter().enumerate() {
            // Cells name opponents by their line in this table.
            rank_of[r.start_no as usize] = i as u32 + 1;
        }
        let rows = standings
            .iter()
            .map(|r| {
                let p = &m.tournament.players[r.start_no as usize - 1];
                let cells = (0..last as usize)
                    .map(|i| {
                        cell(
                            p.rounds.get(i).unwrap_or(&RoundEntry::NotPaired),
                            &rank_of,
                            &m.tournament.points,
                        )
                    })
                    .collect();
                CrossRow {
                    rank: r.rank,
                    start_no: r.start_no,
                    name: titled(p.title.as_deref().unwrap_or(""), &p.name),
                    rating: p.rating,
                    cells,
                    points: r.points,
                }
            })
            .collect();
        Ok(Crosstable {
            tournament,
            rounds: last,
            rows,
        })
    }
}

/// `12w1` with the colour letter in `tr`'s language (`12b1` in Polish and Czech).
fn colour_letters(cell: &str, tr: Tr) -> String {
    let (white, black) = (
        tr.colour_letter(PlayedColour::White),
        tr.colour_letter(PlayedColour::Black),
    );
    cell.chars()
        .map(|c| match c {
            'w' => white.to_string(),
            'b' => black.to_string(),
            c => c.to_string(),
        })
        .collect()
}

pub fn render(x: &Crosstable, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_crosstable_after")
        .replace("{n}", &x.rounds.to_string());
    let mut doc = Doc::new(&title, &tournament_line(&x.tournament), &title, tr);
    doc.paragraph(&title, Weight::Bold, 14.0);
    doc.paragraph(tr.t("pdf_crosstable_help"), Weight::Regular, 8.0);
    doc.gap(4.0);
    let room = super::layout::PAGE_WIDTH - 2.0 * super::layout::MARGIN - 22.0 - 26.0 - 26.0 - 110.0;
    let cell_width = (room / x.rounds.max(1) as f32).min(36.0);
    let size = if cell_width < 26.0 { 6.0 } else { 7.5 };
    let mut columns = vec![
        Column::new("#", 22.0, Align::Right).bold(),
        Column::fill(tr.t("pdf_name")),
        Column::new(tr.t("pdf_rtg"), 26.0, Align::Right),
    ];
    columns.extend(
        (1..=x.rounds).map(|r| Column::new(&r.to_string(), cell_width, Align::Center).sized(size)),
    );
    columns.push(Column::new(tr.t("pdf_pts"), 26.0, Align::Center).bold());
    let table = Table::new(columns, 7.5).row_height(12.0);
    let rows: Vec<Vec<String>> = x
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut row = vec![
                (i + 1).to_string(),
                r.name.clone(),
                r.rating.map(|v| v.to_string()).unwrap_or_default(),
            ];
            row.extend(r.cells.iter().map(|(text, bye)| {
                if *bye {
                    format!("{} {text}", tr.t("pdf_bye"))
                } else {
                    colour_letters(text, tr)
                }
            }));
            row.push(points_text(r.points));
            row
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}
