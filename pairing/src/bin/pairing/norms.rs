//! `pairing norms FILE.trf` (title norms, B.01 1.4) and `pairing ratings
//! FILE.trf` (rating changes, B.02).
//!
//! - `norms FILE [--json] [--all] [--forecast] [--event-kind KIND] [--host FED]
//!   [--computers 3,7] [--outside-fide 5] [--predetermined yes|no]
//!   [--large-swiss yes|no] [--rounds N]`; KIND: ordinary, national,
//!   national-team, zonal, team, world-cup.
//! - `ratings FILE [--json] [--edition 2022|2024|2025] [--k 3=40,5=10]
//!   [--under-18 3,4] [--new 8] [--reached-2400 2]`.

use pairing::norms::{self, NormEvent, NormEventKind, Outcome};
use pairing::rating_change::{self, PlayerFacts, RatingEdition};
use pairing::trf::format_points;
use pairing::PlayerId;

use super::{emit, option, read_tournament, Failure};

fn ids(args: &[String], flag: &str) -> Result<Vec<PlayerId>, Failure> {
    match option(args, flag)? {
        None => Ok(Vec::new()),
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<PlayerId>()
                    .map_err(|_| Failure::Usage(format!("{flag}: {s:?} is not a pairing number")))
            })
            .collect(),
    }
}

fn yes_no(args: &[String], flag: &str) -> Result<Option<bool>, Failure> {
    match option(args, flag)? {
        None => Ok(None),
        Some("yes" | "true" | "1") => Ok(Some(true)),
        Some("no" | "false" | "0") => Ok(Some(false)),
        Some(v) => Err(Failure::Usage(format!("{flag} is yes or no, not {v:?}"))),
    }
}

fn file_argument<'a>(args: &'a [String], command: &str) -> Result<&'a str, Failure> {
    args.first()
        .filter(|a| !a.starts_with("--"))
        .map(String::as_str)
        .ok_or_else(|| Failure::Usage(format!("{command} needs a TRF file")))
}

/// `pairing norms FILE.trf …`
pub fn run(args: &[String]) -> Result<(), Failure> {
    let file = file_argument(args, "norms")?;
    let t = read_tournament(file)?;
    let event = NormEvent {
        kind: match option(args, "--event-kind")? {
            Some(k) => k.parse::<NormEventKind>().map_err(Failure::Usage)?,
            None => NormEventKind::Ordinary,
        },
        host_federation: option(args, "--host")?.map(str::to_string),
        computers: ids(args, "--computers")?,
        outside_fide: ids(args, "--outside-fide")?,
        predetermined_pairings: yes_no(args, "--predetermined")?,
        large_swiss_exemption: yes_no(args, "--large-swiss")?,
        total_rounds: match option(args, "--rounds")? {
            Some(r) => Some(
                r.parse()
                    .map_err(|_| Failure::Usage(format!("--rounds {r:?} is not a number")))?,
            ),
            None => None,
        },
    };
    let json = args.iter().any(|a| a == "--json");
    if args.iter().any(|a| a == "--forecast") {
        let f = norms::forecast(&t, &event);
        if json {
            let text = serde_json::to_string_pretty(&f)
                .map_err(|e| Failure::Error(format!("cannot write JSON: {e}")))?;
            return emit(&format!("{text}\n"));
        }
        let mut s = String::new();
        if f.is_empty() {
            s.push_str("no player has a norm in reach in the games still to play\n");
        }
        for p in &f {
            let rounds: Vec<String> = p
                .remaining
                .iter()
                .map(|(r, o)| match o {
                    Some(o) => format!("round {r} against {o}"),
                    None => format!("round {r}"),
                })
                .collect();
            s.push_str(&format!("{:>4} {} ({})\n", p.id, p.name, rounds.join(", ")));
            for title in &p.titles {
                let scores: Vec<String> = title
                    .by_score
                    .iter()
                    .filter(|(_, o)| *o != Outcome::Never)
                    .map(|(score, o)| {
                        format!(
                            "{}{}",
                            format_points(*score),
                            if *o == Outcome::Sometimes {
                                " (depends on which games)"
                            } else {
                                ""
                            }
                        )
                    })
                    .collect();
                s.push_str(&format!(
                    "       {:<3} {}{}\n",
                    title.title.code(),
                    if title.already { "already made; " } else { "" },
                    if scores.is_empty() {
                        "no score in the remaining games gives it".to_string()
                    } else {
                        format!("scores giving it: {}", scores.join(", "))
                    }
                ));
            }
        }
        return emit(&s);
    }
    let results = norms::evaluate(&t, &event);
    if json {
        let text = serde_json::to_string_pretty(&results)
            .map_err(|e| Failure::Error(format!("cannot write JSON: {e}")))?;
        return emit(&format!("{text}\n"));
    }
    let all = args.iter().any(|a| a == "--all");
    let mut s = String::new();
    let large = norms::large_swiss_check(&t, &event);
    if event.kind == NormEventKind::Ordinary && event.large_swiss_exemption.is_none() {
        s.push_str(&format!("{}\n", large.detail));
    }
    let mut shown = 0;
    for p in &results {
        let achieved = p.results.iter().any(|r| r.achieved);
        if !achieved && !all {
            continue;
        }
        shown += 1;
        s.push_str(&format!("{:>4} {}\n", p.id, p.name));
        for r in &p.results {
            s.push_str(&format!(
                "       {:<3} {}: {} games, {}/{} = {} %, average {}, performance {}{}\n",
                r.title.code(),
                if r.achieved { "NORM" } else { "no norm" },
                r.games,
                format_points(r.score),
                r.games,
                r.percent,
                r.average.map_or("-".into(), |a| a.to_string()),
                r.performance.map_or("-".into(), |a| a.to_string()),
                if r.achieved {
                    format!(", counts as {} games", r.counts_as_games)
                } else {
                    String::new()
                }
            ));
            for (round, why) in r.rounds_left_out.iter().chain(&r.rounds_not_counted) {
                s.push_str(&format!("           round {round} not counted: {why}\n"));
            }
            for q in r.requirements.iter().filter(|q| !q.holds || all) {
                s.push_str(&format!(
                    "           {} {}: {}\n",
                    if q.holds { "holds" } else { "FAILS" },
                    q.clause,
                    q.detail
                ));
            }
        }
    }
    if shown == 0 {
        s.push_str("no norm\n");
    }
    emit(&s)
}

/// `pairing ratings FILE.trf …`
pub fn run_ratings(args: &[String]) -> Result<(), Failure> {
    let file = file_argument(args, "ratings")?;
    let t = read_tournament(file)?;
    let edition = match option(args, "--edition")? {
        Some(e) => e.parse::<RatingEdition>().map_err(Failure::Usage)?,
        None => t
            .details
            .start_date
            .as_deref()
            .map_or_else(RatingEdition::default, RatingEdition::in_force_on),
    };
    let mut ks: Vec<(PlayerId, u32)> = Vec::new();
    if let Some(list) = option(args, "--k")? {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let parsed = item
                .split_once('=')
                .and_then(|(id, k)| Some((id.trim().parse().ok()?, k.trim().parse().ok()?)));
            match parsed {
                Some(pair) => ks.push(pair),
                None => return Err(Failure::Usage(format!("--k: {item:?} is not ID=K"))),
            }
        }
    }
    let juniors = ids(args, "--under-18")?;
    let new = ids(args, "--new")?;
    let reached = ids(args, "--reached-2400")?;
    let facts = |id: PlayerId| PlayerFacts {
        k: ks.iter().find(|(p, _)| *p == id).map(|(_, k)| *k),
        rated_games: new.contains(&id).then_some(0),
        under_18: juniors.contains(&id),
        reached_2400: reached.contains(&id),
        games_in_period: None,
    };
    let rows = rating_change::rating_changes(&t, edition, &facts);
    if args.iter().any(|a| a == "--json") {
        let text = serde_json::to_string_pretty(&rows)
            .map_err(|e| Failure::Error(format!("cannot write JSON: {e}")))?;
        return emit(&format!("{text}\n"));
    }
    let mut s = format!(
        "{:>4}  {:<30} {:>5} {:>3} {:>6} {:>5}\n",
        "SNo", "Name", "Rtg", "K", "Change", "New"
    );
    for r in &rows {
        let name: String = r.name.chars().take(30).collect();
        match (r.rating, &r.initial) {
            (Some(rating), _) => s.push_str(&format!(
                "{:>4}  {:<30} {:>5} {:>3} {:>+6} {:>5}{}\n",
                r.id,
                name,
                rating,
                r.k.unwrap_or(0),
                r.change.unwrap_or(0),
                r.new_rating.unwrap_or(0),
                if r.below_floor {
                    "  below the rating floor"
                } else {
                    ""
                }
            )),
            (None, Some(i)) => s.push_str(&format!(
                "{:>4}  {:<30} {:>5}     unrated: {}\n",
                r.id, name, "-", i.note
            )),
            (None, None) => {}
        }
    }
    emit(&s)
}
