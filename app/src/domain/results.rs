//! Entering and correcting results (art. 11.1; SPEC §3): `1-0 ½-½ 0-1`, forfeits
//! `+/-` `-/+`, double forfeit `-/-`, and the asymmetric scores penalties produce
//! (`0-½`, `0-0`), which need a reason.

use super::audit::Entry;
use super::rounds::{game_to_change, game_view, player_map, refresh_round_state, GameView};
use super::tournaments::{load as load_tournament, point_system};
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role, ToConfirm};
use crate::db::schema::{games, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use crate::domain::kinds::{GameKind, RoundState};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetResult {
    /// `1-0`, `½-½` (or `1/2-1/2`, `=`), `0-1`, `+/-`, `-/+`, `-/-`, asymmetric
    /// `0-½`, `½-0`, `0-0`; `*` clears the result.
    pub result: String,
    /// The game's version as the client read it; a stale one gets 409.
    pub version: i32,
    /// Required for corrections and asymmetric scores.
    #[serde(default)]
    pub reason: String,
    /// How the game ended (`checkmate`, `resignation`, `agreement`, `time`, …).
    #[serde(default)]
    pub termination: String,
    /// Enter the result although it contradicts the game's stored moves (the
    /// first attempt without it is refused with `NeedsConfirmation` of
    /// `ToConfirm::Contradiction` (the API's `field: "confirm"`) and the reason).
    #[serde(default)]
    pub confirm: bool,
}

/// A parsed result: kind and both scores in half-points (None = pending).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedResult {
    pub kind: GameKind,
    pub white: Option<i32>,
    pub black: Option<i32>,
    /// Not one of the regular results of the point system: needs a reason.
    pub asymmetric: bool,
}

fn parse_score(s: &str) -> Option<i32> {
    match s.trim() {
        "0" => Some(0),
        "½" | "1/2" | "0.5" | ".5" => Some(1),
        "1" => Some(2),
        _ => None,
    }
}

/// Reads a result as arbiters write it.
pub fn parse_result(text: &str, points: &pairing::PointSystem) -> Result<ParsedResult, super::Msg> {
    let t: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '−' | '–' | '—' => '-',
            ':' => '-',
            c => c,
        })
        .filter(|c| !c.is_whitespace())
        .collect();
    let regular = |kind, w, b| {
        Ok(ParsedResult {
            kind,
            white: Some(w),
            black: Some(b),
            asymmetric: false,
        })
    };
    match t.as_str() {
        "*" | "" => {
            return Ok(ParsedResult {
                kind: GameKind::Pending,
                white: None,
                black: None,
                asymmetric: false,
            })
        }
        "1-0" => return regular(GameKind::Played, points.win, points.loss),
        "0-1" => return regular(GameKind::Played, points.loss, points.win),
        "=" | "½-½" | "1/2-1/2" | "0.5-0.5" | "=-=" => {
            return regular(GameKind::Played, points.draw, points.draw)
        }
        "+/-" | "+-" | "+/−" => {
            return regular(GameKind::Forfeit, points.forfeit_win, points.forfeit_loss)
        }
        "-/+" | "-+" => return regular(GameKind::Forfeit, points.forfeit_loss, points.forfeit_win),
        "-/-" | "--" => {
            return regular(
                GameKind::DoubleForfeit,
                points.forfeit_loss,
                points.forfeit_loss,
            )
        }
        _ => {}
    }
    let parts: Vec<&str> = t.splitn(2, '-').collect();
    if parts.len() == 2 {
        if let (Some(w), Some(b)) = (parse_score(parts[0]), parse_score(parts[1])) {
            // Asymmetric penalty results (art. 12.3(b) 0-½, art. 12.9 0-0).
            if w + b != 2 {
                return Ok(ParsedResult {
                    kind: GameKind::Played,
                    white: Some(w * points.win / 2),
                    black: Some(b * points.win / 2),
                    asymmetric: true,
                });
            }
        }
    }
    Err(msg!(
        "'{}' is not a result; write 1-0, ½-½, 0-1, +/-, -/+, -/-, or 0-½ / ½-0 / 0-0 with a reason",
        text
    ))
}

pub use super::rounds::load_game;

/// A game as `audience` sees it (a game of an unpublished round is `NotFound`
/// for the public).
pub fn get_game(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    audience: Audience,
) -> DomainResult<GameView> {
    let g = load_game(conn, tid, gid)?;
    audience.check_game(conn, tid, &g)?;
    let pm = player_map(conn, tid)?;
    Ok(game_view(&g, &pm))
}

/// Enters or corrects a result. Optimistic concurrency: `version` must be the
/// game's current version, else 409 with the current state. A correction (the
/// game already had a result) and an asymmetric score need a reason.
pub fn set_result(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    gid: GameId,
    cmd: SetResult,
) -> DomainResult<GameView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let (g, _, before) = game_to_change(conn, tid, gid, cmd.version, |g, before| {
        msg!("board {} of round {} was changed meanwhile (now {}); check the result and enter it again if needed", g.board, g.round_number, before.result)
    })?;
    if g.black_id.is_none() {
        return Err(DomainError::invalid(
            "result",
            msg!("a bye has no result to enter"),
        ));
    }
    let state: RoundState = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(g.round_number))
        .select(rounds::state)
        .first(conn)?;
    if state == RoundState::Paired {
        return Err(DomainError::conflict(msg!(
            "round {} is not published yet; publish it before entering results",
            g.round_number
        )));
    }
    let points = point_system(&t);
    let parsed =
        parse_result(&cmd.result, &points).map_err(|m| DomainError::invalid("result", m))?;
    let reason = cmd.reason.trim();
    let correction = g.kind != GameKind::Pending && g.kind != GameKind::Adjourned;
    if parsed.asymmetric && reason.is_empty() {
        return Err(DomainError::invalid(
            "reason",
            msg!("an asymmetric score (0-½, 0-0) comes from a penalty: give the reason (article and decision)"),
        ));
    }
    if correction && reason.is_empty() {
        return Err(DomainError::invalid(
            "reason",
            msg!(
                "board {} already has the result {}; a correction needs a reason",
                g.board,
                before.result
            ),
        ));
    }
    if parsed.kind == g.kind && parsed.white == g.white_score && parsed.black == g.black_score {
        return Ok(before);
    }
    if !cmd.confirm {
        if let Some(why) =
            super::records::contradiction(conn, gid, (parsed.kind, parsed.white, parsed.black))?
        {
            return Err(DomainError::needs_confirmation(
                ToConfirm::Contradiction,
                why,
            ));
        }
    }
    let termination = if parsed.kind == GameKind::Pending {
        String::new()
    } else {
        cmd.termination.trim().to_string()
    };
    let updated = diesel::update(
        games::table
            .filter(games::id.eq(gid))
            .filter(games::version.eq(g.version)),
    )
    .set((
        games::kind.eq(parsed.kind),
        games::white_score.eq(parsed.white),
        games::black_score.eq(parsed.black),
        games::termination.eq(&termination),
        games::reason.eq(reason),
        games::version.eq(g.version + 1),
        games::updated_at.eq(now()),
    ))
    .execute(conn)?;
    if updated != 1 {
        // Another writer got there between our read and write.
        let current = get_game(conn, tid, gid, Audience::Staff)?;
        return Err(DomainError::Conflict {
            message: msg!("the result was changed meanwhile"),
            current: serde_json::to_value(&current).ok(),
        });
    }
    refresh_round_state(conn, tid, g.round_number)?;
    let after = get_game(conn, tid, gid, Audience::Staff)?;
    Entry::at(
        tid,
        if correction {
            "result.correct"
        } else {
            "result.enter"
        },
        "game",
        gid,
    )
    .change(conn, actor, &before, &after)?;
    Ok(after)
}

/// The keyboard shorthands of the result screen, also accepted typed in the
/// plain form: `1` `=` `0` `+` `-`.
pub fn expand_shorthand(s: &str) -> &str {
    match s.trim() {
        "1" => "1-0",
        "=" | "½" | "5" => "½-½",
        "0" => "0-1",
        "+" => "+/-",
        "-" => "-/+",
        other => other,
    }
}

/// One board's box of the result screen, as typed.
#[derive(Clone, Debug, Default)]
pub struct TypedResult {
    /// The box: a result, a shorthand, or empty (no result).
    pub entered: String,
    /// The game's version the screen was read at (None: the current one).
    pub version: Option<i32>,
    /// The reason, for a correction or an asymmetric score.
    pub reason: String,
    /// The arbiter confirmed a result the stored moves contradict.
    pub confirm: bool,
}

impl TypedResult {
    /// The result screen's boxes as posted, by game id: `r{id}` the result,
    /// `v{id}` the version read, `why{id}` the reason, `c{id}` the
    /// confirmation (`formats::ticked`).
    pub fn boxes(fields: &HashMap<String, String>) -> HashMap<GameId, TypedResult> {
        let mut boxes = HashMap::new();
        for (key, value) in fields {
            let Some(gid) = key
                .strip_prefix('r')
                .and_then(|id| id.parse::<GameId>().ok())
            else {
                continue;
            };
            let field = |prefix: &str| fields.get(&format!("{prefix}{gid}"));
            let typed = TypedResult {
                entered: value.clone(),
                version: field("v").and_then(|v| v.parse().ok()),
                reason: field("why").cloned().unwrap_or_default(),
                confirm: field("c").is_some_and(|v| super::formats::ticked(v)),
            };
            boxes.insert(gid, typed);
        }
        boxes
    }
}

/// A board whose result was refused: what was typed, and why.
#[derive(Debug)]
pub struct RefusedResult {
    pub game_id: GameId,
    pub entered: String,
    pub error: DomainError,
}

impl RefusedResult {
    /// The refusal asks the arbiter to confirm a result the stored moves
    /// contradict (the screen shows the box to tick).
    pub fn needs_confirm(&self) -> bool {
        matches!(
            &self.error,
            DomainError::NeedsConfirmation {
                what: ToConfirm::Contradiction,
                ..
            }
        )
    }
}

/// What the result screen's form did: how many boards were saved, and the
/// boards refused (in board order).
#[derive(Debug, Default)]
pub struct RoundResults {
    pub saved: usize,
    pub refused: Vec<RefusedResult>,
}

/// The result screen's form: every board of round `n` whose box (by game id in
/// `typed`) differs from its result is saved through [`set_result`], each in
/// its own savepoint, so a refused board (a 422 or a 409) does not hold the
/// others back; any other error ends the whole form.
pub fn enter_round_results(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    typed: &HashMap<GameId, TypedResult>,
) -> DomainResult<RoundResults> {
    let current = super::rounds::get(conn, tid, n, Audience::Staff)?;
    let mut out = RoundResults::default();
    for g in current.games.iter().filter(|g| g.black.is_some()) {
        let Some(t) = typed.get(&g.id) else {
            continue;
        };
        let entered = t.entered.trim().to_string();
        let was = if g.is_unplayed() {
            ""
        } else {
            g.result.as_str()
        };
        if entered == was {
            continue;
        }
        let cmd = SetResult {
            result: if entered.is_empty() {
                super::rounds::NO_RESULT_YET.into()
            } else {
                expand_shorthand(&entered).to_string()
            },
            version: t.version.unwrap_or(g.version),
            reason: t.reason.clone(),
            termination: String::new(),
            confirm: t.confirm,
        };
        match conn.transaction(|c| set_result(c, actor, tid, g.id, cmd)) {
            Ok(_) => out.saved += 1,
            Err(
                error @ (DomainError::Invalid { .. }
                | DomainError::Conflict { .. }
                | DomainError::ConflictOn { .. }
                | DomainError::NeedsConfirmation { .. }),
            ) => out.refused.push(RefusedResult {
                game_id: g.id,
                entered,
                error,
            }),
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_results_as_arbiters_write_them() {
        let p = pairing::PointSystem::default();
        assert_eq!(parse_result("1-0", &p).unwrap().white, Some(2));
        assert_eq!(parse_result("½-½", &p).unwrap().black, Some(1));
        assert_eq!(parse_result("1/2-1/2", &p).unwrap().kind, GameKind::Played);
        assert_eq!(parse_result("+/−", &p).unwrap().kind, GameKind::Forfeit);
        assert_eq!(parse_result("−/+", &p).unwrap().black, Some(2));
        assert_eq!(
            parse_result("-/-", &p).unwrap().kind,
            GameKind::DoubleForfeit
        );
        let asym = parse_result("0-½", &p).unwrap();
        assert!(asym.asymmetric);
        assert_eq!((asym.white, asym.black), (Some(0), Some(1)));
        assert!(parse_result("0-0", &p).unwrap().asymmetric);
        assert!(parse_result("2-0", &p).is_err());
        assert!(parse_result("white won", &p).is_err());
        assert_eq!(parse_result("*", &p).unwrap().kind, GameKind::Pending);
    }
}
