//! Random team tournament generator: a team Swiss (C.04.6) whose every round
//! is paired by [`super::swiss`], with line-ups and board results drawn from a
//! rating model, written as team TRF ([`super::trf`]). The counterpart of the
//! individual generator ([`crate::generator`], the "RTG" of C.04.A) for
//! teams; the same seed and settings give the same file on any machine (the
//! only randomness is [`SplitMix64`]).
//!
//! # Settings (`key = value` lines)
//!
//! Blank lines and lines starting with `#` are ignored; rates are "one in
//! N" (0 = never).
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `TeamsNumber` | teams | 12 |
//! | `RoundsNumber` | rounds | 7 |
//! | `BoardsNumber` | boards per match | 4 |
//! | `ReservesNumber` | reserves per roster | 1 |
//! | `HighestRating`, `LowestRating` | players' rating range (uniform) | 2500, 1400 |
//! | `DrawPercentage` | draw chance between equal ratings, % | 30 |
//! | `BoardForfeitRate` | a team leaves a board empty | 0 |
//! | `MatchForfeitRate` | a team does not appear for a match (every board empty) | 0 |
//! | `ZeroHalfRate` | a game ends 0–½ or ½–0 (art. 12.3(b) of the Laws) | 0 |
//! | `WithdrawRate` | a team withdraws before a round (from round 2) | 0 |
//! | `HalfPointByeRate` | a team takes a half-point bye (not paired) | 0 |
//! | `ColourPreference` | `A`, `B` or `none` (C.04.6 art. 1.7) | `A` |
//! | `PrimaryScore` | `MP` or `GP` (art. 1.2) | `MP` |
//! | `BoardColours` | `odd` (White on odd boards) or `all` | `odd` |
//! | `MatchPoints` | win, draw, loss | `2,1,0` |
//! | `ByeMatchPoints`, `ByeGamePoints` | the pairing-allocated bye | a drawn match |
//! | `InitialColour` | `W`, `B` or `random` | random |
//! | `TieBreaks` | the tie-breaks after the primary score (C.07 team codes) | `GP,BH:MP,DE` |
//!
//! Without a settings file every setting is drawn from the seed
//! ([`Config::from_seed`]).
//!
//! If a round cannot be paired (a small field late in the event), the
//! tournament ends before it; the planned number of rounds is kept.

use crate::generator::SplitMix64;
use crate::model::{Color, GameResult, HalfPoints, Player};
use crate::trf::parse_points;

use super::model::{
    BoardColours, BoardResult, ColourPreferenceType, PrimaryScore, Team, TeamSettings, TeamSystem,
    TeamTournament,
};
use super::tiebreak::TeamTieBreak;

/// The generator's settings (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub teams: u32,
    pub rounds: u32,
    pub boards: u32,
    pub reserves: u32,
    pub highest_rating: u32,
    pub lowest_rating: u32,
    pub draw_percentage: u32,
    pub board_forfeit_rate: u32,
    pub match_forfeit_rate: u32,
    pub zero_half_rate: u32,
    pub withdraw_rate: u32,
    pub half_bye_rate: u32,
    pub preference: ColourPreferenceType,
    pub primary: PrimaryScore,
    pub colours: BoardColours,
    /// Win, draw, loss.
    pub match_points: (i32, i32, i32),
    /// `None`: a drawn match's points.
    pub bye_match_points: Option<i32>,
    pub bye_game_points: Option<HalfPoints>,
    /// `None`: drawn from the seed.
    pub initial_colour: Option<Color>,
    pub tie_breaks: Vec<TeamTieBreak>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            teams: 12,
            rounds: 7,
            boards: 4,
            reserves: 1,
            highest_rating: 2500,
            lowest_rating: 1400,
            draw_percentage: 30,
            board_forfeit_rate: 0,
            match_forfeit_rate: 0,
            zero_half_rate: 0,
            withdraw_rate: 0,
            half_bye_rate: 0,
            preference: ColourPreferenceType::A,
            primary: PrimaryScore::MatchPoints,
            colours: BoardColours::WhiteOnOdd,
            match_points: (2, 1, 0),
            bye_match_points: None,
            bye_game_points: None,
            initial_colour: None,
            tie_breaks: default_tie_breaks(),
        }
    }
}

fn default_tie_breaks() -> Vec<TeamTieBreak> {
    ["GP", "BH:MP", "DE"]
        .iter()
        .filter_map(|c| c.parse().ok())
        .collect()
}

fn tie_break_list(text: &str) -> Result<Vec<TeamTieBreak>, String> {
    text.split([',', ' ', ';'])
        .filter(|c| !c.is_empty())
        .map(|c| c.parse().map_err(|e| format!("{e}")))
        .collect()
}

impl Config {
    /// Reads `key = value` lines; unknown keys and bad values are errors.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut c = Config::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |m: &str| format!("line {}: {m}", i + 1);
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| at("expected key = value"))?;
            let (key, value) = (key.trim(), value.trim());
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| at(&format!("{key} needs a whole number")))
            };
            let integer = |v: &str| {
                v.trim()
                    .parse::<i32>()
                    .map_err(|_| at(&format!("{key} needs whole numbers")))
            };
            match key {
                "TeamsNumber" => c.teams = number()?,
                "RoundsNumber" => c.rounds = number()?,
                "BoardsNumber" => c.boards = number()?,
                "ReservesNumber" => c.reserves = number()?,
                "HighestRating" => c.highest_rating = number()?,
                "LowestRating" => c.lowest_rating = number()?,
                "DrawPercentage" => c.draw_percentage = number()?.min(100),
                "BoardForfeitRate" => c.board_forfeit_rate = number()?,
                "MatchForfeitRate" => c.match_forfeit_rate = number()?,
                "ZeroHalfRate" => c.zero_half_rate = number()?,
                "WithdrawRate" => c.withdraw_rate = number()?,
                "HalfPointByeRate" => c.half_bye_rate = number()?,
                "ColourPreference" => {
                    c.preference = match value.to_ascii_uppercase().as_str() {
                        "A" => ColourPreferenceType::A,
                        "B" => ColourPreferenceType::B,
                        "NONE" => ColourPreferenceType::None,
                        _ => return Err(at("ColourPreference is A, B or none")),
                    }
                }
                "PrimaryScore" => {
                    c.primary = match value.to_ascii_uppercase().as_str() {
                        "MP" => PrimaryScore::MatchPoints,
                        "GP" => PrimaryScore::GamePoints,
                        _ => return Err(at("PrimaryScore is MP or GP")),
                    }
                }
                "BoardColours" => {
                    c.colours = match value.to_ascii_lowercase().as_str() {
                        "odd" => BoardColours::WhiteOnOdd,
                        "all" => BoardColours::WhiteOnAll,
                        _ => return Err(at("BoardColours is odd or all")),
                    }
                }
                "MatchPoints" => {
                    let v: Vec<&str> = value.split(',').collect();
                    let [w, d, l] = v.as_slice() else {
                        return Err(at("MatchPoints is win,draw,loss"));
                    };
                    c.match_points = (integer(w)?, integer(d)?, integer(l)?);
                }
                "ByeMatchPoints" => c.bye_match_points = Some(integer(value)?),
                "ByeGamePoints" => {
                    c.bye_game_points = Some(
                        parse_points(value)
                            .ok_or_else(|| at("ByeGamePoints needs points such as 2.0"))?,
                    )
                }
                "InitialColour" => {
                    c.initial_colour = match value.to_ascii_lowercase().as_str() {
                        "w" | "white" => Some(Color::White),
                        "b" | "black" => Some(Color::Black),
                        "random" | "" => None,
                        _ => return Err(at("InitialColour is W, B or random")),
                    }
                }
                "TieBreaks" => c.tie_breaks = tie_break_list(value).map_err(|e| at(&e))?,
                _ => return Err(at(&format!("unknown setting {key}"))),
            }
        }
        if c.teams < 2 || c.rounds < 1 || c.boards < 1 {
            return Err("at least 2 teams, 1 round and 1 board".into());
        }
        if c.lowest_rating > c.highest_rating {
            return Err("LowestRating is above HighestRating".into());
        }
        Ok(c)
    }

    /// Every setting drawn from the seed: 4–40 teams (small fields more
    /// often), 3–11 rounds (fewer than the teams), 4–6 boards, 0–2
    /// reserves, Type A or B preferences, MP or GP primary, and each of
    /// board forfeits, whole-match forfeits, 0–½ results, withdrawals and
    /// half-point byes in about half of the events.
    pub fn from_seed(seed: u64) -> Config {
        let mut r = SplitMix64::new(seed ^ 0x7EA3_C0F1_6000_0000);
        let teams = match r.below(3) {
            0 => r.range(4, 9),
            1 => r.range(10, 20),
            _ => r.range(21, 40),
        } as u32;
        let rounds = (r.range(3, 11) as u32).min(teams - 1).max(1);
        let mut maybe = |n: u64| {
            if r.below(2) == 0 {
                0
            } else {
                r.range(n, 4 * n) as u32
            }
        };
        let board_forfeit_rate = maybe(15);
        let match_forfeit_rate = maybe(25);
        let zero_half_rate = maybe(60);
        let withdraw_rate = maybe(40);
        let half_bye_rate = maybe(30);
        let boards = r.range(4, 6) as u32;
        let lists = [
            "GP,BH:MP,DE",
            "GP,EMGSB,BH:MP",
            "BH:MP/C1,EMMSB,DE",
            "EDE,BC,TBR",
            "MPVGP,BH:GP,SSSC,WIN",
            "GP,EDEBT,BBE,TPN",
        ];
        let list = lists[r.below(lists.len() as u64) as usize];
        Config {
            teams,
            rounds,
            boards,
            reserves: r.range(0, 2) as u32,
            highest_rating: r.range(2000, 2700) as u32,
            lowest_rating: r.range(1000, 1900) as u32,
            draw_percentage: r.range(10, 60) as u32,
            board_forfeit_rate,
            match_forfeit_rate,
            zero_half_rate,
            withdraw_rate,
            half_bye_rate,
            preference: if r.below(2) == 0 {
                ColourPreferenceType::A
            } else {
                ColourPreferenceType::B
            },
            primary: if r.below(4) == 0 {
                PrimaryScore::GamePoints
            } else {
                PrimaryScore::MatchPoints
            },
            colours: if r.below(6) == 0 {
                BoardColours::WhiteOnAll
            } else {
                BoardColours::WhiteOnOdd
            },
            match_points: if r.below(4) == 0 {
                (3, 1, 0)
            } else {
                (2, 1, 0)
            },
            bye_match_points: if r.below(3) == 0 { Some(2) } else { None },
            bye_game_points: if r.below(3) == 0 {
                Some(2 * boards as HalfPoints - 2)
            } else {
                None
            },
            initial_colour: None,
            tie_breaks: tie_break_list(list).unwrap_or_default(),
        }
    }
}

/// A generated team tournament and its TRF text.
pub struct Generated {
    pub tournament: TeamTournament,
    pub trf: String,
}

/// The result of a game from White's side: the rating model of
/// [`crate::generator`] (White's expected score from the rating difference,
/// draws halved every 200 points of difference), sometimes 0–½.
fn game(r: &mut SplitMix64, c: &Config, white: u32, black: u32) -> (GameResult, GameResult) {
    use GameResult::*;
    if r.one_in(c.zero_half_rate) {
        return if r.below(2) == 0 {
            (Adjusted(0), Adjusted(1))
        } else {
            (Adjusted(1), Adjusted(0))
        };
    }
    let delta = f64::from(white) - f64::from(black);
    let expected = 1.0 / (1.0 + 10f64.powf(-delta / 400.0));
    let draw = (f64::from(c.draw_percentage) / 100.0 * 2f64.powf(-delta.abs() / 200.0))
        .min(2.0 * expected.min(1.0 - expected) * 0.9);
    let win = expected - draw / 2.0;
    let x = r.unit();
    if x < win {
        (Win, Loss)
    } else if x < win + draw {
        (Draw, Draw)
    } else {
        (Loss, Win)
    }
}

/// Generates a team tournament (see the module docs).
pub fn generate(c: &Config, seed: u64) -> Generated {
    let mut r = SplitMix64::new(seed);
    let mut settings = TeamSettings::new(c.boards);
    settings.match_win = c.match_points.0;
    settings.match_draw = c.match_points.1;
    settings.match_loss = c.match_points.2;
    settings.bye_match_points = c.bye_match_points.unwrap_or(c.match_points.1);
    if let Some(gp) = c.bye_game_points {
        settings.bye_game_points = gp;
    }
    settings.primary = c.primary;
    settings.colours = c.colours;
    settings.colour_preference = c.preference;
    let mut t = TeamTournament {
        name: format!("Generated team event, seed {seed}"),
        system: TeamSystem::Swiss,
        total_rounds: c.rounds,
        settings,
        initial_colour: c.initial_colour.unwrap_or(if r.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        }),
        tie_breaks: c.tie_breaks.clone(),
        ..TeamTournament::default()
    };
    // Players by rating, then cut into teams in that order: team 1 is the
    // strongest (the initial order of C.04.6 art. 1.1 by team rating).
    let size = c.boards + c.reserves;
    let mut ratings: Vec<u32> = (0..c.teams * size)
        .map(|_| r.range(u64::from(c.lowest_rating), u64::from(c.highest_rating)) as u32)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    for k in 0..c.teams {
        let mut roster: Vec<u32> = Vec::new();
        let mut team_ratings: Vec<u32> =
            ratings[(k * size) as usize..((k + 1) * size) as usize].to_vec();
        // Inside a team the board order need not follow the rating exactly.
        if team_ratings.len() > 1 && r.below(3) == 0 {
            let i = r.below(team_ratings.len() as u64 - 1) as usize;
            team_ratings.swap(i, i + 1);
        }
        for rating in team_ratings {
            let id = t.players.len() as u32 + 1;
            t.players.push(Player {
                id,
                name: format!("Player {id}"),
                rating: Some(rating),
                ..Player::default()
            });
            roster.push(id);
        }
        let top: Vec<u32> = roster
            .iter()
            .take(c.boards as usize)
            .filter_map(|&p| t.player(p).and_then(|x| x.rating))
            .collect();
        t.teams.push(Team {
            id: k + 1,
            name: format!("Team {}", k + 1),
            rating: Some(top.iter().sum::<u32>() / top.len().max(1) as u32),
            roster,
            ..Team::default()
        });
    }
    for round in 1..=c.rounds {
        if round > 1 {
            for i in 0..t.teams.len() {
                if !t.teams[i].withdrawn && r.one_in(c.withdraw_rate) {
                    t.teams[i].withdrawn = true;
                }
            }
        }
        // Half-point byes: the team is left out of this round's pairing.
        let mut half_byes = Vec::new();
        for i in 0..t.teams.len() {
            if !t.teams[i].withdrawn && r.one_in(c.half_bye_rate) {
                t.teams[i].withdrawn = true;
                half_byes.push(i as u32 + 1);
            }
        }
        // A round needs two teams to pair (a lone team's bye is no round).
        if t.teams.iter().filter(|x| !x.withdrawn).count() < 2 {
            for &h in &half_byes {
                t.teams[h as usize - 1].withdrawn = false;
            }
            break;
        }
        let paired = super::swiss::pair_round(&t, round);
        for &h in &half_byes {
            t.teams[h as usize - 1].withdrawn = false;
        }
        let Ok(pairing) = paired else { break };
        let mut tr = pairing.to_round(&t);
        tr.half_byes = half_byes;
        let boards = c.boards as usize;
        for m in &mut tr.matches {
            let lineup = |team: u32, r: &mut SplitMix64| -> Vec<Option<u32>> {
                if r.one_in(c.match_forfeit_rate) {
                    return vec![None; boards];
                }
                let mut chosen = t.teams[team as usize - 1].roster.clone();
                while chosen.len() > boards {
                    let k = r.below(chosen.len() as u64) as usize;
                    chosen.remove(k);
                }
                let mut list: Vec<Option<u32>> = chosen.into_iter().map(Some).collect();
                list.resize(boards, None);
                if r.one_in(c.board_forfeit_rate) {
                    let k = r.below(boards as u64) as usize;
                    list[k] = None;
                }
                list
            };
            let home = lineup(m.home, &mut r);
            let away = lineup(m.away, &mut r);
            if m.set_lineups(&t, &home, &away).is_err() {
                // Not reached: line-ups are taken from the rosters in order.
                continue;
            }
            for b in &mut m.boards {
                if b.result.is_some() {
                    continue;
                }
                let (Some(h), Some(a)) = (b.home, b.away) else {
                    continue;
                };
                let rating = |p: u32| t.player(p).and_then(|x| x.rating).unwrap_or(1400);
                let (white, black) = if b.home_colour == Color::White {
                    (h, a)
                } else {
                    (a, h)
                };
                let (w, bl) = game(&mut r, c, rating(white), rating(black));
                b.result = Some(if b.home_colour == Color::White {
                    BoardResult { home: w, away: bl }
                } else {
                    BoardResult { home: bl, away: w }
                });
            }
        }
        t.rounds.push(tr);
    }
    let trf = super::trf::write(&t);
    Generated { tournament: t, trf }
}
