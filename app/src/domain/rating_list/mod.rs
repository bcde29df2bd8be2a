//! Rating lists: the FIDE list and national lists, imported from the files
//! their publishers put out, searched at registration, and used to re-rate a
//! tournament's players before round 1.
//!
//! Three layouts are read, each streamed (one player at a time, never the
//! whole file in memory):
//!
//! - the FIDE combined XML list (`players_list_xml`): `<playerslist>` holding
//!   one `<player>` per player, whose children are text fields (`fideid`,
//!   `name`, `country`, `sex`, `title`, `w_title`, `o_title`, `foa_title`,
//!   `rating`, `games`, `k`, `rapid_rating`, `rapid_games`, `rapid_k`,
//!   `blitz_rating`, `blitz_games`, `blitz_k`, `birthday`, `flag`);
//! - the FIDE fixed-width TXT list (`players_list_foa.txt`), whose first line
//!   names the columns ("ID Number Name Fed Sex Tit WTit OTit FOA SRtng SGm
//!   SK RRtng RGm Rk BRtng BGm BK B-day Flag"): each column starts where its
//!   name starts in that line, so positions are taken from the header, not
//!   hard-coded (the older standard-only lists name the rating column after
//!   the month, e.g. `NOV26`, with `Gms` and `K`);
//! - national lists as CSV, with a column mapping (`CsvMap`).
//!
//! Every reader answers a `ListError` carrying the line and the byte offset
//! of the problem; none panics on any input (see the tests at the end).

use super::audit::{self, Entry};
use super::msg::word;
use super::regulations;
use super::tournaments::load as load_tournament;
use super::{now, require_role, Actor, DomainError, DomainResult, Msg, Role};
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::schema::{list_managers, players, rating_list_players, rating_lists, rounds};
use crate::db::DbConnection;
use crate::domain::ids::RatingListId;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::BufRead;
use utoipa::ToSchema;

/// The layout of a list file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListFormat {
    /// FIDE combined XML list.
    Xml,
    /// FIDE fixed-width TXT list.
    Txt,
    /// A national list as CSV (needs a column mapping).
    Csv,
}

impl ListFormat {
    pub fn parse(s: &str) -> Option<ListFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xml" => Some(ListFormat::Xml),
            "txt" => Some(ListFormat::Txt),
            "csv" => Some(ListFormat::Csv),
            _ => None,
        }
    }

    /// The layout of a file from its first bytes: `<` opens XML, a header
    /// starting `ID Number` is FIDE's TXT, anything else is taken as CSV.
    pub fn sniff(head: &[u8]) -> ListFormat {
        let text = String::from_utf8_lossy(head);
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('<') {
            ListFormat::Xml
        } else if t.starts_with("ID Number") || t.starts_with("ID_Number") {
            ListFormat::Txt
        } else {
            ListFormat::Csv
        }
    }

    /// FIDE's layouts are the FIDE list; CSV files are national lists.
    pub fn source(self) -> ListSource {
        match self {
            ListFormat::Xml | ListFormat::Txt => ListSource::Fide,
            ListFormat::Csv => ListSource::National,
        }
    }
}

/// Whose list it is. A new list replaces the previous one of its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListSource {
    Fide,
    National,
}

impl ListSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ListSource::Fide => "fide",
            ListSource::National => "national",
        }
    }
    pub fn parse(s: &str) -> Option<ListSource> {
        match s {
            "fide" => Some(ListSource::Fide),
            "national" => Some(ListSource::National),
            _ => None,
        }
    }
}

/// The rating of a time-control category (FIDE Rating Regulations: separate
/// standard, rapid and blitz lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingKind {
    Standard,
    Rapid,
    Blitz,
}

/// The rating a tournament's games count for, from its time control
/// (Laws, Appendices A and B, via `regulations::TimeControl::category`).
pub fn event_rating_kind(t: &TournamentRow) -> RatingKind {
    match regulations::time_control(t).category() {
        super::kinds::TimeCategory::Blitz => RatingKind::Blitz,
        super::kinds::TimeCategory::Rapid => RatingKind::Rapid,
        super::kinds::TimeCategory::Standard => RatingKind::Standard,
    }
}

/// One player of a list.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ListPlayer {
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    /// As the list writes it: "Surname, Given names".
    pub name: String,
    /// FIDE title (GM IM FM CM WGM WIM WFM WCM) or empty.
    pub title: String,
    /// Women's title of a player who also holds an open one.
    pub w_title: String,
    /// Other titles (arbiter, trainer …), as listed.
    pub o_title: String,
    pub foa_title: String,
    pub federation: String,
    /// `m`, `f` or empty.
    pub sex: crate::domain::kinds::Sex,
    pub birth_year: Option<i32>,
    pub standard: Option<i32>,
    pub rapid: Option<i32>,
    pub blitz: Option<i32>,
    /// Standard games in the last rating period.
    pub games: Option<i32>,
    pub k_standard: Option<i32>,
    pub k_rapid: Option<i32>,
    pub k_blitz: Option<i32>,
    /// FIDE flags: `i` inactive, `w` woman (`wi` both).
    pub flags: String,
}

const TITLES: &[&str] = &["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

impl ListPlayer {
    pub fn rating(&self, kind: RatingKind) -> Option<i32> {
        match kind {
            RatingKind::Standard => self.standard,
            RatingKind::Rapid => self.rapid,
            RatingKind::Blitz => self.blitz,
        }
    }
    pub fn k(&self, kind: RatingKind) -> Option<i32> {
        match kind {
            RatingKind::Standard => self.k_standard,
            RatingKind::Rapid => self.k_rapid,
            RatingKind::Blitz => self.k_blitz,
        }
    }
    /// The title a registration carries: the open title, else the women's.
    pub fn registration_title(&self) -> String {
        for t in [&self.title, &self.w_title] {
            let t = t.trim().to_ascii_uppercase();
            if TITLES.contains(&t.as_str()) {
                return t;
            }
        }
        String::new()
    }
}

/// A problem in a list file: where (line from 1, byte offset from 0 in the
/// file) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, byte {byte}: {message}")]
pub struct ListError {
    pub line: u64,
    pub byte: u64,
    pub message: Msg,
}

/// Line and byte counting over a `BufRead`.
struct Src<R> {
    r: R,
    line: u64,
    byte: u64,
}

impl<R: BufRead> Src<R> {
    fn new(r: R) -> Src<R> {
        Src {
            r,
            line: 1,
            byte: 0,
        }
    }
    fn err(&self, message: Msg) -> ListError {
        ListError {
            line: self.line,
            byte: self.byte,
            message,
        }
    }
    fn err_at(pos: (u64, u64), message: Msg) -> ListError {
        ListError {
            line: pos.0,
            byte: pos.1,
            message,
        }
    }
    fn pos(&self) -> (u64, u64) {
        (self.line, self.byte)
    }
    /// Reads up to and including `delim` (or to the end) into `buf` (cleared).
    fn read_until(&mut self, delim: u8, buf: &mut Vec<u8>) -> Result<usize, ListError> {
        buf.clear();
        // Bounded: a "line" or tag longer than 1 MiB is not a list file.
        let mut limited = <&mut R as std::io::Read>::take(&mut self.r, 1 << 20);
        let n = limited
            .read_until(delim, buf)
            .map_err(|e| self.err(msg!("cannot read the file: {}", e)))?;
        if n == 1 << 20 && buf.last() != Some(&delim) {
            return Err(self.err(msg!(
                "a line or tag longer than 1 MiB: this is not a rating list"
            )));
        }
        self.byte += n as u64;
        self.line += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        Ok(n)
    }
}

/// Text of a file: UTF-8, or else Latin-1 as older programs write it.
fn text_of(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// `text_of` without a copy when the bytes are UTF-8.
fn text_cow(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => std::borrow::Cow::Owned(text_of(bytes)),
    }
}

fn number(text: &str, what: &str) -> Result<Option<i32>, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<i32>()
        .map(Some)
        .map_err(|_| msg!("{} '{}' is not a number", word(what), t))
}

/// A rating: empty or 0 is "not rated".
fn rating(text: &str, what: &str) -> Result<Option<i32>, Msg> {
    match number(text, what)? {
        Some(r) if !(0..=3500).contains(&r) => Err(msg!("{} {} is not a rating", word(what), r)),
        Some(0) => Ok(None),
        r => Ok(r),
    }
}

fn fide_id(text: &str) -> Result<Option<i64>, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<i64>() {
        Ok(n) if (1..=99_999_999_999).contains(&n) => Ok(Some(n)),
        _ => Err(msg!("the FIDE id '{}' is not a positive number", t)),
    }
}

/// A birth year from `1990`, `1990-05-01` or `01.05.1990`; 0 and empty are unknown.
fn birth_year(text: &str) -> Result<Option<i32>, Msg> {
    let t = text.trim();
    if t.is_empty() || t.chars().all(|c| c == '0') {
        return Ok(None);
    }
    let digits: Vec<&str> = t
        .split(|c: char| !c.is_ascii_digit())
        .filter(|p| p.len() == 4)
        .collect();
    match digits.first().and_then(|y| y.parse::<i32>().ok()) {
        Some(y) if (1850..=2100).contains(&y) => Ok(Some(y)),
        _ => Err(msg!("the birth year '{}' is not a year", t)),
    }
}

fn sex(text: &str) -> crate::domain::kinds::Sex {
    crate::domain::kinds::Sex::of_letter(text)
}

/// Names are folded for search by the one rule of `domain::fold`.
pub use crate::domain::fold::fold;

mod csv;
mod rerate;
mod search;
mod store;
mod txt;
mod xml;

pub use csv::*;
pub use rerate::*;
pub use search::*;
pub use store::*;
pub use txt::*;
pub use xml::*;

/// A reader of a list of lines (CSV, TXT): the next player, `Ok(None)` at the
/// end.
trait NextPlayer {
    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError>;
}

/// A line reader's players: after the end or an error, nothing more.
struct Players<P> {
    reader: P,
    done: bool,
}

impl<P: NextPlayer> Players<P> {
    fn new(reader: P) -> Players<P> {
        Players {
            reader,
            done: false,
        }
    }
}

impl<P: NextPlayer> Iterator for Players<P> {
    type Item = Result<ListPlayer, ListError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.reader.next_player();
        self.done = !matches!(next, Ok(Some(_)));
        next.transpose()
    }
}

/// A reader for `format` (a CSV needs its mapping).
pub fn reader<'a, R: BufRead + Send + 'a>(
    format: ListFormat,
    r: R,
    map: Option<CsvMap>,
) -> DomainResult<Box<dyn Iterator<Item = Result<ListPlayer, ListError>> + Send + 'a>> {
    Ok(match format {
        ListFormat::Xml => Box::new(XmlReader::new(r)),
        ListFormat::Txt => Box::new(Players::new(TxtReader::new(r))),
        ListFormat::Csv => {
            let Some(map) = map else {
                return Err(DomainError::invalid(
                    "map",
                    msg!("a CSV list needs a column mapping such as id=1,name=2,rating=3"),
                ));
            };
            Box::new(Players::new(CsvReader::new(r, map)))
        }
    })
}

#[cfg(test)]
mod tests;
