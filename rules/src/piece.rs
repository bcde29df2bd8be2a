//! A piece: a colour and a role.
//!
//! ```
//! use rules::{Color, Piece, Role};
//! let p: Piece = "N".parse().unwrap();
//! assert_eq!(p, Piece { color: Color::White, role: Role::Knight });
//! assert_eq!(p.to_string(), "N");
//! ```

use crate::{Color, Role};
use std::fmt;
use std::str::FromStr;

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// The text was not one FEN piece letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePieceError;

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a piece is one of the letters PNBRQK (White) or pnbrqk (Black)")
    }
}

impl std::error::Error for ParsePieceError {}

impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        crate::role::single_char(s)
            .and_then(Piece::from_char)
            .ok_or(ParsePieceError)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for c in "PNBRQKpnbrqk".chars() {
            let p = Piece::from_char(c).unwrap();
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
        }
        assert!("X".parse::<Piece>().is_err());
    }
}
