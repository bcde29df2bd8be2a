//! Title norms (FIDE Handbook B.01, Title Regulations, edition applied from
//! 1 January 2024, art. 1.4): for each player and each of the GM, IM, WGM and
//! WIM titles, whether the event's games make a norm, requirement by
//! requirement with the numbers; and before the last round(s), which scores
//! in the remaining games give which norm.
//!
//! What is applied (article numbers of B.01):
//! - 1.4.1a games: at least 9; 1.4.1b 7 games in a World / Continental team or
//!   club championship of 7–9 rounds, 8 in a World Cup; 1.4.1c in a 9-round
//!   event 8 games count as a 9-game norm when the missing game is a forfeit
//!   win or a pairing-allocated bye; 1.4.1d each full point above the score
//!   the norm needs counts as one extra game; 1.4.1e in events without
//!   predetermined pairings the games after a title result may be left out
//!   (the norm may be taken from rounds 1..k); 1.4.1f games against opponents
//!   the player beat may be left out (in a round robin the mix of the whole
//!   event must still allow a norm). The best choice is searched.
//! - 1.4.2 games not counted: opponents not of a FIDE federation, computers,
//!   forfeits (and any result not reached over the board); in round robins,
//!   unrated opponents who scored zero against rated opponents (1.4.2b).
//! - 1.4.3/1.4.4 federations: opponents from at least two federations other
//!   than the player's; at most 3/5 from the player's own, at most 2/3 from
//!   any one (maxima rounded down). `FID` is not a federation. Exempt (both
//!   articles): 1.4.3a final of a national championship and 1.4.3b national
//!   team championship (players of the registering federation), 1.4.3c zonals,
//!   1.4.3d Swiss events with, in every round, at least 20 rated players not
//!   of the host federation from at least 3 federations, 10 of them GM, IM,
//!   WGM or WIM (players missing more than one round, pairing-allocated byes
//!   aside, not counted).
//! - 1.4.5 titles: at least 50 % of the opponents titled (CM and WCM do not
//!   count), at least one third and at least 3 with the norm's title or a
//!   higher one (for a double round robin, half that number of different
//!   players, rounded up).
//! - 1.4.6/1.4.7 ratings: unrated opponents count as 1400; at most one
//!   opponent, the lowest, raised to the adjusted rating floor (GM 2200, IM
//!   2050, WGM 2000, WIM 1850); the average rounded to the nearest whole
//!   number, .5 up, at least GM 2380, IM 2230, WGM 2180, WIM 2030.
//! - 1.4.8/1.4.9 performance `Ra + dp`, `dp` from the table by the percentage
//!   score rounded to a whole number (.5 up): at least GM 2600, IM 2450, WGM
//!   2400, WIM 2250; and a score of at least 35 %.
//! - 1.7: a norm from an event of more than 13 rounds counts as 13 games.
//!
//! The event-level facts a TRF file cannot hold (the kind of event for the
//! exemptions, the host federation, which players are computers or not of a
//! FIDE federation) come in [`NormEvent`]. Team events are judged board by
//! board: each player's own games ([`evaluate_candidate`] takes them as given).
//!
//! ```
//! use pairing::norms::{self, NormTitle};
//! assert_eq!(NormTitle::Gm.performance_minimum(), 2600);
//! // 7 of 9 against an average of 2400: 78 %, dp 220, performance 2620.
//! assert_eq!(norms::percent(14, 9), 78);
//! assert_eq!(norms::dp(78), 220);
//! ```

use serde::{Deserialize, Serialize};

use crate::model::TournamentKind;
use crate::model::{ByeKind, GameResult, HalfPoints, PlayerId, RoundEntry, Tournament};

/// The four titles gained by norms (JSON: `"GM"`, `"IM"`, `"WGM"`, `"WIM"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum NormTitle {
    Gm,
    Im,
    Wgm,
    Wim,
}

impl NormTitle {
    pub const ALL: [NormTitle; 4] = [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    pub fn code(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }

    /// Minimum performance (1.4.8).
    pub fn performance_minimum(self) -> i32 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// Minimum rating average of the opponents (1.4.8a).
    pub fn average_minimum(self) -> i32 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// Adjusted rating floor (1.4.6b).
    pub fn rating_floor(self) -> u32 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// Women's titles (B.01 0.3): judged only for women.
    pub fn women_only(self) -> bool {
        matches!(self, NormTitle::Wgm | NormTitle::Wim)
    }

    /// Whether `title` is this norm's title or a higher one (1.4.5b–e).
    pub fn met_by(self, title: Title) -> bool {
        use Title::*;
        match self {
            NormTitle::Gm => title == Gm,
            NormTitle::Im => matches!(title, Gm | Im),
            NormTitle::Wgm => matches!(title, Gm | Im | Wgm),
            NormTitle::Wim => matches!(title, Gm | Im | Wgm | Wim),
        }
    }
}

/// FIDE over-the-board titles (B.01 0.3.1; JSON `"GM"`, `"WFM"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Title {
    Gm,
    Im,
    Wgm,
    Fm,
    Wim,
    Cm,
    Wfm,
    Wcm,
}

impl Title {
    /// Reads a title as TRF files write it: `GM`, `IM`, `WGM`, … or the short
    /// TRF16 codes `g`, `m`, `wg`, `f`, `wm`, `c`, `wf`, `wc` (any case).
    pub fn parse(text: &str) -> Option<Title> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "gm" | "g" => Title::Gm,
            "im" | "m" => Title::Im,
            "wgm" | "wg" => Title::Wgm,
            "fm" | "f" => Title::Fm,
            "wim" | "wm" => Title::Wim,
            "cm" | "c" => Title::Cm,
            "wfm" | "wf" => Title::Wfm,
            "wcm" | "wc" => Title::Wcm,
            _ => return None,
        })
    }

    /// A titleholder for the 50 % rule of 1.4.5a (CM and WCM are not).
    pub fn counts_as_titled(self) -> bool {
        !matches!(self, Title::Cm | Title::Wcm)
    }

    pub fn code(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }
}

/// The kind of event, for 1.4.1b (number of games) and 1.4.3a–c (federations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NormEventKind {
    #[default]
    Ordinary,
    /// Final stage of a national (open, men's or women's) championship (1.4.3a).
    NationalChampionship,
    /// National team championship (1.4.3b).
    NationalTeamChampionship,
    /// Zonal or sub-zonal tournament (1.4.3c).
    Zonal,
    /// World or Continental team or club championship (1.4.1b).
    TeamChampionship,
    /// World Cup or Women's World Cup (1.4.1b).
    WorldCup,
}

impl std::str::FromStr for NormEventKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "ordinary" => NormEventKind::Ordinary,
            "national" | "national-championship" => NormEventKind::NationalChampionship,
            "national-team" | "national-team-championship" => {
                NormEventKind::NationalTeamChampionship
            }
            "zonal" => NormEventKind::Zonal,
            "team" | "team-championship" => NormEventKind::TeamChampionship,
            "world-cup" => NormEventKind::WorldCup,
            _ => {
                return Err(format!(
                    "unknown event kind {s:?} (ordinary, national, national-team, zonal, team, world-cup)"
                ))
            }
        })
    }
}

/// Facts about the event that a TRF file does not hold. `Default` is an
/// ordinary event with everything taken from the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormEvent {
    pub kind: NormEventKind,
    /// The federation that registered the event (1.4.3a, b, d); `None`: the
    /// file's `032` record.
    pub host_federation: Option<String>,
    /// Players who are computers (1.4.2: games against them do not count).
    pub computers: Vec<PlayerId>,
    /// Players not of a FIDE federation (1.4.2a).
    pub outside_fide: Vec<PlayerId>,
    /// Pairings fixed in advance (1.4.1e); `None`: true for round robins.
    pub predetermined_pairings: Option<bool>,
    /// 1.4.3d; `None`: worked out from the file (Swiss events only).
    pub large_swiss_exemption: Option<bool>,
    /// Total rounds of the event; `None`: the file's `XXR`, else the rounds in it.
    pub total_rounds: Option<u32>,
}

/// One opponent as a norm sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormOpponent {
    pub id: Option<PlayerId>,
    pub name: String,
    pub title: Option<Title>,
    pub federation: Option<String>,
    /// FIDE rating on the list in force at the start (1.4.6a); `None` = unrated.
    pub rating: Option<u32>,
    pub computer: bool,
    pub outside_fide: bool,
    /// 1.4.2b: an unrated opponent of a round robin who scored zero against
    /// the rated players.
    pub unrated_scoring_zero: bool,
}

/// One round of a candidate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NormRound {
    /// Played over the board; the player's points in half-points.
    Game {
        opponent: NormOpponent,
        points: HalfPoints,
    },
    /// Paired, not yet finished (for the forecast).
    Pending {
        opponent: NormOpponent,
    },
    ForfeitWin,
    ForfeitLoss,
    PairingBye,
    /// Any other round without a game (requested byes, absence).
    NoGame,
}

/// A player whose norms are judged, with their rounds (index 0 = round 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormCandidate {
    pub id: PlayerId,
    pub name: String,
    pub title: Option<Title>,
    pub federation: Option<String>,
    /// TRF sex (`m`, `w`/`f`): the women's titles are judged for women only.
    pub sex: Option<char>,
    pub rounds: Vec<NormRound>,
}

/// How the event's rules apply to one candidate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormRules {
    pub kind: NormEventKind,
    pub total_rounds: u32,
    pub predetermined_pairings: bool,
    pub double_round_robin: bool,
    /// 1.4.3a–d apply to this candidate: 1.4.3 and 1.4.4 are not required.
    pub federation_exempt: bool,
}

/// One requirement, whether it holds, and the numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Requirement {
    /// Article of B.01 (`1.4.1`, `1.4.5a`, …).
    pub clause: String,
    /// Short key: `games`, `titled`, `title-or-higher`, `foreign-federations`,
    /// `own-federation`, `one-federation`, `average`, `performance`, `score`.
    pub key: String,
    pub holds: bool,
    /// Not required here (an exemption of 1.4.3 applies); `holds` is then true.
    pub exempt: bool,
    pub detail: String,
}

/// A norm result: the games chosen and every requirement on them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormResult {
    pub title: NormTitle,
    pub achieved: bool,
    /// Rounds whose games are counted.
    pub rounds_used: Vec<u32>,
    /// Rounds with a counted game left out (1.4.1e/f), with the reason.
    pub rounds_left_out: Vec<(u32, String)>,
    /// Rounds with a game that does not count (1.4.2), with the reason.
    pub rounds_not_counted: Vec<(u32, String)>,
    pub games: u32,
    pub score: HalfPoints,
    pub percent: i32,
    pub average: Option<i32>,
    /// 1.4.6c: (round, rating before, rating after) of the opponent raised.
    pub raised: Option<(u32, u32, u32)>,
    pub performance: Option<i32>,
    /// Smallest score (half-points) these opponents need for the norm.
    pub required_score: Option<HalfPoints>,
    /// 1.4.1d extra games.
    pub extra_games: u32,
    /// Games the norm counts for in a title application (1.4.1c, d; 1.7).
    pub counts_as_games: u32,
    /// Norm from 8 games under 1.4.1c (one such norm per application).
    pub eight_game_rule: bool,
    pub requirements: Vec<Requirement>,
}

/// The norm results of one player: one per title judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerNorms {
    pub id: PlayerId,
    pub name: String,
    pub results: Vec<NormResult>,
}

impl PlayerNorms {
    /// The highest title achieved.
    pub fn best(&self) -> Option<&NormResult> {
        self.results
            .iter()
            .filter(|r| r.achieved)
            .min_by_key(|r| r.title)
    }
}

/// Percentage score rounded to a whole number, .5 up (note to 1.4.9);
/// `score` in half-points.
pub fn percent(score: HalfPoints, games: u32) -> i32 {
    if games == 0 {
        return 0;
    }
    let n = i64::from(games);
    ((i64::from(score) * 100 + n).div_euclid(2 * n)).clamp(0, 100) as i32
}

/// `dp` of table 1.4.9 (the same table as B.02 8.1.1).
pub fn dp(percent: i32) -> i32 {
    crate::rating::difference_for_percent(percent)
}

/// Average rounded to the nearest whole number, .5 up (1.4.7b).
pub fn rounded_average(ratings: &[u32]) -> Option<i32> {
    crate::rating::average_rating(ratings)
}

/// Minimum number of games (1.4.1a, b).
pub fn minimum_games(rules: &NormRules) -> u32 {
    match rules.kind {
        NormEventKind::TeamChampionship if (7..=9).contains(&rules.total_rounds) => 7,
        NormEventKind::WorldCup => 8,
        _ => 9,
    }
}

#[derive(Clone, Debug)]
struct CountedGame {
    round: u32,
    opponent: NormOpponent,
    points: HalfPoints,
}

/// Why a played game does not count (1.4.2), if it does not.
fn not_counted(o: &NormOpponent) -> Option<&'static str> {
    if o.computer {
        Some("1.4.2: game against a computer")
    } else if o.outside_fide {
        Some("1.4.2a: opponent not of a FIDE federation")
    } else if o.unrated_scoring_zero {
        Some("1.4.2b: unrated opponent who scored zero against rated opponents")
    } else {
        None
    }
}

fn is_federation(f: &Option<String>) -> Option<String> {
    f.as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty() && !f.eq_ignore_ascii_case("FID"))
        .map(str::to_ascii_uppercase)
}

/// Judges one candidate: for every title the candidate can take, the best
/// choice of games (1.4.1e/f) and its requirements. Titles the candidate
/// holds (or a higher one) and, for men, the women's titles are skipped.
pub fn evaluate_candidate(c: &NormCandidate, rules: &NormRules) -> PlayerNorms {
    let results = titles_for(c)
        .into_iter()
        .map(|title| best_result(c, rules, title))
        .collect();
    PlayerNorms {
        id: c.id,
        name: c.name.clone(),
        results,
    }
}

/// The titles judged for a candidate.
pub fn titles_for(c: &NormCandidate) -> Vec<NormTitle> {
    let woman = matches!(c.sex, Some('w' | 'W' | 'f' | 'F'));
    NormTitle::ALL
        .into_iter()
        .filter(|t| woman || !t.women_only())
        .filter(|t| !c.title.is_some_and(|held| t.met_by(held)))
        .collect()
}

/// Played rounds of the candidate, split into counted games and the rounds
/// not counted, up to `last` rounds.
fn counted_games(c: &NormCandidate, last: usize) -> (Vec<CountedGame>, Vec<(u32, String)>) {
    let mut games = Vec::new();
    let mut skipped = Vec::new();
    for (i, r) in c.rounds.iter().enumerate().take(last) {
        let round = i as u32 + 1;
        match r {
            NormRound::Game { opponent, points } => match not_counted(opponent) {
                Some(reason) => skipped.push((round, reason.to_string())),
                None => games.push(CountedGame {
                    round,
                    opponent: opponent.clone(),
                    points: *points,
                }),
            },
            NormRound::ForfeitWin | NormRound::ForfeitLoss => {
                skipped.push((round, "1.4.2c: forfeit".to_string()))
            }
            _ => {}
        }
    }
    (games, skipped)
}

fn best_result(c: &NormCandidate, rules: &NormRules, title: NormTitle) -> NormResult {
    let played_rounds = c.rounds.len();
    let own = is_federation(&c.federation);
    let (all_games, _) = counted_games(c, played_rounds);
    let prefixes: Vec<usize> = if rules.predetermined_pairings {
        vec![played_rounds]
    } else {
        (1..=played_rounds).rev().collect()
    };
    let mut best: Option<NormResult> = None;
    for &k in &prefixes {
        let (games, skipped) = counted_games(c, k);
        if games.is_empty() {
            continue;
        }
        let wins: Vec<usize> = (0..games.len()).filter(|&i| games[i].points >= 2).collect();
        let drop_sets: Vec<Vec<usize>> = if wins.len() <= 10 {
            (0u32..(1 << wins.len()))
                .map(|mask| {
                    (0..wins.len())
                        .filter(|b| mask & (1 << b) != 0)
                        .map(|b| wins[b])
                        .collect()
                })
                .collect()
        } else {
            // Too many to try all: leave out the wins against the lowest rated.
            let mut by_rating = wins.clone();
            by_rating.sort_by_key(|&i| games[i].opponent.rating.unwrap_or(0));
            (0..=by_rating.len())
                .map(|m| by_rating[..m].to_vec())
                .collect()
        };
        for drop in drop_sets {
            let chosen: Vec<CountedGame> = games
                .iter()
                .enumerate()
                .filter(|(i, _)| !drop.contains(i))
                .map(|(_, g)| g.clone())
                .collect();
            let eight = k == played_rounds && drop.is_empty() && eight_game_case(c, rules);
            let full_mix = (rules.predetermined_pairings).then_some(all_games.as_slice());
            let mut result = judge(&chosen, rules, title, eight, full_mix, own.clone());
            result.rounds_not_counted = skipped.clone();
            let mut left: Vec<(u32, String)> = drop
                .iter()
                .map(|&i| (games[i].round, "1.4.1f: win left out".to_string()))
                .collect();
            for g in &all_games {
                if g.round as usize > k {
                    left.push((g.round, "1.4.1e: after the title result".to_string()));
                }
            }
            left.sort();
            result.rounds_left_out = left;
            let better = match &best {
                None => true,
                Some(b) => rank(&result) > rank(b),
            };
            if better {
                best = Some(result);
            }
        }
    }
    best.unwrap_or_else(|| {
        let mut r = judge(&[], rules, title, false, None, own.clone());
        r.rounds_not_counted = counted_games(c, played_rounds).1;
        r
    })
}

/// Order of preference among choices: achieved first, then more games
/// counted for the application, then more games, then fewer left out.
fn rank(r: &NormResult) -> (bool, u32, u32, i64, usize) {
    let failures = r.requirements.iter().filter(|q| !q.holds).count();
    (
        r.achieved,
        r.counts_as_games,
        r.games,
        -(r.rounds_left_out.len() as i64),
        usize::MAX - failures,
    )
}

/// 1.4.1c: a 9-round event in which the player's one round without a counted
/// game is a forfeit win or a pairing-allocated bye.
fn eight_game_case(c: &NormCandidate, rules: &NormRules) -> bool {
    if rules.total_rounds != 9 || c.rounds.len() != 9 {
        return false;
    }
    let mut missing = c.rounds.iter().filter(|r| match r {
        NormRound::Game { opponent, .. } => not_counted(opponent).is_some(),
        _ => true,
    });
    let first = missing.next();
    missing.next().is_none() && matches!(first, Some(NormRound::ForfeitWin | NormRound::PairingBye))
}

fn requirement(clause: &str, key: &str, holds: bool, detail: String) -> Requirement {
    Requirement {
        clause: clause.to_string(),
        key: key.to_string(),
        holds,
        exempt: false,
        detail,
    }
}

fn points_text(h: HalfPoints) -> String {
    crate::trf::format_points(h)
}

/// The opponent mix requirements (1.4.3–1.4.5) on a set of games.
fn mix_requirements(
    games: &[CountedGame],
    rules: &NormRules,
    title: NormTitle,
    own: Option<String>,
    suffix: &str,
) -> Vec<Requirement> {
    let n = games.len() as u32;
    let mut out = Vec::new();
    let titled = games
        .iter()
        .filter(|g| g.opponent.title.is_some_and(Title::counts_as_titled))
        .count() as u32;
    out.push(requirement(
        "1.4.5a",
        "titled",
        n > 0 && 2 * titled >= n,
        format!("{titled} of {n} opponents titled (CM, WCM not counted), 50 % needed{suffix}"),
    ));
    let mut needed = n.div_ceil(3).max(3);
    let high = if rules.double_round_robin {
        needed = needed.div_ceil(2);
        let mut ids: Vec<String> = games
            .iter()
            .filter(|g| g.opponent.title.is_some_and(|t| title.met_by(t)))
            .map(|g| format!("{:?}{}", g.opponent.id, g.opponent.name))
            .collect();
        ids.sort();
        ids.dedup();
        ids.len() as u32
    } else {
        games
            .iter()
            .filter(|g| g.opponent.title.is_some_and(|t| title.met_by(t)))
            .count() as u32
    };
    let clause = match title {
        NormTitle::Gm => "1.4.5b",
        NormTitle::Im => "1.4.5c",
        NormTitle::Wgm => "1.4.5d",
        NormTitle::Wim => "1.4.5e",
    };
    out.push(requirement(
        clause,
        "title-or-higher",
        high >= needed,
        format!(
            "{high} {}opponents {} or higher, {needed} needed (one third, at least 3{}){suffix}",
            if rules.double_round_robin {
                "different "
            } else {
                ""
            },
            title.code(),
            if rules.double_round_robin {
                ", halved for a double round robin"
            } else {
                ""
            }
        ),
    ));
    let feds: Vec<Option<String>> = games
        .iter()
        .map(|g| is_federation(&g.opponent.federation))
        .collect();
    let mut foreign: Vec<&String> = feds
        .iter()
        .flatten()
        .filter(|f| Some(*f) != own.as_ref())
        .collect();
    foreign.sort();
    foreign.dedup();
    let own_count = feds.iter().filter(|f| f.is_some() && **f == own).count() as u32;
    let mut counts: Vec<(String, u32)> = Vec::new();
    for f in feds.iter().flatten() {
        match counts.iter_mut().find(|(g, _)| g == f) {
            Some((_, c)) => *c += 1,
            None => counts.push((f.clone(), 1)),
        }
    }
    let (top_fed, top) = counts
        .iter()
        .max_by_key(|(f, c)| (*c, std::cmp::Reverse(f.clone())))
        .cloned()
        .unwrap_or_default();
    let mut fed_reqs = vec![
        requirement(
            "1.4.3",
            "foreign-federations",
            foreign.len() >= 2,
            format!(
                "opponents from {} federation(s) other than {}: {}; 2 needed{suffix}",
                foreign.len(),
                own.as_deref().unwrap_or("the player's"),
                foreign.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            ),
        ),
        requirement(
            "1.4.4",
            "own-federation",
            own_count <= 3 * n / 5,
            format!(
                "{own_count} of {n} opponents from {}, at most {} (3/5 rounded down){suffix}",
                own.as_deref().unwrap_or("the player's federation"),
                3 * n / 5
            ),
        ),
        requirement(
            "1.4.4",
            "one-federation",
            top <= 2 * n / 3,
            format!(
                "{top} of {n} opponents from {}, at most {} from one federation (2/3 rounded down){suffix}",
                if top_fed.is_empty() { "-" } else { top_fed.as_str() },
                2 * n / 3
            ),
        ),
    ];
    if rules.federation_exempt {
        for r in &mut fed_reqs {
            r.exempt = true;
            r.holds = true;
            r.detail.push_str("; not required: exempt under 1.4.3a-d");
        }
    }
    out.extend(fed_reqs);
    out
}

fn judge(
    games: &[CountedGame],
    rules: &NormRules,
    title: NormTitle,
    eight_game_rule: bool,
    full_mix: Option<&[CountedGame]>,
    own_federation: Option<String>,
) -> NormResult {
    let n = games.len() as u32;
    let score: HalfPoints = games.iter().map(|g| g.points).sum();
    let minimum = minimum_games(rules);
    let mut requirements = vec![requirement(
        if eight_game_rule { "1.4.1c" } else { "1.4.1" },
        "games",
        n >= minimum || (eight_game_rule && n >= 8),
        if eight_game_rule && n == 8 {
            "8 games and a forfeit win or pairing-allocated bye in a 9-round event (counts as 9)"
                .to_string()
        } else {
            format!("{n} games counted, {minimum} needed")
        },
    )];
    requirements.extend(mix_requirements(
        games,
        rules,
        title,
        own_federation.clone(),
        "",
    ));
    if let Some(all) = full_mix {
        if all.len() != games.len() {
            let whole =
                mix_requirements(all, rules, title, own_federation, " (whole event, 1.4.1f)");
            requirements.extend(whole.into_iter().map(|mut r| {
                r.clause = format!("{} / 1.4.1f", r.clause);
                r.key = format!("{}-whole-event", r.key);
                r
            }));
        }
    }
    // Ratings (1.4.6, 1.4.7).
    let mut ratings: Vec<u32> = games
        .iter()
        .map(|g| g.opponent.rating.unwrap_or(1400))
        .collect();
    let floor = title.rating_floor();
    let mut raised = None;
    if let Some((i, &low)) = ratings.iter().enumerate().min_by_key(|(i, r)| (**r, *i)) {
        if low < floor {
            raised = Some((games[i].round, low, floor));
            ratings[i] = floor;
        }
    }
    let average = rounded_average(&ratings);
    let pct = percent(score, n);
    let performance = average.map(|a| a + dp(pct));
    let unrated = games.iter().filter(|g| g.opponent.rating.is_none()).count();
    let mut avg_detail = match average {
        Some(a) => format!("average {a}, {} needed", title.average_minimum()),
        None => "no games".to_string(),
    };
    if unrated > 0 {
        avg_detail.push_str(&format!(
            "; {unrated} unrated opponent(s) counted as 1400 (1.4.6d)"
        ));
    }
    if let Some((round, from, to)) = raised {
        avg_detail.push_str(&format!(
            "; opponent of round {round} raised from {from} to the floor {to} (1.4.6c)"
        ));
    }
    requirements.push(requirement(
        "1.4.7",
        "average",
        average.is_some_and(|a| a >= title.average_minimum()),
        avg_detail,
    ));
    requirements.push(requirement(
        "1.4.8",
        "performance",
        performance.is_some_and(|p| p >= title.performance_minimum()),
        match (average, performance) {
            (Some(a), Some(p)) => format!(
                "{}/{n} = {pct} %, dp {}, performance {a} + {} = {p}, {} needed",
                points_text(score),
                dp(pct),
                dp(pct),
                title.performance_minimum()
            ),
            _ => "no games".to_string(),
        },
    ));
    requirements.push(requirement(
        "1.4.8b",
        "score",
        n > 0 && 10 * i64::from(score) >= 7 * i64::from(n),
        format!("{}/{n}, 35 % needed", points_text(score)),
    ));
    let achieved = requirements.iter().all(|r| r.holds);
    // Smallest score with these opponents that reaches the performance and 35 %.
    let required_score = average.and_then(|a| {
        (0..=2 * n as HalfPoints).find(|&s| {
            10 * i64::from(s) >= 7 * i64::from(n)
                && a + dp(percent(s, n)) >= title.performance_minimum()
        })
    });
    let extra_games = match required_score {
        Some(r) if achieved && score > r => ((score - r) / 2) as u32,
        _ => 0,
    };
    let base = if n == 8 && (eight_game_rule || rules.kind == NormEventKind::WorldCup) {
        9
    } else {
        n
    };
    let mut counts = if achieved { base + extra_games } else { 0 };
    if rules.total_rounds > 13 {
        counts = counts.min(13);
    }
    NormResult {
        title,
        achieved,
        rounds_used: games.iter().map(|g| g.round).collect(),
        rounds_left_out: Vec::new(),
        rounds_not_counted: Vec::new(),
        games: n,
        score,
        percent: pct,
        average,
        raised,
        performance,
        required_score,
        extra_games,
        counts_as_games: counts,
        eight_game_rule: achieved && eight_game_rule && n == 8,
        requirements,
    }
}

// ---------------------------------------------------------------------------
// From a tournament

/// The number of rounds of the event: [`NormEvent::total_rounds`], else the
/// file's `XXR`, else the rounds it holds.
pub fn total_rounds(t: &Tournament, event: &NormEvent) -> u32 {
    let in_file = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) as u32;
    event
        .total_rounds
        .unwrap_or(if t.total_rounds > 0 {
            t.total_rounds
        } else {
            in_file
        })
        .max(in_file)
}

/// The rules for the event (every candidate; [`NormRules::federation_exempt`]
/// is set per candidate by [`evaluate`]).
pub fn rules_for(t: &Tournament, event: &NormEvent) -> NormRules {
    let round_robin = matches!(t.kind, TournamentKind::RoundRobin { .. });
    NormRules {
        kind: event.kind,
        total_rounds: total_rounds(t, event),
        predetermined_pairings: event.predetermined_pairings.unwrap_or(round_robin),
        double_round_robin: matches!(t.kind, TournamentKind::RoundRobin { double: true }),
        federation_exempt: false,
    }
}

fn host_federation(t: &Tournament, event: &NormEvent) -> Option<String> {
    is_federation(
        &event
            .host_federation
            .clone()
            .or_else(|| t.details.federation.clone()),
    )
}

/// Whether a player took part in round `k + 1` for 1.4.3d: a game (played
/// or paired), a forfeit win, or a pairing-allocated bye.
fn present(p: &crate::model::Player, k: usize) -> bool {
    matches!(
        p.rounds.get(k),
        Some(RoundEntry::Game {
            result: None
                | Some(
                    GameResult::Win
                        | GameResult::Draw
                        | GameResult::Loss
                        | GameResult::ForfeitWin
                        | GameResult::Adjusted(_)
                ),
            ..
        }) | Some(RoundEntry::Bye(ByeKind::PairingAllocated))
    )
}

/// Rounds of the first `rounds` a player missed (1.4.3d).
fn rounds_missed(p: &crate::model::Player, rounds: usize) -> usize {
    (0..rounds).filter(|&k| !present(p, k)).count()
}

/// 1.4.3d worked out from the file, round by round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LargeSwissCheck {
    pub holds: bool,
    /// Per round: (players counted, their federations, GM/IM/WGM/WIM among them).
    pub rounds: Vec<(u32, u32, u32)>,
    pub detail: String,
}

/// 1.4.3d: in every round at least 20 rated players not of the host
/// federation, from at least 3 federations, at least 10 of them GM, IM, WGM or
/// WIM; a player is counted only if they missed at most one round
/// (pairing-allocated byes aside). Never holds without a host federation or in
/// an event with predetermined pairings.
pub fn large_swiss_check(t: &Tournament, event: &NormEvent) -> LargeSwissCheck {
    let rules = rules_for(t, event);
    let Some(host) = host_federation(t, event) else {
        return LargeSwissCheck {
            holds: false,
            rounds: Vec::new(),
            detail: "1.4.3d: the host federation is not known".into(),
        };
    };
    if rules.predetermined_pairings {
        return LargeSwissCheck {
            holds: false,
            rounds: Vec::new(),
            detail: "1.4.3d: not a Swiss event".into(),
        };
    }
    let rounds = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let counted: Vec<&crate::model::Player> = t
        .players
        .iter()
        .filter(|p| p.rating.is_some())
        .filter(|p| !event.computers.contains(&p.id) && !event.outside_fide.contains(&p.id))
        .filter(|p| is_federation(&p.federation).is_some_and(|f| f != host))
        .filter(|p| rounds_missed(p, rounds) <= 1)
        .collect();
    let mut per_round = Vec::new();
    for k in 0..rounds {
        let present: Vec<&&crate::model::Player> =
            counted.iter().filter(|p| present(p, k)).collect();
        let mut feds: Vec<String> = present
            .iter()
            .filter_map(|p| is_federation(&p.federation))
            .collect();
        feds.sort();
        feds.dedup();
        let titled = present
            .iter()
            .filter(|p| {
                p.title
                    .as_deref()
                    .and_then(Title::parse)
                    .is_some_and(|t| NormTitle::Wim.met_by(t))
            })
            .count();
        per_round.push((present.len() as u32, feds.len() as u32, titled as u32));
    }
    let holds = rounds > 0
        && per_round
            .iter()
            .all(|&(n, f, g)| n >= 20 && f >= 3 && g >= 10);
    let weakest = per_round
        .iter()
        .enumerate()
        .min_by_key(|(_, (n, f, g))| (*n >= 20 && *f >= 3 && *g >= 10, *n, *g))
        .map(|(i, &(n, f, g))| {
            format!(
                "round {}: {n} players, {f} federations, {g} GM/IM/WGM/WIM",
                i + 1
            )
        })
        .unwrap_or_default();
    LargeSwissCheck {
        holds,
        rounds: per_round,
        detail: format!(
            "1.4.3d: rated players not of {host} who missed at most one round; {}needed in every round 20 players, 3 federations, 10 GM/IM/WGM/WIM; weakest {weakest}",
            if holds { "holds: " } else { "fails: " }
        ),
    }
}

/// Whether 1.4.3a–d exempt this player from 1.4.3 and 1.4.4.
pub fn federation_exempt(
    t: &Tournament,
    event: &NormEvent,
    federation: &Option<String>,
    large_swiss: bool,
) -> bool {
    let host = host_federation(t, event);
    match event.kind {
        NormEventKind::NationalChampionship | NormEventKind::NationalTeamChampionship => {
            host.is_some() && is_federation(federation) == host
        }
        NormEventKind::Zonal => true,
        _ => large_swiss,
    }
}

fn opponent_of(
    t: &Tournament,
    event: &NormEvent,
    id: PlayerId,
    unrated_zero: &[bool],
) -> NormOpponent {
    let Some(p) = t.player(id) else {
        return NormOpponent {
            id: Some(id),
            ..NormOpponent::default()
        };
    };
    NormOpponent {
        id: Some(id),
        name: p.name.clone(),
        title: p.title.as_deref().and_then(Title::parse),
        federation: p.federation.clone(),
        rating: p.rating,
        computer: event.computers.contains(&id),
        outside_fide: event.outside_fide.contains(&id),
        unrated_scoring_zero: unrated_zero.get(id as usize - 1).copied().unwrap_or(false),
    }
}

/// The players of a tournament as norm candidates. In round robins the rounds
/// not yet in the file are filled from the Berger tables as pending games
/// (for the forecast).
pub fn candidates(t: &Tournament, event: &NormEvent) -> Vec<NormCandidate> {
    let rules = rules_for(t, event);
    let round_robin = matches!(t.kind, TournamentKind::RoundRobin { .. });
    // 1.4.2b: unrated players of a round robin without a point against rated ones.
    let unrated_zero: Vec<bool> = t
        .players
        .iter()
        .map(|p| {
            round_robin
                && p.rating.is_none()
                && p.rounds.iter().all(|r| match r {
                    RoundEntry::Game {
                        opponent,
                        result: Some(res),
                        ..
                    } if res.played() => {
                        t.player(*opponent).is_none_or(|o| o.rating.is_none())
                            || points_of(*res) == 0
                    }
                    _ => true,
                })
        })
        .collect();
    let in_file = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let n = t.players.len() as u32;
    t.players
        .iter()
        .map(|p| {
            let mut rounds: Vec<NormRound> = (0..in_file)
                .map(|k| match p.rounds.get(k) {
                    Some(RoundEntry::Game {
                        opponent, result, ..
                    }) => {
                        let o = opponent_of(t, event, *opponent, &unrated_zero);
                        match result {
                            None => NormRound::Pending { opponent: o },
                            Some(GameResult::ForfeitWin) => NormRound::ForfeitWin,
                            Some(GameResult::ForfeitLoss) => NormRound::ForfeitLoss,
                            Some(r) => NormRound::Game {
                                opponent: o,
                                points: points_of(*r),
                            },
                        }
                    }
                    Some(RoundEntry::Bye(ByeKind::PairingAllocated)) => NormRound::PairingBye,
                    _ => NormRound::NoGame,
                })
                .collect();
            if round_robin {
                let cycle = crate::berger::rounds_per_cycle(n).max(1);
                for round in in_file as u32 + 1..=rules.total_rounds {
                    let within = (round - 1) % cycle + 1;
                    let opponent = crate::berger::table(n, within)
                        .into_iter()
                        .find_map(|(w, b)| {
                            if w == p.id {
                                Some(b)
                            } else if b == p.id {
                                Some(w)
                            } else {
                                None
                            }
                        })
                        .filter(|&o| o <= n);
                    rounds.push(match opponent {
                        Some(o) => NormRound::Pending {
                            opponent: opponent_of(t, event, o, &unrated_zero),
                        },
                        None => NormRound::NoGame,
                    });
                }
            }
            NormCandidate {
                id: p.id,
                name: p.name.clone(),
                title: p.title.as_deref().and_then(Title::parse),
                federation: p.federation.clone(),
                sex: p.sex,
                rounds,
            }
        })
        .collect()
}

fn points_of(r: GameResult) -> HalfPoints {
    match r {
        GameResult::Win | GameResult::ForfeitWin => 2,
        GameResult::Draw => 1,
        GameResult::Loss | GameResult::ForfeitLoss => 0,
        GameResult::Adjusted(p) => p,
    }
}

/// Norm results of every player of the tournament (computers and players
/// outside FIDE are not judged).
pub fn evaluate(t: &Tournament, event: &NormEvent) -> Vec<PlayerNorms> {
    let rules = rules_for(t, event);
    let large = event
        .large_swiss_exemption
        .unwrap_or_else(|| large_swiss_check(t, event).holds);
    candidates(t, event)
        .into_iter()
        .filter(|c| !event.computers.contains(&c.id) && !event.outside_fide.contains(&c.id))
        .map(|c| {
            let rules = NormRules {
                federation_exempt: federation_exempt(t, event, &c.federation, large),
                ..rules
            };
            evaluate_candidate(&completed(&c), &rules)
        })
        .collect()
}

/// The candidate without pending games (rounds not finished count as no game).
fn completed(c: &NormCandidate) -> NormCandidate {
    let mut c = c.clone();
    for r in &mut c.rounds {
        if matches!(r, NormRound::Pending { .. }) {
            *r = NormRound::NoGame;
        }
    }
    while matches!(c.rounds.last(), Some(NormRound::NoGame)) {
        c.rounds.pop();
    }
    c
}

// ---------------------------------------------------------------------------
// Forecast

/// Whether a score in the remaining games gives the norm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// With every combination of results making this score.
    Always,
    /// With some combinations (which games are won matters, 1.4.1f).
    Sometimes,
    Never,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitleForecast {
    pub title: NormTitle,
    /// The norm is already made on the rounds played (a Swiss event may
    /// leave out the later games, 1.4.1e).
    pub already: bool,
    /// For each score in the remaining games (half-points, 0 up to a win in
    /// each): whether it gives the norm.
    pub by_score: Vec<(HalfPoints, Outcome)>,
    /// The smallest score in the remaining games that always gives the norm.
    pub needs: Option<HalfPoints>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerForecast {
    pub id: PlayerId,
    pub name: String,
    /// The remaining games forecast: (round, opponent).
    pub remaining: Vec<(u32, Option<PlayerId>)>,
    /// Titles still in reach (or already made).
    pub titles: Vec<TitleForecast>,
}

/// Most remaining games enumerated (3^n result combinations).
pub const FORECAST_MAX_GAMES: usize = 6;

/// The forecast for one candidate: the pending games' results enumerated.
/// `None` when there is no pending game or more than [`FORECAST_MAX_GAMES`].
pub fn forecast_candidate(c: &NormCandidate, rules: &NormRules) -> Option<PlayerForecast> {
    let pending: Vec<usize> = c
        .rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r, NormRound::Pending { .. }))
        .map(|(i, _)| i)
        .collect();
    if pending.is_empty() || pending.len() > FORECAST_MAX_GAMES {
        return None;
    }
    let now = evaluate_candidate(&completed(c), rules);
    let titles = titles_for(c);
    let m = pending.len();
    let combos = 3usize.pow(m as u32);
    // per title, per score: (some achieved, all achieved)
    let mut table = vec![vec![(false, true); 2 * m + 1]; titles.len()];
    for code in 0..combos {
        let mut x = code;
        let mut trial = c.clone();
        let mut total = 0;
        for &i in &pending {
            let points = (x % 3) as HalfPoints;
            x /= 3;
            total += points;
            if let NormRound::Pending { opponent } = &trial.rounds[i] {
                trial.rounds[i] = NormRound::Game {
                    opponent: opponent.clone(),
                    points,
                };
            }
        }
        let judged = evaluate_candidate(&trial, rules);
        for (ti, title) in titles.iter().enumerate() {
            let ok = judged
                .results
                .iter()
                .any(|r| r.title == *title && r.achieved);
            let cell = &mut table[ti][total as usize];
            cell.0 |= ok;
            cell.1 &= ok;
        }
    }
    let titles: Vec<TitleForecast> = titles
        .iter()
        .enumerate()
        .map(|(ti, &title)| {
            let by_score: Vec<(HalfPoints, Outcome)> = table[ti]
                .iter()
                .enumerate()
                .map(|(s, &(some, all))| {
                    let o = if all {
                        Outcome::Always
                    } else if some {
                        Outcome::Sometimes
                    } else {
                        Outcome::Never
                    };
                    (s as HalfPoints, o)
                })
                .collect();
            let needs = by_score
                .iter()
                .find(|(s, o)| {
                    *o == Outcome::Always
                        && by_score[*s as usize..]
                            .iter()
                            .all(|(_, o)| *o == Outcome::Always)
                })
                .map(|(s, _)| *s);
            TitleForecast {
                title,
                already: now.results.iter().any(|r| r.title == title && r.achieved),
                by_score,
                needs,
            }
        })
        .filter(|f| f.already || f.by_score.iter().any(|(_, o)| *o != Outcome::Never))
        .collect();
    Some(PlayerForecast {
        id: c.id,
        name: c.name.clone(),
        remaining: pending
            .iter()
            .map(|&i| {
                let opponent = match &c.rounds[i] {
                    NormRound::Pending { opponent } => opponent.id,
                    _ => None,
                };
                (i as u32 + 1, opponent)
            })
            .collect(),
        titles,
    })
}

/// The forecast before the last round(s): every player with a title still in
/// reach, over the games paired but not finished (and, in round robins, the
/// rest of the schedule).
pub fn forecast(t: &Tournament, event: &NormEvent) -> Vec<PlayerForecast> {
    let rules = rules_for(t, event);
    let large = event
        .large_swiss_exemption
        .unwrap_or_else(|| large_swiss_check(t, event).holds);
    candidates(t, event)
        .into_iter()
        .filter(|c| !event.computers.contains(&c.id) && !event.outside_fide.contains(&c.id))
        .filter_map(|c| {
            let rules = NormRules {
                federation_exempt: federation_exempt(t, event, &c.federation, large),
                ..rules
            };
            forecast_candidate(&c, &rules)
        })
        .filter(|f| !f.titles.is_empty())
        .collect()
}

// ---------------------------------------------------------------------------
// Team events, board by board

/// The players of a team event as norm candidates: each player's own board
/// games, round by round (a board whose other side is empty is a forfeit
/// win once both line-ups are in; a round out of the line-up, or the team's
/// bye, is no game; a board paired and not yet finished is pending, for the
/// forecast).
pub fn team_candidates(t: &crate::team::TeamTournament, event: &NormEvent) -> Vec<NormCandidate> {
    let opponent = |id: PlayerId| -> NormOpponent {
        match t.players.get((id as usize).wrapping_sub(1)) {
            Some(p) => NormOpponent {
                id: Some(id),
                name: p.name.clone(),
                title: p.title.as_deref().and_then(Title::parse),
                federation: p.federation.clone(),
                rating: p.rating,
                computer: event.computers.contains(&id),
                outside_fide: event.outside_fide.contains(&id),
                unrated_scoring_zero: false,
            },
            None => NormOpponent {
                id: Some(id),
                ..NormOpponent::default()
            },
        }
    };
    let mut rounds: Vec<Vec<NormRound>> =
        vec![vec![NormRound::NoGame; t.rounds.len()]; t.players.len()];
    for (k, round) in t.rounds.iter().enumerate() {
        for m in &round.matches {
            for b in &m.boards {
                let sides = [
                    (b.home, b.away, b.result.map(|r| r.home)),
                    (b.away, b.home, b.result.map(|r| r.away)),
                ];
                for (me, other, result) in sides {
                    let Some(me) = me else { continue };
                    let Some(slot) = rounds.get_mut(me as usize - 1) else {
                        continue;
                    };
                    slot[k] = match (other, result) {
                        (_, Some(GameResult::ForfeitWin)) => NormRound::ForfeitWin,
                        (_, Some(GameResult::ForfeitLoss)) => NormRound::ForfeitLoss,
                        // The other line-up not in yet: nothing decided.
                        (None, None) => NormRound::NoGame,
                        (None, Some(_)) => NormRound::ForfeitWin,
                        (Some(o), None) => NormRound::Pending {
                            opponent: opponent(o),
                        },
                        (Some(o), Some(r)) => NormRound::Game {
                            opponent: opponent(o),
                            points: points_of(r),
                        },
                    };
                }
            }
        }
    }
    t.players
        .iter()
        .zip(rounds)
        .map(|(p, rounds)| NormCandidate {
            id: p.id,
            name: p.name.clone(),
            title: p.title.as_deref().and_then(Title::parse),
            federation: p.federation.clone(),
            sex: p.sex,
            rounds,
        })
        .collect()
}

/// The rules of a team event for one of its players.
pub fn team_rules(
    t: &crate::team::TeamTournament,
    event: &NormEvent,
    federation: &Option<String>,
) -> NormRules {
    use crate::team::TeamSystem;
    let round_robin = matches!(
        t.system,
        TeamSystem::RoundRobin { .. } | TeamSystem::Scheveningen
    );
    let host = is_federation(&event.host_federation);
    NormRules {
        kind: event.kind,
        total_rounds: event
            .total_rounds
            .unwrap_or(t.total_rounds)
            .max(t.rounds.len() as u32),
        predetermined_pairings: event.predetermined_pairings.unwrap_or(round_robin),
        double_round_robin: matches!(t.system, TeamSystem::RoundRobin { double: true }),
        federation_exempt: match event.kind {
            NormEventKind::NationalChampionship | NormEventKind::NationalTeamChampionship => {
                host.is_some() && is_federation(federation) == host
            }
            NormEventKind::Zonal => true,
            _ => event.large_swiss_exemption.unwrap_or(false),
        },
    }
}

/// Norm results of every player of a team event, judged on their own board
/// games (1.4.1b for World / Continental team championships through
/// [`NormEventKind::TeamChampionship`]).
pub fn evaluate_team(t: &crate::team::TeamTournament, event: &NormEvent) -> Vec<PlayerNorms> {
    team_candidates(t, event)
        .into_iter()
        .filter(|c| !event.computers.contains(&c.id) && !event.outside_fide.contains(&c.id))
        .filter(|c| c.rounds.iter().any(|r| matches!(r, NormRound::Game { .. })))
        .map(|c| evaluate_candidate(&completed(&c), &team_rules(t, event, &c.federation)))
        .collect()
}

/// The forecast of a team event before its last round(s): every player with
/// a title still in reach, over their own boards paired and not finished
/// (B.01 1.4: a team member's norm is judged on the games of his boards).
pub fn forecast_team(t: &crate::team::TeamTournament, event: &NormEvent) -> Vec<PlayerForecast> {
    team_candidates(t, event)
        .into_iter()
        .filter(|c| !event.computers.contains(&c.id) && !event.outside_fide.contains(&c.id))
        .filter_map(|c| forecast_candidate(&c, &team_rules(t, event, &c.federation)))
        .filter(|f| !f.titles.is_empty())
        .collect()
}
