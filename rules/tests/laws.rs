//! Validation by edition of the Laws (issue 34): the same game under the 2005
//! and 2009 Laws (fivefold repetition and 75 moves are remarks) and under the
//! 2018 and 2023 Laws (they end the game). Constructed games, generated games,
//! and every game of ../shared/fixtures/pgn plus tests/data/games.pgn.

mod common;

use rules::laws::{article, Edition, Rule};
use rules::outcome::BoardEnding;
use rules::pgn::{decode, read_games};
use rules::san::LetterSet;
use rules::validate::{
    validate_game, validate_game_under, validate_pgn_game, validate_pgn_game_under,
    AutomaticDrawKind, ClaimKind, GameInput, Termination, ValidationReport,
};
use rules::{Color, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
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

const OLD: [Edition; 2] = [Edition::Laws2005, Edition::Laws2009];
const NEW: [Edition; 2] = [Edition::Laws2018, Edition::Laws2023];

#[test]
fn fivefold_repetition_continued() {
    // The start position stands for the fifth time after ply 16; the players go on.
    let moves = format!("{} e4 e5 Nf3", "Nf3 Nf6 Ng1 Ng8 ".repeat(5));
    let g = game(Position::startpos(), &moves, "1-0", Termination::Unknown);
    for ed in OLD {
        let r = validate_game_under(&g, ed);
        assert_eq!(r.plies, 23, "{ed}");
        assert_eq!(r.automatic_draw, None);
        assert_eq!(r.ending, None);
        assert!(r.result_consistent);
        assert!(r
            .notes
            .iter()
            .any(|n| n.contains("fifth time (9.6 in later editions)")));
    }
    for ed in NEW {
        let r = validate_game_under(&g, ed);
        let d = r.automatic_draw.expect("drawn");
        assert_eq!(d.kind, AutomaticDrawKind::FivefoldRepetition);
        assert_eq!(d.ply, 16);
        assert_eq!(Some(d.article), article(ed, Rule::FivefoldRepetition));
        assert_eq!(r.plies, 16);
        assert_eq!(r.moves_after_end, 7);
        assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
        assert!(!r.result_consistent);
        assert_eq!(r.ending_str(), "fivefold");
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("do not count") && n.contains("9.6.1")),
            "{:?}",
            r.notes
        );
        // A draw recorded is consistent.
        let mut drawn = g.clone();
        drawn.result = Some("1/2-1/2".into());
        assert!(validate_game_under(&drawn, ed).result_consistent);
    }
}

#[test]
fn moves_after_the_fivefold_are_not_judged() {
    // An illegal move (…Ke7 is impossible) after the automatic draw: an error
    // under 2009, not counted under 2023.
    let moves = format!("{} Ke2", "Nf3 Nf6 Ng1 Ng8 ".repeat(4));
    let g = game(
        Position::startpos(),
        &moves,
        "1/2-1/2",
        Termination::Unknown,
    );
    // Fifth occurrence after ply 16: Ng8 at ply 16, then Ke2 (illegal: e2 pawn).
    let old = validate_game_under(&g, Edition::Laws2009);
    assert_eq!(old.error.as_ref().map(|e| e.ply), Some(17));
    let new = validate_game_under(&g, Edition::Laws2023);
    assert_eq!(new.error, None);
    assert_eq!(new.moves_after_end, 1);
    assert!(new.result_consistent);
}

/// 150 half-moves without pawn move or capture from a start whose clock is
/// at 140: the 75-move rule applies after 10 plies.
#[test]
fn seventy_five_moves_continued() {
    let start = pos("4k3/8/8/8/8/8/8/R3K3 w - - 140 90");
    let g = game(
        start,
        "Ra2 Kd8 Ra3 Kc8 Ra4 Kb8 Ra5 Kc8 Ra6 Kd8 Ra7 Ke8 Ra8+",
        "1-0",
        Termination::Unknown,
    );
    for ed in OLD {
        let r = validate_game_under(&g, ed);
        // The game goes on; 1-0 (a resignation) is possible under the old Laws.
        assert_eq!(r.plies, 13, "{ed}");
        assert_eq!(r.ending, None);
        assert_eq!(r.automatic_draw, None);
        assert!(r.result_consistent);
        assert!(r.notes.iter().any(|n| n.contains("75 moves")));
    }
    for ed in NEW {
        let r = validate_game_under(&g, ed);
        let d = r.automatic_draw.expect("drawn");
        assert_eq!(d.kind, AutomaticDrawKind::SeventyFiveMoves);
        assert_eq!(d.ply, 10);
        assert_eq!(Some(d.article), article(ed, Rule::SeventyFiveMoves));
        assert_eq!(r.ending, None);
        assert_eq!(r.moves_after_end, 3);
        assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
        assert!(!r.result_consistent);
    }
}

#[test]
fn a_mate_on_the_75th_move_takes_precedence() {
    // 9.6.2: "If the last move resulted in checkmate, that shall take precedence."
    let g = game(
        pos("7k/8/6K1/8/8/8/8/R7 w - - 149 120"),
        "Ra8#",
        "1-0",
        Termination::Unknown,
    );
    for ed in Edition::ALL {
        let r = validate_game_under(&g, ed);
        assert_eq!(
            r.ending,
            Some(BoardEnding::Checkmate {
                winner: Color::White
            }),
            "{ed}"
        );
        assert_eq!(r.automatic_draw, None);
        assert!(r.result_consistent);
    }
    // The same clock with a quiet move: drawn under 2023 at that move.
    let g = game(
        pos("7k/8/6K1/8/8/8/8/R7 w - - 149 120"),
        "Rb1 Kg8",
        "*",
        Termination::Unknown,
    );
    let r = validate_game_under(&g, Edition::Laws2023);
    assert_eq!(r.automatic_draw.map(|d| d.ply), Some(1));
    assert_eq!(r.moves_after_end, 1);
}

#[test]
fn a_start_already_past_75_moves_is_drawn_at_once() {
    let g = game(
        pos("4k3/8/8/8/8/8/8/R3K3 w - - 160 120"),
        "Ra2 Kd8",
        "1-0",
        Termination::Unknown,
    );
    let r = validate_game_under(&g, Edition::Laws2023);
    assert_eq!(r.automatic_draw.map(|d| d.ply), Some(0));
    assert_eq!(r.plies, 0);
    assert_eq!(r.moves_after_end, 2);
    assert_eq!(validate_game_under(&g, Edition::Laws2009).plies, 2);
}

#[test]
fn dead_position_article_by_edition() {
    let g = game(
        pos("7k/8/6K1/8/8/8/1p6/B7 w - - 0 60"),
        "Bxb2 Kg8 Bc3",
        "1-0",
        Termination::Unknown,
    );
    for ed in Edition::ALL {
        let r = validate_game_under(&g, ed);
        assert_eq!(r.ending, Some(BoardEnding::DeadPosition), "{ed}");
        assert_eq!(r.plies, 1);
        assert_eq!(r.moves_after_end, 2);
        let art = article(ed, Rule::DeadPosition).unwrap();
        assert!(
            r.notes.iter().any(|n| n.contains(&format!("(art. {art})"))),
            "{ed}: {:?}",
            r.notes
        );
    }
}

#[test]
fn resignation_against_a_side_that_cannot_mate() {
    // A bare white king against a queen: Black resigns. Before 2023 the win
    // stands; 2023 art. 5.1.2 makes it a draw (White cannot mate).
    let p = pos("4k3/8/8/8/8/3q4/8/4K3 w - - 0 40");
    let g = game(p, "", "1-0", Termination::Resignation);
    for ed in [Edition::Laws2005, Edition::Laws2009, Edition::Laws2018] {
        let r = validate_game_under(&g, ed);
        assert_eq!(r.expected_result, None, "{ed}");
        assert!(r.result_consistent, "{ed}");
    }
    let r = validate_game_under(&g, Edition::Laws2023);
    assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
    assert!(!r.result_consistent);
    assert!(r.notes.iter().any(|n| n.contains("5.1.2")), "{:?}", r.notes);
}

#[test]
fn claims_and_flag_cite_the_editions_articles() {
    let incorrect = game(
        Position::startpos(),
        "Nf3 Nf6",
        "1/2-1/2",
        Termination::Claim(ClaimKind::Threefold),
    );
    for ed in Edition::ALL {
        let r = validate_game_under(&incorrect, ed);
        assert!(!r.result_consistent);
        let art = article(ed, Rule::IncorrectDrawClaim).unwrap();
        assert!(
            r.notes.iter().any(|n| n.contains(&format!("({art})"))),
            "{ed}: {:?}",
            r.notes
        );
    }
    // Flag fall against a bare king: 6.10 in 2005, 6.9 since 2009.
    let flag = game(
        pos("8/8/8/4R2P/8/5k2/7K/7r w - - 9 48"),
        "",
        "0-1",
        Termination::Time {
            flagged: Color::White,
        },
    );
    for ed in Edition::ALL {
        let r = validate_game_under(&flag, ed);
        assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"), "{ed}");
        let art = article(ed, Rule::FlagFall).unwrap();
        assert!(r
            .notes
            .iter()
            .any(|n| n.starts_with(&format!("art. {art}:"))));
    }
}

/// The verdict fields of a report (everything but the sentences).
fn verdict(r: &ValidationReport) -> String {
    format!(
        "plies {} fen {} ending {:?}@{:?} auto {:?} error {:?} after {} claim {:?} expected {:?} result {:?} consistent {} facts {:?}",
        r.plies,
        r.final_fen,
        r.ending,
        r.ending_ply,
        r.automatic_draw,
        r.error,
        r.moves_after_end,
        r.claim,
        r.expected_result,
        r.result,
        r.result_consistent,
        r.facts
    )
}

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    unchanged: usize,
    fivefold: usize,
    seventyfive: usize,
}

/// The property of issue 34: under 2009 the report is today's; under 2005 the
/// verdicts are today's; under 2018 and 2023 a game that ends before any
/// automatic draw gets today's verdicts, and one that does not is drawn at the
/// first automatic draw with the later recorded moves not counted.
fn check_editions(
    label: &str,
    recorded_moves: usize,
    arbiter_decision: bool,
    by: impl Fn(Option<Edition>) -> ValidationReport,
    tally: &mut Tally,
) {
    let today = by(None);
    tally.games += 1;
    let r2009 = by(Some(Edition::Laws2009));
    assert_eq!(r2009.to_json(0), today.to_json(0), "{label}: 2009");
    assert_eq!(verdict(&r2009), verdict(&today), "{label}: 2009");
    assert_eq!(r2009.notes, today.notes, "{label}: 2009");
    assert_eq!(
        verdict(&by(Some(Edition::Laws2005))),
        verdict(&today),
        "{label}: 2005"
    );
    let first_auto = match (today.facts.fivefold, today.facts.seventyfive) {
        (Some(a), Some(b)) if a <= b => Some((AutomaticDrawKind::FivefoldRepetition, a)),
        (Some(_), Some(b)) => Some((AutomaticDrawKind::SeventyFiveMoves, b)),
        (Some(a), None) => Some((AutomaticDrawKind::FivefoldRepetition, a)),
        (None, Some(b)) => Some((AutomaticDrawKind::SeventyFiveMoves, b)),
        (None, None) => None,
    };
    // A dead position at the same ply ends the game already today.
    let first_auto = first_auto.filter(|&(_, ply)| {
        !(today.ending == Some(BoardEnding::DeadPosition) && today.ending_ply == Some(ply))
    });
    match first_auto {
        None => tally.unchanged += 1,
        Some((AutomaticDrawKind::FivefoldRepetition, _)) => tally.fivefold += 1,
        Some((AutomaticDrawKind::SeventyFiveMoves, _)) => tally.seventyfive += 1,
    }
    for ed in NEW {
        let r = by(Some(ed));
        match first_auto {
            None => {
                assert_eq!(r.automatic_draw, None, "{label}: {ed}");
                if arbiter_decision {
                    // 2018/2023: the arbiter decides the score when the opponent cannot mate.
                    assert_eq!(r.plies, today.plies, "{label}: {ed}");
                    assert_eq!(r.ending, today.ending, "{label}: {ed}");
                    assert_eq!(r.error, today.error, "{label}: {ed}");
                } else {
                    assert_eq!(verdict(&r), verdict(&today), "{label}: {ed}");
                }
            }
            Some((kind, ply)) => {
                let d = r
                    .automatic_draw
                    .unwrap_or_else(|| panic!("{label}: {ed}: no automatic draw"));
                assert_eq!((d.kind, d.ply), (kind, ply), "{label}: {ed}");
                assert_eq!(Some(d.article), article(ed, kind.rule()));
                assert_eq!(r.plies, ply, "{label}: {ed}");
                assert_eq!(r.ending, None, "{label}: {ed}");
                assert_eq!(r.error, None, "{label}: {ed}");
                assert_eq!(r.moves_after_end, recorded_moves - ply, "{label}: {ed}");
                assert_eq!(r.expected_result.as_deref(), Some("1/2-1/2"));
                assert_eq!(
                    r.result_consistent,
                    r.result.as_deref() == Some("1/2-1/2"),
                    "{label}: {ed}"
                );
            }
        }
    }
}

fn check_pgn_text(label: &str, text: &str, tally: &mut Tally) {
    for (i, g) in read_games(text).into_iter().enumerate() {
        let Ok(g) = g else { continue };
        let label = format!("{label}#{i}");
        let arbiter = matches!(
            rules::validate::termination_from_tags(g.tag("Termination"), g.result().as_deref()),
            Termination::ArbiterDecision { .. }
        );
        check_editions(
            &label,
            g.moves.len(),
            arbiter,
            |ed| match ed {
                None => validate_pgn_game(&g, LetterSet::ENGLISH),
                Some(e) => validate_pgn_game_under(&g, LetterSet::ENGLISH, e),
            },
            tally,
        );
    }
}

#[test]
fn in_repo_games_under_every_edition() {
    let mut tally = Tally::default();
    check_pgn_text("games.pgn", &common::data("games.pgn"), &mut tally);
    assert_eq!(tally.games, 3);
    assert_eq!(tally.unchanged, 3);
    // Two constructed games that go on after an automatic draw (and end in mate).
    let text = common::data("automatic-draws.pgn");
    check_pgn_text("automatic-draws.pgn", &text, &mut tally);
    assert_eq!((tally.games, tally.fivefold, tally.seventyfive), (5, 1, 1));
    let games: Vec<_> = read_games(&text).into_iter().map(Result::unwrap).collect();
    for g in &games {
        let old = validate_pgn_game(g, LetterSet::ENGLISH);
        assert_eq!(old.ending_str(), "checkmate");
        assert!(old.result_consistent);
        let new = validate_pgn_game_under(g, LetterSet::ENGLISH, Edition::CURRENT);
        assert!(new.automatic_draw.is_some());
        assert!(!new.result_consistent, "{:?}", new.notes);
    }
    let f = validate_pgn_game_under(&games[0], LetterSet::ENGLISH, Edition::Laws2023);
    assert_eq!(
        (f.ending_str(), f.plies, f.moves_after_end),
        ("fivefold", 16, 7)
    );
    let s = validate_pgn_game_under(&games[1], LetterSet::ENGLISH, Edition::Laws2023);
    assert_eq!(
        (s.ending_str(), s.plies, s.moves_after_end),
        ("seventyfive", 10, 13)
    );
}

#[test]
fn shared_pgn_corpus_under_2009_and_2023() {
    let Some(dir) = common::shared_fixtures("PGN corpus by edition") else {
        return;
    };
    let dir = dir.join("pgn");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .flat_map(|d| std::fs::read_dir(d.path()).unwrap().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut tally = Tally::default();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let label = f.strip_prefix(&dir).unwrap().display().to_string();
        check_pgn_text(&label, &decode(&bytes), &mut tally);
    }
    println!(
        "{} games from {} files: {} with the same verdicts under 2023 as before, \
         {} drawn by fivefold repetition (9.6.1), {} by 75 moves (9.6.2)",
        tally.games,
        files.len(),
        tally.unchanged,
        tally.fivefold,
        tally.seventyfive
    );
    assert!(tally.games > 200, "{tally:?}");
    // The pgn-extract seventy-five test files hold such games (the corpus has
    // no fivefold repetition; the generated games below have many).
    assert!(tally.seventyfive > 0, "{tally:?}");
}

/// A small deterministic generator (no dependencies).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn is_capture(p: &Position, m: rules::Move) -> bool {
    match m.kind() {
        rules::MoveKind::EnPassant => true,
        rules::MoveKind::Castle => false,
        _ => p.piece_at(m.to()).is_some(),
    }
}

/// Random games that often undo the last move (so positions repeat) and
/// rarely move pawns (so the 75-move count runs), from a few starts.
#[test]
fn generated_games_keep_the_property() {
    let starts = [
        Position::startpos().to_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".to_string(),
        "4k3/2n5/8/8/8/8/5N2/4K3 w - - 0 1".to_string(),
        "4k3/8/8/3p4/3P4/8/8/4K2R w K - 80 60".to_string(),
    ];
    let mut rng = Lcg(34);
    let mut tally = Tally::default();
    for round in 0..48 {
        let start = Position::from_fen(&starts[round % starts.len()]).unwrap();
        let mut p = start.clone();
        let mut sans = Vec::new();
        let mut last: Vec<rules::Move> = Vec::new();
        let len = 40 + rng.next(260);
        for _ in 0..len {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let quiet: Vec<rules::Move> = moves
                .iter()
                .copied()
                .filter(|m| p.role_at(m.from()) != Some(rules::Role::Pawn) && !is_capture(&p, *m))
                .collect();
            // Undo the own move of two plies ago when possible.
            let undo = last.len() >= 2 && {
                let m = last[last.len() - 2];
                quiet
                    .iter()
                    .any(|q| q.from() == m.to() && q.to() == m.from())
            };
            let mv = if undo && rng.next(3) > 0 {
                let m = last[last.len() - 2];
                *quiet
                    .iter()
                    .find(|q| q.from() == m.to() && q.to() == m.from())
                    .unwrap()
            } else if !quiet.is_empty() && rng.next(10) > 0 {
                quiet[rng.next(quiet.len())]
            } else {
                moves[rng.next(moves.len())]
            };
            sans.push(rules::san::write_san(&p, mv));
            p.play_unchecked(mv);
            last.push(mv);
        }
        let results = ["1-0", "0-1", "1/2-1/2", "*"];
        let g = GameInput {
            start,
            moves: sans,
            letters: LetterSet::ENGLISH,
            result: Some(results[rng.next(4)].to_string()),
            termination: Termination::Unknown,
            min_moves_before_draw: None,
        };
        check_editions(
            &format!("generated #{round}"),
            g.moves.len(),
            false,
            |ed| match ed {
                None => validate_game(&g),
                Some(e) => validate_game_under(&g, e),
            },
            &mut tally,
        );
    }
    println!("{tally:?}");
    assert!(tally.fivefold > 5, "{tally:?}");
    assert!(tally.unchanged > 0, "{tally:?}");
}

#[test]
fn a_draw_agreed_before_both_have_moved() {
    let g = game(
        Position::startpos(),
        "e4",
        "1/2-1/2",
        Termination::Agreement,
    );
    let says = |ed| {
        validate_game_under(&g, ed)
            .notes
            .iter()
            .any(|n| n.contains("at least one move"))
    };
    assert!(says(Edition::Laws2023));
    assert!(says(Edition::Laws2018));
    assert!(!says(Edition::Laws2009));
    let both = game(
        Position::startpos(),
        "e4 e5",
        "1/2-1/2",
        Termination::Agreement,
    );
    assert!(!validate_game_under(&both, Edition::Laws2023)
        .notes
        .iter()
        .any(|n| n.contains("at least one move")));
}
