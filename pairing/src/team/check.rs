//! The team pairing checker: re-pairs every round of a team Swiss from the
//! state before it (C.04.6, [`super::swiss`]) and compares it with the
//! round recorded in the file, as the pairing checker of C.04.A does for
//! individuals (`crate::dutch::check_tournament`).
//!
//! The teams re-paired in a round are the teams the file pairs in it (a
//! match or the pairing-allocated bye): a team with a half-point or
//! zero-point bye, or withdrawn, is not paired (C.04.2 art. 1: only the
//! teams present are paired). Every other input of the pairing — scores,
//! opponents met, colours, floats, byes and forfeit wins, the number of
//! rounds — comes from the earlier rounds of the file.

use std::collections::BTreeSet;

use crate::model::{Color, PairError};

use super::model::{TeamId, TeamRound, TeamSystem, TeamTournament};
use super::schedule::TeamPairing;

/// A match as (team with White on board 1, other team).
pub type MatchPair = (TeamId, TeamId);

/// One round of the check.
#[derive(Clone, Debug)]
pub struct RoundCheck {
    pub round: u32,
    /// The file's pairing: (team with White on board 1, other team), bye.
    pub recorded: TeamPairing,
    /// Our pairing of the same teams from the same state.
    pub engine: Result<TeamPairing, PairError>,
}

impl RoundCheck {
    /// Whether the two pairings have the same matches, the same colours and
    /// the same bye.
    pub fn identical(&self) -> bool {
        match &self.engine {
            Ok(p) => {
                p.bye == self.recorded.bye
                    && pair_set(&p.matches) == pair_set(&self.recorded.matches)
            }
            Err(_) => false,
        }
    }

    /// Matches of the file not in our pairing, and ours not in the file.
    pub fn differences(&self) -> (Vec<MatchPair>, Vec<MatchPair>) {
        let ours = self
            .engine
            .as_ref()
            .map(|p| pair_set(&p.matches))
            .unwrap_or_default();
        let theirs = pair_set(&self.recorded.matches);
        (
            theirs.difference(&ours).copied().collect(),
            ours.difference(&theirs).copied().collect(),
        )
    }
}

fn pair_set(m: &[(TeamId, TeamId)]) -> BTreeSet<(TeamId, TeamId)> {
    m.iter().copied().collect()
}

/// A round's pairing: each match as (the team with White on board 1, the
/// other), and the bye.
fn pairing_of(r: &TeamRound) -> TeamPairing {
    TeamPairing {
        matches: r
            .matches
            .iter()
            .map(|m| match m.boards.first().map(|b| b.home_colour) {
                Some(Color::Black) => (m.away, m.home),
                _ => (m.home, m.away),
            })
            .collect(),
        bye: r.bye,
    }
}

/// Round `round` (1-based) as recorded: each match as (the team with White
/// on board 1, the other), and the bye.
pub fn recorded_pairing(t: &TeamTournament, round: usize) -> TeamPairing {
    round
        .checked_sub(1)
        .and_then(|i| t.rounds.get(i))
        .map(pairing_of)
        .unwrap_or_default()
}

/// The tournament as it stood before round `round` (1-based), with the
/// teams the file pairs in that round as the teams to pair.
pub fn state_before(t: &TeamTournament, round: usize) -> TeamTournament {
    let mut before = t.clone();
    before.rounds.truncate(round.saturating_sub(1));
    let present: BTreeSet<TeamId> = t
        .rounds
        .get(round.saturating_sub(1))
        .map(|r| {
            r.matches
                .iter()
                .flat_map(|m| [m.home, m.away])
                .chain(r.bye)
                .collect()
        })
        .unwrap_or_default();
    for team in &mut before.teams {
        team.withdrawn = !present.contains(&team.id);
    }
    before
}

/// Re-pairs every round of a team Swiss recorded in `t` (see the module
/// text). Other systems: every round by their schedule.
pub fn check_tournament(t: &TeamTournament) -> Vec<RoundCheck> {
    (1..=t.rounds.len())
        .map(|round| {
            let before = state_before(t, round);
            let engine = match t.system {
                TeamSystem::Swiss => super::swiss::pair_round(&before, round as u32),
                TeamSystem::RoundRobin { .. } => {
                    super::schedule::round_robin(&before, round as u32)
                }
                TeamSystem::Scheveningen => super::pair_next_round(&before).map(|r| pairing_of(&r)),
            };
            RoundCheck {
                round: round as u32,
                recorded: recorded_pairing(t, round),
                engine,
            }
        })
        .collect()
}

/// One team whose recorded standing differs from ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingDifference {
    pub team: TeamId,
    pub message: String,
}

/// The standings a file records (`310`: match points, game points, rank)
/// against ours from its rounds and its tie-break list
/// ([`TeamTournament::tie_breaks`], C.07 as applied from 2026). `None` when
/// the file records no rank for some team.
pub fn check_standings(
    t: &TeamTournament,
    recorded: &[super::trf::RecordedStanding],
) -> Option<Vec<StandingDifference>> {
    use crate::trf::format_points;
    if recorded.is_empty() || recorded.iter().any(|r| r.rank.is_none()) {
        return None;
    }
    let ours = super::tiebreak::team_standings(t, &t.tie_breaks);
    let mut found = Vec::new();
    for r in recorded {
        let Some(row) = ours.iter().find(|x| x.team == r.team) else {
            found.push(StandingDifference {
                team: r.team,
                message: "no such team".into(),
            });
            continue;
        };
        let mut parts = Vec::new();
        if r.rank != Some(row.rank) {
            parts.push(format!(
                "rank {} recorded, {} computed",
                r.rank.unwrap_or(0),
                row.rank
            ));
        }
        if r.match_points.is_some_and(|mp| mp != row.match_points * 2) {
            parts.push(format!(
                "match points {} recorded, {} computed",
                format_points(r.match_points.unwrap_or(0)),
                row.match_points
            ));
        }
        if r.game_points.is_some_and(|gp| gp != row.game_points) {
            parts.push(format!(
                "game points {} recorded, {} computed",
                format_points(r.game_points.unwrap_or(0)),
                format_points(row.game_points)
            ));
        }
        if !parts.is_empty() {
            found.push(StandingDifference {
                team: r.team,
                message: parts.join("; "),
            });
        }
    }
    Some(found)
}
