//! The regulations of a tournament (SPEC §2): time control, point system,
//! schedule, tie-breaks, number of rounds — the types, their checks and how
//! they are stored. A leaf of `domain`: it uses no other domain module, and
//! `tournaments`, `rounds`, `model` and the rest read the regulations here.

use super::kinds::{
    Acceleration, InitialColour, LateEntryBye, LawsEdition, Notation, PairingSystem, RatingOrder,
    TimeCategory, Variant,
};
use super::{DomainError, DomainResult};
use crate::db::models::TournamentRow;
use crate::db::schema::players;
use crate::db::DbConnection;
use diesel::prelude::*;
use pairing::tiebreak::TieBreak;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One period of a time control: `moves` moves (None = rest of the game) in `minutes`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct Period {
    #[schema(minimum = 1, maximum = 200)]
    pub moves: Option<u32>,
    #[schema(maximum = 1440)]
    pub minutes: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct TimeControl {
    #[schema(min_items = 1, max_items = 10)]
    pub periods: Vec<Period>,
    #[serde(default)]
    #[schema(maximum = 3600)]
    pub increment_seconds: u32,
    #[serde(default)]
    #[schema(maximum = 3600)]
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

    /// The category by the definitions of `edition` (`rules::laws::TimeCategory::of`:
    /// 2018/2023 blitz at 10 minutes or less, 2005/2009 under 15).
    pub fn category_under(&self, edition: LawsEdition) -> rules::laws::TimeCategory {
        let base: u32 = self
            .periods
            .iter()
            .map(|p| p.minutes)
            .fold(0, u32::saturating_add);
        rules::laws::TimeCategory::of(
            edition.rules(),
            base,
            self.increment_seconds.max(self.delay_seconds),
        )
    }

    /// Appendices A and B: blitz when base + 60 × increment < 15 minutes, rapid when
    /// 15 ≤ … < 60, standard otherwise (increment in seconds, so 60 × inc s = inc min).
    pub fn category(&self) -> TimeCategory {
        // In u64: a stored time control is within the limits `problems`
        // checks, but the sum must not overflow whatever a caller builds.
        let base: u64 = self.periods.iter().map(|p| u64::from(p.minutes)).sum();
        let total = base + u64::from(self.increment_seconds.max(self.delay_seconds));
        if total < 15 {
            TimeCategory::Blitz
        } else if total < 60 {
            TimeCategory::Rapid
        } else {
            TimeCategory::Standard
        }
    }
}

/// Points of the point system, in points (multiples of ½), as the regulations state them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
pub struct PointsConfig {
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub win: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub draw: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub loss: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub forfeit_win: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub forfeit_loss: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub pairing_bye: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub full_bye: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
    pub half_bye: f64,
    #[schema(multiple_of = 0.5, minimum = 0, maximum = 20)]
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
                    msg!(
                        "points for {} must be a multiple of ½ between 0 and 10, not {}",
                        name,
                        v
                    ),
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
    #[schema(minimum = 1, maximum = 1000)]
    pub round: u32,
    /// Local date and time of the start, `YYYY-MM-DDTHH:MM`.
    pub start: String,
}

/// The regulations of a tournament (SPEC §2). Every field has a sensible default.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Regulations {
    /// Required; at most 200 characters, at least one of them not white space
    /// (the pattern lists the white space that the server trims).
    #[schema(
        required = true,
        min_length = 1,
        max_length = 200,
        pattern = r"[^\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
    )]
    pub name: String,
    pub place: String,
    pub federation: String,
    /// `YYYY-MM-DD`
    #[schema(format = Date)]
    pub start_date: String,
    /// `YYYY-MM-DD`, not before `start_date`.
    #[schema(format = Date)]
    pub end_date: String,
    pub system: PairingSystem,
    /// Number of rounds (Swiss: 1 to 30). For round robins it follows from the players.
    /// A Double-Swiss counts games: twice its matches (even).
    #[schema(maximum = 30)]
    pub rounds: u32,
    pub schedule: Vec<RoundSchedule>,
    pub time_control: TimeControl,
    /// Default time (2023 art. 6.7.1, 2009 art. 6.6(a), 2005 art. 6.7): minutes after the start a player may arrive; 0 when the regulations are silent (2005: 60).
    #[schema(maximum = 1440)]
    pub default_time_minutes: u32,
    pub adjournments: bool,
    /// Guidelines for adjourned games §10: lateness limit at resumption, minutes.
    #[schema(maximum = 1440)]
    pub resumption_lateness_minutes: u32,
    pub points: PointsConfig,
    /// How a late entry's missed rounds score.
    pub late_entry_bye: LateEntryBye,
    /// Art. 9.1(a): minimum moves before an agreed draw (0 = no minimum).
    #[schema(maximum = 200)]
    pub draw_offer_min_moves: u32,
    /// Art. 9.1(a): draw offers only with the arbiter's consent.
    pub draw_needs_arbiter: bool,
    /// The completed illegal move that loses; null: as the edition of the
    /// Laws says (2018/2023 art. 7.5.5: the second; 2005/2009 art. 7.4(b):
    /// the third; `rules::laws::illegal_moves_that_lose`).
    #[schema(minimum = 1, maximum = 10)]
    pub illegal_moves_lose: Option<u32>,
    /// Seconds added to the opponent for an illegal move; null: as the
    /// edition says (two minutes; one in rapid and blitz under 2023 A.3).
    #[schema(minimum = 1, maximum = 3600)]
    pub illegal_move_bonus_seconds: Option<u32>,
    pub variant: Variant,
    /// Tie-break order, FIDE C.07 codes (`BH/C1`, `SB`, …).
    pub tiebreaks: Vec<String>,
    /// Colour of the top seed in round 1.
    pub initial_color: InitialColour,
    /// Rating used for ordering.
    pub rating_order: RatingOrder,
    /// Notation letters for scoresheets.
    pub notation: Notation,
    /// Edition of the Laws applied.
    pub laws_edition: LawsEdition,
    /// Accelerated pairings of a Swiss (`baku`: C.04.5.1); `none` by
    /// default. The setting is public; its virtual points only pair rounds
    /// and never count in the standings.
    pub acceleration: Acceleration,
}

impl Default for Regulations {
    fn default() -> Self {
        Regulations {
            name: String::new(),
            place: String::new(),
            federation: String::new(),
            start_date: "2026-01-01".into(),
            end_date: "2026-01-01".into(),
            system: PairingSystem::Swiss,
            rounds: 9,
            schedule: vec![],
            time_control: TimeControl::default(),
            default_time_minutes: 0,
            adjournments: false,
            resumption_lateness_minutes: 60,
            points: PointsConfig::default(),
            late_entry_bye: LateEntryBye::Zero,
            draw_offer_min_moves: 0,
            draw_needs_arbiter: false,
            illegal_moves_lose: None,
            illegal_move_bonus_seconds: None,
            variant: Variant::Standard,
            tiebreaks: vec![],
            initial_color: InitialColour::White,
            rating_order: RatingOrder::Fide,
            notation: Notation::En,
            laws_edition: LawsEdition::Laws2023,
            acceleration: Acceleration::None,
        }
    }
}

pub const SWISS_TIEBREAKS: &[&str] = &["BH/C1", "BH", "SB", "DE", "WIN", "BWG"];
pub const ROUND_ROBIN_TIEBREAKS: &[&str] = &["DE", "WIN", "SB", "KS", "BWG"];

impl Regulations {
    /// The completed illegal move that loses a game of this event: the
    /// regulations' own number, else the edition's for its time control
    /// (`rules::laws::illegal_moves_that_lose`).
    pub fn illegal_moves_losing(&self) -> u32 {
        self.illegal_moves_lose.unwrap_or_else(|| {
            rules::laws::illegal_moves_that_lose(
                self.laws_edition.rules(),
                self.time_control.category_under(self.laws_edition),
            )
        })
    }

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
        // The length as sent, as the document's `maxLength` counts it.
        let sent_length = self.name.chars().count();
        self.name = self.name.trim().to_string();
        if self.name.is_empty() {
            out.push(DomainError::invalid(
                "name",
                msg!("the tournament needs a name"),
            ));
        }
        if sent_length > 200 {
            out.push(DomainError::invalid(
                "name",
                msg!("the name is longer than 200 characters"),
            ));
        }
        for (field, v) in [
            ("start_date", &self.start_date),
            ("end_date", &self.end_date),
        ] {
            if !super::formats::is_date(v) {
                out.push(DomainError::invalid(
                    field,
                    msg!("'{}' is not a date; write it as YYYY-MM-DD", v),
                ));
            }
        }
        if self.end_date < self.start_date {
            out.push(DomainError::invalid(
                "end_date",
                msg!("the tournament ends before it starts"),
            ));
        }
        if self.system.is_swiss() && !(1..=30).contains(&self.rounds) {
            out.push(DomainError::invalid(
                "rounds",
                msg!("a Swiss has between 1 and 30 rounds"),
            ));
        }
        if self.system.is_double_swiss() && self.rounds % 2 == 1 {
            out.push(DomainError::invalid(
                "rounds",
                msg!("a Double-Swiss plays two games a match, each a round: an even number of rounds (twice the matches)"),
            ));
        }
        if !self.system.is_swiss() && self.rounds > 30 {
            out.push(DomainError::invalid(
                "rounds",
                msg!("at most 30 rounds (a round robin's follow from the players)"),
            ));
        }
        for s in &self.schedule {
            if !(1..=1000).contains(&s.round) {
                out.push(DomainError::invalid(
                    "schedule",
                    msg!("round {}: a round number is between 1 and 1000", s.round),
                ));
            }
        }
        for s in &self.schedule {
            if !super::formats::is_local_minute(&s.start) {
                out.push(DomainError::invalid(
                    "schedule",
                    msg!("round {}: '{}' is not YYYY-MM-DDTHH:MM", s.round, s.start),
                ));
            }
        }
        if self.time_control.periods.is_empty()
            || self.time_control.periods.iter().all(|p| p.minutes == 0)
                && self.time_control.increment_seconds == 0
        {
            out.push(DomainError::invalid(
                "time_control",
                msg!("the time control needs at least one period with time"),
            ));
        }
        let tc = &self.time_control;
        if tc.periods.len() > 10 {
            out.push(DomainError::invalid(
                "time_control.periods",
                msg!("a time control has at most 10 periods"),
            ));
        }
        for (i, p) in tc.periods.iter().enumerate() {
            if p.minutes > 24 * 60 {
                out.push(DomainError::invalid(
                    &format!("time_control.periods[{i}].minutes"),
                    msg!("a period lasts at most a day (1440 minutes)"),
                ));
            }
            if p.moves.is_some_and(|m| !(1..=200).contains(&m)) {
                out.push(DomainError::invalid(
                    &format!("time_control.periods[{i}].moves"),
                    msg!("a period has between 1 and 200 moves, or none for the rest of the game"),
                ));
            }
        }
        for (field, v) in [
            ("time_control.increment_seconds", tc.increment_seconds),
            ("time_control.delay_seconds", tc.delay_seconds),
            (
                "illegal_move_bonus_seconds",
                self.illegal_move_bonus_seconds.unwrap_or(0),
            ),
        ] {
            if v > 3600 {
                out.push(DomainError::invalid(
                    field,
                    msg!("at most an hour (3600 seconds)"),
                ));
            }
        }
        if self.resumption_lateness_minutes > 24 * 60 {
            out.push(DomainError::invalid(
                "resumption_lateness_minutes",
                msg!("at most a day (1440 minutes)"),
            ));
        }
        if self.draw_offer_min_moves > 200 {
            out.push(DomainError::invalid(
                "draw_offer_min_moves",
                msg!("at most 200 moves"),
            ));
        }
        if self.default_time_minutes > 24 * 60 {
            out.push(DomainError::invalid(
                "default_time_minutes",
                msg!("the default time is at most a day"),
            ));
        }
        if let Err(e) = self.points.to_system() {
            out.push(e);
        }
        if self.illegal_move_bonus_seconds == Some(0) {
            out.push(DomainError::invalid(
                "illegal_move_bonus_seconds",
                msg!("at least one second, or none for the edition's"),
            ));
        }
        if self
            .illegal_moves_lose
            .is_some_and(|n| !(1..=10).contains(&n))
        {
            out.push(DomainError::invalid(
                "illegal_moves_lose",
                msg!("between 1 and 10"),
            ));
        }
        if self.acceleration != Acceleration::None && !self.system.is_swiss() {
            out.push(DomainError::invalid(
                "acceleration",
                msg!("only a Swiss is accelerated"),
            ));
        }
        if self.acceleration != Acceleration::None && self.system.is_double_swiss() {
            out.push(DomainError::invalid(
                "acceleration",
                msg!("the Double-Swiss (C.04.5) has no accelerated pairings"),
            ));
        }
        if self.tiebreaks.is_empty() {
            let defaults = if self.system.is_swiss() {
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
                    msg!(
                        "'{}' is not a FIDE tie-break code (BH, BH/C1, SB, DE, WIN, …)",
                        code
                    ),
                ));
            }
        }
        out
    }

    pub(crate) fn from_row(row: &TournamentRow) -> Regulations {
        let system = row.system;
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
            late_entry_bye: row.late_entry_bye,
            draw_offer_min_moves: row.draw_offer_min_moves as u32,
            draw_needs_arbiter: row.draw_needs_arbiter,
            // Stored as 0: as the edition says.
            illegal_moves_lose: (row.illegal_moves_lose > 0)
                .then_some(row.illegal_moves_lose as u32),
            illegal_move_bonus_seconds: (row.illegal_move_bonus_seconds > 0)
                .then_some(row.illegal_move_bonus_seconds as u32),
            variant: row.variant,
            tiebreaks: tiebreak_codes(row),
            initial_color: row.initial_color,
            rating_order: row.rating_order,
            notation: row.notation,
            laws_edition: row.laws_edition,
            acceleration: row.acceleration,
        }
    }

    pub(crate) fn apply_to(&self, row: &mut TournamentRow) -> DomainResult<()> {
        row.name = self.name.clone();
        row.place = self.place.clone();
        row.federation = self.federation.clone();
        row.start_date = self.start_date.clone();
        row.end_date = self.end_date.clone();
        row.system = self.system;
        row.rounds = self.rounds as i32;
        row.schedule = serde_json::to_string(&self.schedule).unwrap_or_else(|_| "[]".into());
        row.time_control = serde_json::to_string(&self.time_control).unwrap_or_default();
        row.default_time_minutes = self.default_time_minutes as i32;
        row.adjournments = self.adjournments;
        row.resumption_lateness_minutes = self.resumption_lateness_minutes as i32;
        row.points = serde_json::to_string(&self.points.to_system()?).unwrap_or_default();
        row.late_entry_bye = self.late_entry_bye;
        row.draw_offer_min_moves = self.draw_offer_min_moves as i32;
        row.draw_needs_arbiter = self.draw_needs_arbiter;
        row.illegal_moves_lose = self.illegal_moves_lose.unwrap_or(0) as i32;
        row.illegal_move_bonus_seconds = self.illegal_move_bonus_seconds.unwrap_or(0) as i32;
        row.variant = self.variant;
        row.tiebreaks = self.tiebreaks.join(",");
        row.initial_color = self.initial_color;
        row.rating_order = self.rating_order;
        row.notation = self.notation;
        row.laws_edition = self.laws_edition;
        row.acceleration = self.acceleration;
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
/// The stored time control of a tournament (the default if it cannot be read).
pub fn time_control(row: &TournamentRow) -> TimeControl {
    serde_json::from_str(&row.time_control).unwrap_or_default()
}

/// Rounds of the event. A round robin's follow from the number of players.
pub fn total_rounds_for(t: &TournamentRow, players: u32) -> u32 {
    let cycle = || pairing::berger::rounds_per_cycle(players);
    match t.system {
        PairingSystem::Swiss
        | PairingSystem::Burstein
        | PairingSystem::Lim
        | PairingSystem::Dubov
        | PairingSystem::DoubleSwiss => t.rounds as u32,
        PairingSystem::RoundRobin => cycle(),
        PairingSystem::DoubleRoundRobin => 2 * cycle(),
    }
}

pub fn total_rounds(conn: &mut DbConnection, t: &TournamentRow) -> DomainResult<u32> {
    let n: i64 = players::table
        .filter(players::tournament_id.eq(t.id))
        .count()
        .get_result(conn)?;
    Ok(total_rounds_for(t, n as u32))
}
