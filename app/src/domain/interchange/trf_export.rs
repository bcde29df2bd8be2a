//! TRF export: the tournament as the `pairing` crate's model sees it, through `pairing::trf::write`.

use super::*;
use crate::domain::ids::TournamentId;

/// TRF-16 title codes (columns 11–13).
const TITLE_CODES: &[(&str, &str)] = &[
    ("GM", "g"),
    ("IM", "m"),
    ("WGM", "wg"),
    ("FM", "f"),
    ("WIM", "wm"),
    ("CM", "c"),
    ("WFM", "wf"),
    ("WCM", "wc"),
];

pub(super) fn title_to_trf(title: &str) -> Option<String> {
    TITLE_CODES
        .iter()
        .find(|(t, _)| *t == title)
        .map(|(_, code)| code.to_string())
}

pub(super) fn title_from_trf(code: &str) -> String {
    let code = code.trim();
    TITLE_CODES
        .iter()
        .find(|(t, c)| code.eq_ignore_ascii_case(c) || code.eq_ignore_ascii_case(t))
        .map(|(t, _)| t.to_string())
        .unwrap_or_default()
}

/// The time control as TRF `122` text: `40/90' + 30' + 30"`.
pub fn time_control_text(tc: &TimeControl) -> String {
    let mut parts: Vec<String> = tc
        .periods
        .iter()
        .map(|p| match p.moves {
            Some(m) => format!("{m}/{}'", p.minutes),
            None => format!("{}'", p.minutes),
        })
        .collect();
    if tc.increment_seconds > 0 {
        parts.push(format!("{}\"", tc.increment_seconds));
    }
    let mut s = parts.join(" + ");
    if tc.delay_seconds > 0 {
        s.push_str(&format!(" d{}\"", tc.delay_seconds));
    }
    s
}

/// Reads the text [`time_control_text`] writes; None for any other form.
pub fn parse_time_control(text: &str) -> Option<TimeControl> {
    let (main, delay) = match text.split_once(" d") {
        Some((m, d)) => (m, d.trim().strip_suffix('"')?.parse().ok()?),
        None => (text, 0),
    };
    let mut tc = TimeControl {
        periods: vec![],
        increment_seconds: 0,
        delay_seconds: delay,
    };
    for part in main.split('+').map(str::trim) {
        if let Some(secs) = part.strip_suffix('"') {
            tc.increment_seconds = secs.parse().ok()?;
        } else {
            let minutes = part.strip_suffix('\'')?;
            let period = match minutes.split_once('/') {
                Some((moves, min)) => Period {
                    moves: Some(moves.parse().ok()?),
                    minutes: min.parse().ok()?,
                },
                None => Period {
                    moves: None,
                    minutes: minutes.parse().ok()?,
                },
            };
            tc.periods.push(period);
        }
    }
    (!tc.periods.is_empty()).then_some(tc)
}

/// The tournament as FIDE TRF (public: published rounds only).
/// The public's file carries only the year of a birth date (`YYYY/00/00`);
/// the staff's the whole date, as the rating report needs it.
pub fn export_trf(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<String> {
    let row = tournaments::load(conn, tid)?;
    let played = Audience::Public.last_round(conn, tid)?.get() as u32;
    let total = crate::domain::rounds::total_rounds(conn, &row)?;
    let next = (played < total).then_some(played + 1);
    let mut m = model::build(conn, &row, played, next)?;
    // Points and rank over the played rounds, for the rating report.
    let done = model::build(conn, &row, played, None)?;
    let standings = engine::standings(&done.tournament, &tiebreak_codes(&row))?;
    let points = pairing::tiebreak::points(&m.tournament);
    let rows = players_in_order(conn, tid)?;
    for (i, p) in m.tournament.players.iter_mut().enumerate() {
        let r = &rows[i];
        // TRF carries the FIDE rating, whatever orders the pairing.
        p.rating = r.rating.filter(|v| *v > 0).map(|v| v as u32);
        p.title = title_to_trf(&r.title);
        p.recorded_points = points.get(i).copied();
        p.recorded_rank = standings
            .iter()
            .find(|s| s.start_no == p.id)
            .map(|s| s.rank);
        // The TRF has no "withdrawn": a withdrawn (or expelled) player's
        // rounds paired without them are written as absences (`Z`, as the
        // pairing crate's generator writes a retirement), so that a checker
        // re-pairing those rounds leaves them out; a blank block would read
        // as a player the arbiter forgot to pair.
        p.withdrawn = false;
        if r.status != PlayerStatus::Active {
            for e in p.rounds.iter_mut().take(played as usize) {
                if *e == pairing::RoundEntry::NotPaired {
                    *e = pairing::RoundEntry::Bye(pairing::ByeKind::Zero);
                }
            }
        }
        // TRF-16 column 10: `m` or `w`.
        p.sex = r.sex.trf_letter();
        if !audience.is_staff() {
            p.birth_date = p
                .birth_date
                .as_deref()
                .and_then(|d| d.get(..4))
                .map(|y| format!("{y}/00/00"));
        }
    }
    let reg_tc = tournaments::time_control(&row);
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    m.tournament.details = pairing::TournamentDetails {
        city: text(&row.place),
        federation: text(&row.federation),
        start_date: text(&row.start_date.replace('-', "/")),
        end_date: text(&row.end_date.replace('-', "/")),
        time_control: Some(time_control_text(&reg_tc)),
        ..Default::default()
    };
    // Outside FIDE mode: the departure and each manual intervention, as
    // `###` comment lines (TRF-2026: comments; readers skip them).
    let mut out = named_system(pairing::trf::write(&m.tournament), row.system);
    out.push_str(&crate::domain::fide_mode::trf_comments(conn, tid)?);
    Ok(out)
}

/// The `092` text of a Swiss by another system than the Dutch, as the
/// pairing crate's generator and the endorsed engines write it (a reader
/// pairs the file by the system it names); None for the Dutch and round robins.
pub(super) fn system_text(system: PairingSystem) -> Option<&'static str> {
    match system {
        PairingSystem::Burstein => Some("FIDE_BURSTEIN"),
        PairingSystem::Lim => Some("FIDE_LIM"),
        PairingSystem::Dubov => Some("FIDE_DUBOV"),
        PairingSystem::DoubleSwiss => Some("FIDE_DOUBLESWISS"),
        PairingSystem::Swiss | PairingSystem::RoundRobin | PairingSystem::DoubleRoundRobin => None,
    }
}

/// The file with its `092` record naming `system` (see [`system_text`]).
fn named_system(text: String, system: PairingSystem) -> String {
    let Some(name) = system_text(system) else {
        return text;
    };
    let line = format!("092 {name}");
    let mut replaced = false;
    let mut out: String = text
        .split_inclusive('\n')
        .map(|l| {
            if l.starts_with("092 ") {
                replaced = true;
                format!("{line}\n")
            } else {
                l.to_string()
            }
        })
        .collect();
    if !replaced {
        // after the header records, before the players: 092 belongs to the header
        match out.find("\n001 ") {
            Some(at) => out.insert_str(at + 1, &format!("{line}\n")),
            None => {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out
}
