//! What `pairing --dutch`, `pairing --burstein` and `pairing --dubov` share: reading the
//! arguments and the file, and `-p OUT` (the next round in the `.pairs`
//! form). Each system gives its engine, its checker (`-c`) and its generator
//! (`-g`); see `dutch.rs`, `burstein.rs` and `dubov.rs` for the contracts.

use std::process::ExitCode;

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
