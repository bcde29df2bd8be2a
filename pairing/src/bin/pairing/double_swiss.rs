//! `pairing --double-swiss FILE.trf -p OUT`, `pairing --double-swiss FILE.trf -c`
//! and `pairing --double-swiss -g [CONFIG] -o OUT.trf [-s SEED]`: the
//! Double-Swiss system (C.04.5, `pairing::double_swiss`), with the same
//! contracts as `--dubov`, a round being a match of two games (two TRF round
//! columns, see the module documentation).
//!
//! - `-p OUT`: pairs the next match and writes it to OUT in the `.pairs` form
//!   (White of game 1 first).
//! - `-c`: re-pairs every match paired in the file from the state before it
//!   and names each one where the recorded pairing differs, with the
//!   differing boards. Exit code 0 when all agree, 1 when some differ.
//! - `-g [CONFIG] -o OUT.trf [-s SEED]`: a random tournament paired with the
//!   Double-Swiss system (`pairing::double_swiss::generate`); `RoundsNumber`
//!   counts matches.
//!
//! Errors go to stderr with exit code 2.

use std::process::ExitCode;

use pairing::double_swiss;

use super::swiss_cli::{self, System};

const SYSTEM: System = System {
    flag: "--double-swiss",
    pair: double_swiss::pair,
    paired_rounds: double_swiss::paired_rounds,
    check_all,
    generate,
};

pub fn run(args: &[String]) -> ExitCode {
    swiss_cli::run(&SYSTEM, args)
}

fn check_all(t: &pairing::Tournament) -> ExitCode {
    swiss_cli::report_checks("Double-Swiss", &double_swiss::check_tournament(t))
}

/// `-g [CONFIG] -o OUT.trf [-s SEED]`.
fn generate(rest: &[&String]) -> ExitCode {
    swiss_cli::generate_by(&SYSTEM, rest, double_swiss::generate)
}
