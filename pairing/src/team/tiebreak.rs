//! Team tie-breaks and standings (Handbook C.07, Play-Off and Tie-Break
//! Regulations, edition applied from 1 March 2026 by default, or the one of
//! 1 August 2024) and the individual board statistics used for board prizes.
//!
//! A team has two scores (C.07 art. 11.1): match points (MP) and game points
//! (GP). The codes are those of the C.07 art. 5 table in the slash form of
//! TRF-2026 tie-break lists:
//!
//! | code | article | value |
//! | --- | --- | --- |
//! | `MP`, `GP` | 11.1 | the team's match points / game points |
//! | `MPVGP` | 13.1 | the score that is not the primary one |
//! | `BH:MP`, `BH:GP` (`/C1`, `/C2`, `/M1`, `/M2`) | 8.1, 13, 14 | Buchholz: the opponents' MP / GP |
//! | `EMMSB` `EMGSB` `EGMSB` `EGGSB` (`/C1`, `/C2`) | 13.2, 14.1.2 | Σ opponent's MP or GP (2nd letter) × own MP or GP in that match (3rd letter) |
//! | `DE` | 6 | direct encounter on the primary score |
//! | `EDE`, `EDEBT`, `EDEBB`, `EDET`, `EDEB` | 13.3 | direct encounter on the primary, then the secondary score; for two teams still tied on both, the knock-out tie-breaks of art. 12 on their match(es) |
//! | `BC` | 12.1 | board count: Σ board number × GP on that board (lower is better) |
//! | `TBR` | 12.2 | top board results: GP on board 1, then board 2, … |
//! | `BBE` | 12.3 | bottom board elimination: GP without the last board, then without the last two, … |
//! | `SSSC` | 13.4 | secondary score + BH on the primary score ÷ the normalising factor |
//! | `WIN` | 7.1 | rounds with a win's match points, played or not |
//! | `WON` | 7.2 | matches won over the board |
//! | `TPN` | 7.8 | pairing number, lower first |
//!
//! `DE`, `EDE…`, `TBR` and `BBE` order the members of a tied group: their
//! value is the place inside the group (1 = first, ties share the best place),
//! or 0 for every member of a group they do not separate.
//!
//! Unplayed rounds (art. 15, 16), for a team Swiss: a round without a match
//! over the board is a pairing-allocated bye (art. 16.2.1), a forfeit win
//! (a match with no game, won: 16.2.2), a forfeit loss (16.2.4), a
//! half-point bye or a zero-point bye (every round a team is not paired and
//! has no bye, e.g. after withdrawing). The voluntary unplayed rounds (VUR,
//! art. 16.1.2) are the requested byes and the forfeit losses.
//! - Seen by its opponents, a team's score is its real score, except that the
//!   requested byes after its last round that is not a VUR count as drawn
//!   matches (art. 16.3).
//! - A team's own unplayed rounds count as matches against a dummy opponent
//!   whose score is the team's own final score (art. 16.4); from 2026 capped
//!   by the scheduled opponent's score (as its opponents see it) for a
//!   forfeit (16.4.1), by a draw's points × the number of rounds otherwise
//!   (16.4.2). "Points" are MP and GP alike.
//! - Cuts cut a VUR contribution first (art. 16.5), see
//!   `crate::tiebreak::apply_cuts`.
//! - In a round robin, forfeits count as played matches and rounds without a
//!   match are left out (art. 15.2).
//!
//! Products of two scores are exact: MP × GP in half-points, GP × GP in
//! quarter points ([`TieBreakValue`] keeps the denominator).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::model::{GameResult, HalfPoints, PlayerId};
use crate::rating;
pub use crate::tiebreak::Edition;
use crate::tiebreak::{
    apply_cuts, encounter_parts, Contribution, Cut, TieBreakError, TieBreakValue,
};

use super::model::{game_points, PrimaryScore, TeamId, TeamScore, TeamSystem, TeamTournament};

/// Which score of a team a tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    Match,
    Game,
}

impl Score {
    fn other(self) -> Score {
        match self {
            Score::Match => Score::Game,
            Score::Game => Score::Match,
        }
    }

    fn of(primary: PrimaryScore) -> Score {
        match primary {
            PrimaryScore::MatchPoints => Score::Match,
            PrimaryScore::GamePoints => Score::Game,
        }
    }

    /// Units per point: match points are whole, game points half-points.
    fn denominator(self) -> i64 {
        match self {
            Score::Match => 1,
            Score::Game => 2,
        }
    }
}

/// What Extended Direct Encounter adds for exactly two teams still tied on
/// both scores among themselves (C.07 art. 13.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Knockout {
    /// Nothing: the two stay tied (`EDE`).
    None,
    /// Board count, then top board results (`EDEBT`).
    CountThenTop,
    /// Board count, then bottom board elimination (`EDEBB`).
    CountThenBottom,
    /// Top board results (`EDET`).
    Top,
    /// Bottom board elimination (`EDEB`).
    Bottom,
}

impl Knockout {
    fn suffix(self) -> &'static str {
        match self {
            Knockout::None => "",
            Knockout::CountThenTop => "BT",
            Knockout::CountThenBottom => "BB",
            Knockout::Top => "T",
            Knockout::Bottom => "B",
        }
    }

    fn steps(self) -> &'static [Board] {
        match self {
            Knockout::None => &[],
            Knockout::CountThenTop => &[Board::Count, Board::Top],
            Knockout::CountThenBottom => &[Board::Count, Board::Bottom],
            Knockout::Top => &[Board::Top],
            Knockout::Bottom => &[Board::Bottom],
        }
    }
}

/// The knock-out tie-breaks of C.07 art. 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Board {
    Count,
    Top,
    Bottom,
}

/// A team tie-break (see the module table for the codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTieBreak {
    Points(Score),
    /// The score that is not the primary one (`MPVGP`).
    SecondaryScore,
    Buchholz(Score, Cut),
    /// Opponent's score × own score in the match.
    SonnebornBerger {
        opponent: Score,
        own: Score,
        cut: Cut,
    },
    DirectEncounter,
    ExtendedDirectEncounter(Knockout),
    BoardCount,
    TopBoardResults,
    BottomBoardElimination,
    ScheduleStrength,
    Wins,
    WonOverTheBoard,
    PairingNumber,
}

impl TeamTieBreak {
    /// Lower values rank first: the pairing number, the board count and the
    /// places given by the group tie-breaks.
    pub fn lower_is_better(&self) -> bool {
        matches!(self, TeamTieBreak::PairingNumber | TeamTieBreak::BoardCount)
            || self.orders_groups()
    }

    /// Whether the tie-break orders the members of a tied group (its value is
    /// a place in the group) rather than giving each team a value.
    pub fn orders_groups(&self) -> bool {
        matches!(
            self,
            TeamTieBreak::DirectEncounter
                | TeamTieBreak::ExtendedDirectEncounter(_)
                | TeamTieBreak::TopBoardResults
                | TeamTieBreak::BottomBoardElimination
        )
    }
}

fn letter(s: Score) -> char {
    match s {
        Score::Match => 'M',
        Score::Game => 'G',
    }
}

fn write_cut(f: &mut fmt::Formatter<'_>, cut: Cut) -> fmt::Result {
    if cut.low > 0 && cut.low == cut.high {
        write!(f, "/M{}", cut.low)
    } else if cut.low > 0 {
        write!(f, "/C{}", cut.low)
    } else {
        Ok(())
    }
}

impl fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TeamTieBreak::Points(s) => write!(f, "{}P", letter(s)),
            TeamTieBreak::SecondaryScore => f.write_str("MPVGP"),
            TeamTieBreak::Buchholz(s, cut) => {
                write!(f, "BH:{}P", letter(s))?;
                write_cut(f, cut)
            }
            TeamTieBreak::SonnebornBerger { opponent, own, cut } => {
                write!(f, "E{}{}SB", letter(opponent), letter(own))?;
                write_cut(f, cut)
            }
            TeamTieBreak::DirectEncounter => f.write_str("DE"),
            TeamTieBreak::ExtendedDirectEncounter(k) => write!(f, "EDE{}", k.suffix()),
            TeamTieBreak::BoardCount => f.write_str("BC"),
            TeamTieBreak::TopBoardResults => f.write_str("TBR"),
            TeamTieBreak::BottomBoardElimination => f.write_str("BBE"),
            TeamTieBreak::ScheduleStrength => f.write_str("SSSC"),
            TeamTieBreak::Wins => f.write_str("WIN"),
            TeamTieBreak::WonOverTheBoard => f.write_str("WON"),
            TeamTieBreak::PairingNumber => f.write_str("TPN"),
        }
    }
}

impl FromStr for TeamTieBreak {
    type Err = TieBreakError;

    /// Reads the codes of the module table (case-insensitive), e.g. `MP`,
    /// `BH:MP/C1`, `BH:GP/M1`, `EMGSB/C1`, `EDEBT`, `SSSC`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let code = parts.next().unwrap_or("");
        let modifiers: Vec<&str> = parts.collect();
        let score = |c: u8| match c {
            b'M' => Some(Score::Match),
            b'G' => Some(Score::Game),
            _ => None,
        };
        let unknown = || TieBreakError::Unknown(s.to_string());
        let no_modifiers = |tb: TeamTieBreak| -> Result<TeamTieBreak, TieBreakError> {
            match modifiers.first() {
                None => Ok(tb),
                Some(m) => Err(TieBreakError::Modifier {
                    code: code.to_string(),
                    modifier: m.to_string(),
                    allowed: "none",
                }),
            }
        };
        let cuts = |median: bool| -> Result<Cut, TieBreakError> {
            let allowed = if median {
                "/C1, /C2, /M1, /M2"
            } else {
                "/C1, /C2"
            };
            let mut cut = Cut::NONE;
            for m in &modifiers {
                let bad = || TieBreakError::Modifier {
                    code: code.to_string(),
                    modifier: m.to_string(),
                    allowed,
                };
                let n: u8 = m.get(1..).and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                if !(1..=2).contains(&n) {
                    return Err(bad());
                }
                match m.as_bytes().first() {
                    Some(b'C') => cut.low = n,
                    Some(b'M') if median => {
                        cut.low = n;
                        cut.high = n;
                    }
                    _ => return Err(bad()),
                }
            }
            Ok(cut)
        };
        let b = code.as_bytes();
        match code {
            "MP" | "MPTS" => no_modifiers(TeamTieBreak::Points(Score::Match)),
            "GP" | "GPTS" => no_modifiers(TeamTieBreak::Points(Score::Game)),
            "MPVGP" => no_modifiers(TeamTieBreak::SecondaryScore),
            "DE" => no_modifiers(TeamTieBreak::DirectEncounter),
            "EDE" => no_modifiers(TeamTieBreak::ExtendedDirectEncounter(Knockout::None)),
            "EDEBT" => no_modifiers(TeamTieBreak::ExtendedDirectEncounter(
                Knockout::CountThenTop,
            )),
            "EDEBB" => no_modifiers(TeamTieBreak::ExtendedDirectEncounter(
                Knockout::CountThenBottom,
            )),
            "EDET" => no_modifiers(TeamTieBreak::ExtendedDirectEncounter(Knockout::Top)),
            "EDEB" => no_modifiers(TeamTieBreak::ExtendedDirectEncounter(Knockout::Bottom)),
            "BC" => no_modifiers(TeamTieBreak::BoardCount),
            "TBR" => no_modifiers(TeamTieBreak::TopBoardResults),
            "BBE" => no_modifiers(TeamTieBreak::BottomBoardElimination),
            "SSSC" => no_modifiers(TeamTieBreak::ScheduleStrength),
            "WIN" => no_modifiers(TeamTieBreak::Wins),
            "WON" => no_modifiers(TeamTieBreak::WonOverTheBoard),
            "TPN" => no_modifiers(TeamTieBreak::PairingNumber),
            "BH:MP" | "BH:GP" => {
                let sc = score(b[3]).ok_or_else(unknown)?;
                Ok(TeamTieBreak::Buchholz(sc, cuts(true)?))
            }
            // Art. 14.1.2: the Sonneborn-Berger variants take Cut-1 and
            // Cut-2 (the art. 5 table marks Cut-1; no median).
            _ if b.len() == 5 && b[0] == b'E' && &b[3..] == b"SB" => {
                let opponent = score(b[1]).ok_or_else(unknown)?;
                let own = score(b[2]).ok_or_else(unknown)?;
                Ok(TeamTieBreak::SonnebornBerger {
                    opponent,
                    own,
                    cut: cuts(false)?,
                })
            }
            _ => Err(unknown()),
        }
    }
}

/// A tie-break travels as its code (`"BH:MP/C1"`).
impl serde::Serialize for TeamTieBreak {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for TeamTieBreak {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = <String as serde::Deserialize>::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

/// What a team had in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A match (over the board, or forfeited as a whole).
    Match { round: usize, index: usize },
    /// The pairing-allocated bye.
    Bye,
    /// A half-point bye.
    HalfBye,
    /// Not paired, no bye: a zero-point bye.
    Absent,
    /// A match without every result yet: left out.
    Pending,
}

/// One round of one team as the tie-breaks see it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    kind: Kind,
    opponent: Option<usize>,
    /// MP and GP (half-points) scored in the round.
    mp: i64,
    gp: i64,
    /// A match played over the board (not a bye, not forfeited whole).
    played: bool,
    /// A voluntary unplayed round (art. 16.1.2).
    vur: bool,
    won_over_board: bool,
}

impl Slot {
    fn points(&self, s: Score) -> i64 {
        match s {
            Score::Match => self.mp,
            Score::Game => self.gp,
        }
    }
}

/// The tie-breaks of a team tournament.
pub struct TeamTieBreaks<'a> {
    t: &'a TeamTournament,
    edition: Edition,
    round_robin: bool,
    scores: Vec<TeamScore>,
    slots: Vec<Vec<Slot>>,
}

impl<'a> TeamTieBreaks<'a> {
    /// The tie-breaks under the edition of C.07 in force (2026).
    pub fn new(t: &'a TeamTournament) -> Self {
        Self::with_edition(t, Edition::E2026)
    }

    pub fn with_edition(t: &'a TeamTournament, edition: Edition) -> Self {
        let n = t.teams.len();
        let scores = t.scores();
        let absent = Slot {
            kind: Kind::Absent,
            opponent: None,
            mp: 0,
            gp: 0,
            played: false,
            vur: true,
            won_over_board: false,
        };
        let half_bye_gp = i64::from(t.half_bye_game_points());
        let mut slots = vec![Vec::with_capacity(t.rounds.len()); n];
        for (r, round) in t.rounds.iter().enumerate() {
            let mut row = vec![absent; n];
            if let Some(s) = round
                .bye
                .and_then(|b| (b as usize).checked_sub(1))
                .and_then(|b| row.get_mut(b))
            {
                s.kind = Kind::Bye;
                s.mp = i64::from(t.settings.bye_match_points);
                s.gp = i64::from(t.settings.bye_game_points);
                s.vur = false;
            }
            for &team in &round.half_byes {
                if let Some(s) = (team as usize).checked_sub(1).and_then(|i| row.get_mut(i)) {
                    s.kind = Kind::HalfBye;
                    s.mp = i64::from(t.settings.match_draw);
                    s.gp = half_bye_gp;
                }
            }
            for (index, m) in round.matches.iter().enumerate() {
                let (h, a) = (m.home as usize, m.away as usize);
                if h == 0 || a == 0 || h > n || a > n {
                    continue;
                }
                let (h, a) = (h - 1, a - 1);
                let Some((hm, am)) = m.match_points(&t.points, &t.settings) else {
                    for (me, them) in [(h, a), (a, h)] {
                        row[me] = Slot {
                            kind: Kind::Pending,
                            opponent: Some(them),
                            vur: false,
                            ..absent
                        };
                    }
                    continue;
                };
                let (hg, ag) = m.game_points(&t.points);
                let played = m.played();
                for (me, them, mp, gp, their_mp) in [(h, a, hm, hg, am), (a, h, am, ag, hm)] {
                    row[me] = Slot {
                        kind: Kind::Match { round: r, index },
                        opponent: Some(them),
                        mp: i64::from(mp),
                        gp: i64::from(gp),
                        played,
                        // A match lost (or drawn) without any game is a
                        // forfeit loss; one won is a forfeit win.
                        vur: !played && mp <= their_mp,
                        won_over_board: played && mp > their_mp,
                    };
                }
            }
            for (team, slot) in row.into_iter().enumerate() {
                slots[team].push(slot);
            }
        }
        TeamTieBreaks {
            t,
            edition,
            round_robin: matches!(
                t.system,
                TeamSystem::RoundRobin { .. } | TeamSystem::Scheveningen
            ),
            scores,
            slots,
        }
    }

    fn rounds(&self) -> usize {
        self.t.rounds.len()
    }

    fn score(&self, team: usize, s: Score) -> i64 {
        match s {
            Score::Match => i64::from(self.scores[team].match_points),
            Score::Game => i64::from(self.scores[team].game_points),
        }
    }

    fn primary(&self) -> Score {
        Score::of(self.t.settings.primary)
    }

    /// A drawn match's points: what a requested bye at the end counts for
    /// the opponents (art. 16.3.2) and the base of the 2026 cap (16.4.2).
    fn draw(&self, s: Score) -> i64 {
        match s {
            Score::Match => i64::from(self.t.settings.match_draw),
            Score::Game => i64::from(self.t.half_bye_game_points()),
        }
    }

    /// A won match's points (or, for game points, every board won).
    fn win(&self, s: Score) -> i64 {
        match s {
            Score::Match => i64::from(self.t.settings.match_win),
            Score::Game => i64::from(self.t.settings.boards) * i64::from(self.t.points.win),
        }
    }

    /// Every team's score as its opponents see it (art. 16.3).
    fn adjusted(&self, s: Score) -> Vec<i64> {
        let no_opponent = if self.round_robin { 0 } else { self.draw(s) };
        self.slots
            .iter()
            .map(|slots| {
                let last_not_vur = slots.iter().rposition(|x| !x.vur).map_or(0, |r| r + 1);
                slots
                    .iter()
                    .enumerate()
                    .map(|(r, x)| {
                        if r < last_not_vur || x.opponent.is_some() {
                            x.points(s)
                        } else {
                            no_opponent
                        }
                    })
                    .sum()
            })
            .collect()
    }

    /// The contributions of each round to a Buchholz-like sum of `team`:
    /// the opponent's (or the dummy's) score in `opponent` points, and the
    /// value (that score, or its product by the team's own `own` points of
    /// the round).
    fn contributions(
        &self,
        team: usize,
        opponent: Score,
        own: Option<Score>,
        seen: &[i64],
    ) -> Vec<Contribution> {
        let own_score = self.score(team, opponent);
        let cap_no_opponent = self.draw(opponent) * self.rounds() as i64;
        let mut out = Vec::with_capacity(self.rounds());
        for s in &self.slots[team] {
            if s.kind == Kind::Pending {
                continue;
            }
            let as_played = s.played || self.round_robin;
            let (score, vur) = match s.opponent {
                Some(o) if as_played => (seen[o], false),
                _ if self.round_robin => continue,
                scheduled => {
                    let mut score = own_score;
                    if self.edition == Edition::E2026 {
                        score = match scheduled {
                            Some(o) => score.min(seen[o]),
                            None => score.min(cap_no_opponent),
                        };
                    }
                    (score, s.vur)
                }
            };
            let value = match own {
                Some(sc) => score * s.points(sc),
                None => score,
            };
            out.push(Contribution { vur, value, score });
        }
        out
    }

    fn buchholz(&self, s: Score, cut: Cut) -> Vec<i64> {
        let seen = self.adjusted(s);
        (0..self.t.teams.len())
            .map(|i| {
                let mut list = self.contributions(i, s, None, &seen);
                apply_cuts(&mut list, cut, self.rounds());
                list.iter().map(|c| c.value).sum()
            })
            .collect()
    }

    /// The normalising factor of SSSC (art. 13.4): the highest primary score
    /// of the tournament ÷ the highest secondary score of one match,
    /// truncated (at least 1).
    pub fn normalising_factor(&self) -> i64 {
        let p = self.primary();
        let rounds = (self.t.total_rounds as i64).max(self.rounds() as i64);
        // In points: win(p)/den(p) × rounds ÷ (win(s)/den(s)).
        let s = p.other();
        let num = self.win(p) * rounds * s.denominator();
        let den = self.win(s) * p.denominator();
        if den <= 0 {
            1
        } else {
            (num / den).max(1)
        }
    }

    /// Every team's value of `tb` (teams by id order). The tie-breaks that
    /// order groups (DE, EDE…, TBR, BBE) are computed among the teams tied on
    /// the primary score: use [`team_standings`] for the real tied groups.
    pub fn values(&self, tb: &TeamTieBreak) -> Vec<Option<TieBreakValue>> {
        if tb.orders_groups() {
            let p = self.primary();
            let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
            for i in 0..self.t.teams.len() {
                let v = self.score(i, p);
                match groups.iter_mut().find(|g| g.0 == v) {
                    Some(g) => g.1.push(i),
                    None => groups.push((v, vec![i])),
                }
            }
            let groups: Vec<Vec<usize>> = groups.into_iter().map(|g| g.1).collect();
            return self.group_values(tb, &groups);
        }
        let n = self.t.teams.len();
        let v = |num: i64, den: i64| {
            Some(TieBreakValue {
                numerator: num,
                denominator: den,
            })
        };
        match *tb {
            TeamTieBreak::Points(s) => (0..n)
                .map(|i| v(self.score(i, s), s.denominator()))
                .collect(),
            TeamTieBreak::SecondaryScore => {
                let s = self.primary().other();
                (0..n)
                    .map(|i| v(self.score(i, s), s.denominator()))
                    .collect()
            }
            TeamTieBreak::Buchholz(s, cut) => self
                .buchholz(s, cut)
                .into_iter()
                .map(|x| v(x, s.denominator()))
                .collect(),
            TeamTieBreak::SonnebornBerger { opponent, own, cut } => {
                let seen = self.adjusted(opponent);
                (0..n)
                    .map(|i| {
                        let mut list = self.contributions(i, opponent, Some(own), &seen);
                        apply_cuts(&mut list, cut, self.rounds());
                        let sum = list.iter().map(|c| c.value).sum();
                        v(sum, opponent.denominator() * own.denominator())
                    })
                    .collect()
            }
            TeamTieBreak::ScheduleStrength => {
                let p = self.primary();
                let s = p.other();
                let f = self.normalising_factor();
                let bh = self.buchholz(p, Cut::NONE);
                // secondary/den(s) + bh/(den(p)·f), over den(s)·den(p)·f.
                (0..n)
                    .map(|i| {
                        v(
                            self.score(i, s) * p.denominator() * f + bh[i] * s.denominator(),
                            s.denominator() * p.denominator() * f,
                        )
                    })
                    .collect()
            }
            TeamTieBreak::BoardCount => (0..n)
                .map(|i| {
                    let boards = self.board_points(i, None);
                    let count = boards
                        .iter()
                        .enumerate()
                        .map(|(b, &gp)| (b as i64 + 1) * gp)
                        .sum();
                    v(count, 2)
                })
                .collect(),
            TeamTieBreak::Wins => {
                let win = i64::from(self.t.settings.match_win);
                (0..n)
                    .map(|i| {
                        v(
                            self.slots[i].iter().filter(|s| s.mp >= win).count() as i64,
                            1,
                        )
                    })
                    .collect()
            }
            TeamTieBreak::WonOverTheBoard => (0..n)
                .map(|i| {
                    v(
                        self.slots[i].iter().filter(|s| s.won_over_board).count() as i64,
                        1,
                    )
                })
                .collect(),
            TeamTieBreak::PairingNumber => (0..n).map(|i| v(i as i64 + 1, 1)).collect(),
            TeamTieBreak::DirectEncounter
            | TeamTieBreak::ExtendedDirectEncounter(_)
            | TeamTieBreak::TopBoardResults
            | TeamTieBreak::BottomBoardElimination => unreachable!("handled above"),
        }
    }

    /// A group tie-break inside each of `groups` (team indices): the place of
    /// each member in its group (1 = first, ties share the best place), 0 for
    /// the members of a group it does not separate; `None` for teams in no
    /// group of two or more.
    pub fn group_values(
        &self,
        tb: &TeamTieBreak,
        groups: &[Vec<usize>],
    ) -> Vec<Option<TieBreakValue>> {
        let mut out = vec![None; self.t.teams.len()];
        for group in groups.iter().filter(|g| g.len() > 1) {
            let mut parts = Vec::new();
            match *tb {
                TeamTieBreak::DirectEncounter => {
                    self.split_direct(group.clone(), self.primary(), &mut parts)
                }
                TeamTieBreak::ExtendedDirectEncounter(k) => {
                    self.split_extended(group.clone(), 0, k, &mut parts)
                }
                TeamTieBreak::TopBoardResults => {
                    parts = order_by_keys(group, |i| self.board_keys(i, None, Board::Top))
                }
                TeamTieBreak::BottomBoardElimination => {
                    parts = order_by_keys(group, |i| self.board_keys(i, None, Board::Bottom))
                }
                _ => {
                    let values = self.values(tb);
                    for &i in group {
                        out[i] = values[i];
                    }
                    continue;
                }
            }
            let separated = parts.len() > 1;
            let mut place = 1i64;
            for part in parts {
                for &i in &part {
                    out[i] = Some(TieBreakValue {
                        numerator: if separated { place } else { 0 },
                        denominator: 1,
                    });
                }
                place += part.len() as i64;
            }
        }
        out
    }

    /// The slots of `team` that count for a direct encounter with a member
    /// of `group` (art. 6.1.1: forfeits only in a round robin).
    fn encounters<'s>(
        &'s self,
        team: usize,
        group: &'s [usize],
    ) -> impl Iterator<Item = &'s Slot> + 's {
        self.slots[team].iter().filter(move |s| {
            s.kind != Kind::Pending
                && (s.played || self.round_robin)
                && s.opponent.is_some_and(|o| group.contains(&o))
        })
    }

    /// Splits `group` into ordered parts by the `s` points scored in the
    /// matches among its members (art. 6): all met → by the sums; in a Swiss
    /// where not all met, a team goes ahead only when no outcome of the
    /// missing matches could change it (art. 6.3). Repeated meetings count
    /// their average (art. 6.1.2). One part when nothing separates.
    fn split_once(&self, group: &[usize], s: Score) -> Vec<Vec<usize>> {
        // Scaled by 12 so that averages over repeated matches stay exact.
        const SCALE: i64 = 12;
        let others = group.len() - 1;
        let mut all_met = true;
        let mut scored: Vec<(usize, i64, i64)> = Vec::with_capacity(group.len());
        for &i in group {
            let mut per_opponent: Vec<(usize, i64, i64)> = Vec::new();
            for slot in self.encounters(i, group) {
                let o = slot.opponent.unwrap_or(usize::MAX);
                match per_opponent.iter_mut().find(|(p, _, _)| *p == o) {
                    Some(e) => {
                        e.1 += slot.points(s);
                        e.2 += 1;
                    }
                    None => per_opponent.push((o, slot.points(s), 1)),
                }
            }
            let value: i64 = per_opponent
                .iter()
                .map(|&(_, sum, k)| sum * SCALE / k)
                .sum();
            let met = per_opponent.len();
            let max = if !self.round_robin && met < others {
                all_met = false;
                value + (others - met) as i64 * self.win(s) * SCALE
            } else {
                value
            };
            scored.push((i, value, max));
        }
        encounter_parts(scored, all_met)
    }

    /// Direct encounter (art. 6) on score `s`, applied again inside every
    /// part it separates (art. 6.2).
    fn split_direct(&self, group: Vec<usize>, s: Score, out: &mut Vec<Vec<usize>>) {
        if group.len() < 2 {
            out.push(group);
            return;
        }
        let parts = self.split_once(&group, s);
        if parts.len() == 1 {
            out.push(group);
            return;
        }
        for part in parts {
            self.split_direct(part, s, out);
        }
    }

    /// Extended direct encounter (art. 13.3): direct encounter on the primary
    /// score, or when it separates nobody on the secondary score (13.3.1);
    /// the parts it separates start again with the score that separated
    /// them, then the other one (13.3.3 read as the TEC exercises do: a part
    /// stays within the same application of the tie-break). Two teams still
    /// tied on both go through the knock-out steps on their own match(es)
    /// (13.3.2).
    fn split_extended(
        &self,
        group: Vec<usize>,
        start: usize,
        knockout: Knockout,
        out: &mut Vec<Vec<usize>>,
    ) {
        if group.len() < 2 {
            out.push(group);
            return;
        }
        let scores = [self.primary(), self.primary().other()];
        for k in 0..2 {
            let at = (start + k) % 2;
            let parts = self.split_once(&group, scores[at]);
            if parts.len() > 1 {
                for part in parts {
                    self.split_extended(part, at, knockout, out);
                }
                return;
            }
        }
        if group.len() == 2 {
            for &step in knockout.steps() {
                let parts = order_by_keys(&group, |i| self.board_keys(i, Some(&group), step));
                if parts.len() > 1 {
                    out.extend(parts);
                    return;
                }
            }
        }
        out.push(group);
    }

    /// Game points (half-points) of `team` on each board number, over all its
    /// matches, or only those against members of `among`. Art. 12: a forfeit
    /// counts as the game it replaces, a pairing-allocated bye as a win on
    /// every board; a half-point bye counts (our choice) as a draw on every
    /// board.
    fn board_points(&self, team: usize, among: Option<&[usize]>) -> Vec<i64> {
        let boards = self.t.settings.boards as usize;
        let ps = &self.t.points;
        let mut out = vec![0i64; boards];
        for s in &self.slots[team] {
            if let Some(group) = among {
                let counts = (s.played || self.round_robin)
                    && s.opponent.is_some_and(|o| group.contains(&o));
                if !counts {
                    continue;
                }
            }
            match s.kind {
                Kind::Match { round, index } => {
                    let m = &self.t.rounds[round].matches[index];
                    let home = m.home as usize == team + 1;
                    for (b, board) in m.boards.iter().enumerate().take(boards) {
                        if let Some(r) = board.result {
                            out[b] +=
                                i64::from(game_points(if home { r.home } else { r.away }, ps));
                        }
                    }
                }
                Kind::Bye => out.iter_mut().for_each(|x| *x += i64::from(ps.win)),
                Kind::HalfBye => out.iter_mut().for_each(|x| *x += i64::from(ps.draw)),
                Kind::Absent | Kind::Pending => {}
            }
        }
        out
    }

    /// The comparison key (higher ranks first) of a knock-out step.
    fn board_keys(&self, team: usize, among: Option<&[usize]>, step: Board) -> Vec<i64> {
        let points = self.board_points(team, among);
        match step {
            // Art. 12.1: lower is better.
            Board::Count => vec![-points
                .iter()
                .enumerate()
                .map(|(b, &gp)| (b as i64 + 1) * gp)
                .sum::<i64>()],
            // Art. 12.2: board 1, then board 2, …
            Board::Top => points,
            // Art. 12.3: without the bottom board, then without the two
            // bottom boards, …
            Board::Bottom => (1..points.len())
                .rev()
                .map(|keep| points[..keep].iter().sum())
                .collect(),
        }
    }
}

/// Orders `group` by `key` (higher first, compared lexicographically) into
/// parts of equal keys.
fn order_by_keys(group: &[usize], key: impl Fn(usize) -> Vec<i64>) -> Vec<Vec<usize>> {
    let mut keyed: Vec<(Vec<i64>, usize)> = group.iter().map(|&i| (key(i), i)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut last: Option<&Vec<i64>> = None;
    for (k, i) in &keyed {
        match parts.last_mut() {
            Some(p) if last == Some(k) => p.push(*i),
            _ => parts.push(vec![*i]),
        }
        last = Some(k);
    }
    parts
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandingRow {
    pub team: TeamId,
    /// Competition rank (ties share the best rank).
    pub rank: u32,
    pub match_points: i32,
    pub game_points: HalfPoints,
    /// The value of each tie-break of the order, in the order given.
    pub values: Vec<Option<TieBreakValue>>,
}

/// Ranks the teams (C.07 edition in force, 2026): see
/// [`team_standings_with`].
pub fn team_standings(t: &TeamTournament, order: &[TeamTieBreak]) -> Vec<TeamStandingRow> {
    team_standings_with(t, order, Edition::E2026)
}

/// Ranks the teams: by the primary score, then by `order`, each tie-break
/// applied to every subgroup of teams still tied (C.07 art. 4.2). Teams
/// still tied share a rank.
pub fn team_standings_with(
    t: &TeamTournament,
    order: &[TeamTieBreak],
    edition: Edition,
) -> Vec<TeamStandingRow> {
    let tb = TeamTieBreaks::with_edition(t, edition);
    let n = t.teams.len();
    let mut rank = vec![1u32; n];
    let mut sequence: Vec<usize> = (0..n).collect();
    let mut values: Vec<Vec<Option<TieBreakValue>>> = vec![Vec::new(); n];
    let primary = TeamTieBreak::Points(tb.primary());
    let applied = std::iter::once((primary, false)).chain(order.iter().map(|x| (*x, true)));
    for (tie_break, shown) in applied {
        let column = if tie_break.orders_groups() {
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for &i in &sequence {
                match groups.last_mut() {
                    Some(g) if rank[g[0]] == rank[i] => g.push(i),
                    _ => groups.push(vec![i]),
                }
            }
            tb.group_values(&tie_break, &groups)
        } else {
            tb.values(&tie_break)
        };
        rerank(
            &mut sequence,
            &mut rank,
            &column,
            tie_break.lower_is_better(),
        );
        if shown {
            for (row, value) in values.iter_mut().zip(&column) {
                row.push(*value);
            }
        }
    }
    sequence
        .into_iter()
        .map(|i| TeamStandingRow {
            team: i as TeamId + 1,
            rank: rank[i],
            match_points: tb.scores[i].match_points,
            game_points: tb.scores[i].game_points,
            values: std::mem::take(&mut values[i]),
        })
        .collect()
}

fn rerank(sequence: &mut [usize], rank: &mut [u32], column: &[Option<TieBreakValue>], lower: bool) {
    let compare = |a: &usize, b: &usize| -> Ordering {
        rank[*a]
            .cmp(&rank[*b])
            .then_with(|| match (column[*a], column[*b]) {
                (Some(x), Some(y)) if lower => x.cmp(&y),
                (Some(x), Some(y)) => y.cmp(&x),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            })
            .then_with(|| a.cmp(b))
    };
    sequence.sort_by(compare);
    let old: Vec<u32> = sequence.iter().map(|&i| rank[i]).collect();
    for k in 0..sequence.len() {
        let i = sequence[k];
        if k > 0 && old[k] == old[k - 1] && column[i] == column[sequence[k - 1]] {
            rank[i] = rank[sequence[k - 1]];
        } else {
            rank[i] = k as u32 + 1;
        }
    }
}
/// A player's results on one board number (for board prizes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStat {
    pub player: PlayerId,
    pub team: TeamId,
    /// Board number, 1-based.
    pub board: u32,
    /// Rounds the player was lined up on this board (games and forfeits).
    pub games: u32,
    /// Games played over the board (forfeits are not games: C.07 counts them
    /// as unplayed rounds).
    pub played: u32,
    /// Points scored, forfeits included (half-points).
    pub points: HalfPoints,
    /// Points in the games played over the board (half-points).
    pub points_played: HalfPoints,
    /// Tournament performance rating (C.07 art. 10.2) over the games played
    /// against rated opponents.
    pub performance: Option<i32>,
}

/// Every player's statistics per board number, by board then player id.
pub fn board_statistics(t: &TeamTournament) -> Vec<BoardStat> {
    let mut stats: Vec<(BoardStat, HalfPoints, Vec<u32>)> = Vec::new();
    for round in &t.rounds {
        for m in &round.matches {
            for (k, board) in m.boards.iter().enumerate() {
                let Some(result) = board.result else { continue };
                for (me, them, mine, team) in [
                    (board.home, board.away, result.home, m.home),
                    (board.away, board.home, result.away, m.away),
                ] {
                    let Some(me) = me else { continue };
                    let at = match stats
                        .iter()
                        .position(|s| s.0.player == me && s.0.board == k as u32 + 1)
                    {
                        Some(at) => at,
                        None => {
                            stats.push((
                                BoardStat {
                                    player: me,
                                    team,
                                    board: k as u32 + 1,
                                    games: 0,
                                    played: 0,
                                    points: 0,
                                    points_played: 0,
                                    performance: None,
                                },
                                0,
                                Vec::new(),
                            ));
                            stats.len() - 1
                        }
                    };
                    let entry = &mut stats[at];
                    let points = super::model::game_points(mine, &t.points);
                    entry.0.games += 1;
                    entry.0.points += points;
                    if board.played() {
                        entry.0.played += 1;
                        entry.0.points_played += points;
                        let rated = match mine {
                            GameResult::Win => 2,
                            GameResult::Draw => 1,
                            _ => 0,
                        };
                        if let Some(r) = them.and_then(|o| t.player(o)).and_then(|p| p.rating) {
                            entry.1 += rated;
                            entry.2.push(r);
                        }
                    }
                }
            }
        }
    }
    let mut out: Vec<BoardStat> = stats
        .into_iter()
        .map(|(mut s, rated_points, opponents)| {
            s.performance = rating::performance_rating(rated_points, &opponents);
            s
        })
        .collect();
    out.sort_by_key(|s| (s.board, s.player));
    out
}

/// The board prize ranking of board `board`: players with at least
/// `min_games` games played over the board on it, by performance rating,
/// then by points, then by fewer games (the same score in fewer games is the
/// higher percentage), then by player id.
pub fn board_ranking(t: &TeamTournament, board: u32, min_games: u32) -> Vec<BoardStat> {
    let mut list: Vec<BoardStat> = board_statistics(t)
        .into_iter()
        .filter(|s| s.board == board && s.played >= min_games)
        .collect();
    list.sort_by(|a, b| {
        b.performance
            .cmp(&a.performance)
            .then(b.points.cmp(&a.points))
            .then(a.played.cmp(&b.played))
            .then(a.player.cmp(&b.player))
    });
    list
}
