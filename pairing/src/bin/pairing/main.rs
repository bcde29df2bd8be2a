//! `pairing` command-line tool.
//!
//! - `pairing --dutch FILE.trf -p OUT` / `pairing --dutch FILE.trf -c` (see `dutch.rs`)
//! - `pairing --round-robin FILE.trf -p OUT`
//! - `pairing standings FILE.trf --tiebreaks PTS,BH/C1,SB,… [--edition 2026|2024] [--json]`

mod dutch;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--dutch") {
        return dutch::run(&args);
    }
    eprintln!("usage: pairing --dutch FILE.trf (-p OUT | -c) | pairing --round-robin FILE.trf -p OUT | pairing standings FILE.trf --tiebreaks LIST [--edition 2026|2024] [--json]");
    ExitCode::from(2)
}
