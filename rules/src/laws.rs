//! Editions of the FIDE Laws of Chess and what differs between them.
//!
//! Over 700 lines because the one table of what differs (a row per rule, an
//! article and a consequence per edition) must be one list; its tests are in
//! `tests/laws_table.rs` and `tests/laws_texts.rs`; every 2018 and 2023
//! article number that leaves this module is checked against the index of
//! those editions in `tests/data/laws-articles.tsv` by `tests/laws_index.rs`.
//!
//! A tournament plays under one edition: the Laws in force since 1 January
//! 2023 (FIDE Handbook E.01, the default for new tournaments), the text in
//! force from 1 January 2018, the 2009 text (in force from 1 July 2009) or the
//! 2005 text (in force from 1 July 2005). Everything the rules core and the
//! application need to know about the differences is in ONE table,
//! [`TABLE`]: per [`Rule`], the article number in each edition (or none where
//! the edition lacks the rule) and the consequence in a sentence. Article
//! numbers are read only from there ([`article`]); the numeric consequences
//! ([`illegal_move_consequence`], [`incorrect_claim_seconds`],
//! [`default_time_minutes`], …) are functions whose tests check them against
//! the same table.
//!
//! | rule | 2005 | 2009 | 2018 | 2023 |
//! |---|---|---|---|---|
//! | illegal move: the one that loses | 3rd (7.4(b)) | 3rd (7.4(b)) | 2nd (7.5.5) | 2nd (7.5.5) |
//! | clock pressed without a move | — | — | illegal move (7.5.3) | illegal move (7.5.3) |
//! | move made with two hands | 4.1, penalty 13.4 | 4.1, penalty 13.4 | illegal move (7.5.4) | illegal move (7.5.4) |
//! | fivefold repetition | — | — | draw (9.6.1) | draw (9.6.1) |
//! | 75 moves | — | — | draw (9.6.2) | draw (9.6.2) |
//! | dead position | 5.2(b), 9.6 | 5.2(b), 9.6 | 5.2.2 | 5.2.2 |
//! | resignation when the opponent cannot mate | loss | loss | loss | draw (5.1.2) |
//! | incorrect draw claim | +3 min, claimant's time cut (9.5(b)) | +3 min (9.5(b)) | +2 min (9.5.3) | +2 min (9.5.3) |
//! | rapid / blitz time penalties | as standard | as standard | blitz 1 min (B.2) | rapid and blitz 1 min (A.3) |
//! | blitz illegal move | loses on claim (C.3) | loses on claim (B.3(c)) | 7.5.5 at 1 min (B.4) | 7.5.5 at 1 min (B.3) |
//! | quickplay finish | 10.2 | 10.2 | Guidelines III.5 | Guidelines III.5 |
//! | default time if not stated | 60 min (6.7) | 0 (6.6(a)) | 0 (6.7.1) | 0 (6.7.1) |
//! | electronic device | 12.2(b) | 12.3(b) | 11.3.2.2 | 11.3.2.2 |
//! | penalties | 13.4(a)–(g) | 13.4(a)–(g) | 12.9.1–12.9.9 | 12.9.1–12.9.9 |
//! | adjourned games / Chess960 | Appendix A / — | Guidelines / Appendix F | Guidelines I / II | Guidelines I / II |
//!
//! The rapid and blitz rows model the appendices' branch for events where
//! the arbiters do not supervise every game (2023 A.5 / B.3, 2018 A.4 / B.4,
//! 2009 A.4 / B.3, 2005 B / C): a completed illegal move is penalised when
//! the arbiter sees it or the opponent claims it before making his move.
//!
//! ```
//! use rules::laws::{article, illegal_move_consequence, Edition, IllegalMovePenalty, Rule, TimeCategory};
//! let e: Edition = "2023".parse().unwrap();
//! assert_eq!(e, Edition::CURRENT);
//! assert_eq!(article(e, Rule::IllegalMovePenalty), Some("7.5.5"));
//! assert_eq!(article(Edition::Laws2009, Rule::IllegalMovePenalty), Some("7.4(b)"));
//! assert_eq!(
//!     illegal_move_consequence(e, TimeCategory::Standard, 2).penalty,
//!     IllegalMovePenalty::GameLost
//! );
//! assert_eq!(
//!     illegal_move_consequence(Edition::Laws2009, TimeCategory::Standard, 2).penalty,
//!     IllegalMovePenalty::ExtraTime { seconds: 120 }
//! );
//! ```

use std::fmt;
use std::str::FromStr;

/// An edition of the FIDE Laws of Chess.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edition {
    /// Adopted at the 75th FIDE Congress (Calvià, 2004), in force from 1 July 2005.
    Laws2005,
    /// Adopted at the 79th FIDE Congress (Dresden, 2008), in force from 1 July 2009.
    Laws2009,
    /// Adopted at the 88th FIDE Congress (Antalya, 2017), in force from 1 January 2018.
    Laws2018,
    /// FIDE Handbook E.01, in force from 1 January 2023.
    Laws2023,
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 4] = [
        Edition::Laws2005,
        Edition::Laws2009,
        Edition::Laws2018,
        Edition::Laws2023,
    ];

    /// The Laws in force today, the default for a new tournament.
    pub const CURRENT: Edition = Edition::Laws2023;

    /// `2005`, `2009`, `2018` or `2023`.
    pub fn as_str(self) -> &'static str {
        match self {
            Edition::Laws2005 => "2005",
            Edition::Laws2009 => "2009",
            Edition::Laws2018 => "2018",
            Edition::Laws2023 => "2023",
        }
    }

    /// The day the edition came into force, as (year, month, day).
    pub fn effective_from(self) -> (u16, u8, u8) {
        match self {
            Edition::Laws2005 => (2005, 7, 1),
            Edition::Laws2009 => (2009, 7, 1),
            Edition::Laws2018 => (2018, 1, 1),
            Edition::Laws2023 => (2023, 1, 1),
        }
    }

    /// The edition in force on a day (`None` before 1 July 2005).
    pub fn in_force_on(year: u16, month: u8, day: u8) -> Option<Edition> {
        Edition::ALL
            .iter()
            .rev()
            .copied()
            .find(|e| e.effective_from() <= (year, month, day))
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that names no edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown Laws edition {:?}; use one of 2005, 2009, 2018, 2023",
            self.0
        )
    }
}

impl std::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;

    /// `2023`, also `laws2023` / `Laws2023` (any case, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        let t = s.trim().to_ascii_lowercase();
        let t = t.strip_prefix("laws").unwrap_or(&t);
        Edition::ALL
            .iter()
            .copied()
            .find(|e| e.as_str() == t)
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}

/// Standard, rapid or blitz.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeCategory {
    /// Neither rapid nor blitz.
    Standard,
    /// Appendix A (2009, 2018, 2023), Appendix B (2005).
    Rapid,
    /// Appendix B (2009, 2018, 2023), Appendix C (2005).
    Blitz,
}

impl TimeCategory {
    /// The category of a time control by the edition's definitions: the time
    /// for all moves plus 60 times the increment. 2005 and 2009: rapid from
    /// 15 to under 60 minutes, blitz under 15. 2018 and 2023: rapid over 10
    /// and under 60 minutes, blitz 10 minutes or less.
    pub fn of(edition: Edition, minutes: u32, increment_seconds: u32) -> TimeCategory {
        // In seconds: the minutes plus 60 times the increment.
        let total = u64::from(minutes) * 60 + 60 * u64::from(increment_seconds);
        let (blitz_below_or_at, rapid_below) = match edition {
            // Blitz: under 15 minutes, i.e. at most 15 min minus a second.
            Edition::Laws2005 | Edition::Laws2009 => (15 * 60 - 1, 60 * 60),
            Edition::Laws2018 | Edition::Laws2023 => (10 * 60, 60 * 60),
        };
        if total <= blitz_below_or_at {
            TimeCategory::Blitz
        } else if total < rapid_below {
            TimeCategory::Rapid
        } else {
            TimeCategory::Standard
        }
    }
}

/// A rule whose article number or consequence depends on the edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Checkmate wins.
    Checkmate,
    /// Resignation.
    Resignation,
    /// Stalemate draws.
    Stalemate,
    /// A dead position draws at once.
    DeadPosition,
    /// Draw by agreement.
    DrawAgreement,
    /// The regulations may forbid agreed draws before a number of moves.
    DrawAgreementMinimum,
    /// Claim of a threefold repetition.
    ThreefoldClaim,
    /// Claim under the fifty-move rule.
    FiftyMoveClaim,
    /// An incorrect draw claim.
    IncorrectDrawClaim,
    /// Fivefold repetition: drawn without a claim.
    FivefoldRepetition,
    /// 75 moves without pawn move or capture: drawn without a claim.
    SeventyFiveMoves,
    /// Flag fall loses, unless the opponent cannot mate.
    FlagFall,
    /// Arriving after the default time loses.
    DefaultTime,
    /// Both players absent at the start: White's clock runs.
    BothAbsentAtStart,
    /// White's clock is started at the time set for the start.
    ClockStartsAtStart,
    /// An illegal move is taken back and replaced.
    IllegalMove,
    /// The penalty for completed illegal moves.
    IllegalMovePenalty,
    /// A pawn moved to the last rank without being replaced.
    IncompletePromotion,
    /// The clock pressed without a move.
    ClockWithoutMove,
    /// A move made with two hands.
    TwoHandedMove,
    /// Illegal moves in rapid games (not every game supervised).
    RapidIllegalMove,
    /// Illegal moves in blitz games (not every game supervised).
    BlitzIllegalMove,
    /// Time penalties reduced to one minute in rapid or blitz.
    ReducedTimePenalties,
    /// What a rapid game is.
    RapidDefinition,
    /// What a blitz game is.
    BlitzDefinition,
    /// A phone or other electronic device.
    ElectronicDevice,
    /// Persistent refusal to comply with the Laws loses.
    PersistentRefusal,
    /// Both players at fault under persistent refusal: both lose.
    BothAtFault,
    /// The list of penalties.
    Penalties,
    /// Penalty: warning.
    PenaltyWarning,
    /// Penalty: time added to the opponent.
    PenaltyExtraTime,
    /// Penalty: time taken from the offender.
    PenaltyTimeDeduction,
    /// Penalty: game declared lost.
    PenaltyGameLost,
    /// Penalty: the offender's score reduced.
    PenaltyScoreReduced,
    /// Penalty: the opponent's score raised to the maximum.
    PenaltyScoreRaised,
    /// Penalty: a fine announced in advance.
    PenaltyFine,
    /// Penalty: exclusion from one or more rounds.
    PenaltyExclusion,
    /// Penalty: expulsion from the competition.
    PenaltyExpulsion,
    /// Adjourned games.
    Adjournment,
    /// A sealed move that is ambiguous, illegible or illegal loses.
    SealedMoveLoses,
    /// Chess960.
    Chess960,
    /// Draw claim in a quickplay finish (less than two minutes left).
    QuickplayFinish,
    /// Request of a five-second increment in a quickplay finish.
    QuickplayIncrement,
    /// Quickplay finish claim where no arbiter is present.
    QuickplayWithoutArbiter,
}

/// One edition's article and consequence for a rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The article (or appendix / guideline) number; `None` where the edition lacks the rule.
    pub article: Option<&'static str>,
    /// What follows, in a sentence.
    pub consequence: &'static str,
}

/// A row of [`TABLE`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The rule.
    pub rule: Rule,
    /// Per edition, in [`Edition::ALL`] order (2005, 2009, 2018, 2023).
    pub editions: [Entry; 4],
}

const fn e(article: &'static str, consequence: &'static str) -> Entry {
    Entry {
        article: Some(article),
        consequence,
    }
}

const fn none(consequence: &'static str) -> Entry {
    Entry {
        article: None,
        consequence,
    }
}

/// What differs between the editions: the one place article numbers are read from.
pub const TABLE: &[Row] = &[
    Row {
        rule: Rule::Checkmate,
        editions: [
            e("5.1(a)", "checkmate wins and ends the game"),
            e("5.1(a)", "checkmate wins and ends the game"),
            e("5.1.1", "checkmate wins and ends the game"),
            e("5.1.1", "checkmate wins and ends the game"),
        ],
    },
    Row {
        rule: Rule::Resignation,
        editions: [
            e("5.1(b)", "the opponent of the player who resigns wins"),
            e("5.1(b)", "the opponent of the player who resigns wins"),
            e("5.1.2", "the opponent of the player who resigns wins"),
            e(
                "5.1.2",
                "the player who resigns loses, unless the opponent cannot checkmate by any series of legal moves: then the game is drawn",
            ),
        ],
    },
    Row {
        rule: Rule::Stalemate,
        editions: [
            e("5.2(a)", "stalemate draws and ends the game"),
            e("5.2(a)", "stalemate draws and ends the game"),
            e("5.2.1", "stalemate draws and ends the game"),
            e("5.2.1", "stalemate draws and ends the game"),
        ],
    },
    Row {
        rule: Rule::DeadPosition,
        editions: [
            e("5.2(b)", "a dead position draws and ends the game (also 9.6)"),
            e("5.2(b)", "a dead position draws and ends the game (also 9.6)"),
            e("5.2.2", "a dead position draws and ends the game"),
            e("5.2.2", "a dead position draws and ends the game"),
        ],
    },
    Row {
        rule: Rule::DrawAgreement,
        editions: [
            e("5.2(c)", "a draw agreed during the game ends it"),
            e("5.2(c)", "a draw agreed during the game ends it"),
            e("5.2.3", "a draw agreed during the game ends it, provided both players have made at least one move"),
            e("5.2.3", "a draw agreed during the game ends it, provided both players have made at least one move"),
        ],
    },
    Row {
        rule: Rule::DrawAgreementMinimum,
        editions: [
            none("the Laws say nothing of a minimum number of moves (9.1(a) is the draw offer)"),
            e("9.1(a)", "the regulations may forbid agreed draws before a number of moves"),
            e("9.1.1", "the regulations may forbid agreed draws before a number of moves"),
            e("9.1.1", "the regulations may forbid agreed draws before a number of moves"),
        ],
    },
    Row {
        rule: Rule::ThreefoldClaim,
        editions: [
            e("9.2", "drawn on a correct claim (9.2(a) by the move written down, 9.2(b) when it has arisen)"),
            e("9.2", "drawn on a correct claim (9.2(a) by the move written down, 9.2(b) when it has arisen)"),
            e("9.2", "drawn on a correct claim (9.2.1.1 by the move written down, 9.2.1.2 when it has arisen)"),
            e("9.2", "drawn on a correct claim (9.2.1 by the move written down, 9.2.2 when it has arisen)"),
        ],
    },
    Row {
        rule: Rule::FiftyMoveClaim,
        editions: [
            e("9.3", "drawn on a correct claim (9.3(a) by the move written down, 9.3(b) when complete)"),
            e("9.3", "drawn on a correct claim (9.3(a) by the move written down, 9.3(b) when complete)"),
            e("9.3", "drawn on a correct claim (9.3.1 by the move written down, 9.3.2 when complete)"),
            e("9.3", "drawn on a correct claim (9.3.1 by the move written down, 9.3.2 when complete)"),
        ],
    },
    Row {
        rule: Rule::IncorrectDrawClaim,
        editions: [
            e(
                "9.5(b)",
                "3 minutes added to the opponent; the claimant's time is halved (at most 3 minutes taken; 1 minute left if he had 1 to 2)",
            ),
            e("9.5(b)", "3 minutes added to the opponent's time"),
            e("9.5.3", "2 minutes added to the opponent's time (blitz: 1 minute, B.2)"),
            e("9.5.3", "2 minutes added to the opponent's time (rapid and blitz: 1 minute, A.3)"),
        ],
    },
    Row {
        rule: Rule::FivefoldRepetition,
        editions: [
            none("no automatic draw: a repetition is drawn only on a claim (9.2)"),
            none("no automatic draw: a repetition is drawn only on a claim (9.2)"),
            e("9.6.1", "the game is drawn when the same position has appeared at least five times; later moves do not count"),
            e("9.6.1", "the game is drawn when the same position has appeared at least five times; later moves do not count"),
        ],
    },
    Row {
        rule: Rule::SeventyFiveMoves,
        editions: [
            none("no automatic draw: drawn only on a claim under the fifty-move rule (9.3)"),
            none("no automatic draw: drawn only on a claim under the fifty-move rule (9.3)"),
            e("9.6.2", "the game is drawn after 75 moves by each player without pawn move or capture, unless the last move mates; later moves do not count"),
            e("9.6.2", "the game is drawn after 75 moves by each player without pawn move or capture, unless the last move mates; later moves do not count"),
        ],
    },
    Row {
        rule: Rule::FlagFall,
        editions: [
            e("6.10", "flag fall loses, unless the opponent cannot checkmate: then drawn"),
            e("6.9", "flag fall loses, unless the opponent cannot checkmate: then drawn"),
            e("6.9", "flag fall loses, unless the opponent cannot checkmate: then drawn"),
            e("6.9", "flag fall loses, unless the opponent cannot checkmate: then drawn"),
        ],
    },
    Row {
        rule: Rule::DefaultTime,
        editions: [
            e("6.7", "a player who arrives more than one hour after the start loses, unless the regulations or the arbiter decide otherwise"),
            e("6.6(a)", "a player who arrives after the start loses (default time zero), unless the regulations specify otherwise"),
            e("6.7.1", "the regulations specify the default time, zero if not specified; arriving after it loses unless the arbiter decides otherwise"),
            e("6.7.1", "the regulations specify the default time, zero if not specified; arriving after it loses unless the arbiter decides otherwise"),
        ],
    },
    Row {
        rule: Rule::BothAbsentAtStart,
        editions: [
            e("6.6", "if both players are absent at the start, White loses the time until he arrives"),
            e("6.6(b)", "with a default time other than zero, if both are absent at the start White loses the time until he arrives"),
            e("6.7.2", "with a default time other than zero, if both are absent at the start White loses the time until he arrives"),
            e("6.7.2", "with a default time other than zero, if both are absent at the start White loses the time until he arrives"),
        ],
    },
    Row {
        rule: Rule::ClockStartsAtStart,
        editions: [
            e("6.5", "White's clock is started at the time set for the start: a late player's time runs"),
            e("6.5", "White's clock is started at the time set for the start: a late player's time runs"),
            e("6.6", "White's clock is started at the time set for the start: a late player's time runs"),
            e("6.6", "White's clock is started at the time set for the start: a late player's time runs"),
        ],
    },
    Row {
        rule: Rule::IllegalMove,
        editions: [
            e("7.4(a)", "the position before the illegal move is reinstated and the move replaced (touch move applies)"),
            e("7.4(a)", "the position before the illegal move is reinstated and the move replaced (touch move applies)"),
            e("7.5.1", "the illegal move is completed when the clock is pressed; the position before it is reinstated"),
            e("7.5.1", "the illegal move is completed when the clock is pressed; the position before it is reinstated"),
        ],
    },
    Row {
        rule: Rule::IllegalMovePenalty,
        editions: [
            e("7.4(b)", "first and second illegal move: 2 minutes to the opponent; the third loses (drawn if the opponent cannot checkmate)"),
            e("7.4(b)", "first and second illegal move: 2 minutes to the opponent; the third loses (drawn if the opponent cannot checkmate)"),
            e("7.5.5", "first illegal move: 2 minutes to the opponent; the second loses (drawn if the opponent cannot checkmate)"),
            e("7.5.5", "first illegal move: 2 minutes to the opponent; the second loses (drawn if the opponent cannot checkmate)"),
        ],
    },
    Row {
        rule: Rule::IncompletePromotion,
        editions: [
            e("7.4(a)", "an illegal move: the position before it is reinstated"),
            e("7.4(a)", "an illegal move: the position before it is reinstated"),
            e("7.5.2", "an illegal move: the pawn is replaced by a queen of its colour"),
            e("7.5.2", "an illegal move: the pawn is replaced by a queen of its colour"),
        ],
    },
    Row {
        rule: Rule::ClockWithoutMove,
        editions: [
            none("not an illegal move; the arbiter may penalise it (13.4)"),
            none("not an illegal move; the arbiter may penalise it (13.4)"),
            e("7.5.3", "considered and penalised as an illegal move"),
            e("7.5.3", "considered and penalised as an illegal move"),
        ],
    },
    Row {
        rule: Rule::TwoHandedMove,
        editions: [
            e("4.1", "forbidden (one hand only) but not an illegal move; the arbiter may penalise it (13.4)"),
            e("4.1", "forbidden (one hand only) but not an illegal move; the arbiter may penalise it (13.4)"),
            e("7.5.4", "considered and penalised as an illegal move once the clock is pressed"),
            e("7.5.4", "considered and penalised as an illegal move once the clock is pressed"),
        ],
    },
    Row {
        rule: Rule::RapidIllegalMove,
        editions: [
            e("B.6", "completed when the opponent's clock is started; ruled on only on the opponent's claim before his move; then as 7.4(b)"),
            e("A.4(c)", "completed when the opponent's clock is started; ruled on only on the opponent's claim before his move; then as 7.4(b)"),
            e("A.4.2", "the arbiter acts (or the opponent claims) before the opponent's next move, as in 7.5.5; otherwise the move stands"),
            e("A.5.2", "the arbiter acts (or the opponent claims) before the opponent's next move, as in 7.5.5 with 1 minute (A.3); otherwise the move stands"),
        ],
    },
    Row {
        rule: Rule::BlitzIllegalMove,
        editions: [
            e("C.3", "the opponent may claim the win before his move (a draw if he cannot checkmate)"),
            e("B.3(c)", "the opponent may claim the win before his move (a draw if he cannot checkmate)"),
            e("B.4", "as in rapid (A.4.2): 7.5.5 with 1 minute (B.2); the second illegal move loses"),
            e("B.3", "as in rapid (A.5.2): 7.5.5 with 1 minute (A.3); the second illegal move loses"),
        ],
    },
    Row {
        rule: Rule::ReducedTimePenalties,
        editions: [
            none("rapid and blitz time penalties as in standard play"),
            none("rapid and blitz time penalties as in standard play"),
            e("B.2", "blitz: the time penalties of Articles 7 and 9 are 1 minute instead of 2"),
            e("A.3", "rapid and blitz: the time penalties of Articles 7 and 9 are 1 minute instead of 2"),
        ],
    },
    Row {
        rule: Rule::RapidDefinition,
        editions: [
            e("B.1", "rapid: at least 15 and under 60 minutes (time plus 60 increments)"),
            e("A.1", "rapid: at least 15 and under 60 minutes (time plus 60 increments)"),
            e("A.1", "rapid: over 10 and under 60 minutes (time plus 60 increments)"),
            e("A.1", "rapid: over 10 and under 60 minutes (time plus 60 increments)"),
        ],
    },
    Row {
        rule: Rule::BlitzDefinition,
        editions: [
            e("C.1", "blitz: under 15 minutes (time plus 60 increments)"),
            e("B.1", "blitz: under 15 minutes (time plus 60 increments)"),
            e("B.1", "blitz: 10 minutes or less (time plus 60 increments)"),
            e("B.1", "blitz: 10 minutes or less (time plus 60 increments)"),
        ],
    },
    Row {
        rule: Rule::ElectronicDevice,
        editions: [
            e("12.2(b)", "a phone that rings in the playing venue loses the game; the arbiter decides the opponent's score"),
            e("12.3(b)", "a device that makes any sound loses the game; the opponent wins, or scores ½ if he cannot checkmate"),
            e("11.3.2.2", "having a device not approved by the arbiter loses the game; the opponent wins (the regulations may be milder)"),
            e("11.3.2.2", "having a device not approved by the arbiter loses the game; the opponent wins (the regulations may be milder)"),
        ],
    },
    Row {
        rule: Rule::PersistentRefusal,
        editions: [
            e("12.8", "loses the game; the arbiter decides the opponent's score"),
            e("12.8", "loses the game; the arbiter decides the opponent's score"),
            e("11.7", "loses the game; the arbiter decides the opponent's score"),
            e("11.7", "loses the game; the arbiter decides the opponent's score"),
        ],
    },
    Row {
        rule: Rule::BothAtFault,
        editions: [
            e("12.9", "both players lose"),
            e("12.9", "both players lose"),
            e("11.8", "both players lose"),
            e("11.8", "both players lose"),
        ],
    },
    Row {
        rule: Rule::Penalties,
        editions: [
            e("13.4", "warning, time to the opponent, time from the offender, loss, score reduced, opponent's score raised, expulsion"),
            e("13.4", "warning, time to the opponent, time from the offender, loss, score reduced, opponent's score raised, expulsion"),
            e("12.9", "as 2009, and a fine announced in advance and exclusion from rounds"),
            e("12.9", "as 2009, and a fine announced in advance and exclusion from rounds"),
        ],
    },
    Row {
        rule: Rule::PenaltyWarning,
        editions: [
            e("13.4(a)", "warning"),
            e("13.4(a)", "warning"),
            e("12.9.1", "warning"),
            e("12.9.1", "warning"),
        ],
    },
    Row {
        rule: Rule::PenaltyExtraTime,
        editions: [
            e("13.4(b)", "time added to the opponent"),
            e("13.4(b)", "time added to the opponent"),
            e("12.9.2", "time added to the opponent"),
            e("12.9.2", "time added to the opponent"),
        ],
    },
    Row {
        rule: Rule::PenaltyTimeDeduction,
        editions: [
            e("13.4(c)", "time taken from the offender"),
            e("13.4(c)", "time taken from the offender"),
            e("12.9.3", "time taken from the offender"),
            e("12.9.3", "time taken from the offender"),
        ],
    },
    Row {
        rule: Rule::PenaltyGameLost,
        editions: [
            e("13.4(d)", "the game declared lost"),
            e("13.4(d)", "the game declared lost"),
            e("12.9.6", "the game declared lost; the arbiter decides the opponent's score"),
            e("12.9.6", "the game declared lost; the arbiter decides the opponent's score"),
        ],
    },
    Row {
        rule: Rule::PenaltyScoreReduced,
        editions: [
            e("13.4(e)", "the offender's score reduced"),
            e("13.4(e)", "the offender's score reduced"),
            e("12.9.5", "the offender's score reduced"),
            e("12.9.5", "the offender's score reduced"),
        ],
    },
    Row {
        rule: Rule::PenaltyScoreRaised,
        editions: [
            e("13.4(f)", "the opponent's score raised to the maximum"),
            e("13.4(f)", "the opponent's score raised to the maximum"),
            e("12.9.4", "the opponent's score raised to the maximum"),
            e("12.9.4", "the opponent's score raised to the maximum"),
        ],
    },
    Row {
        rule: Rule::PenaltyFine,
        editions: [
            none("no fine among the penalties"),
            none("no fine among the penalties"),
            e("12.9.7", "a fine announced in advance"),
            e("12.9.7", "a fine announced in advance"),
        ],
    },
    Row {
        rule: Rule::PenaltyExclusion,
        editions: [
            none("no exclusion from rounds among the penalties"),
            none("no exclusion from rounds among the penalties"),
            e("12.9.8", "exclusion from one or more rounds"),
            e("12.9.8", "exclusion from one or more rounds"),
        ],
    },
    Row {
        rule: Rule::PenaltyExpulsion,
        editions: [
            e("13.4(g)", "expulsion from the competition"),
            e("13.4(g)", "expulsion from the competition"),
            e("12.9.9", "expulsion from the competition"),
            e("12.9.9", "expulsion from the competition"),
        ],
    },
    Row {
        rule: Rule::Adjournment,
        editions: [
            e("Appendix A", "adjourned games: an appendix of the Laws"),
            e("Guidelines (adjourned games)", "adjourned games: guidelines after the appendices"),
            e("Guidelines I", "adjourned games: Guidelines I"),
            e("Guidelines I", "adjourned games: Guidelines I"),
        ],
    },
    Row {
        rule: Rule::SealedMoveLoses,
        editions: [
            e("A.8", "an ambiguous, illegible or illegal sealed move loses"),
            e("Guidelines 8", "an ambiguous, illegible or illegal sealed move loses"),
            e("I.8", "an ambiguous, illegible or illegal sealed move loses"),
            e("I.8", "an ambiguous, illegible or illegal sealed move loses"),
        ],
    },
    Row {
        rule: Rule::Chess960,
        editions: [
            none("no Chess960 rules in the Laws"),
            e("Appendix F", "Chess960 rules"),
            e("Guidelines II", "Chess960 rules"),
            e("Guidelines II", "Chess960 rules"),
        ],
    },
    Row {
        rule: Rule::QuickplayFinish,
        editions: [
            e("10.2", "with under 2 minutes left the player may claim a draw; the arbiter declares it, postpones (2 minutes to the opponent) or rejects it (2 minutes to the opponent)"),
            e("10.2", "with under 2 minutes left the player may claim a draw; the arbiter declares it, postpones (2 minutes to the opponent) or rejects it (2 minutes to the opponent); not in blitz (B.3(b))"),
            e("III.5", "only if announced in advance, in standard and rapid games without increment (III.2): the claim as 10.2 of 2009"),
            e("III.5", "only if announced in advance, in standard and rapid games without increment (III.2): the claim as 10.2 of 2009"),
        ],
    },
    Row {
        rule: Rule::QuickplayIncrement,
        editions: [
            none("no increment request"),
            none("no increment request"),
            e("III.4", "with under 2 minutes left the player may ask for a 5-second increment for both; 2 minutes to the opponent"),
            e("III.4", "with under 2 minutes left the player may ask for a 5-second increment for both; 2 minutes to the opponent"),
        ],
    },
    Row {
        rule: Rule::QuickplayWithoutArbiter,
        editions: [
            e("D.1", "the claim ends the game and goes to the designated arbiter"),
            e("D.1", "the claim ends the game and goes to the designated arbiter"),
            e("III.6", "the claim ends the game and goes to the designated arbiter"),
            e("III.6", "the claim ends the game and goes to the designated arbiter"),
        ],
    },
];

/// The row of a rule.
pub fn row(rule: Rule) -> &'static Row {
    TABLE.iter().find(|r| r.rule == rule).unwrap_or(&TABLE[0])
}

/// The edition's entry for a rule.
pub fn entry(edition: Edition, rule: Rule) -> Entry {
    row(rule).editions[edition.index()]
}

/// The article number of a rule in an edition (`None` where the edition lacks it).
pub fn article(edition: Edition, rule: Rule) -> Option<&'static str> {
    entry(edition, rule).article
}

/// Point `n` (1–13) of the rules for adjourned games — `n` as the 2005
/// Appendix A and the 2009 guidelines number them (the same thirteen points
/// in both) — as the edition numbers it: `A.n` (2005), `Guidelines n`
/// (2009), `I.n` (2018 and 2023, Guidelines I). Guidelines I inserts a new
/// I.11 (both players absent at resumption with a non-zero default time), so
/// points 11–13 (envelope missing, clock error, schedule) are I.12–I.14.
/// Point 8 is the sealed-move rule of the table (`Rule::SealedMoveLoses`).
/// The numbers are indexed in `tests/data/laws-articles.tsv`.
pub fn adjournment_point(edition: Edition, n: u8) -> String {
    match edition {
        Edition::Laws2005 => format!("A.{n}"),
        Edition::Laws2009 => format!("Guidelines {n}"),
        Edition::Laws2018 | Edition::Laws2023 if n >= 11 => format!("I.{}", u16::from(n) + 1),
        Edition::Laws2018 | Edition::Laws2023 => format!("I.{n}"),
    }
}

/// The consequence of a rule in an edition, in a sentence.
pub fn consequence(edition: Edition, rule: Rule) -> &'static str {
    entry(edition, rule).consequence
}

/// The articles of several rules in an edition, joined by `, ` (rules the
/// edition lacks are left out). E.g. the app's "game lost" penalty:
/// `articles(e, &[Rule::PenaltyGameLost, Rule::ElectronicDevice, Rule::PersistentRefusal])`.
pub fn articles(edition: Edition, rules: &[Rule]) -> String {
    rules
        .iter()
        .filter_map(|&r| article(edition, r))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether fivefold repetition (9.6.1) and 75 moves (9.6.2) end the game without a claim.
pub fn automatic_draws(edition: Edition) -> bool {
    article(edition, Rule::FivefoldRepetition).is_some()
}

/// Whether a draw may be agreed only after both players have made a move (2018 and 2023 art. 5.2.3).
pub fn draw_agreement_needs_a_move_each(edition: Edition) -> bool {
    consequence(edition, Rule::DrawAgreement).contains("at least one move")
}

/// Whether a resignation is a draw when the opponent cannot checkmate (2023 art. 5.1.2).
pub fn resignation_draws_when_opponent_cannot_mate(edition: Edition) -> bool {
    edition >= Edition::Laws2023
}

/// What the arbiter does after a completed illegal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalMovePenalty {
    /// Time added to the opponent's clock.
    ExtraTime {
        /// Seconds added.
        seconds: u32,
    },
    /// The game is lost by the offender — drawn when the opponent cannot
    /// checkmate by any series of legal moves.
    GameLost,
}

/// The ruling on the n-th completed illegal move of a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveRuling {
    /// The penalty.
    pub penalty: IllegalMovePenalty,
    /// The articles the ruling rests on, from [`TABLE`] (e.g. `A.5.2, 7.5.5, A.3`).
    pub articles: String,
    /// Whether the arbiter rules only when he observes it or the opponent
    /// claims it before making his next move (rapid and blitz appendices).
    pub before_opponents_move: bool,
}

/// The number of the completed illegal move (of one player in one game) that
/// loses, in standard play (2005/2009: the third; 2018/2023: the second).
pub fn illegal_moves_that_lose(edition: Edition, category: TimeCategory) -> u32 {
    match (edition, category) {
        (Edition::Laws2005 | Edition::Laws2009, TimeCategory::Blitz) => 1,
        (Edition::Laws2005 | Edition::Laws2009, _) => 3,
        (Edition::Laws2018 | Edition::Laws2023, _) => 2,
    }
}

/// Seconds added to the opponent for an illegal move that does not lose.
pub fn illegal_move_extra_seconds(edition: Edition, category: TimeCategory) -> u32 {
    if reduced_time_penalties(edition, category) {
        60
    } else {
        120
    }
}

/// Whether the time penalties of Articles 7 and 9 are one minute instead of
/// two (2018 B.2 for blitz; 2023 A.3 for rapid, and blitz through B.3).
pub fn reduced_time_penalties(edition: Edition, category: TimeCategory) -> bool {
    match edition {
        Edition::Laws2005 | Edition::Laws2009 => false,
        Edition::Laws2018 => category == TimeCategory::Blitz,
        Edition::Laws2023 => category != TimeCategory::Standard,
    }
}

/// The ruling on the `nth` (1-based; 0 is read as 1) completed illegal move of
/// a player in one game, by edition and time category.
pub fn illegal_move_consequence(
    edition: Edition,
    category: TimeCategory,
    nth: u32,
) -> IllegalMoveRuling {
    let nth = nth.max(1);
    let penalty = if nth >= illegal_moves_that_lose(edition, category) {
        IllegalMovePenalty::GameLost
    } else {
        IllegalMovePenalty::ExtraTime {
            seconds: illegal_move_extra_seconds(edition, category),
        }
    };
    let modern = edition >= Edition::Laws2018;
    let mut rules = match category {
        TimeCategory::Standard => vec![Rule::IllegalMovePenalty],
        TimeCategory::Rapid => vec![Rule::RapidIllegalMove, Rule::IllegalMovePenalty],
        // 2005 C.3 / 2009 B.3(c) decide alone; since 2018 blitz goes through
        // the rapid appendix to 7.5.5.
        TimeCategory::Blitz if modern => vec![
            Rule::BlitzIllegalMove,
            Rule::RapidIllegalMove,
            Rule::IllegalMovePenalty,
        ],
        TimeCategory::Blitz => vec![Rule::BlitzIllegalMove],
    };
    if reduced_time_penalties(edition, category) {
        rules.push(Rule::ReducedTimePenalties);
    }
    let articles = articles(edition, &rules);
    IllegalMoveRuling {
        penalty,
        articles,
        before_opponents_move: category != TimeCategory::Standard,
    }
}

/// Incidents that an edition may treat as illegal moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Incident {
    /// The clock pressed without a move (2018/2023 art. 7.5.3).
    ClockWithoutMove,
    /// A move made with two hands and the clock pressed (2018/2023 art. 7.5.4).
    TwoHandedMove,
    /// A pawn moved to the last rank and the clock pressed without the new piece (7.5.2; 7.4(a) before).
    IncompletePromotion,
}

impl Incident {
    /// The rule of the table behind the incident.
    pub fn rule(self) -> Rule {
        match self {
            Incident::ClockWithoutMove => Rule::ClockWithoutMove,
            Incident::TwoHandedMove => Rule::TwoHandedMove,
            Incident::IncompletePromotion => Rule::IncompletePromotion,
        }
    }
}

/// Whether the edition considers and penalises the incident as an illegal move.
pub fn counts_as_illegal_move(edition: Edition, incident: Incident) -> bool {
    match incident {
        Incident::IncompletePromotion => true,
        Incident::ClockWithoutMove | Incident::TwoHandedMove => edition >= Edition::Laws2018,
    }
}

/// Seconds added to the opponent after an incorrect draw claim (9.5(b) / 9.5.3).
/// 2005 also cuts the claimant's own time (see [`consequence`]).
pub fn incorrect_claim_seconds(edition: Edition, category: TimeCategory) -> u32 {
    match edition {
        Edition::Laws2005 | Edition::Laws2009 => 180,
        Edition::Laws2018 | Edition::Laws2023 => {
            if reduced_time_penalties(edition, category) {
                60
            } else {
                120
            }
        }
    }
}

/// The default time when the regulations do not state one, in minutes.
pub fn default_time_minutes(edition: Edition) -> u32 {
    match edition {
        Edition::Laws2005 => 60,
        _ => 0,
    }
}

/// The quickplay-finish rule of an edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QuickplayRule {
    /// Art. 10.2 (2005, 2009): part of the Laws, not in blitz.
    Claim10_2,
    /// Guidelines III (2018, 2023): only if announced in advance, only in
    /// standard and rapid games without increment (III.2), with the
    /// increment request of III.4 and the claim of III.5.
    GuidelinesIII,
}

/// The quickplay-finish rule of an edition.
pub fn quickplay_finish(edition: Edition) -> QuickplayRule {
    if article(edition, Rule::QuickplayIncrement).is_some() {
        QuickplayRule::GuidelinesIII
    } else {
        QuickplayRule::Claim10_2
    }
}

/// Whether a quickplay-finish claim is possible in a game of this category
/// without increment (`announced`: the event announced Guidelines III beforehand).
pub fn quickplay_claim_allowed(edition: Edition, category: TimeCategory, announced: bool) -> bool {
    if category == TimeCategory::Blitz {
        // 2009 B.3(b), 2005 C.2, 2018/2023 III.2.2.
        return false;
    }
    match quickplay_finish(edition) {
        QuickplayRule::Claim10_2 => true,
        QuickplayRule::GuidelinesIII => announced,
    }
}

/// Seconds added to the opponent when a quickplay claim is postponed or rejected
/// (10.2(b)/(c); III.5.2/III.5.3) or the increment is granted (III.4).
pub fn quickplay_extra_seconds(_edition: Edition) -> u32 {
    120
}
