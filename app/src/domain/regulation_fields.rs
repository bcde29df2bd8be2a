//! The regulations as the staff's form types them (New tournament and
//! Settings, `web::pages::staff::tournament`): every field of `Regulations`
//! as text, read back into `Regulations` with each problem an `Invalid` error
//! at the form's own field, and the changes a Settings post makes.
//!
//! A post is read over a starting point: the defaults for a new tournament,
//! the stored regulations for the settings. A field the post does not carry
//! keeps the starting point's value, so a field shown as fixed text (round 1
//! is paired, `tournaments::changeable_after_start`) is simply not posted and
//! cannot change by accident; a forged post that changes it is refused by
//! `tournaments::edit`, naming the field.
//!
//! The form's fields (each maps to one key of `Regulations`, [`key_of`]):
//! - the schedule: `date{n}` (`YYYY-MM-DD`) and `time{n}` (`HH:MM`) for round `n`;
//!   both empty: no start for that round;
//! - the time control: up to [`PERIOD_ROWS`] periods, `moves{i}` (empty: the
//!   rest of the game) and `base_minutes` (period 1) or `minutes{i}`; a row
//!   with no minutes is no period; `increment` and `delay` in seconds;
//! - the point system: `win`, `draw`, `loss`, `forfeit_win`, `forfeit_loss`,
//!   `pairing_bye`, `full_bye`, `half_bye`, `zero_bye`. A post with `win`
//!   but no `forfeit_win` (an older page) scores the forfeit win and the
//!   full-point byes as a win, and the half-point bye as a draw, as that page did;
//! - check boxes (`adjournments`, `draw_needs_arbiter`) come with a hidden `0`
//!   before them, so an unticked box is posted as `0`, the last value counting;
//! - `illegal_moves_lose` and `illegal_move_bonus_seconds` empty: as the
//!   edition of the Laws says.

use super::formats::{typed_number, typed_optional};
use super::kinds::parse_field;
use super::regulations::{Period, Regulations, RoundSchedule, TimeControl};
use super::{tournaments, Actor, Audience, DomainError, DomainResult};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use std::collections::BTreeMap;

/// Rows of periods the form offers (more stored periods are kept as they are).
pub const PERIOD_ROWS: usize = 4;

/// The point fields of the form, in the order of `PointsConfig`.
pub const POINT_FIELDS: &[&str] = &[
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_bye",
    "half_bye",
    "zero_bye",
];

/// The fields that are one value each, named as the key of `Regulations`.
const PLAIN: &[&str] = &[
    "name",
    "place",
    "federation",
    "start_date",
    "end_date",
    "system",
    "rounds",
    "default_time_minutes",
    "adjournments",
    "resumption_lateness_minutes",
    "late_entry_bye",
    "draw_offer_min_moves",
    "draw_needs_arbiter",
    "illegal_moves_lose",
    "illegal_move_bonus_seconds",
    "variant",
    "tiebreaks",
    "initial_color",
    "rating_order",
    "notation",
    "laws_edition",
    "acceleration",
];

/// The regulations form: every field as text, as typed or as stored.
#[derive(Clone, Debug, Default)]
pub struct RegulationsForm {
    fields: BTreeMap<String, String>,
    /// The starting point (defaults, or the stored regulations).
    base: Regulations,
    /// Rounds of the schedule the form shows.
    pub schedule_rows: u32,
}

/// A number of points as people write it: `1`, `0.5`.
fn points_text(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The form's name of period `i`'s minutes (counted from 0).
pub fn minutes_field(i: usize) -> String {
    if i == 0 {
        "base_minutes".into()
    } else {
        format!("minutes{}", i + 1)
    }
}

/// The key of `Regulations` a form field sets.
pub fn key_of(field: &str) -> &str {
    let numbered = |prefix: &str| {
        field
            .strip_prefix(prefix)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    if numbered("date") || numbered("time") {
        "schedule"
    } else if field == "base_minutes"
        || field == "increment"
        || field == "delay"
        || numbered("moves")
        || numbered("minutes")
    {
        "time_control"
    } else if POINT_FIELDS.contains(&field) {
        "points"
    } else {
        field
    }
}

/// The form field where a problem `Regulations::problems` names belongs
/// (`points.win` → `win`, `time_control.periods[1].minutes` → `minutes2`).
pub fn form_field(domain_field: &str) -> String {
    if let Some(p) = domain_field.strip_prefix("points.") {
        return p.to_string();
    }
    if let Some(rest) = domain_field.strip_prefix("time_control.periods[") {
        let (i, what) = rest.split_once("].").unwrap_or((rest, "minutes"));
        let i: usize = i.trim_end_matches(']').parse().unwrap_or(0);
        return if what == "moves" {
            format!("moves{}", i + 1)
        } else {
            minutes_field(i)
        };
    }
    match domain_field {
        "time_control" | "time_control.periods" => "base_minutes".into(),
        "time_control.increment_seconds" => "increment".into(),
        "time_control.delay_seconds" => "delay".into(),
        other => other.to_string(),
    }
}

/// `e` with its field renamed to the form's.
fn at_form_field(e: DomainError) -> DomainError {
    match e {
        DomainError::Invalid { field, message } => DomainError::Invalid {
            field: form_field(&field),
            message,
        },
        DomainError::ConflictOn { field, message } => DomainError::ConflictOn {
            field: form_field(&field),
            message,
        },
        other => other,
    }
}

impl RegulationsForm {
    /// The form showing `r`, with `schedule_rows` rounds of schedule (at least
    /// as many as `r` schedules).
    pub fn of(r: &Regulations, schedule_rows: u32) -> RegulationsForm {
        let mut f = BTreeMap::new();
        let json = serde_json::to_value(r).unwrap_or_default();
        for key in PLAIN {
            let text = match json.get(*key) {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Bool(b)) => (if *b { "1" } else { "0" }).to_string(),
                Some(serde_json::Value::Null) | None => String::new(),
                Some(serde_json::Value::Array(a)) => a
                    .iter()
                    .filter_map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                Some(other) => other.to_string(),
            };
            f.insert(key.to_string(), text);
        }
        let rows = r
            .schedule
            .iter()
            .map(|s| s.round)
            .max()
            .unwrap_or(0)
            .max(schedule_rows)
            .min(1000);
        for n in 1..=rows {
            let start = r.schedule.iter().find(|s| s.round == n);
            let (d, t) = start
                .and_then(|s| s.start.split_once('T'))
                .unwrap_or(("", ""));
            f.insert(format!("date{n}"), d.to_string());
            f.insert(format!("time{n}"), t.to_string());
        }
        let tc = &r.time_control;
        for i in 0..PERIOD_ROWS {
            let p = tc.periods.get(i);
            f.insert(
                format!("moves{}", i + 1),
                p.and_then(|p| p.moves)
                    .map(|m| m.to_string())
                    .unwrap_or_default(),
            );
            f.insert(
                minutes_field(i),
                p.map(|p| p.minutes.to_string()).unwrap_or_default(),
            );
        }
        f.insert("increment".into(), tc.increment_seconds.to_string());
        f.insert("delay".into(), tc.delay_seconds.to_string());
        let p = &r.points;
        for (k, v) in POINT_FIELDS.iter().zip([
            p.win,
            p.draw,
            p.loss,
            p.forfeit_win,
            p.forfeit_loss,
            p.pairing_bye,
            p.full_bye,
            p.half_bye,
            p.zero_bye,
        ]) {
            f.insert(k.to_string(), points_text(v));
        }
        RegulationsForm {
            fields: f,
            base: r.clone(),
            schedule_rows: rows,
        }
    }

    /// The form as posted over `base`: what the post carries, the rest as `base` has it.
    pub fn typed(
        base: &Regulations,
        schedule_rows: u32,
        posted: &[(String, String)],
    ) -> RegulationsForm {
        let mut form = RegulationsForm::of(base, schedule_rows);
        let has = |k: &str| posted.iter().any(|(f, _)| f == k);
        for (k, v) in posted {
            if k != "csrf" {
                form.fields.insert(k.clone(), v.clone());
            }
        }
        // An older page: the forfeit win and the byes follow the win and the draw.
        if has("win") && !has("forfeit_win") {
            let win = form.v("win").to_string();
            for k in ["forfeit_win", "pairing_bye", "full_bye"] {
                form.fields.insert(k.into(), win.clone());
            }
        }
        if has("draw") && !has("half_bye") {
            let draw = form.v("draw").to_string();
            form.fields.insert("half_bye".into(), draw);
        }
        form
    }

    /// Sets `field` as if it had been typed.
    pub fn set(&mut self, field: &str, value: &str) {
        self.fields.insert(field.to_string(), value.to_string());
    }

    /// The text of `field`, as typed or as stored.
    pub fn v(&self, field: &str) -> &str {
        self.fields.get(field).map(String::as_str).unwrap_or("")
    }

    /// Whether the check box `field` is ticked.
    pub fn ticked(&self, field: &str) -> bool {
        let v = self.v(field).trim();
        !v.is_empty() && v != "0" && v != "false"
    }

    /// The schedule's round numbers the form shows.
    pub fn schedule_rounds(&self) -> Vec<u32> {
        (1..=self.schedule_rows).collect()
    }

    /// The regulations the form describes, or every problem, each at its form field.
    pub fn regulations(&self) -> Result<Regulations, Vec<DomainError>> {
        let mut out: Vec<DomainError> = Vec::new();
        let b = &self.base;
        let mut r = b.clone();
        macro_rules! read {
            ($target:expr, $e:expr) => {
                match $e {
                    Ok(v) => $target = v,
                    Err(e) => out.push(e),
                }
            };
        }
        let num = |field: &str, what: &str| typed_number::<u32>(field, self.v(field), what);
        let opt = |field: &str, what: &str| typed_optional::<u32>(field, self.v(field), what);
        let pts = |field: &str| typed_number::<f64>(field, self.v(field), "a number of points");
        r.name = self.v("name").to_string();
        r.place = self.v("place").trim().to_string();
        r.federation = self.v("federation").trim().to_uppercase();
        r.start_date = self.v("start_date").trim().to_string();
        r.end_date = self.v("end_date").trim().to_string();
        read!(r.system, parse_field("system", self.v("system")));
        if r.system.is_swiss() {
            read!(r.rounds, num("rounds", "a whole number of rounds"));
        }
        r.schedule = self.schedule(&mut out);
        r.time_control = self.time_control(&mut out);
        read!(
            r.default_time_minutes,
            num("default_time_minutes", "a whole number of minutes")
        );
        r.adjournments = self.ticked("adjournments");
        read!(
            r.resumption_lateness_minutes,
            num("resumption_lateness_minutes", "a whole number of minutes")
        );
        read!(r.points.win, pts("win"));
        read!(r.points.draw, pts("draw"));
        read!(r.points.loss, pts("loss"));
        read!(r.points.forfeit_win, pts("forfeit_win"));
        read!(r.points.forfeit_loss, pts("forfeit_loss"));
        read!(r.points.pairing_bye, pts("pairing_bye"));
        read!(r.points.full_bye, pts("full_bye"));
        read!(r.points.half_bye, pts("half_bye"));
        read!(r.points.zero_bye, pts("zero_bye"));
        read!(
            r.late_entry_bye,
            parse_field("late_entry_bye", self.v("late_entry_bye"))
        );
        read!(
            r.draw_offer_min_moves,
            num("draw_offer_min_moves", "a whole number of moves")
        );
        r.draw_needs_arbiter = self.ticked("draw_needs_arbiter");
        read!(
            r.illegal_moves_lose,
            opt("illegal_moves_lose", "a whole number")
        );
        read!(
            r.illegal_move_bonus_seconds,
            opt("illegal_move_bonus_seconds", "a whole number of seconds")
        );
        read!(r.variant, parse_field("variant", self.v("variant")));
        r.tiebreaks = self
            .v("tiebreaks")
            .split([',', ' ', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_uppercase)
            .collect();
        read!(
            r.initial_color,
            parse_field("initial_color", self.v("initial_color"))
        );
        read!(
            r.rating_order,
            parse_field("rating_order", self.v("rating_order"))
        );
        read!(r.notation, parse_field("notation", self.v("notation")));
        read!(
            r.laws_edition,
            parse_field("laws_edition", self.v("laws_edition"))
        );
        // A form without the field (an older page) keeps the starting point's.
        if !self.v("acceleration").trim().is_empty() {
            read!(
                r.acceleration,
                parse_field("acceleration", self.v("acceleration"))
            );
        }
        // The rules (`Regulations::problems`) for the fields that could be read.
        let mut checked = r.clone();
        for e in checked.problems() {
            let e = at_form_field(e);
            let field = match &e {
                DomainError::Invalid { field, .. } => field.clone(),
                _ => String::new(),
            };
            let seen = out
                .iter()
                .any(|o| matches!(o, DomainError::Invalid { field: f, .. } if *f == field));
            if !seen {
                out.push(e);
            }
        }
        if out.is_empty() {
            Ok(r)
        } else {
            Err(out)
        }
    }

    fn schedule(&self, out: &mut Vec<DomainError>) -> Vec<RoundSchedule> {
        let mut s = Vec::new();
        for n in 1..=self.schedule_rows {
            let (df, tf) = (format!("date{n}"), format!("time{n}"));
            let (d, t) = (self.v(&df).trim(), self.v(&tf).trim());
            match (d.is_empty(), t.is_empty()) {
                (true, true) => continue,
                (false, true) => out.push(DomainError::invalid(
                    &tf,
                    msg!("round {}: give the time of the start as well", n),
                )),
                (true, false) => out.push(DomainError::invalid(
                    &df,
                    msg!("round {}: give the date of the start as well", n),
                )),
                (false, false) => {
                    let date_ok = super::formats::is_date(d);
                    let time = chrono::NaiveTime::parse_from_str(t, "%H:%M").ok();
                    if !date_ok {
                        out.push(DomainError::invalid(
                            &df,
                            msg!("'{}' is not a date; write it as YYYY-MM-DD", d),
                        ));
                    }
                    match time {
                        None => out.push(DomainError::invalid(
                            &tf,
                            msg!("'{}' is not a time; write HH:MM", t),
                        )),
                        Some(time) if date_ok => s.push(RoundSchedule {
                            round: n,
                            start: format!("{d}T{}", time.format("%H:%M")),
                        }),
                        Some(_) => {}
                    }
                }
            }
        }
        // Stored rounds past the form's rows stay as they are.
        s.extend(
            self.base
                .schedule
                .iter()
                .filter(|x| x.round > self.schedule_rows)
                .cloned(),
        );
        s
    }

    fn time_control(&self, out: &mut Vec<DomainError>) -> TimeControl {
        let base = &self.base.time_control;
        let mut periods = Vec::new();
        for i in 0..PERIOD_ROWS {
            let mf = minutes_field(i);
            let vf = format!("moves{}", i + 1);
            if self.v(&mf).trim().is_empty() {
                if !self.v(&vf).trim().is_empty() {
                    out.push(DomainError::invalid(
                        &mf,
                        msg!("a period needs its minutes"),
                    ));
                }
                continue;
            }
            let minutes = typed_number::<u32>(&mf, self.v(&mf), "a whole number of minutes");
            let moves = typed_optional::<u32>(&vf, self.v(&vf), "a whole number of moves");
            match (minutes, moves) {
                (Ok(minutes), Ok(moves)) => periods.push(Period { moves, minutes }),
                (m, v) => out.extend(m.err().into_iter().chain(v.err())),
            }
        }
        periods.extend(base.periods.iter().skip(PERIOD_ROWS).cloned());
        let secs = |f: &str, keep: u32, out: &mut Vec<DomainError>| match typed_number::<u32>(
            f,
            self.v(f),
            "a whole number of seconds",
        ) {
            Ok(v) => v,
            Err(e) => {
                out.push(e);
                keep
            }
        };
        TimeControl {
            periods,
            increment_seconds: secs("increment", base.increment_seconds, out),
            delay_seconds: secs("delay", base.delay_seconds, out),
        }
    }

    /// The changes of the settings against `current` (the form's starting
    /// point): the keys of `Regulations` whose value the post changes.
    pub fn changes(
        &self,
        current: &Regulations,
    ) -> Result<serde_json::Map<String, serde_json::Value>, Vec<DomainError>> {
        let wanted = self.regulations()?;
        let as_map = |r: &Regulations| match serde_json::to_value(r) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        let (old, new) = (as_map(current), as_map(&wanted));
        Ok(new
            .into_iter()
            .filter(|(k, v)| old.get(k) != Some(v))
            .collect())
    }
}

/// Saves a Settings post: the regulations it changes, through
/// `tournaments::edit` (one transaction, one audit row; nothing when nothing
/// changed). The first problem of the form, if any, is the error; the page
/// shows them all (`RegulationsForm::regulations`). Returns the changed keys.
pub fn save(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    schedule_rows: u32,
    posted: &[(String, String)],
) -> DomainResult<Vec<String>> {
    let current = tournaments::get(conn, tid, Audience::Staff)?;
    let form = RegulationsForm::typed(&current.regulations, schedule_rows, posted);
    let changes = form
        .changes(&current.regulations)
        .map_err(|mut all| all.remove(0))?;
    if changes.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = changes.keys().cloned().collect();
    let last = |name: &str| {
        posted
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .is_some_and(|(_, v)| !v.is_empty() && v != "0")
    };
    tournaments::edit(
        conn,
        actor,
        tid,
        tournaments::EditTournament {
            version: Some(current.version),
            changes,
            warning_read: last("warning_read"),
            leave_fide_mode: last("leave_fide_mode"),
        },
    )?;
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kinds::{InitialColour, Notation, RatingOrder, Variant};

    fn post(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn sample() -> Regulations {
        let mut r = Regulations {
            name: "Open".into(),
            ..Regulations::default()
        };
        r.schedule = vec![RoundSchedule {
            round: 2,
            start: "2026-01-01T16:30".into(),
        }];
        r.points.loss = 0.5;
        r.adjournments = true;
        r.illegal_moves_lose = Some(3);
        r.variant = Variant::Chess960;
        r.initial_color = InitialColour::Black;
        r.rating_order = RatingOrder::National;
        r.notation = Notation::Cs;
        r.time_control.delay_seconds = 5;
        r.validate().unwrap();
        r
    }

    #[test]
    fn the_form_of_regulations_reads_back_the_same() {
        let r = sample();
        let f = RegulationsForm::of(&r, 9);
        assert_eq!(f.regulations().unwrap(), r);
        assert!(f.changes(&r).unwrap().is_empty());
    }

    #[test]
    fn each_field_changes_its_own_key() {
        let r = sample();
        for (field, value, key) in [
            ("name", "Closed", "name"),
            ("date1", "2026-01-01", "schedule"),
            ("moves2", "20", "time_control"),
            ("delay", "0", "time_control"),
            ("zero_bye", "0.5", "points"),
            ("adjournments", "0", "adjournments"),
            ("draw_needs_arbiter", "1", "draw_needs_arbiter"),
            ("illegal_moves_lose", "", "illegal_moves_lose"),
            (
                "illegal_move_bonus_seconds",
                "60",
                "illegal_move_bonus_seconds",
            ),
            ("variant", "standard", "variant"),
            ("notation", "pl", "notation"),
        ] {
            let mut pairs = post(&[(field, value)]);
            if field == "date1" {
                pairs.push(("time1".into(), "10:00".into()));
            }
            let f = RegulationsForm::typed(&r, 9, &pairs);
            let c = f.changes(&r).unwrap();
            assert_eq!(
                c.keys().collect::<Vec<_>>(),
                vec![key],
                "{field} changes {key} only"
            );
            assert_eq!(key_of(field), key, "{field}");
        }
    }

    #[test]
    fn problems_are_named_at_the_form_fields() {
        let r = sample();
        let f = RegulationsForm::typed(
            &r,
            9,
            &post(&[
                ("date3", "2026-13-01"),
                ("time3", "10:00"),
                ("time4", "25:00"),
                ("date4", "2026-01-02"),
                ("time5", "10:00"),
                ("minutes2", "2000"),
                ("moves3", "x"),
                ("minutes3", "10"),
                ("win", "0.3"),
                ("illegal_moves_lose", "0"),
            ]),
        );
        let fields: Vec<String> = f
            .regulations()
            .unwrap_err()
            .into_iter()
            .map(|e| match e {
                DomainError::Invalid { field, .. } => field,
                other => panic!("{other:?}"),
            })
            .collect();
        for want in [
            "date3",
            "time4",
            "date5",
            "minutes2",
            "moves3",
            "win",
            "illegal_moves_lose",
        ] {
            assert!(fields.iter().any(|f| f == want), "{want} in {fields:?}");
        }
    }

    #[test]
    fn an_older_post_scores_byes_as_its_win_and_draw() {
        let d = Regulations::default();
        let f = RegulationsForm::typed(
            &d,
            9,
            &post(&[("name", "Football"), ("win", "3"), ("draw", "1")]),
        );
        let p = f.regulations().unwrap().points;
        assert_eq!((p.forfeit_win, p.full_bye, p.half_bye), (3.0, 3.0, 1.0));
    }
}
