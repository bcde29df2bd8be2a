//! `pairing --dutch FILE.trf -p OUT` and `pairing --dutch FILE.trf -c`.

use std::process::ExitCode;

pub fn run(_args: &[String]) -> ExitCode {
    eprintln!("pairing --dutch: the Dutch engine is not built yet");
    ExitCode::from(2)
}
