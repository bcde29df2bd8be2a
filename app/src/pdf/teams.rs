//! Team event printouts (issue 20): the match sheets of a round (one per
//! match, to be signed), the team standings with the C.07 team tie-breaks,
//! the team crosstable and the board prizes.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::{points_text, standings_doc, tiebreak_columns, titled, tournament_line};
use crate::domain::teams::{BoardPlayer, BoardStatView, TeamRoundView, TeamStandings};
use crate::domain::tournaments::TournamentView;
use crate::i18n::Tr;

fn player_text(p: &Option<BoardPlayer>, tr: Tr) -> String {
    match p {
        Some(p) => {
            let mut s = titled(&p.title, &p.name);
            if let Some(r) = p.rating {
                s.push_str(&format!(" ({r})"));
            }
            s
        }
        None => tr.t("pdf_team_empty_board").to_string(),
    }
}

fn colour(white: bool, tr: Tr) -> &'static str {
    if white {
        tr.t("pdf_white")
    } else {
        tr.t("pdf_black")
    }
}

/// One page per match: the two teams, each board with its players and
/// colours, the result to fill in or as recorded, the match result, and the
/// lines for the two captains and the arbiter to sign.
pub fn match_sheets(t: &TournamentView, r: &TeamRoundView, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_match_sheets_round")
        .replace("{n}", &r.number.to_string());
    let mut doc = Doc::new(&title, &tournament_line(t), &title, tr);
    if r.matches.is_empty() {
        doc.paragraph(&title, Weight::Bold, 14.0);
        doc.paragraph(tr.t("pdf_no_boards"), Weight::Regular, 10.0);
    }
    for (k, m) in r.matches.iter().enumerate() {
        if k > 0 {
            doc.new_page();
        }
        doc.paragraph(
            &tr.t("pdf_match_sheet_title")
                .replace("{n}", &r.number.to_string())
                .replace("{m}", &m.number.to_string()),
            Weight::Bold,
            14.0,
        );
        doc.paragraph(
            &format!(
                "{}. {}  –  {}. {}",
                m.home.number, m.home.name, m.away.number, m.away.name
            ),
            Weight::Bold,
            12.0,
        );
        doc.gap(6.0);
        let table = Table::new(
            vec![
                Column::new(tr.t("pdf_bd"), 24.0, Align::Right).bold(),
                Column::new("", 36.0, Align::Center),
                Column::fill(&m.home.name),
                Column::new("", 36.0, Align::Center),
                Column::fill(&m.away.name),
                Column::new(tr.t("pdf_result"), 56.0, Align::Center).bold(),
            ],
            9.0,
        )
        .row_height(22.0);
        let rows: Vec<Vec<String>> = m
            .boards
            .iter()
            .map(|b| {
                vec![
                    b.board.to_string(),
                    colour(b.home_white, tr).to_string(),
                    player_text(&b.home, tr),
                    colour(!b.home_white, tr).to_string(),
                    player_text(&b.away, tr),
                    b.result.clone().unwrap_or_default(),
                ]
            })
            .collect();
        doc.table(&table, &rows);
        doc.gap(8.0);
        let score = if m.finished {
            format!(
                "{} – {}",
                points_text(m.home_game_points),
                points_text(m.away_game_points)
            )
        } else {
            "____ – ____".to_string()
        };
        doc.field(tr.t("pdf_match_result"), &score, 11.0);
        doc.gap(28.0);
        for who in [&m.home.name, &m.away.name] {
            doc.field(
                &tr.t("pdf_captain_of").replace("{team}", who),
                "______________________________",
                10.0,
            );
            doc.gap(18.0);
        }
        doc.field(
            tr.t("pdf_arbiter_signature"),
            "______________________________",
            10.0,
        );
    }
    doc.finish()
}

/// The team standings with the event's tie-breaks.
pub fn standings(t: &TournamentView, s: &TeamStandings, tr: Tr) -> Vec<u8> {
    let title = tr
        .t("pdf_team_standings_after")
        .replace("{n}", &s.after_round.to_string());
    let mut doc = standings_doc(t, &title, &s.tiebreaks, tr);
    let tb_width = if s.tiebreaks.len() > 5 { 30.0 } else { 36.0 };
    let mut columns = vec![
        Column::new(tr.t("pdf_rk"), 24.0, Align::Right).bold(),
        Column::new(tr.t("pdf_no"), 24.0, Align::Right),
        Column::fill(tr.t("pdf_team")),
        Column::new(tr.t("pdf_team_wdl"), 48.0, Align::Center),
        Column::new(tr.t("pdf_team_mp"), 30.0, Align::Center).bold(),
        Column::new(tr.t("pdf_team_gp"), 30.0, Align::Center).bold(),
    ];
    columns.extend(tiebreak_columns(&s.tiebreaks, tb_width));
    let table = Table::new(columns, 8.0).row_height(12.5);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.rank.to_string(),
                r.team.number.to_string(),
                r.team.name.clone(),
                format!("{}–{}–{}", r.wins, r.draws, r.losses),
                r.match_points.to_string(),
                points_text(r.game_points),
            ];
            row.extend(
                r.tiebreaks
                    .iter()
                    .map(|c| c.value.clone().unwrap_or_default()),
            );
            row
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}

/// The team crosstable: teams in standings order, the game points each
/// scored against each opponent (both results of a double round robin), the
/// match points and game points.
pub fn crosstable(
    t: &TournamentView,
    s: &TeamStandings,
    rounds: &[TeamRoundView],
    tr: Tr,
) -> Vec<u8> {
    let title = tr
        .t("pdf_team_crosstable_after")
        .replace("{n}", &s.after_round.to_string());
    let mut doc = Doc::new(&title, &tournament_line(t), &title, tr);
    doc.paragraph(&title, Weight::Bold, 14.0);
    doc.paragraph(tr.t("pdf_team_crosstable_help"), Weight::Regular, 8.0);
    doc.gap(4.0);
    let n = s.rows.len();
    let room = super::layout::PAGE_WIDTH - 2.0 * super::layout::MARGIN - 22.0 - 120.0 - 60.0;
    let cell = (room / n.max(1) as f32).min(40.0);
    let size = if cell < 28.0 { 6.0 } else { 7.5 };
    let mut columns = vec![
        Column::new("#", 22.0, Align::Right).bold(),
        Column::fill(tr.t("pdf_team")),
    ];
    columns.extend((1..=n).map(|k| Column::new(&k.to_string(), cell, Align::Center).sized(size)));
    columns.push(Column::new(tr.t("pdf_team_mp"), 30.0, Align::Center).bold());
    columns.push(Column::new(tr.t("pdf_team_gp"), 30.0, Align::Center).bold());
    let place = |team: i32| s.rows.iter().position(|r| r.team.number == team);
    let mut cells = vec![vec![Vec::<String>::new(); n]; n];
    for r in rounds {
        for m in r.matches.iter().filter(|m| m.finished) {
            if let (Some(h), Some(a)) = (place(m.home.number), place(m.away.number)) {
                cells[h][a].push(points_text(m.home_game_points));
                cells[a][h].push(points_text(m.away_game_points));
            }
        }
    }
    let table = Table::new(columns, 7.5).row_height(12.0);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut row = vec![(i + 1).to_string(), r.team.name.clone()];
            row.extend((0..n).map(|j| {
                if i == j {
                    "×".to_string()
                } else {
                    cells[i][j].join(" ")
                }
            }));
            row.push(r.match_points.to_string());
            row.push(points_text(r.game_points));
            row
        })
        .collect();
    doc.table(&table, &rows);
    doc.finish()
}

/// The board prizes: for every board number, the players with at least
/// `min_games` games played over the board on it, best first (performance,
/// then points).
pub fn board_prizes(
    t: &TournamentView,
    stats: &[BoardStatView],
    boards: u32,
    min_games: u32,
    tr: Tr,
) -> Vec<u8> {
    let title = tr.t("pdf_board_prizes").to_string();
    let mut doc = Doc::new(&title, &tournament_line(t), &title, tr);
    doc.paragraph(&title, Weight::Bold, 14.0);
    doc.paragraph(
        &tr.t("pdf_min_games").replace("{n}", &min_games.to_string()),
        Weight::Regular,
        8.0,
    );
    for board in 1..=boards {
        doc.gap(6.0);
        doc.ensure(40.0);
        doc.paragraph(
            &tr.t("pdf_board_n").replace("{n}", &board.to_string()),
            Weight::Bold,
            11.0,
        );
        let table = Table::new(
            vec![
                Column::new(tr.t("pdf_rk"), 24.0, Align::Right).bold(),
                Column::fill(tr.t("pdf_name")),
                Column::new(tr.t("pdf_team"), 120.0, Align::Left),
                Column::new(tr.t("pdf_team_games"), 36.0, Align::Center),
                Column::new(tr.t("pdf_pts"), 30.0, Align::Center).bold(),
                Column::new(tr.t("pdf_perf"), 34.0, Align::Right),
            ],
            8.0,
        )
        .row_height(12.5);
        let rows: Vec<Vec<String>> = stats
            .iter()
            .filter(|s| s.board == board && s.played >= min_games)
            .enumerate()
            .map(|(k, s)| {
                vec![
                    (k + 1).to_string(),
                    titled(&s.player.title, &s.player.name),
                    s.team.name.clone(),
                    s.played.to_string(),
                    points_text(s.points_played),
                    s.performance.map(|p| p.to_string()).unwrap_or_default(),
                ]
            })
            .collect();
        if rows.is_empty() {
            doc.paragraph(tr.t("pdf_none"), Weight::Regular, 8.0);
        } else {
            doc.table(&table, &rows);
        }
    }
    doc.finish()
}
