//! TRF for team tournaments: the individual part as the crate's TRF
//! ([`crate::trf`], `001` records with every game, so that any TRF reader sees
//! the players and their games), and the team records of TRF-2026 (FIDE
//! Tournament Report File, version 2026) with a few of our own:
//!
//! - `352` — the board colours of the first-named team, e.g. `352 WBWB`
//!   (White on odd boards; `WWWW`: White on every board); its length is the
//!   number of boards;
//! - `362` — match points: `362 TW  2.0   TD  1.0   TL  0.0`;
//! - `320` — the pairing-allocated bye: its match points (columns 5–8), game
//!   points (10–13), then the team given it in each round (`000`: none),
//!   e.g. `320  1.0  2.0 007 000 003`;
//! - `202` — the tie-breaks after the primary score (C.07 team codes),
//!   `202 GP,EMGSB,BH:MP`; `212` the same list after the primary score,
//!   `212 MP,GP,EMGSB,BH:MP` (written only when the event has a list);
//! - `013` (TRF16, to be phased out) per team, in pairing-number order: the
//!   name in columns 5–36, then the players' pairing numbers in board order,
//!   four columns each, from column 37, separated by a space;
//! - `310` (TRF-2026) per team: TPN (5–7), name (9–40), nickname (42–46:
//!   our federation/club, cut), strength factor (48–53: our team rating),
//!   match points (55–60), game points (62–67), rank (69–71, by the primary
//!   score and the tie-break list), the roster from column 74. Read only when
//!   a file has no `013`;
//! - `300` per team and round: `300 RRR TTT OOO P1 P2 …` — round (5–7), team
//!   (9–11), opponent (13–15), then its line-up, one pairing number per
//!   board from column 17 (`0000` = empty board). A record with no line-up
//!   means that the line-up is not known yet. Of a match's two records the
//!   first-named team's comes first. (Our older files also wrote the bye as
//!   a `300` record with opponent `0000`; it is still read.)
//! - `XTM` (Arbiter extension) per team:
//!   `XTM id|name|rating|federation|captain|withdrawn` (`|` in a field is
//!   written as `/`), the full name and the data the team records have no
//!   room for;
//! - `XTS` (Arbiter extension), the regulations, including those TRF-2026
//!   has no record for (system, primary score, colour preference type):
//!   `XTS system=swiss boards=4 win=2 draw=1 loss=0 bye-mp=2 bye-gp=8
//!   primary=MP colours=odd preference=A`;
//! - `XTH` (Arbiter extension) per half-point bye of a team:
//!   `XTH RRR TTTT` — round and team (the TRF-2026 `240` record would be
//!   read as a player's bye by TRF readers of the individual part).
//!
//! Reading is tolerant: a record left out keeps today's default; where the
//! TRF-2026 records and `XTS` both speak, the TRF-2026 record wins.
//!
//! A board with a player on one side only is that player's forfeit win; in
//! the `001` record it is written as a full-point bye (`0000 - F`), as TRF
//! has no forfeit without an opponent. The result of a board with both
//! players comes from the two players' `001` blocks (so asymmetric results
//! travel through the crate's `299` records); its colour from the
//! first-named team's player. Other boards take the colour of the
//! regulations' rule.

use crate::model::{
    ByeKind, Color, HalfPoints, Player, PlayerId, RoundEntry, Tournament, TournamentKind,
};
use crate::trf::{self as individual, format_points, parse_points, TrfError};

use super::tiebreak::{team_standings, Score, TeamTieBreak};
use crate::tiebreak::TieBreakError;

use super::model::{
    Board, BoardColours, BoardResult, ColourPreferenceType, Match, PrimaryScore, Team, TeamRound,
    TeamSystem, TeamTournament,
};

/// Why a team TRF could not be read (lines and columns from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamTrfError {
    #[error(transparent)]
    Trf(#[from] TrfError),
    #[error("line {line}, column {column}: {message}")]
    Record {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("the file has no team (no `013` or `310` record)")]
    NoTeams,
}

fn clean(s: &str) -> String {
    s.replace('|', "/")
}

/// The individual tournament of a team event: every player with a round
/// entry per round (games, forfeits, not lined up = not paired).
pub fn individual_tournament(t: &TeamTournament) -> Tournament {
    let rounds = t.rounds.len();
    let mut players: Vec<Player> = t
        .players
        .iter()
        .map(|p| Player {
            rounds: vec![RoundEntry::NotPaired; rounds],
            ..p.clone()
        })
        .collect();
    for (r, round) in t.rounds.iter().enumerate() {
        for m in &round.matches {
            for b in &m.boards {
                let mut set = |id: PlayerId, entry: RoundEntry| {
                    if let Some(p) = (id as usize)
                        .checked_sub(1)
                        .and_then(|i| players.get_mut(i))
                    {
                        p.rounds[r] = entry;
                    }
                };
                match (b.home, b.away) {
                    (Some(h), Some(a)) => {
                        set(
                            h,
                            RoundEntry::Game {
                                opponent: a,
                                color: b.home_colour,
                                result: b.result.map(|x| x.home),
                            },
                        );
                        set(
                            a,
                            RoundEntry::Game {
                                opponent: h,
                                color: b.home_colour.opposite(),
                                result: b.result.map(|x| x.away),
                            },
                        );
                    }
                    (Some(p), None) | (None, Some(p)) if b.result.is_some() => {
                        set(p, RoundEntry::Bye(ByeKind::Full));
                    }
                    _ => {}
                }
            }
        }
    }
    Tournament {
        name: t.name.clone(),
        kind: match t.system {
            TeamSystem::RoundRobin { double } => TournamentKind::RoundRobin { double },
            _ => TournamentKind::Swiss,
        },
        total_rounds: t.total_rounds,
        points: t.points,
        initial_color: t.initial_colour,
        players,
        ..Tournament::default()
    }
}

fn system_text(s: TeamSystem) -> &'static str {
    match s {
        TeamSystem::Swiss => "swiss",
        TeamSystem::RoundRobin { double: false } => "rr",
        TeamSystem::RoundRobin { double: true } => "drr",
        TeamSystem::Scheveningen => "scheveningen",
    }
}

/// Writes a team tournament as TRF (see the module text for the records).
pub fn write(t: &TeamTournament) -> String {
    let mut out = individual::write(&individual_tournament(t));
    let s = &t.settings;
    out.push_str(&format!(
        "XTS system={} boards={} win={} draw={} loss={} bye-mp={} bye-gp={} primary={} colours={} preference={}\n",
        system_text(t.system),
        s.boards,
        s.match_win,
        s.match_draw,
        s.match_loss,
        s.bye_match_points,
        s.bye_game_points,
        match s.primary {
            PrimaryScore::MatchPoints => "MP",
            PrimaryScore::GamePoints => "GP",
        },
        match s.colours {
            BoardColours::WhiteOnOdd => "odd",
            BoardColours::WhiteOnAll => "all",
        },
        match s.colour_preference {
            ColourPreferenceType::A => "A",
            ColourPreferenceType::B => "B",
            ColourPreferenceType::None => "none",
        },
    ));
    out.push_str(&standard_records(t));
    for team in &t.teams {
        let name: String = team.name.chars().take(32).collect();
        let mut line = format!("013 {name:<32}");
        for (k, p) in team.roster.iter().enumerate() {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(&format!("{p:>4}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&team_records(t));
    for team in &t.teams {
        out.push_str(&format!(
            "XTM {}|{}|{}|{}|{}|{}\n",
            team.id,
            clean(&team.name),
            team.rating.map(|r| r.to_string()).unwrap_or_default(),
            clean(team.federation.as_deref().unwrap_or("")),
            clean(team.captain.as_deref().unwrap_or("")),
            u8::from(team.withdrawn),
        ));
    }
    for (r, round) in t.rounds.iter().enumerate() {
        for m in &round.matches {
            let known = m
                .boards
                .iter()
                .any(|b| b.home.is_some() || b.away.is_some() || b.result.is_some());
            for (team, opponent, home) in [(m.home, m.away, true), (m.away, m.home, false)] {
                let mut line = format!("300 {:>3} {team:>3} {opponent:>3}", r + 1);
                if known {
                    for b in &m.boards {
                        let p = if home { b.home } else { b.away };
                        line.push_str(&format!(" {:>4}", p.unwrap_or(0)));
                    }
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
        for team in &round.half_byes {
            out.push_str(&format!("XTH {:>3} {team:>4}\n", r + 1));
        }
    }
    out
}

/// Whole match points in the TRF-2026 points format (`2.0`).
fn match_points_text(mp: i32) -> String {
    format_points(mp.saturating_mul(2))
}

/// The TRF-2026 records of the regulations that decide the standings:
/// `352` (board colours, hence the board count), `362` (match points),
/// `320` (the pairing-allocated bye: its match and game points, then the
/// team given it in each round, `000` for none) and, when the event has a
/// tie-break list, `202` (the tie-breaks) and `212` (the primary score and
/// the tie-breaks).
fn standard_records(t: &TeamTournament) -> String {
    let s = &t.settings;
    let sequence: String = (0..s.boards as usize)
        .map(|b| match s.colours.first_team_colour(b) {
            Color::White => 'W',
            Color::Black => 'B',
        })
        .collect();
    let mut out = String::new();
    if !sequence.is_empty() {
        out.push_str(&format!("352 {sequence}\n"));
    }
    out.push_str(&format!(
        "362 TW {:>4}   TD {:>4}   TL {:>4}\n",
        match_points_text(s.match_win),
        match_points_text(s.match_draw),
        match_points_text(s.match_loss),
    ));
    let mut pab = format!(
        "320 {:>4} {:>4}",
        match_points_text(s.bye_match_points),
        format_points(s.bye_game_points)
    );
    for round in &t.rounds {
        pab.push_str(&format!(" {:03}", round.bye.unwrap_or(0)));
    }
    out.push_str(&pab);
    out.push('\n');
    if !t.tie_breaks.is_empty() {
        let codes: Vec<String> = t.tie_breaks.iter().map(ToString::to_string).collect();
        let primary = match s.primary {
            PrimaryScore::MatchPoints => "MP",
            PrimaryScore::GamePoints => "GP",
        };
        out.push_str(&format!("202 {}\n", codes.join(",")));
        out.push_str(&format!("212 {primary},{}\n", codes.join(",")));
    }
    out
}

/// The TRF-2026 team records `310`, one per team in pairing-number order:
/// TPN (5–7), name (9–40), nickname (42–46: the federation or club, cut to
/// five characters), strength factor (48–53: the team's rating), match
/// points (55–60), game points (62–67), rank (69–71, by the primary score
/// and [`TeamTournament::tie_breaks`]), then the roster from column 74, five
/// columns a player.
fn team_records(t: &TeamTournament) -> String {
    let standings = team_standings(t, &t.tie_breaks);
    let mut out = String::new();
    for team in &t.teams {
        let row = standings.iter().find(|r| r.team == team.id);
        let name: String = team.name.chars().take(32).collect();
        let nick: String = team
            .federation
            .as_deref()
            .unwrap_or("")
            .chars()
            .take(5)
            .collect();
        let mut line = format!(
            "310 {:>3} {name:<32} {nick:<5} {:>6} {:>6} {:>6} {:>3} ",
            team.id,
            team.rating.map(|r| r.to_string()).unwrap_or_default(),
            row.map(|r| match_points_text(r.match_points))
                .unwrap_or_default(),
            row.map(|r| format_points(r.game_points))
                .unwrap_or_default(),
            row.map(|r| r.rank.to_string()).unwrap_or_default(),
        );
        for p in &team.roster {
            line.push_str(&format!(" {p:>4}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The teams of `310` records (a file without `013`): TPN in columns 5–7,
/// name 9–40, the players from column 74. The TPNs must be 1, 2, ….
fn teams_from_310(t: &mut TeamTournament, records: &[(usize, String)]) -> Result<(), TeamTrfError> {
    let mut teams: Vec<(u32, usize, Team)> = Vec::new();
    for (line, raw) in records {
        let line = *line;
        let chars: Vec<char> = raw.chars().collect();
        let text = |from: usize, to: usize| -> String {
            chars
                .get(from - 1..to.min(chars.len()))
                .map(|c| c.iter().collect())
                .unwrap_or_default()
        };
        let tpn = number(
            line,
            (5, text(5, 7).trim()),
            "a team pairing number in columns 5-7",
        )?;
        let start = raw.char_indices().nth(73).map_or(raw.len(), |(i, _)| i);
        let mut roster = Vec::new();
        for f in fields(raw, start) {
            let id = number(line, f, "a player's pairing number")?;
            if t.player(id).is_none() {
                return Err(record_error(line, f.0, format!("no player {id}")));
            }
            roster.push(id);
        }
        let rating = text(48, 53).trim().parse().ok();
        teams.push((
            tpn,
            line,
            Team {
                id: tpn,
                name: text(9, 40).trim().to_string(),
                rating,
                roster,
                ..Team::default()
            },
        ));
    }
    teams.sort_by_key(|x| x.0);
    for (k, (tpn, line, team)) in teams.into_iter().enumerate() {
        if tpn != k as u32 + 1 {
            return Err(record_error(
                line,
                5,
                format!("team pairing number {tpn}: expected {}", k + 1),
            ));
        }
        t.teams.push(team);
    }
    Ok(())
}

/// A team's line of the standings as a `310` record gives it (fields left
/// blank are `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordedStanding {
    pub team: u32,
    /// Half-points, as TRF writes match points with decimals too.
    pub match_points: Option<HalfPoints>,
    pub game_points: Option<HalfPoints>,
    pub rank: Option<u32>,
}

/// The standings the file's `310` records state (TPN 5–7, match points
/// 55–60, game points 62–67, rank 69–71), in file order; records whose TPN
/// cannot be read are left out.
pub fn recorded_standings(text: &str) -> Vec<RecordedStanding> {
    let mut out = Vec::new();
    for raw in text.lines() {
        if !raw.starts_with("310") {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let field = |from: usize, to: usize| -> String {
            chars
                .get(from - 1..to.min(chars.len()))
                .map(|c| c.iter().collect::<String>().trim().to_string())
                .unwrap_or_default()
        };
        let Ok(team) = field(5, 7).parse() else {
            continue;
        };
        out.push(RecordedStanding {
            team,
            match_points: parse_points(&field(55, 60)),
            game_points: parse_points(&field(62, 67)),
            rank: field(69, 71).parse().ok(),
        });
    }
    out
}

fn record_error(line: usize, column: usize, message: impl Into<String>) -> TeamTrfError {
    TeamTrfError::Record {
        line,
        column,
        message: message.into(),
    }
}

/// Whitespace-separated fields of `text` from byte `from` on, with their
/// 1-based columns (the text is ASCII in these records; a non-ASCII field
/// is reported where it starts).
fn fields(text: &str, from: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().skip_while(|(i, _)| *i < from) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s + 1, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &text[s..]));
    }
    out
}

fn number(line: usize, (column, text): (usize, &str), what: &str) -> Result<u32, TeamTrfError> {
    text.parse()
        .map_err(|_| record_error(line, column, format!("expected {what}, found {text:?}")))
}

fn apply_settings(t: &mut TeamTournament, text: &str, line: usize) -> Result<(), TeamTrfError> {
    for (column, field) in fields(text, 4) {
        let bad = || record_error(line, column, format!("unknown setting {field:?}"));
        let (key, value) = field.split_once('=').ok_or_else(bad)?;
        let int = |v: &str| -> Result<i32, TeamTrfError> {
            v.parse()
                .map_err(|_| record_error(line, column, format!("expected a number in {field:?}")))
        };
        let s = &mut t.settings;
        match key {
            "system" => {
                t.system = match value {
                    "swiss" => TeamSystem::Swiss,
                    "rr" => TeamSystem::RoundRobin { double: false },
                    "drr" => TeamSystem::RoundRobin { double: true },
                    "scheveningen" => TeamSystem::Scheveningen,
                    _ => return Err(bad()),
                }
            }
            "boards" => s.boards = int(value)?.max(0) as u32,
            "win" => s.match_win = int(value)?,
            "draw" => s.match_draw = int(value)?,
            "loss" => s.match_loss = int(value)?,
            "bye-mp" => s.bye_match_points = int(value)?,
            "bye-gp" => s.bye_game_points = int(value)?,
            "primary" => {
                s.primary = match value {
                    "MP" => PrimaryScore::MatchPoints,
                    "GP" => PrimaryScore::GamePoints,
                    _ => return Err(bad()),
                }
            }
            "colours" => {
                s.colours = match value {
                    "odd" => BoardColours::WhiteOnOdd,
                    "all" => BoardColours::WhiteOnAll,
                    _ => return Err(bad()),
                }
            }
            "preference" => {
                s.colour_preference = match value {
                    "A" => ColourPreferenceType::A,
                    "B" => ColourPreferenceType::B,
                    "none" => ColourPreferenceType::None,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok(())
}

/// Whole match points from a TRF points field (`2.0`).
fn whole_points(line: usize, (column, text): (usize, &str)) -> Result<i32, TeamTrfError> {
    match parse_points(text) {
        Some(hp) if hp % 2 == 0 => Ok(hp / 2),
        Some(_) => Err(record_error(
            line,
            column,
            format!("match points must be whole, found {text:?}"),
        )),
        None => Err(record_error(
            line,
            column,
            format!("expected points such as `2.0`, found {text:?}"),
        )),
    }
}

/// PAB teams of a `320` record: (line, [(column, round index, team)]).
type PabRounds = (usize, Vec<(usize, usize, u32)>);

/// Applies the TRF-2026 records `352`, `362`, `320` (its points; the teams
/// are applied by [`apply_pab_rounds`] once the rounds are built), `202` and
/// `212`. A record left out keeps the default.
fn apply_standard(
    t: &mut TeamTournament,
    records: &[(usize, String)],
) -> Result<Option<PabRounds>, TeamTrfError> {
    let mut pab = None;
    let mut list_202 = None;
    let mut list_212 = None;
    for (line, raw) in records {
        let line = *line;
        let f = fields(raw, 3);
        match raw.get(..3).unwrap_or("") {
            "352" => {
                let (column, seq) = *f.first().ok_or_else(|| {
                    record_error(line, 5, "expected a colour sequence such as WBWB")
                })?;
                let seq = seq.to_ascii_uppercase();
                let odd: String = (0..seq.len())
                    .map(|k| if k % 2 == 0 { 'W' } else { 'B' })
                    .collect();
                t.settings.colours = if seq == odd {
                    BoardColours::WhiteOnOdd
                } else if seq.bytes().all(|b| b == b'W') {
                    BoardColours::WhiteOnAll
                } else {
                    return Err(record_error(
                        line,
                        column,
                        format!(
                            "colour sequence {seq:?}: only White on odd boards (WBWB…) or on every board (WWWW…) is supported"
                        ),
                    ));
                };
                t.settings.boards = seq.len() as u32;
            }
            "362" => {
                let mut k = 0;
                while k < f.len() {
                    let (column, token) = f[k];
                    let upper = token.to_ascii_uppercase();
                    let (code, value) = if upper.len() > 2 && upper.is_char_boundary(2) {
                        (upper[..2].to_string(), (column + 2, &token[2..]))
                    } else {
                        k += 1;
                        let value = f.get(k).copied().unwrap_or((column + 2, ""));
                        (upper, value)
                    };
                    let mp = whole_points(line, value)?;
                    match code.as_str() {
                        "TW" => t.settings.match_win = mp,
                        "TD" => t.settings.match_draw = mp,
                        "TL" => t.settings.match_loss = mp,
                        _ => {
                            return Err(record_error(
                                line,
                                column,
                                format!("unknown result code {code:?} (TW, TD or TL)"),
                            ))
                        }
                    }
                    k += 1;
                }
            }
            "320" => {
                if f.len() < 2 {
                    return Err(record_error(
                        line,
                        5,
                        "expected the bye's match points and game points",
                    ));
                }
                t.settings.bye_match_points = whole_points(line, f[0])?;
                t.settings.bye_game_points = parse_points(f[1].1).ok_or_else(|| {
                    record_error(
                        line,
                        f[1].0,
                        format!("expected points such as `2.0`, found {:?}", f[1].1),
                    )
                })?;
                let mut teams = Vec::new();
                for (r, &field) in f[2..].iter().enumerate() {
                    teams.push((field.0, r, number(line, field, "a team number")?));
                }
                pab = Some((line, teams));
            }
            tag => {
                let body = raw.get(3..).unwrap_or("");
                let mut list = Vec::new();
                for code in body.split([',', ' ', ';']).filter(|c| !c.is_empty()) {
                    let column = 4 + body.find(code).unwrap_or(0);
                    if code.eq_ignore_ascii_case("PTS") {
                        list.push(None);
                        continue;
                    }
                    let tb: TeamTieBreak = code
                        .parse()
                        .map_err(|e: TieBreakError| record_error(line, column, e.to_string()))?;
                    list.push(Some(tb));
                }
                if tag == "202" {
                    list_202 = Some(list);
                } else {
                    list_212 = Some(list);
                }
            }
        }
    }
    // `212` starts with the primary score (`PTS`, `MP` or `GP`); `202` has
    // the tie-breaks only and is preferred when both are given.
    if let Some(list) = &list_212 {
        match list.first() {
            Some(Some(TeamTieBreak::Points(Score::Match))) => {
                t.settings.primary = PrimaryScore::MatchPoints
            }
            Some(Some(TeamTieBreak::Points(Score::Game))) => {
                t.settings.primary = PrimaryScore::GamePoints
            }
            _ => {}
        }
    }
    let list = match (list_202, list_212) {
        (Some(l), _) => l,
        (None, Some(l)) => l.into_iter().skip(1).collect(),
        (None, None) => Vec::new(),
    };
    t.tie_breaks = list.into_iter().flatten().collect();
    Ok(pab)
}

/// The teams a `320` record gives the bye, round by round (`000`: none),
/// checked against the `300` records.
fn apply_pab_rounds(
    t: &mut TeamTournament,
    line: usize,
    byes: &[(usize, usize, u32)],
) -> Result<(), TeamTrfError> {
    for &(column, r, team) in byes {
        if team == 0 {
            continue;
        }
        if team as usize > t.teams.len() {
            return Err(record_error(line, column, format!("no team {team}")));
        }
        if t.rounds.len() <= r {
            t.rounds.resize(r + 1, TeamRound::default());
        }
        match t.rounds[r].bye {
            None => t.rounds[r].bye = Some(team),
            Some(b) if b == team => {}
            Some(b) => {
                return Err(record_error(
                    line,
                    column,
                    format!(
                        "round {}: the bye is team {team} here, team {b} in the `300` records",
                        r + 1
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// One `300` record: (line, round, team, opponent, line-up if given).
type LineupRecord = (usize, u32, u32, u32, Option<Lineup>);

/// A line-up: a player or an empty board, per board.
type Lineup = Vec<Option<PlayerId>>;

/// Reads a team tournament written by [`write()`] (or any TRF with `013` or
/// `310` team records; without `300` records there are no rounds). Never
/// panics.
pub fn parse(text: &str) -> Result<TeamTournament, TeamTrfError> {
    let ind = individual::parse(text)?;
    let mut t = TeamTournament {
        name: ind.name.clone(),
        total_rounds: ind.total_rounds,
        points: ind.points,
        initial_colour: ind.initial_color,
        players: ind
            .players
            .iter()
            .map(|p| Player {
                rounds: Vec::new(),
                ..p.clone()
            })
            .collect(),
        ..TeamTournament::default()
    };
    let mut lineups: Vec<LineupRecord> = Vec::new();
    let mut extras: Vec<(usize, String)> = Vec::new();
    let mut half_byes: Vec<(usize, usize, u32, u32)> = Vec::new();
    let mut settings: Vec<(usize, String)> = Vec::new();
    let mut standard: Vec<(usize, String)> = Vec::new();
    let mut records_310: Vec<(usize, String)> = Vec::new();
    let text = text.trim_start_matches('\u{feff}');
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let raw = raw.trim_end_matches('\r');
        let tag = raw.get(..3).unwrap_or("");
        match tag {
            "XTS" => settings.push((line, raw.to_string())),
            "352" | "362" | "320" | "202" | "212" => standard.push((line, raw.to_string())),
            "013" => {
                let name: String = raw.chars().skip(4).take(32).collect();
                let start = raw.char_indices().nth(36).map_or(raw.len(), |(i, _)| i);
                let mut roster = Vec::new();
                for f in fields(raw, start) {
                    let id = number(line, f, "a player's pairing number")?;
                    if t.player(id).is_none() {
                        return Err(record_error(line, f.0, format!("no player {id}")));
                    }
                    roster.push(id);
                }
                let id = t.teams.len() as u32 + 1;
                t.teams.push(Team {
                    id,
                    name: name.trim().to_string(),
                    roster,
                    ..Team::default()
                });
            }
            "310" => records_310.push((line, raw.to_string())),
            "XTM" => extras.push((line, raw.get(4..).unwrap_or("").to_string())),
            "XTH" => {
                let f = fields(raw, 3);
                if f.len() != 2 {
                    return Err(record_error(line, 4, "expected round and team"));
                }
                let round = number(line, f[0], "a round number")?;
                let team = number(line, f[1], "a team number")?;
                if round == 0 {
                    return Err(record_error(line, f[0].0, "rounds count from 1"));
                }
                half_byes.push((line, f[1].0, round, team));
            }
            "300" => {
                let f = fields(raw, 3);
                if f.len() < 3 {
                    return Err(record_error(line, 4, "expected round, team and opponent"));
                }
                let round = number(line, f[0], "a round number")?;
                let team = number(line, f[1], "a team number")?;
                let opponent = number(line, f[2], "a team number (0000 for the bye)")?;
                let players = if f.len() > 3 {
                    let mut list = Vec::new();
                    for &field in &f[3..] {
                        let id = number(line, field, "a player's pairing number")?;
                        list.push((id != 0).then_some(id));
                    }
                    Some(list)
                } else {
                    None
                };
                if round == 0 {
                    return Err(record_error(line, f[0].0, "rounds count from 1"));
                }
                lineups.push((line, round, team, opponent, players));
            }
            _ => {}
        }
    }
    // The TRF-2026 team records `310` define the teams of files without
    // `013` (ours write both; `013` is the older record).
    if t.teams.is_empty() {
        teams_from_310(&mut t, &records_310)?;
    }
    if t.teams.is_empty() {
        return Err(TeamTrfError::NoTeams);
    }
    // Our `XTS` (the regulations as our older files carry them, and what
    // TRF-2026 has no record for), then the TRF-2026 records, which win
    // where both speak (a program that edits the file keeps them current).
    for (line, raw) in &settings {
        apply_settings(&mut t, raw, *line)?;
    }
    let byes = apply_standard(&mut t, &standard)?;
    for (line, text) in extras {
        let parts: Vec<&str> = text.split('|').collect();
        let [id, name, rating, federation, captain, withdrawn] = parts.as_slice() else {
            return Err(record_error(
                line,
                5,
                "expected id|name|rating|federation|captain|withdrawn",
            ));
        };
        let id = number(line, (5, id.trim()), "a team number")?;
        let team = (id as usize)
            .checked_sub(1)
            .and_then(|i| t.teams.get_mut(i))
            .ok_or_else(|| record_error(line, 5, format!("no team {id}")))?;
        team.name = name.to_string();
        team.rating = match rating.trim() {
            "" => None,
            r => Some(number(line, (5, r), "a rating")?),
        };
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        team.federation = opt(federation);
        team.captain = opt(captain);
        team.withdrawn = withdrawn.trim() == "1";
    }
    build_rounds(&mut t, &ind, &lineups)?;
    if let Some((line, byes)) = byes {
        apply_pab_rounds(&mut t, line, &byes)?;
    }
    for (line, column, round, team) in half_byes {
        if team == 0 || team as usize > t.teams.len() {
            return Err(record_error(line, column, format!("no team {team}")));
        }
        let r = round as usize;
        if t.rounds.len() < r {
            t.rounds.resize(r, TeamRound::default());
        }
        t.rounds[r - 1].half_byes.push(team);
    }
    Ok(t)
}

fn build_rounds(
    t: &mut TeamTournament,
    ind: &Tournament,
    lineups: &[LineupRecord],
) -> Result<(), TeamTrfError> {
    let rounds = lineups.iter().map(|l| l.1).max().unwrap_or(0) as usize;
    t.rounds = vec![TeamRound::default(); rounds];
    let teams = t.teams.len() as u32;
    // (round, match index) → the two sides' line-ups.
    let mut sides: Vec<Vec<[Option<Lineup>; 2]>> = vec![Vec::new(); rounds];
    let mut first_line: Vec<Vec<usize>> = vec![Vec::new(); rounds];
    for (line, round, team, opponent, players) in lineups {
        let (line, r) = (*line, *round as usize - 1);
        if *team == 0 || *team > teams || *opponent > teams {
            return Err(record_error(line, 8, "team number out of range"));
        }
        if *opponent == 0 {
            t.rounds[r].bye = Some(*team);
            continue;
        }
        let found = t.rounds[r]
            .matches
            .iter()
            .position(|m| m.home == *opponent && m.away == *team);
        match found {
            Some(k) => sides[r][k][1] = players.clone(),
            None => {
                let mut m = Match::new(*team, *opponent, &t.settings);
                m.boards.clear();
                t.rounds[r].matches.push(m);
                sides[r].push([players.clone(), None]);
                first_line[r].push(line);
            }
        }
    }
    let boards = t.settings.boards as usize;
    for (r, round) in t.rounds.iter_mut().enumerate() {
        for ((m, [home, away]), &line) in
            round.matches.iter_mut().zip(&sides[r]).zip(&first_line[r])
        {
            let known = home.is_some() && away.is_some();
            for k in 0..boards {
                let pick =
                    |side: &Option<Lineup>| side.as_ref().and_then(|l| l.get(k).copied().flatten());
                let mut board = Board {
                    home: pick(home),
                    away: pick(away),
                    home_colour: t.settings.colours.first_team_colour(k),
                    result: None,
                };
                if let (Some(h), Some(a)) = (board.home, board.away) {
                    let entry = |id: PlayerId| {
                        ind.player(id)
                            .and_then(|p| p.rounds.get(r).copied())
                            .unwrap_or(RoundEntry::NotPaired)
                    };
                    match (entry(h), entry(a)) {
                        (
                            RoundEntry::Game {
                                opponent,
                                color,
                                result: hr,
                            },
                            RoundEntry::Game { result: ar, .. },
                        ) if opponent == a => {
                            board.home_colour = color;
                            board.result = match (hr, ar) {
                                (Some(h), Some(a)) => Some(BoardResult { home: h, away: a }),
                                _ => None,
                            };
                        }
                        _ => {
                            return Err(TeamTrfError::Record {
                                line,
                                column: 1,
                                message: format!(
                                    "round {}: the line-ups put players {h} and {a} on board {} but their `001` records do not show that game",
                                    r + 1,
                                    k + 1
                                ),
                            })
                        }
                    }
                } else if known {
                    board.result = board.implied_forfeit();
                }
                m.boards.push(board);
            }
        }
    }
    Ok(())
}
