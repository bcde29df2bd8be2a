//! Sealed moves at adjourned games (SPEC §7; the guidelines for adjourned
//! games, points 8–10: Appendix A of 2005, the Guidelines of 2009, Guidelines I
//! from 2018). [`judge_sealed_move_under`] cites the articles and points of the
//! edition the game is played under (`crate::laws`); [`judge_sealed_move`]
//! cites the 2009 Laws.
//!
//! The sealed text is read in the tournament's letter set against the
//! adjourned position. A legal move is played and checked for mate (5.1(a)),
//! stalemate (5.2(a)) and dead position (5.2(b)); an ambiguous, illegible or
//! illegal one loses for the sealer (§8) — but a loss needs an opponent who
//! could mate by some series of legal moves (as in 6.9), otherwise it is a draw.
//! When the sealer is more than the lateness limit late (§10) he loses, unless
//! the sealed move mates (he wins), stalemates or leaves a dead position
//! (draw), or the present player's flag had fallen (6.9).
//!
//! ```
//! use rules::sealed::{judge_sealed_move, Attendance, Consequence, SealedVerdict};
//! use rules::san::LetterSet;
//! use rules::Position;
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40").unwrap();
//! let pl = LetterSet::from_code("pl").unwrap();
//! let j = judge_sealed_move(&pos, "Wa8+", pl, Attendance::SealerLate);
//! assert!(matches!(j.verdict, SealedVerdict::Legal { mates: true, .. }));
//! assert_eq!(j.consequence, Consequence::SealerWins);
//! ```

use crate::laws::{adjournment_point, article, Edition, Rule};
use crate::mating::{can_mate, CanMate};
use crate::outcome::{board_ending, BoardEnding};
use crate::san::{read_move, write_san, LetterSet, MoveReading};
use crate::{Color, Move, Position};

/// The verdict on the sealed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealedVerdict {
    /// One legal move fits.
    Legal {
        /// The move.
        mv: Move,
        /// English SAN.
        san: String,
        /// It checkmates (5.1(a)).
        mates: bool,
        /// It stalemates (5.2(a)).
        stalemates: bool,
        /// It leaves a dead position (5.2(b)).
        dead: bool,
    },
    /// Several legal moves fit (English SAN of each).
    Ambiguous(Vec<String>),
    /// Readable, but no legal move fits.
    Illegal,
    /// Cannot be read.
    Illegible,
}

/// Who is present at resumption.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Attendance {
    /// Both present (or within the lateness limit).
    BothPresent,
    /// The sealer is more than the lateness limit late (§10).
    SealerLate,
    /// The replying player is more than the lateness limit late (§10).
    ReplierLate,
    /// The sealer is late, but the present player's flag had already fallen (6.9).
    SealerLateReplierFlagFallen,
}

/// What follows for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Consequence {
    /// Play resumes with the sealed move on the board.
    Continue,
    /// The sealer wins (the sealed move mates).
    SealerWins,
    /// The sealer loses.
    SealerLoses,
    /// The replying player loses.
    ReplierLoses,
    /// The game is drawn.
    Draw,
    /// The rules core could not decide whether the opponent can mate; the arbiter decides.
    ArbiterDecides,
}

/// A sealed move judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedJudgement {
    /// The verdict on the text.
    pub verdict: SealedVerdict,
    /// The consequence for the game.
    pub consequence: Consequence,
    /// Sentences for the arbiter, citing the articles.
    pub notes: Vec<String>,
}

/// Judges a sealed move (see the module docs), citing the 2009 Laws.
pub fn judge_sealed_move(
    pos: &Position,
    text: &str,
    letters: LetterSet,
    attendance: Attendance,
) -> SealedJudgement {
    judge_sealed_move_under(pos, text, letters, attendance, Edition::Laws2009)
}

/// Judges a sealed move (see the module docs); the notes cite the articles
/// and adjournment points of `edition` (`crate::laws::TABLE`,
/// [`adjournment_point`]).
pub fn judge_sealed_move_under(
    pos: &Position,
    text: &str,
    letters: LetterSet,
    attendance: Attendance,
    edition: Edition,
) -> SealedJudgement {
    // Every edition has these rules; the 2009 numbers stand in should one lack them.
    let art = |rule: Rule, or: &'static str| article(edition, rule).unwrap_or(or);
    let (mate, stalemate, dead_position, flag) = (
        art(Rule::Checkmate, "5.1(a)"),
        art(Rule::Stalemate, "5.2(a)"),
        art(Rule::DeadPosition, "5.2(b)"),
        art(Rule::FlagFall, "6.9"),
    );
    let (illegible_point, late_point) = (
        adjournment_point(edition, 8),
        adjournment_point(edition, 10),
    );
    let sealer = pos.turn();
    let mut notes = Vec::new();
    let verdict = match read_move(pos, text, letters) {
        MoveReading::Legal(mv) => {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let ending = board_ending(&next);
            SealedVerdict::Legal {
                mv,
                san: write_san(pos, mv),
                mates: matches!(ending, Some(BoardEnding::Checkmate { .. })),
                stalemates: ending == Some(BoardEnding::Stalemate),
                dead: ending == Some(BoardEnding::DeadPosition),
            }
        }
        MoveReading::Ambiguous(c) => {
            SealedVerdict::Ambiguous(c.iter().map(|m| write_san(pos, *m)).collect())
        }
        MoveReading::Illegal => SealedVerdict::Illegal,
        MoveReading::Illegible => SealedVerdict::Illegible,
    };
    // A loss for `loser` needs an opponent who can still mate in `at`.
    let loss_for = |loser: Color, at: &Position, notes: &mut Vec<String>, why: &str| match can_mate(
        at,
        loser.other(),
    ) {
        CanMate::No => {
            notes.push(format!(
                    "{why}; but the opponent cannot mate by any series of legal moves, so the game is drawn"
                ));
            Consequence::Draw
        }
        CanMate::Yes(_) => {
            notes.push(why.to_string());
            if loser == sealer {
                Consequence::SealerLoses
            } else {
                Consequence::ReplierLoses
            }
        }
        CanMate::Unknown => {
            notes.push(format!(
                    "{why}; whether the opponent can still mate was not decided within the search budget"
                ));
            Consequence::ArbiterDecides
        }
    };
    let consequence = match &verdict {
        SealedVerdict::Legal {
            mates,
            stalemates,
            dead,
            mv,
            ..
        } => {
            let mut next = pos.clone();
            next.play_unchecked(*mv);
            if *mates {
                notes.push(format!(
                    "the sealed move mates (art. {mate}): the sealer wins"
                ));
                Consequence::SealerWins
            } else if *stalemates {
                notes.push(format!(
                    "the sealed move stalemates (art. {stalemate}): draw"
                ));
                Consequence::Draw
            } else if *dead {
                notes.push(format!(
                    "the sealed move leaves a dead position (art. {dead_position}): draw"
                ));
                Consequence::Draw
            } else {
                match attendance {
                    Attendance::BothPresent => Consequence::Continue,
                    Attendance::SealerLateReplierFlagFallen => {
                        notes.push(format!(
                            "the present player's flag had fallen (art. {flag}): the arbiter applies {flag} first"
                        ));
                        loss_for(
                            sealer.other(),
                            &next,
                            &mut notes,
                            &format!("the replying player's flag fell ({flag})"),
                        )
                    }
                    Attendance::SealerLate => loss_for(
                        sealer,
                        &next,
                        &mut notes,
                        &format!("the sealer is more than the lateness limit late ({late_point})"),
                    ),
                    Attendance::ReplierLate => loss_for(
                        sealer.other(),
                        &next,
                        &mut notes,
                        &format!(
                            "the replying player is more than the lateness limit late ({late_point})"
                        ),
                    ),
                }
            }
        }
        other => {
            let what = match other {
                SealedVerdict::Ambiguous(_) => "ambiguous",
                SealedVerdict::Illegal => "illegal",
                _ => "illegible",
            };
            loss_for(
                sealer,
                pos,
                &mut notes,
                &format!("the sealed move is {what} ({illegible_point})"),
            )
        }
    };
    SealedJudgement {
        verdict,
        consequence,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_consequences() {
        let pos = Position::from_fen("r3k3/8/8/8/8/8/4K3/R6R w - - 0 40").unwrap();
        let en = LetterSet::ENGLISH;
        let j = judge_sealed_move(&pos, "Rd1", en, Attendance::BothPresent);
        assert!(matches!(j.verdict, SealedVerdict::Ambiguous(ref v) if v.len() == 2));
        assert_eq!(j.consequence, Consequence::SealerLoses);
        let j = judge_sealed_move(&pos, "Rad1", en, Attendance::BothPresent);
        assert_eq!(j.consequence, Consequence::Continue);
        let j = judge_sealed_move(&pos, "Rad1", en, Attendance::SealerLate);
        assert_eq!(j.consequence, Consequence::SealerLoses);
        let j = judge_sealed_move(&pos, "Rad1", en, Attendance::ReplierLate);
        assert_eq!(j.consequence, Consequence::ReplierLoses);
        let j = judge_sealed_move(&pos, "Qd1", en, Attendance::BothPresent);
        assert_eq!(j.verdict, SealedVerdict::Illegal);
        let j = judge_sealed_move(&pos, "R?1", en, Attendance::BothPresent);
        assert_eq!(j.verdict, SealedVerdict::Illegible);
        // Black seals an illegible move, White (K+2R) can mate: Black loses. A
        // sealer whose opponent has a bare king: a bad sealed move only draws.
        let bare = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R b - - 0 40").unwrap();
        let j = judge_sealed_move(&bare, "Kd9", en, Attendance::BothPresent);
        assert_eq!(j.consequence, Consequence::SealerLoses);
        let weak = Position::from_fen("4k3/8/8/8/8/8/4K3/7R w - - 0 40").unwrap();
        let j = judge_sealed_move(&weak, "Rh9", en, Attendance::BothPresent);
        assert_eq!(j.consequence, Consequence::Draw);
        // Sealed stalemate when the sealer is late: draw.
        let st = Position::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 60").unwrap();
        let j = judge_sealed_move(&st, "Qf7", en, Attendance::SealerLate);
        assert_eq!(j.consequence, Consequence::Draw);
    }

    /// The notes cite the edition's own numbers: the guidelines' points 8 and
    /// 10 (A.n in 2005, Guidelines n in 2009, I.n from 2018), the articles of
    /// mate, stalemate and flag fall (6.10 in 2005, 6.9 after), as
    /// `crate::laws::TABLE` gives them; the judgement itself does not change.
    #[test]
    fn the_notes_cite_the_edition_the_game_is_played_under() {
        let en = LetterSet::ENGLISH;
        let pos = Position::from_fen("r3k3/8/8/8/8/8/4K3/R6R w - - 0 40").unwrap();
        let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40").unwrap();
        let st = Position::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 60").unwrap();
        let cases: [(Edition, &str, &str, &str, &str); 4] = [
            (Edition::Laws2005, "A.8", "A.10", "5.1(a)", "6.10"),
            (
                Edition::Laws2009,
                "Guidelines 8",
                "Guidelines 10",
                "5.1(a)",
                "6.9",
            ),
            (Edition::Laws2018, "I.8", "I.10", "5.1.1", "6.9"),
            (Edition::Laws2023, "I.8", "I.10", "5.1.1", "6.9"),
        ];
        for (edition, p8, p10, mates, flag) in cases {
            let judge = |pos: &Position, text: &str, who: Attendance| {
                judge_sealed_move_under(pos, text, en, who, edition)
            };
            let j = judge(&pos, "Rd1", Attendance::BothPresent);
            assert_eq!(j.consequence, Consequence::SealerLoses);
            assert_eq!(j.notes, [format!("the sealed move is ambiguous ({p8})")]);
            let j = judge(&pos, "Rad1", Attendance::SealerLate);
            assert_eq!(
                j.notes,
                [format!(
                    "the sealer is more than the lateness limit late ({p10})"
                )]
            );
            let j = judge(&mate, "Ra8", Attendance::SealerLate);
            assert_eq!(j.consequence, Consequence::SealerWins);
            assert_eq!(
                j.notes,
                [format!(
                    "the sealed move mates (art. {mates}): the sealer wins"
                )]
            );
            let j = judge(&pos, "Rad1", Attendance::SealerLateReplierFlagFallen);
            assert_eq!(j.consequence, Consequence::ReplierLoses, "{edition:?}");
            assert_eq!(
                j.notes,
                [
                    format!("the present player's flag had fallen (art. {flag}): the arbiter applies {flag} first"),
                    format!("the replying player's flag fell ({flag})"),
                ]
            );
            let j = judge(&st, "Qf7", Attendance::SealerLate);
            assert_eq!(j.consequence, Consequence::Draw);
            assert_eq!(j.notes.len(), 1, "{:?}", j.notes);
            assert!(j.notes[0].starts_with("the sealed move stalemates (art. "));
        }
        // Without an edition the 2009 numbers, as before.
        let j = judge_sealed_move(&pos, "Rd1", en, Attendance::BothPresent);
        assert_eq!(j.notes, ["the sealed move is ambiguous (Guidelines 8)"]);
    }
}
