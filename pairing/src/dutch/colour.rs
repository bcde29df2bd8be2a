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

/// E1–E4 without the final tie rule: the colour `p` gets against `o`, if the
/// colour histories decide it.
fn decided_by_history(p: &PlayerState, o: &PlayerState) -> Option<Color> {
    if preferences_compatible(p.preference, o.preference) {
        // E1: both preferences granted (or only one player has one)
        return p.preference.or(o.preference.map(Color::opposite));
    }
    // E2: the stronger preference wins (absolute, then larger colour difference)
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference;
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.preference.map(Color::opposite);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return o.preference.map(Color::opposite);
    }
    // E3: alternate to the latest round in which they had different colours
    latest_difference(p, o).map(|(_, theirs)| theirs)
}

/// The colour `p` gets against `o` (E1–E5). `initial` is the colour the
/// top-ranked player gets in round 1 (`XXC`).
pub fn colour_of(p: &PlayerState, o: &PlayerState, initial: Color) -> Color {
    if let Some(c) = decided_by_history(p, o) {
        return c;
    }
    let p_higher = ranks_above(p, o);
    match p.preference {
        // E5: the higher-ranked player's preference; with none, by rank parity
        None => {
            let (higher, higher_is_p) = if p_higher { (p, true) } else { (o, false) };
            let higher_colour = if higher.rank % 2 == 1 {
                initial.opposite()
            } else {
                initial
            };
            if higher_is_p {
                higher_colour
            } else {
                higher_colour.opposite()
            }
        }
        Some(pref) => {
            if p_higher {
                pref
            } else {
                o.preference.map_or(pref, Color::opposite)
            }
        }
    }
}
