//! FIDE Tournament Report File (TRF16, with the TRF-2026 records that matter for
//! pairing and tie-breaks): reading and writing.
//!
//! ```
//! let text = "012 Club Championship\nXXR 3\n\
//! 001    1      Smith, Ann                        2100                             1.0    1     2 w 1\n\
//! 001    2      Jones, Bob                        2000                             0.0    2     1 b 0\n";
//! let t = pairing::trf::parse(text).unwrap();
//! assert_eq!(t.players.len(), 2);
//! assert_eq!(t.total_rounds, 3);
//! assert_eq!(pairing::trf::write(&t), text);
//! ```
//!
//! What is read:
//! - header records `012` name, `022` city, `032` federation, `042`/`052` dates,
//!   `092` type (Swiss / round robin; a double round robin is recognised by its
//!   text or by its number of rounds), `102`/`112` arbiters, `122` time control,
//!   `132` round dates, `XXR`/`142` number of rounds, `XXC`/`152` initial colour,
//!   `162` point system, `XXP`/`260` forbidden pairings, `240` byes, `299`
//!   abnormal points of a game (asymmetric results: art. 12.3(b) `0–½`,
//!   art. 12.9 `0–0`, read as [`GameResult::Adjusted`]), `XXA` accelerated
//!   rounds (pairing-only points per player and round, C.04.5);
//! - `001` player records in fixed columns, one 10-column block per round from
//!   column 92 (opponent, colour at +5, result at +7).
//!
//! Everything else (comments `###`, `062`/`072` counts, unknown records) is kept
//! verbatim in [`Tournament::trf`], and records the model did not change are written
//! back exactly as read, so `write(&parse(x)?) == x` for every readable file
//! (except that a byte-order mark is dropped and mixed line ends all become the
//! first one seen).
//!
//! Result codes (TRF-2026, case-insensitive): `1 = 0` played; `W D L` played but
//! lasting less than one move (not rated, see [`TrfLayout::unrated_games`]); `+ -`
//! forfeit win / loss (opponent and colour kept, but no game: C.04 and C.07 treat
//! it as unplayed); with opponent `0000`: `U` pairing-allocated bye, `F` full-point
//! bye, `H` half-point bye, `Z` zero-point bye, blank = not paired. A game with a
//! blank result is a paired game not yet finished.

use std::fmt::Write as _;

use crate::model::{
    ByeKind, Color, GameResult, HalfPoints, Player, PlayerId, PointSystem, RoundEntry, Tournament,
    TournamentKind, TrfLayout, TrfLine,
};

/// Why a TRF file could not be read. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    #[error("line {line}, column {column}: expected {expected}, found {found:?}")]
    Unexpected {
        line: usize,
        column: usize,
        expected: String,
        found: String,
    },
    #[error("line {line}: {message}")]
    Inconsistent { line: usize, message: String },
    #[error("the file has no player (no `001` record)")]
    NoPlayers,
}

/// Column (1-based) of round 1's block in a `001` record.
const FIRST_ROUND_COLUMN: usize = 92;
const ROUND_BLOCK_WIDTH: usize = 10;

/// Reads a TRF file. Accepts CR, LF and CRLF line ends, short lines (missing
/// round blocks = not paired) and any characters in names. Never panics.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    // Byte-order marks (a file re-encoded twice has two) are not content.
    let text = text.trim_start_matches('\u{feff}');
    let (lines, line_ending, final_line_ending) = split_lines(text);
    let mut t = Tournament {
        trf: TrfLayout {
            line_ending: line_ending.to_string(),
            final_line_ending,
            ..TrfLayout::default()
        },
        ..Tournament::default()
    };
    let mut players: Vec<(usize, Player)> = Vec::new();
    let mut kind_text: Option<String> = None;
    let mut pending: Vec<(usize, &str)> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if line.starts_with("001") {
            let player = parse_player(line, number, &mut t.trf.unrated_games)?;
            t.trf.lines.push(TrfLine::Player {
                id: player.id,
                text: (*line).to_string(),
            });
            players.push((number, player));
        } else {
            t.trf.lines.push(TrfLine::Record((*line).to_string()));
            if let Some(text) = apply_header(&mut t, line, number)? {
                kind_text = Some(text);
            }
            if ["240", "299", "XXP", "260", "XXA"]
                .iter()
                .any(|t| line.starts_with(t))
            {
                pending.push((number, line));
            }
        }
    }
    if players.is_empty() {
        return Err(TrfError::NoPlayers);
    }
    players.sort_by_key(|(_, p)| p.id);
    for (index, (line, player)) in players.iter().enumerate() {
        let expected = index as u32 + 1;
        if player.id != expected {
            let message = if player.id < expected {
                format!("pairing number {} is used twice", player.id)
            } else {
                format!("pairing numbers must run 1..n without gaps: {expected} is missing")
            };
            return Err(TrfError::Inconsistent {
                line: *line,
                message,
            });
        }
    }
    let count = players.len() as u32;
    for (line, player) in &players {
        for (round, entry) in player.rounds.iter().enumerate() {
            if let RoundEntry::Game { opponent, .. } = entry {
                if *opponent > count || *opponent == player.id {
                    return Err(TrfError::Inconsistent {
                        line: *line,
                        message: format!(
                            "round {}: opponent {} of player {} is not a player of this tournament",
                            round + 1,
                            opponent,
                            player.id
                        ),
                    });
                }
            }
        }
    }
    t.players = players.into_iter().map(|(_, p)| p).collect();
    for (line, record) in pending {
        apply_player_record(&mut t, record, line)?;
    }
    t.forbidden.sort_unstable();
    t.forbidden.dedup();
    t.kind = detect_kind(kind_text.as_deref(), t.players.len() as u32, t.total_rounds);
    Ok(t)
}

/// Writes a tournament as TRF. Records read from a file and still true of the
/// model are written exactly as read; everything else is written in the standard
/// layout (`012`, `022`…`132`, `XXR`, `XXC` when Black, `162` when not the
/// default, `001` records, `XXP`).
pub fn write(t: &Tournament) -> String {
    let ending = if t.trf.line_ending.is_empty() {
        "\n"
    } else {
        t.trf.line_ending.as_str()
    };
    let mut out: Vec<String> = Vec::new();
    let mut header = HeaderWritten::default();
    let mut written_players = vec![false; t.players.len()];
    let mut written_forbidden: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut header_flushed = false;
    let count = t.players.len() as u32;
    let records: Vec<PlayerRecord> = t
        .trf
        .lines
        .iter()
        .filter_map(|l| match l {
            TrfLine::Record(text) => player_record(text, 0, count).ok().flatten(),
            TrfLine::Player { .. } => None,
        })
        .collect();
    let mut covered: Vec<(PlayerId, u32)> = Vec::new();
    let layout_has_players = t
        .trf
        .lines
        .iter()
        .any(|l| matches!(l, TrfLine::Player { .. }));
    let last_player_line = t
        .trf
        .lines
        .iter()
        .rposition(|l| matches!(l, TrfLine::Player { .. }));
    for (index, line) in t.trf.lines.iter().enumerate() {
        match line {
            TrfLine::Player { id, text } => {
                if !header_flushed {
                    write_missing_header(t, &mut header, &mut out, true);
                    header_flushed = true;
                }
                let Some(player) = t.player(*id) else {
                    continue;
                };
                let slot = (*id - 1) as usize;
                if written_players[slot] {
                    continue;
                }
                written_players[slot] = true;
                let mut scratch = Vec::new();
                let read = parse_player(text, 0, &mut scratch).map(|mut p| {
                    for record in &records {
                        record.apply(&mut p);
                    }
                    p
                });
                match read {
                    Ok(p) if p == *player && same_unrated(&scratch, &t.trf.unrated_games, *id) => {
                        out.push(text.clone())
                    }
                    _ => out.push(player_line(t, player)),
                }
            }
            TrfLine::Record(text) => {
                if let Some(line) = record_still_true(t, text, &mut header, &mut written_forbidden)
                {
                    if let Ok(Some(record)) = player_record(&line, 0, count) {
                        covered.extend(record.covers(t));
                    }
                    out.push(line);
                }
            }
        }
        if Some(index) == last_player_line {
            for (player, done) in t.players.iter().zip(written_players.iter_mut()) {
                if !*done {
                    *done = true;
                    out.push(player_line(t, player));
                }
            }
        }
    }
    if !layout_has_players {
        write_missing_header(t, &mut header, &mut out, !t.trf.lines.is_empty());
        for player in &t.players {
            out.push(player_line(t, player));
        }
    }
    for p in &t.players {
        for (index, entry) in p.rounds.iter().enumerate() {
            let round = index as u32 + 1;
            if let RoundEntry::Game {
                result: Some(GameResult::Adjusted(points)),
                ..
            } = *entry
            {
                if !covered.contains(&(p.id, round)) {
                    let code = match result_code(t, p, index) {
                        '1' | 'W' => 'W',
                        '=' | 'D' => 'D',
                        _ => 'L',
                    };
                    out.push(abnormal_line(code, points, round, p.id));
                }
            }
        }
    }
    for &(a, b) in &t.forbidden {
        if !written_forbidden.contains(&(a.min(b), a.max(b))) {
            out.push(format!("XXP {a} {b}"));
        }
    }
    let count = t.players.len() as u32;
    for (id, points) in &t.accelerations {
        let kept = out.iter().any(|l| {
            tag(l) == "XXA"
                && acceleration_line(l, 0, count).is_ok_and(|(p, a)| p == *id && a == *points)
        });
        if !kept {
            out.push(acceleration_text(*id, points));
        }
    }
    let mut text = out.join(ending);
    if !out.is_empty() && (t.trf.lines.is_empty() || t.trf.final_line_ending) {
        text.push_str(ending);
    }
    text
}

fn same_unrated(read: &[(PlayerId, u32)], model: &[(PlayerId, u32)], id: PlayerId) -> bool {
    let mine = |v: &[(PlayerId, u32)]| {
        let mut r: Vec<u32> = v
            .iter()
            .filter(|(p, _)| *p == id)
            .map(|(_, r)| *r)
            .collect();
        r.sort_unstable();
        r
    };
    mine(read) == mine(model)
}

/// Splits on CRLF, CR or LF; returns the lines, the first terminator seen and
/// whether the text ended with one.
fn split_lines(text: &str) -> (Vec<&str>, &'static str, bool) {
    let mut lines = Vec::new();
    let mut ending: Option<&'static str> = None;
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    ending.get_or_insert("\r\n");
                    i += 1;
                } else {
                    ending.get_or_insert("\r");
                }
                start = i + 1;
            }
            b'\n' => {
                lines.push(&text[start..i]);
                ending.get_or_insert("\n");
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let final_line_ending = start == text.len() && !text.is_empty();
    if start < text.len() {
        lines.push(&text[start..]);
    }
    (lines, ending.unwrap_or("\n"), final_line_ending)
}

/// The characters of `line` in columns `from..=to` (1-based), as a string.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let start = from - 1;
    if start >= chars.len() {
        return String::new();
    }
    chars[start..to.min(chars.len())].iter().collect()
}

fn optional_text(chars: &[char], from: usize, to: usize) -> Option<String> {
    let s = columns(chars, from, to);
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn unexpected(line: usize, column: usize, expected: &str, found: &str) -> TrfError {
    TrfError::Unexpected {
        line,
        column,
        expected: expected.to_string(),
        found: found.to_string(),
    }
}

fn optional_number<T: std::str::FromStr>(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
    what: &str,
) -> Result<Option<T>, TrfError> {
    let raw = columns(chars, from, to);
    let s = raw.trim();
    if s.is_empty() {
        return Ok(None);
    }
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unexpected(line, from, what, &raw));
    }
    s.parse()
        .map(Some)
        .map_err(|_| unexpected(line, from, what, &raw))
}

/// Reads points written as `11.5`, `3`, `3.0` or `2,5` into half-points.
pub fn parse_points(s: &str) -> Option<HalfPoints> {
    let s = s.trim();
    let (negative, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (whole, fraction) = match s.find(['.', ',']) {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction = fraction.trim_end_matches('0');
    let half = match fraction {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let value = whole.checked_mul(2)?.checked_add(half)?;
    Some(if negative { -value } else { value })
}

/// Formats half-points as TRF does: `3.5`, `10.0`.
pub fn format_points(points: HalfPoints) -> String {
    let sign = if points < 0 { "-" } else { "" };
    let p = points.unsigned_abs();
    format!("{sign}{}.{}", p / 2, if p % 2 == 1 { 5 } else { 0 })
}

fn parse_player(
    line: &str,
    number: usize,
    unrated: &mut Vec<(PlayerId, u32)>,
) -> Result<Player, TrfError> {
    let chars: Vec<char> = line.chars().collect();
    let id: PlayerId = match optional_number(&chars, 5, 8, number, "a pairing number (1-9999)")? {
        Some(id) if id > 0 => id,
        _ => {
            return Err(unexpected(
                number,
                5,
                "a pairing number (1-9999) in columns 5-8",
                &columns(&chars, 5, 8),
            ))
        }
    };
    let sex = chars.get(9).copied().filter(|c| !c.is_whitespace());
    let rating: Option<u32> = optional_number(&chars, 49, 52, number, "a rating in columns 49-52")?;
    let points = match optional_text(&chars, 81, 84) {
        None => None,
        Some(s) => Some(parse_points(&s).ok_or_else(|| {
            unexpected(
                number,
                81,
                "points in columns 81-84 (e.g. `3.5`)",
                &columns(&chars, 81, 84),
            )
        })?),
    };
    let mut player = Player {
        id,
        name: optional_text(&chars, 15, 47).unwrap_or_default(),
        rating: rating.filter(|&r| r > 0),
        title: optional_text(&chars, 11, 13),
        federation: optional_text(&chars, 54, 56),
        fide_id: optional_number(&chars, 58, 68, number, "a FIDE id in columns 58-68")?,
        birth_date: optional_text(&chars, 70, 79),
        sex,
        rounds: Vec::new(),
        withdrawn: false,
        recorded_points: points,
        recorded_rank: optional_number(&chars, 86, 89, number, "a rank in columns 86-89")?,
    };
    let mut column = FIRST_ROUND_COLUMN;
    let mut round = 1u32;
    while column <= chars.len() {
        let entry = parse_round(&chars, column, number, id, round, unrated)?;
        player.rounds.push(entry);
        column += ROUND_BLOCK_WIDTH;
        round += 1;
    }
    while player.rounds.last() == Some(&RoundEntry::NotPaired) {
        player.rounds.pop();
    }
    Ok(player)
}

fn parse_round(
    chars: &[char],
    column: usize,
    line: usize,
    id: PlayerId,
    round: u32,
    unrated: &mut Vec<(PlayerId, u32)>,
) -> Result<RoundEntry, TrfError> {
    let at = |offset: usize| chars.get(column - 1 + offset).copied().unwrap_or(' ');
    let opponent: u32 = optional_number(
        chars,
        column,
        column + 3,
        line,
        "an opponent's pairing number",
    )?
    .unwrap_or(0);
    let colour = at(5);
    let result = at(7);
    let colour_value = match colour.to_ascii_lowercase() {
        'w' => Some(Color::White),
        'b' => Some(Color::Black),
        '-' | ' ' => None,
        _ => {
            return Err(unexpected(
                line,
                column + 5,
                &format!("a colour (`w`, `b`, `-`) for round {round}"),
                &colour.to_string(),
            ))
        }
    };
    if opponent == 0 {
        return Ok(match result.to_ascii_uppercase() {
            'U' | '+' => RoundEntry::Bye(ByeKind::PairingAllocated),
            'F' => RoundEntry::Bye(ByeKind::Full),
            'H' | '=' => RoundEntry::Bye(ByeKind::Half),
            'Z' | '-' | '0' => RoundEntry::Bye(ByeKind::Zero),
            ' ' => RoundEntry::NotPaired,
            _ => {
                return Err(unexpected(
                    line,
                    column + 7,
                    &format!("a bye code (`U`, `F`, `H`, `Z` or blank) for round {round}"),
                    &result.to_string(),
                ))
            }
        });
    }
    let game = match result.to_ascii_uppercase() {
        '1' => Some(GameResult::Win),
        '=' => Some(GameResult::Draw),
        '0' => Some(GameResult::Loss),
        '+' => Some(GameResult::ForfeitWin),
        '-' => Some(GameResult::ForfeitLoss),
        'W' | 'D' | 'L' => {
            unrated.push((id, round));
            Some(match result.to_ascii_uppercase() {
                'W' => GameResult::Win,
                'D' => GameResult::Draw,
                _ => GameResult::Loss,
            })
        }
        ' ' => None,
        _ => {
            return Err(unexpected(
                line,
                column + 7,
                &format!("a result (`1`, `=`, `0`, `+`, `-`, `W`, `D`, `L`) for round {round}"),
                &result.to_string(),
            ))
        }
    };
    let color = match (colour_value, game) {
        (Some(c), _) => c,
        // A forfeit may be written without a colour: it gives none anyway.
        (None, Some(GameResult::ForfeitWin | GameResult::ForfeitLoss)) => {
            if id < opponent {
                Color::White
            } else {
                Color::Black
            }
        }
        (None, _) => {
            return Err(unexpected(
                line,
                column + 5,
                &format!("a colour (`w` or `b`) for the game of round {round}"),
                &colour.to_string(),
            ))
        }
    };
    Ok(RoundEntry::Game {
        opponent,
        color,
        result: game,
    })
}

/// The text after the three-character tag (and its separating space).
fn record_value(line: &str) -> &str {
    line.get(3..).unwrap_or("").trim()
}

fn tag(line: &str) -> &str {
    line.get(..3).unwrap_or(line)
}

/// Applies a header record to the model; returns the `092` text when it is one.
fn apply_header(t: &mut Tournament, line: &str, number: usize) -> Result<Option<String>, TrfError> {
    let value = record_value(line);
    let text = || (!value.is_empty()).then(|| value.to_string());
    match tag(line) {
        "012" => t.name = value.to_string(),
        "022" => t.details.city = text(),
        "032" => t.details.federation = text(),
        "042" => t.details.start_date = text(),
        "052" => t.details.end_date = text(),
        "092" => return Ok(Some(value.to_string())),
        "102" => t.details.chief_arbiter = text(),
        "112" => {
            if let Some(v) = text() {
                t.details.deputy_arbiters.push(v)
            }
        }
        "122" => t.details.time_control = text(),
        "132" => t.details.round_dates = round_dates(line),
        "XXR" | "142" => {
            t.total_rounds = value
                .parse()
                .map_err(|_| unexpected(number, 5, "the number of rounds", value))?
        }
        "XXC" | "152" => t.initial_color = initial_color(line, number)?,
        "162" => t.points = point_system(line, number)?,
        _ => {}
    }
    Ok(None)
}

fn initial_color(line: &str, number: usize) -> Result<Color, TrfError> {
    let value = record_value(line).to_ascii_lowercase();
    let first = value.split_whitespace().next().unwrap_or("");
    match first {
        "white1" | "w" | "white" => Ok(Color::White),
        "black1" | "b" | "black" => Ok(Color::Black),
        _ => Err(unexpected(
            number,
            5,
            "an initial colour (`white1`/`black1` or `W`/`B`)",
            record_value(line),
        )),
    }
}

/// `132`: dates start at column 92, one every 10 columns.
fn round_dates(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut dates = Vec::new();
    let mut column = FIRST_ROUND_COLUMN;
    while column <= chars.len() {
        dates.push(columns(&chars, column, column + 7).trim().to_string());
        column += ROUND_BLOCK_WIDTH;
    }
    while dates.last().is_some_and(|d| d.is_empty()) {
        dates.pop();
    }
    dates
}

/// TRF-2026 record `162`: pairs of a result code (`W D L A P X`) and its points.
fn point_system(line: &str, number: usize) -> Result<PointSystem, TrfError> {
    let mut points = PointSystem::default();
    let mut pab: Option<HalfPoints> = None;
    let body = line.get(3..).unwrap_or("");
    let tokens: Vec<&str> = body.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let (code, value) = if token.len() > 1 && token.is_char_boundary(1) {
            (&token[..1], &token[1..])
        } else {
            i += 1;
            (token, tokens.get(i).copied().unwrap_or(""))
        };
        let column = line.find(token).map_or(5, |c| c + 1);
        let v = parse_points(value).ok_or_else(|| {
            unexpected(
                number,
                column,
                "points such as `1.0` after a result code",
                value,
            )
        })?;
        match code.to_ascii_uppercase().as_str() {
            "W" => {
                points.win = v;
                points.forfeit_win = v;
                points.full_bye = v;
            }
            "D" => {
                points.draw = v;
                points.half_bye = v;
            }
            "L" => points.loss = v,
            "A" => {
                points.zero_bye = v;
                points.forfeit_loss = v;
                points.not_paired = v;
            }
            "P" => pab = Some(v),
            "X" => {}
            _ => {
                return Err(unexpected(
                    number,
                    column,
                    "a result code `W`, `D`, `L`, `A`, `P` or `X`",
                    code,
                ))
            }
        }
        i += 1;
    }
    points.pairing_bye = pab.unwrap_or(points.win);
    Ok(points)
}

fn point_system_line(p: &PointSystem) -> String {
    let mut s = String::from("162");
    for (code, v) in [
        ('W', p.win),
        ('D', p.draw),
        ('L', p.loss),
        ('A', p.zero_bye),
        ('P', p.pairing_bye),
    ] {
        let _ = write!(s, "  {code} {:>4}  ", format_points(v));
    }
    s.trim_end().to_string()
}

/// Player numbers listed from a column on, separated by spaces.
fn listed_players(
    line: &str,
    skip: usize,
    number: usize,
    count: u32,
) -> Result<Vec<PlayerId>, TrfError> {
    let mut ids = Vec::new();
    for token in line.split_whitespace().skip(skip) {
        let column = line.find(token).map_or(1, |c| c + 1);
        let id: PlayerId = token
            .parse()
            .map_err(|_| unexpected(number, column, "a pairing number", token))?;
        if id == 0 || id > count {
            return Err(TrfError::Inconsistent {
                line: number,
                message: format!("player {id} is not a player of this tournament"),
            });
        }
        ids.push(id);
    }
    Ok(ids)
}

/// `XXA NNNN  p.p  p.p …`: a player's pairing-only points, round by round.
fn acceleration_line(
    line: &str,
    number: usize,
    count: u32,
) -> Result<(PlayerId, Vec<HalfPoints>), TrfError> {
    let mut tokens = line.split_whitespace().skip(1);
    let column = |token: &str| line.find(token).map_or(1, |c| c + 1);
    let Some(first) = tokens.next() else {
        return Err(unexpected(number, 4, "a pairing number", ""));
    };
    let id: PlayerId = first
        .parse()
        .map_err(|_| unexpected(number, column(first), "a pairing number", first))?;
    if id == 0 || id > count {
        return Err(TrfError::Inconsistent {
            line: number,
            message: format!("player {id} is not a player of this tournament"),
        });
    }
    let mut points = Vec::new();
    for token in tokens {
        let value: f64 = token
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && (0.0..=99.5).contains(v) && (v * 2.0).fract() == 0.0)
            .ok_or_else(|| unexpected(number, column(token), "points (0.0, 0.5, 1.0 …)", token))?;
        points.push((value * 2.0) as HalfPoints);
    }
    Ok((id, points))
}

fn acceleration_text(id: PlayerId, points: &[HalfPoints]) -> String {
    let mut s = format!("XXA {id:4}");
    for &h in points {
        let _ = write!(s, " {:4.1}", f64::from(h) / 2.0);
    }
    s
}

fn all_pairs(ids: &[PlayerId]) -> Vec<(PlayerId, PlayerId)> {
    let mut pairs = Vec::new();
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            if a != b {
                pairs.push((a.min(b), a.max(b)));
            }
        }
    }
    pairs
}

/// Records about players that come after the `001` records: `XXP` and `260`
/// (forbidden pairings; the round range of `260` is kept only in the text),
/// `240` (byes of one round) and `299` (abnormal points of a game).
fn apply_player_record(t: &mut Tournament, line: &str, number: usize) -> Result<(), TrfError> {
    let count = t.players.len() as u32;
    match tag(line) {
        "XXP" => {
            let ids = listed_players(line, 1, number, count)?;
            t.forbidden.extend(all_pairs(&ids));
        }
        "260" => {
            let ids = listed_players(line, 3, number, count)?;
            t.forbidden.extend(all_pairs(&ids));
        }
        "XXA" => {
            let (id, points) = acceleration_line(line, number, count)?;
            t.accelerations.retain(|(p, _)| *p != id);
            t.accelerations.push((id, points));
            t.accelerations.sort_by_key(|(p, _)| *p);
        }
        _ => {
            if let Some(record) = player_record(line, number, count)? {
                for player in &mut t.players {
                    record.apply(player);
                }
            }
        }
    }
    Ok(())
}

/// A record that changes some players' rounds.
#[derive(Clone, Debug)]
enum PlayerRecord {
    /// `240`: byes of one round.
    Bye {
        kind: ByeKind,
        round: u32,
        ids: Vec<PlayerId>,
    },
    /// `299` with a game result type (`W`, `D`, `L`): the listed players' games
    /// of that result in that round (`000`: every round) are worth `points`
    /// (art. 12.3(b) `0–½`, art. 12.9 `0–0`).
    Abnormal {
        result: GameResult,
        points: HalfPoints,
        round: u32,
        ids: Vec<PlayerId>,
    },
}

impl PlayerRecord {
    fn apply(&self, player: &mut Player) {
        match self {
            PlayerRecord::Bye { kind, round, ids } => {
                if !ids.contains(&player.id) {
                    return;
                }
                let slot = (*round - 1) as usize;
                if player.rounds.len() <= slot {
                    player.rounds.resize(slot + 1, RoundEntry::NotPaired);
                }
                if player.rounds[slot] == RoundEntry::NotPaired {
                    player.rounds[slot] = RoundEntry::Bye(*kind);
                }
            }
            PlayerRecord::Abnormal {
                result,
                points,
                round,
                ids,
            } => {
                if !ids.contains(&player.id) {
                    return;
                }
                for (index, entry) in player.rounds.iter_mut().enumerate() {
                    if *round != 0 && index + 1 != *round as usize {
                        continue;
                    }
                    if let RoundEntry::Game {
                        result: Some(r), ..
                    } = entry
                    {
                        if r == result {
                            *r = GameResult::Adjusted(*points);
                        }
                    }
                }
            }
        }
    }

    /// Whether the model still says what the record says.
    fn holds(&self, t: &Tournament) -> bool {
        match self {
            PlayerRecord::Bye { kind, round, ids } => ids.iter().all(|&id| {
                t.player(id)
                    .and_then(|p| p.rounds.get((*round - 1) as usize))
                    == Some(&RoundEntry::Bye(*kind))
            }),
            PlayerRecord::Abnormal {
                points, round, ids, ..
            } => ids.iter().all(|&id| {
                t.player(id).is_some_and(|p| {
                    p.rounds.iter().enumerate().any(|(index, entry)| {
                        (*round == 0 || index + 1 == *round as usize)
                            && matches!(entry, RoundEntry::Game { result: Some(GameResult::Adjusted(x)), .. } if x == points)
                    })
                })
            }),
        }
    }

    /// The (player, round) games whose adjusted points the record states.
    fn covers(&self, t: &Tournament) -> Vec<(PlayerId, u32)> {
        let PlayerRecord::Abnormal {
            points, round, ids, ..
        } = self
        else {
            return Vec::new();
        };
        let mut covered = Vec::new();
        for &id in ids {
            let Some(p) = t.player(id) else { continue };
            for (index, entry) in p.rounds.iter().enumerate() {
                let r = index as u32 + 1;
                if (*round == 0 || r == *round)
                    && matches!(entry, RoundEntry::Game { result: Some(GameResult::Adjusted(x)), .. } if x == points)
                {
                    covered.push((id, r));
                }
            }
        }
        covered
    }
}

/// Reads a `240` or `299` record; `None` for other records and for `299`
/// records the model does not represent (byes, forfeits, bonuses: kept as text).
fn player_record(line: &str, number: usize, count: u32) -> Result<Option<PlayerRecord>, TrfError> {
    match tag(line) {
        "240" => {
            let (kind, round, ids) = bye_record(line, number, count)?;
            Ok(Some(PlayerRecord::Bye { kind, round, ids }))
        }
        "299" => {
            let chars: Vec<char> = line.chars().collect();
            let result = match chars.get(4).map(char::to_ascii_uppercase) {
                Some('W') => GameResult::Win,
                Some('D') => GameResult::Draw,
                Some('L') => GameResult::Loss,
                _ => return Ok(None),
            };
            let raw = columns(&chars, 14, 17);
            let points = parse_points(&raw).ok_or_else(|| {
                unexpected(number, 14, "points in columns 14-17 (e.g. `0.5`)", &raw)
            })?;
            let round: u32 =
                optional_number(&chars, 20, 22, number, "a round number in columns 20-22")?
                    .unwrap_or(0);
            let mut ids = Vec::new();
            let mut column = 24;
            while column <= chars.len() {
                if let Some(id) =
                    optional_number::<u32>(&chars, column, column + 3, number, "a pairing number")?
                {
                    if id == 0 || id > count {
                        return Err(TrfError::Inconsistent {
                            line: number,
                            message: format!("player {id} is not a player of this tournament"),
                        });
                    }
                    ids.push(id);
                }
                column += 5;
            }
            Ok(Some(PlayerRecord::Abnormal {
                result,
                points,
                round,
                ids,
            }))
        }
        _ => Ok(None),
    }
}

/// A `299` record for one adjusted game.
fn abnormal_line(code: char, points: HalfPoints, round: u32, id: PlayerId) -> String {
    format!(
        "299 {code}        {:>4}  {round:03} {id:>4}",
        points_field(points)
    )
}

fn bye_record(
    line: &str,
    number: usize,
    count: u32,
) -> Result<(ByeKind, u32, Vec<PlayerId>), TrfError> {
    let mut tokens = line.split_whitespace().skip(1);
    let kind = match tokens.next().map(|s| s.to_ascii_uppercase()) {
        Some(k) if k == "F" => ByeKind::Full,
        Some(k) if k == "H" => ByeKind::Half,
        Some(k) if k == "Z" => ByeKind::Zero,
        other => {
            return Err(unexpected(
                number,
                5,
                "a bye type `F`, `H` or `Z`",
                other.as_deref().unwrap_or(""),
            ))
        }
    };
    let round_text = tokens.next().unwrap_or("");
    let round: u32 = match round_text.parse() {
        Ok(r) if (1..=999).contains(&r) => r,
        _ => return Err(unexpected(number, 7, "a round number", round_text)),
    };
    let ids = listed_players(line, 3, number, count)?;
    Ok((kind, round, ids))
}

fn detect_kind(text: Option<&str>, players: u32, rounds: u32) -> TournamentKind {
    let lower = text.unwrap_or("").to_ascii_lowercase();
    let round_robin = lower.contains("round") && lower.contains("robin")
        || lower.contains("roundrobin")
        || lower.contains("round-robin")
        || lower.contains("berger");
    if !round_robin {
        return TournamentKind::Swiss;
    }
    let single = if players.checked_rem(2) == Some(0) {
        players.saturating_sub(1)
    } else {
        players
    };
    let double = lower.contains("double")
        || (!lower.contains("single") && single > 0 && rounds >= 2 * single);
    TournamentKind::RoundRobin { double }
}

/// Which header records the writer has already produced.
#[derive(Default)]
struct HeaderWritten {
    tags: Vec<&'static str>,
}

impl HeaderWritten {
    fn mark(&mut self, tag: &'static str) {
        if !self.tags.contains(&tag) {
            self.tags.push(tag);
        }
    }
    fn done(&self, tag: &str) -> bool {
        self.tags.contains(&tag)
    }
}

fn header_key(tag: &str) -> Option<&'static str> {
    Some(match tag {
        "012" => "012",
        "022" => "022",
        "032" => "032",
        "042" => "042",
        "052" => "052",
        "062" => "062",
        "072" => "072",
        "092" => "092",
        "102" => "102",
        "112" => "112",
        "122" => "122",
        "132" => "132",
        "XXR" | "142" => "XXR",
        "XXC" | "152" => "XXC",
        "162" => "162",
        _ => return None,
    })
}

fn rated_players(t: &Tournament) -> usize {
    t.players.iter().filter(|p| p.rating.is_some()).count()
}

/// The `092` text; a double round robin is recognised by its rounds when they say so.
fn kind_text(t: &Tournament) -> &'static str {
    match t.kind {
        TournamentKind::Swiss => "Individual: Swiss-System",
        TournamentKind::RoundRobin { double } => {
            let read_back = detect_kind(
                Some("Individual: Round-Robin"),
                t.players.len() as u32,
                t.total_rounds,
            );
            if read_back == (TournamentKind::RoundRobin { double }) {
                "Individual: Round-Robin"
            } else if double {
                "Individual: Double Round-Robin"
            } else {
                "Individual: Single Round-Robin"
            }
        }
    }
}

/// The standard record for a header tag, from the model; `None` when the model
/// has nothing to say.
fn header_line(t: &Tournament, key: &str) -> Option<String> {
    let d = &t.details;
    let text = |tag: &str, v: &Option<String>| v.as_ref().map(|v| format!("{tag} {v}"));
    match key {
        "012" => (!t.name.is_empty()).then(|| format!("012 {}", t.name)),
        "022" => text("022", &d.city),
        "032" => text("032", &d.federation),
        "042" => text("042", &d.start_date),
        "052" => text("052", &d.end_date),
        "062" => Some(format!("062 {}", t.players.len())),
        "072" => Some(format!("072 {}", rated_players(t))),
        "092" => Some(format!("092 {}", kind_text(t))),
        "102" => text("102", &d.chief_arbiter),
        "122" => text("122", &d.time_control),
        "132" => (!d.round_dates.is_empty()).then(|| {
            let mut s = format!("{:<91}", "132");
            for date in &d.round_dates {
                let _ = write!(s, "{:<10}", date);
            }
            s.trim_end().to_string()
        }),
        "XXR" => (t.total_rounds > 0).then(|| format!("XXR {}", t.total_rounds)),
        "XXC" => (t.initial_color == Color::Black).then(|| "XXC black1".to_string()),
        "162" => (t.points != PointSystem::default()).then(|| point_system_line(&t.points)),
        _ => None,
    }
}

/// Header records the model has that the layout did not hold, in standard order.
/// Into a file that was read (`from_file`), the counts `062`/`072` and a Swiss
/// `092` are not added: they carry nothing the file did not say.
fn write_missing_header(
    t: &Tournament,
    header: &mut HeaderWritten,
    out: &mut Vec<String>,
    from_file: bool,
) {
    for key in [
        "012", "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132", "XXR",
        "XXC", "162",
    ] {
        if header.done(key) {
            continue;
        }
        header.mark(key);
        // A record the file has elsewhere is written there.
        let elsewhere = key != "112"
            && t.trf
                .lines
                .iter()
                .any(|l| matches!(l, TrfLine::Record(text) if header_key(tag(text)) == Some(key)));
        if elsewhere {
            continue;
        }
        let derived =
            matches!(key, "062" | "072") || (key == "092" && t.kind == TournamentKind::Swiss);
        if from_file && derived {
            continue;
        }
        if key == "112" {
            // Deputies the file does not name already (each name as often as
            // the model has it).
            let mut in_file: Vec<&str> = t
                .trf
                .lines
                .iter()
                .filter_map(|l| match l {
                    TrfLine::Record(text) if tag(text) == "112" => Some(record_value(text)),
                    _ => None,
                })
                .collect();
            for deputy in &t.details.deputy_arbiters {
                match in_file.iter().position(|d| d == deputy) {
                    Some(i) => {
                        in_file.swap_remove(i);
                    }
                    None => out.push(format!("112 {deputy}")),
                }
            }
        } else if let Some(line) = header_line(t, key) {
            out.push(line);
        }
    }
}

/// Decides what to write for a record read from the file: the record itself when
/// the model still says the same, the model's version otherwise, nothing when
/// the model dropped it.
fn record_still_true(
    t: &Tournament,
    text: &str,
    header: &mut HeaderWritten,
    written_forbidden: &mut Vec<(PlayerId, PlayerId)>,
) -> Option<String> {
    let tag = tag(text);
    let count = t.players.len() as u32;
    match tag {
        "XXA" => {
            let (id, points) = acceleration_line(text, 0, count).ok()?;
            return t
                .accelerations
                .iter()
                .any(|(p, a)| *p == id && *a == points)
                .then(|| text.to_string());
        }
        "XXP" | "260" => {
            let skip = if tag == "XXP" { 1 } else { 3 };
            let ids = listed_players(text, skip, 0, count).ok()?;
            let pairs = all_pairs(&ids);
            let normalized: Vec<_> = t
                .forbidden
                .iter()
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect();
            if pairs.iter().all(|p| normalized.contains(p)) {
                written_forbidden.extend(pairs);
                return Some(text.to_string());
            }
            return None;
        }
        "240" | "299" => {
            return match player_record(text, 0, count) {
                Ok(Some(record)) => record.holds(t).then(|| text.to_string()),
                // A `299` the model does not represent: kept as written.
                Ok(None) => Some(text.to_string()),
                Err(_) => None,
            };
        }
        _ => {}
    }
    let Some(key) = header_key(tag) else {
        return Some(text.to_string());
    };
    let value = record_value(text);
    let still_true = match key {
        "062" => value.parse::<usize>().ok() == Some(t.players.len()),
        "072" => value.parse::<usize>().ok() == Some(rated_players(t)),
        "092" => {
            let read = detect_kind(Some(value), count, t.total_rounds);
            matches!(
                (read, t.kind),
                (TournamentKind::Swiss, TournamentKind::Swiss)
                    | (
                        TournamentKind::RoundRobin { .. },
                        TournamentKind::RoundRobin { .. }
                    )
            )
        }
        "112" => t.details.deputy_arbiters.iter().any(|d| d == value),
        _ => {
            let mut scratch = Tournament {
                name: t.name.clone(),
                kind: t.kind,
                total_rounds: t.total_rounds,
                points: t.points,
                initial_color: t.initial_color,
                details: t.details.clone(),
                ..Tournament::default()
            };
            apply_header(&mut scratch, text, 0).is_ok()
                && scratch.name == t.name
                && scratch.total_rounds == t.total_rounds
                && scratch.points == t.points
                && scratch.initial_color == t.initial_color
                && scratch.details == t.details
        }
    };
    if still_true {
        header.mark(key);
        return Some(text.to_string());
    }
    if key == "112" || header.done(key) {
        // Deputies are one record each; a second record of a tag (`XXR` and `142`)
        // that no longer holds is rewritten from the model.
        return (key != "112").then(|| regenerate(t, tag)).flatten();
    }
    header.mark(key);
    regenerate(t, tag)
}

/// The model's version of a record the file had, under the file's own tag.
fn regenerate(t: &Tournament, tag: &str) -> Option<String> {
    let colour_is_white = t.initial_color == Color::White;
    match tag {
        "062" => Some(format!("062 {}", t.players.len())),
        "072" => Some(format!("072 {}", rated_players(t))),
        "092" => Some(format!("092 {}", kind_text(t))),
        "XXR" | "142" => Some(format!("{tag} {}", t.total_rounds)),
        "XXC" => Some(format!(
            "XXC {}",
            if colour_is_white { "white1" } else { "black1" }
        )),
        "152" => Some(format!("152 {}", if colour_is_white { "W" } else { "B" })),
        "162" => Some(point_system_line(&t.points)),
        _ => header_line(t, tag),
    }
}

/// The TRF result code of a player's game in round `index + 1`. An adjusted
/// result (`299`) is written as the win, draw or loss it was, seen against the
/// opponent's points; `W`/`D`/`L` for games that are not rated.
fn result_code(t: &Tournament, p: &Player, index: usize) -> char {
    let Some(RoundEntry::Game {
        opponent,
        result: Some(result),
        ..
    }) = p.rounds.get(index).copied()
    else {
        return ' ';
    };
    let not_rated = t.trf.unrated_games.contains(&(p.id, index as u32 + 1));
    let outcome = match result {
        GameResult::Win => '1',
        GameResult::Draw => '=',
        GameResult::Loss => '0',
        GameResult::ForfeitWin => return '+',
        GameResult::ForfeitLoss => return '-',
        GameResult::Adjusted(mine) => {
            let theirs = match t.player(opponent).and_then(|o| o.rounds.get(index)) {
                Some(RoundEntry::Game {
                    result: Some(r), ..
                }) => match *r {
                    GameResult::Win | GameResult::ForfeitWin => t.points.win,
                    GameResult::Draw => t.points.draw,
                    GameResult::Loss | GameResult::ForfeitLoss => t.points.loss,
                    GameResult::Adjusted(x) => x,
                },
                _ => t.points.loss,
            };
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => '1',
                std::cmp::Ordering::Less => '0',
                std::cmp::Ordering::Equal if mine <= t.points.loss => '0',
                std::cmp::Ordering::Equal => '=',
            }
        }
    };
    match (not_rated, outcome) {
        (true, '1') => 'W',
        (true, '=') => 'D',
        (true, _) => 'L',
        (false, c) => c,
    }
}

/// Points for columns 81–84: `11.5`; from 100 on, whole points only (`115`),
/// and nothing when they do not fit.
fn points_field(points: HalfPoints) -> String {
    let text = format_points(points);
    if text.len() <= 4 {
        text
    } else if points % 2 == 0 && (points / 2).to_string().len() <= 4 {
        (points / 2).to_string()
    } else {
        String::new()
    }
}

/// A `001` record in the standard columns.
pub fn player_line(t: &Tournament, p: &Player) -> String {
    let mut s = String::with_capacity(FIRST_ROUND_COLUMN + 10 * p.rounds.len());
    let name: String = p.name.chars().take(33).collect();
    let title: String = p.title.as_deref().unwrap_or("").chars().take(3).collect();
    let federation: String = p
        .federation
        .as_deref()
        .unwrap_or("")
        .chars()
        .take(3)
        .collect();
    let birth: String = p
        .birth_date
        .as_deref()
        .unwrap_or("")
        .chars()
        .take(10)
        .collect();
    let _ = write!(
        s,
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  ",
        p.id,
        p.sex.unwrap_or(' '),
        title,
        name,
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        federation,
        p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        birth,
        p.recorded_points.map(points_field).unwrap_or_default(),
        p.recorded_rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for (index, entry) in p.rounds.iter().enumerate() {
        let block = match *entry {
            RoundEntry::Game {
                opponent,
                color,
                result,
            } => {
                let colour = match color {
                    Color::White => 'w',
                    Color::Black => 'b',
                };
                let code = match result {
                    None => ' ',
                    Some(_) => result_code(t, p, index),
                };
                format!("{opponent:>4} {colour} {code}  ")
            }
            RoundEntry::Bye(kind) => {
                let code = match kind {
                    ByeKind::PairingAllocated => 'U',
                    ByeKind::Full => 'F',
                    ByeKind::Half => 'H',
                    ByeKind::Zero => 'Z',
                };
                format!("0000 - {code}  ")
            }
            RoundEntry::NotPaired => " ".repeat(ROUND_BLOCK_WIDTH),
        };
        s.push_str(&block);
    }
    s.truncate(s.trim_end().len());
    s
}
