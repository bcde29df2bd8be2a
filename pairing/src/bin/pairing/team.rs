//! `pairing team FILE.trf [--standings [--tiebreaks LIST]]`: for a team
//! tournament in TRF with team records (`pairing::team::trf`), the next
//! round's pairing, or the team standings.

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
