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

#[test]
fn a_typed_deadline_is_local_time_or_rfc3339_or_nothing() {
    use super::typed_deadline;
    assert_eq!(typed_deadline("  ").unwrap().deadline, None);
    assert_eq!(
        typed_deadline("2026-11-28T09:30:00Z")
            .unwrap()
            .deadline
            .as_deref(),
        Some("2026-11-28T09:30:00Z")
    );
    // Another shape of RFC 3339 is taken in the one shape the API reads.
    assert_eq!(
        typed_deadline("2026-11-28 09:30:00z")
            .unwrap()
            .deadline
            .as_deref(),
        Some("2026-11-28T09:30:00+00:00")
    );
    for typed in [
        "2026-11-28T09:30",
        "2026-11-28 09:30",
        "2026-11-28T09:30:00",
    ] {
        let d = typed_deadline(typed).unwrap().deadline.unwrap();
        let t = chrono::DateTime::parse_from_rfc3339(&d).unwrap();
        let local = t.with_timezone(&chrono::Local);
        assert_eq!(
            local.format("%Y-%m-%d %H:%M").to_string(),
            "2026-11-28 09:30",
            "{typed}"
        );
    }
    for bad in ["tomorrow", "2026-13-01T09:00", "09:30"] {
        let e = typed_deadline(bad).unwrap_err();
        assert!(
            e.to_string().contains("is not a date and time"),
            "{bad}: {e}"
        );
    }
}
