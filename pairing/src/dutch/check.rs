//! Checking a (possibly hand-edited) pairing against the FIDE (Dutch) rules.

use std::collections::HashMap;

use super::colour::{colour_of, ranks_above};
use super::engine::Setup;
use super::state::{self, Float, PlayerState};
use crate::model::{Color, Pairing, PlayerId, Tournament};

/// One rule a pairing breaks, for the arbiter's "edit pairing" screen.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Violation {
    /// The criterion, as numbered in C.04.3 (2025): `C1`…`C21`, or `E` for the
    /// colour allocation rules of art. 5.
    pub criterion: String,
    /// What is wrong, in the arbiter's words.
    pub message: String,
    /// The players concerned.
    pub players: Vec<PlayerId>,
}

fn v(criterion: &str, message: String, players: Vec<PlayerId>) -> Violation {
    Violation {
        criterion: criterion.into(),
        message,
        players,
    }
}

/// Lists the absolute criteria (C1–C4) the pairing of `round` breaks, and the
/// quality criteria (C5–C21) and colour rules in which it is worse than the
/// pairing the FIDE (Dutch) System gives. An empty list means the pairing is
/// acceptable and as good as the engine's in every criterion.
pub fn check_pairing(t: &Tournament, round: u32, p: &Pairing) -> Vec<Violation> {
    check(t, round, p, true)
}

/// Only the absolute criteria and completion (C1–C4) of [`check_pairing`].
pub fn absolute_violations(t: &Tournament, round: u32, p: &Pairing) -> Vec<Violation> {
    check(t, round, p, false)
}

fn check(t: &Tournament, round: u32, p: &Pairing, quality: bool) -> Vec<Violation> {
    let mut out = Vec::new();
    if round == 0
        || t.players
            .iter()
            .enumerate()
            .any(|(i, x)| x.id as usize != i + 1)
    {
        out.push(v(
            "C4",
            format!("round {round} cannot be checked: invalid round or pairing numbers"),
            vec![],
        ));
        return out;
    }
    let states = state::build(t, round);
    let n = t.players.len();
    let get = |id: PlayerId| -> Option<&PlayerState> {
        (id >= 1 && id as usize <= n).then(|| &states[id as usize - 1])
    };
    let part: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|x| state::takes_part(t, x.id, round))
        .map(|x| x.id)
        .collect();
    let mut sorted: Vec<usize> = part.iter().map(|&id| id as usize - 1).collect();
    sorted.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].rank, i));
    let setup = Setup::new(
        &states,
        sorted,
        round - 1,
        t.total_rounds,
        t.points.win.max(t.points.draw),
    );

    // Completion and structure (C4).
    let mut seen: HashMap<PlayerId, usize> = HashMap::new();
    for &(w, b) in &p.boards {
        *seen.entry(w).or_default() += 1;
        *seen.entry(b).or_default() += 1;
    }
    if let Some(b) = p.bye {
        *seen.entry(b).or_default() += 1;
    }
    for (&id, &count) in &seen {
        if get(id).is_none() {
            out.push(v(
                "C4",
                format!("{id} is not a player of the tournament"),
                vec![id],
            ));
        } else if !part.contains(&id) {
            out.push(v(
                "C4",
                format!("{id} does not take part in round {round} but is paired"),
                vec![id],
            ));
        }
        if count > 1 {
            out.push(v("C4", format!("{id} is paired more than once"), vec![id]));
        }
    }
    for &id in &part {
        if !seen.contains_key(&id) {
            out.push(v(
                "C4",
                format!("{id} takes part but is not paired"),
                vec![id],
            ));
        }
    }
    if p.bye.is_some() && part.len() & 1 == 0 {
        out.push(v(
            "C4",
            "an even number of players is paired, so there is no pairing-allocated bye".into(),
            p.bye.into_iter().collect(),
        ));
    }
    if p.bye.is_none() && part.len() & 1 == 1 {
        out.push(v(
            "C4",
            "an odd number of players is paired but nobody has the pairing-allocated bye".into(),
            vec![],
        ));
    }

    // Absolute criteria.
    for &(w, b) in &p.boards {
        let (Some(pw), Some(pb)) = (get(w), get(b)) else {
            continue;
        };
        if w == b {
            out.push(v(
                "C4",
                format!("{w} is paired against themselves"),
                vec![w],
            ));
            continue;
        }
        if pw.forbidden.contains(&b) || pb.forbidden.contains(&w) {
            let met = pw.colors.len() + pb.colors.len() > 0 && {
                let played = |x: &PlayerState, y: PlayerId| {
                    (0..round as usize - 1).any(|k| {
                        let f = state::round_fact(t, &state::entry(t, x.id, k));
                        f.played && f.opponent == Some(y)
                    })
                };
                played(pw, b)
            };
            let why = if met {
                "have already played each other"
            } else {
                "are a forbidden pair"
            };
            out.push(v("C1", format!("{w} and {b} {why}"), vec![w, b]));
        }
        for (x, c) in [(pw, Color::White), (pb, Color::Black)] {
            if setup.last_round_top_scorer(x) {
                continue;
            }
            let diff = x.color_difference() + if c == Color::White { 1 } else { -1 };
            let three = x.colors.len() >= 2 && x.colors.iter().rev().take(2).all(|&k| k == c);
            if diff.abs() > 2 {
                out.push(v(
                    "C3",
                    format!("{} would have a colour difference of {diff:+}", x.id),
                    vec![x.id],
                ));
            }
            if three {
                out.push(v(
                    "C3",
                    format!("{} would have the same colour three times in a row", x.id),
                    vec![x.id],
                ));
            }
        }
    }
    if let Some(b) = p.bye {
        if let Some(pb) = get(b) {
            if !pb.bye_eligible {
                out.push(v(
                    "C2",
                    format!(
                        "{b} already had a pairing-allocated bye or a win without playing \
                         and cannot receive the bye"
                    ),
                    vec![b],
                ));
            }
        }
    }
    if !out.is_empty() || !quality {
        return out;
    }

    // Quality criteria: compare with the engine's pairing.
    let Ok(best) = super::pair(t, round) else {
        return out;
    };
    let mine = Metrics::of(&setup, &states, p, t.initial_color);
    let theirs = Metrics::of(&setup, &states, &best, t.initial_color);
    let checks: [QualityCheck; 12] = [
        (
            "C5",
            "the pairing-allocated bye should go to a player with a lower score",
            |m| vec![m.bye_score],
        ),
        (
            "C6",
            "more players float to a lower score group than necessary",
            |m| vec![m.floaters],
        ),
        (
            "C7",
            "the score differences between opponents are larger than necessary",
            |m| m.score_diffs.clone(),
        ),
        (
            "C9",
            "the pairing-allocated bye should go to a player with fewer unplayed games",
            |m| vec![m.bye_unplayed],
        ),
        (
            "C10",
            "a top scorer (or opponent) gets a colour difference beyond ±2",
            |m| vec![m.top_diff],
        ),
        (
            "C11",
            "a top scorer (or opponent) gets the same colour three times in a row",
            |m| vec![m.top_three],
        ),
        (
            "C12",
            "more players than necessary do not get their colour preference",
            |m| vec![m.pref_missed],
        ),
        (
            "C13",
            "more players than necessary do not get their strong colour preference",
            |m| vec![m.strong_missed],
        ),
        (
            "C14",
            "more players than necessary float down again after a downfloat last round",
            |m| vec![m.down1],
        ),
        (
            "C15",
            "more players than necessary float up again after an upfloat last round",
            |m| vec![m.up1],
        ),
        (
            "C16",
            "more players than necessary float down again after a downfloat two rounds ago",
            |m| vec![m.down2],
        ),
        (
            "C17",
            "more players than necessary float up again after an upfloat two rounds ago",
            |m| vec![m.up2],
        ),
    ];
    for (id, msg, f) in checks {
        let (a, b) = (f(&mine), f(&theirs));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => {
                out.push(v(id, msg.to_string(), mine.players_for(id)));
                break;
            }
            std::cmp::Ordering::Less => break,
            std::cmp::Ordering::Equal => {}
        }
    }
    if mine.colour_errors > 0 {
        out.push(v(
            "E",
            "the colours are not allocated as art. 5 (E1–E5) requires".into(),
            mine.players_for("E"),
        ));
    }
    out
}

/// A quality criterion: id, what is wrong, and the measure (smaller is better).
type QualityCheck = (&'static str, &'static str, fn(&Metrics) -> Vec<i64>);

#[derive(Default)]
struct Metrics {
    bye_score: i64,
    bye_unplayed: i64,
    floaters: i64,
    score_diffs: Vec<i64>,
    top_diff: i64,
    top_three: i64,
    pref_missed: i64,
    strong_missed: i64,
    down1: i64,
    up1: i64,
    down2: i64,
    up2: i64,
    colour_errors: i64,
    who: HashMap<&'static str, Vec<PlayerId>>,
}

impl Metrics {
    fn players_for(&self, id: &str) -> Vec<PlayerId> {
        self.who.get(id).cloned().unwrap_or_default()
    }

    fn of(s: &Setup, states: &[PlayerState], p: &Pairing, initial: Color) -> Metrics {
        let mut m = Metrics::default();
        let st = |id: PlayerId| &states[id as usize - 1];
        let rounds = s.played_rounds as i64 + 1;
        if let Some(b) = p.bye {
            m.bye_score = i64::from(st(b).score);
            m.bye_unplayed = rounds - 1 - i64::from(st(b).played_games);
        }
        for &(w, b) in &p.boards {
            let (pw, pb) = (st(w), st(b));
            let (hi, lo) = if ranks_above(pw, pb) {
                (pw, pb)
            } else {
                (pb, pw)
            };
            if hi.score != lo.score {
                m.floaters += 1;
                m.score_diffs.push(i64::from(hi.score - lo.score));
                if hi.float1 == Float::Down {
                    m.down1 += 1;
                    m.who.entry("C14").or_default().push(hi.id);
                }
                if lo.float1 == Float::Up {
                    m.up1 += 1;
                    m.who.entry("C15").or_default().push(lo.id);
                }
                if hi.float2 == Float::Down {
                    m.down2 += 1;
                    m.who.entry("C16").or_default().push(hi.id);
                }
                if lo.float2 == Float::Up {
                    m.up2 += 1;
                    m.who.entry("C17").or_default().push(lo.id);
                }
            }
            for (x, c) in [(pw, Color::White), (pb, Color::Black)] {
                if let Some(pref) = x.preference {
                    if pref != c {
                        m.pref_missed += 1;
                        m.who.entry("C12").or_default().push(x.id);
                        if x.strong || x.absolute() {
                            m.strong_missed += 1;
                            m.who.entry("C13").or_default().push(x.id);
                        }
                    }
                }
                if s.last_round_top_scorer(pw) || s.last_round_top_scorer(pb) {
                    let diff = x.color_difference() + if c == Color::White { 1 } else { -1 };
                    if diff.abs() > 2 {
                        m.top_diff += 1;
                        m.who.entry("C10").or_default().push(x.id);
                    }
                    if x.colors.len() >= 2 && x.colors.iter().rev().take(2).all(|&k| k == c) {
                        m.top_three += 1;
                        m.who.entry("C11").or_default().push(x.id);
                    }
                }
            }
            let (lo_id, hi_id) = if w < b { (pw, pb) } else { (pb, pw) };
            let c = colour_of(lo_id, hi_id, initial);
            let expected_white = if c == Color::White {
                lo_id.id
            } else {
                hi_id.id
            };
            if expected_white != w {
                m.colour_errors += 1;
                m.who.entry("E").or_default().extend([w, b]);
            }
        }
        m.score_diffs.sort_unstable_by(|a, b| b.cmp(a));
        if let Some(b) = p.bye {
            m.who.insert("C5", vec![b]);
            m.who.insert("C9", vec![b]);
        }
        m
    }
}

/// The check of one recorded round against the FIDE (Dutch) System.
#[derive(Clone, Debug)]
pub struct RoundCheck {
    pub round: u32,
    /// The pairing recorded in the file.
    pub recorded: Pairing,
    /// The pairing the FIDE (Dutch) System gives from the state before the round.
    pub engine: Result<Pairing, crate::model::PairError>,
    /// The rules the recorded pairing breaks or is worse on (empty when identical).
    pub violations: Vec<Violation>,
}

impl RoundCheck {
    /// Same boards (as ordered white–black pairs, in any board order) and the same bye.
    pub fn identical(&self) -> bool {
        let set = |p: &Pairing| {
            let mut b = p.boards.clone();
            b.sort_unstable();
            (b, p.bye)
        };
        self.engine
            .as_ref()
            .is_ok_and(|e| set(e) == set(&self.recorded))
    }
}

/// Re-pairs every round paired in the file from the state before it and
/// compares with the recorded pairing. The file is read as a checker must read
/// it (see [`super::as_checked`]: initial colour and number of rounds inferred
/// when not stated).
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    let t = super::as_checked(t);
    (1..=super::paired_rounds(&t))
        .map(|round| {
            let before = super::state_before(&t, round);
            let recorded = super::recorded_pairing(&t, round);
            let engine = super::pair(&before, round);
            let mut c = RoundCheck {
                round,
                recorded,
                engine,
                violations: Vec::new(),
            };
            if !c.identical() {
                c.violations = check_pairing(&before, round, &c.recorded);
            }
            c
        })
        .collect()
}
