//! What `pairing --dutch`, `pairing --burstein`, `pairing --dubov` and
//! `pairing --double-swiss` share: reading the
//! arguments and the file, and `-p OUT` (the next round in the `.pairs`
//! form). Each system gives its engine, its checker (`-c`) and its generator
//! (`-g`); see `dutch.rs`, `burstein.rs` and `dubov.rs` for the contracts.

use std::collections::BTreeSet;
use std::process::ExitCode;

use pairing::dutch::RoundCheck;
use pairing::generator;
use pairing::{PairError, Pairing, Tournament};

/// One Swiss system's entry points.
pub struct System {
    /// The command-line flag: `--dutch`, `--burstein`, `--dubov`.
    pub flag: &'static str,
    pub pair: fn(&Tournament, u32) -> Result<Pairing, PairError>,
    pub paired_rounds: fn(&Tournament) -> u32,
    pub check_all: fn(&Tournament) -> ExitCode,
    pub generate: fn(&[&String]) -> ExitCode,
}

pub fn usage(s: &System) -> ExitCode {
    let f = s.flag;
    eprintln!(
        "usage: pairing {f} FILE.trf -p OUT | pairing {f} FILE.trf -c | \
         pairing {f} -g [CONFIG] -o OUT.trf [-s SEED]"
    );
    ExitCode::from(2)
}

/// `pairing FLAG …`: the arguments read, the file read, then `-p`, `-c` or `-g`.
pub fn run(s: &System, args: &[String]) -> ExitCode {
    let rest: Vec<&String> = args.iter().filter(|a| *a != s.flag).collect();
    if rest.iter().any(|a| *a == "-g") {
        return (s.generate)(&rest);
    }
    let mut file = None;
    let mut out = None;
    let mut check = false;
    let mut i = 0;
    while i < rest.len() {
        match rest[i].as_str() {
            "-p" => {
                let Some(o) = rest.get(i + 1) else {
                    return usage(s);
                };
                out = Some(o.to_string());
                i += 1;
            }
            "-c" => check = true,
            a if file.is_none() && !a.starts_with('-') => file = Some(a.to_string()),
            a => {
                eprintln!("pairing {}: unexpected argument {a:?}", s.flag);
                return usage(s);
            }
        }
        i += 1;
    }
    let Some(file) = file else {
        return usage(s);
    };
    if out.is_some() == check {
        return usage(s);
    }
    let text = match std::fs::read(&file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("pairing {}: cannot read {file}: {e}", s.flag);
            return ExitCode::from(2);
        }
    };
    let t = match pairing::trf::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("pairing {}: {file}: {e}", s.flag);
            return ExitCode::from(2);
        }
    };
    let result = std::panic::catch_unwind(|| {
        if let Some(out) = out {
            pair_next(s, &t, &out)
        } else {
            (s.check_all)(&t)
        }
    });
    result.unwrap_or_else(|_| {
        eprintln!("pairing {}: internal error while pairing {file}", s.flag);
        ExitCode::from(2)
    })
}

fn pair_next(s: &System, t: &Tournament, out: &str) -> ExitCode {
    let round = (s.paired_rounds)(t) + 1;
    match (s.pair)(t, round) {
        Ok(p) => match std::fs::write(out, pairing::dutch::to_pairs_text(&p)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("pairing {}: cannot write {out}: {e}", s.flag);
                ExitCode::from(2)
            }
        },
        Err(e) => {
            eprintln!("pairing {}: {e}", s.flag);
            ExitCode::from(2)
        }
    }
}

/// `-c`: the report of a re-pairing of every round (`round N: identical` or
/// `differs` with the differing boards and bye, then the total); exit code 0
/// when every round agrees, 1 otherwise. `name`: the system's name.
pub fn report_checks(name: &str, checks: &[RoundCheck]) -> ExitCode {
    use std::fmt::Write as _;
    let rounds = checks.len();
    let mut out = String::new();
    let mut differ = 0;
    let text = |p: Option<u32>| p.map_or("none".to_string(), |x| x.to_string());
    for c in checks {
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
                    let _ = writeln!(out, "  recorded {w}-{bl}, not in the {name} pairing");
                }
                for (w, bl) in a.difference(&b) {
                    let _ = writeln!(out, "  the {name} pairing has {w}-{bl}");
                }
                if p.bye != c.recorded.bye {
                    let _ = writeln!(
                        out,
                        "  bye: recorded {}, {name} {}",
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
        let _ = writeln!(out, "all {rounds} rounds agree with the {name} system");
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

/// `-g [CONFIG] -o OUT.trf [-s SEED]`: a random tournament paired with `system`.
pub fn generate(s: &System, rest: &[&String], system: generator::System) -> ExitCode {
    generate_by(s, rest, |c, seed| generator::generate_with(c, seed, system))
}

/// [`generate`] with the system's own generator (the Double-Swiss writes two
/// columns per match).
pub fn generate_by(
    s: &System,
    rest: &[&String],
    make: impl Fn(&generator::Config, u64) -> generator::Generated,
) -> ExitCode {
    let flag = s.flag;
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
                    return usage(s);
                };
                out = Some(o.to_string());
                i += 1;
            }
            "-s" => {
                let Some(s) = rest.get(i + 1).and_then(|s| s.parse().ok()) else {
                    eprintln!("pairing {flag}: -s needs a whole number");
                    return usage(s);
                };
                seed = s;
                i += 1;
            }
            a => {
                eprintln!("pairing {flag}: unexpected argument {a:?}");
                return usage(s);
            }
        }
        i += 1;
    }
    let Some(out) = out else {
        return usage(s);
    };
    let config = match config {
        None => generator::Config::from_seed(seed),
        Some(path) => {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("pairing {flag}: cannot read {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            match generator::Config::parse(&text) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("pairing {flag}: {path}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    let generated = make(&config, seed);
    match std::fs::write(&out, generated.trf) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pairing {flag}: cannot write {out}: {e}");
            ExitCode::from(2)
        }
    }
}
