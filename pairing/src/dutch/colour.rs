//! Colour allocation of a pair (C.04.3 art. 5, rules E1–E5).

use super::state::PlayerState;
use crate::model::Color;

/// Whether two colour preferences can both be granted.
pub fn preferences_compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Whether `a` is ranked above `b` (C.04.3 art. 1.2: score, then pairing number).
pub fn ranks_above(a: &PlayerState, b: &PlayerState) -> bool {
    (a.score, std::cmp::Reverse(a.rank)) > (b.score, std::cmp::Reverse(b.rank))
}

/// The colours of the two players in the latest round in which they differed,
/// counting only games played over the board, walking back in step (E4).
fn latest_difference(p: &PlayerState, o: &PlayerState) -> Option<(Color, Color)> {
    let mut a = p.colors.iter().rev();
    let mut b = o.colors.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(x), Some(y)) => return Some((*x, *y)),
            _ => return None,
        }
    }
}

/// E1–E3 and, with preferences, E4: the colour `p` gets against `o` if the
/// colour histories decide it, and the rule that decides (C.04.3 art. 5.2).
pub(crate) fn decided_by_history(
    p: &PlayerState,
    o: &PlayerState,
) -> Option<(Color, &'static str)> {
    if preferences_compatible(p.preference, o.preference) {
        // E1: both preferences granted (or only one player has one)
        return p
            .preference
            .or(o.preference.map(Color::opposite))
            .map(|c| (c, "E1"));
    }
    // E2: the stronger preference wins (absolute, then larger colour difference)
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference.map(|c| (c, "E2"));
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.preference.map(|c| (c.opposite(), "E2"));
    }
    if p.strong && !o.strong {
        return p.preference.map(|c| (c, "E2"));
    }
    if o.strong && !p.strong {
        return o.preference.map(|c| (c.opposite(), "E2"));
    }
    // E3: alternate to the latest round in which they had different colours
    latest_difference(p, o).map(|(_, theirs)| (theirs, "E3"))
}

/// The colour `p` gets against `o` (E1–E5). `initial` is the colour the
/// top-ranked player gets in round 1 (`XXC`).
pub fn colour_of(p: &PlayerState, o: &PlayerState, initial: Color) -> Color {
    colour_rule(p, o, initial).0
}

/// The colour `p` gets against `o` and the rule of C.04.3 art. 5.2 that
/// decides it: `E1` both preferences, `E2` the stronger preference, `E3`
/// alternation to the latest round with different colours, `E4` the
/// higher-ranked player's preference, `E5` the initial colour by the rank
/// parity of the higher-ranked player.
pub fn colour_rule(p: &PlayerState, o: &PlayerState, initial: Color) -> (Color, &'static str) {
    if let Some(c) = decided_by_history(p, o) {
        return c;
    }
    let p_higher = ranks_above(p, o);
    match p.preference {
        // E5: with no preference of the higher-ranked player, by rank parity
        None => {
            let (higher, higher_is_p) = if p_higher { (p, true) } else { (o, false) };
            let higher_colour = if higher.rank % 2 == 1 {
                initial.opposite()
            } else {
                initial
            };
            let c = if higher_is_p {
                higher_colour
            } else {
                higher_colour.opposite()
            };
            (c, "E5")
        }
        // E4: the higher-ranked player's preference
        Some(pref) => {
            if p_higher {
                (pref, "E4")
            } else {
                match o.preference {
                    Some(q) => (q.opposite(), "E4"),
                    None => (pref, "E5"),
                }
            }
        }
    }
}
