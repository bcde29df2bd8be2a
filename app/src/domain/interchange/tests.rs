//! Time-control text, TRF and PGN details.

use super::*;

#[test]
fn time_control_round_trips() {
    let tc = TimeControl::default();
    let text = time_control_text(&tc);
    assert_eq!(text, "40/90' + 30' + 30\"");
    assert_eq!(parse_time_control(&text), Some(tc));
    let blitz = TimeControl {
        periods: vec![Period {
            moves: None,
            minutes: 3,
        }],
        increment_seconds: 2,
        delay_seconds: 5,
    };
    assert_eq!(parse_time_control(&time_control_text(&blitz)), Some(blitz));
    assert_eq!(parse_time_control("90 min + 30 sec"), None);
}

#[test]
fn titles_and_dates_in_trf_form() {
    assert_eq!(title_to_trf("WGM").as_deref(), Some("wg"));
    assert_eq!(title_from_trf("wg"), "WGM");
    assert_eq!(title_from_trf("GM"), "GM");
    assert_eq!(title_from_trf("x"), "");
    assert_eq!(trf_date(Some("2026/03/01")).as_deref(), Some("2026-03-01"));
    assert_eq!(birth_date(Some("1990/00/00")), "1990");
    assert_eq!(birth_date(Some("1990/05/17")), "1990-05-17");
}

#[test]
fn pgn_has_the_seven_tags_and_the_result() {
    let g = PgnGame {
        event: "Memoriał \"Rubinsteina\"".into(),
        site: "Polanica-Zdrój".into(),
        date: "2026.03.01".into(),
        round: "3.1".into(),
        white: "Żółć, Łukasz".into(),
        black: "Čermák, Jiří".into(),
        white_elo: Some(2400),
        black_elo: None,
        white_fide_id: None,
        black_fide_id: None,
        result: "1/2-1/2".into(),
        comment: None,
        chess960: false,
        start: rules::Position::startpos(),
        moves: vec![],
    };
    let s = pgn_text(&g);
    assert!(s.starts_with("[Event \"Memoriał \\\"Rubinsteina\\\"\"]\n[Site \"Polanica-Zdrój\"]\n[Date \"2026.03.01\"]\n[Round \"3.1\"]\n"));
    assert!(s.contains("[WhiteElo \"2400\"]\n"));
    assert!(!s.contains("BlackElo"));
    assert!(s.ends_with("\n\n1/2-1/2\n\n"));
    assert!(!s.contains("FEN") && !s.contains("Variant"));
}

#[test]
fn pgn_of_a_chess960_game_reads_back() {
    // BBQRNNKR: with the f-knight out, O-O leaves the king on g1 and takes
    // the rook from h1 to f1 (Guidelines II.3.2).
    let sp = rules::chess960::number_of("BBQRNNKR").unwrap();
    let start = rules::Position::chess960(sp).unwrap();
    let mut pos = start.clone();
    let mut moves = vec![];
    for san in ["Ng3", "Ng6", "O-O", "O-O"] {
        let rules::san::MoveReading::Legal(m) =
            rules::san::read_move(&pos, san, rules::san::LetterSet::ENGLISH)
        else {
            panic!("{san} in {}", pos.to_fen())
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    let g = PgnGame {
        event: "E".into(),
        site: "S".into(),
        date: "2026.11.24".into(),
        round: "1.1".into(),
        white: "A".into(),
        black: "B".into(),
        white_elo: None,
        black_elo: None,
        white_fide_id: Some(1503014),
        black_fide_id: None,
        result: "1-0".into(),
        comment: Some("Forfeit: x}".into()),
        chess960: true,
        start: start.clone(),
        moves: moves.clone(),
    };
    let s = pgn_text(&g);
    assert!(s.contains("[Variant \"Chess960\"]\n"), "{s}");
    assert!(s.contains("[SetUp \"1\"]\n"), "{s}");
    assert!(s.contains("[WhiteFideId \"1503014\"]\n"), "{s}");
    assert!(s.contains("{Forfeit: x)} 1-0"), "{s}");
    let back = rules::pgn::read_games(&s).remove(0).unwrap();
    let r = rules::pgn::replay(&back, rules::san::LetterSet::ENGLISH).unwrap();
    assert!(r.chess960 && r.error.is_none());
    assert_eq!(r.start, start);
    assert_eq!(r.moves, moves);
    assert_eq!(r.final_position(), &pos);
    assert_eq!(back.result().as_deref(), Some("1-0"));
}

#[test]
fn game_scores_agree_or_fail() {
    let p = PointSystem::default();
    use GameResult::*;
    assert_eq!(
        game_scores(Some(Win), Some(Loss), &p),
        Some((GameKind::Played, Some(2), Some(0)))
    );
    assert_eq!(
        game_scores(Some(ForfeitLoss), Some(ForfeitLoss), &p).map(|g| g.0),
        Some(GameKind::DoubleForfeit)
    );
    assert_eq!(game_scores(Some(Win), Some(Win), &p), None);
    assert_eq!(
        game_scores(Some(Adjusted(0)), Some(Adjusted(1)), &p),
        Some((GameKind::Played, Some(0), Some(1)))
    );
    assert_eq!(game_scores(Some(Win), Some(ForfeitLoss), &p), None);
}
