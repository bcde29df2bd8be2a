//! Creating a tournament and editing its regulations (SPEC §2); staff roles.

use super::audit::{self, Entry};
use super::{now, require_role, require_user, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::TournamentRow;
use crate::db::schema::{games, rounds, tournament_staff, tournaments, users};
use crate::db::DbConnection;
use diesel::prelude::*;
use pairing::tiebreak::TieBreak;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One period of a time control: `moves` moves (None = rest of the game) in `minutes`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct Period {
    pub moves: Option<u32>,
    pub minutes: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct TimeControl {
    pub periods: Vec<Period>,
    #[serde(default)]
    pub increment_seconds: u32,
    #[serde(default)]
    pub delay_seconds: u32,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            periods: vec![
                Period {
                    moves: Some(40),
                    minutes: 90,
                },
                Period {
                    moves: None,
                    minutes: 30,
                },
            ],
            increment_seconds: 30,
            delay_seconds: 0,
        }
    }
}

impl TimeControl {
    /// Whether all the remaining moves must be made in a finite time (no
    /// increment, no delay): only such a game has a quickplay finish, where a
    /// claim under 10.2 (Guidelines III) can be made.
    pub fn has_quickplay_finish(&self) -> bool {
        self.increment_seconds == 0 && self.delay_seconds == 0
    }

    /// Appendices A and B: blitz when base + 60 × increment < 15 minutes, rapid when
    /// 15 ≤ … < 60, standard otherwise (increment in seconds, so 60 × inc s = inc min).
    pub fn category(&self) -> &'static str {
        let base: u32 = self.periods.iter().map(|p| p.minutes).sum();
        let total = base + self.increment_seconds.max(self.delay_seconds);
        if total < 15 {
            "blitz"
        } else if total < 60 {
            "rapid"
        } else {
            "standard"
        }
    }
}

/// Points of the point system, in points (multiples of ½), as the regulations state them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct PointsConfig {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub forfeit_win: f64,
    pub forfeit_loss: f64,
    pub pairing_bye: f64,
    pub full_bye: f64,
    pub half_bye: f64,
    pub zero_bye: f64,
}

impl Default for PointsConfig {
    fn default() -> Self {
        PointsConfig::from_system(&pairing::PointSystem::default())
    }
}

impl PointsConfig {
    pub fn from_system(p: &pairing::PointSystem) -> PointsConfig {
        let f = |h: i32| h as f64 / 2.0;
        PointsConfig {
            win: f(p.win),
            draw: f(p.draw),
            loss: f(p.loss),
            forfeit_win: f(p.forfeit_win),
            forfeit_loss: f(p.forfeit_loss),
            pairing_bye: f(p.pairing_bye),
            full_bye: f(p.full_bye),
            half_bye: f(p.half_bye),
            zero_bye: f(p.zero_bye),
        }
    }

    pub fn to_system(&self) -> DomainResult<pairing::PointSystem> {
        let h = |name: &str, v: f64| -> DomainResult<i32> {
            let doubled = v * 2.0;
            if !(0.0..=20.0).contains(&v) || doubled.fract() != 0.0 {
                return Err(DomainError::invalid(
                    &format!("points.{name}"),
                    format!("points for {name} must be a multiple of ½ between 0 and 10, not {v}"),
                ));
            }
            Ok(doubled as i32)
        };
        Ok(pairing::PointSystem {
            win: h("win", self.win)?,
            draw: h("draw", self.draw)?,
            loss: h("loss", self.loss)?,
            forfeit_win: h("forfeit_win", self.forfeit_win)?,
            forfeit_loss: h("forfeit_loss", self.forfeit_loss)?,
            pairing_bye: h("pairing_bye", self.pairing_bye)?,
            full_bye: h("full_bye", self.full_bye)?,
            half_bye: h("half_bye", self.half_bye)?,
            zero_bye: h("zero_bye", self.zero_bye)?,
            not_paired: 0,
        })
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct RoundSchedule {
    pub round: u32,
    /// Local date and time of the start, `YYYY-MM-DDTHH:MM`.
    pub start: String,
}

/// The regulations of a tournament (SPEC §2). Every field has a sensible default.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Regulations {
    pub name: String,
    pub place: String,
    pub federation: String,
    /// `YYYY-MM-DD`
    pub start_date: String,
    pub end_date: String,
    /// `swiss`, `round_robin` or `double_round_robin`.
    pub system: String,
    /// Number of rounds (Swiss). For round robins it follows from the players.
    pub rounds: u32,
    pub schedule: Vec<RoundSchedule>,
    pub time_control: TimeControl,
    /// Default time (art. 6.7): minutes after the start a player may arrive. 2009 Laws: 0.
    pub default_time_minutes: u32,
    pub adjournments: bool,
    /// Guidelines for adjourned games §10: lateness limit at resumption, minutes.
    pub resumption_lateness_minutes: u32,
    pub points: PointsConfig,
    /// How a late entry's missed rounds score: `zero` or `half`.
    pub late_entry_bye: String,
    /// Art. 9.1(a): minimum moves before an agreed draw (0 = no minimum).
    pub draw_offer_min_moves: u32,
    /// Art. 9.1(a): draw offers only with the arbiter's consent.
    pub draw_needs_arbiter: bool,
    /// Art. 7.4(b): the illegal move that loses (2009: the third).
    pub illegal_moves_lose: u32,
    /// Art. 7.4(b): seconds added to the opponent for each illegal move.
    pub illegal_move_bonus_seconds: u32,
    /// `standard` or `chess960`.
    pub variant: String,
    /// Tie-break order, FIDE C.07 codes (`BH/C1`, `SB`, …).
    pub tiebreaks: Vec<String>,
    /// Colour of the top seed in round 1: `white` or `black`.
    pub initial_color: String,
    /// Rating used for ordering: `fide` or `national`.
    pub rating_order: String,
    /// Notation letters for scoresheets: en pl cs de fr nl es it …
    pub notation: String,
    /// Edition of the Laws applied: `2009` or `2005`.
    pub laws_edition: String,
}

impl Default for Regulations {
    fn default() -> Self {
        Regulations {
            name: String::new(),
            place: String::new(),
            federation: String::new(),
            start_date: "2026-01-01".into(),
            end_date: "2026-01-01".into(),
            system: "swiss".into(),
            rounds: 9,
            schedule: vec![],
            time_control: TimeControl::default(),
            default_time_minutes: 0,
            adjournments: false,
            resumption_lateness_minutes: 60,
            points: PointsConfig::default(),
            late_entry_bye: "zero".into(),
            draw_offer_min_moves: 0,
            draw_needs_arbiter: false,
            illegal_moves_lose: 3,
            illegal_move_bonus_seconds: 120,
            variant: "standard".into(),
            tiebreaks: vec![],
            initial_color: "white".into(),
            rating_order: "fide".into(),
            notation: "en".into(),
            laws_edition: "2009".into(),
        }
    }
}

pub const SWISS_TIEBREAKS: &[&str] = &["BH/C1", "BH", "SB", "DE", "WIN", "BWG"];
pub const ROUND_ROBIN_TIEBREAKS: &[&str] = &["DE", "WIN", "SB", "KS", "BWG"];

pub const NOTATIONS: &[&str] = &[
    "en", "pl", "cs", "de", "fr", "nl", "es", "it", "hu", "da", "et", "fi", "is", "no", "pt", "ro",
    "sv",
];

impl Regulations {
    /// Checks every field; the first problem is returned with the field's name.
    /// Checks (and normalises) the regulations: the first problem.
    pub fn validate(&mut self) -> DomainResult<()> {
        match self.problems().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Every problem of the regulations at once, for a form that shows each
    /// next to its field.
    pub fn problems(&mut self) -> Vec<DomainError> {
        let mut out = Vec::new();
        self.name = self.name.trim().to_string();
        if self.name.is_empty() {
            out.push(DomainError::invalid("name", "the tournament needs a name"));
        }
        if self.name.chars().count() > 200 {
            out.push(DomainError::invalid(
                "name",
                "the name is longer than 200 characters",
            ));
        }
        for (field, v) in [
            ("start_date", &self.start_date),
            ("end_date", &self.end_date),
        ] {
            if chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").is_err() {
                out.push(DomainError::invalid(
                    field,
                    format!("'{v}' is not a date; write it as YYYY-MM-DD"),
                ));
            }
        }
        if self.end_date < self.start_date {
            out.push(DomainError::invalid(
                "end_date",
                "the tournament ends before it starts",
            ));
        }
        if !["swiss", "round_robin", "double_round_robin"].contains(&self.system.as_str()) {
            out.push(DomainError::invalid(
                "system",
                "the system is swiss, round_robin or double_round_robin",
            ));
        }
        if self.system == "swiss" && !(1..=30).contains(&self.rounds) {
            out.push(DomainError::invalid(
                "rounds",
                "a Swiss has between 1 and 30 rounds",
            ));
        }
        for s in &self.schedule {
            if chrono::NaiveDateTime::parse_from_str(&s.start, "%Y-%m-%dT%H:%M").is_err() {
                out.push(DomainError::invalid(
                    "schedule",
                    format!("round {}: '{}' is not YYYY-MM-DDTHH:MM", s.round, s.start),
                ));
            }
        }
        if self.time_control.periods.is_empty()
            || self.time_control.periods.iter().all(|p| p.minutes == 0)
                && self.time_control.increment_seconds == 0
        {
            out.push(DomainError::invalid(
                "time_control",
                "the time control needs at least one period with time",
            ));
        }
        if self.default_time_minutes > 24 * 60 {
            out.push(DomainError::invalid(
                "default_time_minutes",
                "the default time is at most a day",
            ));
        }
        if let Err(e) = self.points.to_system() {
            out.push(e);
        }
        if !["zero", "half"].contains(&self.late_entry_bye.as_str()) {
            out.push(DomainError::invalid(
                "late_entry_bye",
                "late entries' missed rounds score zero or half",
            ));
        }
        if !(1..=10).contains(&self.illegal_moves_lose) {
            out.push(DomainError::invalid(
                "illegal_moves_lose",
                "between 1 and 10",
            ));
        }
        if !["standard", "chess960"].contains(&self.variant.as_str()) {
            out.push(DomainError::invalid(
                "variant",
                "the variant is standard or chess960",
            ));
        }
        if self.tiebreaks.is_empty() {
            let defaults = if self.system == "swiss" {
                SWISS_TIEBREAKS
            } else {
                ROUND_ROBIN_TIEBREAKS
            };
            self.tiebreaks = defaults.iter().map(|s| s.to_string()).collect();
        }
        for code in &self.tiebreaks {
            if code.parse::<TieBreak>().is_err() {
                out.push(DomainError::invalid(
                    "tiebreaks",
                    format!("'{code}' is not a FIDE tie-break code (BH, BH/C1, SB, DE, WIN, …)"),
                ));
            }
        }
        if !["white", "black"].contains(&self.initial_color.as_str()) {
            out.push(DomainError::invalid("initial_color", "white or black"));
        }
        if !["fide", "national"].contains(&self.rating_order.as_str()) {
            out.push(DomainError::invalid("rating_order", "fide or national"));
        }
        if !NOTATIONS.contains(&self.notation.as_str()) {
            out.push(DomainError::invalid(
                "notation",
                format!("the notation letters are one of {}", NOTATIONS.join(", ")),
            ));
        }
        if !["2009", "2005"].contains(&self.laws_edition.as_str()) {
            out.push(DomainError::invalid("laws_edition", "2009 or 2005"));
        }
        out
    }

    fn from_row(row: &TournamentRow) -> Regulations {
        let system = row.system.clone();
        Regulations {
            name: row.name.clone(),
            place: row.place.clone(),
            federation: row.federation.clone(),
            start_date: row.start_date.clone(),
            end_date: row.end_date.clone(),
            system,
            rounds: row.rounds as u32,
            schedule: serde_json::from_str(&row.schedule).unwrap_or_default(),
            time_control: time_control(row),
            default_time_minutes: row.default_time_minutes as u32,
            adjournments: row.adjournments,
            resumption_lateness_minutes: row.resumption_lateness_minutes as u32,
            points: PointsConfig::from_system(&point_system(row)),
            late_entry_bye: row.late_entry_bye.clone(),
            draw_offer_min_moves: row.draw_offer_min_moves as u32,
            draw_needs_arbiter: row.draw_needs_arbiter,
            illegal_moves_lose: row.illegal_moves_lose as u32,
            illegal_move_bonus_seconds: row.illegal_move_bonus_seconds as u32,
            variant: row.variant.clone(),
            tiebreaks: tiebreak_codes(row),
            initial_color: row.initial_color.clone(),
            rating_order: row.rating_order.clone(),
            notation: row.notation.clone(),
            laws_edition: row.laws_edition.clone(),
        }
    }

    fn apply_to(&self, row: &mut TournamentRow) -> DomainResult<()> {
        row.name = self.name.clone();
        row.place = self.place.clone();
        row.federation = self.federation.clone();
        row.start_date = self.start_date.clone();
        row.end_date = self.end_date.clone();
        row.system = self.system.clone();
        row.rounds = self.rounds as i32;
        row.schedule = serde_json::to_string(&self.schedule).unwrap_or_else(|_| "[]".into());
        row.time_control = serde_json::to_string(&self.time_control).unwrap_or_default();
        row.default_time_minutes = self.default_time_minutes as i32;
        row.adjournments = self.adjournments;
        row.resumption_lateness_minutes = self.resumption_lateness_minutes as i32;
        row.points = serde_json::to_string(&self.points.to_system()?).unwrap_or_default();
        row.late_entry_bye = self.late_entry_bye.clone();
        row.draw_offer_min_moves = self.draw_offer_min_moves as i32;
        row.draw_needs_arbiter = self.draw_needs_arbiter;
        row.illegal_moves_lose = self.illegal_moves_lose as i32;
        row.illegal_move_bonus_seconds = self.illegal_move_bonus_seconds as i32;
        row.variant = self.variant.clone();
        row.tiebreaks = self.tiebreaks.join(",");
        row.initial_color = self.initial_color.clone();
        row.rating_order = self.rating_order.clone();
        row.notation = self.notation.clone();
        row.laws_edition = self.laws_edition.clone();
        Ok(())
    }
}

pub fn point_system(row: &TournamentRow) -> pairing::PointSystem {
    serde_json::from_str(&row.points).unwrap_or_default()
}

pub fn tiebreak_codes(row: &TournamentRow) -> Vec<String> {
    row.tiebreaks
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A tournament as clients see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TournamentView {
    pub id: i32,
    /// `registration` (round 1 not yet paired), `running` or `finished`.
    pub status: String,
    pub version: i32,
    pub regulations: Regulations,
    /// Derived from the time control (Appendices A, B): blitz, rapid or standard.
    pub time_control_category: String,
    pub rounds_paired: u32,
    pub players: u32,
}

pub fn view(conn: &mut DbConnection, row: &TournamentRow) -> DomainResult<TournamentView> {
    use crate::db::schema::players;
    let rounds_paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(row.id))
        .count()
        .get_result(conn)?;
    let n: i64 = players::table
        .filter(players::tournament_id.eq(row.id))
        .count()
        .get_result(conn)?;
    let regulations = Regulations::from_row(row);
    Ok(TournamentView {
        id: row.id,
        status: row.status.clone(),
        version: row.version,
        time_control_category: regulations.time_control.category().to_string(),
        regulations,
        rounds_paired: rounds_paired as u32,
        players: n as u32,
    })
}

/// The stored time control of a tournament (the default if it cannot be read).
pub fn time_control(row: &TournamentRow) -> TimeControl {
    serde_json::from_str(&row.time_control).unwrap_or_default()
}

pub fn load(conn: &mut DbConnection, tid: i32) -> DomainResult<TournamentRow> {
    tournaments::table
        .find(tid)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(format!("tournament {tid}")))
}

/// Any logged-in user may create a tournament; the creator becomes its organizer.
pub fn create(
    conn: &mut DbConnection,
    actor: &Actor,
    mut reg: Regulations,
) -> DomainResult<TournamentView> {
    let uid = require_user(actor)?;
    reg.validate()?;
    let ts = now();
    let mut row = TournamentRow {
        id: 0,
        name: String::new(),
        place: String::new(),
        federation: String::new(),
        start_date: String::new(),
        end_date: String::new(),
        system: String::new(),
        rounds: 0,
        schedule: String::new(),
        time_control: String::new(),
        default_time_minutes: 0,
        adjournments: false,
        resumption_lateness_minutes: 60,
        points: String::new(),
        late_entry_bye: String::new(),
        draw_offer_min_moves: 0,
        draw_needs_arbiter: false,
        illegal_moves_lose: 3,
        illegal_move_bonus_seconds: 120,
        variant: String::new(),
        tiebreaks: String::new(),
        initial_color: String::new(),
        rating_order: String::new(),
        notation: String::new(),
        laws_edition: String::new(),
        status: "registration".into(),
        version: 1,
        created_at: ts.clone(),
        updated_at: ts,
    };
    if super::fide_mode::draws_outweigh_win(reg.points.win, reg.points.draw, reg.points.loss) {
        // A tournament starts in FIDE mode; leaving it is a confirmed change
        // of the settings, recorded (`fide_mode`), not part of creating it.
        return Err(DomainError::invalid(
            "points.draw",
            "two draws would be worth more than a win and a loss, which the FIDE rules do not allow; create the tournament with a FIDE point system, then change it in the settings (this takes the tournament out of FIDE mode)",
        ));
    }
    reg.apply_to(&mut row)?;
    let id: i32 = diesel::insert_into(tournaments::table)
        .values((
            tournaments::name.eq(&row.name),
            tournaments::place.eq(&row.place),
            tournaments::federation.eq(&row.federation),
            tournaments::start_date.eq(&row.start_date),
            tournaments::end_date.eq(&row.end_date),
            tournaments::system.eq(&row.system),
            tournaments::rounds.eq(row.rounds),
            tournaments::schedule.eq(&row.schedule),
            tournaments::time_control.eq(&row.time_control),
            tournaments::default_time_minutes.eq(row.default_time_minutes),
            tournaments::adjournments.eq(row.adjournments),
            tournaments::resumption_lateness_minutes.eq(row.resumption_lateness_minutes),
            tournaments::points.eq(&row.points),
            tournaments::late_entry_bye.eq(&row.late_entry_bye),
            tournaments::draw_offer_min_moves.eq(row.draw_offer_min_moves),
            tournaments::draw_needs_arbiter.eq(row.draw_needs_arbiter),
            tournaments::illegal_moves_lose.eq(row.illegal_moves_lose),
            tournaments::illegal_move_bonus_seconds.eq(row.illegal_move_bonus_seconds),
            tournaments::variant.eq(&row.variant),
            tournaments::tiebreaks.eq(&row.tiebreaks),
            tournaments::initial_color.eq(&row.initial_color),
            tournaments::rating_order.eq(&row.rating_order),
            tournaments::notation.eq(&row.notation),
            tournaments::laws_edition.eq(&row.laws_edition),
            tournaments::status.eq(&row.status),
            tournaments::version.eq(1),
            tournaments::created_at.eq(&row.created_at),
            tournaments::updated_at.eq(&row.updated_at),
        ))
        .returning(tournaments::id)
        .get_result(conn)?;
    // The creator runs his event: organizer and arbiter, until he hands a role
    // over (`dismiss`).
    for role in [Role::Organizer, Role::Arbiter] {
        diesel::insert_into(tournament_staff::table)
            .values((
                tournament_staff::tournament_id.eq(id),
                tournament_staff::user_id.eq(uid),
                tournament_staff::role.eq(role.as_str()),
            ))
            .execute(conn)?;
    }
    let row = load(conn, id)?;
    let v = view(conn, &row)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(id),
            action: "tournament.create",
            entity: "tournament",
            entity_id: Some(id as i64),
        },
        None::<&()>,
        Some(&v),
    )?;
    Ok(v)
}

/// Edits of the regulations. Until round 1 is paired everything may change; after
/// that only what does not touch pairings or scores (SPEC §2).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct EditTournament {
    /// The version the client read; a stale one gets 409.
    pub version: Option<i32>,
    /// The regulations to apply as a JSON object of fields to change.
    #[schema(value_type = Object)]
    pub changes: serde_json::Map<String, serde_json::Value>,
    /// FIDE mode: a change the FIDE rules forbid (the tie-breaks after the
    /// start, a point system where two draws outweigh a win and a loss) needs
    /// both confirmations (`domain::fide_mode`).
    pub warning_read: bool,
    pub leave_fide_mode: bool,
}

/// Fields that may still change once round 1 has been paired.
pub const EDITABLE_WHILE_RUNNING: &[&str] =
    &["name", "place", "federation", "end_date", "schedule"];

pub fn edit(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    cmd: EditTournament,
) -> DomainResult<TournamentView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let mut row = load(conn, tid)?;
    let before = view(conn, &row)?;
    if let Some(v) = cmd.version {
        if v != row.version {
            return Err(DomainError::Conflict {
                message: format!(
                    "the tournament was changed meanwhile (version {} now, you edited {v}); reload and apply your change again",
                    row.version
                ),
                current: serde_json::to_value(&before).ok(),
            });
        }
    }
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let confirm = super::fide_mode::Confirmation::new(cmd.warning_read, cmd.leave_fide_mode);
    if paired > 0 {
        if let Some(frozen) = cmd
            .changes
            .keys()
            .find(|k| !EDITABLE_WHILE_RUNNING.contains(&k.as_str()) && k.as_str() != "tiebreaks")
        {
            return Err(DomainError::Conflict {
                message: format!(
                    "'{frozen}' cannot change after round 1 has been paired (SPEC §2: regulations are fixed once the tournament starts); only {} may change",
                    EDITABLE_WHILE_RUNNING.join(", ")
                ),
                current: serde_json::to_value(&before).ok(),
            });
        }
    }
    let mut current = serde_json::to_value(&before.regulations)
        .map_err(|e| DomainError::invalid("changes", e.to_string()))?;
    if let serde_json::Value::Object(map) = &mut current {
        for (k, v) in cmd.changes {
            if !map.contains_key(&k) {
                return Err(DomainError::invalid(
                    &k,
                    format!("'{k}' is not a regulation field"),
                ));
            }
            map.insert(k, v);
        }
    }
    let mut reg: Regulations = serde_json::from_value(current)
        .map_err(|e| DomainError::invalid("changes", format!("a value has the wrong type: {e}")))?;
    reg.validate()?;
    if paired > 0 && reg.tiebreaks != before.regulations.tiebreaks {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            &format!(
                "the tie-breaks changed after the start, from {} to {}",
                before.regulations.tiebreaks.join(", "),
                reg.tiebreaks.join(", ")
            ),
            "C.07: the tie-breaks are announced before the tournament starts",
            confirm,
        )?;
    }
    let p = &reg.points;
    if p != &before.regulations.points
        && super::fide_mode::draws_outweigh_win(p.win, p.draw, p.loss)
    {
        super::fide_mode::forbidden(
            conn,
            actor,
            tid,
            &format!(
                "a point system where two draws ({}) are worth more than a win and a loss ({} + {})",
                p.draw * 2.0,
                p.win,
                p.loss
            ),
            "C.04: the score groups of the Swiss system assume a win is worth at least two draws",
            confirm,
        )?;
    }
    reg.apply_to(&mut row)?;
    row.version += 1;
    row.updated_at = now();
    diesel::update(tournaments::table.find(tid))
        .set(&row)
        .execute(conn)?;
    let after = view(conn, &row)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "tournament.edit",
            entity: "tournament",
            entity_id: Some(tid as i64),
        },
        Some(&before),
        Some(&after),
    )?;
    Ok(after)
}

/// The tournament as `audience` sees it (the public counts published rounds only).
pub fn get(conn: &mut DbConnection, tid: i32, audience: Audience) -> DomainResult<TournamentView> {
    let row = load(conn, tid)?;
    audience_view(conn, &row, audience)
}

fn audience_view(
    conn: &mut DbConnection,
    row: &TournamentRow,
    audience: Audience,
) -> DomainResult<TournamentView> {
    let mut v = view(conn, row)?;
    v.rounds_paired = audience.last_round(conn, row.id)? as u32;
    Ok(v)
}

/// All tournaments as `actor` sees them, running ones first, then by start
/// date (newest first).
pub fn list(conn: &mut DbConnection, actor: &Actor) -> DomainResult<Vec<TournamentView>> {
    let rows: Vec<TournamentRow> = tournaments::table
        .select(TournamentRow::as_select())
        .order(tournaments::start_date.desc())
        .load(conn)?;
    let mut views = Vec::with_capacity(rows.len());
    for r in &rows {
        let audience = Audience::of(conn, actor, r.id)?;
        views.push(audience_view(conn, r, audience)?);
    }
    let rank = |s: &str| match s {
        "running" => 0,
        "registration" => 1,
        _ => 2,
    };
    views.sort_by_key(|v| rank(&v.status));
    Ok(views)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct StaffMember {
    pub username: String,
    /// `organizer` or `arbiter`.
    pub role: String,
}

/// Takes a role away (the organizer; a tournament keeps at least one organizer).
pub fn dismiss(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    cmd: StaffMember,
) -> DomainResult<Vec<StaffMember>> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let role = Role::parse(&cmd.role)
        .ok_or_else(|| DomainError::invalid("role", "the role is organizer or arbiter"))?;
    let uid: Option<i32> = users::table
        .filter(users::username.eq(&cmd.username))
        .select(users::id)
        .first(conn)
        .optional()?;
    let held = |conn: &mut DbConnection, uid: Option<i32>| -> DomainResult<i64> {
        let mut q = tournament_staff::table
            .filter(tournament_staff::tournament_id.eq(tid))
            .filter(tournament_staff::role.eq(role.as_str()))
            .into_boxed();
        if let Some(uid) = uid {
            q = q.filter(tournament_staff::user_id.eq(uid));
        }
        Ok(q.count().get_result(conn)?)
    };
    if uid.is_none() || held(conn, uid)? == 0 {
        return Err(DomainError::NotFound(format!(
            "{} as {} of tournament {tid}",
            cmd.username,
            role.as_str()
        )));
    }
    if role == Role::Organizer && held(conn, None)? == 1 {
        return Err(DomainError::conflict(
            "a tournament needs an organizer: appoint another one first",
        ));
    }
    diesel::delete(
        tournament_staff::table
            .filter(tournament_staff::tournament_id.eq(tid))
            .filter(tournament_staff::user_id.eq(uid.unwrap_or_default()))
            .filter(tournament_staff::role.eq(role.as_str())),
    )
    .execute(conn)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "staff.dismiss",
            entity: "user",
            entity_id: uid.map(i64::from),
        },
        Some(&cmd),
        None::<&()>,
    )?;
    staff(conn, tid)
}

pub fn staff(conn: &mut DbConnection, tid: i32) -> DomainResult<Vec<StaffMember>> {
    load(conn, tid)?;
    let rows: Vec<(String, String)> = tournament_staff::table
        .inner_join(users::table.on(users::id.eq(tournament_staff::user_id)))
        .filter(tournament_staff::tournament_id.eq(tid))
        .select((users::username, tournament_staff::role))
        .order((tournament_staff::role, users::username))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(username, role)| StaffMember { username, role })
        .collect())
}

/// The organizer appoints staff (another organizer or an arbiter).
pub fn appoint(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    cmd: StaffMember,
) -> DomainResult<Vec<StaffMember>> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let role = Role::parse(&cmd.role)
        .ok_or_else(|| DomainError::invalid("role", "the role is organizer or arbiter"))?;
    let uid: i32 = users::table
        .filter(users::username.eq(&cmd.username))
        .select(users::id)
        .first(conn)
        .optional()?
        .ok_or_else(|| {
            DomainError::invalid("username", format!("there is no user '{}'", cmd.username))
        })?;
    let exists: i64 = tournament_staff::table
        .filter(tournament_staff::tournament_id.eq(tid))
        .filter(tournament_staff::user_id.eq(uid))
        .filter(tournament_staff::role.eq(role.as_str()))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Err(DomainError::conflict(format!(
            "{} is already {} here",
            cmd.username,
            role.as_str()
        )));
    }
    diesel::insert_into(tournament_staff::table)
        .values((
            tournament_staff::tournament_id.eq(tid),
            tournament_staff::user_id.eq(uid),
            tournament_staff::role.eq(role.as_str()),
        ))
        .execute(conn)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "staff.appoint",
            entity: "user",
            entity_id: Some(uid as i64),
        },
        None::<&()>,
        Some(&cmd),
    )?;
    staff(conn, tid)
}

/// Marks the tournament running / finished after round changes.
pub fn refresh_status(conn: &mut DbConnection, tid: i32) -> DomainResult<()> {
    let row = load(conn, tid)?;
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let total = super::rounds::total_rounds(conn, &row)?;
    let pending: i64 = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::kind.eq_any(["pending", "adjourned"]))
        .count()
        .get_result(conn)?;
    let status = if paired == 0 {
        "registration"
    } else if paired as u32 >= total && pending == 0 {
        "finished"
    } else {
        "running"
    };
    if status != row.status {
        diesel::update(tournaments::table.find(tid))
            .set(tournaments::status.eq(status))
            .execute(conn)?;
    }
    Ok(())
}
