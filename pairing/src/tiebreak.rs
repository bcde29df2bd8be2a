//! FIDE Tie-Break Regulations (Handbook C.07): every tie-break of a player,
//! exactly, under the edition in force from 1 March 2026 (default) or the one of
//! 1 August 2024.
//!
//! ```
//! use pairing::tiebreak::{Edition, TieBreak, TieBreaks};
//! let text = "012 Demo\nXXR 1\n\
//! 001    1      A                                 2000                             1.0    1     2 w 1\n\
//! 001    2      B                                 1900                             0.0    2     1 b 0\n";
//! let t = pairing::trf::parse(text).unwrap();
//! let bh: TieBreak = "BH".parse().unwrap();
//! let values = TieBreaks::new(&t, Edition::E2026).values(&bh);
//! assert_eq!(values[0].unwrap().to_string(), "0.0");
//! assert_eq!(values[1].unwrap().to_string(), "1.0");
//! ```
//!
//! How unplayed rounds count (art. 16, as the FIDE reference calculator applies
//! it; see `fixtures/tiebreaks/README.md`):
//! - a voluntary unplayed round (VUR) is a half- or zero-point bye, an unpaired
//!   round or a forfeit loss (art. 16.2); a pairing-allocated bye, a full-point
//!   bye and a forfeit win are not;
//! - seen by the opponents, a participant's score is the real one, except that
//!   byes and unpaired rounds after their last non-VUR round count as draws
//!   (art. 16.3);
//! - the participant's own rounds without an over-the-board game count as games
//!   against a dummy opponent scoring the participant's own points (art. 16.4);
//!   from 2026 that score is capped by the scheduled opponent's score (forfeits)
//!   or by half the number of rounds (no opponent);
//! - in a round robin forfeits count as played for the opponent-based
//!   tie-breaks, and rounds without an opponent are ignored.

use std::fmt;
use std::str::FromStr;

use crate::model::{
    ByeKind, Color, GameResult, HalfPoints, RoundEntry, Tournament, TournamentKind,
};
use crate::rating;

/// Which edition of C.07 decides the unplayed-round rules (art. 16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// In force from 1 March 2026: the dummy opponent's score is capped.
    #[default]
    E2026,
    /// In force from 1 August 2024.
    E2024,
}

impl Edition {
    /// The edition in force on a tournament's start date (`YYYY/MM/DD` or
    /// `YYYY-MM-DD`, TRF record `042`): 2026 from 1 March 2026, 2024 before.
    /// An unreadable date gives the current edition.
    pub fn in_force_on(date: &str) -> Edition {
        let digits: String = date.chars().filter(char::is_ascii_digit).collect();
        match digits.get(..8) {
            Some(d) if d < "20260301" => Edition::E2024,
            _ => Edition::E2026,
        }
    }
}

impl FromStr for Edition {
    type Err = TieBreakError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "2026" | "2026-03-01" => Ok(Edition::E2026),
            "2024" | "2024-08-01" => Ok(Edition::E2024),
            other => Err(TieBreakError::UnknownEdition(other.to_string())),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::E2026 => "2026",
            Edition::E2024 => "2024",
        })
    }
}

/// Why a tie-break code could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakError {
    #[error("unknown tie-break {0:?} (expected a C.07 code such as PTS, BH, BH/C1, SB, DE, WIN, ARO, TPR)")]
    Unknown(String),
    #[error("tie-break {code}: modifier {modifier:?} does not apply (allowed: {allowed})")]
    Modifier {
        code: String,
        modifier: String,
        allowed: &'static str,
    },
    #[error("unknown edition {0:?} (expected 2026 or 2024)")]
    UnknownEdition(String),
}

/// Cut modifiers (C.07 art. 14): `/C1` drops the least significant value, `/M1`
/// the least and the most significant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cut {
    pub low: u8,
    pub high: u8,
}

impl Cut {
    pub const NONE: Cut = Cut { low: 0, high: 0 };
}

/// A tie-break of C.07, by its code. Rating tie-breaks may carry the rating to
/// give unrated players (`/U1000`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// `PTS`: points.
    Points,
    /// `BH` (art. 8.1) and its cuts (art. 14).
    Buchholz(Cut),
    /// `FB` (art. 8.3): Buchholz as if every final-round game had been drawn.
    ForeBuchholz(Cut),
    /// `SB` (art. 9.1).
    SonnebornBerger(Cut),
    /// `AOB` (art. 8.2): average of the opponents' Buchholz.
    AverageOfOpponentsBuchholz,
    /// `DE` (art. 6): direct encounter among the players still tied.
    DirectEncounter,
    /// `WIN` (art. 7.1): rounds with a win's points, played or not.
    Wins,
    /// `WON` (art. 7.2): games won over the board.
    GamesWon,
    /// `BPG` (art. 7.3): games played with Black.
    GamesWithBlack,
    /// `BWG` (art. 7.4): games won with Black.
    WinsWithBlack,
    /// `REP` (art. 7.6): rounds one elected to play.
    RoundsElectedToPlay,
    /// `PS` (art. 7.5): sum of progressive scores; `/C1` drops round 1.
    ProgressiveScore(Cut),
    /// `KS` (art. 9.2): Koya.
    Koya,
    /// `STD` (art. 7.7): standard points.
    StandardPoints,
    /// `ARO` (art. 10.1): average rating of opponents.
    AverageRatingOfOpponents { cut: Cut, unrated: Option<u32> },
    /// `TPR` (art. 10.2).
    PerformanceRating { unrated: Option<u32> },
    /// `PTP` (art. 10.3).
    PerfectPerformance { unrated: Option<u32> },
    /// `APRO` (art. 10.4): average of the opponents' TPR.
    AveragePerformanceOfOpponents { unrated: Option<u32> },
    /// `APPO` (art. 10.5): average of the opponents' PTP.
    AveragePerfectPerformanceOfOpponents { unrated: Option<u32> },
    /// `RTNG` (art. 10.6): own rating.
    Rating { unrated: Option<u32> },
    /// `TPN` (art. 7.8): pairing number, lower first.
    StartNumber,
}

impl TieBreak {
    fn code(&self) -> &'static str {
        match self {
            TieBreak::Points => "PTS",
            TieBreak::Buchholz(_) => "BH",
            TieBreak::ForeBuchholz(_) => "FB",
            TieBreak::SonnebornBerger(_) => "SB",
            TieBreak::AverageOfOpponentsBuchholz => "AOB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::GamesWithBlack => "BPG",
            TieBreak::WinsWithBlack => "BWG",
            TieBreak::RoundsElectedToPlay => "REP",
            TieBreak::ProgressiveScore(_) => "PS",
            TieBreak::Koya => "KS",
            TieBreak::StandardPoints => "STD",
            TieBreak::AverageRatingOfOpponents { .. } => "ARO",
            TieBreak::PerformanceRating { .. } => "TPR",
            TieBreak::PerfectPerformance { .. } => "PTP",
            TieBreak::AveragePerformanceOfOpponents { .. } => "APRO",
            TieBreak::AveragePerfectPerformanceOfOpponents { .. } => "APPO",
            TieBreak::Rating { .. } => "RTNG",
            TieBreak::StartNumber => "TPN",
        }
    }

    fn cut(&self) -> Cut {
        match *self {
            TieBreak::Buchholz(c)
            | TieBreak::ForeBuchholz(c)
            | TieBreak::SonnebornBerger(c)
            | TieBreak::ProgressiveScore(c)
            | TieBreak::AverageRatingOfOpponents { cut: c, .. } => c,
            _ => Cut::NONE,
        }
    }

    fn unrated(&self) -> Option<u32> {
        match *self {
            TieBreak::AverageRatingOfOpponents { unrated, .. }
            | TieBreak::PerformanceRating { unrated }
            | TieBreak::PerfectPerformance { unrated }
            | TieBreak::AveragePerformanceOfOpponents { unrated }
            | TieBreak::AveragePerfectPerformanceOfOpponents { unrated }
            | TieBreak::Rating { unrated } => unrated,
            _ => None,
        }
    }

    /// Whether a lower value ranks higher (DE sub-ranks, TPN).
    pub fn lower_is_better(&self) -> bool {
        matches!(self, TieBreak::DirectEncounter | TieBreak::StartNumber)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())?;
        let cut = self.cut();
        if cut.low > 0 && cut.high == cut.low {
            write!(f, "/M{}", cut.low)?;
        } else {
            if cut.low > 0 {
                write!(f, "/C{}", cut.low)?;
            }
            if cut.high > 0 {
                write!(f, "/H{}", cut.high)?;
            }
        }
        if let Some(rating) = self.unrated() {
            write!(f, "/U{rating}")?;
        }
        Ok(())
    }
}

impl FromStr for TieBreak {
    type Err = TieBreakError;

    /// Reads a code as in C.07 and TRF-2026 records 202/212: `BH/C1`, `BH/M2`,
    /// `ARO/C1/U1000`… (case-insensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let code = parts.next().unwrap_or("");
        let mut cut = Cut::NONE;
        let mut unrated = None;
        let (cuts, medians, unrated_ok): (bool, bool, bool) = match code {
            "BH" | "FB" | "SB" => (true, code != "SB", false),
            "PS" => (true, false, false),
            "ARO" => (true, true, true),
            "TPR" | "PTP" | "APRO" | "APPO" | "RTNG" => (false, false, true),
            "PTS" | "AOB" | "DE" | "WIN" | "WON" | "BPG" | "BWG" | "REP" | "KS" | "STD" | "TPN" => {
                (false, false, false)
            }
            _ => return Err(TieBreakError::Unknown(s.to_string())),
        };
        let allowed = match (cuts, medians, unrated_ok) {
            (true, true, true) => "/Cn, /Mn, /Un",
            (true, true, false) => "/Cn, /Mn",
            (true, false, false) => "/Cn",
            (false, false, true) => "/Un",
            _ => "none",
        };
        for modifier in parts {
            let bad = || TieBreakError::Modifier {
                code: code.to_string(),
                modifier: modifier.to_string(),
                allowed,
            };
            // The letter, then the number (the letter may be any character).
            let letter = modifier.chars().next().map_or(0, char::len_utf8);
            let (kind, number) = modifier.split_at(letter);
            let n: u32 = number.parse().map_err(|_| bad())?;
            match kind {
                "C" if cuts && n <= 255 => cut.low = n as u8,
                "M" if medians && n <= 255 => {
                    cut.low = n as u8;
                    cut.high = n as u8;
                }
                "U" if unrated_ok => unrated = Some(n),
                _ => return Err(bad()),
            }
        }
        Ok(match code {
            "PTS" => TieBreak::Points,
            "BH" => TieBreak::Buchholz(cut),
            "FB" => TieBreak::ForeBuchholz(cut),
            "SB" => TieBreak::SonnebornBerger(cut),
            "AOB" => TieBreak::AverageOfOpponentsBuchholz,
            "DE" => TieBreak::DirectEncounter,
            "WIN" => TieBreak::Wins,
            "WON" => TieBreak::GamesWon,
            "BPG" => TieBreak::GamesWithBlack,
            "BWG" => TieBreak::WinsWithBlack,
            "REP" => TieBreak::RoundsElectedToPlay,
            "PS" => TieBreak::ProgressiveScore(cut),
            "KS" => TieBreak::Koya,
            "STD" => TieBreak::StandardPoints,
            "ARO" => TieBreak::AverageRatingOfOpponents { cut, unrated },
            "TPR" => TieBreak::PerformanceRating { unrated },
            "PTP" => TieBreak::PerfectPerformance { unrated },
            "APRO" => TieBreak::AveragePerformanceOfOpponents { unrated },
            "APPO" => TieBreak::AveragePerfectPerformanceOfOpponents { unrated },
            "RTNG" => TieBreak::Rating { unrated },
            _ => TieBreak::StartNumber,
        })
    }
}

/// An exact tie-break value: `numerator / denominator`, the denominator fixed
/// per tie-break (1 for counts and ratings, 2 for points, 4 for
/// Sonneborn-Berger, 100 for AOB).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TieBreakValue {
    pub numerator: i64,
    pub denominator: i64,
}

impl TieBreakValue {
    pub fn integer(n: i64) -> Self {
        TieBreakValue {
            numerator: n,
            denominator: 1,
        }
    }
    pub fn half_points(n: i64) -> Self {
        TieBreakValue {
            numerator: n,
            denominator: 2,
        }
    }
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
    /// Whether the value is a whole count or rating (printed without decimals).
    pub fn is_integer(self) -> bool {
        self.denominator == 1
    }
}

impl PartialOrd for TieBreakValue {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TieBreakValue {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (i128::from(self.numerator) * i128::from(other.denominator))
            .cmp(&(i128::from(other.numerator) * i128::from(self.denominator)))
    }
}

impl fmt::Display for TieBreakValue {
    /// Counts and ratings as integers (`4`, `2311`); points with their decimals
    /// (`40.0`, `26.25`, `35.63`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            return write!(f, "{}", self.numerator);
        }
        let decimals = match self.denominator {
            2 => 1,
            4 | 100 => 2,
            _ => 4,
        };
        let text = format!("{:.*}", decimals, self.as_f64());
        // Keep one decimal at least, drop a trailing zero beyond it (26.50 → 26.5).
        let trimmed = if decimals == 2 && text.ends_with('0') && self.denominator == 4 {
            &text[..text.len() - 1]
        } else {
            &text
        };
        f.write_str(trimmed)
    }
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// Points of the round, half-points.
    points: i64,
    /// Rated-game score (2 win, 1 draw, 0 loss) of an over-the-board game.
    rated_points: i64,
    /// The scheduled opponent (index), also for forfeits.
    opponent: Option<usize>,
    /// Played over the board.
    played: bool,
    black: bool,
    /// Voluntary unplayed round (art. 16.2).
    vur: bool,
}

/// The tie-breaks of one tournament: the rounds read once, every value computed
/// on demand.
pub struct TieBreaks<'a> {
    t: &'a Tournament,
    edition: Edition,
    round_robin: bool,
    /// Rounds taken into account.
    rounds: usize,
    /// The final round of the event (FB), 1-based; beyond `rounds` when the
    /// final round is not played yet.
    final_round: usize,
    slots: Vec<Slot>,
    points: Vec<i64>,
    win: i64,
    draw: i64,
}

/// One round's contribution to a Buchholz-like sum.
pub(crate) struct Contribution {
    /// From a voluntary unplayed round (art. 16.2).
    pub(crate) vur: bool,
    pub(crate) value: i64,
    /// The opponent's (or the dummy's) score, which decides the cuts.
    pub(crate) score: i64,
}

impl<'a> TieBreaks<'a> {
    pub fn new(t: &'a Tournament, edition: Edition) -> Self {
        let n = t.players.len();
        // Rounds with a result or a bye; a round only paired so far is left out.
        let rounds = t
            .players
            .iter()
            .map(|p| {
                p.rounds
                    .iter()
                    .rposition(|e| match e {
                        RoundEntry::Game { result, .. } => result.is_some(),
                        RoundEntry::Bye(_) => true,
                        RoundEntry::NotPaired => false,
                    })
                    .map_or(0, |r| r + 1)
            })
            .max()
            .unwrap_or(0);
        let ps = &t.points;
        let mut slots = vec![Slot::default(); n * rounds];
        for (i, p) in t.players.iter().enumerate() {
            for r in 0..rounds {
                let entry = p.rounds.get(r).copied().unwrap_or(RoundEntry::NotPaired);
                let slot = &mut slots[i * rounds + r];
                *slot = match entry {
                    RoundEntry::Game {
                        opponent,
                        color,
                        result: Some(result),
                    } if opponent >= 1 && (opponent as usize) <= n => {
                        let played = result.played();
                        let points = i64::from(match result {
                            GameResult::Win => ps.win,
                            GameResult::Draw => ps.draw,
                            GameResult::Loss => ps.loss,
                            GameResult::ForfeitWin => ps.forfeit_win,
                            GameResult::ForfeitLoss => ps.forfeit_loss,
                            GameResult::Adjusted(p) => p,
                        });
                        let rated_points = match result {
                            GameResult::Win => 2,
                            GameResult::Draw => 1,
                            GameResult::Adjusted(p) if p >= ps.win => 2,
                            GameResult::Adjusted(p) if p >= ps.draw && p > ps.loss => 1,
                            _ => 0,
                        };
                        Slot {
                            points,
                            rated_points,
                            opponent: Some(opponent as usize - 1),
                            played,
                            black: color == Color::Black,
                            vur: result == GameResult::ForfeitLoss,
                        }
                    }
                    RoundEntry::Bye(kind) => {
                        let points = i64::from(match kind {
                            ByeKind::PairingAllocated => ps.pairing_bye,
                            ByeKind::Full => ps.full_bye,
                            ByeKind::Half => ps.half_bye,
                            ByeKind::Zero => ps.zero_bye,
                        });
                        Slot {
                            points,
                            vur: matches!(kind, ByeKind::Half | ByeKind::Zero),
                            ..Slot::default()
                        }
                    }
                    // Not paired, or a game without a result yet.
                    _ => Slot {
                        points: i64::from(ps.not_paired),
                        vur: true,
                        ..Slot::default()
                    },
                };
            }
        }
        let points = (0..n)
            .map(|i| {
                slots[i * rounds..(i + 1) * rounds]
                    .iter()
                    .map(|s| s.points)
                    .sum()
            })
            .collect();
        let final_round = (t.total_rounds as usize).max(rounds);
        TieBreaks {
            t,
            edition,
            round_robin: matches!(t.kind, TournamentKind::RoundRobin { .. }),
            rounds,
            final_round,
            slots,
            points,
            win: i64::from(ps.win),
            draw: i64::from(ps.draw),
        }
    }

    fn slots(&self, player: usize) -> &[Slot] {
        &self.slots[player * self.rounds..(player + 1) * self.rounds]
    }

    /// Points of each player (half-points), in pairing-number order.
    pub fn points(&self) -> &[i64] {
        &self.points
    }

    /// The value of a tie-break for every player, in pairing-number order.
    /// `DE` is computed among the players tied on points.
    pub fn values(&self, tb: &TieBreak) -> Vec<Option<TieBreakValue>> {
        if *tb == TieBreak::DirectEncounter {
            let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
            let mut order: Vec<usize> = (0..self.points.len()).collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(self.points[i]), i));
            for i in order {
                match groups.last_mut() {
                    Some((p, g)) if *p == self.points[i] => g.push(i),
                    _ => groups.push((self.points[i], vec![i])),
                }
            }
            let groups: Vec<Vec<usize>> = groups.into_iter().map(|(_, g)| g).collect();
            return self
                .direct_encounter(&groups)
                .into_iter()
                .map(|v| Some(TieBreakValue::integer(i64::from(v))))
                .collect();
        }
        let n = self.t.players.len();
        let half = |v: i64| Some(TieBreakValue::half_points(v));
        let count = |f: &dyn Fn(&Slot) -> bool| -> Vec<Option<TieBreakValue>> {
            (0..n)
                .map(|i| {
                    let c = self.slots(i).iter().filter(|s| f(s)).count();
                    Some(TieBreakValue::integer(c as i64))
                })
                .collect()
        };
        match *tb {
            TieBreak::Points => self.points.iter().map(|&p| half(p)).collect(),
            TieBreak::Buchholz(cut) => self.buchholz(cut, false, false, self.edition),
            TieBreak::ForeBuchholz(cut) => self.buchholz(cut, true, false, self.edition),
            TieBreak::SonnebornBerger(cut) => self.buchholz(cut, false, true, self.edition),
            TieBreak::AverageOfOpponentsBuchholz => self.average_of_buchholz(),
            TieBreak::DirectEncounter => unreachable!("handled above"),
            TieBreak::Wins => count(&|s| s.points == self.win),
            TieBreak::GamesWon => count(&|s| s.played && s.points == self.win),
            TieBreak::GamesWithBlack => count(&|s| s.played && s.black),
            TieBreak::WinsWithBlack => count(&|s| s.played && s.black && s.points == self.win),
            TieBreak::RoundsElectedToPlay => count(&|s| s.played || s.points == self.win),
            TieBreak::ProgressiveScore(cut) => (0..n)
                .map(|i| {
                    let mut running = 0;
                    let mut sum = 0;
                    for (r, s) in self.slots(i).iter().enumerate() {
                        running += s.points;
                        if r >= usize::from(cut.low) {
                            sum += running;
                        }
                    }
                    half(sum)
                })
                .collect(),
            TieBreak::Koya => self.koya(),
            TieBreak::StandardPoints => (0..n)
                .map(|i| {
                    let std = self
                        .slots(i)
                        .iter()
                        .map(|s| match s.points.cmp(&self.draw) {
                            std::cmp::Ordering::Greater => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Less => 0,
                        })
                        .sum();
                    half(std)
                })
                .collect(),
            TieBreak::AverageRatingOfOpponents { cut, unrated } => {
                self.rating_performance(cut, unrated, Performance::Average)
            }
            TieBreak::PerformanceRating { unrated } => {
                self.rating_performance(Cut::NONE, unrated, Performance::Tournament)
            }
            TieBreak::PerfectPerformance { unrated } => {
                self.rating_performance(Cut::NONE, unrated, Performance::Perfect)
            }
            TieBreak::AveragePerformanceOfOpponents { unrated } => self.average_over_opponents(
                &self.rating_performance(Cut::NONE, unrated, Performance::Tournament),
                1,
            ),
            TieBreak::AveragePerfectPerformanceOfOpponents { unrated } => self
                .average_over_opponents(
                    &self.rating_performance(Cut::NONE, unrated, Performance::Perfect),
                    1,
                ),
            TieBreak::Rating { unrated } => {
                let valid = self.ratings_valid(unrated);
                self.t
                    .players
                    .iter()
                    .map(|p| {
                        if !valid {
                            return None;
                        }
                        p.rating
                            .or(unrated)
                            .map(|r| TieBreakValue::integer(i64::from(r)))
                    })
                    .collect()
            }
            TieBreak::StartNumber => self
                .t
                .players
                .iter()
                .map(|p| Some(TieBreakValue::integer(i64::from(p.id))))
                .collect(),
        }
    }

    /// Adjusted scores seen by the opponents (art. 16.3) and each player's own
    /// score for the dummy opponent (art. 16.4); for Fore Buchholz (art. 8.3) the
    /// final-round game is taken as drawn.
    fn adjusted_scores(&self, fore: bool) -> (Vec<i64>, Vec<i64>) {
        let n = self.t.players.len();
        let mut seen = Vec::with_capacity(n);
        let mut own = Vec::with_capacity(n);
        let no_opponent = if self.round_robin { 0 } else { self.draw };
        for i in 0..n {
            let slots = self.slots(i);
            let mut last_not_vur = slots.iter().rposition(|s| !s.vur).map_or(0, |r| r + 1);
            let last_met = slots
                .iter()
                .rposition(|s| s.opponent.is_some())
                .map_or(0, |r| r + 1);
            let is_fore = fore && last_met == self.final_round && last_met > 0;
            if is_fore {
                last_not_vur = last_met;
            }
            let mut total = 0;
            for (r, s) in slots.iter().enumerate() {
                total += if r < last_not_vur || s.opponent.is_some() {
                    s.points
                } else {
                    no_opponent
                };
            }
            let mut own_score = self.points[i];
            if is_fore {
                let adjust = self.draw - slots[self.final_round - 1].points;
                total += adjust;
                own_score += adjust;
            }
            seen.push(total);
            own.push(own_score);
        }
        (seen, own)
    }

    /// Buchholz (art. 8.1), Fore Buchholz (8.3) or Sonneborn-Berger (9.1), with
    /// cuts (art. 14; a VUR is cut first, art. 16.5).
    fn buchholz(
        &self,
        cut: Cut,
        fore: bool,
        sonneborn: bool,
        edition: Edition,
    ) -> Vec<Option<TieBreakValue>> {
        let (seen, own) = self.adjusted_scores(fore);
        let n = self.t.players.len();
        let cap_no_opponent = self.draw * self.rounds as i64;
        let mut out = Vec::with_capacity(n);
        let mut entries: Vec<Contribution> = Vec::with_capacity(self.rounds);
        for (i, &own_score) in own.iter().enumerate() {
            entries.clear();
            for (r, s) in self.slots(i).iter().enumerate() {
                let as_played = s.played || self.round_robin || (fore && r + 1 == self.final_round);
                let (score, vur) = match s.opponent {
                    Some(o) if as_played => (seen[o], false),
                    _ if self.round_robin => continue,
                    opponent => {
                        let mut score = own_score;
                        if edition == Edition::E2026 {
                            score = match opponent {
                                Some(o) => score.min(seen[o]),
                                None => score.min(cap_no_opponent),
                            };
                        }
                        (score, s.vur)
                    }
                };
                let value = if sonneborn { score * s.points } else { score };
                entries.push(Contribution { vur, value, score });
            }
            apply_cuts(&mut entries, cut, self.rounds);
            let sum: i64 = entries.iter().map(|c| c.value).sum();
            out.push(Some(TieBreakValue {
                numerator: sum,
                denominator: if sonneborn { 4 } else { 2 },
            }));
        }
        out
    }

    /// Average of the over-the-board opponents' (uncut) Buchholz (art. 8.2),
    /// rounded half up to two decimals.
    fn average_of_buchholz(&self) -> Vec<Option<TieBreakValue>> {
        let bh = self.buchholz(Cut::NONE, false, false, self.edition);
        self.average_over_opponents(&bh, 100)
    }

    /// Koya (art. 9.2): points scored against opponents who finished with at
    /// least half the maximum score; in an odd round robin the maximum leaves out
    /// the free round.
    fn koya(&self) -> Vec<Option<TieBreakValue>> {
        let n = self.t.players.len();
        let mut games = self.rounds as i64;
        if self.round_robin && n > 0 {
            if self.rounds.checked_rem(n) == Some(0) {
                games -= (self.rounds / n) as i64;
            }
            for i in 0..n {
                if self.slots(i).iter().all(|s| s.opponent.is_none()) {
                    games -= 1;
                }
            }
        }
        // Opponent qualifies when score ≥ 50 % × win × games.
        (0..n)
            .map(|i| {
                let sum = self
                    .slots(i)
                    .iter()
                    .filter_map(|s| {
                        let o = s.opponent?;
                        (2 * self.points[o] >= self.win * games).then_some(s.points)
                    })
                    .sum();
                Some(TieBreakValue::half_points(sum))
            })
            .collect()
    }

    fn ratings_valid(&self, unrated: Option<u32>) -> bool {
        unrated.is_some() || self.t.players.iter().all(|p| p.rating.is_some())
    }

    /// ARO (art. 10.1), TPR (10.2) or PTP (10.3), over the games played over the
    /// board. Without a rule for unrated players (`/U…`), undefined for everybody
    /// when anyone is unrated.
    fn rating_performance(
        &self,
        cut: Cut,
        unrated: Option<u32>,
        what: Performance,
    ) -> Vec<Option<TieBreakValue>> {
        let valid = self.ratings_valid(unrated);
        (0..self.t.players.len())
            .map(|i| {
                if !valid {
                    return None;
                }
                let mut games = 0usize;
                let mut rated: Vec<(u32, i64)> = Vec::new();
                for s in self.slots(i) {
                    if let (true, Some(o)) = (s.played, s.opponent) {
                        games += 1;
                        if let Some(r) = self.t.players[o].rating.or(unrated) {
                            rated.push((r, s.rated_points));
                        }
                    }
                }
                // Cuts only when every opponent has a rating (art. 14.4).
                let mut low = usize::from(cut.low).min(self.rounds);
                let mut high = usize::from(cut.high).min(self.rounds - low);
                while low > 0 {
                    if games == rated.len() && !rated.is_empty() {
                        rated.sort_by_key(|&(r, _)| r);
                        rated.remove(0);
                    }
                    games = games.saturating_sub(1);
                    low -= 1;
                }
                while high > 0 {
                    if games == rated.len() && !rated.is_empty() {
                        rated.sort_by_key(|&(r, _)| r);
                        rated.pop();
                    }
                    games = games.saturating_sub(1);
                    high -= 1;
                }
                let ratings: Vec<u32> = rated.iter().map(|&(r, _)| r).collect();
                let score: i64 = rated.iter().map(|&(_, s)| s).sum();
                let value = match what {
                    Performance::Average => rating::average_rating(&ratings),
                    Performance::Tournament => rating::performance_rating(score as i32, &ratings),
                    Performance::Perfect => rating::perfect_performance(score as i32, &ratings),
                }?;
                Some(TieBreakValue::integer(i64::from(value)))
            })
            .collect()
    }

    /// Average of a value over the over-the-board opponents (AOB, APRO, APPO),
    /// rounded half up to `1 / denominator`; opponents without a value are left
    /// out, and without any the average is undefined.
    fn average_over_opponents(
        &self,
        values: &[Option<TieBreakValue>],
        denominator: i64,
    ) -> Vec<Option<TieBreakValue>> {
        (0..self.t.players.len())
            .map(|i| {
                let list: Vec<TieBreakValue> = self
                    .slots(i)
                    .iter()
                    .filter(|s| s.played)
                    .filter_map(|s| s.opponent.and_then(|o| values[o]))
                    .collect();
                let scale = list.first()?.denominator;
                let k = list.len() as i64;
                let sum: i64 = list.iter().map(|v| v.numerator).sum();
                // sum / (scale·k), in units of 1/denominator, half up.
                let numerator = (2 * sum * denominator + scale * k).div_euclid(2 * scale * k);
                Some(TieBreakValue {
                    numerator,
                    denominator,
                })
            })
            .collect()
    }

    /// Direct encounter (art. 6) inside each group of tied players (indices):
    /// the position inside the group (1 = first; ties share the best position),
    /// or 0 for every member of a group that direct encounter does not separate.
    /// Applied again inside every part it separates. In a Swiss, when not all the
    /// tied players met, a player goes ahead only if no outcome of the missing
    /// games could change it (art. 6.2); forfeits do not count, except in a round
    /// robin.
    pub fn direct_encounter(&self, groups: &[Vec<usize>]) -> Vec<u32> {
        let mut out = vec![0u32; self.t.players.len()];
        for group in groups {
            let mut parts = Vec::new();
            self.split_by_encounter(group.clone(), &mut parts);
            if parts.len() <= 1 {
                continue;
            }
            let mut position = 1u32;
            for part in parts {
                for &i in &part {
                    out[i] = position;
                }
                position += part.len() as u32;
            }
        }
        out
    }

    /// Splits a tied group into ordered parts by direct encounter, recursively.
    fn split_by_encounter(&self, group: Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if group.len() < 2 {
            out.push(group);
            return;
        }
        // Scores scaled by 12 so that averages over repeated games stay exact.
        const SCALE: i64 = 12;
        let others = group.len() - 1;
        let mut all_met = true;
        let mut scored: Vec<(usize, i64, i64)> = Vec::with_capacity(group.len());
        for &i in &group {
            let mut per_opponent: Vec<(usize, i64, i64)> = Vec::new(); // (opponent, sum, games)
            for s in self.slots(i) {
                let Some(o) = s.opponent else { continue };
                let counts = s.played || self.round_robin;
                if !counts || !group.contains(&o) {
                    continue;
                }
                match per_opponent.iter_mut().find(|(p, _, _)| *p == o) {
                    Some(entry) => {
                        entry.1 += s.points;
                        entry.2 += 1;
                    }
                    None => per_opponent.push((o, s.points, 1)),
                }
            }
            let value: i64 = per_opponent
                .iter()
                .map(|&(_, sum, k)| sum * SCALE / k)
                .sum();
            let met = per_opponent.len();
            let max = if !self.round_robin && met < others {
                all_met = false;
                value + (others - met) as i64 * self.win * SCALE
            } else {
                value
            };
            scored.push((i, value, max));
        }
        let parts = encounter_parts(scored, all_met);
        if parts.len() == 1 {
            out.push(group);
            return;
        }
        for part in parts {
            self.split_by_encounter(part, out);
        }
    }
}

#[derive(Clone, Copy)]
enum Performance {
    Average,
    Tournament,
    Perfect,
}

/// Art. 14 cuts with art. 16.5: on the low side a VUR is cut before any other
/// contribution (for Sonneborn-Berger, the lower of the two candidate products);
/// on the high side the highest opponent score is cut. The order of equal
/// contributions follows the reference calculator (stable sorts).
pub(crate) fn apply_cuts(entries: &mut Vec<Contribution>, cut: Cut, rounds: usize) {
    let mut low = usize::from(cut.low).min(rounds);
    let mut high = usize::from(cut.high).min(rounds - low);
    while low > 0 && !entries.is_empty() {
        let lowest = position_min(entries, |c| (c.score, c.value));
        let lowest_vur = position_min(entries, |c| (i64::from(!c.vur), c.value, c.score));
        let by_vur = &entries[lowest_vur];
        if !by_vur.vur || entries[lowest].value > by_vur.value {
            entries.sort_by_key(|c| (c.score, c.value));
        } else {
            entries.sort_by_key(|c| (i64::from(!c.vur), c.value, c.score));
        }
        entries.remove(0);
        low -= 1;
    }
    while high > 0 && !entries.is_empty() {
        entries.sort_by_key(|c| (-c.score, -c.value));
        entries.remove(0);
        high -= 1;
    }
}

/// Index of the first entry with the smallest key (a stable sort's first).
fn position_min<K: Ord>(entries: &[Contribution], key: impl Fn(&Contribution) -> K) -> usize {
    let mut best = 0;
    for i in 1..entries.len() {
        if key(&entries[i]) < key(&entries[best]) {
            best = i;
        }
    }
    best
}

/// The tie-break order recorded in a TRF-2026 file: record `212` (the
/// standings, with `PTS`) or else `202` (the tie-breaks). `None` when the file
/// has neither.
pub fn order_in_file(t: &Tournament) -> Option<Result<Vec<TieBreak>, TieBreakError>> {
    let record = |tag: &str| {
        t.trf.lines.iter().find_map(|l| match l {
            crate::model::TrfLine::Record(text) if text.starts_with(tag) => {
                Some(text.get(3..).unwrap_or("").to_string())
            }
            _ => None,
        })
    };
    let list = record("212").or_else(|| record("202"))?;
    Some(
        list.split([',', ' ', ';'])
            .filter(|c| !c.is_empty())
            .map(str::parse)
            .collect(),
    )
}

/// Points of every player in half-points, computed from the rounds (not the
/// recorded column).
pub fn points(t: &Tournament) -> Vec<HalfPoints> {
    TieBreaks::new(t, Edition::default())
        .points()
        .iter()
        .map(|&p| p as HalfPoints)
        .collect()
}

/// Direct encounter's parts (C.07 art. 6): `scored` holds each tied player's
/// (index, score against the others, largest score still possible). When all
/// have met (`all_met`) the parts are the equal scores, best first; otherwise
/// (art. 6.3) a player goes ahead only if no one below could still reach him,
/// and the rest stay together. Shared by the individual and the team tie-breaks.
pub(crate) fn encounter_parts(
    mut scored: Vec<(usize, i64, i64)>,
    all_met: bool,
) -> Vec<Vec<usize>> {
    let mut parts: Vec<Vec<usize>> = Vec::new();
    if all_met {
        scored.sort_by_key(|&(i, v, _)| (std::cmp::Reverse(v), i));
        let mut last = None;
        for &(i, v, _) in &scored {
            if last == Some(v) {
                if let Some(p) = parts.last_mut() {
                    p.push(i);
                }
            } else {
                parts.push(vec![i]);
                last = Some(v);
            }
        }
    } else {
        scored.sort_by_key(|&(i, v, m)| (std::cmp::Reverse(v), std::cmp::Reverse(m), i));
        parts.push(vec![scored[0].0]);
        let mut previous = scored[0].1;
        let mut unique = true;
        for k in 1..scored.len() {
            let best_rest = scored[k..].iter().map(|&(_, _, m)| m).max().unwrap_or(0);
            if unique && previous > best_rest {
                parts.push(vec![scored[k].0]);
            } else {
                unique = false;
                if let Some(p) = parts.last_mut() {
                    p.push(scored[k].0);
                }
            }
            previous = scored[k].1;
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_by_start_date() {
        assert_eq!(Edition::in_force_on("2026/02/28"), Edition::E2024);
        assert_eq!(Edition::in_force_on("2026-03-01"), Edition::E2026);
        assert_eq!(Edition::in_force_on("2025/09/01"), Edition::E2024);
        assert_eq!(Edition::in_force_on(""), Edition::E2026);
        assert_eq!("2024".parse::<Edition>(), Ok(Edition::E2024));
        assert!("2023".parse::<Edition>().is_err());
    }

    /// Found by the `page_forms` fuzz target: a modifier starting with a
    /// character of more than one byte was split inside it.
    #[test]
    fn modifiers_of_any_text_are_refused_not_split() {
        assert_eq!(
            "BH/C1".parse::<TieBreak>(),
            Ok(TieBreak::Buchholz(Cut { low: 1, high: 0 }))
        );
        for bad in ["BH/Ł1", "BH/\u{93}\u{93}Q4", "ARO/€", "BH/", "SB/M1"] {
            assert!(
                matches!(bad.parse::<TieBreak>(), Err(TieBreakError::Modifier { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn order_recorded_in_the_file() {
        let text = "212 PTS,BH/C1,SB\n001    1      A\n";
        let t = crate::trf::parse(text).unwrap();
        let order = order_in_file(&t).unwrap().unwrap();
        assert_eq!(order.len(), 3);
        assert_eq!(order[1].to_string(), "BH/C1");
    }

    #[test]
    fn values_print_like_the_fixtures() {
        let v = |numerator, denominator| TieBreakValue {
            numerator,
            denominator,
        };
        assert_eq!(v(81, 2).to_string(), "40.5");
        assert_eq!(v(80, 2).to_string(), "40.0");
        assert_eq!(v(105, 4).to_string(), "26.25");
        assert_eq!(v(106, 4).to_string(), "26.5");
        assert_eq!(v(3563, 100).to_string(), "35.63");
        assert_eq!(v(2311, 1).to_string(), "2311");
        assert!(v(81, 2) > v(160, 4));
    }
}
