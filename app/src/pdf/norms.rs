//! The title-norm documents and the rating report (issue 35), from
//! `domain::norms::report`:
//!
//! - IT1, the norm certificate (FIDE Handbook B.01, the IT1 form's content):
//!   the event, the player, every opponent counted with title, federation,
//!   FIDE id and rating, the result of each game, the score, the average
//!   rating of the opponents, the performance, each requirement of art. 1.4
//!   with its numbers, and the arbiters' signatures. In English, as FIDE
//!   requires, whatever the page's language.
//! - IT3, the tournament report: the event's facts, its field (titles,
//!   federations, ratings, points) and the norms achieved; in English.
//! - The rating report: each player's B.02 change game by game (difference
//!   after the 400-point rule, expected score, K), in the page's language.

use super::layout::{Align, Column, Doc, Table, Weight};
use super::{points_text, titled};
use crate::domain::norms::NormsReport;
use crate::i18n::{Lang, Tr};
use pairing::norms::NormResult;

const EN: Tr = Tr { lang: Lang::En };

/// The running header: name, place, dates.
fn event_line(r: &NormsReport) -> String {
    let t = &r.tournament;
    let mut s = t.name.clone();
    if !t.place.is_empty() {
        s.push_str(&format!(", {}", t.place));
    }
    if t.start_date == t.end_date {
        s.push_str(&format!(" · {}", t.start_date));
    } else {
        s.push_str(&format!(" · {} – {}", t.start_date, t.end_date));
    }
    s
}

/// Half-points as `6½ (6.5)`: the wall chart's way and the decimal one.
fn score_text(half_points: i32) -> String {
    let decimal = if half_points % 2 == 0 {
        format!("{}", half_points / 2)
    } else {
        format!("{}.5", half_points / 2)
    };
    format!("{} ({decimal})", points_text(half_points))
}

fn or_dash(s: &str) -> String {
    if s.trim().is_empty() {
        "–".into()
    } else {
        s.to_string()
    }
}

/// The event block both forms share.
fn event_fields(doc: &mut Doc, r: &NormsReport) {
    let t = &r.tournament;
    doc.field("Event", &t.name, 10.0);
    doc.field("City", &or_dash(&t.place), 10.0);
    let host = if r.facts.host_federation.is_empty() {
        &t.federation
    } else {
        &r.facts.host_federation
    };
    doc.field("Federation", &or_dash(host), 10.0);
    doc.field("Dates", &format!("{} – {}", t.start_date, t.end_date), 10.0);
    doc.field("Kind of event", &r.facts.event_kind, 10.0);
    doc.field(
        "System",
        &format!(
            "{} · {} rounds",
            t.system.as_str().replace('_', " "),
            r.total_rounds
        ),
        10.0,
    );
    doc.field("Rating period", &or_dash(&r.facts.rating_period), 10.0);
    doc.field("Organizer", &or_dash(&r.facts.organizer), 10.0);
    doc.field("Chief arbiter", &or_dash(&r.facts.chief_arbiter), 10.0);
    doc.field(
        "Deputy chief arbiter",
        &or_dash(&r.facts.deputy_arbiter),
        10.0,
    );
}

/// Signature lines of the chief arbiter and the deputy.
fn signatures(doc: &mut Doc, r: &NormsReport) {
    doc.gap(18.0);
    for (role, name) in [
        ("Chief arbiter", &r.facts.chief_arbiter),
        ("Deputy chief arbiter", &r.facts.deputy_arbiter),
    ] {
        doc.field(role, &or_dash(name), 10.0);
        doc.gap(8.0);
        doc.field("Signature", "______________________________", 10.0);
        doc.gap(10.0);
    }
    doc.field(
        "Place and date",
        &format!(
            "{}, {}",
            or_dash(&r.tournament.place),
            r.tournament.end_date
        ),
        10.0,
    );
}

/// The IT1 certificate of player `start_no` for norm `n`.
pub fn render_it1(r: &NormsReport, start_no: u32, n: &NormResult) -> Vec<u8> {
    let Some(p) = r.player(start_no) else {
        return Vec::new();
    };
    let what = format!("IT1 Certificate of Title Result: {} norm", n.title.code());
    let mut doc = Doc::new(&what, &event_line(r), "IT1", EN);
    doc.paragraph(&what, Weight::Bold, 16.0);
    doc.paragraph(
        "FIDE Title Regulations (Handbook B.01), art. 1.4",
        Weight::Regular,
        9.0,
    );
    doc.gap(6.0);
    doc.paragraph("Player", Weight::Bold, 12.0);
    doc.field("Name", &titled(&p.title, &p.name), 10.0);
    doc.field(
        "FIDE ID",
        &p.fide_id.map(|i| i.to_string()).unwrap_or("–".into()),
        10.0,
    );
    doc.field("Federation", &or_dash(&p.federation), 10.0);
    if !p.team.is_empty() {
        // A team event: the norm is judged on his own boards (B.01 1.4).
        doc.field("Team", &p.team, 10.0);
    }
    doc.field("Birth year", &or_dash(&p.birth_year), 10.0);
    doc.field(
        "Rating",
        &p.rating.map(|x| x.to_string()).unwrap_or("unrated".into()),
        10.0,
    );
    doc.gap(6.0);
    doc.paragraph("Event", Weight::Bold, 12.0);
    event_fields(&mut doc, r);
    doc.gap(6.0);
    doc.paragraph("Games counted", Weight::Bold, 12.0);
    let table = Table::new(
        vec![
            Column::new("Rd", 24.0, Align::Right),
            Column::fill("Opponent"),
            Column::new("Title", 34.0, Align::Center),
            Column::new("Fed", 34.0, Align::Center),
            Column::new("FIDE ID", 62.0, Align::Right),
            Column::new("Rating", 42.0, Align::Right),
            Column::new("Result", 40.0, Align::Center).bold(),
        ],
        9.0,
    );
    let rows: Vec<Vec<String>> = r
        .games_of(start_no, n)
        .iter()
        .map(|g| {
            let o = &g.opponent;
            let raised = n
                .raised
                .filter(|(round, _, _)| *round == g.round)
                .map(|(_, before, after)| format!("{before}→{after}"));
            vec![
                g.round.to_string(),
                o.name.clone(),
                o.title.clone(),
                o.federation.clone(),
                o.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                raised.unwrap_or_else(|| {
                    o.rating
                        .map(|x| x.to_string())
                        .unwrap_or("unrated (1400)".into())
                }),
                points_text(g.points),
            ]
        })
        .collect();
    doc.table(&table, &rows);
    doc.gap(6.0);
    doc.paragraph("Result", Weight::Bold, 12.0);
    doc.field("Norm", &format!("{} norm", n.title.code()), 10.0);
    doc.field("Number of games", &n.games.to_string(), 10.0);
    doc.field("Score", &score_text(n.score), 10.0);
    doc.field("Percentage", &format!("{} %", n.percent), 10.0);
    doc.field(
        "Average rating (Ra)",
        &n.average.map(|a| a.to_string()).unwrap_or("–".into()),
        10.0,
    );
    if let Some((round, before, after)) = n.raised {
        doc.field(
            "Rating raised (1.4.6c)",
            &format!("round {round}: {before} → {after}"),
            10.0,
        );
    }
    doc.field(
        "Rating performance",
        &n.performance.map(|a| a.to_string()).unwrap_or("–".into()),
        10.0,
    );
    if let Some(req) = n.required_score {
        doc.field("Score required", &score_text(req), 10.0);
    }
    doc.field("Counts as games", &n.counts_as_games.to_string(), 10.0);
    if !n.rounds_not_counted.is_empty() {
        let text: Vec<String> = n
            .rounds_not_counted
            .iter()
            .map(|(round, why)| format!("round {round}: {why}"))
            .collect();
        doc.field("Not counted (1.4.2)", &text.join("; "), 10.0);
    }
    if !n.rounds_left_out.is_empty() {
        let text: Vec<String> = n
            .rounds_left_out
            .iter()
            .map(|(round, why)| format!("round {round}: {why}"))
            .collect();
        doc.field("Left out (1.4.1e, f)", &text.join("; "), 10.0);
    }
    doc.gap(6.0);
    doc.paragraph("Requirements", Weight::Bold, 12.0);
    // One wrapped line each: the numbers are never cut.
    for q in &n.requirements {
        let state = if q.exempt {
            "exempt"
        } else if q.holds {
            "held"
        } else {
            "failed"
        };
        doc.paragraph(
            &format!("{} {} — {state}: {}", q.clause, q.key, q.detail),
            Weight::Regular,
            9.0,
        );
    }
    signatures(&mut doc, r);
    doc.finish()
}

/// The IT3 tournament report.
pub fn render_it3(r: &NormsReport) -> Vec<u8> {
    let what = "IT3 Tournament Report";
    let mut doc = Doc::new(what, &event_line(r), "IT3", EN);
    doc.paragraph(what, Weight::Bold, 16.0);
    doc.gap(6.0);
    event_fields(&mut doc, r);
    let feds: std::collections::BTreeSet<&str> = r
        .players
        .iter()
        .map(|p| p.federation.as_str())
        .filter(|f| !f.is_empty())
        .collect();
    let rated = r.players.iter().filter(|p| p.rating.is_some()).count();
    let titled_count = |t: &str| r.players.iter().filter(|p| p.title == t).count();
    doc.field("Players", &r.players.len().to_string(), 10.0);
    doc.field("Rated players", &rated.to_string(), 10.0);
    doc.field("Federations", &feds.len().to_string(), 10.0);
    doc.field(
        "Titled players",
        &["GM", "IM", "WGM", "WIM", "FM", "WFM"]
            .iter()
            .map(|t| format!("{t} {}", titled_count(t)))
            .collect::<Vec<_>>()
            .join(", "),
        10.0,
    );
    doc.field(
        "Rounds played",
        &format!("{} of {}", r.rounds_read, r.total_rounds),
        10.0,
    );
    doc.gap(6.0);
    doc.paragraph("Title norms achieved", Weight::Bold, 12.0);
    let achieved = r.achieved();
    if achieved.is_empty() {
        doc.paragraph("None.", Weight::Regular, 10.0);
    } else {
        let table = Table::new(
            vec![
                Column::fill("Player"),
                Column::new("FIDE ID", 62.0, Align::Right),
                Column::new("Fed", 34.0, Align::Center),
                Column::new("Norm", 34.0, Align::Center).bold(),
                Column::new("Games", 36.0, Align::Right),
                Column::new("Score", 36.0, Align::Right),
                Column::new("Average", 44.0, Align::Right),
                Column::new("Perf.", 40.0, Align::Right),
            ],
            9.0,
        );
        let rows: Vec<Vec<String>> = achieved
            .iter()
            .map(|(p, n)| {
                vec![
                    titled(&p.title, &p.name),
                    p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                    p.federation.clone(),
                    n.title.code().into(),
                    n.games.to_string(),
                    points_text(n.score),
                    n.average.map(|a| a.to_string()).unwrap_or_default(),
                    n.performance.map(|a| a.to_string()).unwrap_or_default(),
                ]
            })
            .collect();
        doc.table(&table, &rows);
    }
    doc.gap(6.0);
    doc.paragraph("Participants", Weight::Bold, 12.0);
    let points = pairing::tiebreak::points(&r.model);
    let table = Table::new(
        vec![
            Column::new("No", 24.0, Align::Right),
            Column::fill("Name"),
            Column::new("Title", 34.0, Align::Center),
            Column::new("Fed", 34.0, Align::Center),
            Column::new("FIDE ID", 62.0, Align::Right),
            Column::new("Rating", 42.0, Align::Right),
            Column::new("Points", 40.0, Align::Right),
        ],
        9.0,
    );
    let rows: Vec<Vec<String>> = r
        .players
        .iter()
        .map(|p| {
            vec![
                p.start_no.to_string(),
                p.name.clone(),
                p.title.clone(),
                p.federation.clone(),
                p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                p.rating.map(|x| x.to_string()).unwrap_or_default(),
                points
                    .get(p.start_no as usize - 1)
                    .map(|x| points_text(*x))
                    .unwrap_or_default(),
            ]
        })
        .collect();
    doc.table(&table, &rows);
    signatures(&mut doc, r);
    doc.finish()
}

/// The rating report: every player's B.02 result, game by game.
pub fn render_ratings(r: &NormsReport, tr: Tr) -> Vec<u8> {
    let what = tr.t("pdf_rating_report");
    let mut doc = Doc::new(what, &event_line(r), what, tr);
    let edition = crate::domain::norms::edition_year(r.edition);
    doc.paragraph(
        &format!("{what} (FIDE B.02, {edition})"),
        Weight::Bold,
        14.0,
    );
    for c in &r.ratings {
        let Some(p) = r.player(c.id) else {
            continue;
        };
        doc.gap(4.0);
        let mut head = format!("{}. {}", p.start_no, titled(&p.title, &p.name));
        if let Some(rating) = c.rating {
            head.push_str(&format!(" · {rating}"));
        }
        if let Some(k) = c.k {
            head.push_str(&format!(" · K {k}"));
        }
        if let (Some(ch), Some(new)) = (c.change, c.new_rating) {
            head.push_str(&format!(" · {ch:+} → {new}"));
        }
        doc.paragraph(&head, Weight::Bold, 10.0);
        if let Some(rating) = c.initial.as_ref().and_then(|i| i.rating) {
            let complete = c.initial.as_ref().is_some_and(|i| i.complete);
            let mut text = format!("{} {rating}", tr.t("norms_first_rating"));
            if !complete {
                text.push_str(&format!(" ({})", tr.t("norms_first_incomplete")));
            }
            doc.paragraph(&text, Weight::Regular, 9.0);
        }
        if c.games.is_empty() {
            continue;
        }
        let table = Table::new(
            vec![
                Column::new(tr.t("pdf_rd"), 26.0, Align::Right),
                Column::fill(tr.t("pdf_opponent")),
                Column::new(tr.t("pdf_rtg"), 40.0, Align::Right),
                Column::new(tr.t("pdf_difference"), 44.0, Align::Right),
                Column::new(tr.t("pdf_expected"), 44.0, Align::Right),
                Column::new(tr.t("pdf_result"), 44.0, Align::Center),
                Column::new("K", 26.0, Align::Right),
                Column::new("±", 52.0, Align::Right).bold(),
            ],
            9.0,
        );
        let rows: Vec<Vec<String>> = c
            .games
            .iter()
            .map(|g| {
                vec![
                    g.round.to_string(),
                    r.player(g.opponent)
                        .map(|o| titled(&o.title, &o.name))
                        .unwrap_or_default(),
                    g.opponent_rating.to_string(),
                    format!("{}{}", g.difference, if g.capped { "*" } else { "" }),
                    format!("{:.2}", g.expected as f64 / 100.0),
                    points_text(g.score),
                    g.k.to_string(),
                    format!("{:+.2}", g.change_hundredths as f64 / 100.0),
                ]
            })
            .collect();
        doc.table(&table, &rows);
    }
    doc.finish()
}
