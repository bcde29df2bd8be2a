//! Penalties (SPEC §5): every kind of art. 13.4, and 7.4(b), 9.5(b), 10.2,
//! 12.3(b), 12.8, 12.9 — recorded against a game and a player, with their effect
//! on the result. Where the Laws ask "could the opponent mate by any series of
//! legal moves", the rules core answers from the game's final position.
//!
//! Over 700 lines because `record` decides the effect of every kind of
//! penalty on the one game in one match over the kinds (nearly 300 lines);
//! the command, the form's reading of it and their tests belong with it.

use super::audit::Entry;
use super::library;
use super::msg::nested;
use super::records::final_position;
use super::registration::load_player;
use super::results::load_game;
use super::rounds::{game_to_change, game_view, player_map, refresh_round_state, GameView};
use super::tournaments::{load as load_tournament, point_system, time_control};
use super::Msg;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::schema::{games, penalties, players};
use crate::db::DbConnection;
use crate::domain::formats::{typed_number, typed_optional};
use crate::domain::ids::{GameId, PenaltyId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::parse_field;
use crate::domain::kinds::{GameKind, LawsEdition, PenaltyKind, PlayerStatus, QuickplayDecision};
use diesel::prelude::*;
use rules::{can_mate, CanMate, Position};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordPenalty {
    /// The offender (or the claimant, for a draw claim under 10.2).
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    /// `warning` (13.4(a)), `extra_time` (13.4(b), to the opponent),
    /// `time_deduction` (13.4(c)), `game_lost` (13.4(d), 12.3(b), 12.8),
    /// `score_reduced` (13.4(e)), `score_raised` (13.4(f), the opponent's),
    /// `expulsion` (13.4(g)), `illegal_move` (7.4(b)), `incorrect_draw_claim`
    /// (9.5(b)), `quickplay_claim` (10.2), `both_at_fault` (12.9).
    pub kind: PenaltyKind,
    /// Seconds, for `extra_time` and `time_deduction`.
    #[serde(default)]
    pub seconds: Option<i32>,
    /// For `score_reduced`: the offender's score in points (0 or ½).
    #[serde(default)]
    pub points: Option<f64>,
    /// For `quickplay_claim`: `draw`, `postponed`, `rejected` or `increment`.
    #[serde(default)]
    pub decision: Option<QuickplayDecision>,
    /// For `illegal_move` in rapid and blitz: the opponent claimed it before moving
    /// (Appendices A.4(c), B.3(c)).
    #[serde(default)]
    pub claimed: bool,
    /// The final position (FEN), when the game's moves are not stored; the rules
    /// core decides from it whether the opponent could mate.
    #[serde(default)]
    pub final_fen: Option<String>,
    #[serde(default)]
    pub note: String,
    /// The game's version as read.
    pub version: i32,
}

/// The penalty form's fields as typed (`web::pages::desk`), every one text
/// but the ticked box.
#[derive(Clone, Copy, Debug, Default)]
pub struct PenaltyFields<'a> {
    pub player_id: &'a str,
    pub kind: &'a str,
    pub seconds: &'a str,
    pub points: &'a str,
    pub decision: &'a str,
    pub claimed: bool,
    pub final_fen: &'a str,
    pub note: &'a str,
    pub version: &'a str,
}

impl RecordPenalty {
    /// The penalty form's fields, as the API's body: numbers read as typed
    /// (`½` in points is 0.5), an empty seconds, points, decision or final
    /// position is none; each field that does not read is an error at it.
    pub fn from_fields(f: PenaltyFields<'_>) -> DomainResult<RecordPenalty> {
        let given = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        Ok(RecordPenalty {
            player_id: typed_number("player_id", f.player_id, "a player")?,
            kind: parse_field("kind", f.kind)?,
            seconds: typed_optional("seconds", f.seconds, "a number of seconds")?,
            points: typed_optional("points", &f.points.replace('½', "0.5"), "0 or ½")?,
            decision: given(f.decision)
                .map(|d| parse_field("decision", &d))
                .transpose()?,
            claimed: f.claimed,
            final_fen: given(f.final_fen),
            note: f.note.trim().to_string(),
            version: typed_number("version", f.version, "a version")?,
        })
    }
}

#[derive(Clone, Debug, Serialize, ToSchema, Queryable, Selectable)]
#[diesel(table_name = penalties)]
pub struct PenaltyView {
    #[schema(value_type = i32)]
    pub id: PenaltyId,
    #[schema(value_type = i32)]
    pub game_id: GameId,
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    pub kind: PenaltyKind,
    pub article: String,
    pub seconds: Option<i32>,
    pub decision: String,
    /// What the penalty did, in the arbiter's words.
    pub effect: String,
    pub note: String,
    pub at: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PenaltyAnswer {
    pub penalty: PenaltyView,
    pub game: GameView,
}

/// The articles a penalty of `kind` rests on in `edition`, from the rules
/// core's table of the editions (`rules::laws::TABLE`, the one place article
/// numbers come from): 13.4(a)–(g) of 2005/2009 are 12.9.1–12.9.7 of
/// 2018/2023, the illegal move's 7.4(b) is 7.5.5, the quickplay finish's
/// 10.2 is Guidelines III.
pub fn article(kind: PenaltyKind, edition: LawsEdition) -> String {
    use rules::laws::Rule;
    let rules: &[Rule] = match kind {
        PenaltyKind::Warning => &[Rule::PenaltyWarning],
        PenaltyKind::ExtraTime => &[Rule::PenaltyExtraTime],
        PenaltyKind::TimeDeduction => &[Rule::PenaltyTimeDeduction],
        PenaltyKind::GameLost => &[
            Rule::PenaltyGameLost,
            Rule::ElectronicDevice,
            Rule::PersistentRefusal,
        ],
        PenaltyKind::ScoreReduced => &[Rule::PenaltyScoreReduced],
        PenaltyKind::ScoreRaised => &[Rule::PenaltyScoreRaised],
        PenaltyKind::Expulsion => &[Rule::PenaltyExpulsion],
        PenaltyKind::IllegalMove => &[Rule::IllegalMovePenalty],
        PenaltyKind::ClockWithoutMove => &[Rule::ClockWithoutMove, Rule::IllegalMovePenalty],
        PenaltyKind::TwoHandedMove => &[Rule::TwoHandedMove, Rule::IllegalMovePenalty],
        PenaltyKind::IncorrectDrawClaim => &[Rule::IncorrectDrawClaim],
        PenaltyKind::QuickplayClaim => &[Rule::QuickplayFinish],
        PenaltyKind::BothAtFault => &[Rule::BothAtFault],
    };
    rules::laws::articles(edition.rules(), rules)
}

/// Whether `side` could mate by any series of legal moves in `pos`.
fn could_mate(pos: &Position, side: rules::Color) -> DomainResult<bool> {
    match can_mate(pos, side) {
        CanMate::Yes(_) => Ok(true),
        CanMate::No => Ok(false),
        CanMate::Unknown => Err(DomainError::conflict(
            msg!("the rules core could not decide within its search budget whether the opponent can mate; decide it and enter the result as a correction"),
        )),
    }
}

pub fn record(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    gid: GameId,
    cmd: RecordPenalty,
) -> DomainResult<PenaltyAnswer> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let (g, _, before) = game_to_change(conn, tid, gid, cmd.version, |_, _| {
        msg!("the game was changed meanwhile; reload it")
    })?;
    let Some(black_id) = g.black_id else {
        return Err(DomainError::invalid("game", msg!("a bye has no penalties")));
    };
    let offender_is_white = if cmd.player_id == g.white_id {
        true
    } else if cmd.player_id == black_id {
        false
    } else {
        return Err(DomainError::invalid(
            "player_id",
            msg!("the player does not play this game"),
        ));
    };
    let art = article(cmd.kind, t.laws_edition);
    let edition = t.laws_edition.rules();
    let category = time_control(&t).category_under(t.laws_edition);
    let points = point_system(&t);
    let offender_color = if offender_is_white {
        rules::Color::White
    } else {
        rules::Color::Black
    };
    let opponent_color = offender_color.other();
    // (white points, black points) when the penalty decides the result.
    let mut new_result: Option<(i32, i32)> = None;
    // As stored: the 10.2 decision's word, or what 12.9 decided.
    let mut decision = cmd
        .decision
        .map(|d| d.as_str().to_string())
        .unwrap_or_default();
    let mut seconds = cmd.seconds;
    // The effect is stored as its English sentence; the pages show it in the
    // viewer's language by its template (`i18n::errors::stored`).
    let effect: Msg;
    let loss_for_offender = |opp_can: bool| -> (i32, i32) {
        let opp = if opp_can { points.win } else { points.draw };
        if offender_is_white {
            (points.loss, opp)
        } else {
            (opp, points.loss)
        }
    };
    // 7.4(b) and B.3(c): the game is lost — or drawn (½-½) when the opponent
    // cannot mate, unlike 12.3(b) where only the opponent's score is a draw.
    let lost_or_drawn = |opp_can: bool| -> (i32, i32) {
        if opp_can {
            loss_for_offender(true)
        } else {
            (points.draw, points.draw)
        }
    };
    match cmd.kind {
        PenaltyKind::Warning => effect = msg!("warning; no effect on the result"),
        PenaltyKind::ExtraTime | PenaltyKind::TimeDeduction => {
            let s = cmd
                .seconds
                .filter(|s| *s > 0 && *s <= 3 * 3600)
                .ok_or_else(|| {
                    DomainError::invalid("seconds", msg!("give the seconds (1 to 10800)"))
                })?;
            effect = if cmd.kind == PenaltyKind::ExtraTime {
                msg!("{} s added to the opponent's clock", s)
            } else {
                msg!("{} s taken from the offender's clock", s)
            };
        }
        PenaltyKind::GameLost => {
            let pos = final_pos(conn, gid, cmd.final_fen.as_deref())?;
            let can = could_mate(&pos, opponent_color)?;
            new_result = Some(loss_for_offender(can));
            effect = if can {
                msg!("game declared lost; the opponent wins")
            } else {
                msg!(
                    "game declared lost; the opponent cannot mate by any series of legal moves, so he scores a draw ({})",
                    art
                )
            };
        }
        PenaltyKind::ScoreReduced => {
            let p = cmd.points.ok_or_else(|| {
                DomainError::invalid("points", msg!("give the offender's reduced score"))
            })?;
            let h = (p * 2.0).round() as i32;
            if !(0..=1).contains(&h) || (p * 2.0).fract() != 0.0 {
                return Err(DomainError::invalid(
                    "points",
                    msg!("the reduced score is 0 or ½"),
                ));
            }
            let (w, b) = (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0));
            new_result = Some(if offender_is_white {
                (h.min(w), b)
            } else {
                (w, h.min(b))
            });
            effect = msg!("the offender's score reduced to {}", p);
        }
        PenaltyKind::ScoreRaised => {
            let (w, b) = (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0));
            new_result = Some(if offender_is_white {
                (w, points.win)
            } else {
                (points.win, b)
            });
            effect = msg!("the opponent's score raised to the maximum");
        }
        PenaltyKind::Expulsion => {
            effect =
                msg!("expelled from the event: not paired again; unfinished games lost by forfeit");
        }
        PenaltyKind::IllegalMove | PenaltyKind::ClockWithoutMove | PenaltyKind::TwoHandedMove => {
            use rules::laws::{self, Edition, Incident, Rule, TimeCategory as Cat};
            let incident = match cmd.kind {
                PenaltyKind::ClockWithoutMove => Some(Incident::ClockWithoutMove),
                PenaltyKind::TwoHandedMove => Some(Incident::TwoHandedMove),
                _ => None,
            };
            if incident.is_some_and(|i| !laws::counts_as_illegal_move(edition, i)) {
                // 2005/2009: not an illegal move; a penalty of 13.4 instead.
                return Err(DomainError::invalid(
                    "kind",
                    msg!(
                        "under this edition of the Laws this is not an illegal move: choose a penalty of {}",
                        laws::articles(edition, &[Rule::PenaltyWarning])
                    ),
                ));
            }
            let older = matches!(edition, Edition::Laws2005 | Edition::Laws2009);
            if older && category != Cat::Standard && !cmd.claimed {
                // 2005/2009: in rapid and blitz only the opponent's claim
                // before he moves; from 2018 the arbiter acts on what he sees.
                return Err(DomainError::invalid(
                    "claimed",
                    msg!(
                        "in rapid and blitz an illegal move is penalised only on the opponent's claim before he moves ({})",
                        laws::articles(edition, &[Rule::RapidIllegalMove, Rule::BlitzIllegalMove])
                    ),
                ));
            }
            let earlier: i64 = penalties::table
                .filter(penalties::game_id.eq(gid))
                .filter(penalties::player_id.eq(cmd.player_id))
                .filter(penalties::kind.eq_any([
                    PenaltyKind::IllegalMove,
                    PenaltyKind::ClockWithoutMove,
                    PenaltyKind::TwoHandedMove,
                ]))
                .count()
                .get_result(conn)?;
            let count = earlier as i32 + 1;
            let ruling = laws::illegal_move_consequence(edition, category, count as u32);
            // The regulations may set their own numbers; else the edition's
            // (2018/2023 7.5.5: the second loses; 2005/2009 7.4(b): the
            // third; blitz of 2005/2009: the first, on a claim).
            // (0 stored: the edition's.)
            let lose_at = u32::try_from(t.illegal_moves_lose)
                .ok()
                .filter(|n| *n > 0)
                .unwrap_or_else(|| laws::illegal_moves_that_lose(edition, category));
            let bonus = u32::try_from(t.illegal_move_bonus_seconds)
                .ok()
                .filter(|n| *n > 0)
                .unwrap_or_else(|| laws::illegal_move_extra_seconds(edition, category));
            if count as u32 >= lose_at {
                let can = could_mate(
                    &final_pos(conn, gid, cmd.final_fen.as_deref())?,
                    opponent_color,
                )?;
                new_result = Some(lost_or_drawn(can));
                effect = if can {
                    msg!(
                        "illegal move number {}: the game is lost ({})",
                        count,
                        ruling.articles
                    )
                } else {
                    msg!("illegal move number {}: the game is lost, but the opponent cannot mate by any series of legal moves: draw ({})", count, ruling.articles)
                };
            } else {
                seconds = Some(bonus as i32);
                effect = msg!(
                    "illegal move number {}: {} s added to the opponent's clock; number {} loses ({})",
                    count,
                    bonus,
                    lose_at,
                    ruling.articles
                );
            }
        }
        PenaltyKind::IncorrectDrawClaim => {
            let s = rules::laws::incorrect_claim_seconds(edition, category);
            seconds = Some(s as i32);
            effect = msg!(
                "incorrect draw claim: {} s added to the opponent's clock ({})",
                s,
                art
            );
        }
        PenaltyKind::QuickplayClaim => {
            let tc = time_control(&t);
            if !tc.has_quickplay_finish() {
                return Err(DomainError::invalid(
                    "kind",
                    msg!("a claim under {} is only for games without increment or delay; this time control adds {} s a move", art, tc.increment_seconds.max(tc.delay_seconds)),
                ));
            }
            let extra = rules::laws::quickplay_extra_seconds(edition);
            match cmd.decision {
                Some(QuickplayDecision::Draw) => {
                    new_result = Some((points.draw, points.draw));
                    effect = msg!("claim under {} accepted: the game is drawn", art);
                }
                Some(QuickplayDecision::Postponed) => {
                    seconds = Some(extra as i32);
                    effect = msg!(
                        "claim under {} postponed: {} s added to the opponent's clock",
                        art,
                        extra
                    );
                }
                Some(QuickplayDecision::Rejected) => {
                    seconds = Some(extra as i32);
                    effect = msg!(
                        "claim under {} rejected: {} s added to the opponent's clock",
                        art,
                        extra
                    );
                }
                Some(QuickplayDecision::Increment) => {
                    effect = msg!(
                        "claim under {}: increment added for both players ({})",
                        art,
                        t.laws_edition
                            .article(rules::laws::Rule::QuickplayIncrement)
                    )
                }
                None => {
                    return Err(DomainError::invalid(
                        "decision",
                        msg!("the decision is draw, postponed, rejected or increment"),
                    ))
                }
            }
        }
        PenaltyKind::BothAtFault => {
            new_result = Some((points.loss, points.loss));
            decision = "both players lose".into();
            effect = msg!("both players at fault: both lose, 0-0 ({})", art);
        }
    }
    let id: PenaltyId = diesel::insert_into(penalties::table)
        .values((
            penalties::tournament_id.eq(tid),
            penalties::game_id.eq(gid),
            penalties::player_id.eq(cmd.player_id),
            penalties::kind.eq(cmd.kind),
            penalties::article.eq(&art),
            penalties::seconds.eq(seconds),
            penalties::decision.eq(&decision),
            penalties::effect.eq(effect.to_string()),
            penalties::note.eq(cmd.note.trim()),
            penalties::arbiter_id.eq(actor.user_id),
            penalties::at.eq(now()),
        ))
        .returning(penalties::id)
        .get_result(conn)?;
    if let Some((w, b)) = new_result {
        diesel::update(games::table.find(gid))
            .set((
                games::kind.eq(GameKind::Played),
                games::white_score.eq(Some(w)),
                games::black_score.eq(Some(b)),
                games::termination.eq(format!("penalty: art. {art}")),
                games::reason.eq(effect.to_string()),
                games::version.eq(g.version + 1),
                games::updated_at.eq(now()),
            ))
            .execute(conn)?;
    } else {
        diesel::update(games::table.find(gid))
            .set((
                games::version.eq(g.version + 1),
                games::updated_at.eq(now()),
            ))
            .execute(conn)?;
    }
    if cmd.kind == PenaltyKind::Expulsion {
        expel(conn, tid, cmd.player_id)?;
    }
    refresh_round_state(conn, tid, g.round_number)?;
    let pm = player_map(conn, tid)?;
    let answer = PenaltyAnswer {
        penalty: view_of(conn, id)?,
        game: game_view(&load_game(conn, tid, gid)?, &pm),
    };
    Entry::at(tid, "penalty.record", "game", gid).change(conn, actor, &before, &answer)?;
    Ok(answer)
}

/// The position the "could he mate" question is asked in: the given FEN, else the
/// final position of the game's stored moves.
fn final_pos(conn: &mut DbConnection, gid: GameId, fen: Option<&str>) -> DomainResult<Position> {
    if let Some(f) = fen.map(str::trim).filter(|f| !f.is_empty()) {
        return Position::from_fen(f).map_err(|e| {
            DomainError::invalid(
                "final_fen",
                msg!("the FEN is not valid: {}", nested(library::fen_error(&e))),
            )
        });
    }
    final_position(conn, gid)?.ok_or_else(|| {
        DomainError::invalid(
            "final_fen",
            msg!("give the final position (FEN) or upload the game's moves: the rules core decides from it whether the opponent could mate"),
        )
    })
}

/// Expulsion (13.4(g) of 2005/2009, 12.9.7 from 2018): out of later pairings;
/// every unfinished game is lost by forfeit.
fn expel(conn: &mut DbConnection, tid: TournamentId, pid: PlayerId) -> DomainResult<()> {
    let p = load_player(conn, tid, pid)?;
    let t = load_tournament(conn, tid)?;
    let points = point_system(&t);
    let paired: Option<i32> = crate::db::schema::rounds::table
        .filter(crate::db::schema::rounds::tournament_id.eq(tid))
        .select(diesel::dsl::max(crate::db::schema::rounds::number))
        .first(conn)?;
    diesel::update(players::table.find(pid))
        .set((
            players::status.eq(PlayerStatus::Expelled),
            players::left_after_round.eq(paired),
            players::version.eq(p.version + 1),
        ))
        .execute(conn)?;
    let open: Vec<crate::db::models::GameRow> = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::kind.eq_any([GameKind::Pending, GameKind::Adjourned]))
        .filter(games::white_id.eq(pid).or(games::black_id.eq(pid)))
        .select(crate::db::models::GameRow::as_select())
        .load(conn)?;
    for og in open {
        let (w, b) = if og.white_id == pid {
            (points.forfeit_loss, points.forfeit_win)
        } else {
            (points.forfeit_win, points.forfeit_loss)
        };
        diesel::update(games::table.find(og.id))
            .set((
                games::kind.eq(GameKind::Forfeit),
                games::white_score.eq(Some(w)),
                games::black_score.eq(Some(b)),
                games::termination.eq(format!(
                    "expulsion ({})",
                    article(PenaltyKind::Expulsion, t.laws_edition)
                )),
                games::version.eq(og.version + 1),
                games::updated_at.eq(now()),
            ))
            .execute(conn)?;
        refresh_round_state(conn, tid, og.round_number)?;
    }
    Ok(())
}

fn view_of(conn: &mut DbConnection, id: PenaltyId) -> DomainResult<PenaltyView> {
    Ok(penalties::table
        .find(id)
        .select(PenaltyView::as_select())
        .first(conn)?)
}

/// Penalties of a game (public: they are shown on the game, the card and the round).
/// The penalties of a game, as `audience` sees them (the public: of a published
/// round, without the arbiter's internal note).
pub fn for_game(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    audience: Audience,
) -> DomainResult<Vec<PenaltyView>> {
    let g = load_game(conn, tid, gid)?;
    audience.check_game(conn, tid, &g)?;
    let rows: Vec<PenaltyView> = penalties::table
        .filter(penalties::game_id.eq(gid))
        .order(penalties::id)
        .select(PenaltyView::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| for_audience(r, audience))
        .collect())
}

/// The internal note is for the staff.
fn for_audience(mut v: PenaltyView, audience: Audience) -> PenaltyView {
    if !audience.is_staff() {
        v.note.clear();
    }
    v
}

/// A penalty with the round of its game, for the player's card.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CardPenalty {
    #[schema(value_type = i32)]
    pub round: RoundNo,
    #[serde(flatten)]
    pub penalty: PenaltyView,
}

/// Penalties against `pid` in tournament `tid`, by round, as `audience` sees them.
pub fn for_player(
    conn: &mut DbConnection,
    tid: TournamentId,
    pid: PlayerId,
    audience: Audience,
) -> DomainResult<Vec<CardPenalty>> {
    let last = audience.last_round(conn, tid)?;
    let rows: Vec<PenaltyView> = penalties::table
        .filter(penalties::tournament_id.eq(tid))
        .filter(penalties::player_id.eq(pid))
        .order(penalties::id)
        .select(PenaltyView::as_select())
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let v = for_audience(r, audience);
        let round = load_game(conn, tid, v.game_id)?.round_number;
        if round <= last {
            out.push(CardPenalty { round, penalty: v });
        }
    }
    Ok(out)
}

/// How many penalties each game of round `number` has (games without any are absent).
pub fn counts_for_round(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<std::collections::HashMap<GameId, usize>> {
    let ids: Vec<GameId> = penalties::table
        .inner_join(
            crate::db::schema::games::table.on(crate::db::schema::games::id.eq(penalties::game_id)),
        )
        .filter(penalties::tournament_id.eq(tid))
        .filter(crate::db::schema::games::round_number.eq(number))
        .select(penalties::game_id)
        .load(conn)?;
    let mut counts = std::collections::HashMap::new();
    for id in ids {
        *counts.entry(id).or_insert(0) += 1;
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> PenaltyFields<'static> {
        PenaltyFields {
            player_id: " 7 ",
            kind: "score_reduced",
            points: "½",
            version: "3",
            ..Default::default()
        }
    }

    #[test]
    fn the_form_reads_as_the_api_body() {
        let cmd = RecordPenalty::from_fields(fields()).unwrap();
        assert_eq!(cmd.player_id, PlayerId(7));
        assert_eq!(cmd.kind, PenaltyKind::ScoreReduced);
        assert_eq!(
            (cmd.points, cmd.seconds, cmd.decision),
            (Some(0.5), None, None)
        );
        assert_eq!((cmd.final_fen, cmd.version), (None, 3));
        let cmd = RecordPenalty::from_fields(PenaltyFields {
            points: "0,5",
            decision: " postponed ",
            ..fields()
        })
        .unwrap();
        assert_eq!(cmd.points, Some(0.5));
        assert_eq!(cmd.decision, Some(QuickplayDecision::Postponed));
    }

    #[test]
    fn a_field_that_does_not_read_is_an_error_at_it() {
        for (f, field, text) in [
            (
                PenaltyFields {
                    player_id: "x",
                    ..fields()
                },
                "player_id",
                "'x' is not a player",
            ),
            (
                PenaltyFields {
                    seconds: "1m",
                    ..fields()
                },
                "seconds",
                "'1m' is not a number of seconds",
            ),
            (
                PenaltyFields {
                    points: "half",
                    ..fields()
                },
                "points",
                "'half' is not 0 or ½",
            ),
            (
                PenaltyFields {
                    decision: "maybe",
                    ..fields()
                },
                "decision",
                "'maybe' is not a quickplay decision",
            ),
            (
                PenaltyFields {
                    version: "",
                    ..fields()
                },
                "version",
                "'' is not a version",
            ),
        ] {
            match RecordPenalty::from_fields(f) {
                Err(DomainError::Invalid { field: at, message }) => {
                    assert_eq!(at, field);
                    assert!(message.to_string().starts_with(text), "{message}");
                }
                other => panic!("{field}: {other:?}"),
            }
        }
    }
}
