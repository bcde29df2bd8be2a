//! `pairing --lim FILE.trf -p OUT`, `pairing --lim FILE.trf -c` and
//! `pairing --lim -g [CONFIG] -o OUT.trf [-s SEED]`: the Lim system
//! (C.04.4.3, `pairing::lim`), with the same contracts as `--dutch`.
//!
//! - `-p OUT`: pairs the next round and writes it to OUT in the `.pairs` form.
//! - `-c`: re-pairs every round paired in the file from the state before it
//!   and names each round where the recorded pairing differs, with the
//!   differing boards. Exit code 0 when all agree, 1 when some differ.
//! - `-g [CONFIG] -o OUT.trf [-s SEED]`: a random tournament paired with the
//!   Lim system (`pairing::generator::generate_with`).
//!
//! Errors go to stderr with exit code 2.

use std::process::ExitCode;

use pairing::generator;
use pairing::lim;

use super::swiss_cli::{self, System};

const SYSTEM: System = System {
    flag: "--lim",
    pair: lim::pair,
    paired_rounds: lim::paired_rounds,
    check_all,
    generate,
};

pub fn run(args: &[String]) -> ExitCode {
    swiss_cli::run(&SYSTEM, args)
}

fn check_all(t: &pairing::Tournament) -> ExitCode {
    swiss_cli::report_checks("Lim", &lim::check_tournament(t))
}

/// `-g [CONFIG] -o OUT.trf [-s SEED]`.
fn generate(rest: &[&String]) -> ExitCode {
    swiss_cli::generate(&SYSTEM, rest, generator::System::Lim)
}
