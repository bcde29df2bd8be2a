//! Unit tests of the team event's storage and rules.

use super::*;

#[test]
fn board_results_read_and_write_back() {
    for text in [
        "1-0", "½-½", "0-1", "+/-", "-/+", "-/-", "0-½", "½-0", "0-0",
    ] {
        let r = parse_board_result(text).unwrap().unwrap();
        assert_eq!(board_result_text(&r), text);
    }
    assert_eq!(parse_board_result("*").unwrap(), None);
    assert_eq!(
        parse_board_result("0-½").unwrap().unwrap(),
        BoardResult {
            home: GameResult::Adjusted(0),
            away: GameResult::Adjusted(1)
        }
    );
    assert!(parse_board_result("2-0").is_err());
}

#[test]
fn round_robins_count_their_rounds() {
    let mut s = TeamEventSettings {
        system: TeamSystemKind::DoubleRoundRobin,
        ..TeamEventSettings::default()
    };
    assert_eq!(total_rounds(&s, 6), 10);
    assert_eq!(total_rounds(&s, 5), 10);
    s.system = TeamSystemKind::RoundRobin;
    assert_eq!(total_rounds(&s, 5), 5);
    s.system = TeamSystemKind::Scheveningen;
    s.boards = 5;
    assert_eq!(total_rounds(&s, 2), 5);
}
