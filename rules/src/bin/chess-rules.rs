//! `chess-rules`: command-line access to the rules core.
//!
//! ```text
//! chess-rules perft [--chess960] FEN DEPTH
//! chess-rules read-move --lang LANG        (stdin: FEN<TAB>TEXT lines)
//! chess-rules can-mate                     (stdin: FEN<TAB>SIDE lines)
//! chess-rules validate [--lang LANG] [--laws 2005|2009|2018|2023] FILE.pgn
//! ```
//!
//! `validate` without `--laws` numbers articles as the 2009 Laws and reports
//! fivefold repetition and 75 moves as remarks. With `--laws 2018` or
//! `--laws 2023` the game ends at the first automatic draw (9.6.1, 9.6.2,
//! 5.2.2; `ending` is then `fivefold`, `seventyfive` or `dead`) and each line
//! carries `"laws":"2023"`; see `rules::validate::validate_game_under`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage:\n  chess-rules perft [--chess960] FEN DEPTH\n  chess-rules read-move --lang LANG\n  chess-rules can-mate\n  chess-rules validate [--lang LANG] [--laws 2005|2009|2018|2023] FILE.pgn\n\n  --laws: the edition of the FIDE Laws to validate under (default: as the 2009 Laws,\n          fivefold repetition and 75 moves only remarked); under 2018 and 2023 the\n          game ends at the first automatic draw (9.6.1, 9.6.2, 5.2.2)"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("read-move") => cmd_read_move(&args[1..]),
        Some("can-mate") => cmd_can_mate(),
        Some("validate") => cmd_validate(&args[1..]),
        _ => usage(),
    }
}

fn cmd_perft(args: &[String]) -> ExitCode {
    // Every FEN is read Chess960-aware; the flag is accepted for compatibility.
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--chess960").collect();
    let (fen, depth) = match rest.as_slice() {
        [fen, depth] => (fen.as_str(), depth.as_str()),
        _ => return usage(),
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("chess-rules: DEPTH must be a whole number");
        return ExitCode::from(2);
    };
    let pos = match rules::Position::from_fen_lenient(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("chess-rules: {e}");
            return ExitCode::from(1);
        }
    };
    let start = std::time::Instant::now();
    let n = rules::perft::perft(&pos, depth);
    let out = io::stdout();
    let mut out = out.lock();
    let _ = writeln!(out, "{n}");
    let _ = writeln!(out, "time {:.3}s", start.elapsed().as_secs_f64());
    let _ = out.flush();
    ExitCode::SUCCESS
}

fn lang_arg(args: &[String]) -> Result<rules::san::LetterSet, ExitCode> {
    let mut code = "en".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--lang" {
            code = it.next().cloned().unwrap_or_default();
        } else if let Some(v) = a.strip_prefix("--lang=") {
            code = v.to_string();
        }
    }
    rules::san::LetterSet::from_code(&code).ok_or_else(|| {
        eprintln!(
            "chess-rules: unknown language {code:?}; use one of: {}",
            rules::san::LetterSet::codes().collect::<Vec<_>>().join(" ")
        );
        ExitCode::from(2)
    })
}

fn cmd_read_move(args: &[String]) -> ExitCode {
    let letters = match lang_arg(args) {
        Ok(l) => l,
        Err(code) => return code,
    };
    each_stdin_line(|line| rules::san::verdict_line(line, letters))
}

/// Answers every stdin line with one stdout line.
fn each_stdin_line(mut answer: impl FnMut(&str) -> String) -> ExitCode {
    let stdin = io::stdin();
    let out = io::stdout();
    let mut out = out.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim_end_matches(['\r', '\n']);
        if writeln!(out, "{}", answer(line)).is_err() {
            return ExitCode::from(1);
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

fn cmd_can_mate() -> ExitCode {
    each_stdin_line(can_mate_line)
}

/// `FEN<TAB>SIDE` → `yes<TAB>UCI…`, `no` or `unknown` (unreadable input: `unknown`).
fn can_mate_line(line: &str) -> String {
    let Some((fen, side)) = line.rsplit_once('\t') else {
        return "unknown".to_string();
    };
    let color = match side.trim() {
        "w" | "W" | "white" => rules::Color::White,
        "b" | "B" | "black" => rules::Color::Black,
        _ => return "unknown".to_string(),
    };
    let Ok(pos) = rules::Position::from_fen_lenient(fen) else {
        return "unknown".to_string();
    };
    match rules::can_mate(&pos, color) {
        rules::CanMate::Yes(line) => {
            let mut p = pos.clone();
            let mut ucis = Vec::new();
            for m in line {
                ucis.push(rules::uci::move_to_uci(&p, m));
                p.play_unchecked(m);
            }
            format!("yes\t{}", ucis.join(" "))
        }
        rules::CanMate::No => "no".to_string(),
        rules::CanMate::Unknown => "unknown".to_string(),
    }
}

fn cmd_validate(args: &[String]) -> ExitCode {
    let letters = match lang_arg(args) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut file = None;
    let mut laws: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--lang" {
            it.next();
        } else if a == "--laws" {
            laws = Some(it.next().cloned().unwrap_or_default());
        } else if let Some(v) = a.strip_prefix("--laws=") {
            laws = Some(v.to_string());
        } else if !a.starts_with("--") {
            file = Some(a.clone());
        }
    }
    let edition = match laws.as_deref().map(str::parse::<rules::laws::Edition>) {
        None => None,
        Some(Ok(e)) => Some(e),
        Some(Err(e)) => {
            eprintln!("chess-rules: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(file) = file else {
        return usage();
    };
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("chess-rules: cannot read {file}: {e}");
            return ExitCode::from(1);
        }
    };
    let text = rules::pgn::decode(&bytes);
    let out = io::stdout();
    let mut out = out.lock();
    for (index, game) in rules::pgn::read_games(&text).into_iter().enumerate() {
        let line = match game {
            Ok(g) => match edition {
                None => rules::validate::validate_pgn_game(&g, letters).to_json(index),
                Some(e) => rules::validate::validate_pgn_game_under(&g, letters, e).to_json(index),
            },
            Err(e) => format!(
                "{{\"index\":{index},\"plies\":0,\"final_fen\":\"\",\"ending\":\"none\",\"error\":{{\"ply\":0,\"text\":\"\",\"kind\":\"syntax\"}},\"result\":null,\"result_consistent\":false,\"notes\":[{}]}}",
                rules::validate::json_string(&e.to_string())
            ),
        };
        let line = match edition {
            Some(e) => with_laws(line, e),
            None => line,
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(1);
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

/// Adds `"laws":"2023"` after the index of a validation line.
fn with_laws(line: String, edition: rules::laws::Edition) -> String {
    match line.find(",\"plies\"") {
        Some(at) => format!("{},\"laws\":\"{edition}\"{}", &line[..at], &line[at..]),
        None => line,
    }
}
