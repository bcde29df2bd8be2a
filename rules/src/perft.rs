//! Perft: the number of leaf nodes of the legal move tree, the standard check
//! of a move generator. The last ply is counted in bulk.
//!
//! ```
//! use rules::{perft::perft, Position};
//! assert_eq!(perft(&Position::startpos(), 3), 8902);
//! ```

use crate::Position;

/// Leaf nodes at `depth` plies (1 at depth 0).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut total = 0;
            for &m in pos.legal_moves().iter() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                total += perft(&next, depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move: `(uci, nodes)` pairs, for debugging a generator.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for &m in pos.legal_moves().iter() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        out.push((m.to_uci(true), perft(&next, depth - 1)));
    }
    out
}

/// One line of an EPD perft file: a FEN and `(depth, nodes)` pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The position.
    pub fen: String,
    /// Expected node counts by depth.
    pub counts: Vec<(u32, u64)>,
    /// The `id` field, if present.
    pub id: Option<String>,
}

/// Reads an EPD perft file (`FEN ;D1 n ;D2 n ... [;id name]`), skipping `#` comments and blank lines.
pub fn parse_epd(text: &str) -> Vec<PerftCase> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        let mut id = None;
        for p in parts {
            let p = p.trim();
            if let Some(rest) = p.strip_prefix("id") {
                id = Some(rest.trim().to_string());
            } else if let Some(rest) = p.strip_prefix('D') {
                let mut it = rest.split_whitespace();
                if let (Some(d), Some(n)) = (it.next(), it.next()) {
                    if let (Ok(d), Ok(n)) = (d.parse(), n.parse()) {
                        counts.push((d, n));
                    }
                }
            }
        }
        out.push(PerftCase { fen, counts, id });
    }
    out
}
