//! What a checker must assume when a file does not say everything.
//!
//! Random tournament generators and many programs write TRF files without the
//! initial colour (TRF16 `XXC`, TRF-2026 `152`) and without the number of
//! rounds (`XXR`, TRF-2026 `142`). A checker (C.04.A, the endorsement's free
//! pairing checker) must read such a file as the program that wrote it meant
//! it:
//!
//! - **Initial colour.** C.04.3 art. 5.2.5 (E5) gives the colours of round 1 by
//!   the rank parity of the higher-ranked player, starting from a colour drawn
//!   for the top-ranked player. Without `XXC`, that draw is read back from the
//!   first round in which any colour is recorded: take the players who took
//!   part in the pairing up to that round (a game, even forfeited, or the
//!   pairing-allocated bye) in pairing-number order; the first of them with a
//!   colour in that round had the drawn colour if their effective pairing
//!   number is odd (1st, 3rd, …), the other colour if it is even.
//! - **Number of rounds.** Without `XXR`, the last round in the file is the
//!   final round, so the final-round relaxations for top scorers (C.04.3
//!   art. 1.7, C3, C10, C11) apply there.
//!
//! The same inference is what the endorsed engines do on reading such files;
//! `pairing/tests/dutch_checker.rs` verifies it round by round on their output.

use crate::model::{ByeKind, Color, RoundEntry, Tournament, TrfLine};

/// Whether the tournament states its initial colour: a model not read from a
/// file always does; a file does with an `XXC white1|black1` or `152 W|B`
/// record.
pub fn initial_colour_stated(t: &Tournament) -> bool {
    if t.trf.lines.is_empty() {
        return true;
    }
    t.trf.lines.iter().any(|l| match l {
        TrfLine::Record(r) => {
            let tag = r.get(..3).unwrap_or("");
            let value = r.get(3..).unwrap_or("").to_ascii_lowercase();
            (tag == "XXC" && (value.contains("white1") || value.contains("black1"))) || tag == "152"
        }
        TrfLine::Player { .. } => false,
    })
}

/// The initial colour the recorded pairings show (see the module docs), or
/// `None` when no round has a game.
pub fn inferred_initial_colour(t: &Tournament) -> Option<Color> {
    let first = t
        .players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .position(|e| matches!(e, RoundEntry::Game { .. }))
        })
        .min()?;
    let mut effective = 0usize;
    for p in &t.players {
        let in_pairing = p.rounds.iter().take(first + 1).any(|e| {
            matches!(
                e,
                RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
            )
        });
        if !in_pairing {
            continue;
        }
        if let Some(RoundEntry::Game { color, .. }) = p.rounds.get(first) {
            return Some(if effective % 2 == 1 {
                color.opposite()
            } else {
                *color
            });
        }
        effective += 1;
    }
    None
}

/// The tournament as a checker reads it: the initial colour inferred when the
/// file does not state it, and the number of rounds set to the rounds paired
/// in the file when the file does not state it.
pub fn as_checked(t: &Tournament) -> Tournament {
    let mut c = t.clone();
    if !initial_colour_stated(t) {
        if let Some(colour) = inferred_initial_colour(t) {
            c.initial_color = colour;
        }
    }
    if c.total_rounds == 0 {
        c.total_rounds = super::paired_rounds(t);
    }
    c
}
