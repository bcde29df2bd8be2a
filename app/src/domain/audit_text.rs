//! The audit log in sentences (issue 33: the staff read what was done, not
//! JSON): each stored row — its action, the entity and the states before and
//! after (`domain::audit`) — as a phrase for the action, the thing it was done
//! to (a game as "round 2, board 1: White – Black", a player by name) and
//! what changed (a result from → to, the reason of a correction, a penalty,
//! a status). Messages are `msg!` templates, so the pages show them in the
//! viewer's language; texts the domain stored in English (a penalty's
//! effect) are kept apart in `stored` for the page to translate.

use super::msg::{word, Msg};
use serde_json::Value;

/// One audit row, readable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditText {
    /// What was done: "result corrected".
    pub what: Msg,
    /// To what: a game, a player, a round (none for the tournament itself).
    pub object: Option<Object>,
    /// What changed, a line each.
    pub details: Vec<Msg>,
    /// Phrases stored in English by the domain (a penalty's effect), for the
    /// page to translate (`i18n::errors::stored`).
    pub stored: Vec<String>,
}

/// What an action was done to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Object {
    /// A game or a round, in words.
    Msg(Msg),
    /// A name (a player, a team, an account), the same in every language.
    Name(String),
}

impl std::fmt::Display for Object {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Object::Msg(m) => m.fmt(f),
            Object::Name(n) => f.write_str(n),
        }
    }
}

/// The phrase for an action code (`result.correct`); an unknown code (a row
/// written by a newer version) is shown as it is.
fn action_phrase(action: &str) -> Msg {
    match action {
        "tournament.create" => msg!("tournament created"),
        "tournament.edit" => msg!("regulations changed"),
        "tournament.import_trf" => msg!("tournament imported from a TRF file"),
        "fide_mode.leave" => msg!("FIDE mode left"),
        "player.register" => msg!("player registered"),
        "player.register_late" => msg!("late entry registered"),
        "player.edit" => msg!("player's data changed"),
        "player.delete" => msg!("player deleted"),
        "player.withdraw" => msg!("player withdrawn"),
        "player.reinstate" => msg!("player reinstated"),
        "player.rerate" => msg!("ratings taken from the rating list"),
        "player.export" => msg!("personal data exported"),
        "player.erase" => msg!("personal data erased"),
        "staff.appoint" => msg!("staff appointed"),
        "staff.dismiss" => msg!("staff dismissed"),
        "entries.form" => msg!("entry form changed"),
        "entry.submit" => msg!("online entry received"),
        "entry.approve" => msg!("online entry approved"),
        "entry.reject" => msg!("online entry rejected"),
        "checkin.open" => msg!("check-in opened"),
        "checkin.close" => msg!("check-in closed"),
        "checkin.mark" => msg!("presence marked"),
        "checkin.undo" => msg!("presence taken back"),
        "checkin.code" => msg!("presence confirmed with a code"),
        "checkin.codes" => msg!("check-in codes made"),
        "bye.request" => msg!("bye recorded"),
        "round.pair" => msg!("round paired"),
        "round.publish" => msg!("round published"),
        "round.unpair" => msg!("pairing taken back"),
        "round.edit_pairing" => msg!("pairing changed by hand"),
        "round.set_start" => msg!("round start set"),
        "round.import_pgn" => msg!("games imported from PGN"),
        "result.enter" => msg!("result entered"),
        "result.correct" => msg!("result corrected"),
        "arrivals.record" => msg!("arrival times recorded"),
        "arrivals.override" => msg!("arrival result overridden"),
        "penalty.record" => msg!("penalty recorded"),
        "moves.submit" => msg!("moves entered"),
        "moves.replace" => msg!("moves replaced"),
        "adjournment.seal" => msg!("game adjourned, move sealed"),
        "adjournment.present" => msg!("player present at the resumption"),
        "adjournment.open" => msg!("envelope opened"),
        "adjournment.end" => msg!("adjourned game ended before the resumption"),
        "adjournment.lost" => msg!("envelope lost"),
        "prizes.set" => msg!("prize table saved"),
        "team.settings" => msg!("team regulations changed"),
        "team.create" | "team.add" => msg!("team added"),
        "team.edit" => msg!("team changed"),
        "team.paste" => msg!("teams pasted"),
        "team.import_trf" => msg!("team event imported from a TRF file"),
        "team.withdraw" => msg!("team withdrawn"),
        "team.reinstate" => msg!("team reinstated"),
        "team.bye.request" => msg!("team bye recorded"),
        "team.bye.cancel" => msg!("team bye cancelled"),
        "team.round.pair" => msg!("team round paired"),
        "team.round.publish" => msg!("team round published"),
        "team.round.unpair" => msg!("team pairing taken back"),
        "team.round.deadline" => msg!("line-up deadline set"),
        "team.lineup.captain" => msg!("line-up entered by the captain"),
        "team.lineup.arbiter" => msg!("line-up entered by the arbiter"),
        "team.results" => msg!("match results entered"),
        "rating_list.import" => msg!("rating list loaded"),
        "rating_list.rollback" => msg!("previous rating list restored"),
        "user.create" => msg!("account created"),
        "user.list_manager" => msg!("list managers changed"),
        "user.login" => msg!("logged in"),
        "user.logout" => msg!("logged out"),
        "token.create" => msg!("API token created"),
        "round.chess960_enter" => msg!("Chess960 start position entered"),
        other => msg!("action {}", other),
    }
}

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// A side of a game as stored: a player object (`{"name": …}`) or a name.
fn side_name(v: Option<&Value>) -> Option<String> {
    let v = v?;
    v.as_str()
        .map(str::to_string)
        .or_else(|| text(v, "name").map(str::to_string))
}

/// The game a state describes: the state itself, or its `game` or
/// `envelope` part.
fn game_of(v: &Value) -> Option<&Value> {
    if v.get("board").is_some() && v.get("white").is_some() {
        return Some(v);
    }
    ["game", "envelope"]
        .iter()
        .find_map(|k| v.get(*k).and_then(game_of))
}

fn game_object(g: &Value) -> Option<Msg> {
    let round = g.get("round").and_then(Value::as_i64)?;
    let board = g.get("board").and_then(Value::as_i64)?;
    let white = side_name(g.get("white"))?;
    Some(match side_name(g.get("black")) {
        Some(black) => msg!("round {}, board {}: {} – {}", round, board, white, black),
        None => msg!("round {}, board {}: {}", round, board, white),
    })
}

/// What the row's action was done to.
fn object(entity: &str, id: Option<i64>, state: Option<&Value>) -> Option<Object> {
    if let Some(m) = state.and_then(game_of).and_then(game_object) {
        return Some(Object::Msg(m));
    }
    let state = state.map(|s| s.get("entry").unwrap_or(s));
    if let Some(name) = state.and_then(|s| text(s, "name").or_else(|| text(s, "username"))) {
        return Some(Object::Name(name.to_string()));
    }
    match (entity, id) {
        ("round", Some(n)) => Some(Object::Msg(msg!("round {}", n))),
        ("game", Some(n)) => Some(Object::Msg(msg!("game {}", n))),
        _ => None,
    }
}

/// What changed between the states, as lines.
fn details(action: &str, before: Option<&Value>, after: Option<&Value>) -> (Vec<Msg>, Vec<String>) {
    let mut lines = Vec::new();
    let mut stored = Vec::new();
    let result_of = |v: Option<&Value>| {
        v.and_then(game_of)
            .and_then(|g| text(g, "result"))
            .map(str::to_string)
    };
    let (was, now) = (result_of(before), result_of(after));
    match (&was, &now) {
        (Some(b), Some(a)) if b != a && b != "*" => lines.push(msg!("result: {} → {}", b, a)),
        // A game still without a result (`*`) has nothing to say.
        (_, Some(a)) if was.as_deref() != Some(a.as_str()) && a != "*" => {
            lines.push(msg!("result: {}", a))
        }
        _ => {}
    }
    if let Some(r) = after.and_then(game_of).and_then(|g| text(g, "reason")) {
        if before.and_then(game_of).and_then(|g| text(g, "reason")) != Some(r) {
            lines.push(msg!("reason: {}", r));
        }
    }
    if let Some(p) = after.and_then(|a| a.get("penalty")) {
        if let Some(article) = text(p, "article") {
            lines.push(msg!("art. {}", article));
        }
        if let Some(effect) = text(p, "effect") {
            stored.push(effect.to_string());
        }
        if let Some(note) = text(p, "note") {
            lines.push(msg!("note: {}", note));
        }
    }
    if let Some(c) = after.and_then(|a| a.get("consequence")) {
        if let Some(r) = text(c, "result") {
            lines.push(msg!("result: {}", r));
        }
    }
    let status = |v: Option<&Value>| {
        v.map(|v| v.get("entry").unwrap_or(v))
            .and_then(|v| text(v, "status").or_else(|| text(v, "state")))
            .map(str::to_string)
    };
    if let (Some(b), Some(a)) = (status(before), status(after)) {
        if b != a {
            lines.push(msg!("status: {} → {}", word(b), word(a)));
        }
    }
    match action {
        "checkin.mark" | "checkin.undo" | "checkin.code" => {
            let present = after
                .and_then(|a| a.get("present"))
                .and_then(Value::as_bool);
            let round = after.and_then(|a| a.get("round")).and_then(Value::as_i64);
            match (present, round) {
                (Some(true), Some(r)) => lines.push(msg!("present for round {}", r)),
                (Some(false), Some(r)) => lines.push(msg!("not present for round {}", r)),
                _ => {}
            }
        }
        "round.set_start" => {
            if let Some(t) = after.and_then(Value::as_str) {
                lines.push(msg!("start: {}", t.replace('T', " ")));
            }
        }
        "bye.request" => {
            let round = after.and_then(|a| a.get("round")).and_then(Value::as_i64);
            let kind = after.and_then(|a| text(a, "kind"));
            if let (Some(r), Some(k)) = (round, kind) {
                let points = match k {
                    "half" => "½",
                    "full" => "1",
                    _ => "0",
                };
                lines.push(msg!("round {}: a bye of {}", r, points));
            }
        }
        "staff.appoint" | "staff.dismiss" => {
            if let Some(role) = after.or(before).and_then(|v| text(v, "role")) {
                lines.push(msg!("role: {}", word(role)));
            }
        }
        "prizes.set" => {
            let names: Vec<&str> = after
                .and_then(|a| a.get("categories"))
                .and_then(Value::as_array)
                .map(|cs| cs.iter().filter_map(|c| text(c, "name")).collect())
                .unwrap_or_default();
            if !names.is_empty() {
                lines.push(msg!("categories: {}", names.join(", ")));
            }
        }
        "round.pair" | "team.round.pair" => {
            if let Some(n) = after
                .and_then(|a| a.get("games").or_else(|| a.get("matches")))
                .and_then(Value::as_array)
            {
                lines.push(msg!("{} boards", n.len()));
            }
        }
        "adjournment.seal" => lines.push(msg!(
            "the sealed move stays secret until the envelope is opened"
        )),
        _ => {}
    }
    (lines, stored)
}

/// An audit row in sentences.
pub fn describe(
    action: &str,
    entity: &str,
    entity_id: Option<i64>,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditText {
    let (details, stored) = details(action, before, after);
    AuditText {
        what: action_phrase(action),
        object: object(entity, entity_id, after.or(before)),
        details,
        stored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn game(result: &str, reason: &str) -> Value {
        json!({"id": 8, "round": 2, "board": 2,
               "white": {"id": 5, "name": "Olsczak, Ingrid"},
               "black": {"id": 9, "name": "Nowicki, Paweł"},
               "result": result, "reason": reason})
    }

    #[test]
    fn a_correction_reads_as_a_sentence() {
        let t = describe(
            "result.correct",
            "game",
            Some(8),
            Some(&game("1-0", "")),
            Some(&game("½-½", "scoresheets signed")),
        );
        assert_eq!(t.what.to_string(), "result corrected");
        assert_eq!(
            t.object.unwrap().to_string(),
            "round 2, board 2: Olsczak, Ingrid – Nowicki, Paweł"
        );
        let lines: Vec<String> = t.details.iter().map(Msg::to_string).collect();
        assert_eq!(lines, ["result: 1-0 → ½-½", "reason: scoresheets signed"]);
    }

    #[test]
    fn a_first_result_has_no_before() {
        let t = describe(
            "result.enter",
            "game",
            Some(8),
            Some(&game("*", "")),
            Some(&game("0-1", "")),
        );
        let lines: Vec<String> = t.details.iter().map(Msg::to_string).collect();
        assert_eq!(lines, ["result: 0-1"]);
    }

    #[test]
    fn a_game_still_pending_says_no_result() {
        let envelope = json!({"id": 1, "round": 2, "board": 1, "white": "A", "black": "B"});
        let after = json!({"envelope": envelope, "game": game("*", "")});
        let t = describe(
            "adjournment.open",
            "adjournment",
            Some(1),
            Some(&envelope),
            Some(&after),
        );
        assert!(t.details.is_empty(), "{:?}", t.details);
    }

    #[test]
    fn a_penalty_keeps_its_stored_effect_apart() {
        let after = json!({"penalty": {"kind": "game_lost", "article": "12.9.6",
            "effect": "game declared lost; the opponent wins", "note": "phone"},
            "game": game("1-0", "")});
        let t = describe(
            "penalty.record",
            "game",
            Some(8),
            Some(&game("*", "")),
            Some(&after),
        );
        assert_eq!(t.stored, ["game declared lost; the opponent wins"]);
        let lines: Vec<String> = t.details.iter().map(Msg::to_string).collect();
        assert_eq!(lines, ["result: 1-0", "art. 12.9.6", "note: phone"]);
    }

    #[test]
    fn a_withdrawal_names_the_player_and_the_status() {
        let before = json!({"name": "Dąbrowska, Ewa", "status": "active"});
        let after = json!({"name": "Dąbrowska, Ewa", "status": "withdrawn"});
        let t = describe(
            "player.withdraw",
            "player",
            Some(10),
            Some(&before),
            Some(&after),
        );
        assert_eq!(t.object.unwrap().to_string(), "Dąbrowska, Ewa");
        assert_eq!(t.details[0].to_string(), "status: active → withdrawn");
    }

    #[test]
    fn an_unknown_action_is_shown_as_it_is() {
        let t = describe("future.thing", "round", Some(3), None, None);
        assert_eq!(t.what.to_string(), "action future.thing");
        assert_eq!(t.object.unwrap().to_string(), "round 3");
    }
}
