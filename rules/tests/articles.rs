//! One test per article of the Laws the rules core decides, with real positions.

mod common;

use rules::outcome::{board_ending, draw_facts, BoardEnding, Claim, History};
use rules::san::LetterSet;
use rules::validate::{validate_game, ClaimKind, GameInput, Termination};
use rules::{can_mate, CanMate, Color, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn history(start: Position, sans: &str) -> History {
    let mut h = History::new(start);
    for t in sans.split_whitespace() {
        let mv = rules::san::parse_san(h.current(), t).unwrap_or_else(|e| panic!("{t}: {e}"));
        h.push(mv);
    }
    h
}

fn game(start: Position, sans: &str, result: &str, termination: Termination) -> GameInput {
    GameInput {
        start,
        moves: sans.split_whitespace().map(String::from).collect(),
        letters: LetterSet::ENGLISH,
        result: Some(result.to_string()),
        termination,
        min_moves_before_draw: None,
    }
}

#[test]
fn art_5_1_a_checkmate_ends_the_game() {
    let r = validate_game(&game(
        Position::startpos(),
        "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
        "1-0",
        Termination::Unknown,
    ));
    assert_eq!(
        r.ending,
        Some(BoardEnding::Checkmate {
            winner: Color::White
        })
    );
    assert!(r.result_consistent);
    // 1-0 recorded as a draw is inconsistent.
    let r = validate_game(&game(
        Position::startpos(),
        "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
        "1/2-1/2",
        Termination::Agreement,
    ));
    assert!(!r.result_consistent);
}

#[test]
fn art_5_2_a_stalemate_is_a_draw_even_if_recorded_as_a_win() {
    let start = pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 60");
    let r = validate_game(&game(start.clone(), "Qf7", "1-0", Termination::Unknown));
    assert_eq!(r.ending, Some(BoardEnding::Stalemate));
    assert!(!r.result_consistent);
    let r = validate_game(&game(start, "Qf7", "1/2-1/2", Termination::Unknown));
    assert!(r.result_consistent);
}

#[test]
fn art_5_2_b_and_9_6_dead_positions_end_the_game() {
    // Bishop takes the last pawn: K+B v K.
    let r = validate_game(&game(
        pos("7k/8/6K1/8/8/8/1p6/B7 w - - 0 60"),
        "Bxb2 Kg8 Bc3",
        "1-0",
        Termination::Unknown,
    ));
    assert_eq!(r.ending, Some(BoardEnding::DeadPosition));
    assert_eq!(r.plies, 1);
    assert_eq!(r.moves_after_end, 2);
    assert!(!r.result_consistent);
    // Locked pawns, kings that cannot cross: dead though there is material.
    let locked = pos("8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6 w - - 0 1");
    assert_eq!(board_ending(&locked), Some(BoardEnding::DeadPosition));
    // The same pawns with a free pawn: not dead.
    let free = pos("8/8/8/1k6/p1p1p1p1/P1P1P1P1/7P/1K6 w - - 0 1");
    assert_eq!(board_ending(&free), None);
}

#[test]
fn art_6_9_flag_fall_against_a_side_that_cannot_mate_is_a_draw() {
    // White's flag falls; Black has a bare king (after the forced Kxh1).
    let start = pos("8/8/8/4R2P/8/5k2/7K/7r w - - 9 48");
    let r = validate_game(&game(
        start.clone(),
        "",
        "0-1",
        Termination::Time {
            flagged: Color::White,
        },
    ));
    assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
    assert!(!r.result_consistent);
    // Black's flag falls: White can mate, so 1-0 stands.
    let r = validate_game(&game(
        start,
        "",
        "1-0",
        Termination::Time {
            flagged: Color::Black,
        },
    ));
    assert!(r.result_consistent, "{:?}", r.notes);
}

#[test]
fn mate_on_the_last_move_before_the_flag_stands() {
    let r = validate_game(&game(
        Position::startpos(),
        "f3 e5 g4 Qh4#",
        "0-1",
        Termination::Time {
            flagged: Color::Black,
        },
    ));
    assert_eq!(
        r.ending,
        Some(BoardEnding::Checkmate {
            winner: Color::Black
        })
    );
    assert!(r.result_consistent);
}

#[test]
fn art_7_4_b_third_illegal_move_loses_unless_the_opponent_cannot_mate() {
    let bare_black = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 40");
    let r = validate_game(&game(
        bare_black.clone(),
        "",
        "0-1",
        Termination::IllegalMoves {
            offender: Color::White,
        },
    ));
    assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
    let r = validate_game(&game(
        bare_black,
        "",
        "1-0",
        Termination::IllegalMoves {
            offender: Color::Black,
        },
    ));
    assert!(r.result_consistent);
}

#[test]
fn art_12_3_b_and_12_8_game_declared_lost() {
    let p = pos("4k3/8/8/8/8/8/4K3/7N w - - 0 40");
    // Black declared lost, but White has K+N v K: only ½ for White.
    let r = validate_game(&game(
        p,
        "",
        "1-0",
        Termination::ArbiterDecision {
            offender: Color::Black,
        },
    ));
    assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(
        can_mate(&pos("4k3/8/8/8/8/8/4K3/7N w - - 0 40"), Color::White),
        CanMate::No
    );
}

#[test]
fn art_9_1_a_draw_agreed_too_early_is_flagged() {
    let mut g = game(
        Position::startpos(),
        "e4 e5 Nf3 Nc6",
        "1/2-1/2",
        Termination::Agreement,
    );
    g.min_moves_before_draw = Some(30);
    let r = validate_game(&g);
    assert!(
        r.notes.iter().any(|n| n.contains("9.1(a)")),
        "{:?}",
        r.notes
    );
}

#[test]
fn art_9_2_threefold_both_forms() {
    let h = history(Position::startpos(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // 9.2(a): Black announces ...Ng8, which gives the start position a third time.
    assert!(matches!(h.threefold_claim(), Some(Claim::AfterMove(_))));
    let h = history(Position::startpos(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    // 9.2(b): it has arisen.
    assert_eq!(h.threefold_claim(), Some(Claim::HasArisen));
    let r = validate_game(&game(
        Position::startpos(),
        "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
        "1/2-1/2",
        Termination::Claim(ClaimKind::Threefold),
    ));
    assert!(r.result_consistent);
    // An incorrect claim.
    let r = validate_game(&game(
        Position::startpos(),
        "Nf3 Nf6",
        "1/2-1/2",
        Termination::Claim(ClaimKind::Threefold),
    ));
    assert!(!r.result_consistent);
}

#[test]
fn art_9_2_en_passant_counts_only_when_playable() {
    // 1.e4: no black pawn can take en passant, so the position after 1.e4 is the
    // same as after 3.Ng1: threefold after 5.Ng1 (ply 9).
    let h = history(Position::startpos(), "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(draw_facts(h.positions()).threefold_occurred, Some(9));
    // With a black pawn on d4, en passant is playable after 1.e4: that position
    // differs from the one after 3.Ng1, so the first threefold is the position
    // after ...Nf6 (plies 2, 6, 10), not ply 9.
    let start = pos("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let h = history(start, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(draw_facts(h.positions()).threefold_occurred, Some(10));
}

#[test]
fn art_9_2_chess960_castling_rights_count() {
    // Chess960 rights by rook file (Shredder-FEN GB): after Rh1 and back to g1
    // the G right is gone, so the start position never repeats. Ignoring rights
    // would give a threefold at ply 8 (plies 0, 4, 8); the real one is ply 9.
    let start = pos("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1");
    let h = history(start, "Rh1 Kd8 Rg1 Ke8 Rh1 Kd8 Rg1 Ke8 Rh1 Kd8 Rg1 Ke8");
    let facts = draw_facts(h.positions());
    assert_eq!(facts.threefold_occurred, Some(9));
}

#[test]
fn art_9_3_fifty_moves_both_forms() {
    let p = pos("4k3/8/8/8/8/8/4K3/R7 w - - 99 80");
    let h = History::new(p);
    assert!(matches!(h.fifty_claim(), Some(Claim::AfterMove(_))));
    let p = pos("4k3/8/8/8/8/8/4K3/R7 w - - 100 80");
    assert_eq!(History::new(p).fifty_claim(), Some(Claim::HasArisen));
    let p = pos("4k3/8/8/8/8/8/4K3/R7 w - - 98 80");
    assert_eq!(History::new(p).fifty_claim(), None);
}
