//! A player's card: who he is, every round's game, his points, rank,
//! performance and rating change (B.02, as the player page).

use super::layout::{Align, Column, Doc, Table, Weight};
use super::pairings::bye_text;
use super::{points_text, titled, tournament_line};
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, TournamentId};
use crate::domain::kinds::{GameKind, PlayerStatus};
use crate::domain::registration::{self, PlayerView};
use crate::domain::rounds::{game_view, player_map, GameView};
use crate::domain::standings::{self, StandingView};
use crate::domain::tournaments::{self, TournamentView};
use crate::domain::{views, Audience, DomainResult};
use crate::i18n::Tr;

pub struct PlayerCard {
    pub tournament: TournamentView,
    pub player: PlayerView,
    /// Published rounds only: the public sees what the pages show.
    pub games: Vec<GameView>,
    pub standing: Option<StandingView>,
}

impl PlayerCard {
    pub fn load(
        conn: &mut DbConnection,
        tid: TournamentId,
        pid: PlayerId,
        audience: Audience,
    ) -> DomainResult<PlayerCard> {
        let tournament = tournaments::get(conn, tid, audience)?;
        let p = registration::load_player(conn, tid, pid)?;
        let rows = views::player_games(conn, tid, pid, audience)?;
        let pm = player_map(conn, tid)?;
        let standing = standings::compute(conn, tid, audience)?
            .rows
            .into_iter()
            .find(|r| r.player_id == pid);
        // The standings row's change is the event's B.02 change, as the
        // player page shows it (`domain::norms::rating_changes_on`).
        Ok(PlayerCard {
            tournament,
            player: PlayerView::from(&p),
            games: rows.iter().map(|g| game_view(g, &pm)).collect(),
            standing,
        })
    }
}

/// The game's result from the player's side: `1`, `½`, `0`, `+`, `−`, `*`.
fn own_result(g: &GameView, white: bool, tr: Tr) -> String {
    if g.black.is_none() {
        return bye_text(g, tr);
    }
    let (own, other) = if white {
        (g.white_points, g.black_points)
    } else {
        (g.black_points, g.white_points)
    };
    let (Some(own), Some(other)) = (own, other) else {
        return crate::domain::rounds::NO_RESULT_YET.into();
    };
    match g.kind {
        GameKind::Forfeit if own > other => "+".into(),
        GameKind::Forfeit | GameKind::DoubleForfeit => "−".into(),
        _ => points_text((own * 2.0).round() as i32),
    }
}

pub fn render(c: &PlayerCard, tr: Tr) -> Vec<u8> {
    let p = &c.player;
    let name = titled(&p.title, &p.name);
    let what = tr.t("pdf_player_card");
    let mut doc = Doc::new(
        &format!("{what}: {name}"),
        &tournament_line(&c.tournament),
        what,
        tr,
    );
    doc.paragraph(&name, Weight::Bold, 18.0);
    doc.gap(4.0);
    doc.field(tr.t("pdf_pairing_number"), &p.start_no.to_string(), 10.0);
    if !p.federation.is_empty() {
        doc.field(tr.t("pdf_federation"), &p.federation, 10.0);
    }
    if let Some(id) = p.fide_id {
        doc.field(tr.t("pdf_fide_id"), &id.to_string(), 10.0);
    }
    if let Some(r) = p.rating {
        doc.field(tr.t("pdf_rating"), &r.to_string(), 10.0);
    }
    if !p.club.is_empty() {
        doc.field(tr.t("pdf_club"), &p.club, 10.0);
    }
    if p.status != PlayerStatus::Active {
        doc.field(tr.t("pdf_status"), tr.t(p.status.as_str()), 10.0);
    }
    if let Some(s) = &c.standing {
        doc.field(tr.t("pdf_points"), &s.points_text, 10.0);
        doc.field(tr.t("pdf_rank"), &s.rank.to_string(), 10.0);
        if let Some(perf) = s.performance {
            doc.field(tr.t("pdf_performance"), &perf.to_string(), 10.0);
        }
        if let Some(ch) = s.rating_change {
            doc.field(tr.t("pdf_rating_change"), &format!("{ch:+}"), 10.0);
        }
    }
    doc.gap(8.0);
    let table = Table::new(
        vec![
            Column::new(tr.t("pdf_rd"), 26.0, Align::Right),
            Column::new(tr.t("pdf_bd"), 26.0, Align::Right),
            Column::new(tr.t("pdf_colour"), 44.0, Align::Center),
            Column::fill(tr.t("pdf_opponent")),
            Column::new(tr.t("pdf_rtg"), 36.0, Align::Right),
            Column::new(tr.t("pdf_result"), 80.0, Align::Center).bold(),
        ],
        10.0,
    );
    let rows: Vec<Vec<String>> = c
        .games
        .iter()
        .map(|g| {
            let white = g.white.id == p.id;
            let opp = if white {
                g.black.as_ref()
            } else {
                Some(&g.white)
            };
            vec![
                g.round.to_string(),
                if g.black.is_some() {
                    g.board.to_string()
                } else {
                    String::new()
                },
                match (g.black.is_some(), white) {
                    (false, _) => String::new(),
                    (true, true) => tr.t("pdf_white").into(),
                    (true, false) => tr.t("pdf_black").into(),
                },
                opp.map(|o| titled(&o.title, &o.name)).unwrap_or_default(),
                opp.and_then(|o| o.rating)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                own_result(g, white, tr),
            ]
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}
