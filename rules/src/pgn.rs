//! PGN reading and writing.
//!
//! The reader takes any bytes ([`decode`] strips a BOM and falls back to
//! latin-1), many games per file, tags (also several per line, and an
//! unclosed quote up to the end of the line), comments `{}` and `;`, `%`
//! escape lines, NAGs, nested variations (skipped), the draw-offer mark `(=)`,
//! `e.p.` suffixes, results including `½-½` and en dashes, and null moves `--`
//! (replayed as a pass and noted). Tokens that contain nothing like a move
//! (for example HTML left in a pasted file) are skipped and counted as noise.
//! Reading never panics.
//!
//! ```
//! use rules::pgn::{read_games, replay, write_game};
//! use rules::san::LetterSet;
//! let text = "[Event \"Demo\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 {?} Qh4# 0-1\n";
//! let games = read_games(text);
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("Event"), Some("Demo"));
//! let replayed = replay(game, LetterSet::ENGLISH).unwrap();
//! assert_eq!(replayed.moves.len(), 4);
//! assert!(replayed.final_position().is_checkmate());
//! let out = write_game(&game.tags, &replayed.start, &replayed.moves, "0-1");
//! assert!(out.contains("1. f3 e5 2. g4 Qh4# 0-1"));
//! ```

use crate::san::{read_move, write_san, LetterSet, MoveReading};
use crate::{Move, Position};
use std::fmt;

/// A move as written in the game's main line, with where it stands in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move text as written (move number removed).
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

/// One game as read from PGN text (not yet replayed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Main-line moves.
    pub moves: Vec<PgnMove>,
    /// The game termination marker found in the movetext, normalised
    /// (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: Option<String>,
    /// Comments in the whole game.
    pub comments: usize,
    /// NAGs and annotation glyphs in the whole game.
    pub nags: usize,
    /// Variations (each `(` at any depth).
    pub variations: usize,
    /// Draw-offer marks `(=)`.
    pub draw_offers: usize,
    /// Tokens skipped as not being moves at all.
    pub noise: Vec<PgnMove>,
    /// Line where the game starts (1-based).
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag (case-sensitive name, as in the standard).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result: the Result tag if it is a valid marker, else the movetext marker.
    pub fn result(&self) -> Option<String> {
        self.tag("Result")
            .and_then(normalise_result)
            .or_else(|| self.result.clone())
    }
}

/// What is wrong with the PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A `{` comment that never ends.
    UnterminatedComment,
    /// A `(` variation that never ends.
    UnterminatedVariation,
    /// A `)` without `(`.
    UnexpectedCloseParen,
    /// A `[` tag that cannot be read.
    BadTag,
    /// The game is of a variant these rules do not cover (crazyhouse, atomic, …).
    UnsupportedVariant(String),
    /// The FEN tag cannot be read (which part of it, where, and why).
    BadFen(crate::fen::FenError),
}

/// A problem in PGN text, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            PgnErrorKind::UnterminatedComment => f.write_str("a { comment is never closed"),
            PgnErrorKind::UnterminatedVariation => f.write_str("a ( variation is never closed"),
            PgnErrorKind::UnexpectedCloseParen => f.write_str(") without a matching ("),
            PgnErrorKind::BadTag => f.write_str("a tag must look like [Name \"value\"]"),
            PgnErrorKind::UnsupportedVariant(v) => {
                write!(f, "variant {v:?} is not chess or Chess960")
            }
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Decodes PGN bytes: strips a UTF-8 BOM; falls back to latin-1 when not UTF-8.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// Normalises a result marker: `1-0`, `0-1`, `1/2-1/2`, `*` (accepting `½-½`,
/// en/em dashes and spaces).
pub fn normalise_result(s: &str) -> Option<String> {
    let t: String = s
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '–' | '—' | '‐' | '‑' | '−' => '-',
            c => c,
        })
        .collect();
    let r = match t.as_str() {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" | "½-½" | "1/2" | "½" | "=" | "0.5-0.5" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    };
    Some(r.to_string())
}

struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
    fn at_line_start(&self) -> bool {
        self.col == 1
    }
    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }
}

fn is_delim(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

const GLYPHS: [&str; 20] = [
    "!", "?", "!!", "??", "!?", "?!", "+", "#", "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "±",
    "∓", "⩲", "⩱", "∞",
];

/// Whether a token could be (a misspelling of) a move at all.
fn looks_like_move(t: &str) -> bool {
    let b = t.as_bytes();
    let has_square = b
        .windows(2)
        .any(|w| matches!(w[0], b'a'..=b'h') && matches!(w[1], b'1'..=b'8'));
    let lower: String = t
        .chars()
        .map(|c| match c {
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    has_square
        || lower.starts_with("o-o")
        || lower.starts_with("0-0")
        || matches!(t, "--" | "Z0" | "0000")
}

/// Splits movetext into move tokens (numbers, comments, NAGs, results, `e.p.`
/// and `(=)` removed; variations skipped). Handy for scoresheet lines.
pub fn movetext_tokens(text: &str) -> Vec<String> {
    match read_games(text).into_iter().next() {
        Some(Ok(g)) => g.moves.into_iter().map(|m| m.text).collect(),
        _ => Vec::new(),
    }
}

/// Reads every game in the text.
#[allow(unused_assignments)] // the `finish!` macro resets state also at the very end
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cur = Cursor {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut out = Vec::new();
    let mut game = PgnGame {
        line: 1,
        ..PgnGame::default()
    };
    let mut started = false; // anything seen for this game
    let mut in_movetext = false;
    let mut depth = 0usize;
    let mut error: Option<PgnError> = None;
    // A game just ended at its result marker and no empty line followed yet.
    let mut after_result = false;

    macro_rules! finish {
        () => {{
            if started {
                let g = std::mem::take(&mut game);
                match error.take() {
                    Some(e) => out.push(Err(e)),
                    None => out.push(Ok(g)),
                }
            }
            game = PgnGame {
                line: cur.line,
                ..PgnGame::default()
            };
            started = false;
            in_movetext = false;
            depth = 0;
        }};
    }

    while let Some(c) = cur.peek() {
        if c == '\n' && blank_line_follows(&cur) {
            after_result = false;
        }
        if c == '\n' && in_movetext && depth == 0 && blank_line_follows(&cur) {
            // An empty line ends the movetext (PGN export format; also how the
            // reference reader splits files whose games lack a result).
            cur.bump();
            finish!();
            continue;
        }
        if c.is_whitespace() || c == '\u{feff}' || c == '\u{200b}' {
            cur.bump();
            continue;
        }
        if c == '%' && cur.at_line_start() {
            cur.skip_line();
            continue;
        }
        if !started {
            game.line = cur.line;
        }
        match c {
            '[' if depth == 0 => {
                let (line, col) = (cur.line, cur.col);
                cur.bump();
                match read_tag(&mut cur) {
                    Some(tag) => {
                        if in_movetext {
                            finish!();
                            game.line = line;
                        }
                        started = true;
                        game.tags.push(tag);
                    }
                    None if cur.chars.get(cur.i.saturating_sub(1)) == Some(&']') => {
                        // `[pgn]` / `[/pgn]` wrappers and similar markup: ignored.
                    }
                    None => {
                        started = true;
                        keep_first(&mut error, line, col, PgnErrorKind::BadTag);
                    }
                }
            }
            '{' => {
                started = true;
                in_movetext = true;
                let (line, col) = (cur.line, cur.col);
                cur.bump();
                let mut closed = false;
                while let Some(ch) = cur.bump() {
                    if ch == '}' {
                        closed = true;
                        break;
                    }
                }
                game.comments += 1;
                if !closed {
                    keep_first(&mut error, line, col, PgnErrorKind::UnterminatedComment);
                }
            }
            ';' => {
                started = true;
                game.comments += 1;
                cur.skip_line();
            }
            '(' => {
                started = true;
                in_movetext = true;
                if cur.peek_at(1) == Some('=') && cur.peek_at(2) == Some(')') {
                    cur.bump();
                    cur.bump();
                    cur.bump();
                    game.draw_offers += 1;
                    continue;
                }
                cur.bump();
                depth += 1;
                game.variations += 1;
            }
            ')' => {
                let (line, col) = (cur.line, cur.col);
                cur.bump();
                if depth == 0 {
                    keep_first(&mut error, line, col, PgnErrorKind::UnexpectedCloseParen);
                } else {
                    depth -= 1;
                }
            }
            '$' => {
                started = true;
                cur.bump();
                while cur.peek().is_some_and(|d| d.is_ascii_digit()) {
                    cur.bump();
                }
                game.nags += 1;
            }
            '[' | ']' | '}' => {
                cur.bump();
            }
            _ => {
                let (line, column) = (cur.line, cur.col);
                let mut tok = String::new();
                while let Some(ch) = cur.peek() {
                    if is_delim(ch) {
                        break;
                    }
                    tok.push(ch);
                    cur.bump();
                }
                if tok.is_empty() {
                    cur.bump();
                    continue;
                }
                if depth == 0 && normalise_result(&tok).is_none() {
                    started = true;
                    // Markup such as `<br>` next to tags does not open the movetext.
                    if looks_like_move(strip_move_number(&tok)) || tok.ends_with('.') {
                        in_movetext = true;
                    }
                }
                if depth > 0 {
                    continue;
                }
                if let Some(r) = normalise_result(&tok) {
                    if !started && after_result {
                        // A second marker right after a game's own ("* *").
                        continue;
                    }
                    if tok != "=" {
                        started = true;
                        game.result = Some(r);
                        finish!();
                        after_result = true;
                        continue;
                    }
                }
                // Strip a move number: digits followed by dots ("12." "12..." "12…").
                let body = strip_move_number(&tok);
                if body.is_empty() {
                    continue;
                }
                if let Some(r) = normalise_result(body) {
                    if body != "=" {
                        game.result = Some(r);
                        finish!();
                        continue;
                    }
                }
                if matches!(body, "e.p." | "ep" | "e.p" | "ep.") {
                    continue;
                }
                if GLYPHS.contains(&body) {
                    game.nags += 1;
                    continue;
                }
                let mv = PgnMove {
                    text: body.to_string(),
                    line,
                    column: column + (tok.chars().count() - body.chars().count()),
                };
                if looks_like_move(body) {
                    game.moves.push(mv);
                } else {
                    game.noise.push(mv);
                }
            }
        }
    }
    if depth > 0 {
        let (line, col) = (cur.line, cur.col);
        keep_first(&mut error, line, col, PgnErrorKind::UnterminatedVariation);
    }
    finish!();
    out
}

/// Records a syntax error unless the game already has one (the first counts).
fn keep_first(slot: &mut Option<PgnError>, line: usize, column: usize, kind: PgnErrorKind) {
    if slot.is_none() {
        *slot = Some(PgnError { line, column, kind });
    }
}

/// Whether the line after the newline at the cursor is empty (whitespace only).
fn blank_line_follows(cur: &Cursor) -> bool {
    let mut k = 1;
    while let Some(c) = cur.peek_at(k) {
        match c {
            '\n' => return true,
            ' ' | '\t' | '\r' => k += 1,
            _ => return false,
        }
    }
    false
}

fn strip_move_number(tok: &str) -> &str {
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return tok;
    }
    let rest = &tok[digits..];
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() {
        // "1" alone is a move number without dot; "1-0" was handled before.
        if rest.is_empty() {
            return "";
        }
        return tok;
    }
    after
}

fn read_tag(cur: &mut Cursor) -> Option<(String, String)> {
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    let mut name = String::new();
    while let Some(c) = cur.peek() {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            name.push(c);
            cur.bump();
        } else {
            break;
        }
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    if name.is_empty() || cur.peek() != Some('"') {
        // Skip the rest of the tag.
        while let Some(c) = cur.peek() {
            if c == '\n' {
                break;
            }
            cur.bump();
            if c == ']' {
                break;
            }
        }
        return None;
    }
    cur.bump();
    let mut value = String::new();
    let mut closed = false;
    while let Some(c) = cur.peek() {
        match c {
            '\\' => {
                cur.bump();
                if let Some(n) = cur.peek() {
                    if n != '\n' {
                        value.push(n);
                        cur.bump();
                    }
                }
            }
            '"' => {
                cur.bump();
                closed = true;
                break;
            }
            '\n' => break,
            _ => {
                value.push(c);
                cur.bump();
            }
        }
    }
    if !closed {
        // Unclosed quote: the value runs to the end of the line, minus a final `]`.
        let v = value.trim_end();
        let v = v.strip_suffix(']').unwrap_or(v);
        return Some((name, v.to_string()));
    }
    while let Some(c) = cur.peek() {
        if c == '\n' {
            break;
        }
        cur.bump();
        if c == ']' {
            break;
        }
    }
    Some((name, value))
}

/// Which rules a game's `Variant` tag asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess (no tag, "Standard", "From Position", …).
    Standard,
    /// Chess960 ("chess960", "fischerandom", "Chess960", …).
    Chess960,
}

/// Reads the `Variant` tag value: `Err(name)` for other variants.
pub fn variant_of(tag: Option<&str>) -> Result<Variant, String> {
    let Some(v) = tag else {
        return Ok(Variant::Standard);
    };
    let key: String = v
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" | "rapid" | "blitz"
        | "bullet" => Ok(Variant::Standard),
        "chess960" | "fischerandom" | "fischerrandom" | "frc" | "960" | "fischerrandomchess" => {
            Ok(Variant::Chess960)
        }
        _ => Err(v.to_string()),
    }
}

/// How a move of the main line failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// No legal move fits.
    Illegal,
    /// Several legal moves fit.
    Ambiguous,
    /// Cannot be read.
    Illegible,
}

impl MoveErrorKind {
    /// `illegal`, `ambiguous` or `illegible`.
    pub fn as_str(self) -> &'static str {
        match self {
            MoveErrorKind::Illegal => "illegal",
            MoveErrorKind::Ambiguous => "ambiguous",
            MoveErrorKind::Illegible => "illegible",
        }
    }
}

/// The first main-line move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// 1-based ply of the failing move.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// Why.
    pub kind: MoveErrorKind,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The position in which it failed (FEN).
    pub fen: String,
}

/// Main-line entry after replay: a move, or a null move (`--`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ply {
    /// A move.
    Move(Move),
    /// A null move `--` (not a legal chess move; kept as a note).
    Null,
}

/// A game replayed from its start position.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Where the game starts.
    pub start: Position,
    /// Whether it is a Chess960 game.
    pub chess960: bool,
    /// The plies played, in order.
    pub plies: Vec<Ply>,
    /// The moves (null moves left out).
    pub moves: Vec<Move>,
    /// The position before each ply, then the final one (`plies.len() + 1` entries).
    pub positions: Vec<Position>,
    /// The first move that could not be played, if any.
    pub error: Option<MoveError>,
    /// Null moves seen (by ply).
    pub null_moves: Vec<usize>,
}

impl Replayed {
    /// The position after the last playable move.
    pub fn final_position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }
}

/// The start position of a game from its `FEN`/`SetUp`/`Variant` tags.
pub fn start_position(game: &PgnGame) -> Result<(Position, bool), PgnError> {
    let at = |kind| PgnError {
        line: game.line,
        column: 1,
        kind,
    };
    let variant =
        variant_of(game.tag("Variant")).map_err(|v| at(PgnErrorKind::UnsupportedVariant(v)))?;
    let chess960 = variant == Variant::Chess960;
    match game.tag("FEN").map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => Position::from_fen_lenient(fen)
            .map(|p| (p, chess960))
            .map_err(|e| at(PgnErrorKind::BadFen(e))),
        None => Ok((Position::startpos(), chess960)),
    }
}

/// Replays the main line with the given letter set.
pub fn replay(game: &PgnGame, letters: LetterSet) -> Result<Replayed, PgnError> {
    let (start, chess960) = start_position(game)?;
    let mut r = Replayed {
        start: start.clone(),
        chess960,
        plies: Vec::new(),
        moves: Vec::new(),
        positions: vec![start],
        error: None,
        null_moves: Vec::new(),
    };
    for (i, pm) in game.moves.iter().enumerate() {
        let pos = r
            .positions
            .last()
            .expect("the start position is always there");
        let fail = |kind| MoveError {
            ply: i + 1,
            text: pm.text.clone(),
            kind,
            line: pm.line,
            column: pm.column,
            fen: pos.to_fen(),
        };
        if pm.text == "--" || pm.text == "Z0" || pm.text == "0000" {
            match pos.null_move() {
                Some(next) => {
                    r.null_moves.push(i + 1);
                    r.plies.push(Ply::Null);
                    r.positions.push(next);
                    continue;
                }
                None => {
                    r.error = Some(fail(MoveErrorKind::Illegal));
                    break;
                }
            }
        }
        match read_move(pos, &pm.text, letters) {
            MoveReading::Legal(m) => {
                let mut next = pos.clone();
                next.play_unchecked(m);
                r.plies.push(Ply::Move(m));
                r.moves.push(m);
                r.positions.push(next);
            }
            MoveReading::Ambiguous(_) => {
                r.error = Some(fail(MoveErrorKind::Ambiguous));
                break;
            }
            MoveReading::Illegal => {
                r.error = Some(fail(MoveErrorKind::Illegal));
                break;
            }
            MoveReading::Illegible => {
                r.error = Some(fail(MoveErrorKind::Illegible));
                break;
            }
        }
    }
    Ok(r)
}

fn escape_tag(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes one game: the Seven Tag Roster first (filled with `?` where missing),
/// then the other tags, then the movetext in English SAN wrapped at 79 columns.
/// A start position other than the standard one gets `SetUp`/`FEN` tags.
pub fn write_game(
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    result: &str,
) -> String {
    write_game_with_comment(tags, start, moves, None, result)
}

/// [`write_game`] with a comment `{…}` after the last move, before the result
/// (a `}` in it is written as `)`).
pub fn write_game_with_comment(
    tags: &[(String, String)],
    start: &Position,
    moves: &[Move],
    comment: Option<&str>,
    result: &str,
) -> String {
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let mut out = String::new();
    let get = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    for k in ROSTER {
        let v = if k == "Result" {
            result.to_string()
        } else {
            get(k).unwrap_or("?").to_string()
        };
        out.push_str(&format!("[{k} \"{}\"]\n", escape_tag(&v)));
    }
    let standard = *start == Position::startpos();
    for (k, v) in tags {
        if ROSTER.contains(&k.as_str()) || k == "SetUp" || k == "FEN" {
            continue;
        }
        out.push_str(&format!("[{k} \"{}\"]\n", escape_tag(v)));
    }
    if !standard {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let white = pos.turn() == crate::Color::White;
        if white {
            words.push(format!("{}.", pos.fullmoves()));
        } else if i == 0 {
            words.push(format!("{}...", pos.fullmoves()));
        }
        words.push(write_san(&pos, m));
        pos.play_unchecked(m);
    }
    if let Some(c) = comment {
        words.push(format!("{{{}}}", c.replace('}', ")")));
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        let joined_len = line.len() + 1 + w.len();
        // Keep a move number with its move.
        if !line.is_empty() && joined_len > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_results() {
        let g = read_games("1.e4 e5 2.Nf3 {a} (2.Nc3 (2.f4)) Nc6 $1 3.Bb5 a6 ½–½");
        let g = g[0].as_ref().unwrap();
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
        assert_eq!((g.comments, g.variations, g.nags), (1, 2, 1));
    }

    #[test]
    fn many_games_and_errors_with_positions() {
        let text = "[Event \"a\"]\n1. e4 1-0\n\n[Event \"b\"]\n1. d4 {open\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].is_ok());
        let e = games[1].as_ref().unwrap_err();
        assert_eq!(
            (e.line, e.column, &e.kind),
            (5, 7, &PgnErrorKind::UnterminatedComment)
        );
    }

    #[test]
    fn never_panics_on_odd_bytes() {
        for text in [
            "[", "[\"", "{", "(", ")", "$", "1.", "[A \"\\", "\u{feff}", "1...", "%x\n",
        ] {
            let _ = read_games(text);
        }
        assert_eq!(decode(b"\xef\xbb\xbf[A \"\xe9\"]"), "[A \"\u{e9}\"]");
        assert_eq!(decode(b"[A \"\xe9\"]"), "[A \"\u{e9}\"]");
    }

    #[test]
    fn a_comment_before_the_result_reads_back() {
        let start = Position::startpos();
        let out = write_game_with_comment(&[], &start, &[], Some("Forfeit: {Black} absent"), "1-0");
        assert!(
            out.ends_with("\n\n{Forfeit: {Black) absent} 1-0\n\n"),
            "{out}"
        );
        let g = read_games(&out).remove(0).unwrap();
        assert_eq!((g.comments, g.moves.len()), (1, 0));
        assert_eq!(g.result().as_deref(), Some("1-0"));
    }

    #[test]
    fn variants() {
        assert_eq!(variant_of(Some("fischerandom")), Ok(Variant::Chess960));
        assert_eq!(variant_of(Some("Chess960")), Ok(Variant::Chess960));
        assert_eq!(variant_of(Some("From Position")), Ok(Variant::Standard));
        assert!(variant_of(Some("crazyhouse")).is_err());
        assert!(variant_of(Some("Atomic")).is_err());
        assert!(variant_of(Some("antichess")).is_err());
    }
}
