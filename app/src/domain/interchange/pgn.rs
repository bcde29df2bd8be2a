//! PGN export of a game, a round or the whole tournament, through the rules core's writer.

use super::*;
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};

/// One game as PGN sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, `??` for what is unknown.
    pub date: String,
    /// `round.board`
    pub round: String,
    pub white: String,
    pub black: String,
    pub white_elo: Option<i32>,
    pub black_elo: Option<i32>,
    pub white_fide_id: Option<i64>,
    pub black_fide_id: Option<i64>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// A comment before the result (forfeits, scores set by the arbiter).
    pub comment: Option<String>,
    /// A Chess960 game (`Variant "Chess960"`).
    pub chess960: bool,
    /// Where the game starts (`SetUp`/`FEN` when not the standard position).
    pub start: rules::Position,
    /// The moves entered, up to the first that cannot be played.
    pub moves: Vec<rules::Move>,
}

/// A game in PGN export format, written by the rules core's writer
/// (`rules::pgn::write_game_with_comment`): the Seven Tag Roster, `WhiteElo`/
/// `BlackElo`, `WhiteFideId`/`BlackFideId`, `Variant`, `SetUp`/`FEN`, a blank
/// line, the movetext in English SAN wrapped at 79 columns, a blank line.
pub fn pgn_text(g: &PgnGame) -> String {
    let mut tags: Vec<(String, String)> = [
        ("Event", &g.event),
        ("Site", &g.site),
        ("Date", &g.date),
        ("Round", &g.round),
        ("White", &g.white),
        ("Black", &g.black),
    ]
    .iter()
    .map(|(k, v)| {
        (
            k.to_string(),
            if v.is_empty() {
                "?".into()
            } else {
                v.to_string()
            },
        )
    })
    .collect();
    for (tag, elo) in [("WhiteElo", g.white_elo), ("BlackElo", g.black_elo)] {
        if let Some(e) = elo {
            tags.push((tag.into(), e.to_string()));
        }
    }
    for (tag, id) in [
        ("WhiteFideId", g.white_fide_id),
        ("BlackFideId", g.black_fide_id),
    ] {
        if let Some(id) = id {
            tags.push((tag.into(), id.to_string()));
        }
    }
    if g.chess960 {
        tags.push(("Variant".into(), "Chess960".into()));
    }
    rules::pgn::write_game_with_comment(&tags, &g.start, &g.moves, g.comment.as_deref(), &g.result)
}

fn pgn_game(
    conn: &mut DbConnection,
    t: &TournamentRow,
    round: &RoundRow,
    g: &GameRow,
    players: &HashMap<PlayerId, PlayerRow>,
) -> DomainResult<Option<PgnGame>> {
    let Some(black_id) = g.black_id else {
        return Ok(None);
    };
    let (w, b) = (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0));
    let points = point_system(t);
    let (result, comment) = match g.kind {
        GameKind::Pending => ("*", None),
        GameKind::Adjourned => ("*", Some("Adjourned".to_string())),
        GameKind::DoubleForfeit => return Ok(None),
        GameKind::Forfeit if w > b => ("1-0", Some("Forfeit: Black did not play".to_string())),
        GameKind::Forfeit => ("0-1", Some("Forfeit: White did not play".to_string())),
        _ if w == points.win && b == points.loss => ("1-0", None),
        _ if w == points.loss && b == points.win => ("0-1", None),
        _ if w == points.draw && b == points.draw => ("1/2-1/2", None),
        _ => (
            "*",
            Some(format!(
                "Scores set by the arbiter: {}-{}",
                crate::domain::rounds::fmt_points(w),
                crate::domain::rounds::fmt_points(b)
            )),
        ),
    };
    let date = round
        .scheduled_start
        .as_deref()
        .map(|s| s.get(..10).unwrap_or(s).to_string())
        .unwrap_or_else(|| t.start_date.clone());
    let date = if date.len() == 10 {
        date.replace('-', ".")
    } else {
        "????.??.??".into()
    };
    let name = |id: PlayerId| players.get(&id).map(|p| p.name.clone()).unwrap_or_default();
    let elo = |id: PlayerId| players.get(&id).and_then(|p| p.rating).filter(|r| *r > 0);
    let fide = |id: PlayerId| players.get(&id).and_then(|p| p.fide_id).filter(|f| *f > 0);
    let chess960 = t.variant == Variant::Chess960;
    // The moves entered, from where they started; without moves, where the
    // board started (the drawn Chess960 position).
    let (start, moves) = match crate::domain::records::stored_game(conn, g.id)? {
        Some(stored) => stored,
        None => {
            let drawn = if chess960 {
                crate::domain::chess960::game_position(conn, g)?
                    .and_then(|sp| u16::try_from(sp).ok())
                    .and_then(rules::Position::chess960)
            } else {
                None
            };
            (drawn.unwrap_or_else(rules::Position::startpos), vec![])
        }
    };
    Ok(Some(PgnGame {
        event: t.name.clone(),
        site: t.place.clone(),
        date,
        round: format!("{}.{}", g.round_number, g.board),
        white: name(g.white_id),
        black: name(black_id),
        white_elo: elo(g.white_id),
        black_elo: elo(black_id),
        white_fide_id: fide(g.white_id),
        black_fide_id: fide(black_id),
        result: result.into(),
        comment,
        chess960,
        start,
        moves,
    }))
}

/// PGN of the games of the rounds `numbers` (byes and double forfeits are no
/// games and are left out), as `audience` sees them.
fn pgn_of(
    conn: &mut DbConnection,
    tid: TournamentId,
    numbers: Option<RoundNo>,
    game: Option<GameId>,
    audience: Audience,
) -> DomainResult<String> {
    let t = tournaments::load(conn, tid)?;
    let mut q = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .into_boxed();
    if let Some(n) = numbers {
        q = q.filter(rounds::number.eq(n));
    }
    let round_rows: Vec<RoundRow> = q
        .order(rounds::number)
        .select(RoundRow::as_select())
        .load(conn)?;
    if let Some(n) = numbers {
        match round_rows.first() {
            None => {
                return Err(DomainError::NotFound(msg!(
                    "round {} of tournament {}",
                    n,
                    tid
                )))
            }
            Some(r) if !audience.sees_round_state(r.state) => {
                return Err(DomainError::NotFound(msg!(
                    "a published round {} of tournament {}",
                    n,
                    tid
                )))
            }
            _ => {}
        }
    }
    let players: HashMap<PlayerId, PlayerRow> = players_in_order(conn, tid)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut out = String::new();
    let mut found = false;
    for r in round_rows
        .iter()
        .filter(|r| audience.sees_round_state(r.state))
    {
        let mut q = games::table
            .filter(games::tournament_id.eq(tid))
            .filter(games::round_number.eq(r.number))
            .into_boxed();
        if let Some(gid) = game {
            q = q.filter(games::id.eq(gid));
        }
        let rows: Vec<GameRow> = q
            .order(games::board)
            .select(GameRow::as_select())
            .load(conn)?;
        for g in &rows {
            found = true;
            if let Some(p) = pgn_game(conn, &t, r, g, &players)? {
                out.push_str(&pgn_text(&p));
            }
        }
    }
    if let Some(gid) = game {
        if !found {
            return Err(DomainError::NotFound(msg!(
                "game {} in tournament {}",
                gid,
                tid
            )));
        }
        if out.is_empty() {
            return Err(DomainError::NotFound(msg!(
                "a played game {} (a bye or a double forfeit has no PGN)",
                gid
            )));
        }
    }
    Ok(out)
}

pub fn pgn_game_export(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, None, Some(gid), audience)
}

pub fn pgn_round(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, Some(n), None, audience)
}

pub fn pgn_tournament(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<String> {
    pgn_of(conn, tid, None, None, audience)
}
