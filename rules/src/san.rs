//! Standard algebraic notation: an English writer and a reader for the letter
//! set the caller chooses (Appendix C; 2005 Appendix E; PGN standard table).
//!
//! The reader is lenient about spelling (`x` or `:` captures, pawn captures
//! without mark, `e.p.`, `d8Q` / `d8=Q` / `d8(Q)` / `d8/Q`, `0-0` / `O-O` /
//! `o-o`, suffixes `+ # ++ X ! ? !! ?? !? ?!`, a draw-offer mark `(=)`, a
//! missing or superfluous check mark) and also takes coordinate moves (`e2e4`,
//! `e2-e4`, `Ng1-f3`, `e7e8q`, UCI castling both ways). It never guesses
//! between letter sets. The verdict is one of the four a sealed move can get.
//!
//! ```
//! use rules::san::{read_move, write_san, LetterSet, MoveReading};
//! use rules::Position;
//! let pos = Position::startpos();
//! let cz = LetterSet::from_code("cs").unwrap();
//! let MoveReading::Legal(mv) = read_move(&pos, "Jf3", cz) else { panic!() };
//! assert_eq!(write_san(&pos, mv), "Nf3");
//! assert_eq!(read_move(&pos, "Jf4", cz), MoveReading::Illegal);
//! assert_eq!(read_move(&pos, "Zf4", cz), MoveReading::Illegible);
//! ```

use crate::{Move, MoveKind, Position, Role, Square};
use std::fmt;

/// The piece letters of one language, in the order K Q R B N.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LetterSet {
    code: &'static str,
    letters: [char; 5],
}

const SETS: [(&str, [char; 5]); 17] = [
    ("en", ['K', 'Q', 'R', 'B', 'N']),
    ("pl", ['K', 'H', 'W', 'G', 'S']),
    ("cs", ['K', 'D', 'V', 'S', 'J']),
    ("de", ['K', 'D', 'T', 'L', 'S']),
    ("fr", ['R', 'D', 'T', 'F', 'C']),
    ("nl", ['K', 'D', 'T', 'L', 'P']),
    ("es", ['R', 'D', 'T', 'A', 'C']),
    ("it", ['R', 'D', 'T', 'A', 'C']),
    ("hu", ['K', 'V', 'B', 'F', 'H']),
    ("da", ['K', 'D', 'T', 'L', 'S']),
    ("et", ['K', 'L', 'V', 'O', 'R']),
    ("fi", ['K', 'D', 'T', 'L', 'R']),
    ("is", ['K', 'D', 'H', 'B', 'R']),
    ("no", ['K', 'D', 'T', 'L', 'S']),
    ("pt", ['R', 'D', 'T', 'B', 'C']),
    ("ro", ['R', 'D', 'T', 'N', 'C']),
    ("sv", ['K', 'D', 'T', 'L', 'S']),
];

const ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

impl LetterSet {
    /// English: K Q R B N.
    pub const ENGLISH: LetterSet = LetterSet {
        code: "en",
        letters: ['K', 'Q', 'R', 'B', 'N'],
    };

    /// The letter set of a language code: en pl cs de fr nl es it hu da et fi is no pt ro sv.
    pub fn from_code(code: &str) -> Option<LetterSet> {
        SETS.iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|&(code, letters)| LetterSet { code, letters })
    }

    /// All supported language codes.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        SETS.iter().map(|(c, _)| *c)
    }

    /// The language code.
    pub fn code(self) -> &'static str {
        self.code
    }

    /// The letter for a piece (pawns have none: `None`).
    pub fn letter(self, role: Role) -> Option<char> {
        ROLES
            .iter()
            .position(|r| *r == role)
            .map(|i| self.letters[i])
    }

    /// The piece a letter stands for in this set.
    pub fn role(self, c: char) -> Option<Role> {
        self.letters.iter().position(|l| *l == c).map(|i| ROLES[i])
    }
}

/// The verdict on a written move (the sealed-move verdicts of SPEC §6–7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveReading {
    /// Exactly one legal move fits.
    Legal(Move),
    /// Two or more legal moves fit.
    Ambiguous(Vec<Move>),
    /// Readable, but no legal move fits (including moves leaving the king in check).
    Illegal,
    /// Cannot be read as a move.
    Illegible,
}

impl MoveReading {
    /// The move, if legal.
    pub fn legal(&self) -> Option<Move> {
        match self {
            MoveReading::Legal(m) => Some(*m),
            _ => None,
        }
    }
}

/// Why a SAN text was not accepted ([`parse_san`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Cannot be read.
    Illegible,
    /// No legal move fits.
    Illegal,
    /// More than one legal move fits.
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Illegible => "the move cannot be read",
            SanError::Illegal => "no legal move fits",
            SanError::Ambiguous => "more than one legal move fits",
        })
    }
}

impl std::error::Error for SanError {}

/// Reads English SAN (or any accepted spelling) as a `Result`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    match read_move(pos, text, LetterSet::ENGLISH) {
        MoveReading::Legal(m) => Ok(m),
        MoveReading::Ambiguous(_) => Err(SanError::Ambiguous),
        MoveReading::Illegal => Err(SanError::Illegal),
        MoveReading::Illegible => Err(SanError::Illegible),
    }
}

/// Writes English SAN with `+` / `#`.
pub fn write_san(pos: &Position, mv: Move) -> String {
    write_san_in(pos, mv, LetterSet::ENGLISH)
}

/// Writes SAN with the piece letters of `letters`, with `+` / `#`.
pub fn write_san_in(pos: &Position, mv: Move, letters: LetterSet) -> String {
    let mut s = san_body(pos, mv, letters);
    let mut next = pos.clone();
    next.play_unchecked(mv);
    if next.is_check() {
        s.push(if next.has_legal_move() { '+' } else { '#' });
    }
    s
}

/// SAN without the check suffix.
pub fn san_body(pos: &Position, mv: Move, letters: LetterSet) -> String {
    match mv.castling_side() {
        Some(crate::CastlingSide::KingSide) => return "O-O".to_string(),
        Some(crate::CastlingSide::QueenSide) => return "O-O-O".to_string(),
        None => {}
    }
    let role = pos.role_at(mv.from()).unwrap_or(Role::Pawn);
    let capture = mv.kind() == MoveKind::EnPassant || pos.occupied().contains(mv.to());
    let mut s = String::with_capacity(8);
    if role == Role::Pawn {
        if capture {
            s.push(mv.from().file_char());
            s.push('x');
        }
        s.push_str(&mv.to().to_string());
        if let Some(p) = mv.promotion_role() {
            s.push('=');
            s.push(letters.letter(p).unwrap_or('?'));
        }
        return s;
    }
    s.push(letters.letter(role).unwrap_or('?'));
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            !m.is_castle()
                && m.to() == mv.to()
                && m.from() != mv.from()
                && pos.role_at(m.from()) == Some(role)
        })
        .map(|m| m.from())
        .collect();
    if !rivals.is_empty() {
        let same_file = rivals.iter().any(|r| r.file() == mv.from().file());
        let same_rank = rivals.iter().any(|r| r.rank() == mv.from().rank());
        if !same_file {
            s.push(mv.from().file_char());
        } else if !same_rank {
            s.push(mv.from().rank_char());
        } else {
            s.push_str(&mv.from().to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&mv.to().to_string());
    s
}

/// What the text says, before looking at the position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Parsed {
    Castle(crate::CastlingSide),
    /// A coordinate move (both squares given).
    Coordinate {
        role: Option<Role>,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    San {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

fn strip_suffixes(mut s: &str) -> &str {
    loop {
        let t = s.trim_end();
        let t = t
            .strip_suffix("(=)")
            .or_else(|| t.strip_suffix("e.p."))
            .or_else(|| t.strip_suffix("e.p"))
            .or_else(|| t.strip_suffix("ep"))
            .or_else(|| t.strip_suffix("++"))
            .or_else(|| {
                t.strip_suffix(['+', '#', '!', '?', 'X', '†', '‡', '='])
                    .filter(|rest| !rest.is_empty())
            });
        match t {
            Some(rest) => s = rest,
            None => return s.trim_end(),
        }
    }
}

fn parse_promotion(s: &str, letters: LetterSet, allow_lower: bool) -> Result<Option<Role>, ()> {
    let inner = s
        .strip_prefix('=')
        .or_else(|| s.strip_prefix('/'))
        .or_else(|| s.strip_prefix('(').and_then(|x| x.strip_suffix(')')))
        .unwrap_or(s);
    let explicit = inner.len() != s.len();
    let mut chars = inner.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return if s.is_empty() { Ok(None) } else { Err(()) };
    };
    let role = if c.is_ascii_uppercase() {
        letters.role(c)
    } else if allow_lower || explicit {
        Role::from_char(c)
    } else {
        None
    };
    match role {
        Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Ok(Some(r)),
        _ => Err(()),
    }
}

fn parse_text(text: &str, letters: LetterSet) -> Option<Parsed> {
    // Word processors turn `-` into other dashes (`O‑O`, `e2–e4`).
    let dashed: String;
    let text = if text.is_ascii() {
        text
    } else {
        dashed = text
            .chars()
            .map(|c| match c {
                '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
                c => c,
            })
            .collect();
        &dashed
    };
    let s = strip_suffixes(text.trim());
    if s.is_empty() || !s.is_ascii() {
        return None;
    }
    // Castling.
    let lower: String = s.to_ascii_lowercase().replace('0', "o");
    if lower.starts_with('o') {
        let compact: String = lower.chars().filter(|c| *c != '-').collect();
        if lower.chars().all(|c| c == 'o' || c == '-') {
            return match compact.as_str() {
                "oo" => Some(Parsed::Castle(crate::CastlingSide::KingSide)),
                "ooo" => Some(Parsed::Castle(crate::CastlingSide::QueenSide)),
                _ => None,
            };
        }
    }
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut role = None;
    if let Some(&c) = bytes.first() {
        if c.is_ascii_uppercase() {
            role = Some(letters.role(c as char)?);
            i = 1;
        }
    }
    let rest = &s[i..];
    // Coordinate form: square [-x:]? square promotion?
    if let Some(p) = parse_coordinate(rest, role, letters) {
        return Some(p);
    }
    // SAN: [file][rank][x:] square promotion
    let rb = rest.as_bytes();
    // Find the destination: the last file+rank pair.
    let dest_at = (0..rb.len().saturating_sub(1))
        .rev()
        .find(|&k| matches!(rb[k], b'a'..=b'h') && matches!(rb[k + 1], b'1'..=b'8'))?;
    let to = rest[dest_at..dest_at + 2].parse::<Square>().ok()?;
    let promo_text = &rest[dest_at + 2..];
    let promotion = parse_promotion(promo_text, letters, false).ok()?;
    let mut mid = &rest[..dest_at];
    let mut capture = false;
    if let Some(m) = mid.strip_suffix(['x', ':', 'X']) {
        mid = m;
        capture = true;
    }
    let mb = mid.as_bytes();
    let (file, rank) = match mb {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
        [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
        _ => return None,
    };
    if file == Some(to.file()) && rank == Some(to.rank()) {
        // "Nf3f3": a move from a square to itself cannot be read.
        return None;
    }
    let role = role.unwrap_or(Role::Pawn);
    if role == Role::Pawn && rank.is_some() {
        return None;
    }
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    if role == Role::Pawn && promotion.is_some() && to.rank() != 0 && to.rank() != 7 {
        return None;
    }
    Some(Parsed::San {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn parse_coordinate(rest: &str, role: Option<Role>, letters: LetterSet) -> Option<Parsed> {
    let from: Square = rest.get(0..2)?.parse().ok()?;
    let mut r = &rest[2..];
    if let Some(x) = r.strip_prefix(['-', 'x', ':', 'X']) {
        r = x;
    }
    let to: Square = r.get(0..2)?.parse().ok()?;
    let promotion = parse_promotion(&r[2..], letters, true).ok()?;
    if from == to {
        return None;
    }
    Some(Parsed::Coordinate {
        role,
        from,
        to,
        promotion,
    })
}

/// Reads a written move against a position with the caller's letter set.
pub fn read_move(pos: &Position, text: &str, letters: LetterSet) -> MoveReading {
    let Some(parsed) = parse_text(text, letters) else {
        // A move of exactly "from-to" squares equal, or garbage.
        return MoveReading::Illegible;
    };
    let legal = pos.legal_moves();
    match parsed {
        Parsed::Castle(side) => pick(
            legal
                .iter()
                .copied()
                .filter(|m| m.castling_side() == Some(side)),
        ),
        Parsed::Coordinate {
            role,
            from,
            to,
            promotion,
        } => {
            if role.is_some_and(|r| pos.role_at(from) != Some(r)) {
                return MoveReading::Illegal;
            }
            pick(crate::uci::coordinate_matches(&legal, from, to, promotion).into_iter())
        }
        Parsed::San {
            role,
            file,
            rank,
            capture: _,
            to,
            promotion,
        } => pick(legal.iter().copied().filter(|m| {
            !m.is_castle()
                && m.to() == to
                && pos.role_at(m.from()) == Some(role)
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
                && m.promotion_role() == promotion
                && (role != Role::Pawn || file.is_none() == (m.from().file() == to.file()))
        })),
    }
}

/// The verdict from the legal moves a text fits; allocates only when ambiguous.
fn pick(mut fits: impl Iterator<Item = Move>) -> MoveReading {
    match (fits.next(), fits.next()) {
        (None, _) => MoveReading::Illegal,
        (Some(m), None) => MoveReading::Legal(m),
        (Some(a), Some(b)) => {
            let mut all = vec![a, b];
            all.extend(fits);
            MoveReading::Ambiguous(all)
        }
    }
}

/// One line of the `chess-rules read-move` contract: `FEN<TAB>TEXT` in,
/// `legal<TAB>SAN`, `ambiguous<TAB>SAN,SAN,…`, `illegal` or `illegible` out.
/// A line whose FEN cannot be read gives `illegible`.
pub fn verdict_line(line: &str, letters: LetterSet) -> String {
    let Some((fen, text)) = line.split_once('\t') else {
        return "illegible".to_string();
    };
    let Ok(pos) = Position::from_fen_lenient(fen) else {
        return "illegible".to_string();
    };
    match read_move(&pos, text, letters) {
        MoveReading::Legal(m) => format!("legal\t{}", write_san(&pos, m)),
        MoveReading::Ambiguous(ms) => {
            let sans: Vec<String> = ms.iter().map(|m| write_san(&pos, *m)).collect();
            format!("ambiguous\t{}", sans.join(","))
        }
        MoveReading::Illegal => "illegal".to_string(),
        MoveReading::Illegible => "illegible".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(pos: &Position, t: &str, l: &str) -> String {
        match read_move(pos, t, LetterSet::from_code(l).unwrap()) {
            MoveReading::Legal(m) => write_san(pos, m),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn spellings() {
        let pos = Position::startpos();
        assert_eq!(legal(&pos, "e4", "en"), "e4");
        assert_eq!(legal(&pos, "e2-e4", "pl"), "e4");
        assert_eq!(legal(&pos, "Sg1-f3", "pl"), "Nf3");
        assert_eq!(legal(&pos, "g1f3", "fr"), "Nf3");
        assert_eq!(legal(&pos, "Cf3!?", "fr"), "Nf3");
        assert_eq!(legal(&pos, "Nf3 (=)", "en"), "Nf3");
        assert_eq!(legal(&pos, "e2\u{2013}e4", "en"), "e4");
        assert_eq!(legal(&pos, "Ng1Xf3", "en"), "Nf3");
        assert_eq!(
            read_move(&pos, "O-O", LetterSet::ENGLISH),
            MoveReading::Illegal
        );
        assert_eq!(
            read_move(&pos, "O-O-O-O", LetterSet::ENGLISH),
            MoveReading::Illegible
        );
        assert_eq!(
            read_move(&pos, "e9", LetterSet::ENGLISH),
            MoveReading::Illegible
        );
        assert_eq!(
            read_move(&pos, "", LetterSet::ENGLISH),
            MoveReading::Illegible
        );
    }

    #[test]
    fn promotion_and_suffix_spellings() {
        let pos = Position::from_fen("k7/3P4/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for t in [
            "d8Q", "d8=Q", "d8(Q)", "d8/Q", "d8=Q+", "d8Q+!", "d7d8q", "d7-d8=Q", "d8Q(=)",
        ] {
            assert_eq!(legal(&pos, t, "en"), "d8=Q+", "{t}");
        }
        assert_eq!(legal(&pos, "d8H", "pl"), "d8=Q+");
        assert_eq!(legal(&pos, "d8D", "de"), "d8=Q+");
        assert_eq!(legal(&pos, "d8=S", "de"), "d8=N");
        assert_eq!(
            read_move(&pos, "d8", LetterSet::ENGLISH),
            MoveReading::Illegal
        );
        assert_eq!(
            read_move(&pos, "d8=K", LetterSet::ENGLISH),
            MoveReading::Illegible
        );
        let ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        for t in [
            "exd6",
            "exd6 e.p.",
            "exd6e.p.",
            "exd6ep",
            "ed6",
            "e:d6",
            "e5d6",
            "exd6+?!",
        ] {
            assert_eq!(legal(&ep, t, "en"), "exd6", "{t}");
        }
        let castle = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        for (t, want) in [
            ("0-0", "O-O"),
            ("o-o", "O-O"),
            ("O-O-O", "O-O-O"),
            ("0-0-0", "O-O-O"),
            ("e1c1", "O-O-O"),
            ("e1a1", "O-O-O"),
        ] {
            assert_eq!(legal(&castle, t, "en"), want, "{t}");
        }
        let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        for t in ["Ra8#", "Ra8++", "Ra8X", "Ra8", "Ra8+", "Ra8!!"] {
            assert_eq!(legal(&mate, t, "en"), "Ra8#", "{t}");
        }
    }

    #[test]
    fn letter_sets_cover_all_codes() {
        for code in LetterSet::codes() {
            let set = LetterSet::from_code(code).unwrap();
            for r in ROLES {
                assert_eq!(set.role(set.letter(r).unwrap()), Some(r));
            }
        }
        assert!(LetterSet::from_code("xx").is_none());
    }
}
