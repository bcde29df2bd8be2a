//! TRF reading: line ends, short lines, record codes, errors with line and
//! column, and no panic on any input.

use pairing::model::{ByeKind, Color, GameResult, RoundEntry};
use pairing::trf::{self, TrfError};

const LINE1: &str = "001    1 m GM Alpha, Ann                        2500 NOR    12345678 1990/01/31  1.5    1     2 w 1  0000 - H";
const LINE2: &str = "001    2 w    Beta, Bea                         2400 SWE                         0.0    2     1 b 0  0000 - Z";

#[test]
fn every_line_end_is_accepted_and_kept() {
    for ending in ["\n", "\r\n", "\r"] {
        let text = format!("012 Ends{ending}XXR 2{ending}{LINE1}{ending}{LINE2}{ending}");
        let t = trf::parse(&text).unwrap();
        assert_eq!(t.players.len(), 2);
        assert_eq!(t.total_rounds, 2);
        assert_eq!(trf::write(&t), text, "{ending:?}");
    }
    // No final line end.
    let text = format!("012 X\n{LINE1}\n{LINE2}");
    assert_eq!(trf::write(&trf::parse(&text).unwrap()), text);
}

#[test]
fn player_columns_are_read() {
    let t = trf::parse(&format!("{LINE1}\n{LINE2}\n")).unwrap();
    let p = &t.players[0];
    assert_eq!(p.name, "Alpha, Ann");
    assert_eq!(p.title.as_deref(), Some("GM"));
    assert_eq!(p.sex, Some('m'));
    assert_eq!(p.rating, Some(2500));
    assert_eq!(p.federation.as_deref(), Some("NOR"));
    assert_eq!(p.fide_id, Some(12_345_678));
    assert_eq!(p.birth_date.as_deref(), Some("1990/01/31"));
    assert_eq!(p.recorded_points, Some(3));
    assert_eq!(p.recorded_rank, Some(1));
    assert_eq!(
        p.rounds,
        vec![
            RoundEntry::Game {
                opponent: 2,
                color: Color::White,
                result: Some(GameResult::Win)
            },
            RoundEntry::Bye(ByeKind::Half)
        ]
    );
    assert_eq!(t.players[1].rounds[1], RoundEntry::Bye(ByeKind::Zero));
}

#[test]
fn short_lines_and_blank_blocks_are_not_paired() {
    let a = "001    1      A                                 2000                             1.0    1            ";
    let b = "001    2      B                                 1900                             0.0    2               2 w 1";
    let text = format!("{a}\n{b}\n001    3      C\n");
    let err = trf::parse(&text).unwrap_err();
    // Player 2 cannot meet himself.
    assert!(
        matches!(err, TrfError::Inconsistent { line: 2, .. }),
        "{err}"
    );
    let b = "001    2      B                                 1900                             1.0    2               3 w 1";
    let c = "001    3      C                                                                  0.0    3               2 b 0";
    let t = trf::parse(&format!("{a}\n{b}\n{c}\n")).unwrap();
    assert!(t.players[0].rounds.is_empty());
    assert_eq!(t.players[1].rounds[0], RoundEntry::NotPaired);
    assert_eq!(t.players[2].rating, None);
}

#[test]
fn header_records_are_read_and_unknown_ones_kept() {
    let text = format!(
        "012 Open\n022 Oslo\n032 NOR\n042 2026/01/01\n052 2026/01/09\n092 Individual: Round-Robin\n\
         102 Chief, A\n112 Deputy, B\n112 Deputy, C\n122 90'+30\"\n142 2\n152 B\n\
         162  W 3.0     D 1.0     L 0.0\n### a comment\nZZZ unknown record\n{LINE1}\n{LINE2}\n\
         XXP 1 2\n260 001 002    1    2\n"
    );
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.name, "Open");
    assert_eq!(t.details.city.as_deref(), Some("Oslo"));
    assert_eq!(t.details.deputy_arbiters, vec!["Deputy, B", "Deputy, C"]);
    assert_eq!(t.details.time_control.as_deref(), Some("90'+30\""));
    assert_eq!(t.total_rounds, 2);
    assert_eq!(t.initial_color, Color::Black);
    assert_eq!(t.points.win, 6);
    assert_eq!(t.points.draw, 2);
    assert_eq!(t.points.pairing_bye, 6);
    assert_eq!(t.forbidden, vec![(1, 2)]);
    // Two players, two rounds: a double round robin.
    assert!(matches!(
        t.kind,
        pairing::TournamentKind::RoundRobin { double: true }
    ));
    assert_eq!(trf::write(&t), text);

    // A changed model is written in the standard layout where it changed.
    let mut changed = t.clone();
    changed.name = "Closed".into();
    changed.total_rounds = 3;
    changed.forbidden.clear();
    let written = trf::write(&changed);
    assert!(written.starts_with("012 Closed\n022 Oslo\n"));
    assert!(written.contains("\n142 3\n"));
    assert!(!written.contains("XXP"));
    assert!(written.contains("ZZZ unknown record"));
    let again = trf::parse(&written).unwrap();
    assert_eq!((again.name.as_str(), again.total_rounds), ("Closed", 3));
    assert!(again.forbidden.is_empty());
}

#[test]
fn errors_say_where_and_what_was_expected() {
    let cases = [
        ("001 abcd", 1, 5),
        ("001    1      A                                 20x0", 1, 49),
        (
            "001    1      A                                 2000                             1.3",
            1,
            81,
        ),
        (
            "001    1      A                                 2000                             1.0    1     2 x 1",
            1,
            97,
        ),
        (
            "001    1      A                                 2000                             1.0    1     2 w ?",
            1,
            99,
        ),
        ("XXC green\n001    1      A", 1, 5),
    ];
    for (text, line, column) in cases {
        match trf::parse(text) {
            Err(TrfError::Unexpected {
                line: l,
                column: c,
                expected,
                ..
            }) => {
                assert_eq!((l, c), (line, column), "{text:?}");
                assert!(!expected.is_empty());
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert_eq!(trf::parse("012 Empty\n"), Err(TrfError::NoPlayers));
    let gap = "001    1      A\n001    3      C\n";
    assert!(matches!(
        trf::parse(gap),
        Err(TrfError::Inconsistent { line: 2, .. })
    ));
}

#[test]
fn no_input_makes_it_panic() {
    // A deterministic sweep over mutations of a valid file and random bytes.
    let base = format!(
        "012 T\nXXR 2\nXXP 1 2\n240 H 002 0001\n{LINE1}\n{LINE2}\n299 W         0.5  001    1\n"
    );
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b" 0123456789-+=wbWBDLHFUZX.,\r\n\x7f";
    for _ in 0..20_000 {
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..(next() % 6 + 1) {
            let at = (next() as usize) % bytes.len();
            match next() % 3 {
                0 => bytes[at] = alphabet[(next() as usize) % alphabet.len()],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[(next() as usize) % alphabet.len()]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(t) = trf::parse(&text) {
            let written = trf::write(&t);
            let again = trf::parse(&written).expect("what was written can be read");
            assert_eq!(trf::write(&again), written, "input {text:?}");
            let model = t.without_layout();
            let fresh = trf::write(&model);
            let back = trf::parse(&fresh)
                .expect("the standard layout can be read")
                .without_layout();
            assert_eq!(back, model, "input {text:?}\nwritten {fresh:?}");
        }
    }
}

#[test]
fn abnormal_points_make_asymmetric_results() {
    // Art. 12.3(b): 2 loses, but 1 cannot mate and gets only ½ for the win.
    let a = "001    1      A                                 2000                             0.5    1     2 w 1";
    let b = "001    2      B                                 1900                             0.0    2     1 b 0";
    let text = format!("{a}\n{b}\n299 W         0.5  001    1\n");
    let t = trf::parse(&text).unwrap();
    assert_eq!(
        t.players[0].rounds[0],
        RoundEntry::Game {
            opponent: 2,
            color: Color::White,
            result: Some(GameResult::Adjusted(1))
        }
    );
    assert_eq!(trf::write(&t), text);
    let points = pairing::tiebreak::points(&t);
    assert_eq!(points, vec![1, 0]);

    // Written from the model alone, the `299` record is produced again.
    let model = t.without_layout();
    let written = trf::write(&model);
    assert!(
        written.contains("\n299 W         0.5  001    1\n"),
        "{written}"
    );
    assert_eq!(trf::parse(&written).unwrap().without_layout(), model);

    // Art. 12.9: both lose.
    let b0 = "001    2      B                                 1900                             0.0    2     1 b 0";
    let a0 = "001    1      A                                 2000                             0.0    1     2 w 0";
    let t = trf::parse(&format!("{a0}\n{b0}\n")).unwrap();
    assert_eq!(pairing::tiebreak::points(&t), vec![0, 0]);
    // A malformed `299` says where.
    let err = trf::parse(&format!("{a}\n{b}\n299 W         x.y  001    1\n")).unwrap_err();
    assert!(
        matches!(
            err,
            TrfError::Unexpected {
                line: 3,
                column: 14,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn records_after_the_players_are_not_written_twice() {
    // Found by fuzzing: a deputy arbiter (`112`) and a second `XXR` after the
    // player records.
    let text = "012 T\n062 9\nXXR 5\n001    1      T\nXXR 3\n112XXC white1\n112 Deputy\n";
    let t = trf::parse(text).unwrap();
    assert_eq!(t.details.deputy_arbiters, vec!["XXC white1", "Deputy"]);
    let written = trf::write(&t);
    let again = trf::parse(&written).unwrap();
    assert_eq!(again.without_layout(), t.without_layout(), "{written}");
    let mut more = t.clone();
    more.details.deputy_arbiters.push("Deputy".into());
    let again = trf::parse(&trf::write(&more)).unwrap();
    assert_eq!(again.details.deputy_arbiters.len(), 3);
}
