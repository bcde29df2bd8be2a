//! Adjourned games and sealed moves (SPEC §7; Guidelines for adjourned games,
//! 2005 Appendix A). The sealed move is encrypted at rest with the server key
//! (`secrets::SealKey`, outside the database) and appears in no answer, page, log
//! line or plaintext column until the envelope is opened — by an arbiter, with
//! the replying player present (§6). Every step is audited.
//!
//! Over 700 lines because the sealed-move envelope's whole life (SPEC §7) —
//! seal, store encrypted, present, open, end, lose — is one state machine over
//! one row; its states are checked in one place.

use super::audit::Entry;
use super::library;
use super::msg::{nested, Msg};
use super::records::final_position;
use super::results::load_game;
use super::rounds::{game_view, player_map, refresh_round_state, GameView};
use super::tournaments::{load as load_tournament, point_system};
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::schema::{adjournments, games};
use crate::db::DbConnection;
use crate::domain::ids::{AdjournmentId, GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{EarlyEnd, EnvelopeParty, EnvelopeState, GameKind};
use crate::domain::msg::word;
use crate::secrets::SealKey;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use rules::san::LetterSet;
use rules::sealed::{judge_sealed_move_under, Attendance, Consequence, SealedVerdict};
use rules::Position;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Adjourn {
    /// The position just before the sealed move (FEN). Default: the final position
    /// of the game's stored moves.
    #[serde(default)]
    pub fen: Option<String>,
    pub white_time_used_seconds: i32,
    pub black_time_used_seconds: i32,
    /// The sealed move, as the sealer wrote it (tournament's notation letters).
    /// Encrypted at once; never shown until the envelope is opened.
    pub sealed_move: String,
    /// Default: the move number of the position.
    #[serde(default)]
    pub sealed_move_number: Option<i32>,
    /// The player whose draw offer stands, if any.
    #[serde(default)]
    #[schema(value_type = Option<i32>)]
    pub draw_offer_by: Option<PlayerId>,
    /// `YYYY-MM-DDTHH:MM`
    pub resume_at: String,
    pub resume_place: String,
}

impl std::fmt::Debug for Adjourn {
    // Never print the sealed move, not even in a debug log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Adjourn")
            .field("fen", &self.fen)
            .field("sealed_move", &"(sealed)")
            .finish()
    }
}

/// An envelope as anyone may see it: every field of SPEC §7 but the sealed move,
/// which appears only once the envelope has been opened.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EnvelopeView {
    #[schema(value_type = i32)]
    pub id: AdjournmentId,
    #[schema(value_type = i32)]
    pub game_id: GameId,
    #[schema(value_type = i32)]
    pub round: RoundNo,
    pub board: i32,
    pub white: String,
    pub black: String,
    pub position_fen: String,
    pub white_time_used_seconds: i32,
    pub black_time_used_seconds: i32,
    #[schema(value_type = i32)]
    pub sealer_id: PlayerId,
    pub sealer: String,
    pub sealed_move_number: i32,
    #[schema(value_type = Option<i32>)]
    pub draw_offer_by: Option<PlayerId>,
    pub resume_at: String,
    pub resume_place: String,
    /// `sealed`, `opened`, `ended` (draw or resignation before resumption),
    /// `lost` (envelope lost, §11).
    pub state: EnvelopeState,
    pub replier_present_at: Option<String>,
    pub sealer_present_at: Option<String>,
    pub opened_at: Option<String>,
    /// After opening only: the text as sealed, the verdict and its consequence.
    #[schema(value_type = Option<Value>)]
    pub opening: Option<serde_json::Value>,
    pub outcome: Option<String>,
}

type Row = (
    (
        AdjournmentId,
        GameId,
        String,
        i32,
        i32,
        PlayerId,
        i32,
        Option<PlayerId>,
        String,
        String,
    ),
    (
        String,
        String,
        EnvelopeState,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        i32,
    ),
);

/// [`load`], of an envelope still sealed (else 409).
fn load_sealed(
    conn: &mut DbConnection,
    tid: TournamentId,
    aid: AdjournmentId,
) -> DomainResult<Row> {
    let row = load(conn, tid, aid)?;
    if row.1 .2 != EnvelopeState::Sealed {
        return Err(DomainError::conflict(msg!(
            "the envelope is no longer sealed"
        )));
    }
    Ok(row)
}

fn load(conn: &mut DbConnection, tid: TournamentId, aid: AdjournmentId) -> DomainResult<Row> {
    adjournments::table
        .filter(adjournments::id.eq(aid))
        .filter(adjournments::tournament_id.eq(tid))
        .select((
            (
                adjournments::id,
                adjournments::game_id,
                adjournments::position_fen,
                adjournments::white_time_used_seconds,
                adjournments::black_time_used_seconds,
                adjournments::sealer_id,
                adjournments::sealed_move_number,
                adjournments::draw_offer_by,
                adjournments::resume_at,
                adjournments::resume_place,
            ),
            (
                adjournments::sealed_ciphertext,
                adjournments::sealed_nonce,
                adjournments::state,
                adjournments::replier_present_at,
                adjournments::sealer_present_at,
                adjournments::opened_at,
                adjournments::verdict,
                adjournments::outcome,
                adjournments::version,
            ),
        ))
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("adjournment {} in tournament {}", aid, tid)))
}

fn view(conn: &mut DbConnection, tid: TournamentId, row: &Row) -> DomainResult<EnvelopeView> {
    let (a, b) = row;
    let g = load_game(conn, tid, a.1)?;
    let pm = player_map(conn, tid)?;
    let name = |id: PlayerId| pm.get(&id).map(|p| p.name.clone()).unwrap_or_default();
    Ok(EnvelopeView {
        id: a.0,
        game_id: a.1,
        round: g.round_number,
        board: g.board,
        white: name(g.white_id),
        black: g.black_id.map(name).unwrap_or_default(),
        position_fen: a.2.clone(),
        white_time_used_seconds: a.3,
        black_time_used_seconds: a.4,
        sealer_id: a.5,
        sealer: name(a.5),
        sealed_move_number: a.6,
        draw_offer_by: a.7,
        resume_at: a.8.clone(),
        resume_place: a.9.clone(),
        state: b.2,
        replier_present_at: b.3.clone(),
        sealer_present_at: b.4.clone(),
        opened_at: b.5.clone(),
        opening: b.6.as_deref().and_then(|v| serde_json::from_str(v).ok()),
        outcome: b.7.clone(),
    })
}

/// An envelope, for the tournament's staff only (SPEC §7: what it holds and
/// where it is are the arbiter's business until the game resumes).
pub fn get(
    conn: &mut DbConnection,
    tid: TournamentId,
    aid: AdjournmentId,
    audience: Audience,
) -> DomainResult<EnvelopeView> {
    staff_only(audience)?;
    let row = load(conn, tid, aid)?;
    view(conn, tid, &row)
}

fn staff_only(audience: Audience) -> DomainResult<()> {
    if audience.is_staff() {
        Ok(())
    } else {
        Err(DomainError::Forbidden(msg!(
            "adjournment envelopes are for the tournament's organizers and arbiters"
        )))
    }
}

/// The envelopes of a game, oldest first (staff only).
pub fn for_game(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    audience: Audience,
) -> DomainResult<Vec<EnvelopeView>> {
    staff_only(audience)?;
    let ids: Vec<AdjournmentId> = adjournments::table
        .filter(adjournments::tournament_id.eq(tid))
        .filter(adjournments::game_id.eq(gid))
        .order(adjournments::id)
        .select(adjournments::id)
        .load(conn)?;
    ids.into_iter()
        .map(|aid| get(conn, tid, aid, audience))
        .collect()
}

fn context(gid: GameId, aid_hint: &str) -> String {
    format!("arbiter sealed move: game {gid} envelope {aid_hint}")
}

/// A time typed at the desk for an envelope (`formats::desk_time`): a time
/// of day falls on the day of the resumption (`resume_at`). Empty is none.
fn desk_time_on(text: &str, resume_at: &str, field: &str) -> DomainResult<Option<String>> {
    let day = parse_local(resume_at)
        .map(|r| r.date())
        .unwrap_or_else(|| chrono::Local::now().date_naive());
    match super::formats::desk_time(text, day) {
        Ok(t) => Ok(Some(super::formats::stored_time(t))),
        Err(super::formats::TimeError::Empty) => Ok(None),
        Err(e) => Err(e.at(field)),
    }
}

fn parse_local(s: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(s.trim(), "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(s.trim(), "%Y-%m-%dT%H:%M:%S"))
        .ok()
}

#[allow(clippy::too_many_arguments)]
fn insert_envelope(
    conn: &mut DbConnection,
    key: &SealKey,
    tid: TournamentId,
    gid: GameId,
    pos: &Position,
    times: (i32, i32),
    sealer: PlayerId,
    number: i32,
    draw_offer_by: Option<PlayerId>,
    resume: (&str, &str),
    sealed_move: &str,
) -> DomainResult<AdjournmentId> {
    // The envelope number is bound into the ciphertext: it cannot be moved.
    let n: i64 = adjournments::table
        .filter(adjournments::game_id.eq(gid))
        .count()
        .get_result(conn)?;
    let (ct, nonce) = key.seal(sealed_move, &context(gid, &(n + 1).to_string()));
    let id: AdjournmentId = diesel::insert_into(adjournments::table)
        .values((
            adjournments::tournament_id.eq(tid),
            adjournments::game_id.eq(gid),
            adjournments::position_fen.eq(pos.to_fen()),
            adjournments::white_time_used_seconds.eq(times.0),
            adjournments::black_time_used_seconds.eq(times.1),
            adjournments::sealer_id.eq(sealer),
            adjournments::sealed_move_number.eq(number),
            adjournments::draw_offer_by.eq(draw_offer_by),
            adjournments::resume_at.eq(resume.0),
            adjournments::resume_place.eq(resume.1),
            adjournments::sealed_ciphertext.eq(ct),
            adjournments::sealed_nonce.eq(nonce),
            adjournments::state.eq(EnvelopeState::Sealed),
            adjournments::created_at.eq(now()),
            adjournments::version.eq(1),
        ))
        .returning(adjournments::id)
        .get_result(conn)?;
    Ok(id)
}

/// Adjourns a game: the player to move seals a move (§1–§2).
pub fn adjourn(
    conn: &mut DbConnection,
    actor: &Actor,
    key: &SealKey,
    tid: TournamentId,
    gid: GameId,
    cmd: Adjourn,
) -> DomainResult<EnvelopeView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    if !t.adjournments {
        return Err(DomainError::conflict(msg!(
            "the regulations of this tournament do not allow adjourned games"
        )));
    }
    let g = load_game(conn, tid, gid)?;
    let Some(black_id) = g.black_id else {
        return Err(DomainError::invalid(
            "game",
            msg!("a bye cannot be adjourned"),
        ));
    };
    if g.kind != GameKind::Pending {
        return Err(DomainError::conflict(msg!(
            "board {} is not being played (it is {})",
            g.board,
            word(g.kind.to_string())
        )));
    }
    let pos = match cmd.fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => Position::from_fen(f).map_err(|e| {
            DomainError::invalid(
                "fen",
                msg!("the FEN is not valid: {}", nested(library::fen_error(&e))),
            )
        })?,
        None => final_position(conn, gid)?.ok_or_else(|| {
            DomainError::invalid(
                "fen",
                msg!("give the position before the sealed move (FEN), or upload the moves so far"),
            )
        })?,
    };
    if rules::outcome::board_ending(&pos).is_some() {
        return Err(DomainError::invalid(
            "fen",
            msg!("the game is already over in this position"),
        ));
    }
    if cmd.sealed_move.trim().is_empty() || cmd.sealed_move.len() > 40 {
        return Err(DomainError::invalid(
            "sealed_move",
            msg!("write the sealed move (at most 40 characters)"),
        ));
    }
    if cmd.white_time_used_seconds < 0 || cmd.black_time_used_seconds < 0 {
        return Err(DomainError::invalid(
            "white_time_used_seconds",
            msg!("times used are not negative"),
        ));
    }
    if parse_local(&cmd.resume_at).is_none() {
        return Err(DomainError::invalid(
            "resume_at",
            msg!("write the resumption as YYYY-MM-DDTHH:MM"),
        ));
    }
    if let Some(d) = cmd.draw_offer_by {
        if d != g.white_id && d != black_id {
            return Err(DomainError::invalid(
                "draw_offer_by",
                msg!("the draw offer is by one of the two players"),
            ));
        }
    }
    let sealer = if pos.turn() == rules::Color::White {
        g.white_id
    } else {
        black_id
    };
    let number = cmd.sealed_move_number.unwrap_or(pos.fullmoves() as i32);
    let pm = player_map(conn, tid)?;
    let before = game_view(&g, &pm);
    let aid = insert_envelope(
        conn,
        key,
        tid,
        gid,
        &pos,
        (cmd.white_time_used_seconds, cmd.black_time_used_seconds),
        sealer,
        number,
        cmd.draw_offer_by,
        (cmd.resume_at.trim(), cmd.resume_place.trim()),
        cmd.sealed_move.trim(),
    )?;
    diesel::update(games::table.find(gid))
        .set((
            games::kind.eq(GameKind::Adjourned),
            games::version.eq(g.version + 1),
            games::updated_at.eq(now()),
        ))
        .execute(conn)?;
    let v = get(conn, tid, aid, Audience::Staff)?;
    Entry::at(tid, "adjournment.seal", "adjournment", aid).change(conn, actor, &before, &v)?;
    Ok(v)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkPresent {
    /// `sealer` or `replier`.
    pub who: EnvelopeParty,
    /// Local time: `HH:MM` or `HH:MM:SS` on the day of the resumption, or
    /// `YYYY-MM-DDTHH:MM[:SS]` (`formats::desk_time`); empty or left out: now.
    #[serde(default)]
    pub at: String,
}

pub fn mark_present(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    aid: AdjournmentId,
    cmd: MarkPresent,
) -> DomainResult<EnvelopeView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let row = load_sealed(conn, tid, aid)?;
    let before = view(conn, tid, &row)?;
    let at = desk_time_on(&cmd.at, &before.resume_at, "at")?
        .unwrap_or_else(|| super::formats::stored_time(chrono::Local::now().naive_local()));
    let q = diesel::update(adjournments::table.find(aid));
    match cmd.who {
        EnvelopeParty::Sealer => q
            .set(adjournments::sealer_present_at.eq(Some(at.as_str())))
            .execute(conn)?,
        EnvelopeParty::Replier => q
            .set(adjournments::replier_present_at.eq(Some(at.as_str())))
            .execute(conn)?,
    };
    let after = get(conn, tid, aid, Audience::Staff)?;
    Entry::at(tid, "adjournment.present", "adjournment", aid)
        .change(conn, actor, &before, &after)?;
    Ok(after)
}

#[derive(Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields, default)]
pub struct OpenEnvelope {
    /// Local time of the opening, `HH:MM[:SS]` on the day of the resumption
    /// or `YYYY-MM-DDTHH:MM[:SS]` (default: the replying player's arrival). Decides whether an absent sealer is late (§10).
    pub at: Option<String>,
    /// The present player's flag had already fallen (6.9) — matters when the
    /// sealer is late (§10).
    pub replier_flag_fallen: bool,
    /// With the sealer absent (but within the lateness limit), the replying player
    /// may seal his reply in a new envelope (§9): the reply, and when and where
    /// play resumes.
    pub reply_sealed_move: Option<String>,
    pub reply_resume_at: Option<String>,
    pub reply_resume_place: Option<String>,
    /// For a new envelope: the clock times used at this point.
    pub white_time_used_seconds: Option<i32>,
    pub black_time_used_seconds: Option<i32>,
}

impl std::fmt::Debug for OpenEnvelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenEnvelope")
            .field("replier_flag_fallen", &self.replier_flag_fallen)
            .finish()
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct OpenedEnvelope {
    pub envelope: EnvelopeView,
    pub game: GameView,
    /// The replying player's sealed reply, when one was sealed (§9).
    pub new_envelope: Option<EnvelopeView>,
}

pub(crate) fn verdict_text(v: &SealedVerdict) -> String {
    match v {
        SealedVerdict::Legal {
            san,
            mates,
            stalemates,
            dead,
            ..
        } => {
            let what = if *mates {
                " (checkmate)"
            } else if *stalemates {
                " (stalemate)"
            } else if *dead {
                " (dead position)"
            } else {
                ""
            };
            format!("legal: {san}{what}")
        }
        SealedVerdict::Ambiguous(c) => format!("ambiguous: fits {}", c.join(", ")),
        SealedVerdict::Illegal => "illegal".into(),
        SealedVerdict::Illegible => "illegible".into(),
    }
}

/// A stored verdict (`verdict_text`) read back into its message, for the
/// pages' languages; an unknown text is kept as it is.
pub fn verdict_msg(text: &str) -> Msg {
    if let Some(rest) = text.strip_prefix("legal: ") {
        for (suffix, which) in [
            (" (checkmate)", 1),
            (" (stalemate)", 2),
            (" (dead position)", 3),
        ] {
            if let Some(san) = rest.strip_suffix(suffix) {
                return match which {
                    1 => msg!("legal: {} (checkmate)", san),
                    2 => msg!("legal: {} (stalemate)", san),
                    _ => msg!("legal: {} (dead position)", san),
                };
            }
        }
        return msg!("legal: {}", rest);
    }
    if let Some(fits) = text.strip_prefix("ambiguous: fits ") {
        return msg!("ambiguous: fits {}", fits);
    }
    match text {
        "illegal" => msg!("illegal"),
        "illegible" => msg!("illegible"),
        other => msg!("verdict: {}", other),
    }
}

/// A stored consequence (the `Consequence` variant's name) as a sentence.
/// How an envelope's stored outcome reads: the consequence of an opening
/// (`Continue`, `SealerLoses`, …) in words, else `None` (an early end or a
/// lost envelope, stored as its sentence).
pub fn outcome_msg(stored: &str) -> Option<Msg> {
    const OPENED: [&str; 6] = [
        "Continue",
        "SealerWins",
        "SealerLoses",
        "ReplierLoses",
        "Draw",
        "ArbiterDecides",
    ];
    OPENED.contains(&stored).then(|| consequence_msg(stored))
}

pub fn consequence_msg(name: &str) -> Msg {
    match name {
        "Continue" => msg!("the game continues"),
        "SealerWins" => msg!("the player who sealed wins"),
        "SealerLoses" => msg!("the player who sealed loses"),
        "ReplierLoses" => msg!("the replying player loses"),
        "Draw" => msg!("the game is drawn"),
        "ArbiterDecides" => msg!("the arbiter decides"),
        other => msg!("outcome: {}", other),
    }
}

/// Opens the envelope at resumption (§6, §8–§10): needs an arbiter and the
/// replying player present.
pub fn open(
    conn: &mut DbConnection,
    actor: &Actor,
    key: &SealKey,
    tid: TournamentId,
    aid: AdjournmentId,
    cmd: OpenEnvelope,
) -> DomainResult<OpenedEnvelope> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let row = load(conn, tid, aid)?;
    let (a, b) = &row;
    if b.2 != EnvelopeState::Sealed {
        return Err(DomainError::conflict(msg!(
            "the envelope is {}, not sealed",
            word(b.2.to_string())
        )));
    }
    let Some(replier_at) = b.3.as_deref() else {
        return Err(DomainError::conflict(
            msg!("the envelope is opened only in the presence of the player who must reply ({}): mark him present first", rules::laws::adjournment_point(t.laws_edition.rules(), 7)),
        ));
    };
    let g = load_game(conn, tid, a.1)?;
    let black_id = g.black_id.unwrap_or_default();
    let replier_id = if a.5 == g.white_id {
        black_id
    } else {
        g.white_id
    };
    let resume = parse_local(&a.8)
        .ok_or_else(|| DomainError::conflict(msg!("the stored resumption time is unreadable")))?;
    let limit = resume + chrono::Duration::minutes(t.resumption_lateness_minutes as i64);
    let late = |at: &str| parse_local(at).is_none_or(|x| x > limit);
    let replier_late = late(replier_at);
    let sealer_absent = b.4.is_none();
    // §10: the sealer is late when he came after the limit, or is still absent
    // when the envelope is opened after it.
    let typed_at = desk_time_on(cmd.at.as_deref().unwrap_or(""), &a.8, "at")?;
    let opened_at = typed_at.unwrap_or_else(|| replier_at.to_string());
    let sealer_late = match b.4.as_deref() {
        Some(at) => late(at),
        None => late(&opened_at),
    };
    let attendance = match (sealer_late, replier_late) {
        (true, _) if cmd.replier_flag_fallen => Attendance::SealerLateReplierFlagFallen,
        (true, _) => Attendance::SealerLate,
        (false, true) => Attendance::ReplierLate,
        _ => Attendance::BothPresent,
    };
    let context = {
        let n: Vec<AdjournmentId> = adjournments::table
            .filter(adjournments::game_id.eq(a.1))
            .order(adjournments::id)
            .select(adjournments::id)
            .load(conn)?;
        let index = n.iter().position(|x| *x == aid).map(|i| i + 1).unwrap_or(0);
        context(a.1, &index.to_string())
    };
    let sealed = key.open(&b.0, &b.1, &context).ok_or_else(|| {
        DomainError::conflict(msg!("the envelope cannot be opened: the server key does not match (was the key file replaced?)"))
    })?;
    let pos = Position::from_fen(&a.2).map_err(|e| {
        DomainError::conflict(msg!(
            "stored position unreadable: {}",
            nested(library::fen_error(&e))
        ))
    })?;
    let letters = LetterSet::from_code(t.notation.as_str())
        .unwrap_or_else(|| LetterSet::from_code("en").expect("English letters"));
    // The notes cite the articles and points of the tournament's edition.
    let judgement =
        judge_sealed_move_under(&pos, &sealed, letters, attendance, t.laws_edition.rules());
    let points = point_system(&t);
    let sealer_white = a.5 == g.white_id;
    let result = match judgement.consequence {
        Consequence::Continue => None,
        Consequence::SealerWins => Some(if sealer_white {
            (points.win, points.loss)
        } else {
            (points.loss, points.win)
        }),
        Consequence::SealerLoses => Some(if sealer_white {
            (points.loss, points.win)
        } else {
            (points.win, points.loss)
        }),
        Consequence::ReplierLoses => Some(if sealer_white {
            (points.win, points.loss)
        } else {
            (points.loss, points.win)
        }),
        Consequence::Draw => Some((points.draw, points.draw)),
        Consequence::ArbiterDecides => None,
    };
    let outcome = format!("{:?}", judgement.consequence);
    let notes = &judgement.notes;
    let opening = serde_json::json!({
        "sealed_text": sealed,
        "verdict": verdict_text(&judgement.verdict),
        "consequence": outcome,
        "attendance": format!("{attendance:?}"),
        "notes": notes,
    });
    let before = view(conn, tid, &row)?;
    diesel::update(adjournments::table.find(aid))
        .set((
            adjournments::state.eq(EnvelopeState::Opened),
            adjournments::opened_at.eq(Some(now())),
            adjournments::verdict.eq(Some(opening.to_string())),
            adjournments::outcome.eq(Some(&outcome)),
            adjournments::version.eq(b.8 + 1),
        ))
        .execute(conn)?;
    let (kind, ws, bs, termination) = match result {
        Some((w, bl)) => (
            GameKind::Played,
            Some(w),
            Some(bl),
            format!("adjourned game: {}", verdict_text(&judgement.verdict)),
        ),
        None if judgement.consequence == Consequence::Continue => {
            (GameKind::Pending, None, None, String::new())
        }
        None => (GameKind::Adjourned, None, None, String::new()),
    };
    diesel::update(games::table.find(g.id))
        .set((
            games::kind.eq(kind),
            games::white_score.eq(ws),
            games::black_score.eq(bs),
            games::termination.eq(termination),
            games::reason.eq(notes.join("; ")),
            games::version.eq(g.version + 1),
            games::updated_at.eq(now()),
        ))
        .execute(conn)?;
    // §9: the sealer is absent, the replying player seals his reply.
    let mut new_envelope = None;
    if let Some(reply) = cmd
        .reply_sealed_move
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        let SealedVerdict::Legal { mv, .. } = judgement.verdict else {
            return Err(DomainError::conflict(msg!(
                "a reply can be sealed only after a legal sealed move"
            )));
        };
        if !sealer_absent || judgement.consequence != Consequence::Continue {
            return Err(DomainError::conflict(msg!(
                "the reply is sealed only when the sealer is absent and play goes on ({})",
                rules::laws::adjournment_point(t.laws_edition.rules(), 9)
            )));
        }
        let resume_at = cmd.reply_resume_at.clone().unwrap_or_default();
        if parse_local(&resume_at).is_none() {
            return Err(DomainError::invalid(
                "reply_resume_at",
                msg!("when does play resume? YYYY-MM-DDTHH:MM"),
            ));
        }
        let next = pos
            .play(mv)
            .map_err(|_| DomainError::conflict(msg!("the sealed move cannot be played")))?;
        let id = insert_envelope(
            conn,
            key,
            tid,
            g.id,
            &next,
            (
                cmd.white_time_used_seconds.unwrap_or(a.3),
                cmd.black_time_used_seconds.unwrap_or(a.4),
            ),
            replier_id,
            next.fullmoves() as i32,
            a.7,
            (
                resume_at.trim(),
                cmd.reply_resume_place.as_deref().unwrap_or(&a.9),
            ),
            reply,
        )?;
        diesel::update(games::table.find(g.id))
            .set(games::kind.eq(GameKind::Adjourned))
            .execute(conn)?;
        new_envelope = Some(get(conn, tid, id, Audience::Staff)?);
    }
    refresh_round_state(conn, tid, g.round_number)?;
    let pm = player_map(conn, tid)?;
    let answer = OpenedEnvelope {
        envelope: get(conn, tid, aid, Audience::Staff)?,
        game: game_view(&load_game(conn, tid, g.id)?, &pm),
        new_envelope,
    };
    Entry::at(tid, "adjournment.open", "adjournment", aid).change(conn, actor, &before, &answer)?;
    Ok(answer)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndBeforeResumption {
    /// `draw` (agreed), `white_resigns` or `black_resigns` (announced to the arbiter).
    pub outcome: EarlyEnd,
}

/// §5: a draw agreed, or a resignation announced to the arbiter, before
/// resumption ends the game. The envelope is never opened.
pub fn end_before_resumption(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    aid: AdjournmentId,
    cmd: EndBeforeResumption,
) -> DomainResult<EnvelopeView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let row = load_sealed(conn, tid, aid)?;
    let p = point_system(&t);
    // Stored in English with the point of the tournament's edition; read back
    // in the page's language (`library::SEALED_PHRASES`).
    let point = rules::laws::adjournment_point(t.laws_edition.rules(), 6);
    let (w, b, term) = match cmd.outcome {
        EarlyEnd::Draw => (
            p.draw,
            p.draw,
            format!("draw agreed before resumption ({point})"),
        ),
        EarlyEnd::WhiteResigns => (
            p.loss,
            p.win,
            format!("White resigned before resumption ({point})"),
        ),
        EarlyEnd::BlackResigns => (
            p.win,
            p.loss,
            format!("Black resigned before resumption ({point})"),
        ),
    };
    end_envelope(
        conn,
        actor,
        tid,
        &row,
        EnvelopeState::Ended,
        Some((w, b)),
        &term,
        "adjournment.end",
    )
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeLost {
    /// Whether the adjourned position can be set up again (with the recorded times).
    pub restorable: bool,
}

/// §11: the envelope is lost. Play resumes from the adjourned position with the
/// recorded times, the sealer playing the move he says he sealed; if the position
/// cannot be restored the game is annulled and replayed.
pub fn envelope_lost(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    aid: AdjournmentId,
    cmd: EnvelopeLost,
) -> DomainResult<EnvelopeView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let row = load_sealed(conn, tid, aid)?;
    let point = rules::laws::adjournment_point(t.laws_edition.rules(), 11);
    let term = if cmd.restorable {
        format!("envelope lost: resume from the adjourned position with the recorded times; the sealer plays the move he says he sealed ({point})")
    } else {
        format!("envelope lost and the position cannot be restored: the game is annulled and replayed ({point})")
    };
    end_envelope(
        conn,
        actor,
        tid,
        &row,
        EnvelopeState::Lost,
        None,
        &term,
        "adjournment.lost",
    )
}

#[allow(clippy::too_many_arguments)]
fn end_envelope(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    row: &Row,
    state: EnvelopeState,
    result: Option<(i32, i32)>,
    termination: &str,
    action: &str,
) -> DomainResult<EnvelopeView> {
    let aid = row.0 .0;
    let before = view(conn, tid, row)?;
    let g = load_game(conn, tid, row.0 .1)?;
    diesel::update(adjournments::table.find(aid))
        .set((
            adjournments::state.eq(state),
            adjournments::outcome.eq(Some(termination)),
            adjournments::version.eq(row.1 .8 + 1),
        ))
        .execute(conn)?;
    let (kind, w, b) = match result {
        Some((w, b)) => (GameKind::Played, Some(w), Some(b)),
        None => (GameKind::Pending, None, None),
    };
    diesel::update(games::table.find(g.id))
        .set((
            games::kind.eq(kind),
            games::white_score.eq(w),
            games::black_score.eq(b),
            games::termination.eq(termination),
            games::version.eq(g.version + 1),
            games::updated_at.eq(now()),
        ))
        .execute(conn)?;
    refresh_round_state(conn, tid, g.round_number)?;
    let after = get(conn, tid, aid, Audience::Staff)?;
    Entry::at(tid, action, "adjournment", aid).change(conn, actor, &before, &after)?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::laws::Edition;

    /// The judgement's notes, which cite the tournament's edition (2023's
    /// article of a mate and Guidelines I's point here, 2009's there), are
    /// each a sentence the pages can translate.
    #[test]
    fn sealed_notes_cite_the_edition_of_the_tournament() {
        use rules::sealed::judge_sealed_move_under;
        let en = rules::san::LetterSet::ENGLISH;
        let mate = rules::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40").unwrap();
        let two = rules::Position::from_fen("r3k3/8/8/8/8/8/4K3/R6R w - - 0 40").unwrap();
        let judged = |edition| {
            let mut notes =
                judge_sealed_move_under(&mate, "Ra8", en, Attendance::SealerLate, edition).notes;
            notes.extend(
                judge_sealed_move_under(&two, "Rd1", en, Attendance::BothPresent, edition).notes,
            );
            notes.extend(
                judge_sealed_move_under(
                    &two,
                    "Rad1",
                    en,
                    Attendance::SealerLateReplierFlagFallen,
                    edition,
                )
                .notes,
            );
            notes
        };
        let now = judged(Edition::Laws2023);
        assert_eq!(
            now,
            vec![
                "the sealed move mates (art. 5.1.1): the sealer wins",
                "the sealed move is ambiguous (I.8)",
                "the present player's flag had fallen (art. 6.9): the arbiter applies 6.9 first",
                "the replying player's flag fell (6.9)",
            ]
        );
        let then = judged(Edition::Laws2005);
        assert_eq!(
            then[0],
            "the sealed move mates (art. 5.1(a)): the sealer wins"
        );
        assert_eq!(then[3], "the replying player's flag fell (6.10)");
        for n in now.iter().chain(&then) {
            let m = super::super::library::sealed_notes(n).expect(n);
            assert_eq!(&m.to_string(), n);
        }
    }
}
