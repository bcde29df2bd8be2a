//! Generated team Swiss events (`pairing::team::generator`): the team
//! checker re-pairs every round identically from the exported TRF, and the
//! TRF re-imports to the same tournament, standings, ranks and tie-break
//! values. The default run checks 500 events (seeds 1–500, a few seconds in
//! a debug build); a larger run of 5000:
//! `cargo test -p pairing --release --test team_generated -- --ignored --nocapture`.

use pairing::model::Color;
use pairing::team::check::{check_standings, check_tournament, recorded_pairing, state_before};
use pairing::team::generator::{generate, Config};
use pairing::team::swiss::{states, Preference};
use pairing::team::tiebreak::{team_standings, TeamTieBreak};
use pairing::team::trf::{parse, recorded_standings, write, TeamTrfError};
use pairing::team::{BoardColours, PrimaryScore, TeamSettings, TeamTournament};

/// What a run of generated events covered.
#[derive(Default, Debug)]
struct Seen {
    events: usize,
    rounds: usize,
    byes: usize,
    half_byes: usize,
    board_forfeits: usize,
    match_forfeits: usize,
    withdrawn: usize,
    boards: [usize; 7],
    /// Consecutive played matches of a team (board-1 colours), those with
    /// the same colour twice, and runs of three equal colours.
    colour_pairs: usize,
    colour_repeats: usize,
    colour_triples: usize,
    /// Preferences not granted (each time the opponent wanted the same).
    preferences_not_granted: usize,
}

fn check_events(count: u64) -> Seen {
    let mut seen = Seen::default();
    for seed in 1..=count {
        let config = Config::from_seed(seed);
        let g = generate(&config, seed);
        let t = &g.tournament;
        assert_eq!(t.tie_breaks, config.tie_breaks, "seed {seed}");
        let back = parse(&g.trf).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            &back, t,
            "seed {seed}: the TRF does not read back\n{}",
            g.trf
        );
        assert_eq!(write(&back), g.trf, "seed {seed}");
        // The same standings, ranks and tie-break values.
        assert_eq!(
            team_standings(&back, &back.tie_breaks),
            team_standings(t, &config.tie_breaks),
            "seed {seed}"
        );
        // The standings the `310` records state are ours.
        assert_eq!(
            check_standings(&back, &recorded_standings(&g.trf)),
            Some(vec![]),
            "seed {seed}"
        );
        // Every round re-paired from the file alone is the recorded one.
        for c in check_tournament(&back) {
            assert!(
                c.identical(),
                "seed {seed}, round {}: recorded {:?}, engine {:?}",
                c.round,
                c.recorded,
                c.engine
            );
        }
        colour_figures(&back, &mut seen, seed);
        seen.events += 1;
        seen.rounds += t.rounds.len();
        seen.boards[t.settings.boards as usize] += 1;
        seen.withdrawn += t.teams.iter().filter(|x| x.withdrawn).count();
        for r in &t.rounds {
            seen.byes += usize::from(r.bye.is_some());
            seen.half_byes += r.half_byes.len();
            for m in &r.matches {
                if !m.played() {
                    seen.match_forfeits += 1;
                } else {
                    seen.board_forfeits += m
                        .boards
                        .iter()
                        .filter(|b| b.home.is_none() || b.away.is_none())
                        .count();
                }
            }
        }
    }
    seen
}

/// Board-1 colour figures, and C.04.6 art. 4.3.2–4.3.3 on every match: a
/// team that did not get the colour it wanted was paired with a team that
/// wanted the same colour.
fn colour_figures(t: &TeamTournament, seen: &mut Seen, seed: u64) {
    for round in 1..=t.rounds.len() {
        let before = state_before(t, round);
        let (states, _) = states(&before, round as u32);
        let wanted = |id: u32| match states.iter().find(|s| s.id == id).map(|s| s.preference) {
            Some(Preference::Wants { colour, .. }) => Some(colour),
            _ => None,
        };
        for (white, black) in recorded_pairing(t, round).matches {
            for (team, got, other) in [(white, Color::White, black), (black, Color::Black, white)] {
                if wanted(team).is_some_and(|c| c != got) {
                    seen.preferences_not_granted += 1;
                    assert_eq!(
                        wanted(other),
                        wanted(team),
                        "seed {seed}, round {round}: team {team} did not get its colour"
                    );
                }
            }
        }
    }
    let mut all = t.clone();
    for team in &mut all.teams {
        team.withdrawn = false;
    }
    let (s, _) = states(&all, t.rounds.len() as u32 + 1);
    for st in &s {
        let h: Vec<Color> = st.colours.iter().flatten().copied().collect();
        seen.colour_pairs += h.len().saturating_sub(1);
        seen.colour_repeats += h.windows(2).filter(|w| w[0] == w[1]).count();
        seen.colour_triples += h
            .windows(3)
            .filter(|w| w[0] == w[1] && w[1] == w[2])
            .count();
    }
}

#[test]
fn generated_events_recheck_and_round_trip() {
    let seen = check_events(500);
    println!("{seen:?}");
    assert_eq!(seen.events, 500);
    // The sample covers what it claims to.
    assert!(seen.byes > 0 && seen.half_byes > 0 && seen.withdrawn > 0);
    assert!(seen.board_forfeits > 0 && seen.match_forfeits > 0);
    assert!((4..=6).all(|b| seen.boards[b] > 0), "{:?}", seen.boards);
}

#[test]
#[ignore = "5000 events: run with --release -- --ignored"]
fn five_thousand_generated_events() {
    let seen = check_events(5000);
    println!("{seen:?}");
    assert_eq!(seen.events, 5000);
}

#[test]
fn the_checker_finds_a_changed_round() {
    let g = generate(&Config::from_seed(7), 7);
    let mut t = g.tournament.clone();
    assert!(t.rounds.len() >= 3);
    // Round 3, first match: the other team gets White on board 1.
    let m = &mut t.rounds[2].matches[0];
    std::mem::swap(&mut m.home, &mut m.away);
    for b in &mut m.boards {
        std::mem::swap(&mut b.home, &mut b.away);
        if let Some(r) = &mut b.result {
            std::mem::swap(&mut r.home, &mut r.away);
        }
    }
    let back = parse(&write(&t)).unwrap();
    let checks = check_tournament(&back);
    assert!(checks[..2].iter().all(|c| c.identical()));
    assert!(!checks[2].identical());
    let (theirs, ours) = checks[2].differences();
    assert_eq!(theirs.len(), 1);
    assert_eq!(ours, vec![(theirs[0].1, theirs[0].0)]);
    // Two teams of round 4 exchanged: a different pairing.
    let mut t = g.tournament.clone();
    let r = &mut t.rounds[3];
    let (a, b) = (r.matches[0].away, r.matches[1].away);
    r.matches[0].away = b;
    r.matches[1].away = a;
    let checks = check_tournament(&t);
    assert!(!checks[3].identical());
}

/// The event of the issue: tie-breaks `GP, EMGSB, BH:MP`, 3/1/0 match
/// points, a bye worth a won match with 3 game points, 6 boards.
fn regulated_event() -> TeamTournament {
    let config = Config {
        teams: 9,
        rounds: 5,
        boards: 6,
        match_points: (3, 1, 0),
        bye_match_points: Some(3),
        bye_game_points: Some(6),
        tie_breaks: ["GP", "EMGSB", "BH:MP"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect(),
        board_forfeit_rate: 10,
        ..Config::default()
    };
    generate(&config, 11).tournament
}

#[test]
fn the_regulations_travel_in_trf_2026_records() {
    let t = regulated_event();
    let text = write(&t);
    let line = |tag: &str| {
        text.lines()
            .find(|l| l.starts_with(tag))
            .unwrap_or_else(|| panic!("no {tag} record\n{text}"))
    };
    assert_eq!(line("352"), "352 WBWBWB");
    assert_eq!(line("362"), "362 TW  3.0   TD  1.0   TL  0.0");
    let byes: Vec<String> = t
        .rounds
        .iter()
        .map(|r| format!("{:03}", r.bye.unwrap()))
        .collect();
    assert_eq!(line("320"), format!("320  3.0  3.0 {}", byes.join(" ")));
    assert_eq!(line("202"), "202 GP,EMGSB,BH:MP");
    assert_eq!(line("212"), "212 MP,GP,EMGSB,BH:MP");
    // Without our `XTS` line the TRF-2026 records alone give the same
    // regulations (the colour preference type has no TRF-2026 record: its
    // default, A, is the event's) and so the same standings.
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("XTS"))
        .map(|l| format!("{l}\n"))
        .collect();
    let back = parse(&plain).unwrap();
    assert_eq!(back.settings, t.settings);
    assert_eq!(back.tie_breaks, t.tie_breaks);
    assert_eq!(
        team_standings(&back, &back.tie_breaks),
        team_standings(&t, &t.tie_breaks)
    );
}

#[test]
fn files_without_the_records_keep_the_defaults() {
    let t = regulated_event();
    let text = write(&t);
    let without = |tags: &[&str]| -> String {
        text.lines()
            .filter(|l| !tags.iter().any(|tag| l.starts_with(tag)))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    // Our older files: `XTS`, the bye as a `300` record with opponent
    // `0000`, no TRF-2026 regulation records: all but the tie-breaks, which
    // were not written.
    let mut old = without(&["352", "362", "320", "202", "212", "310"]);
    for (r, round) in t.rounds.iter().enumerate() {
        if let Some(b) = round.bye {
            old.push_str(&format!("300 {:>3} {b:>4} 0000\n", r + 1));
        }
    }
    let back = parse(&old).unwrap();
    assert_eq!(back.settings, t.settings);
    assert!(back.tie_breaks.is_empty());
    assert!(back.rounds == t.rounds, "the rounds differ");
    // A bye given twice must agree.
    let twice = format!("{text}300   1    2 0000\n");
    assert!(t.rounds[0].bye != Some(2));
    assert!(parse(&twice).is_err());
    // Neither: today's defaults (4 boards would cut the 6-board line-ups,
    // so the board count is kept by a `352` record only).
    let back = parse(&without(&["XTS", "362", "320", "202", "212"])).unwrap();
    let mut defaults = TeamSettings::new(6);
    defaults.bye_game_points = 4;
    assert_eq!(
        (
            back.settings.match_win,
            back.settings.match_draw,
            back.settings.bye_match_points
        ),
        (
            defaults.match_win,
            defaults.match_draw,
            defaults.bye_match_points
        )
    );
    assert_eq!(back.settings.boards, 6);
    assert!(back.tie_breaks.is_empty());
    // `212` alone: the primary score, then the tie-breaks.
    let only_212 = without(&["XTS", "202"]).replace("212 MP,", "212 GP,");
    let back = parse(&only_212).unwrap();
    assert_eq!(back.settings.primary, PrimaryScore::GamePoints);
    assert_eq!(back.tie_breaks, t.tie_breaks);
    // `212` with `PTS` first, as for individuals.
    let back = parse(&without(&["202"]).replace("212 MP,", "212 PTS,")).unwrap();
    assert_eq!(back.tie_breaks, t.tie_breaks);
}

#[test]
fn the_new_records_are_read_tolerantly_and_checked() {
    let t = regulated_event();
    let text = write(&t);
    let replace = |tag: &str, by: &str| -> String {
        text.lines()
            .map(|l| {
                if l.starts_with(tag) {
                    by.to_string()
                } else {
                    l.to_string()
                }
            })
            .map(|l| format!("{l}\n"))
            .collect()
    };
    // Glued codes and spacing of other programs.
    let back = parse(&replace("362", "362 TW3.0 TD 1.0 TL0")).unwrap();
    assert_eq!(back.settings.match_win, 3);
    let back = parse(&replace("352", "352 wwwwww")).unwrap();
    assert_eq!(back.settings.colours, BoardColours::WhiteOnAll);
    let back = parse(&replace("202", "202 gp, emgsb; bh:mp")).unwrap();
    assert_eq!(back.tie_breaks, t.tie_breaks);
    // Errors name the line and column.
    let line_of = |tag: &str| text.lines().position(|l| l.starts_with(tag)).unwrap() + 1;
    for (tag, bad, column) in [
        ("362", "362 TW 1.5", 8),
        ("362", "362 TX 1.0", 5),
        ("352", "352 BWBWBW", 5),
        ("202", "202 GP,XYZ", 8),
        ("320", "320 3.0", 5),
        ("320", "320  3.0  3.0 099", 15),
    ] {
        match parse(&replace(tag, bad)) {
            Err(TeamTrfError::Record {
                line, column: c, ..
            }) => {
                assert_eq!((line, c), (line_of(tag), column), "{bad}")
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn tie_breaks_serialise_as_their_codes() {
    let t = regulated_event();
    let json = serde_json::to_string(&t).unwrap();
    assert!(json.contains(r#""tie_breaks":["GP","EMGSB","BH:MP"]"#));
    let back: TeamTournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    assert!(serde_json::from_str::<TeamTieBreak>(r#""NOPE""#).is_err());
}

#[test]
fn command_line_checks_and_generates() {
    let dir = std::env::temp_dir().join(format!("team-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("event.trf");
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_pairing"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "--team".as_ref(),
        "-g".as_ref(),
        "-o".as_ref(),
        file.as_os_str(),
        "-s".as_ref(),
        "9".as_ref(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text, generate(&Config::from_seed(9), 9).trf);
    let out = run(&["--team".as_ref(), file.as_os_str(), "-c".as_ref()]);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{report}");
    assert!(report.contains("rounds agree with C.04.6"), "{report}");
    assert!(report.contains("standings: agree with"), "{report}");
    // A recorded rank changed: the standings differ, exit code 1.
    let t9 = parse(&text).unwrap();
    let top = pairing::team::tiebreak::team_standings(&t9, &t9.tie_breaks)[0].clone();
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("310 {:>3}", top.team)))
        .unwrap();
    let wrong = format!("{}{:>3}{}", &line[..68], top.rank + 1, &line[71..]);
    std::fs::write(&file, text.replace(line, &wrong)).unwrap();
    let out = run(&["--team".as_ref(), file.as_os_str(), "-c".as_ref()]);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("standings: differ"), "{report}");
    assert!(
        report.contains(&format!("team {}: rank", top.team)),
        "{report}"
    );
    // A settings file.
    let cfg = dir.join("event.cfg");
    std::fs::write(
        &cfg,
        "TeamsNumber = 7\nRoundsNumber = 4\nBoardsNumber = 5\nTieBreaks = GP,EMGSB\n",
    )
    .unwrap();
    let out = run(&[
        "--team".as_ref(),
        "-g".as_ref(),
        cfg.as_os_str(),
        "-o".as_ref(),
        file.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let t = parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        (t.teams.len(), t.settings.boards, t.rounds.len()),
        (7, 5, 4)
    );
    // A changed round: exit code 1 and the round named.
    let mut changed = t.clone();
    let m = &mut changed.rounds[1].matches[0];
    std::mem::swap(&mut m.home, &mut m.away);
    for b in &mut m.boards {
        std::mem::swap(&mut b.home, &mut b.away);
        if let Some(r) = &mut b.result {
            std::mem::swap(&mut r.home, &mut r.away);
        }
    }
    std::fs::write(&file, write(&changed)).unwrap();
    let out = run(&["--team".as_ref(), file.as_os_str(), "-c".as_ref()]);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("round 2: differs"), "{report}");
    assert!(report.contains("the first is round 2"), "{report}");
    // Bad arguments.
    assert_eq!(run(&["--team".as_ref()]).status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_files_never_panic() {
    // Every prefix of a generated file, and the file with each line left
    // out: reading never panics, and what reads is checked and ranked
    // without panicking.
    let config = Config {
        teams: 7,
        rounds: 4,
        board_forfeit_rate: 4,
        match_forfeit_rate: 6,
        half_bye_rate: 8,
        ..Config::default()
    };
    let text = generate(&config, 3).trf;
    for cut in (0..text.len()).filter(|&c| text.is_char_boundary(c)) {
        let _ = parse(&text[..cut]);
    }
    let lines: Vec<&str> = text.lines().collect();
    for skip in 0..lines.len() {
        let damaged: String = lines
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != skip)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        if let Ok(t) = parse(&damaged) {
            let _ = check_tournament(&t);
            let _ = team_standings(&t, &t.tie_breaks);
            let _ = write(&t);
        }
    }
}
