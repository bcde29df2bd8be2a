//! What the pairing needs to know about each player before a round: score,
//! colour history and preference (C.04.3 art. 1.6–1.7), floats (art. 1.4),
//! bye eligibility (C.04.1, C2) and the opponents already met (C1).

use std::collections::HashSet;

use crate::model::{ByeKind, Color, GameResult, HalfPoints, PlayerId, RoundEntry, Tournament};

/// The float a player received in an earlier round (C.04.3 art. 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Played a lower-scored opponent, or scored more than a loss without
    /// playing (art. 1.4.3: byes, forfeit wins).
    Down,
    /// Played a higher-scored opponent.
    Up,
    None,
}

/// One round of a player's history, reduced to what pairing uses.
#[derive(Clone, Copy, Debug)]
pub struct RoundFact {
    /// A game played over the board (not a forfeit, not a bye).
    pub played: bool,
    /// The player was paired (a game, even forfeited) or got the pairing-allocated bye.
    pub paired: bool,
    /// Scored a win without playing after being paired: the pairing-allocated bye or a forfeit win.
    pub unplayed_win: bool,
    pub opponent: Option<PlayerId>,
    pub color: Option<Color>,
    pub points: HalfPoints,
}

/// A player's pairing state for the round being paired.
#[derive(Clone, Debug)]
pub struct PlayerState {
    pub id: PlayerId,
    /// Effective pairing number among the players taking part in the event, 0-based.
    pub rank: u32,
    /// Score before the round (half-points).
    pub score: HalfPoints,
    /// Games played over the board.
    pub played_games: u32,
    /// Colours of the games played over the board, oldest first.
    pub colors: Vec<Color>,
    /// Colour preference (art. 1.6.2), `None` if none.
    pub preference: Option<Color>,
    /// |games with white − games with black|.
    pub imbalance: u32,
    /// The colour of the last two games, if they had the same colour.
    pub repeated: Option<Color>,
    /// Strong colour preference (art. 1.6.2.2): colour difference ±1, not absolute.
    pub strong: bool,
    /// May receive the pairing-allocated bye (C.04.1: no earlier PAB or forfeit win).
    pub bye_eligible: bool,
    /// Float of the previous round and of the round before that.
    pub float1: Float,
    pub float2: Float,
    /// Players this one may not meet: opponents already met over the board and `XXP` pairs.
    pub forbidden: HashSet<PlayerId>,
}

impl PlayerState {
    /// Absolute colour preference (art. 1.6.2.1): colour difference beyond ±1, or the
    /// same colour in the two latest games.
    pub fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    /// Colour difference beyond ±1.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// White games minus black games.
    pub fn color_difference(&self) -> i32 {
        self.colors
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }
}

/// The reduced facts of one round entry.
pub fn round_fact(t: &Tournament, entry: &RoundEntry) -> RoundFact {
    let ps = &t.points;
    match *entry {
        RoundEntry::Game {
            opponent,
            color,
            result,
        } => {
            let (played, points, unplayed_win) = match result {
                None => (true, 0, false),
                Some(GameResult::Win) => (true, ps.win, false),
                Some(GameResult::Draw) => (true, ps.draw, false),
                Some(GameResult::Loss) => (true, ps.loss, false),
                Some(GameResult::Adjusted(p)) => (true, p, false),
                Some(GameResult::ForfeitWin) => (false, ps.forfeit_win, true),
                Some(GameResult::ForfeitLoss) => (false, ps.forfeit_loss, false),
            };
            RoundFact {
                played,
                paired: true,
                unplayed_win,
                opponent: Some(opponent),
                color: if played { Some(color) } else { None },
                points,
            }
        }
        RoundEntry::Bye(kind) => {
            let points = match kind {
                ByeKind::PairingAllocated => ps.pairing_bye,
                ByeKind::Full => ps.full_bye,
                ByeKind::Half => ps.half_bye,
                ByeKind::Zero => ps.zero_bye,
            };
            RoundFact {
                played: false,
                paired: kind == ByeKind::PairingAllocated,
                unplayed_win: kind == ByeKind::PairingAllocated,
                opponent: None,
                color: None,
                points,
            }
        }
        RoundEntry::NotPaired => RoundFact {
            played: false,
            paired: false,
            unplayed_win: false,
            opponent: None,
            color: None,
            points: ps.not_paired,
        },
    }
}

/// The entry of round `k` (0-based) of a player, `NotPaired` when missing.
pub fn entry(t: &Tournament, id: PlayerId, k: usize) -> RoundEntry {
    t.player(id)
        .and_then(|p| p.rounds.get(k).copied())
        .unwrap_or(RoundEntry::NotPaired)
}

/// Whether the player takes part in the pairing of `round` (1-based): not
/// absent (no bye or "not paired" entry already made for the round) and not withdrawn.
pub fn takes_part(t: &Tournament, id: PlayerId, round: u32) -> bool {
    let Some(p) = t.player(id) else { return false };
    match p.rounds.get(round as usize - 1) {
        Some(RoundEntry::Game { .. }) => true,
        Some(RoundEntry::Bye(_)) | Some(RoundEntry::NotPaired) => false,
        None => !p.withdrawn,
    }
}

/// Points a player has from the first `rounds` rounds.
fn points_through(t: &Tournament, id: PlayerId, rounds: u32) -> HalfPoints {
    (0..rounds as usize)
        .map(|k| round_fact(t, &entry(t, id, k)).points)
        .sum()
}

/// Builds the state of every player for pairing `round` (1-based). Returns all
/// players of the event (index = id − 1); the caller picks the participants.
pub fn build(t: &Tournament, round: u32) -> Vec<PlayerState> {
    let before = round as usize - 1;
    // Effective pairing numbers: players who are in the event for this round
    // (not only ever absent up to now).
    let mut rank = 0u32;
    let mut out = Vec::with_capacity(t.players.len());
    let totals: Vec<HalfPoints> = t
        .players
        .iter()
        .map(|p| points_through(t, p.id, round - 1))
        .collect();
    for p in &t.players {
        let facts: Vec<RoundFact> = (0..before)
            .map(|k| round_fact(t, &entry(t, p.id, k)))
            .collect();
        let last_entry = p
            .rounds
            .iter()
            .take(round as usize)
            .rposition(|e| *e != RoundEntry::NotPaired)
            .map_or(0, |i| i + 1);
        let valid = last_entry <= before || facts.iter().any(|f| f.paired);
        let my_rank = rank;
        if valid {
            rank += 1;
        }
        // The pairing score: with accelerated rounds, the virtual points of this round count.
        let score: HalfPoints =
            facts.iter().map(|f| f.points).sum::<HalfPoints>() + t.acceleration(p.id, before);
        let colors: Vec<Color> = facts.iter().filter_map(|f| f.color).collect();
        let whites = colors.iter().filter(|c| **c == Color::White).count() as i64;
        let blacks = colors.len() as i64 - whites;
        let imbalance = (whites - blacks).unsigned_abs() as u32;
        let lower = if whites > blacks {
            Color::Black
        } else {
            Color::White
        };
        let last = colors.last().copied();
        let consecutive = match last {
            Some(c) => colors.iter().rev().take_while(|x| **x == c).count(),
            None => 0,
        };
        let preference = if imbalance > 1 {
            Some(lower)
        } else if consecutive > 1 {
            last.map(Color::opposite)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            last.map(Color::opposite)
        };
        let repeated = if consecutive > 1 { last } else { None };
        let absolute = imbalance > 1 || repeated.is_some();
        let float_of = |back: usize| -> Float {
            if before < back {
                return Float::None;
            }
            let k = before - back;
            let f = &facts[k];
            if !f.played {
                return if f.points > t.points.loss {
                    Float::Down
                } else {
                    Float::None
                };
            }
            let Some(opp) = f.opponent else {
                return Float::None;
            };
            // Scores before round k (an absence already entered for the round
            // being paired does not count: the endorsed engine that made the
            // fixtures compares the scores the two players had then).
            let mine = totals[p.id as usize - 1]
                - (k..before)
                    .map(|j| round_fact(t, &entry(t, p.id, j)).points)
                    .sum::<HalfPoints>();
            let theirs = totals.get(opp as usize - 1).copied().unwrap_or(0)
                - (k..before)
                    .map(|j| round_fact(t, &entry(t, opp, j)).points)
                    .sum::<HalfPoints>();
            let (mine, theirs) = (
                mine + t.acceleration(p.id, k),
                theirs + t.acceleration(opp, k),
            );
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        };
        let mut forbidden: HashSet<PlayerId> = facts
            .iter()
            .filter(|f| f.played)
            .filter_map(|f| f.opponent)
            .collect();
        for &(a, b) in &t.forbidden {
            if a == p.id {
                forbidden.insert(b);
            } else if b == p.id {
                forbidden.insert(a);
            }
        }
        out.push(PlayerState {
            id: p.id,
            rank: my_rank,
            score,
            played_games: facts.iter().filter(|f| f.played).count() as u32,
            preference,
            imbalance,
            repeated,
            strong: !absolute && imbalance > 0,
            bye_eligible: !facts.iter().any(|f| f.unplayed_win),
            float1: float_of(1),
            float2: float_of(2),
            forbidden,
            colors,
        });
    }
    out
}
