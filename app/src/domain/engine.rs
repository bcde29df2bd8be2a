//! The calls into the `pairing` crate (the same library functions its CLI uses):
//! FIDE Dutch, Burstein, Dubov, Lim or Double-Swiss for a Swiss, Berger tables for a round robin, the
//! pairing checker, and standings with tie-breaks.

use super::kinds::PairingSystem;
use super::{DomainError, DomainResult, Msg};
use pairing::dutch::Finding;
use pairing::tiebreak::TieBreak;
use pairing::{Pairing, Tournament, TournamentKind};
use serde::Serialize;
use utoipa::ToSchema;

/// Pairs `round`. For the Double-Swiss that is a match's first game (an odd
/// round): the crate pairs match (`round` + 1) / 2 and gives game 1's colours;
/// the second game is written from the first (`rounds::write_pairing`).
pub fn pair(t: &Tournament, system: PairingSystem, round: u32) -> DomainResult<Pairing> {
    if system.is_double_swiss() && round.is_multiple_of(2) {
        // the second game: nothing for the engine to decide
        return Ok(Pairing::default());
    }
    let result = match (t.kind, system) {
        (TournamentKind::Swiss, PairingSystem::DoubleSwiss) => {
            pairing::double_swiss::pair(t, round.div_ceil(2))
        }
        (TournamentKind::Swiss, PairingSystem::Burstein) => pairing::burstein::pair(t, round),
        (TournamentKind::Swiss, PairingSystem::Lim) => pairing::lim::pair(t, round),
        (TournamentKind::Swiss, PairingSystem::Dubov) => pairing::dubov::pair(t, round),
        (TournamentKind::Swiss, _) => pairing::dutch::pair(t, round),
        (TournamentKind::RoundRobin { .. }, _) => pairing::berger::pair_round(t, round),
    };
    result.map_err(|e| DomainError::Pairing(super::library::pair_error(&e)))
}

/// A pairing criterion that a (hand-edited) pairing breaks.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ViolationView {
    /// The criterion's id in C.04.3 (`C1` no rematch, `C3` colours, …), or
    /// for the other systems the Handbook section whose pairing it is not
    /// (`C.04.4.2` Burstein, `C.04.4.1` Dubov, `C.04.4.3` Lim, `C.04.5`
    /// Double-Swiss, `C.05` Berger tables).
    pub criterion: String,
    pub description: String,
    /// The description as a message the pages translate (when there is one).
    #[serde(skip)]
    pub message: Option<Msg>,
}

/// What a hand-edited pairing breaks: the Dutch criteria for the Dutch
/// system; for the other systems, which have no such list here, whether it
/// is the pairing the system itself gives (and if not, the system's boards).
pub fn check(t: &Tournament, system: PairingSystem, round: u32, p: &Pairing) -> Vec<ViolationView> {
    // Players by name and pairing number (the number alone is not on the screen).
    let who = |n: u32| match n.checked_sub(1).and_then(|i| t.players.get(i as usize)) {
        Some(p) if !p.name.is_empty() => format!("{} ({n})", p.name),
        _ => n.to_string(),
    };
    if matches!(t.kind, TournamentKind::Swiss) && system == PairingSystem::Swiss {
        return pairing::dutch::check_pairing(t, round, p)
            .into_iter()
            .map(|v| {
                let m = dutch_message(&v.criterion, &v.finding, round, &who);
                ViolationView {
                    criterion: v.criterion,
                    description: m.to_string(),
                    message: Some(m),
                }
            })
            .collect();
    }
    // A system that cannot pair the round has nothing to compare with.
    let Ok(own) = pair(t, system, round) else {
        return vec![];
    };
    if own == *p {
        return vec![];
    }
    let boards: Vec<String> = own
        .boards
        .iter()
        .enumerate()
        .map(|(i, &(w, b))| format!("{}. {} – {}", i + 1, who(w), who(b)))
        .collect();
    let section = match (t.kind, system) {
        (TournamentKind::RoundRobin { .. }, _) => "C.05",
        (_, PairingSystem::Dubov) => "C.04.4.1",
        (_, PairingSystem::Burstein) => "C.04.4.2",
        (_, PairingSystem::Lim) => "C.04.4.3",
        (_, PairingSystem::DoubleSwiss) => "C.04.5",
        _ => "C.04.3",
    };
    let m = match own.bye {
        None => msg!(
            "not the pairing of the tournament's system ({}), which is: {}",
            section,
            boards.join(", ")
        ),
        Some(bye) => msg!(
            "not the pairing of the tournament's system ({}), which is: {}; the pairing-allocated bye: {}",
            section,
            boards.join(", "),
            who(bye)
        ),
    };
    vec![ViolationView {
        criterion: section.to_string(),
        description: m.to_string(),
        message: Some(m),
    }]
}

/// A Dutch violation in words the pages translate, players by name and
/// number (`who`).
fn dutch_message(criterion: &str, f: &Finding, round: u32, who: &dyn Fn(u32) -> String) -> Msg {
    match f {
        Finding::Uncheckable => msg!(
            "round {} cannot be checked: invalid round or pairing numbers",
            round
        ),
        Finding::NotAPlayer(n) => msg!("{} is not a player of the tournament", n),
        Finding::NotTakingPart(n) => {
            msg!("{} does not take part in round {} but is paired", who(*n), round)
        }
        Finding::PairedTwice(n) => msg!("{} is paired more than once", who(*n)),
        Finding::NotPaired(n) => msg!("{} takes part but is not paired", who(*n)),
        Finding::ByeWithEvenField => msg!(
            "an even number of players is paired, so there is no pairing-allocated bye"
        ),
        Finding::NoByeWithOddField => msg!(
            "an odd number of players is paired but nobody has the pairing-allocated bye"
        ),
        Finding::AgainstThemselves(n) => msg!("{} is paired against themselves", who(*n)),
        Finding::Rematch(a, b) => msg!("{} and {} have already played each other", who(*a), who(*b)),
        Finding::ForbiddenPair(a, b) => msg!("{} and {} are a forbidden pair", who(*a), who(*b)),
        Finding::ColourDifference(n, d) => msg!(
            "{} would have a colour difference of {}",
            who(*n),
            format!("{d:+}")
        ),
        Finding::SameColourThrice(n) => msg!(
            "{} would have the same colour three times in a row",
            who(*n)
        ),
        Finding::ByeNotAllowed(n) => msg!(
            "{} already had a pairing-allocated bye or a win without playing and cannot receive the bye",
            who(*n)
        ),
        Finding::Colours { board, due } => msg!(
            "board {} – {}: the colours are {} – {} by art. 5.2",
            who(board.0),
            who(board.1),
            who(due.0),
            who(due.1)
        ),
        Finding::ByeScore { given, due } => msg!(
            "the pairing-allocated bye should go to a player with a lower score ({} rather than {})",
            who(*due),
            who(*given)
        ),
        Finding::BetterIn(c) => msg!(
            "the edited pairing is better in {} than the FIDE (Dutch) pairing of the engine",
            c
        ),
        Finding::WorseIn => worse_in(criterion),
    }
}

/// What each quality criterion asks (C.04.3 art. 2.3–2.5), where the
/// edited pairing is worse than the engine's.
fn worse_in(criterion: &str) -> Msg {
    match criterion {
        "C6" => msg!("fewer players should float down from this bracket (more pairs in it)"),
        "C7" => msg!("the score differences between opponents in this bracket should be smaller (pair the higher moved-down players)"),
        "C8" => msg!("the downfloaters should be chosen so that the next bracket can make more pairs"),
        "C9" => msg!("the pairing-allocated bye should go to a player with fewer unplayed games"),
        "C10" => msg!("a top scorer (or opponent) gets a colour difference beyond ±2"),
        "C11" => msg!("a top scorer (or opponent) gets the same colour three times in a row"),
        "C12" => msg!("more players than necessary do not get their colour preference"),
        "C13" => msg!("more players than necessary do not get their strong colour preference"),
        "C14" => msg!("more players than necessary float down again after a downfloat in the previous round"),
        "C15" => msg!("more players than necessary float up again after an upfloat in the previous round"),
        "C16" => msg!("more players than necessary float down again after a downfloat two rounds before"),
        "C17" => msg!("more players than necessary float up again after an upfloat two rounds before"),
        "C18" => msg!("the score differences of players floating down again after a downfloat in the previous round should be smaller"),
        "C19" => msg!("the score differences of players floating up again after an upfloat in the previous round should be smaller"),
        "C20" => msg!("the score differences of players floating down again after a downfloat two rounds before should be smaller"),
        "C21" => msg!("the score differences of players floating up again after an upfloat two rounds before should be smaller"),
        _ => msg!("as good as the FIDE (Dutch) pairing in C1–C21, but not the first in the order of exchanges and transpositions (art. 3)"),
    }
}

pub struct EngineRow {
    pub start_no: u32,
    pub rank: u32,
    pub points: i32,
    pub values: Vec<Option<f64>>,
    pub performance: Option<i32>,
}

pub fn standings(t: &Tournament, codes: &[String]) -> DomainResult<Vec<EngineRow>> {
    let order: Vec<TieBreak> = codes
        .iter()
        .map(|c| c.parse::<TieBreak>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            DomainError::invalid(
                "tiebreaks",
                msg!("the tie-break order holds an unknown code"),
            )
        })?;
    let rows = pairing::standings::compute(t, &order, pairing::tiebreak::Edition::default());
    Ok(rows
        .into_iter()
        .map(|r| EngineRow {
            start_no: r.id,
            rank: r.rank,
            points: r.points,
            values: r.values.iter().map(|v| v.map(|v| v.as_f64())).collect(),
            performance: r.performance,
        })
        .collect())
}
