//! The start list: every registered player by starting number, with title,
//! name, rating, federation and FIDE id, under a heading with the
//! tournament's name, place and dates. Before the first pairing nobody has a
//! number yet: the list is then by rating, the number column empty.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::tournament_line;
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::kinds::PlayerStatus;
use crate::domain::registration::{self, PlayerView};
use crate::domain::tournaments::{self, TournamentView};
use crate::domain::{Audience, DomainResult};
use crate::i18n::Tr;

pub struct StartList {
    pub tournament: TournamentView,
    /// In the order printed: by starting number, the unnumbered last by rating.
    pub players: Vec<PlayerView>,
}

impl StartList {
    pub fn load(
        conn: &mut DbConnection,
        tid: TournamentId,
        audience: Audience,
    ) -> DomainResult<StartList> {
        let tournament = tournaments::get(conn, tid, audience)?;
        let mut players = registration::list(conn, tid)?;
        sort(&mut players);
        Ok(StartList {
            tournament,
            players,
        })
    }
}

/// The order of the start list (and of the players page): by starting number,
/// players without one (before the first pairing) after, by rating.
pub fn sort(players: &mut [PlayerView]) {
    players.sort_by_key(|p| (p.start_no == 0, p.start_no, -p.rating.unwrap_or(0), p.id));
}

pub fn render(x: &StartList, tr: Tr) -> Vec<u8> {
    let title = tr.t("pdf_start_list");
    let heading = tournament_line(&x.tournament);
    let mut doc = Doc::new(title, &heading, title, tr);
    doc.paragraph(&x.tournament.regulations.name, Weight::Bold, 14.0);
    let r = &x.tournament.regulations;
    let mut line = r.place.clone();
    let dates = if r.start_date == r.end_date {
        r.start_date.to_string()
    } else {
        format!("{} – {}", r.start_date, r.end_date)
    };
    if !line.is_empty() {
        line.push_str(" · ");
    }
    line.push_str(&dates);
    doc.paragraph(&line, Weight::Regular, 10.0);
    doc.paragraph(
        &format!("{} ({})", title, x.players.len()),
        Weight::Bold,
        11.0,
    );
    doc.gap(4.0);
    let table = Table::new(
        vec![
            Column::new(tr.t("pdf_no"), 28.0, Align::Right).bold(),
            Column::new(tr.t("pdf_title"), 34.0, Align::Left),
            Column::fill(tr.t("pdf_name")),
            Column::new(tr.t("pdf_rtg"), 36.0, Align::Right),
            Column::new(tr.t("pdf_fed"), 34.0, Align::Center),
            Column::new(tr.t("pdf_fide_id"), 64.0, Align::Right),
        ],
        9.0,
    )
    .row_height(14.0);
    let rows: Vec<Vec<String>> = x
        .players
        .iter()
        .map(|p| {
            let mut name = p.name.clone();
            if p.status != PlayerStatus::Active {
                name.push_str(&format!(" ({})", tr.t("withdrawn")));
            }
            vec![
                if p.start_no > 0 {
                    p.start_no.to_string()
                } else {
                    String::new()
                },
                p.title.clone(),
                name,
                p.rating.map(|v| v.to_string()).unwrap_or_default(),
                p.federation.clone(),
                p.fide_id.map(|v| v.to_string()).unwrap_or_default(),
            ]
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}
