//! Entry points for the fuzz targets in `app/fuzz`: the readers of the busiest
//! endpoints' JSON bodies and of the staff's form posts, run without a database
//! exactly as the handlers run them before any write. They must return an
//! error for bad input — never panic. Not part of the API.

use crate::domain::adjournments::{Adjourn, OpenEnvelope};
use crate::domain::arrivals::RecordArrivals;
use crate::domain::penalties::RecordPenalty;
use crate::domain::records::SubmitMoves;
use crate::domain::registration::{RegisterPlayer, RequestBye};
use crate::domain::results::{parse_result, SetResult};
use crate::domain::tournaments::Regulations;
use crate::web::pages::{arrivals, desk, staff};

/// JSON bodies of the result, registration, regulations and desk endpoints.
pub fn json_bodies(data: &[u8]) {
    let points = pairing::PointSystem::default();
    if let Ok(cmd) = serde_json::from_slice::<SetResult>(data) {
        let _ = parse_result(&cmd.result, &points);
    }
    if let Ok(mut r) = serde_json::from_slice::<Regulations>(data) {
        if r.validate().is_ok() {
            // What validates must survive the round trip through the database text.
            let text = serde_json::to_string(&r).expect("regulations serialize");
            let again: Regulations = serde_json::from_str(&text).expect("and read back");
            assert_eq!(again, r);
        }
    }
    let _ = serde_json::from_slice::<RegisterPlayer>(data);
    let _ = serde_json::from_slice::<RequestBye>(data);
    let _ = serde_json::from_slice::<RecordArrivals>(data);
    let _ = serde_json::from_slice::<RecordPenalty>(data);
    let _ = serde_json::from_slice::<SubmitMoves>(data);
    let _ = serde_json::from_slice::<Adjourn>(data);
    let _ = serde_json::from_slice::<OpenEnvelope>(data);
}

/// `application/x-www-form-urlencoded` posts of the staff's pages, read and
/// turned into domain commands as the handlers do.
pub fn form_bodies(data: &[u8]) {
    let points = pairing::PointSystem::default();
    if let Ok(pairs) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(data) {
        let base = crate::domain::regulations::Regulations::default();
        let f = staff::TournamentForm::typed(&base, 9, &pairs);
        if let Ok(mut r) = f.regulations() {
            let _ = r.validate();
        }
    }
    if let Ok(f) = serde_urlencoded::from_bytes::<staff::PlayerForm>(data) {
        let _ = f.command();
    }
    if let Ok(fields) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(data) {
        for (_, v) in &fields {
            let _ = parse_result(crate::domain::results::expand_shorthand(v), &points);
            let _ = desk::clock_seconds("t", v);
        }
    }
    if let Ok(f) = serde_urlencoded::from_bytes::<desk::PenaltyForm>(data) {
        let _ = f.command();
    }
    if let Ok(f) = serde_urlencoded::from_bytes::<desk::AdjournForm>(data) {
        let _ = f.command();
    }
    if let Ok(f) = serde_urlencoded::from_bytes::<desk::OpenForm>(data) {
        let _ = f.command();
    }
    if let Ok(f) = serde_urlencoded::from_bytes::<arrivals::ArrivalForm>(data) {
        let _ = f.command();
    }
}

/// A round's PGN import without the database: the file read and each game
/// placed on the boards of a small pairing (names with diacritics, one FIDE id
/// each side of one board), as `pgn_import::import_round` does before storing;
/// and the name matcher on two names taken from the input. No input may panic;
/// a name always fits itself.
pub fn pgn_import(data: &[u8]) {
    use crate::domain::pgn_import::{name_fit, place, plan, Board, Fit, Placement, Seat};
    let text = rules::pgn::decode(data);
    let seat = |name: &str, fide_id: Option<i64>| Seat {
        name: name.into(),
        fide_id,
    };
    let boards = [
        Board {
            game_id: crate::domain::ids::GameId(1),
            board: 1,
            white: seat("Żółć, Łukasz", Some(1_111_111)),
            black: seat("Jiří Čermák", None),
        },
        Board {
            game_id: crate::domain::ids::GameId(2),
            board: 2,
            white: seat("Anna Nowak", None),
            black: seat("A. Kowalska", Some(2_222_222)),
        },
    ];
    if let Ok(games) = plan(&text, &boards) {
        for (g, p) in &games {
            match p {
                Placement::Board(i) => assert!(*i < boards.len()),
                Placement::Ambiguous(is, _) => assert!(is.iter().all(|i| *i < boards.len())),
                Placement::Unmatched(_) => {}
            }
            let _ = place(g, &boards);
        }
    }
    let (a, b) = text.split_once('\n').unwrap_or((&text, ""));
    let _ = name_fit(a, b);
    if !crate::domain::pgn_import::name_words(a).is_empty() {
        assert!(name_fit(a, a) >= Fit::Words, "{a:?} does not fit itself");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_entry_points_take_good_and_bad_input() {
        for input in [
            &b"{\"result\":\"1-0\",\"version\":1}"[..],
            b"{\"rounds\":0}",
            b"{\"rounds\":9,\"default_time_minutes\":30}",
            b"\xff\xfe{",
            b"",
        ] {
            super::json_bodies(input);
        }
        for input in [
            &b"csrf=x&player_id=1&kind=warning&version=3"[..],
            b"white_time_used=1:99:00&black_time_used=&sealed_move=e4",
            b"name=Open&rounds=999&base_minutes=-1",
            b"r12=%FF%FE&why12=",
            // Found by the fuzzer: a tie-break modifier starting with a two-byte character.
            b"name=Open&rounds=9&tiebreaks=BH%2F%C5%811",
            b"%%%&&==",
        ] {
            super::form_bodies(input);
        }
    }
}
