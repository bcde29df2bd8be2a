//! The team-competition model: teams with ordered rosters, rounds of matches
//! board by board, and the regulation settings that turn board results into
//! game points, match results and match points.
//!
//! Board results use the crate's [`GameResult`] from each side, so forfeits
//! (`+`/`-`, including double forfeits) and arbiter-set asymmetric results
//! (Laws of Chess art. 12.3(b) `0–½`, art. 12.9 `0–0`, as
//! [`GameResult::Adjusted`]) are kept exactly. Points are half-points
//! ([`HalfPoints`]) for game points and whole units for match points.

use serde::{Deserialize, Serialize};

use crate::model::{Color, GameResult, HalfPoints, Player, PlayerId, PointSystem};

/// A team's pairing number (1-based, the team's place in the initial order
/// the regulations define: C.04.6 leaves that order to them, see its preface).
pub type TeamId = u32;

/// One team: its pairing number, name and roster in board order (regulars
/// first, reserves after), as fixed before round 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Pairing number; `teams[i].id == i as u32 + 1`.
    pub id: TeamId,
    pub name: String,
    /// The rating the regulations order the teams by (e.g. the average of the
    /// top boards), if any.
    pub rating: Option<u32>,
    /// Federation or club.
    pub federation: Option<String>,
    pub captain: Option<String>,
    /// Players (ids into [`TeamTournament::players`]) in board order.
    pub roster: Vec<PlayerId>,
    /// Withdrawn: not paired in rounds not yet paired.
    #[serde(default)]
    pub withdrawn: bool,
}

/// Which pairing system the event uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamSystem {
    /// FIDE Swiss system for teams (C.04.6).
    #[default]
    Swiss,
    /// Berger tables (C.05), single or double.
    RoundRobin { double: bool },
    /// Two teams; every player of one meets every player of the other.
    Scheveningen,
}

/// The score teams are ranked and paired by (C.04.6 art. 1.2: the regulations
/// choose; the other one is the secondary score).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrimaryScore {
    #[default]
    MatchPoints,
    GamePoints,
}

/// How colours are given on the boards of a match, seen from the first-named
/// team (the team "with White" in C.04.6 terms is the one with White on
/// board 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardColours {
    /// White on odd boards, Black on even boards (the usual rule).
    #[default]
    WhiteOnOdd,
    /// White on every board (events where each pairing is played twice, or
    /// where the regulations say so).
    WhiteOnAll,
}

impl BoardColours {
    /// The first-named team's colour on board `board` (0-based).
    pub fn first_team_colour(self, board: usize) -> Color {
        match self {
            BoardColours::WhiteOnOdd if board % 2 == 1 => Color::Black,
            _ => Color::White,
        }
    }
}

/// Colour preferences of teams in the Swiss system (C.04.6 art. 1.7): the
/// regulations choose the type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourPreferenceType {
    /// Type A: simple preferences only.
    #[default]
    A,
    /// Type B: strong and mild preferences.
    B,
    /// Colours are not considered when pairing.
    None,
}

/// The regulations of a team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSettings {
    /// Boards per match.
    pub boards: u32,
    /// Match points for a won, drawn and lost match (default 2/1/0).
    pub match_win: i32,
    pub match_draw: i32,
    pub match_loss: i32,
    /// Match points and game points (half-points) of a pairing-allocated bye.
    pub bye_match_points: i32,
    pub bye_game_points: HalfPoints,
    pub primary: PrimaryScore,
    pub colours: BoardColours,
    pub colour_preference: ColourPreferenceType,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings::new(4)
    }
}

impl TeamSettings {
    /// The defaults for `boards` boards: match points 2/1/0, a bye worth a
    /// drawn match (C.04.6 art. 1.4: the match points and game points of a
    /// draw, here 1 MP and half a point per board), match points primary,
    /// White on odd boards for the first-named team, Type A colour
    /// preferences.
    pub fn new(boards: u32) -> Self {
        TeamSettings {
            boards,
            match_win: 2,
            match_draw: 1,
            match_loss: 0,
            bye_match_points: 1,
            bye_game_points: boards as HalfPoints,
            primary: PrimaryScore::MatchPoints,
            colours: BoardColours::WhiteOnOdd,
            colour_preference: ColourPreferenceType::A,
        }
    }
}

/// The result of one board, from each side (asymmetric results allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    pub home: GameResult,
    pub away: GameResult,
}

impl BoardResult {
    /// A played game won by the first-named team's player.
    pub const HOME_WIN: BoardResult = BoardResult {
        home: GameResult::Win,
        away: GameResult::Loss,
    };
    pub const DRAW: BoardResult = BoardResult {
        home: GameResult::Draw,
        away: GameResult::Draw,
    };
    pub const AWAY_WIN: BoardResult = BoardResult {
        home: GameResult::Loss,
        away: GameResult::Win,
    };
}

/// One board of a match. An empty side (`None`) is a board the team did not
/// fill: a forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub home: Option<PlayerId>,
    pub away: Option<PlayerId>,
    /// The first-named team's player's colour.
    pub home_colour: Color,
    /// `None` while the game is not finished. A board with an empty side
    /// gets its forfeit when the line-ups are set ([`Match::set_lineups`]).
    pub result: Option<BoardResult>,
}

impl Board {
    /// The result that counts (recorded results only).
    pub fn effective_result(&self) -> Option<BoardResult> {
        self.result
    }

    /// The forfeit an empty side implies: present side `+`, empty side `-`
    /// (both empty: `-`/`-`); `None` when both sides have a player.
    pub fn implied_forfeit(&self) -> Option<BoardResult> {
        let side = |p: Option<PlayerId>| match p {
            Some(_) => GameResult::ForfeitWin,
            None => GameResult::ForfeitLoss,
        };
        if self.home.is_some() && self.away.is_some() {
            None
        } else {
            Some(BoardResult {
                home: side(self.home),
                away: side(self.away),
            })
        }
    }

    /// Whether a game was played over the board.
    pub fn played(&self) -> bool {
        self.home.is_some()
            && self.away.is_some()
            && self
                .result
                .is_some_and(|r| r.home.played() && r.away.played())
    }
}

/// Points of one side of a board under a point system.
pub fn game_points(result: GameResult, ps: &PointSystem) -> HalfPoints {
    match result {
        GameResult::Win => ps.win,
        GameResult::Draw => ps.draw,
        GameResult::Loss => ps.loss,
        GameResult::ForfeitWin => ps.forfeit_win,
        GameResult::ForfeitLoss => ps.forfeit_loss,
        GameResult::Adjusted(p) => p,
    }
}

/// The outcome of a match, from the first-named team's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchOutcome {
    HomeWin,
    Draw,
    AwayWin,
    /// Both teams forfeited the match: no game over the board and no game
    /// point for either side (every board `-/-`). Both get the match points
    /// of a lost match: a forfeited match counts as lost (C.04.6 art. 1.4,
    /// C.07 art. 16.2.4), never as a draw.
    BothLost,
}

/// One match of a round: the first-named team (`home`, White on board 1 under
/// the default colour rule) against `away`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub home: TeamId,
    pub away: TeamId,
    pub boards: Vec<Board>,
}

impl Match {
    /// A match with line-ups still to come: `boards` empty boards coloured by
    /// the rule.
    pub fn new(home: TeamId, away: TeamId, settings: &TeamSettings) -> Match {
        Match {
            home,
            away,
            boards: (0..settings.boards as usize)
                .map(|b| Board {
                    home: None,
                    away: None,
                    home_colour: settings.colours.first_team_colour(b),
                    result: None,
                })
                .collect(),
        }
    }

    /// Whether every board has a result.
    pub fn finished(&self) -> bool {
        self.boards.iter().all(|b| b.effective_result().is_some())
    }

    /// Game points of (home, away), counting finished boards only.
    pub fn game_points(&self, ps: &PointSystem) -> (HalfPoints, HalfPoints) {
        self.boards
            .iter()
            .filter_map(Board::effective_result)
            .fold((0, 0), |(h, a), r| {
                (h + game_points(r.home, ps), a + game_points(r.away, ps))
            })
    }

    /// Whether both teams forfeited the match: every board finished without
    /// a game over the board (no side played), and neither team scored a
    /// game point.
    pub fn double_forfeit(&self, ps: &PointSystem) -> bool {
        self.finished()
            && self.boards.iter().all(|b| {
                b.effective_result()
                    .is_some_and(|r| !r.home.played() && !r.away.played())
            })
            && self.game_points(ps) == (0, 0)
    }

    /// The match result from the game points, once every board is finished.
    /// Equal game points are a draw, except a match both teams forfeited
    /// ([`Match::double_forfeit`]), lost by both. Boards forfeited by both
    /// sides (`-/-`) give nothing to either side and so count for neither.
    pub fn outcome(&self, ps: &PointSystem) -> Option<MatchOutcome> {
        if !self.finished() {
            return None;
        }
        if self.double_forfeit(ps) {
            return Some(MatchOutcome::BothLost);
        }
        let (h, a) = self.game_points(ps);
        Some(match h.cmp(&a) {
            std::cmp::Ordering::Greater => MatchOutcome::HomeWin,
            std::cmp::Ordering::Equal => MatchOutcome::Draw,
            std::cmp::Ordering::Less => MatchOutcome::AwayWin,
        })
    }

    /// Match points of (home, away) once the match is finished.
    pub fn match_points(&self, ps: &PointSystem, s: &TeamSettings) -> Option<(i32, i32)> {
        Some(match self.outcome(ps)? {
            MatchOutcome::HomeWin => (s.match_win, s.match_loss),
            MatchOutcome::Draw => (s.match_draw, s.match_draw),
            MatchOutcome::AwayWin => (s.match_loss, s.match_win),
            MatchOutcome::BothLost => (s.match_loss, s.match_loss),
        })
    }

    /// Whether the team `team` plays in this match.
    pub fn involves(&self, team: TeamId) -> bool {
        self.home == team || self.away == team
    }

    /// The opponent of `team` in this match.
    pub fn opponent(&self, team: TeamId) -> Option<TeamId> {
        if self.home == team {
            Some(self.away)
        } else if self.away == team {
            Some(self.home)
        } else {
            None
        }
    }

    /// Whether the match took place: at least one board with a player on
    /// each side that is not a forfeit of both (`-/-`: neither player
    /// came). A match with no such board is a forfeited match (no meeting,
    /// no colour).
    pub fn played(&self) -> bool {
        self.boards.iter().any(|b| {
            b.home.is_some()
                && b.away.is_some()
                && !b
                    .effective_result()
                    .is_some_and(|r| !r.home.played() && !r.away.played())
        })
    }

    /// Sets the line-ups: `home_players[k]` / `away_players[k]` on board
    /// `k + 1` (`None` = empty board). Checks them against the rosters
    /// (see [`check_lineup`]).
    pub fn set_lineups(
        &mut self,
        t: &TeamTournament,
        home_players: &[Option<PlayerId>],
        away_players: &[Option<PlayerId>],
    ) -> Result<(), LineupError> {
        check_lineup(t, self.home, home_players)?;
        check_lineup(t, self.away, away_players)?;
        for (k, board) in self.boards.iter_mut().enumerate() {
            board.home = home_players.get(k).copied().flatten();
            board.away = away_players.get(k).copied().flatten();
            // An empty board is a forfeit, known as soon as the line-ups are.
            board.result = board.implied_forfeit();
        }
        Ok(())
    }
}

/// Why a line-up was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    #[error("team {0} does not exist")]
    NoSuchTeam(TeamId),
    #[error("team {team}: {given} boards given, the match has {boards}")]
    TooManyBoards {
        team: TeamId,
        given: usize,
        boards: u32,
    },
    #[error("team {team}: player {player} is not on the roster")]
    NotOnRoster { team: TeamId, player: PlayerId },
    #[error("team {team}: player {player} is lined up twice")]
    Twice { team: TeamId, player: PlayerId },
    #[error("team {team}: player {player} on board {board} is above a player higher on the roster (board order must keep roster order)")]
    OutOfOrder {
        team: TeamId,
        player: PlayerId,
        board: usize,
    },
}

/// Checks a line-up: at most `boards` boards, players of the team's roster,
/// each once, in roster order (empty boards anywhere).
pub fn check_lineup(
    t: &TeamTournament,
    team: TeamId,
    players: &[Option<PlayerId>],
) -> Result<(), LineupError> {
    let roster = &t.team(team).ok_or(LineupError::NoSuchTeam(team))?.roster;
    if players.len() > t.settings.boards as usize {
        return Err(LineupError::TooManyBoards {
            team,
            given: players.len(),
            boards: t.settings.boards,
        });
    }
    let mut last: Option<usize> = None;
    for (board, &p) in players.iter().enumerate() {
        let Some(p) = p else { continue };
        let place = roster
            .iter()
            .position(|&r| r == p)
            .ok_or(LineupError::NotOnRoster { team, player: p })?;
        if players[..board].contains(&Some(p)) {
            return Err(LineupError::Twice { team, player: p });
        }
        if last.is_some_and(|l| l > place) {
            return Err(LineupError::OutOfOrder {
                team,
                player: p,
                board: board + 1,
            });
        }
        last = Some(place);
    }
    Ok(())
}

/// One round: its matches and the team given the pairing-allocated bye (or,
/// in a round robin with an odd number of teams, the free round).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    pub matches: Vec<Match>,
    pub bye: Option<TeamId>,
    /// Teams not paired this round at their request with a drawn match's
    /// points (a half-point bye, C.07 art. 16.1.1). A team neither paired,
    /// nor given the bye, nor listed here had a zero-point bye.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub half_byes: Vec<TeamId>,
}

/// A team tournament.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TeamTournament {
    pub name: String,
    pub system: TeamSystem,
    /// Planned rounds of the event.
    pub total_rounds: u32,
    pub settings: TeamSettings,
    /// Points of a board result (game points), in half-points.
    pub points: PointSystem,
    /// The colour the first team in the initial order gets in round 1
    /// (drawn by lot before round 1).
    pub initial_colour: Color,
    pub teams: Vec<Team>,
    /// Every player of every roster (`players[i].id == i as u32 + 1`); the
    /// `rounds` of these records are not used (the games are in `rounds`).
    pub players: Vec<Player>,
    /// Rounds paired so far, index 0 = round 1.
    pub rounds: Vec<TeamRound>,
    /// The regulations' tie-breaks after the primary score, in order (C.07;
    /// empty: none given). Carried by the team TRF (`202`/`212`), used by
    /// whoever ranks the event ([`super::tiebreak::team_standings`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tie_breaks: Vec<super::tiebreak::TeamTieBreak>,
}

/// A team's totals after some rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamScore {
    pub match_points: i32,
    /// Half-points.
    pub game_points: HalfPoints,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Matches played (including forfeited matches, excluding byes).
    pub matches: u32,
    pub byes: u32,
}

impl TeamScore {
    /// The primary score in comparable units (match points, or half-points).
    pub fn primary(&self, p: PrimaryScore) -> i64 {
        match p {
            PrimaryScore::MatchPoints => i64::from(self.match_points),
            PrimaryScore::GamePoints => i64::from(self.game_points),
        }
    }
    pub fn secondary(&self, p: PrimaryScore) -> i64 {
        match p {
            PrimaryScore::MatchPoints => i64::from(self.game_points),
            PrimaryScore::GamePoints => i64::from(self.match_points),
        }
    }
}

impl TeamTournament {
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.get((id as usize).checked_sub(1)?)
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get((id as usize).checked_sub(1)?)
    }

    /// The team whose roster holds `player`.
    pub fn team_of(&self, player: PlayerId) -> Option<TeamId> {
        self.teams
            .iter()
            .find(|t| t.roster.contains(&player))
            .map(|t| t.id)
    }

    /// The match of `team` in round `round` (1-based).
    pub fn match_of(&self, team: TeamId, round: usize) -> Option<&Match> {
        self.rounds
            .get(round.checked_sub(1)?)?
            .matches
            .iter()
            .find(|m| m.involves(team))
    }

    /// Every team's totals over the first `rounds` rounds (finished matches
    /// and byes only).
    pub fn scores_after(&self, rounds: usize) -> Vec<TeamScore> {
        let mut scores = vec![TeamScore::default(); self.teams.len()];
        let slot = |id: TeamId| (id as usize).checked_sub(1);
        for round in self.rounds.iter().take(rounds) {
            if let Some(s) = round.bye.and_then(slot).and_then(|i| scores.get_mut(i)) {
                s.match_points += self.settings.bye_match_points;
                s.game_points += self.settings.bye_game_points;
                s.byes += 1;
            }
            for &team in &round.half_byes {
                if let Some(s) = slot(team).and_then(|i| scores.get_mut(i)) {
                    s.match_points += self.settings.match_draw;
                    s.game_points += self.half_bye_game_points();
                }
            }
            for m in &round.matches {
                let Some((hm, am)) = m.match_points(&self.points, &self.settings) else {
                    continue;
                };
                let (hg, ag) = m.game_points(&self.points);
                let outcome = m.outcome(&self.points);
                for (team, mp, gp, won, lost) in [
                    (m.home, hm, hg, MatchOutcome::HomeWin, MatchOutcome::AwayWin),
                    (m.away, am, ag, MatchOutcome::AwayWin, MatchOutcome::HomeWin),
                ] {
                    let Some(s) = slot(team).and_then(|i| scores.get_mut(i)) else {
                        continue;
                    };
                    s.match_points += mp;
                    s.game_points += gp;
                    s.matches += 1;
                    match outcome {
                        Some(o) if o == won => s.wins += 1,
                        Some(o) if o == lost || o == MatchOutcome::BothLost => s.losses += 1,
                        _ => s.draws += 1,
                    }
                }
            }
        }
        scores
    }

    /// The game points (half-points) of a drawn match without games: half
    /// of the boards' points, the points of a half-point bye.
    pub fn half_bye_game_points(&self) -> HalfPoints {
        self.settings.boards as HalfPoints * self.points.draw
    }

    /// Every team's totals over all rounds.
    pub fn scores(&self) -> Vec<TeamScore> {
        self.scores_after(self.rounds.len())
    }
}
