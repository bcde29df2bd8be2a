//! How long the standings PDF of a 1,000-player tournament takes to render
//! (layout, font subsetting, compression): `cargo bench -p app --bench pdf_standings`.
//! The target is under one second.

use app::domain::standings::{StandingView, StandingsView};
use app::domain::tournaments::{Regulations, TournamentView};
use std::time::{Duration, Instant};

const NAMES: &[&str] = &[
    "Łukasz Żółć",
    "Jiří Čermák",
    "Zdeněk Šťastný",
    "Bożena Łęcka",
    "Ondřej Říha",
    "Małgorzata Ćwik",
];

fn standings(n: u32) -> (TournamentView, StandingsView) {
    let t = TournamentView {
        id: app::domain::ids::TournamentId(1),
        status: app::domain::kinds::TournamentStatus::Finished,
        version: 1,
        regulations: Regulations {
            name: "Otwarte Mistrzostwa Europy Środkowej".into(),
            place: "Český Krumlov".into(),
            ..Default::default()
        },
        time_control_category: app::domain::kinds::TimeCategory::Standard,
        rounds_paired: 11,
        players: n,
    };
    let tiebreaks: Vec<String> = ["BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let rows = (1..=n)
        .map(|i| StandingView {
            rank: i,
            player_id: app::domain::ids::PlayerId(i as i32),
            start_no: (i * 7919) % n + 1,
            name: format!("{} {i}", NAMES[i as usize % NAMES.len()]),
            title: if i % 17 == 0 {
                "FM".into()
            } else {
                String::new()
            },
            federation: if i % 2 == 0 {
                "POL".into()
            } else {
                "CZE".into()
            },
            rating: Some(2700 - i),
            points: 11.0 - i as f64 / 100.0,
            points_text: format!("{}½", 10 - i / 100),
            values: vec![
                Some(70.5),
                Some(75.0),
                Some(52.25),
                None,
                Some(8.0),
                Some(5.0),
            ],
            rating_change: Some(12 - (i as i32 % 25)),
            performance: Some(2800 - i as i32),
        })
        .collect();
    (
        t,
        StandingsView {
            after_round: app::domain::ids::RoundNo(11),
            provisional: false,
            tiebreaks,
            rows,
        },
    )
}

fn main() {
    let (t, s) = standings(1000);
    // Warm-up: the fonts are parsed once per process.
    let bytes = app::pdf::standings::render(
        &t,
        &s,
        app::i18n::Tr {
            lang: app::i18n::Lang::En,
        },
    );
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(app::pdf::standings::render(
                &t,
                &s,
                app::i18n::Tr {
                    lang: app::i18n::Lang::En,
                },
            ));
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "standings PDF, 1000 players, 6 tie-breaks: median {:.1} ms (min {:.1} ms, max {:.1} ms) over {} runs; {} bytes",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times.len(),
        bytes.len()
    );
    assert!(
        median < Duration::from_secs(1),
        "the standings PDF of 1000 players must render in under one second"
    );
}
