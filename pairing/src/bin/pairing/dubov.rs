//! `pairing --dubov FILE.trf -p OUT`, `pairing --dubov FILE.trf -c` and
//! `pairing --dubov -g [CONFIG] -o OUT.trf [-s SEED]`: the Dubov system
//! (C.04.4.1, `pairing::dubov`), with the same contracts as `--dutch`.
//!
//! - `-p OUT`: pairs the next round and writes it to OUT in the `.pairs` form.
//! - `-c`: re-pairs every round paired in the file from the state before it
//!   and names each round where the recorded pairing differs, with the
//!   differing boards. Exit code 0 when all agree, 1 when some differ.
//! - `-g [CONFIG] -o OUT.trf [-s SEED]`: a random tournament paired with the
//!   Dubov system (`pairing::generator::generate_with`).
//!
//! Errors go to stderr with exit code 2.

use std::collections::BTreeSet;
use std::process::ExitCode;

use pairing::dubov;
use pairing::generator;

use super::swiss_cli::{self, System};

const SYSTEM: System = System {
    flag: "--dubov",
    pair: dubov::pair,
    paired_rounds: dubov::paired_rounds,
    check_all,
    generate,
};

pub fn run(args: &[String]) -> ExitCode {
    swiss_cli::run(&SYSTEM, args)
}

fn check_all(t: &pairing::Tournament) -> ExitCode {
    use std::fmt::Write as _;
    let checks = dubov::check_tournament(t);
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
                    let _ = writeln!(out, "  recorded {w}-{bl}, not in the Dubov pairing");
                }
                for (w, bl) in a.difference(&b) {
                    let _ = writeln!(out, "  the Dubov pairing has {w}-{bl}");
                }
                if p.bye != c.recorded.bye {
                    let _ = writeln!(
                        out,
                        "  bye: recorded {}, Dubov {}",
                        text(c.recorded.bye),
                        text(p.bye)
                    );
                }
            }
            Err(e) => {
                let _ = writeln!(out, "round {round}: differs ({e})");
            }
        }
    }
    if differ == 0 {
        let _ = writeln!(out, "all {rounds} rounds agree with the Dubov system");
    } else {
        let _ = writeln!(out, "{differ} of {rounds} rounds differ");
    }
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush());
    if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `-g [CONFIG] -o OUT.trf [-s SEED]`.
fn generate(rest: &[&String]) -> ExitCode {
    let mut config = None;
    let mut out = None;
    let mut seed: u64 = 1;
    let mut i = 0;
    while i < rest.len() {
        match rest[i].as_str() {
            "-g" => {
                if let Some(c) = rest.get(i + 1).filter(|c| !c.starts_with('-')) {
                    config = Some(c.to_string());
                    i += 1;
                }
            }
            "-o" => {
                let Some(o) = rest.get(i + 1) else {
                    return swiss_cli::usage(&SYSTEM);
                };
                out = Some(o.to_string());
                i += 1;
            }
            "-s" => {
                let Some(s) = rest.get(i + 1).and_then(|s| s.parse().ok()) else {
                    eprintln!("pairing --dubov: -s needs a whole number");
                    return swiss_cli::usage(&SYSTEM);
                };
                seed = s;
                i += 1;
            }
            a => {
                eprintln!("pairing --dubov: unexpected argument {a:?}");
                return swiss_cli::usage(&SYSTEM);
            }
        }
        i += 1;
    }
    let Some(out) = out else {
        return swiss_cli::usage(&SYSTEM);
    };
    let config = match config {
        None => generator::Config::from_seed(seed),
        Some(path) => {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("pairing --dubov: cannot read {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            match generator::Config::parse(&text) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("pairing --dubov: {path}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    let generated = generator::generate_with(&config, seed, generator::System::Dubov);
    match std::fs::write(&out, generated.trf) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pairing --dubov: cannot write {out}: {e}");
            ExitCode::from(2)
        }
    }
}
