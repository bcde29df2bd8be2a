//! TRF for team tournaments: export → import gives the same tournament, and
//! bad team records are reported with their line.

mod team_support;

use pairing::model::Color;
use pairing::team::trf::{parse, write, TeamTrfError};
use pairing::team::{self, ColourPreferenceType, PrimaryScore, TeamSystem};
use team_support::{event, play_round, Rng};

#[test]
fn swiss_event_round_trips() {
    for seed in 0..12u64 {
        let teams = 8 + (seed % 6) as u32;
        let mut t = event(teams, 6, 4, 5, TeamSystem::Swiss);
        t.initial_colour = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        t.settings.colour_preference = ColourPreferenceType::B;
        t.settings.primary = PrimaryScore::GamePoints;
        t.teams[1].captain = None;
        t.teams[2].federation = Some("A|B".into());
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            play_round(&mut t, &mut rng, true);
        }
        // Round 5 paired, line-ups not in yet.
        t.rounds.push(team::pair_next_round(&t).unwrap());
        t.teams[2].federation = Some("A/B".into()); // `|` is written as `/`
        t.teams[3].withdrawn = true;
        let text = write(&t);
        let back = parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(back, t, "seed {seed}\n{text}");
        assert_eq!(write(&back), text);
    }
}

#[test]
fn round_robin_and_scheveningen_round_trip() {
    let mut t = event(5, 4, 4, 5, TeamSystem::RoundRobin { double: false });
    let mut rng = Rng::new(3);
    for _ in 0..5 {
        play_round(&mut t, &mut rng, false);
    }
    assert!(t.rounds.iter().all(|r| r.bye.is_some()));
    assert_eq!(parse(&write(&t)).unwrap(), t);
    let mut s = event(2, 6, 6, 6, TeamSystem::Scheveningen);
    for _ in 0..6 {
        let mut round = team::pair_next_round(&s).unwrap();
        for b in &mut round.matches[0].boards {
            b.result = Some(team::BoardResult::DRAW);
        }
        s.rounds.push(round);
    }
    assert_eq!(parse(&write(&s)).unwrap(), s);
}

#[test]
fn the_written_file_has_the_team_records() {
    let mut t = event(3, 4, 4, 3, TeamSystem::Swiss);
    let mut rng = Rng::new(1);
    play_round(&mut t, &mut rng, false);
    let text = write(&t);
    let team_1 = text.lines().find(|l| l.starts_with("013")).unwrap();
    // Name in columns 5–36, players from column 37.
    assert_eq!(&team_1[4..36].trim_end(), &"Team 1");
    assert_eq!(&team_1[36..], "   1    2    3    4");
    // Three teams: two line-up records (TRF-2026 columns: round 5–7, team
    // 9–11, opponent 13–15, players from 17), the bye in `320`.
    let lineups: Vec<&str> = text.lines().filter(|l| l.starts_with("300")).collect();
    assert_eq!(lineups.len(), 2);
    let m = &t.rounds[0].matches[0];
    assert_eq!(
        &lineups[0][..15],
        format!("300   1 {:>3} {:>3}", m.home, m.away)
    );
    assert_eq!(
        &lineups[0][16..20],
        format!("{:>4}", m.boards[0].home.unwrap())
    );
    assert!(text.lines().any(|l| l == "320  1.0  2.0 003"), "{text}");
    // The TRF-2026 team record: TPN, name, nickname (federation), strength
    // (rating), match points, game points, rank, roster from column 74.
    let t1 = text.lines().find(|l| l.starts_with("310   1")).unwrap();
    assert_eq!(&t1[8..40].trim_end(), &"Team 1");
    assert_eq!(&t1[41..46], "NED  ");
    assert_eq!(&t1[47..53], format!("{:>6}", t.teams[0].rating.unwrap()));
    let score = t.scores()[0];
    assert_eq!(t1[54..60].trim(), format!("{}.0", score.match_points));
    assert_eq!(
        t1[61..67].trim(),
        pairing::trf::format_points(score.game_points)
    );
    assert_eq!(&t1[73..], "   1    2    3    4");
}

#[test]
fn bad_team_records_are_reported_with_their_line() {
    let t = event(2, 2, 2, 1, TeamSystem::Swiss);
    let text = write(&t);
    let lines = text.lines().count();
    let err = parse(&format!("{text}300   1    1    9\n")).unwrap_err();
    assert!(
        matches!(err, TeamTrfError::Record { line, .. } if line == lines + 1),
        "{err}"
    );
    let err = parse(&format!("{text}300   x\n")).unwrap_err();
    assert!(matches!(err, TeamTrfError::Record { .. }), "{err}");
    let team_2 = text.lines().find(|l| l.starts_with("013 Team 2")).unwrap();
    let wrong = format!("{}  77", &team_2[..team_2.len() - 4]);
    let err = parse(&text.replace(team_2, &wrong)).unwrap_err();
    assert!(err.to_string().contains("no player 77"), "{err}");
    let err = parse(&text.replace("primary=MP", "primary=XX")).unwrap_err();
    assert!(
        matches!(err, TeamTrfError::Record { column, .. } if column > 4),
        "{err}"
    );
    // Line-ups that the `001` records contradict.
    let err = parse(&format!(
        "{text}300   1    1    2    1    2\n300   1    2    1    4    3\n"
    ))
    .unwrap_err();
    assert!(err.to_string().contains("do not show that game"), "{err}");
    // No team at all.
    let plain = text
        .lines()
        .filter(|l| !l.starts_with("013") && !l.starts_with("310"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(parse(&plain).unwrap_err(), TeamTrfError::NoTeams);
    // `310` records out of order or with a gap.
    let gap = text
        .lines()
        .filter(|l| !l.starts_with("013") && !l.starts_with("310   1"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(parse(&gap).unwrap_err().to_string().contains("expected 1"));
    // Garbage never panics.
    for cut in 0..text.len() {
        if text.is_char_boundary(cut) {
            let _ = parse(&text[..cut]);
        }
    }
}

#[test]
fn files_with_trf_2026_team_records_only_read_the_same_teams() {
    // Another program's TRF-2026 file: `310` records, no `013`, no `XTM`.
    let mut t = event(5, 5, 4, 3, TeamSystem::Swiss);
    let mut rng = Rng::new(4);
    play_round(&mut t, &mut rng, true);
    play_round(&mut t, &mut rng, true);
    let text: String = write(&t)
        .lines()
        .filter(|l| !l.starts_with("013") && !l.starts_with("XTM"))
        .map(|l| format!("{l}\n"))
        .collect();
    let back = parse(&text).unwrap();
    for (a, b) in back.teams.iter().zip(&t.teams) {
        assert_eq!(
            (a.id, &a.name, a.rating, &a.roster),
            (b.id, &b.name, b.rating, &b.roster)
        );
    }
    assert_eq!(back.rounds, t.rounds);
}

#[test]
fn command_line_pairs_and_ranks() {
    let mut t = event(4, 4, 4, 3, TeamSystem::Swiss);
    let mut rng = Rng::new(5);
    play_round(&mut t, &mut rng, false);
    let path = std::env::temp_dir().join(format!("team-cli-{}.trf", std::process::id()));
    std::fs::write(&path, write(&t)).unwrap();
    let run = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pairing"))
            .arg("team")
            .arg(&path)
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let pairing = run(&[]);
    assert!(pairing.starts_with("Round 2\n"), "{pairing}");
    assert_eq!(pairing.lines().count(), 3, "{pairing}");
    let table = run(&["--standings", "--tiebreaks", "GP,BH:MP"]);
    assert!(table.lines().next().unwrap().contains("BH:MP"), "{table}");
    assert_eq!(table.lines().count(), 5, "{table}");
    let _ = std::fs::remove_file(&path);
}
