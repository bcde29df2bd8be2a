//! Squares of the board, `a1` = 0 to `h8` = 63.
//!
//! ```
//! use rules::Square;
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4.file(), 4);
//! assert_eq!(e4.rank(), 3);
//! assert_eq!(e4.to_string(), "e4");
//! ```

use std::fmt;
use std::str::FromStr;

/// A square; index `8 * rank + file`, both counted from 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index (0–63), if any.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index taken modulo 64 (never fails).
    #[inline]
    pub const fn from_index(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank), if both are 0–7.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index, 0–63. (Masked, though a square never holds more: the
    /// compiler then knows it, and indexing a 64-entry table needs no bounds
    /// check.)
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (first) to 7 (eighth).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from the other side (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square on the same rank with another file.
    #[inline]
    pub const fn with_file(self, file: u8) -> Square {
        Square((self.0 & 56) | (file & 7))
    }

    /// The file letter, `a`–`h`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1`–`8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Reads a file letter `a`–`h`.
    pub fn file_from_char(c: char) -> Option<u8> {
        match c {
            'a'..='h' => Some(c as u8 - b'a'),
            _ => None,
        }
    }

    /// Reads a rank digit `1`–`8`.
    pub fn rank_from_char(c: char) -> Option<u8> {
        match c {
            '1'..='8' => Some(c as u8 - b'1'),
            _ => None,
        }
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Whether it is a light square (h1 is light).
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }
}

/// The text was not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file a–h followed by a rank 1–8, e.g. e4")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => {
                let file = Square::file_from_char(f).ok_or(ParseSquareError)?;
                let rank = Square::rank_from_char(r).ok_or(ParseSquareError)?;
                Square::from_coords(file, rank).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "e", "e9", "i1", "e44", "E4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn colours() {
        assert!(!"a1".parse::<Square>().unwrap().is_light());
        assert!("h1".parse::<Square>().unwrap().is_light());
    }
}
