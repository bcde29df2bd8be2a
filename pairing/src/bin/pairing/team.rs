//! `pairing team FILE.trf [--standings [--tiebreaks LIST]]`: for a team
//! tournament in TRF with team records (`pairing::team::trf`), the next
//! round's pairing, or the team standings.
//!
//! `pairing --team FILE.trf -c` (the team pairing checker) and
//! `pairing --team -g [CONFIG] -o OUT.trf [-s SEED]` (the random team event
//! generator): see [`run_flag`].

use pairing::team::tiebreak::{team_standings, TeamTieBreak};
use pairing::team::{self, TeamTournament};
use pairing::trf::format_points;

use super::{emit, option, Failure};

pub fn run(args: &[String]) -> Result<(), Failure> {
    let file = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or_else(|| Failure::Usage("team needs a TRF file".into()))?;
    let bytes =
        std::fs::read(file).map_err(|e| Failure::Error(format!("cannot read {file}: {e}")))?;
    let t = team::trf::parse(&String::from_utf8_lossy(&bytes))
        .map_err(|e| Failure::Error(format!("{file}: {e}")))?;
    if args.iter().any(|a| a == "--standings") {
        let order: Vec<TeamTieBreak> = option(args, "--tiebreaks")?
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|e: pairing::tiebreak::TieBreakError| Failure::Usage(e.to_string()))?;
        return emit(&standings(&t, &order));
    }
    let round = team::pair_next_round(&t).map_err(|e| Failure::Error(e.to_string()))?;
    let name = |id: u32| t.team(id).map_or(String::new(), |x| x.name.clone());
    let mut out = format!("Round {}\n", team::next_round(&t));
    for (k, m) in round.matches.iter().enumerate() {
        out.push_str(&format!(
            "{:>3}. {} – {}\n",
            k + 1,
            name(m.home),
            name(m.away)
        ));
    }
    if let Some(b) = round.bye {
        out.push_str(&format!("bye: {}\n", name(b)));
    }
    emit(&out)
}

fn standings(t: &TeamTournament, order: &[TeamTieBreak]) -> String {
    let mut out = String::from("Rank Team                             MP    GP");
    for tb in order {
        out.push_str(&format!(" {:>8}", tb.to_string()));
    }
    out.push('\n');
    for row in team_standings(t, order) {
        let name = t.team(row.team).map_or("", |x| x.name.as_str());
        out.push_str(&format!(
            "{:>4} {:<30} {:>4} {:>5}",
            row.rank,
            name,
            row.match_points,
            format_points(row.game_points)
        ));
        for v in &row.values {
            out.push_str(&format!(
                " {:>8}",
                v.map(|v| v.to_string()).unwrap_or_default()
            ));
        }
        out.push('\n');
    }
    out
}

/// `pairing --team FILE.trf -c` and `pairing --team -g [CONFIG] -o OUT.trf
/// [-s SEED]`: the team pairing checker (`pairing::team::check`; also the
/// standings the `310` records state, when they give every team's rank) and
/// the random team event generator (`pairing::team::generator`), as
/// `pairing --dutch -c` / `-g` are for individuals. Exit code 0 when every
/// round agrees (or the file was written), 1 when something differs, 2 on
/// errors.
pub fn run_flag(args: &[String]) -> std::process::ExitCode {
    use std::process::ExitCode;
    let usage = || {
        eprintln!(
            "usage: pairing --team FILE.trf -c | pairing --team -g [CONFIG] -o OUT.trf [-s SEED]"
        );
        ExitCode::from(2)
    };
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--team").collect();
    if rest.iter().any(|a| *a == "-g") {
        return generate(&rest).unwrap_or_else(|message| {
            eprintln!("pairing --team: {message}");
            ExitCode::from(2)
        });
    }
    let (mut file, mut check) = (None, false);
    for a in &rest {
        match a.as_str() {
            "-c" => check = true,
            a if file.is_none() && !a.starts_with('-') => file = Some(a.to_string()),
            a => {
                eprintln!("pairing --team: unexpected argument {a:?}");
                return usage();
            }
        }
    }
    let (Some(file), true) = (file, check) else {
        return usage();
    };
    let text = match std::fs::read(&file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("pairing --team: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let t = match team::trf::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("pairing --team: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let recorded = team::trf::recorded_standings(&text);
    let Ok((text, agree)) = std::panic::catch_unwind(|| check_report(&t, &recorded)) else {
        eprintln!("pairing --team: internal error while checking {file}");
        return ExitCode::from(2);
    };
    let _ = emit(&text);
    if agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The checker's report and whether every round (and the recorded
/// standings, when the file has them) agrees.
fn check_report(t: &TeamTournament, recorded: &[team::trf::RecordedStanding]) -> (String, bool) {
    use pairing::team::check::check_tournament;
    use pairing::team::swiss::{states, Preference};
    use std::fmt::Write as _;
    let checks = check_tournament(t);
    let mut out = String::new();
    let mut first = None;
    let mut differ = 0;
    let name = |id: u32| t.team(id).map_or(String::new(), |x| x.name.clone());
    for c in &checks {
        if c.identical() {
            let _ = writeln!(out, "round {}: identical", c.round);
            continue;
        }
        differ += 1;
        first.get_or_insert(c.round);
        match &c.engine {
            Err(e) => {
                let _ = writeln!(out, "round {}: differs ({e})", c.round);
            }
            Ok(p) => {
                let _ = writeln!(out, "round {}: differs", c.round);
                let (theirs, ours) = c.differences();
                for (w, b) in &theirs {
                    let _ = writeln!(
                        out,
                        "  recorded {w}-{b} ({} – {}), not in the C.04.6 pairing",
                        name(*w),
                        name(*b)
                    );
                }
                for (w, b) in &ours {
                    let _ = writeln!(out, "  the C.04.6 pairing has {w}-{b}");
                }
                if p.bye != c.recorded.bye {
                    let text = |b: Option<u32>| b.map_or("none".to_string(), |x| x.to_string());
                    let _ = writeln!(
                        out,
                        "  bye: recorded {}, C.04.6 {}",
                        text(c.recorded.bye),
                        text(p.bye)
                    );
                }
                // What the colour allocation saw, for the teams concerned.
                let before = pairing::team::check::state_before(t, c.round as usize);
                let (s, _) = states(&before, c.round);
                let mut teams: Vec<u32> = theirs.iter().flat_map(|&(a, b)| [a, b]).collect();
                teams.sort_unstable();
                teams.dedup();
                for id in teams {
                    let Some(st) = s.iter().find(|x| x.id == id) else {
                        continue;
                    };
                    let colours: String = st
                        .colours
                        .iter()
                        .map(|c| match c {
                            Some(pairing::model::Color::White) => 'W',
                            Some(pairing::model::Color::Black) => 'B',
                            None => '-',
                        })
                        .collect();
                    let pref = match st.preference {
                        Preference::None => "none".to_string(),
                        Preference::Wants { colour, strong } => {
                            format!("{colour:?}{}", if strong { " (strong)" } else { " (mild)" })
                        }
                    };
                    let _ = writeln!(
                        out,
                        "  team {id}: score {} ({}), colours {colours}, preference {pref}",
                        st.primary, st.secondary
                    );
                }
            }
        }
    }
    let rounds = checks.len();
    match first {
        None => {
            let _ = writeln!(out, "all {rounds} rounds agree with C.04.6");
        }
        Some(r) => {
            let _ = writeln!(
                out,
                "{differ} of {rounds} rounds differ; the first is round {r}"
            );
        }
    }
    // The recorded standings (TRF-2026 `310`: MP, GP, rank) against ours
    // by the file's tie-break list (`202`/`212`).
    let mut standings_differ = false;
    if let Some(found) = pairing::team::check::check_standings(t, recorded) {
        let list: Vec<String> = std::iter::once(
            match t.settings.primary {
                pairing::team::PrimaryScore::MatchPoints => "MP",
                pairing::team::PrimaryScore::GamePoints => "GP",
            }
            .to_string(),
        )
        .chain(t.tie_breaks.iter().map(ToString::to_string))
        .collect();
        if found.is_empty() {
            let _ = writeln!(out, "standings: agree with {}", list.join(","));
        } else {
            standings_differ = true;
            let _ = writeln!(out, "standings: differ from {}", list.join(","));
            for d in &found {
                let _ = writeln!(out, "  team {}: {}", d.team, d.message);
            }
        }
    }
    (out, differ == 0 && !standings_differ)
}

/// `-g [CONFIG] -o OUT.trf [-s SEED]`.
fn generate(rest: &[&String]) -> Result<std::process::ExitCode, String> {
    use pairing::team::generator::{generate, Config};
    let (mut config, mut out, mut seed) = (None, None, 1u64);
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
                out = Some(rest.get(i + 1).ok_or("-o needs a file")?.to_string());
                i += 1;
            }
            "-s" => {
                seed = rest
                    .get(i + 1)
                    .and_then(|s| s.parse().ok())
                    .ok_or("-s needs a whole number")?;
                i += 1;
            }
            a => return Err(format!("unexpected argument {a:?}")),
        }
        i += 1;
    }
    let out = out.ok_or("-g needs -o OUT.trf")?;
    let config = match config {
        None => Config::from_seed(seed),
        Some(path) => {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Config::parse(&text).map_err(|e| format!("{path}: {e}"))?
        }
    };
    let generated = generate(&config, seed);
    std::fs::write(&out, generated.trf).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(std::process::ExitCode::SUCCESS)
}
