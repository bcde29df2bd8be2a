//! `pairing --dutch FILE.trf -p OUT` and `pairing --dutch FILE.trf -c`.
//!
//! - `-p OUT`: pairs the next round (the rounds with pairings, plus one) under
//!   the FIDE (Dutch) System and writes it to OUT in the `.pairs` form: the
//!   number of lines that follow, `white black` per board, `bye 0` last.
//! - `-c`: re-pairs every round already paired in the file from the state
//!   before it, and names each round (and the criteria) where the recorded
//!   pairing differs, with the criterion the recorded pairing is worse on;
//!   and, when the file has a tie-break list (`212`/`202`) and ranks, checks
//!   the final ranking (see `standings --check`). Exit code 0 when all
//!   agree, 1 when some differ.
//!
//! - `-g [CONFIG] -o OUT.trf [-s SEED]`: generates a random tournament (see
//!   `pairing::generator`: settings from CONFIG, `key = value` lines, or all
//!   drawn from the seed; default seed 1) and writes it as TRF to OUT.
//!
//! Errors go to stderr with exit code 2.

use std::collections::BTreeSet;
use std::process::ExitCode;

use pairing::dutch;

use super::swiss_cli::{self, System};

const SYSTEM: System = System {
    flag: "--dutch",
    pair: dutch::pair,
    paired_rounds: dutch::paired_rounds,
    check_all,
    generate,
};

pub fn run(args: &[String]) -> ExitCode {
    swiss_cli::run(&SYSTEM, args)
}

fn check_all(t: &pairing::Tournament) -> ExitCode {
    use std::fmt::Write as _;
    let checks = dutch::check_tournament(t);
    let rounds = checks.len();
    let mut out = String::new();
    let mut differ = 0;
    let text = |p: Option<u32>| p.map_or("none".to_string(), |x| x.to_string());
    for c in &checks {
        let round = c.round;
        if c.identical() {
            let _ = writeln!(out, "round {round}: identical");
            continue;
        }
        differ += 1;
        match &c.engine {
            Ok(p) => {
                let _ = writeln!(out, "round {round}: differs");
                let a: BTreeSet<(u32, u32)> = p.boards.iter().copied().collect();
                let b: BTreeSet<(u32, u32)> = c.recorded.boards.iter().copied().collect();
                for (w, bl) in b.difference(&a) {
                    let _ = writeln!(out, "  recorded {w}-{bl}, not in the FIDE (Dutch) pairing");
                }
                for (w, bl) in a.difference(&b) {
                    let _ = writeln!(out, "  the FIDE (Dutch) pairing has {w}-{bl}");
                }
                if p.bye != c.recorded.bye {
                    let _ = writeln!(
                        out,
                        "  bye: recorded {}, FIDE (Dutch) {}",
                        text(c.recorded.bye),
                        text(p.bye)
                    );
                }
            }
            Err(e) => {
                let _ = writeln!(out, "round {round}: differs ({e})");
            }
        }
        for v in &c.violations {
            let _ = writeln!(
                out,
                "  {}: {} (players {:?})",
                v.criterion, v.message, v.players
            );
        }
    }
    if differ == 0 {
        let _ = writeln!(
            out,
            "all {rounds} rounds agree with the FIDE (Dutch) System"
        );
    } else {
        let _ = writeln!(out, "{differ} of {rounds} rounds differ");
    }
    // The final ranking, when the file gives a tie-break list (TRF-2026
    // `212`/`202`) and the ranks (C.07).
    let mut ranking_differs = false;
    if let Some(Ok(order)) = pairing::tiebreak::order_in_file(t) {
        if t.players.iter().all(|p| p.recorded_rank.is_some()) {
            let edition = t.details.start_date.as_deref().map_or_else(
                pairing::tiebreak::Edition::default,
                pairing::tiebreak::Edition::in_force_on,
            );
            let list: Vec<String> = order.iter().map(ToString::to_string).collect();
            let found = pairing::standings::check_ranking(t, &order, edition);
            if found.is_empty() {
                let _ = writeln!(out, "ranking: agrees with {}", list.join(","));
            } else {
                ranking_differs = true;
                let _ = writeln!(out, "ranking: differs from {}", list.join(","));
                for d in &found {
                    let _ = writeln!(out, "  {}: {}", d.criterion, d.message);
                }
            }
        }
    }
    emit(&out);
    if differ == 0 && !ranking_differs {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Writes to standard output; a reader that went away (`| head`) ends the
/// output quietly.
fn emit(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// `-g [CONFIG] -o OUT.trf [-s SEED]`.
fn generate(rest: &[&String]) -> ExitCode {
    swiss_cli::generate(&SYSTEM, rest, pairing::generator::System::Dutch)
}
