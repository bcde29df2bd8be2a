//! `pairing` command-line tool.
//!
//! - `pairing --dutch FILE.trf -p OUT` / `pairing --dutch FILE.trf -c` (see `dutch.rs`)
//! - `pairing --burstein FILE.trf -p OUT` / `-c` / `-g [CONFIG] -o OUT.trf [-s SEED]` (see `burstein.rs`)
//! - `pairing --lim FILE.trf -p OUT` / `-c` / `-g [CONFIG] -o OUT.trf [-s SEED]` (see `lim.rs`)
//! - `pairing --dubov FILE.trf -p OUT` / `-c` / `-g [CONFIG] -o OUT.trf [-s SEED]` (see `dubov.rs`)
//! - `pairing --double-swiss FILE.trf -p OUT` / `-c` / `-g [CONFIG] -o OUT.trf [-s SEED]` (see `double_swiss.rs`)
//! - `pairing --round-robin FILE.trf -p OUT`
//! - `pairing standings FILE.trf --tiebreaks PTS,BH/C1,SB,… [--edition 2026|2024] [--json]`
//! - `pairing standings FILE.trf --check`: the recorded ranks against the
//!   tie-break list (TRF-2026 `212`/`202`, or `--tiebreaks`)
//! - `pairing team FILE.trf [--standings [--tiebreaks MP,BH:MP,EMGSB,…]]`
//!   (see `team.rs`)
//! - `pairing --team FILE.trf -c` / `pairing --team -g [CONFIG] -o OUT.trf [-s SEED]`
//!   (see `team.rs`)
//! - `pairing norms FILE.trf [--json] [--forecast] …` / `pairing ratings FILE.trf
//!   [--json] …` (see `norms.rs`)

mod burstein;
mod double_swiss;
mod dubov;
mod dutch;
mod lim;
mod norms;
mod swiss_cli;
mod team;

use std::process::ExitCode;

use pairing::tiebreak::{self, Edition, TieBreak, TieBreakValue};
use pairing::{berger, standings, trf, Pairing, Tournament};

const USAGE: &str = "usage: pairing --dutch FILE.trf (-p OUT | -c) | pairing --round-robin FILE.trf -p OUT | pairing standings FILE.trf [--tiebreaks LIST] [--edition 2026|2024] [--json | --check] | pairing --dutch -g [CONFIG] -o OUT.trf [-s SEED] | pairing --burstein FILE.trf (-p OUT | -c) | pairing --burstein -g [CONFIG] -o OUT.trf [-s SEED] | pairing --dubov FILE.trf (-p OUT | -c) | pairing --dubov -g [CONFIG] -o OUT.trf [-s SEED] | pairing team FILE.trf [--standings [--tiebreaks LIST]] | pairing --team FILE.trf -c | pairing --team -g [CONFIG] -o OUT.trf [-s SEED] | pairing norms FILE.trf [--json] [--all] [--forecast] [--event-kind KIND] [--host FED] [--computers IDS] [--outside-fide IDS] | pairing ratings FILE.trf [--json] [--edition 2022|2024|2025] [--k ID=K,...] | pairing --lim FILE.trf (-p OUT | -c) | pairing --lim -g [CONFIG] -o OUT.trf [-s SEED] | pairing --double-swiss FILE.trf (-p OUT | -c) | pairing --double-swiss -g [CONFIG] -o OUT.trf [-s SEED]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--burstein") {
        return burstein::run(&args);
    }
    if args.iter().any(|a| a == "--lim") {
        return lim::run(&args);
    }
    if args.iter().any(|a| a == "--double-swiss") {
        return double_swiss::run(&args);
    }
    if args.iter().any(|a| a == "--dubov") {
        return dubov::run(&args);
    }
    if args.iter().any(|a| a == "--dutch") {
        return dutch::run(&args);
    }
    if args.iter().any(|a| a == "--team") {
        return team::run_flag(&args);
    }
    let outcome = if args.iter().any(|a| a == "--round-robin") {
        round_robin(&args)
    } else if args.first().map(String::as_str) == Some("standings") {
        standings_command(&args[1..])
    } else if args.first().map(String::as_str) == Some("team") {
        team::run(&args[1..])
    } else if args.first().map(String::as_str) == Some("norms") {
        norms::run(&args[1..])
    } else if args.first().map(String::as_str) == Some("ratings") {
        norms::run_ratings(&args[1..])
    } else {
        Err(Failure::Usage(String::new()))
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            if !message.is_empty() {
                eprintln!("pairing: {message}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Error(message)) => {
            eprintln!("pairing: {message}");
            ExitCode::from(1)
        }
    }
}

enum Failure {
    /// Wrong arguments: the message, then the usage line.
    Usage(String),
    /// The input could not be used.
    Error(String),
}

/// The value after `flag` (`--flag VALUE` or `--flag=VALUE`).
fn option<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a str>, Failure> {
    for (i, a) in args.iter().enumerate() {
        if a == flag {
            return match args.get(i + 1) {
                Some(v) => Ok(Some(v.as_str())),
                None => Err(Failure::Usage(format!("{flag} needs a value"))),
            };
        }
        if let Some(v) = a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
            return Ok(Some(v));
        }
    }
    Ok(None)
}

fn read_tournament(path: &str) -> Result<Tournament, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| Failure::Error(format!("cannot read {path}: {e}")))?;
    // TRF files from older programs may be Latin-1: keep what can be read.
    let text = String::from_utf8_lossy(&bytes);
    trf::parse(&text).map_err(|e| Failure::Error(format!("{path}: {e}")))
}

/// `pairing --round-robin FILE.trf -p OUT`: pairs the next round by the Berger
/// tables and writes it in the engines' `.pairs` form.
fn round_robin(args: &[String]) -> Result<(), Failure> {
    let file = option(args, "--round-robin")?
        .ok_or_else(|| Failure::Usage("--round-robin needs a TRF file".into()))?;
    let t = read_tournament(file)?;
    let round = berger::next_round(&t);
    let pairing =
        berger::pair_round(&t, round).map_err(|e| Failure::Error(format!("{file}: {e}")))?;
    let text = pairs_text(&pairing);
    match option(args, "-p")? {
        Some(out) => std::fs::write(out, text)
            .map_err(|e| Failure::Error(format!("cannot write {out}: {e}"))),
        None => emit(&text),
    }
}

/// Writes to standard output; a reader that went away (`| head`) is no error.
fn emit(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::Error(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}

/// The endorsed engines' output: the number of lines, one `W B` line per board,
/// `P 0` for the player without an opponent.
fn pairs_text(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.boards {
        s.push_str(&format!("{w} {b}\n"));
    }
    if let Some(bye) = p.bye {
        s.push_str(&format!("{bye} 0\n"));
    }
    s
}

fn standings_command(args: &[String]) -> Result<(), Failure> {
    let file = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or_else(|| Failure::Usage("standings needs a TRF file".into()))?;
    let t = read_tournament(file)?;
    let order: Vec<TieBreak> = match option(args, "--tiebreaks")? {
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| c.parse::<TieBreak>())
            .collect::<Result<_, _>>()
            .map_err(|e| Failure::Usage(e.to_string()))?,
        // The order recorded in the file (TRF-2026 `212`/`202`), else points only.
        None => match tiebreak::order_in_file(&t) {
            Some(order) => order.map_err(|e| Failure::Error(format!("{file}: {e}")))?,
            None => vec![TieBreak::Points],
        },
    };
    // The edition asked for, else the one in force when the event started.
    let edition: Edition = match option(args, "--edition")? {
        Some(e) => e
            .parse()
            .map_err(|e: tiebreak::TieBreakError| Failure::Usage(e.to_string()))?,
        None => t
            .details
            .start_date
            .as_deref()
            .map_or_else(Edition::default, Edition::in_force_on),
    };
    if args.iter().any(|a| a == "--check") {
        return check_ranking(&t, &order, edition);
    }
    let rows = standings::compute(&t, &order, edition);
    if args.iter().any(|a| a == "--json") {
        emit(&format!("{}\n", json(&rows, &order)))
    } else {
        emit(&table(&t, &rows, &order))
    }
}

/// `standings FILE --check`: the recorded final ranking against the
/// tie-break list; exit status 0 when it agrees, 1 with the discrepancies.
fn check_ranking(t: &Tournament, order: &[TieBreak], edition: Edition) -> Result<(), Failure> {
    let list: Vec<String> = order.iter().map(ToString::to_string).collect();
    let found = standings::check_ranking(t, order, edition);
    if found.is_empty() {
        return emit(&format!(
            "the recorded ranking agrees with {}\n",
            list.join(",")
        ));
    }
    let mut text = String::new();
    for d in &found {
        text.push_str(&format!("{}: {}\n", d.criterion, d.message));
    }
    emit(&text)?;
    Err(Failure::Error(format!(
        "the recorded ranking differs from {} in {} place(s)",
        list.join(","),
        found.len()
    )))
}

fn json_value(v: Option<TieBreakValue>) -> String {
    match v {
        None => "null".to_string(),
        Some(v) if v.is_integer() => v.numerator.to_string(),
        Some(v) => serde_json::Number::from_f64(v.as_f64())
            .map_or_else(|| "null".to_string(), |n| n.to_string()),
    }
}

/// `[{"sno": 1, "rank": 2, "values": {"PTS": 5.5, "BH/C1": 36.5}}, …]`, values
/// in the order asked for.
fn json(rows: &[standings::StandingRow], order: &[TieBreak]) -> String {
    let mut out = String::from("[\n");
    for (i, row) in rows.iter().enumerate() {
        let values: Vec<String> = order
            .iter()
            .zip(&row.values)
            .map(|(tb, v)| {
                format!(
                    "{}: {}",
                    serde_json::Value::String(tb.to_string()),
                    json_value(*v)
                )
            })
            .collect();
        out.push_str(&format!(
            " {{\"sno\": {}, \"rank\": {}, \"values\": {{{}}}}}{}\n",
            row.id,
            row.rank,
            values.join(", "),
            if i + 1 < rows.len() { "," } else { "" }
        ));
    }
    out.push(']');
    out
}

fn table(t: &Tournament, rows: &[standings::StandingRow], order: &[TieBreak]) -> String {
    let codes: Vec<String> = order.iter().map(ToString::to_string).collect();
    let widths: Vec<usize> = codes.iter().map(|c| c.len().max(6)).collect();
    let name_width = t
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 33);
    let mut s = format!(
        "{:>4} {:>4}  {:<name_width$} {:>5}",
        "Rank", "SNo", "Name", "Pts"
    );
    for (code, w) in codes.iter().zip(&widths) {
        s.push_str(&format!(" {code:>w$}"));
    }
    s.push_str(&format!(" {:>5} {:>4}\n", "Perf", "ΔR"));
    for row in rows {
        let name: String = t
            .player(row.id)
            .map(|p| p.name.chars().take(33).collect())
            .unwrap_or_default();
        s.push_str(&format!(
            "{:>4} {:>4}  {:<name_width$} {:>5}",
            row.rank,
            row.id,
            name,
            trf::format_points(row.points)
        ));
        for (v, w) in row.values.iter().zip(&widths) {
            let text = v.map_or_else(|| "-".to_string(), |v| v.to_string());
            s.push_str(&format!(" {text:>w$}"));
        }
        let perf = row.performance.map_or("-".to_string(), |p| p.to_string());
        let change = row
            .rating_change
            .map_or("-".to_string(), |c| format!("{c:+}"));
        s.push_str(&format!(" {perf:>5} {change:>4}\n"));
    }
    s
}
