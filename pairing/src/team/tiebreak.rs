//! Team tie-breaks and standings (Handbook C.07, applied to teams) and the
//! individual board statistics used for board prizes.
//!
//! Scores of teams are match points (MP) and game points (GP). Each
//! tie-break that looks at opponents' scores comes in an MP and a GP form:
//!
//! | code | value |
//! | --- | --- |
//! | `MP`, `GP` | the team's match points / game points |
//! | `BH:MP`, `BH:GP` (`/C1`, `/M1` …) | Buchholz: sum of the opponents' MP / GP, cut as C.07 art. 14 says |
//! | `EMMSB` | Sonneborn-Berger: Σ opponent's MP × MP scored in that match |
//! | `EMGSB` | Σ opponent's MP × GP scored in that match |
//! | `EGMSB` | Σ opponent's GP × MP scored in that match |
//! | `EGGSB` | Σ opponent's GP × GP scored in that match |
//! | `DE` | direct encounter (C.07 art. 6): the primary score in the matches among the tied teams, when they all met |
//! | `WIN` | rounds with a match win's match points, played or not (C.07 art. 7.1) |
//! | `WON` | matches won over the board |
//! | `TPN` | pairing number, lower first |
//!
//! Unplayed rounds (byes, matches forfeited as a whole) count, for the
//! team's own Buchholz and Sonneborn-Berger, as a match against a dummy
//! opponent with the team's own score (the C.07 art. 16 principle); the
//! opponents see the team's real score.
//!
//! Products of two scores are exact: MP × GP in half-points, GP × GP in
//! quarter points ([`TieBreakValue`] keeps the denominator).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::model::{GameResult, HalfPoints, PlayerId};
use crate::rating;
use crate::tiebreak::{Cut, TieBreakError, TieBreakValue};

use super::model::{PrimaryScore, TeamId, TeamScore, TeamTournament};

/// Which score of a team a tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    Match,
    Game,
}

/// A team tie-break (see the module table for the codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTieBreak {
    Points(Score),
    Buchholz(Score, Cut),
    /// Opponent's score × own score in the match.
    SonnebornBerger {
        opponent: Score,
        own: Score,
    },
    DirectEncounter,
    Wins,
    WonOverTheBoard,
    PairingNumber,
}

impl TeamTieBreak {
    pub fn lower_is_better(&self) -> bool {
        matches!(self, TeamTieBreak::PairingNumber)
    }
}

fn letter(s: Score) -> char {
    match s {
        Score::Match => 'M',
        Score::Game => 'G',
    }
}

impl fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TeamTieBreak::Points(s) => write!(f, "{}P", letter(s)),
            TeamTieBreak::Buchholz(s, cut) => {
                write!(f, "BH:{}P", letter(s))?;
                if cut.low > 0 && cut.low == cut.high {
                    write!(f, "/M{}", cut.low)
                } else if cut.low > 0 {
                    write!(f, "/C{}", cut.low)
                } else {
                    Ok(())
                }
            }
            TeamTieBreak::SonnebornBerger { opponent, own } => {
                write!(f, "E{}{}SB", letter(opponent), letter(own))
            }
            TeamTieBreak::DirectEncounter => f.write_str("DE"),
            TeamTieBreak::Wins => f.write_str("WIN"),
            TeamTieBreak::WonOverTheBoard => f.write_str("WON"),
            TeamTieBreak::PairingNumber => f.write_str("TPN"),
        }
    }
}

impl FromStr for TeamTieBreak {
    type Err = TieBreakError;

    /// Reads `MP`, `GP`, `BH:MP/C1`, `BH:GP/M1`, `EMGSB`, `DE`, `WIN`, `WON`,
    /// `TPN` (case-insensitive).
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
        let b = code.as_bytes();
        match code {
            "MP" | "MPTS" => no_modifiers(TeamTieBreak::Points(Score::Match)),
            "GP" | "GPTS" => no_modifiers(TeamTieBreak::Points(Score::Game)),
            "DE" => no_modifiers(TeamTieBreak::DirectEncounter),
            "WIN" => no_modifiers(TeamTieBreak::Wins),
            "WON" => no_modifiers(TeamTieBreak::WonOverTheBoard),
            "TPN" => no_modifiers(TeamTieBreak::PairingNumber),
            "BH:MP" | "BH:GP" => {
                let sc = score(b[3]).ok_or_else(unknown)?;
                let mut cut = Cut::NONE;
                for m in &modifiers {
                    let bad = || TieBreakError::Modifier {
                        code: code.to_string(),
                        modifier: m.to_string(),
                        allowed: "/Cn, /Mn",
                    };
                    let n: u8 = m.get(1..).and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                    match m.as_bytes().first() {
                        Some(b'C') => cut.low = n,
                        Some(b'M') => {
                            cut.low = n;
                            cut.high = n;
                        }
                        _ => return Err(bad()),
                    }
                }
                Ok(TeamTieBreak::Buchholz(sc, cut))
            }
            _ if b.len() == 5 && b[0] == b'E' && &b[3..] == b"SB" => {
                let opponent = score(b[1]).ok_or_else(unknown)?;
                let own = score(b[2]).ok_or_else(unknown)?;
                no_modifiers(TeamTieBreak::SonnebornBerger { opponent, own })
            }
            _ => Err(unknown()),
        }
    }
}

/// One round of one team as the tie-breaks see it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    opponent: Option<usize>,
    /// MP and GP scored in the round.
    mp: i64,
    gp: i64,
    /// A match played over the board (not a bye, not forfeited whole).
    played: bool,
    won_over_board: bool,
}

/// The tie-breaks of a team tournament.
pub struct TeamTieBreaks<'a> {
    t: &'a TeamTournament,
    scores: Vec<TeamScore>,
    slots: Vec<Vec<Slot>>,
}

impl<'a> TeamTieBreaks<'a> {
    pub fn new(t: &'a TeamTournament) -> Self {
        let n = t.teams.len();
        let scores = t.scores();
        let empty = Slot {
            opponent: None,
            mp: 0,
            gp: 0,
            played: false,
            won_over_board: false,
        };
        let mut slots = vec![Vec::with_capacity(t.rounds.len()); n];
        for round in &t.rounds {
            let mut row = vec![empty; n];
            if let Some(b) = round.bye.and_then(|b| (b as usize).checked_sub(1)) {
                if let Some(s) = row.get_mut(b) {
                    s.mp = i64::from(t.settings.bye_match_points);
                    s.gp = i64::from(t.settings.bye_game_points);
                }
            }
            for m in &round.matches {
                let Some((hm, am)) = m.match_points(&t.points, &t.settings) else {
                    continue;
                };
                let (hg, ag) = m.game_points(&t.points);
                let (h, a) = (m.home as usize - 1, m.away as usize - 1);
                if h >= n || a >= n {
                    continue;
                }
                let played = m.played();
                row[h] = Slot {
                    opponent: Some(a),
                    mp: i64::from(hm),
                    gp: i64::from(hg),
                    played,
                    won_over_board: played && hm > am,
                };
                row[a] = Slot {
                    opponent: Some(h),
                    mp: i64::from(am),
                    gp: i64::from(ag),
                    played,
                    won_over_board: played && am > hm,
                };
            }
            for (team, slot) in row.into_iter().enumerate() {
                slots[team].push(slot);
            }
        }
        TeamTieBreaks { t, scores, slots }
    }

    fn score(&self, team: usize, s: Score) -> i64 {
        match s {
            Score::Match => i64::from(self.scores[team].match_points),
            Score::Game => i64::from(self.scores[team].game_points),
        }
    }

    fn denominator(s: Score) -> i64 {
        match s {
            Score::Match => 1,
            Score::Game => 2,
        }
    }

    /// The opponents' scores (or the dummy's, for unplayed rounds), one per
    /// round.
    fn opponent_scores(&self, team: usize, s: Score) -> Vec<i64> {
        self.slots[team]
            .iter()
            .map(|slot| match slot.opponent {
                Some(o) if slot.played => self.score(o, s),
                _ => self.score(team, s),
            })
            .collect()
    }

    /// Every team's value of `tb` (teams by id order). `DE` needs the tied
    /// groups: use [`team_standings`].
    pub fn values(&self, tb: &TeamTieBreak) -> Vec<Option<TieBreakValue>> {
        let n = self.t.teams.len();
        (0..n)
            .map(|i| {
                let v = |num: i64, den: i64| {
                    Some(TieBreakValue {
                        numerator: num,
                        denominator: den,
                    })
                };
                match *tb {
                    TeamTieBreak::Points(s) => v(self.score(i, s), Self::denominator(s)),
                    TeamTieBreak::Buchholz(s, cut) => {
                        let mut list = self.opponent_scores(i, s);
                        list.sort_unstable();
                        let low = (cut.low as usize).min(list.len());
                        let high = (cut.high as usize).min(list.len() - low);
                        let sum: i64 = list[low..list.len() - high].iter().sum();
                        v(sum, Self::denominator(s))
                    }
                    TeamTieBreak::SonnebornBerger { opponent, own } => {
                        let theirs = self.opponent_scores(i, opponent);
                        let sum: i64 = self.slots[i]
                            .iter()
                            .zip(&theirs)
                            .map(|(slot, &o)| {
                                o * match own {
                                    Score::Match => slot.mp,
                                    Score::Game => slot.gp,
                                }
                            })
                            .sum();
                        v(sum, Self::denominator(opponent) * Self::denominator(own))
                    }
                    TeamTieBreak::DirectEncounter => None,
                    TeamTieBreak::Wins => {
                        let win = i64::from(self.t.settings.match_win);
                        v(
                            self.slots[i].iter().filter(|s| s.mp >= win).count() as i64,
                            1,
                        )
                    }
                    TeamTieBreak::WonOverTheBoard => v(
                        self.slots[i].iter().filter(|s| s.won_over_board).count() as i64,
                        1,
                    ),
                    TeamTieBreak::PairingNumber => v(i as i64 + 1, 1),
                }
            })
            .collect()
    }

    /// Direct encounter (C.07 art. 6) inside each group of tied teams: the
    /// primary score each scored in the matches among the group, when every
    /// two of them met; otherwise the group stays tied (`None`).
    pub fn direct_encounter(&self, groups: &[Vec<usize>]) -> Vec<Option<TieBreakValue>> {
        let mut out = vec![None; self.t.teams.len()];
        let primary = self.t.settings.primary;
        for group in groups.iter().filter(|g| g.len() > 1) {
            let mut sums = vec![0i64; group.len()];
            let mut complete = true;
            for (x, &i) in group.iter().enumerate() {
                for &j in group.iter().filter(|&&j| j != i) {
                    let mut met = false;
                    for slot in &self.slots[i] {
                        if slot.opponent == Some(j) {
                            met = true;
                            sums[x] += match primary {
                                PrimaryScore::MatchPoints => slot.mp,
                                PrimaryScore::GamePoints => slot.gp,
                            };
                        }
                    }
                    complete &= met;
                }
            }
            if complete {
                let den = match primary {
                    PrimaryScore::MatchPoints => 1,
                    PrimaryScore::GamePoints => 2,
                };
                for (x, &i) in group.iter().enumerate() {
                    out[i] = Some(TieBreakValue {
                        numerator: sums[x],
                        denominator: den,
                    });
                }
            }
        }
        out
    }
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

/// Ranks the teams: by the primary score, then by `order` (each tie-break
/// separating only the teams still tied, C.07 art. 4.2). Teams still tied
/// share a rank.
pub fn team_standings(t: &TeamTournament, order: &[TeamTieBreak]) -> Vec<TeamStandingRow> {
    let tb = TeamTieBreaks::new(t);
    let n = t.teams.len();
    let mut rank = vec![1u32; n];
    let mut sequence: Vec<usize> = (0..n).collect();
    let mut values: Vec<Vec<Option<TieBreakValue>>> = vec![Vec::new(); n];
    let primary = TeamTieBreak::Points(match t.settings.primary {
        PrimaryScore::MatchPoints => Score::Match,
        PrimaryScore::GamePoints => Score::Game,
    });
    let applied = std::iter::once((primary, false)).chain(order.iter().map(|x| (*x, true)));
    for (tie_break, shown) in applied {
        let column = if tie_break == TeamTieBreak::DirectEncounter {
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for &i in &sequence {
                match groups.last_mut() {
                    Some(g) if rank[g[0]] == rank[i] => g.push(i),
                    _ => groups.push(vec![i]),
                }
            }
            tb.direct_encounter(&groups)
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
