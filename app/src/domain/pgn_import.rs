//! Bulk import of a round's games from one PGN file (electronic boards, or the
//! scoresheets transcribed): each game is matched to the round's pairing by its
//! players and stored with the rules core's validation report (SPEC §6, as
//! `records::submit` stores one game).
//!
//! Matching: by the `WhiteFideId`/`BlackFideId` tags where both the file and the
//! player have a FIDE id; otherwise by name, tolerant of diacritics, case,
//! punctuation and word order (`Żółć, Łukasz` is `Lukasz Zolc`), and of first
//! names given as initials (`Carlsen, M.`). A game that fits no board, or more
//! than one, is listed for the arbiter to assign (the game's own PGN text goes
//! with it, to send to `PUT games/{gid}/moves`). A result in the file that
//! contradicts the entered one is listed; results are never applied by the
//! import. A file that cannot be read stores nothing and names the line and
//! column. The whole import is ONE transaction with ONE audit row.
//!
//! The reading and matching ([`plan`]) are pure functions, fuzzed by
//! `app/fuzz/fuzz_targets/pgn_import.rs`.

use super::audit::Entry;
use super::kinds::RecordFormat;
use super::msg::nested;
use super::records::{self, SubmitMoves, ValidationView};
use super::tournaments::load as load_tournament;
use super::{require_role, Actor, DomainError, DomainResult, Msg, Role};
use crate::db::models::{GameRow, PlayerRow, RoundRow};
use crate::db::schema::rounds;
use crate::db::DbConnection;
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use diesel::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

// ------------------------------------------------------------------ names

/// A letter without its diacritics, as names are written without them
/// (Latin-1 Supplement, Latin Extended-A and a few of Extended-B).
fn fold_char(c: char, out: &mut String) {
    let s: &str = match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' | 'ǎ' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è'..='ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì'..='ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' => "i",
        'ĳ' => "ij",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò'..='ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'ù'..='ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ => {
            out.push(c);
            return;
        }
    };
    out.push_str(s);
}

/// The words of a name, lower case, without diacritics or punctuation.
pub fn name_words(name: &str) -> Vec<String> {
    let mut folded = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        fold_char(c, &mut folded);
    }
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// How well two names agree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// Different people.
    No,
    /// The same words, some of them given only by their initial.
    Initials,
    /// The same words in any order.
    Words,
    /// The same FIDE id.
    FideId,
}

/// Whether names `a` and `b` can be the same player: every word of the name
/// with fewer words pairs with a different word of the other, equal or as its
/// initial, and at least one full word (two letters or more) is equal.
pub fn name_fit(a: &str, b: &str) -> Fit {
    let (mut wa, mut wb) = (name_words(a), name_words(b));
    if wa.is_empty() || wb.is_empty() {
        return Fit::No;
    }
    wa.sort();
    wb.sort();
    if wa == wb {
        return Fit::Words;
    }
    let (short, long) = if wa.len() <= wb.len() {
        (&wa, &wb)
    } else {
        (&wb, &wa)
    };
    // Full words first, then initials, each taking a word not yet taken.
    let mut taken = vec![false; long.len()];
    let mut full = 0;
    for w in short.iter().filter(|w| w.chars().count() > 1) {
        match (0..long.len()).find(|&i| !taken[i] && long[i] == *w) {
            Some(i) => {
                taken[i] = true;
                full += 1;
            }
            None => {
                // A full word may still stand for an initial of the other side.
                match (0..long.len()).find(|&i| {
                    !taken[i] && long[i].chars().count() == 1 && w.starts_with(long[i].as_str())
                }) {
                    Some(i) => taken[i] = true,
                    None => return Fit::No,
                }
            }
        }
    }
    for w in short.iter().filter(|w| w.chars().count() == 1) {
        match (0..long.len()).find(|&i| !taken[i] && long[i].starts_with(w.as_str())) {
            Some(i) => taken[i] = true,
            None => return Fit::No,
        }
    }
    if full == 0 {
        return Fit::No;
    }
    Fit::Initials
}

/// How a tag's player fits a paired player: by FIDE id when both have one.
pub fn player_fit(name: &str, fide_id: Option<i64>, player: &Seat) -> Fit {
    match (fide_id, player.fide_id) {
        (Some(a), Some(b)) if a > 0 && b > 0 => {
            if a == b {
                Fit::FideId
            } else {
                Fit::No
            }
        }
        _ => name_fit(name, &player.name),
    }
}

// ------------------------------------------------------------------ the file

/// A player of a board of the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub name: String,
    pub fide_id: Option<i64>,
}

/// A board of the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub game_id: GameId,
    pub board: i32,
    pub white: Seat,
    pub black: Seat,
}

/// One game of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileGame {
    /// 1-based, in file order.
    pub index: usize,
    /// Line of the file where it starts.
    pub line: usize,
    pub white: String,
    pub black: String,
    pub white_fide_id: Option<i64>,
    pub black_fide_id: Option<i64>,
    /// The result the file gives (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: Option<String>,
    /// The game's own PGN text.
    pub pgn: String,
}

/// Where a game of the file goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// The board (index into the boards).
    Board(usize),
    /// No board fits; why.
    Unmatched(Msg),
    /// Several boards fit (indices), or the board already has a game of the file.
    Ambiguous(Vec<usize>, Msg),
}

fn fide_tag(v: Option<&str>) -> Option<i64> {
    v.and_then(|s| s.trim().parse::<i64>().ok())
        .filter(|id| *id > 0)
}

/// The text of each game: from its first line to the line before the next game.
fn game_texts(text: &str, starts: &[usize]) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    starts
        .iter()
        .enumerate()
        .map(|(i, &from)| {
            let from = from.saturating_sub(1).min(lines.len());
            let to = starts
                .get(i + 1)
                .map(|&n| n.saturating_sub(1))
                .unwrap_or(lines.len())
                .clamp(from, lines.len());
            let mut s = lines[from..to].join("\n");
            s.push('\n');
            s
        })
        .collect()
}

/// Reads the games of a file: `Err` with the line and column of the first
/// place that cannot be read.
pub fn read_file(text: &str) -> Result<Vec<FileGame>, Msg> {
    let mut games = Vec::new();
    for (i, g) in rules::pgn::read_games(text).into_iter().enumerate() {
        match g {
            Ok(g) => games.push(g),
            Err(e) => {
                return Err(msg!(
                    "game {} of the file, {}",
                    i + 1,
                    nested(super::library::pgn_error(&e))
                ))
            }
        }
    }
    if games.is_empty() {
        return Err(msg!("the file holds no game"));
    }
    let starts: Vec<usize> = games.iter().map(|g| g.line).collect();
    let texts = game_texts(text, &starts);
    Ok(games
        .into_iter()
        .zip(texts)
        .enumerate()
        .map(|(i, (g, own))| {
            // The slice must read as this game; else write the game out again.
            let same = matches!(
                rules::pgn::read_games(&own).first(),
                Some(Ok(back)) if back.moves.iter().map(|m| &m.text).eq(g.moves.iter().map(|m| &m.text))
                    && back.tags == g.tags
            );
            let pgn = if same { own } else { rewrite(&g) };
            FileGame {
                index: i + 1,
                line: g.line,
                white: g.tag("White").unwrap_or("").to_string(),
                black: g.tag("Black").unwrap_or("").to_string(),
                white_fide_id: fide_tag(g.tag("WhiteFideId")),
                black_fide_id: fide_tag(g.tag("BlackFideId")),
                result: g.result(),
                pgn,
            }
        })
        .collect())
}

/// A game written back from what was read: its tags and main-line moves.
fn rewrite(g: &rules::pgn::PgnGame) -> String {
    let mut s = String::new();
    for (k, v) in &g.tags {
        s.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    s.push('\n');
    let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
    s.push_str(&moves.join(" "));
    s.push(' ');
    s.push_str(g.result.as_deref().unwrap_or("*"));
    s.push('\n');
    s
}

/// Where a game goes among `boards`, by its players.
pub fn place(g: &FileGame, boards: &[Board]) -> Placement {
    let fits: Vec<(usize, Fit)> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let w = player_fit(&g.white, g.white_fide_id, &b.white);
            let k = player_fit(&g.black, g.black_fide_id, &b.black);
            (i, w.min(k))
        })
        .filter(|(_, f)| *f > Fit::No)
        .collect();
    let best = fits.iter().map(|(_, f)| *f).max();
    let Some(best) = best else {
        let reversed: Vec<i32> = boards
            .iter()
            .filter(|b| {
                player_fit(&g.white, g.white_fide_id, &b.black).min(player_fit(
                    &g.black,
                    g.black_fide_id,
                    &b.white,
                )) > Fit::No
            })
            .map(|b| b.board)
            .collect();
        return Placement::Unmatched(match reversed.first() {
            Some(b) => msg!("the players of board {}, with the colours reversed", b),
            None => msg!(
                "no board of the round has {} against {}",
                if g.white.is_empty() { "?" } else { &g.white },
                if g.black.is_empty() { "?" } else { &g.black }
            ),
        });
    };
    let at_best: Vec<usize> = fits
        .iter()
        .filter(|(_, f)| *f == best)
        .map(|(i, _)| *i)
        .collect();
    if at_best.len() == 1 {
        Placement::Board(at_best[0])
    } else {
        Placement::Ambiguous(at_best, msg!("the players fit several boards"))
    }
}

/// Reads a file and places each game; a board takes one game of the file (a
/// later one for the same board is ambiguous).
pub fn plan(text: &str, boards: &[Board]) -> Result<Vec<(FileGame, Placement)>, Msg> {
    let games = read_file(text)?;
    let mut taken: HashMap<usize, usize> = HashMap::new();
    Ok(games
        .into_iter()
        .map(|g| {
            let p = match place(&g, boards) {
                Placement::Board(i) => match taken.get(&i) {
                    Some(first) => Placement::Ambiguous(
                        vec![i],
                        msg!(
                            "board {} already has game {} of this file",
                            boards[i].board,
                            first
                        ),
                    ),
                    None => {
                        taken.insert(i, g.index);
                        Placement::Board(i)
                    }
                },
                other => other,
            };
            (g, p)
        })
        .collect())
}

// ------------------------------------------------------------------ the import

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportedGame {
    /// The game's place in the file (1-based).
    pub index: usize,
    pub board: i32,
    #[schema(value_type = i32)]
    pub game_id: GameId,
    pub white: String,
    pub black: String,
    /// The result the file gives.
    pub result_in_file: Option<String>,
    /// The result entered for the game, if any (the import never changes it).
    pub entered_result: Option<String>,
    pub report: ValidationView,
    /// English in the API; a page translates them.
    #[schema(value_type = Vec<String>)]
    pub warnings: Vec<Msg>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UnplacedGame {
    pub index: usize,
    /// Line of the file where the game starts.
    pub line: usize,
    pub white: String,
    pub black: String,
    pub result_in_file: Option<String>,
    /// Why (English in the API; a page translates it).
    #[schema(value_type = String)]
    pub reason: Msg,
    /// The boards that fit (ambiguous games).
    pub boards: Vec<i32>,
    /// The game's PGN, to assign with `PUT games/{gid}/moves`.
    pub pgn: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ResultConflict {
    pub index: usize,
    pub board: i32,
    #[schema(value_type = i32)]
    pub game_id: GameId,
    pub result_in_file: String,
    pub entered_result: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportReport {
    #[schema(value_type = i32)]
    pub round: RoundNo,
    pub games_in_file: usize,
    /// Stored with their reports.
    pub matched: Vec<ImportedGame>,
    /// Fit no board: for the arbiter to assign.
    pub unmatched: Vec<UnplacedGame>,
    /// Fit several boards, or a board that already had a game of the file.
    pub ambiguous: Vec<UnplacedGame>,
    /// Results in the file that contradict the entered ones (not applied).
    pub result_conflicts: Vec<ResultConflict>,
}

fn seat(p: Option<&PlayerRow>) -> Seat {
    Seat {
        name: p.map(|p| p.name.clone()).unwrap_or_default(),
        fide_id: p.and_then(|p| p.fide_id),
    }
}

/// Imports the games of PGN `text` into round `n` (arbiter).
pub fn import_round(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    text: &str,
) -> DomainResult<ImportReport> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let round: Option<RoundRow> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(n))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?;
    if round.is_none() {
        return Err(DomainError::NotFound(msg!(
            "round {} of tournament {}",
            n,
            tid
        )));
    }
    if text.len() > 8 << 20 {
        return Err(DomainError::invalid(
            "text",
            msg!("the file is larger than 8 MiB"),
        ));
    }
    let players = super::rounds::player_map(conn, tid)?;
    let rows: Vec<GameRow> = super::rounds::round_games(conn, tid, n)?
        .into_iter()
        .filter(|g| g.black_id.is_some())
        .collect();
    let boards: Vec<Board> = rows
        .iter()
        .map(|g| Board {
            game_id: g.id,
            board: g.board,
            white: seat(players.get(&g.white_id)),
            black: seat(g.black_id.and_then(|b| players.get(&b))),
        })
        .collect();
    let planned = plan(text, &boards)
        .map_err(|e| DomainError::invalid("text", msg!("the PGN cannot be read: {}", nested(e))))?;
    let mut out = ImportReport {
        round: n,
        games_in_file: planned.len(),
        matched: vec![],
        unmatched: vec![],
        ambiguous: vec![],
        result_conflicts: vec![],
    };
    let unplaced = |g: &FileGame, reason: Msg, b: Vec<i32>| UnplacedGame {
        index: g.index,
        line: g.line,
        white: g.white.clone(),
        black: g.black.clone(),
        result_in_file: g.result.clone(),
        reason,
        boards: b,
        pgn: g.pgn.clone(),
    };
    for (g, p) in planned {
        match p {
            Placement::Unmatched(reason) => out.unmatched.push(unplaced(&g, reason, vec![])),
            Placement::Ambiguous(idx, reason) => {
                let b = idx.iter().map(|&i| boards[i].board).collect();
                out.ambiguous.push(unplaced(&g, reason, b));
            }
            Placement::Board(i) => {
                let row = &rows[i];
                let cmd = SubmitMoves {
                    format: RecordFormat::Pgn,
                    text: g.pgn.clone(),
                    notation: None,
                    start: None,
                    termination: None,
                };
                let stored = match records::check_and_store(conn, &t, row, cmd) {
                    Ok((v, _)) => v,
                    Err(DomainError::Invalid { message, .. }) => {
                        out.unmatched.push(unplaced(
                            &g,
                            msg!("board {} fits, but {}", row.board, nested(message)),
                            vec![row.board],
                        ));
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                let entered = records::recorded_result(row.kind, row.white_score, row.black_score);
                if let (Some(file), Some(ent)) = (g.result.as_deref(), entered.as_deref()) {
                    if file != "*" && file != ent {
                        out.result_conflicts.push(ResultConflict {
                            index: g.index,
                            board: row.board,
                            game_id: row.id,
                            result_in_file: file.to_string(),
                            entered_result: ent.to_string(),
                        });
                    }
                }
                out.matched.push(ImportedGame {
                    index: g.index,
                    board: row.board,
                    game_id: row.id,
                    white: boards[i].white.name.clone(),
                    black: boards[i].black.name.clone(),
                    result_in_file: g.result.clone(),
                    entered_result: entered,
                    report: stored.report,
                    warnings: stored.warnings,
                });
            }
        }
    }
    Entry::at(tid, "round.import_pgn", "round", n).made(conn, actor, &out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fit_across_spellings() {
        assert_eq!(name_fit("Żółć, Łukasz", "Lukasz Zolc"), Fit::Words);
        assert_eq!(name_fit("ČERMÁK Jiří", "Jiri Cermak"), Fit::Words);
        assert_eq!(name_fit("Carlsen, M.", "Magnus Carlsen"), Fit::Initials);
        assert_eq!(name_fit("Carlsen, Magnus", "M Carlsen"), Fit::Initials);
        assert_eq!(
            name_fit("Müller, Hans-Peter", "Hans Peter Muller"),
            Fit::Words
        );
        assert_eq!(name_fit("Carlsen, M.", "Carlsen, Henrik"), Fit::No);
        assert_eq!(name_fit("Nakamura", "Carlsen"), Fit::No);
        assert_eq!(name_fit("M. C.", "Magnus Carlsen"), Fit::No);
        assert_eq!(name_fit("", "Magnus Carlsen"), Fit::No);
        assert_eq!(name_fit("Straße", "STRASSE"), Fit::Words);
    }

    fn seat(name: &str, fide: Option<i64>) -> Seat {
        Seat {
            name: name.into(),
            fide_id: fide,
        }
    }

    #[test]
    fn games_are_placed_by_fide_id_then_name() {
        let boards = vec![
            Board {
                game_id: GameId(10),
                board: 1,
                white: seat("Łukasz Żółć", Some(1111)),
                black: seat("Jiří Čermák", None),
            },
            Board {
                game_id: GameId(11),
                board: 2,
                white: seat("Anna Nowak", None),
                black: seat("Anna Kowalska", None),
            },
        ];
        let text = "[White \"Somebody\"]\n[Black \"Cermak, Jiri\"]\n[WhiteFideId \"1111\"]\n\n1. e4 e5 1-0\n\n\
                    [White \"NOWAK, Anna\"]\n[Black \"Kowalska, A.\"]\n\n1. d4 *\n\n\
                    [White \"Kowalska\"]\n[Black \"Nowak\"]\n\n1. c4 *\n\n\
                    [White \"X\"]\n[Black \"Y\"]\n\n1. c4 *\n\n\
                    [White \"Anna Nowak\"]\n[Black \"Anna Kowalska\"]\n\n1. f4 *\n";
        let p = plan(text, &boards).unwrap();
        assert_eq!(p.len(), 5);
        assert_eq!(p[0].1, Placement::Board(0));
        assert!(
            p[0].0.pgn.starts_with("[White \"Somebody\"]") && p[0].0.pgn.contains("1. e4 e5 1-0")
        );
        assert_eq!(p[1].1, Placement::Board(1));
        assert!(matches!(&p[2].1, Placement::Unmatched(r) if r.to_string().contains("reversed")));
        assert!(matches!(&p[3].1, Placement::Unmatched(_)));
        assert!(matches!(&p[4].1, Placement::Ambiguous(b, _) if b == &vec![1]));
        let e = plan("[White \"a\"]\n\n1. e4 {never closed\n", &boards).unwrap_err();
        assert!(e.to_string().contains("line 3, column 7"), "{e}");
    }
}
