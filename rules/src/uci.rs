//! UCI (coordinate) move text: `e2e4`, `e7e8q`, castling as king-to-rook
//! (`e1h1`, Chess960) or king two squares (`e1g1`).
//!
//! ```
//! use rules::{uci::parse_uci, Position};
//! let pos = Position::startpos();
//! let mv = parse_uci(&pos, "g1f3").unwrap();
//! assert_eq!(mv.to_uci(false), "g1f3");
//! assert!(parse_uci(&pos, "e2e5").is_err());
//! ```

use crate::{Move, Position, Role, Square};
use std::fmt;

/// Why a UCI move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `e2e4` / `e7e8q`.
    Syntax,
    /// Readable, but no legal move fits.
    Illegal,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax => f.write_str("a coordinate move looks like e2e4 or e7e8q"),
            UciError::Illegal => f.write_str("no legal move fits"),
        }
    }
}

impl std::error::Error for UciError {}

/// A syntactically read UCI move, not yet matched to a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UciMove {
    /// From square.
    pub from: Square,
    /// To square.
    pub to: Square,
    /// Promotion piece.
    pub promotion: Option<Role>,
}

impl std::str::FromStr for UciMove {
    type Err = UciError;
    fn from_str(s: &str) -> Result<UciMove, UciError> {
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(UciError::Syntax);
        }
        let from: Square = s[0..2].parse().map_err(|_| UciError::Syntax)?;
        let to: Square = s[2..4].parse().map_err(|_| UciError::Syntax)?;
        let promotion = match s.get(4..5) {
            None => None,
            Some(p) => match Role::from_char(p.chars().next().unwrap_or(' ')) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(r),
                _ => return Err(UciError::Syntax),
            },
        };
        if from == to {
            return Err(UciError::Syntax);
        }
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl UciMove {
    /// The legal move it denotes in `pos`, accepting both castling forms.
    pub fn to_move(self, pos: &Position) -> Result<Move, UciError> {
        let fits = coordinate_matches(&pos.legal_moves(), self.from, self.to, self.promotion);
        fits.first().copied().ok_or(UciError::Illegal)
    }
}

/// The legal moves a from-to pair denotes: the move to that square; failing
/// that, castling written as the king's landing square (`e1g1`). A Chess960
/// king stepping next to its rook (`b8c8`) is the king move, not castling;
/// king-to-rook (`b8a8`) is castling.
pub fn coordinate_matches(
    legal: &[Move],
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Vec<Move> {
    let direct: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from() == from && m.to() == to && m.promotion_role() == promotion)
        .collect();
    if !direct.is_empty() {
        return direct;
    }
    legal
        .iter()
        .copied()
        .filter(|m| {
            m.from() == from && m.is_castle() && m.king_target() == to && promotion.is_none()
        })
        .collect()
}

/// UCI text for a move in `pos`: castling as king two squares (`e1g1`) when
/// the castling layout is the standard one, else king-to-rook (UCI_Chess960).
pub fn move_to_uci(pos: &Position, mv: Move) -> String {
    mv.to_uci(mv.is_castle() && !pos.has_standard_castling_layout())
}

/// Reads a UCI move and matches it against the legal moves of `pos`.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, UciError> {
    text.trim().parse::<UciMove>()?.to_move(pos)
}
