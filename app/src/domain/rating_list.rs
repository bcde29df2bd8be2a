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
use super::regulations;
use super::tournaments::load as load_tournament;
use super::{now, require_role, Actor, DomainError, DomainResult, Role};
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::schema::{players, rating_list_players, rating_lists, rounds, tournament_staff};
use crate::db::DbConnection;
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
    pub sex: String,
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
    pub message: String,
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
    fn err(&self, message: impl Into<String>) -> ListError {
        ListError {
            line: self.line,
            byte: self.byte,
            message: message.into(),
        }
    }
    fn err_at(pos: (u64, u64), message: impl Into<String>) -> ListError {
        ListError {
            line: pos.0,
            byte: pos.1,
            message: message.into(),
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
            .map_err(|e| self.err(format!("cannot read the file: {e}")))?;
        if n == 1 << 20 && buf.last() != Some(&delim) {
            return Err(self.err("a line or tag longer than 1 MiB: this is not a rating list"));
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

fn number(text: &str, what: &str) -> Result<Option<i32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<i32>()
        .map(Some)
        .map_err(|_| format!("{what} '{t}' is not a number"))
}

/// A rating: empty or 0 is "not rated".
fn rating(text: &str, what: &str) -> Result<Option<i32>, String> {
    match number(text, what)? {
        Some(r) if !(0..=3500).contains(&r) => Err(format!("{what} {r} is not a rating")),
        Some(0) => Ok(None),
        r => Ok(r),
    }
}

fn fide_id(text: &str) -> Result<Option<i64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<i64>() {
        Ok(n) if (1..=99_999_999_999).contains(&n) => Ok(Some(n)),
        _ => Err(format!("the FIDE id '{t}' is not a positive number")),
    }
}

/// A birth year from `1990`, `1990-05-01` or `01.05.1990`; 0 and empty are unknown.
fn birth_year(text: &str) -> Result<Option<i32>, String> {
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
        _ => Err(format!("the birth year '{t}' is not a year")),
    }
}

fn sex(text: &str) -> String {
    match text.trim().to_ascii_lowercase().as_str() {
        "m" => "m".into(),
        "f" | "w" => "f".into(),
        _ => String::new(),
    }
}

/// Folds a name (or a query) for search: lower case, diacritics removed
/// (Unicode canonical decomposition, marks dropped; letters that do not
/// decompose such as ł, ø, đ, ß, æ mapped by hand), every run of other
/// characters one space, trimmed. "Kowalski, Jan", "kowalski jan" and
/// "KOWALSKI,JAN" all fold to "kowalski jan".
pub fn fold(name: &str) -> String {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for c in name.nfd() {
        if is_combining_mark(c) {
            continue;
        }
        let mapped: &str = match c {
            'ł' | 'Ł' => "l",
            'ø' | 'Ø' => "o",
            'đ' | 'Đ' | 'ð' | 'Ð' => "d",
            'ß' => "ss",
            'æ' | 'Æ' => "ae",
            'œ' | 'Œ' => "oe",
            'þ' | 'Þ' => "th",
            'ı' => "i",
            _ => "",
        };
        if !mapped.is_empty() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push_str(mapped);
        } else if c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The FIDE XML list.

/// Reads the FIDE combined XML list one `<player>` at a time. A small tag
/// scanner: the list is flat (root, players, text fields), so no general XML
/// parser is needed; entities (`&amp;` …, `&#…;`) are decoded, comments, the
/// prolog and a DOCTYPE are skipped, anything else out of place is an error.
pub struct XmlReader<R> {
    src: Src<R>,
    buf: Vec<u8>,
    root: Option<String>,
    done: bool,
}

impl<R: BufRead> XmlReader<R> {
    pub fn new(r: R) -> XmlReader<R> {
        XmlReader {
            src: Src::new(r),
            buf: Vec::with_capacity(256),
            root: None,
            done: false,
        }
    }

    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError> {
        let mut player: Option<(ListPlayer, (u64, u64))> = None;
        let mut field: Option<(String, (u64, u64))> = None;
        let mut text = String::new();
        loop {
            // Text up to the next tag.
            let at = self.src.pos();
            let n = self.src.read_until(b'<', &mut self.buf)?;
            let ends_in_tag = self.buf.last() == Some(&b'<');
            let body = if ends_in_tag {
                &self.buf[..n - 1]
            } else {
                &self.buf[..n]
            };
            if field.is_some() {
                let t = decode_entities(&text_of(body)).map_err(|m| Src::<R>::err_at(at, m))?;
                text.push_str(&t);
            } else if body.iter().any(|b| !b.is_ascii_whitespace()) && body != b"\xef\xbb\xbf" {
                let skip = body.iter().take_while(|b| b.is_ascii_whitespace()).count();
                return Err(Src::<R>::err_at(
                    (at.0, at.1 + skip as u64),
                    "text outside a player's field",
                ));
            }
            if !ends_in_tag {
                // The end of the file.
                if let Some((_, p)) = player {
                    return Err(Src::<R>::err_at(p, "the file ends inside this <player>"));
                }
                if self.root.is_some() && !self.done {
                    return Err(self.src.err("the file ends before the list is closed"));
                }
                if self.root.is_none() {
                    return Err(self.src.err("no list in the file"));
                }
                return Ok(None);
            }
            let tag_at = (self.src.line, self.src.byte - 1);
            let n = self.src.read_until(b'>', &mut self.buf)?;
            if self.buf.last() != Some(&b'>') {
                return Err(Src::<R>::err_at(tag_at, "a tag is not closed with '>'"));
            }
            let mut tag = text_of(&self.buf[..n - 1]);
            if tag.starts_with("!--") {
                while !tag.ends_with("--") {
                    let n = self.src.read_until(b'>', &mut self.buf)?;
                    if self.buf.last() != Some(&b'>') {
                        return Err(Src::<R>::err_at(tag_at, "a comment is not closed"));
                    }
                    tag.push('>');
                    tag.push_str(&text_of(&self.buf[..n - 1]));
                }
                continue;
            }
            if tag.starts_with('?') || tag.starts_with('!') {
                continue;
            }
            let (closing, self_closing) = (tag.starts_with('/'), tag.ends_with('/'));
            let name: String = tag
                .trim_start_matches('/')
                .trim_end_matches('/')
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string();
            if name.is_empty() {
                return Err(Src::<R>::err_at(tag_at, "a tag without a name"));
            }
            if self.done {
                return Err(Src::<R>::err_at(
                    tag_at,
                    format!("<{name}> after the end of the list"),
                ));
            }
            if closing {
                if let Some((f, _)) = &field {
                    if *f != name {
                        return Err(Src::<R>::err_at(
                            tag_at,
                            format!("</{name}> where </{f}> was expected"),
                        ));
                    }
                    let (f, fat) = field.take().unwrap_or_default();
                    if let Some((p, _)) = player.as_mut() {
                        set_xml_field(p, &f, &text).map_err(|m| Src::<R>::err_at(fat, m))?;
                    }
                    continue;
                }
                if let Some((p, pat)) = player.take() {
                    if name != "player" {
                        return Err(Src::<R>::err_at(
                            tag_at,
                            format!("</{name}> where </player> was expected"),
                        ));
                    }
                    if p.fide_id.is_none() {
                        return Err(Src::<R>::err_at(pat, "a player without a <fideid>"));
                    }
                    if p.name.trim().is_empty() {
                        return Err(Src::<R>::err_at(pat, "a player without a <name>"));
                    }
                    return Ok(Some(p));
                }
                if self.root.as_deref() == Some(name.as_str()) {
                    self.done = true;
                    continue;
                }
                return Err(Src::<R>::err_at(
                    tag_at,
                    format!("</{name}> closes nothing that is open"),
                ));
            }
            // An opening (or empty) tag.
            if self.root.is_none() {
                if self_closing {
                    self.done = true;
                }
                self.root = Some(name);
                continue;
            }
            match (&player, &field) {
                (None, _) if name == "player" => {
                    if self_closing {
                        return Err(Src::<R>::err_at(tag_at, "an empty <player/>"));
                    }
                    player = Some((ListPlayer::default(), tag_at));
                }
                (None, _) => {
                    return Err(Src::<R>::err_at(
                        tag_at,
                        format!("<{name}> where a <player> was expected"),
                    ))
                }
                (Some(_), None) if self_closing => {
                    if let Some((p, _)) = player.as_mut() {
                        set_xml_field(p, &name, "").map_err(|m| Src::<R>::err_at(tag_at, m))?;
                    }
                }
                (Some(_), None) => {
                    text.clear();
                    field = Some((name, self.src.pos()));
                }
                (Some(_), Some((f, _))) => {
                    return Err(Src::<R>::err_at(
                        tag_at,
                        format!("<{name}> inside <{f}>: a player's fields hold text only"),
                    ))
                }
            }
        }
    }
}

fn decode_entities(s: &str) -> Result<String, String> {
    if !s.contains('&') {
        return Ok(s.to_string());
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(end) = after.find(';').filter(|&e| e <= 10) else {
            return Err("a '&' that starts no entity (write &amp;)".into());
        };
        let ent = &after[..end];
        let c = match ent {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(h) = ent.strip_prefix("#x").or(ent.strip_prefix("#X")) {
                    u32::from_str_radix(h, 16).ok()
                } else if let Some(d) = ent.strip_prefix('#') {
                    d.parse::<u32>().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
                    .ok_or_else(|| format!("unknown entity &{ent};"))?
            }
        };
        out.push(c);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn set_xml_field(p: &mut ListPlayer, field: &str, text: &str) -> Result<(), String> {
    let t = text.trim();
    match field {
        "fideid" => p.fide_id = fide_id(t)?,
        "name" => p.name = t.to_string(),
        "country" => p.federation = t.to_string(),
        "sex" => p.sex = sex(t),
        "title" => p.title = t.to_string(),
        "w_title" => p.w_title = t.to_string(),
        "o_title" => p.o_title = t.to_string(),
        "foa_title" => p.foa_title = t.to_string(),
        "rating" => p.standard = rating(t, "<rating>")?,
        "games" => p.games = number(t, "<games>")?,
        "k" => p.k_standard = number(t, "<k>")?,
        "rapid_rating" => p.rapid = rating(t, "<rapid_rating>")?,
        "rapid_k" => p.k_rapid = number(t, "<rapid_k>")?,
        "blitz_rating" => p.blitz = rating(t, "<blitz_rating>")?,
        "blitz_k" => p.k_blitz = number(t, "<blitz_k>")?,
        "birthday" => p.birth_year = birth_year(t)?,
        "flag" => p.flags = t.to_string(),
        // rapid_games, blitz_games and fields of later layouts: not kept.
        _ => {}
    }
    Ok(())
}

impl<R: BufRead> Iterator for XmlReader<R> {
    type Item = Result<ListPlayer, ListError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done && self.root.is_some() && self.buf.is_empty() {
            return None;
        }
        match self.next_player() {
            Ok(Some(p)) => Some(Ok(p)),
            Ok(None) => {
                self.buf.clear();
                self.done = true;
                None
            }
            Err(e) => {
                // One error ends the reading.
                self.done = true;
                self.root.get_or_insert_with(String::new);
                self.buf.clear();
                Some(Err(e))
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The FIDE TXT list.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TxtCol {
    Id,
    Name,
    Fed,
    Sex,
    Tit,
    WTit,
    OTit,
    Foa,
    SRtng,
    SGm,
    SK,
    RRtng,
    RGm,
    RK,
    BRtng,
    BGm,
    BK,
    BDay,
    Flag,
}

/// The header line of FIDE's TXT list (`players_list_foa.txt`), as published.
pub const FIDE_TXT_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// Reads the FIDE fixed-width TXT list; column positions come from the header line.
pub struct TxtReader<R> {
    src: Src<R>,
    buf: Vec<u8>,
    /// (column, first character, end character or usize::MAX)
    cols: Vec<(TxtCol, usize, usize)>,
    done: bool,
}

/// Where `word` stands in `header` at or after `from`, as a whole word.
fn find_word(header: &str, word: &str, from: usize) -> Option<usize> {
    let mut start = from;
    while let Some(i) = header.get(start..).and_then(|h| h.find(word)) {
        let at = start + i;
        let before = at == 0 || header.as_bytes()[at - 1] == b' ';
        let end = at + word.len();
        let after = end >= header.len() || header.as_bytes()[end] == b' ';
        if before && after {
            return Some(at);
        }
        start = at + 1;
    }
    None
}

/// A month column of the standard-only lists: `NOV26`, `Jan25`.
fn month_column(header: &str, from: usize) -> Option<usize> {
    let bytes = header.as_bytes();
    let mut i = from;
    while i + 5 <= bytes.len() {
        let w = &bytes[i..i + 5];
        let word_start = i == 0 || bytes[i - 1] == b' ';
        let word_end = i + 5 == bytes.len() || bytes[i + 5] == b' ';
        if word_start
            && word_end
            && w[..3].iter().all(u8::is_ascii_alphabetic)
            && w[3..].iter().all(u8::is_ascii_digit)
        {
            return Some(i);
        }
        i += 1;
    }
    None
}

impl<R: BufRead> TxtReader<R> {
    pub fn new(r: R) -> TxtReader<R> {
        TxtReader {
            src: Src::new(r),
            buf: Vec::with_capacity(256),
            cols: Vec::new(),
            done: false,
        }
    }

    fn header(&mut self) -> Result<(), ListError> {
        loop {
            let at = self.src.pos();
            if self.src.read_until(b'\n', &mut self.buf)? == 0 {
                return Err(self.src.err("the file is empty: no header line"));
            }
            let line = text_of(&self.buf);
            let line = line.trim_start_matches('\u{feff}').trim_end();
            if line.trim().is_empty() {
                continue;
            }
            if !line.is_ascii() {
                return Err(Src::<R>::err_at(at, "the header line is not ASCII"));
            }
            use TxtCol::*;
            let names: &[(TxtCol, &str)] = &[
                (Id, "ID Number"),
                (Name, "Name"),
                (Fed, "Fed"),
                (Sex, "Sex"),
                (Tit, "Tit"),
                (WTit, "WTit"),
                (OTit, "OTit"),
                (Foa, "FOA"),
                (SRtng, "SRtng"),
                (SGm, "SGm"),
                (SK, "SK"),
                (RRtng, "RRtng"),
                (RGm, "RGm"),
                (RK, "Rk"),
                (BRtng, "BRtng"),
                (BGm, "BGm"),
                (BK, "BK"),
                (BDay, "B-day"),
                (Flag, "Flag"),
            ];
            let mut found: Vec<(TxtCol, usize)> = Vec::new();
            let mut from = 0;
            for &(col, name) in names {
                let hit = find_word(line, name, from).or_else(|| match col {
                    // The standard-only layout.
                    SRtng => month_column(line, from),
                    SGm => find_word(line, "Gms", from),
                    SK => find_word(line, "K", from),
                    _ => None,
                });
                if let Some(at) = hit {
                    found.push((col, at));
                    from = at + 1;
                }
            }
            for need in [Id, Name] {
                if !found.iter().any(|(c, _)| *c == need) {
                    return Err(Src::<R>::err_at(
                        at,
                        "the header line does not name the columns 'ID Number' and 'Name': not a FIDE TXT list",
                    ));
                }
            }
            found.sort_by_key(|(_, at)| *at);
            self.cols = found
                .iter()
                .enumerate()
                .map(|(i, &(c, start))| {
                    let end = found.get(i + 1).map(|n| n.1).unwrap_or(usize::MAX);
                    (c, start, end)
                })
                .collect();
            return Ok(());
        }
    }

    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError> {
        if self.cols.is_empty() {
            self.header()?;
        }
        loop {
            let at = self.src.pos();
            if self.src.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            let line = text_of(&self.buf);
            let line = line.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            // Columns are counted in characters; map them to byte offsets.
            let chars: Vec<usize> = if line.is_ascii() {
                Vec::new()
            } else {
                line.char_indices().map(|(i, _)| i).collect()
            };
            let byte_of = |c: usize| -> usize {
                if chars.is_empty() {
                    c.min(line.len())
                } else {
                    chars.get(c).copied().unwrap_or(line.len())
                }
            };
            let mut p = ListPlayer::default();
            for &(col, start, end) in &self.cols {
                let (s, e) = (byte_of(start), byte_of(end));
                let cell = line.get(s..e).unwrap_or("").trim();
                let cell_at = (at.0, at.1 + s as u64);
                let err = |m: String| Src::<R>::err_at(cell_at, m);
                use TxtCol::*;
                match col {
                    Id => {
                        p.fide_id = fide_id(cell).map_err(err)?;
                        if p.fide_id.is_none() {
                            return Err(Src::<R>::err_at(at, "a line without a FIDE id"));
                        }
                    }
                    Name => p.name = cell.to_string(),
                    Fed => p.federation = cell.to_string(),
                    Sex => p.sex = sex(cell),
                    Tit => p.title = cell.to_string(),
                    WTit => p.w_title = cell.to_string(),
                    OTit => p.o_title = cell.to_string(),
                    Foa => p.foa_title = cell.to_string(),
                    SRtng => p.standard = rating(cell, "the standard rating").map_err(err)?,
                    SGm => p.games = number(cell, "the number of games").map_err(err)?,
                    SK => p.k_standard = number(cell, "K").map_err(err)?,
                    RRtng => p.rapid = rating(cell, "the rapid rating").map_err(err)?,
                    RGm => {}
                    RK => p.k_rapid = number(cell, "the rapid K").map_err(err)?,
                    BRtng => p.blitz = rating(cell, "the blitz rating").map_err(err)?,
                    BGm => {}
                    BK => p.k_blitz = number(cell, "the blitz K").map_err(err)?,
                    BDay => p.birth_year = birth_year(cell).map_err(err)?,
                    Flag => p.flags = cell.to_string(),
                }
            }
            if p.name.is_empty() {
                return Err(Src::<R>::err_at(at, "a line without a name"));
            }
            return Ok(Some(p));
        }
    }
}

/// One step of a reader's iteration: the player read, or the end (`Ok(None)`)
/// or an error, after which the reader is done.
fn end_after(
    done: &mut bool,
    next: Result<Option<ListPlayer>, ListError>,
) -> Option<Result<ListPlayer, ListError>> {
    *done = !matches!(next, Ok(Some(_)));
    next.transpose()
}

impl<R: BufRead> Iterator for TxtReader<R> {
    type Item = Result<ListPlayer, ListError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_player();
        end_after(&mut self.done, next)
    }
}

// ---------------------------------------------------------------------------
// National lists: CSV with a column mapping.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CsvField {
    Id,
    FideId,
    Name,
    Title,
    Fed,
    Sex,
    Birth,
    Standard,
    Rapid,
    Blitz,
    K,
    Games,
    Flags,
}

/// Which CSV column (from 1) holds what: `"id=2,name=1,rating=5"`. Keys: `id`
/// (the national id), `fide_id`, `name`, `title`, `fed`, `sex`, `birth`,
/// `rating` (standard), `rapid`, `blitz`, `k`, `games`, `flags`; and `sep`
/// (`,` `;` or `tab`, default `,`) and `skip` (header lines, default 1). A
/// name and an id (national or FIDE) are required.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvMap {
    cols: Vec<(CsvField, usize)>,
    pub sep: u8,
    pub skip: usize,
}

/// A mapping that cannot be read: the character position (from 0) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the column mapping, at character {position}: {message}")]
pub struct MapError {
    pub position: usize,
    pub message: String,
}

impl CsvMap {
    pub fn parse(spec: &str) -> Result<CsvMap, MapError> {
        let mut map = CsvMap {
            cols: Vec::new(),
            sep: b',',
            skip: 1,
        };
        let mut pos = 0;
        for part in spec.split(',') {
            let here = pos;
            pos += part.chars().count() + 1;
            if part.trim().is_empty() {
                continue;
            }
            let err = |m: String| MapError {
                position: here,
                message: m,
            };
            let Some((key, value)) = part.split_once('=') else {
                return Err(err(format!("'{}' is not key=column", part.trim())));
            };
            let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
            match key.as_str() {
                "sep" => {
                    map.sep = match value {
                        ";" => b';',
                        "tab" | "\\t" => b'\t',
                        "comma" => b',',
                        "|" => b'|',
                        _ => {
                            return Err(err(format!(
                                "the separator '{value}' is not ; tab comma or |"
                            )))
                        }
                    };
                    continue;
                }
                "skip" => {
                    map.skip = value
                        .parse()
                        .map_err(|_| err(format!("skip={value}: not a number of lines")))?;
                    continue;
                }
                _ => {}
            }
            let field = match key.as_str() {
                "id" | "national_id" => CsvField::Id,
                "fide_id" | "fideid" => CsvField::FideId,
                "name" => CsvField::Name,
                "title" => CsvField::Title,
                "fed" | "federation" => CsvField::Fed,
                "sex" => CsvField::Sex,
                "birth" | "birth_year" | "born" => CsvField::Birth,
                "rating" | "standard" => CsvField::Standard,
                "rapid" => CsvField::Rapid,
                "blitz" => CsvField::Blitz,
                "k" => CsvField::K,
                "games" => CsvField::Games,
                "flags" | "flag" => CsvField::Flags,
                _ => return Err(err(format!("unknown key '{key}'"))),
            };
            let col: usize = match value.parse() {
                Ok(c) if c >= 1 => c,
                _ => return Err(err(format!("{key}={value}: columns are numbered from 1"))),
            };
            if map.cols.iter().any(|(f, _)| *f == field) {
                return Err(err(format!("{key} is mapped twice")));
            }
            map.cols.push((field, col - 1));
        }
        let has = |f| map.cols.iter().any(|(g, _)| *g == f);
        if !has(CsvField::Name) {
            return Err(MapError {
                position: spec.chars().count(),
                message: "the mapping needs name=…".into(),
            });
        }
        if !has(CsvField::Id) && !has(CsvField::FideId) {
            return Err(MapError {
                position: spec.chars().count(),
                message: "the mapping needs id=… (national id) or fide_id=…".into(),
            });
        }
        Ok(map)
    }
}

/// Splits one CSV line (RFC 4180 quoting, within the line) into fields with
/// their byte offsets.
fn split_csv(line: &str, sep: u8) -> Result<Vec<(usize, String)>, (usize, String)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        let mut field = String::new();
        if bytes.get(i) == Some(&b'"') {
            i += 1;
            let mut seg = i;
            loop {
                match bytes.get(i) {
                    None => return Err((start, "a quoted field is not closed".into())),
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => {
                        field.push_str(&line[seg..=i]);
                        i += 2;
                        seg = i;
                    }
                    Some(b'"') => {
                        field.push_str(&line[seg..i]);
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            }
            match bytes.get(i) {
                None => {}
                Some(&b) if b == sep => {}
                Some(_) => return Err((i, "text after a closing quote".into())),
            }
        } else {
            while i < bytes.len() && bytes[i] != sep {
                i += 1;
            }
            field.push_str(&line[start..i]);
        }
        out.push((start, field));
        if i >= bytes.len() {
            return Ok(out);
        }
        i += 1; // the separator
    }
}

/// Reads a national list from CSV with a `CsvMap`.
pub struct CsvReader<R> {
    src: Src<R>,
    buf: Vec<u8>,
    map: CsvMap,
    skipped: usize,
    done: bool,
}

impl<R: BufRead> CsvReader<R> {
    pub fn new(r: R, map: CsvMap) -> CsvReader<R> {
        CsvReader {
            src: Src::new(r),
            buf: Vec::with_capacity(256),
            map,
            skipped: 0,
            done: false,
        }
    }

    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError> {
        loop {
            let at = self.src.pos();
            if self.src.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            if self.skipped < self.map.skip {
                self.skipped += 1;
                continue;
            }
            let line = text_of(&self.buf);
            let line = line.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            let cells = split_csv(line, self.map.sep)
                .map_err(|(b, m)| Src::<R>::err_at((at.0, at.1 + b as u64), m))?;
            let mut p = ListPlayer::default();
            for &(field, col) in &self.map.cols {
                let Some((off, cell)) = cells.get(col) else {
                    return Err(Src::<R>::err_at(
                        at,
                        format!(
                            "the line has {} columns; the mapping reads column {}",
                            cells.len(),
                            col + 1
                        ),
                    ));
                };
                let cell = cell.trim();
                let err = |m: String| Src::<R>::err_at((at.0, at.1 + *off as u64), m);
                match field {
                    CsvField::Id => {
                        p.national_id = Some(cell.to_string()).filter(|c| !c.is_empty())
                    }
                    CsvField::FideId => p.fide_id = fide_id(cell).map_err(err)?,
                    CsvField::Name => p.name = cell.to_string(),
                    CsvField::Title => p.title = cell.to_uppercase(),
                    CsvField::Fed => p.federation = cell.to_uppercase(),
                    CsvField::Sex => p.sex = sex(cell),
                    CsvField::Birth => p.birth_year = birth_year(cell).map_err(err)?,
                    CsvField::Standard => p.standard = rating(cell, "the rating").map_err(err)?,
                    CsvField::Rapid => p.rapid = rating(cell, "the rapid rating").map_err(err)?,
                    CsvField::Blitz => p.blitz = rating(cell, "the blitz rating").map_err(err)?,
                    CsvField::K => p.k_standard = number(cell, "K").map_err(err)?,
                    CsvField::Games => p.games = number(cell, "games").map_err(err)?,
                    CsvField::Flags => p.flags = cell.to_string(),
                }
            }
            if p.name.is_empty() {
                return Err(Src::<R>::err_at(at, "a line without a name"));
            }
            if p.national_id.is_none() && p.fide_id.is_none() {
                return Err(Src::<R>::err_at(at, "a line without an id"));
            }
            return Ok(Some(p));
        }
    }
}

impl<R: BufRead> Iterator for CsvReader<R> {
    type Item = Result<ListPlayer, ListError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_player();
        end_after(&mut self.done, next)
    }
}

/// A reader for `format` (a CSV needs its mapping).
pub fn reader<'a, R: BufRead + 'a>(
    format: ListFormat,
    r: R,
    map: Option<CsvMap>,
) -> DomainResult<Box<dyn Iterator<Item = Result<ListPlayer, ListError>> + 'a>> {
    Ok(match format {
        ListFormat::Xml => Box::new(XmlReader::new(r)),
        ListFormat::Txt => Box::new(TxtReader::new(r)),
        ListFormat::Csv => {
            let Some(map) = map else {
                return Err(DomainError::invalid(
                    "map",
                    "a CSV list needs a column mapping such as id=1,name=2,rating=3",
                ));
            };
            Box::new(CsvReader::new(r, map))
        }
    })
}

// ---------------------------------------------------------------------------
// Storage.

/// An imported list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RatingListView {
    pub id: i32,
    pub source: ListSource,
    pub name: String,
    /// The date of the list, `YYYY-MM-DD`.
    pub list_date: String,
    pub imported_at: String,
    pub players: i64,
}

type ListRow = (i32, String, String, String, String, i64);

fn list_view(r: ListRow) -> RatingListView {
    RatingListView {
        id: r.0,
        source: ListSource::parse(&r.1).unwrap_or(ListSource::National),
        name: r.2,
        list_date: r.3,
        imported_at: r.4,
        players: r.5,
    }
}

#[derive(Insertable)]
#[diesel(table_name = rating_list_players)]
#[diesel(treat_none_as_default_value = false)]
struct NewListPlayer {
    list_id: i32,
    fide_id: Option<i64>,
    national_id: Option<String>,
    name: String,
    search_key: String,
    title: String,
    federation: String,
    sex: String,
    birth_year: Option<i32>,
    standard: Option<i32>,
    rapid: Option<i32>,
    blitz: Option<i32>,
    games: Option<i32>,
    k_standard: Option<i32>,
    k_rapid: Option<i32>,
    k_blitz: Option<i32>,
    flags: String,
}

impl NewListPlayer {
    fn of(list_id: i32, p: ListPlayer) -> NewListPlayer {
        // A women's title goes with the open one, as FIDE lists them both.
        let title = if p.title.is_empty() {
            p.w_title
        } else if p.w_title.is_empty() || p.w_title == p.title {
            p.title
        } else {
            format!("{} {}", p.title, p.w_title)
        };
        NewListPlayer {
            list_id,
            fide_id: p.fide_id,
            national_id: p.national_id,
            search_key: fold(&p.name),
            name: p.name,
            title,
            federation: p.federation,
            sex: p.sex,
            birth_year: p.birth_year,
            standard: p.standard,
            rapid: p.rapid,
            blitz: p.blitz,
            games: p.games,
            k_standard: p.k_standard,
            k_rapid: p.k_rapid,
            k_blitz: p.k_blitz,
            flags: p.flags,
        }
    }
}

/// Rows per INSERT on SQLite (18 values a row, under SQLite's 32766 limit).
const BATCH: usize = 1000;
/// Rows per COPY on PostgreSQL.
const COPY_BATCH: usize = 10_000;

fn insert_batch(conn: &mut DbConnection, batch: &mut Vec<NewListPlayer>) -> DomainResult<()> {
    if batch.is_empty() {
        return Ok(());
    }
    match conn {
        DbConnection::Sqlite(c) => {
            diesel::insert_into(rating_list_players::table)
                .values(&batch[..])
                .execute(c)?;
        }
        DbConnection::Postgresql(c) => {
            diesel::copy_from(rating_list_players::table)
                .from_insertable(std::mem::take(batch))
                .execute(c)?;
        }
    }
    batch.clear();
    Ok(())
}

/// Who may import lists: administrators, and organizers (of any tournament).
pub fn require_list_manager(conn: &mut DbConnection, actor: &Actor) -> DomainResult<()> {
    if actor.is_admin {
        return Ok(());
    }
    let Some(uid) = actor.user_id else {
        return Err(DomainError::Unauthenticated);
    };
    let n: i64 = tournament_staff::table
        .filter(tournament_staff::user_id.eq(uid))
        .filter(tournament_staff::role.eq(Role::Organizer.as_str()))
        .count()
        .get_result(conn)?;
    if n == 0 {
        return Err(DomainError::Forbidden(
            "importing a rating list needs an administrator or an organizer".into(),
        ));
    }
    Ok(())
}

/// What an import is.
#[derive(Clone, Debug)]
pub struct ImportList {
    pub format: ListFormat,
    /// A label, e.g. the file name.
    pub name: String,
    /// `YYYY-MM-DD`.
    pub list_date: String,
}

/// Streams `players` into list `id` in batches of `size`: the number stored.
fn store(
    conn: &mut DbConnection,
    id: i32,
    size: usize,
    players: &mut dyn Iterator<Item = Result<ListPlayer, ListError>>,
) -> DomainResult<i64> {
    let mut batch = Vec::with_capacity(size);
    let mut count: i64 = 0;
    for p in players {
        let p = p.map_err(|e| DomainError::invalid("file", e.to_string()))?;
        if p.name.chars().count() > 200 {
            return Err(DomainError::invalid(
                "file",
                format!("player {}: a name longer than 200 characters", count + 1),
            ));
        }
        batch.push(NewListPlayer::of(id, p));
        count += 1;
        if batch.len() >= size {
            insert_batch(conn, &mut batch)?;
        }
    }
    insert_batch(conn, &mut batch)?;
    Ok(count)
}

/// Imports a list from `players` (a reader over the file), replacing the
/// previous list of the same source, in the caller's transaction: a problem
/// anywhere in the file (answered as `Invalid` on `file`, with its line and
/// byte) leaves the database as it was. One audit row.
pub fn import(
    conn: &mut DbConnection,
    actor: &Actor,
    cmd: &ImportList,
    players: &mut dyn Iterator<Item = Result<ListPlayer, ListError>>,
) -> DomainResult<RatingListView> {
    require_list_manager(conn, actor)?;
    let date = cmd.list_date.trim();
    if chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err() {
        return Err(DomainError::invalid(
            "date",
            format!("the list date '{date}' is not YYYY-MM-DD"),
        ));
    }
    let source = cmd.format.source();
    let old: Vec<ListRow> = rating_lists::table
        .filter(rating_lists::source.eq(source.as_str()))
        .select((
            rating_lists::id,
            rating_lists::source,
            rating_lists::name,
            rating_lists::list_date,
            rating_lists::imported_at,
            rating_lists::row_count,
        ))
        .load(conn)?;
    for o in &old {
        diesel::delete(rating_list_players::table.filter(rating_list_players::list_id.eq(o.0)))
            .execute(conn)?;
        diesel::delete(rating_lists::table.filter(rating_lists::id.eq(o.0))).execute(conn)?;
    }
    let imported_at = now();
    let id: i32 = diesel::insert_into(rating_lists::table)
        .values((
            rating_lists::source.eq(source.as_str()),
            rating_lists::name.eq(cmd.name.trim()),
            rating_lists::list_date.eq(date),
            rating_lists::imported_at.eq(&imported_at),
            rating_lists::row_count.eq(0i64),
        ))
        .returning(rating_lists::id)
        .get_result(conn)?;
    let size = match conn {
        DbConnection::Sqlite(_) => BATCH,
        DbConnection::Postgresql(_) => COPY_BATCH,
    };
    // SQLite: a larger page cache while the indexes grow (the name index is
    // filled in random order); back to the default afterwards.
    if let DbConnection::Sqlite(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "PRAGMA cache_size = -131072")?;
    }
    let stored = store(conn, id, size, players);
    if let DbConnection::Sqlite(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "PRAGMA cache_size = -2000")?;
    }
    let count = stored?;
    // PostgreSQL plans from statistics: gather them for the new rows now
    // rather than when autovacuum comes by.
    if let DbConnection::Postgresql(c) = conn {
        diesel::connection::SimpleConnection::batch_execute(c, "ANALYZE rating_list_players")?;
    }
    if count == 0 {
        return Err(DomainError::invalid("file", "the file lists no players"));
    }
    diesel::update(rating_lists::table.filter(rating_lists::id.eq(id)))
        .set(rating_lists::row_count.eq(count))
        .execute(conn)?;
    let v = RatingListView {
        id,
        source,
        name: cmd.name.trim().to_string(),
        list_date: date.to_string(),
        imported_at,
        players: count,
    };
    let before: Vec<RatingListView> = old.into_iter().map(list_view).collect();
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: None,
            action: "rating_list.import",
            entity: "rating_list",
            entity_id: Some(id as i64),
        },
        Some(&before),
        Some(&v),
    )?;
    Ok(v)
}

/// The imported lists.
pub fn lists(conn: &mut DbConnection) -> DomainResult<Vec<RatingListView>> {
    let rows: Vec<ListRow> = rating_lists::table
        .order(rating_lists::id)
        .select((
            rating_lists::id,
            rating_lists::source,
            rating_lists::name,
            rating_lists::list_date,
            rating_lists::imported_at,
            rating_lists::row_count,
        ))
        .load(conn)?;
    Ok(rows.into_iter().map(list_view).collect())
}

/// A player found in a list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct FoundPlayer {
    pub list_id: i32,
    pub source: ListSource,
    pub list_date: String,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    pub name: String,
    /// As listed: the open title, then a women's title if both.
    pub title: String,
    pub federation: String,
    pub sex: String,
    pub birth_year: Option<i32>,
    pub standard: Option<i32>,
    pub rapid: Option<i32>,
    pub blitz: Option<i32>,
    pub games: Option<i32>,
    pub k_standard: Option<i32>,
    pub k_rapid: Option<i32>,
    pub k_blitz: Option<i32>,
    pub flags: String,
    /// With `tid` in the search: what a registration in that tournament takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<EventFill>,
}

/// The rating, K and title a registration in a given tournament takes.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct EventFill {
    pub kind: RatingKind,
    pub rating: Option<i32>,
    pub k: Option<i32>,
    pub title: String,
}

/// Adds to each found player what tournament `tid` would take (see `EventFill`).
pub fn for_event(conn: &mut DbConnection, tid: i32, found: &mut [FoundPlayer]) -> DomainResult<()> {
    let t = load_tournament(conn, tid)?;
    let kind = event_rating_kind(&t);
    for f in found {
        let p = f.player();
        f.event = Some(EventFill {
            kind,
            rating: p.rating(kind),
            k: p.k(kind).filter(|k| [10, 20, 40].contains(k)),
            title: p.registration_title(),
        });
    }
    Ok(())
}

impl FoundPlayer {
    /// The list entry as a `ListPlayer` (the title split back).
    pub fn player(&self) -> ListPlayer {
        let mut words = self.title.split_whitespace();
        ListPlayer {
            fide_id: self.fide_id,
            national_id: self.national_id.clone(),
            name: self.name.clone(),
            title: words.next().unwrap_or("").to_string(),
            w_title: words.next().unwrap_or("").to_string(),
            federation: self.federation.clone(),
            sex: self.sex.clone(),
            birth_year: self.birth_year,
            standard: self.standard,
            rapid: self.rapid,
            blitz: self.blitz,
            games: self.games,
            k_standard: self.k_standard,
            k_rapid: self.k_rapid,
            k_blitz: self.k_blitz,
            flags: self.flags.clone(),
            ..Default::default()
        }
    }
}

#[allow(clippy::type_complexity)]
type FoundRow = (
    (
        i32,
        Option<i64>,
        Option<String>,
        String,
        String,
        String,
        String,
    ),
    (
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        Option<i32>,
        String,
    ),
);

macro_rules! found_columns {
    () => {
        (
            (
                rating_list_players::list_id,
                rating_list_players::fide_id,
                rating_list_players::national_id,
                rating_list_players::name,
                rating_list_players::title,
                rating_list_players::federation,
                rating_list_players::sex,
            ),
            (
                rating_list_players::birth_year,
                rating_list_players::standard,
                rating_list_players::rapid,
                rating_list_players::blitz,
                rating_list_players::games,
                rating_list_players::k_standard,
                rating_list_players::k_rapid,
                rating_list_players::k_blitz,
                rating_list_players::flags,
            ),
        )
    };
}

fn found(conn: &mut DbConnection, rows: Vec<FoundRow>) -> DomainResult<Vec<FoundPlayer>> {
    let lists: Vec<RatingListView> = if rows.is_empty() {
        Vec::new()
    } else {
        lists(conn)?
    };
    Ok(rows
        .into_iter()
        .map(|(a, b)| {
            let list = lists.iter().find(|l| l.id == a.0);
            FoundPlayer {
                list_id: a.0,
                source: list.map(|l| l.source).unwrap_or(ListSource::National),
                list_date: list.map(|l| l.list_date.clone()).unwrap_or_default(),
                fide_id: a.1,
                national_id: a.2,
                name: a.3,
                title: a.4,
                federation: a.5,
                sex: a.6,
                birth_year: b.0,
                standard: b.1,
                rapid: b.2,
                blitz: b.3,
                games: b.4,
                k_standard: b.5,
                k_rapid: b.6,
                k_blitz: b.7,
                flags: b.8,
                event: None,
            }
        })
        .collect())
}

/// Searches the lists: a number is an id (FIDE or national), anything else a
/// prefix of the folded name ("Kowalski, J", "kowalski j" and "Kowalski J"
/// find "Kowalski, Jan"; so does "Kowalski, Jan" for "Kowalski, Ján").
pub fn search(conn: &mut DbConnection, q: &str, limit: i64) -> DomainResult<Vec<FoundPlayer>> {
    let q = q.trim();
    let limit = limit.clamp(1, 100);
    if !q.is_empty() && q.chars().all(|c| c.is_ascii_digit()) {
        let mut rows: Vec<FoundRow> = Vec::new();
        if let Ok(n) = q.parse::<i64>() {
            rows = rating_list_players::table
                .filter(rating_list_players::fide_id.eq(n))
                .limit(limit)
                .select(found_columns!())
                .load(conn)?;
        }
        let national: Vec<FoundRow> = rating_list_players::table
            .filter(rating_list_players::national_id.eq(q))
            .limit(limit)
            .select(found_columns!())
            .load(conn)?;
        rows.extend(national);
        rows.truncate(limit as usize);
        return found(conn, rows);
    }
    let key = fold(q);
    if key.is_empty() {
        return Err(DomainError::invalid(
            "q",
            "search by a FIDE or national id, or by the beginning of a name",
        ));
    }
    // A prefix is a range of the index: [key, key + the greatest character),
    // read in index order (no sort: with `id` as a second key PostgreSQL
    // sorted every match of a short prefix).
    let upper = format!("{key}\u{10FFFF}");
    let rows: Vec<FoundRow> = rating_list_players::table
        .filter(rating_list_players::search_key.ge(&key))
        .filter(rating_list_players::search_key.lt(&upper))
        .order(rating_list_players::search_key)
        .limit(limit)
        .select(found_columns!())
        .load(conn)?;
    found(conn, rows)
}

/// The FIDE list's entry for a FIDE id, if any.
pub fn by_fide_id(conn: &mut DbConnection, fide_id: i64) -> DomainResult<Option<FoundPlayer>> {
    let rows: Vec<FoundRow> = rating_list_players::table
        .inner_join(rating_lists::table)
        .filter(rating_list_players::fide_id.eq(fide_id))
        .filter(rating_lists::source.eq(ListSource::Fide.as_str()))
        .limit(1)
        .select(found_columns!())
        .load(conn)?;
    Ok(found(conn, rows)?.into_iter().next())
}

/// What a registration takes from the list, for the event's rating
/// (standard, rapid or blitz): name, title, federation, sex, birth year,
/// rating and K. Fields the registration already gives are kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Filled {
    pub name: String,
    pub title: String,
    pub federation: String,
    pub sex: String,
    pub birth_year: Option<i32>,
    pub rating: Option<i32>,
    pub k: Option<i32>,
}

/// The registration data of FIDE id `fide_id` from the FIDE list, for
/// tournament `t`: `Invalid` on `fide_id` when the list lacks it.
pub fn registration_data(
    conn: &mut DbConnection,
    t: &TournamentRow,
    fide_id: i64,
) -> DomainResult<Filled> {
    let Some(f) = by_fide_id(conn, fide_id)? else {
        return Err(DomainError::invalid(
            "fide_id",
            format!("FIDE id {fide_id} is not in the imported FIDE rating list"),
        ));
    };
    let kind = event_rating_kind(t);
    let p = f.player();
    Ok(Filled {
        title: p.registration_title(),
        name: p.name.clone(),
        federation: p.federation.clone(),
        sex: p.sex.clone(),
        birth_year: p.birth_year,
        rating: p.rating(kind),
        k: p.k(kind).filter(|k| [10, 20, 40].contains(k)),
    })
}

// ---------------------------------------------------------------------------
// Re-rating a tournament before round 1.

/// One player's change from the newer list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RerateChange {
    pub player_id: i32,
    pub name: String,
    pub fide_id: i64,
    pub old_rating: Option<i32>,
    pub new_rating: Option<i32>,
    pub old_title: String,
    pub new_title: String,
    pub old_federation: String,
    pub new_federation: String,
    pub old_k: i32,
    pub new_k: i32,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rerate {
    /// Only say what would change.
    pub preview: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RerateReport {
    /// The list the ratings come from.
    pub list: RatingListView,
    /// The rating re-rated: standard, rapid or blitz (from the time control).
    pub rating: RatingKind,
    pub applied: bool,
    pub changes: Vec<RerateChange>,
    /// Players with a FIDE id the list does not have (left as they are).
    pub not_in_list: Vec<String>,
}

/// Re-rates the tournament's players from the FIDE list (rating for the
/// event's time control, title, federation, K): `preview` only reports. Not
/// once round 1 is paired (409): the pairing numbers follow the ratings.
pub fn rerate(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    cmd: Rerate,
) -> DomainResult<RerateReport> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if paired > 0 {
        return Err(DomainError::conflict(
            "round 1 is paired: the players are re-rated only before the first pairing",
        ));
    }
    let list = lists(conn)?
        .into_iter()
        .find(|l| l.source == ListSource::Fide)
        .ok_or_else(|| DomainError::conflict("no FIDE rating list is imported"))?;
    let kind = event_rating_kind(&t);
    let rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(conn)?;
    let mut changes = Vec::new();
    let mut not_in_list = Vec::new();
    for p in &rows {
        let Some(fid) = p.fide_id else { continue };
        let Some(f) = by_fide_id(conn, fid)? else {
            not_in_list.push(format!("{} ({fid})", p.name));
            continue;
        };
        let lp = f.player();
        let new_rating = lp.rating(kind);
        let new_title = lp.registration_title();
        let new_federation = if lp.federation.len() == 3 {
            lp.federation.clone()
        } else {
            p.federation.clone()
        };
        let new_k = lp
            .k(kind)
            .filter(|k| [10, 20, 40].contains(k))
            .unwrap_or(p.k_factor);
        if new_rating != p.rating
            || new_title != p.title
            || new_federation != p.federation
            || new_k != p.k_factor
        {
            changes.push(RerateChange {
                player_id: p.id,
                name: p.name.clone(),
                fide_id: fid,
                old_rating: p.rating,
                new_rating,
                old_title: p.title.clone(),
                new_title,
                old_federation: p.federation.clone(),
                new_federation,
                old_k: p.k_factor,
                new_k,
            });
        }
    }
    let mut report = RerateReport {
        list,
        rating: kind,
        applied: false,
        changes,
        not_in_list,
    };
    if cmd.preview {
        return Ok(report);
    }
    for c in &report.changes {
        diesel::update(players::table.filter(players::id.eq(c.player_id)))
            .set((
                players::rating.eq(c.new_rating),
                players::title.eq(&c.new_title),
                players::federation.eq(&c.new_federation),
                players::k_factor.eq(c.new_k),
                players::version.eq(players::version + 1),
            ))
            .execute(conn)?;
    }
    report.applied = true;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "player.rerate",
            entity: "tournament",
            entity_id: Some(tid as i64),
        },
        None::<&()>,
        Some(&report),
    )?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xml(players: &str) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n{players}</playerslist>\n"
        )
    }

    fn read_all(
        format: ListFormat,
        text: &str,
        map: Option<CsvMap>,
    ) -> Result<Vec<ListPlayer>, ListError> {
        match reader(format, text.as_bytes(), map) {
            Ok(r) => r.collect(),
            Err(e) => panic!("{e}"),
        }
    }

    const ONE: &str = "<player><fideid>1100001</fideid><name>Kowalski, Ján</name><country>POL</country><sex>M</sex><title>FM</title><w_title></w_title><o_title>FA</o_title><foa_title/><rating>2301</rating><games>4</games><k>20</k><rapid_rating>2250</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>0</blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k><birthday>1987</birthday><flag>i</flag></player>\n";

    #[test]
    fn xml_reads_every_field() {
        let v = read_all(ListFormat::Xml, &xml(ONE), None).unwrap();
        assert_eq!(v.len(), 1);
        let p = &v[0];
        assert_eq!(p.fide_id, Some(1100001));
        assert_eq!(p.name, "Kowalski, Ján");
        assert_eq!(p.federation, "POL");
        assert_eq!(p.sex, "m");
        assert_eq!(p.title, "FM");
        assert_eq!(p.o_title, "FA");
        assert_eq!(
            (p.standard, p.rapid, p.blitz),
            (Some(2301), Some(2250), None)
        );
        assert_eq!(
            (p.games, p.k_standard, p.k_rapid),
            (Some(4), Some(20), Some(20))
        );
        assert_eq!(p.birth_year, Some(1987));
        assert_eq!(p.flags, "i");
    }

    #[test]
    fn xml_entities_and_comments() {
        let text = xml("<!-- a > comment -->\n<player><fideid>5</fideid><name>O&apos;Brien &amp; Co, &#x141;ukasz</name></player>\n");
        let v = read_all(ListFormat::Xml, &text, None).unwrap();
        assert_eq!(v[0].name, "O'Brien & Co, Łukasz");
    }

    #[test]
    fn xml_errors_say_where() {
        // Line 3, the <rating> text starts at byte offset of "x".
        let text =
            xml("<player><fideid>5</fideid><name>A, B</name>\n<rating>x</rating></player>\n");
        let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert_eq!(e.byte as usize, text.find(">x<").unwrap() + 1, "{e}");
        assert!(e.message.contains("not a number"), "{e}");

        let text = xml("<player><fideid>5</fideid><name>A, B</name></plyer>\n");
        let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
        assert_eq!(e.byte as usize, text.find("</plyer>").unwrap(), "{e}");

        let text = "<playerslist><player><fideid>5</fideid><name>A";
        let e = read_all(ListFormat::Xml, text, None).unwrap_err();
        assert!(e.message.contains("ends inside"), "{e}");
        assert_eq!(e.byte as usize, text.find("<player>").unwrap());

        let text = xml("<player><name>A, B</name></player>\n");
        let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
        assert!(e.message.contains("fideid"), "{e}");

        let e = read_all(ListFormat::Xml, "", None).unwrap_err();
        assert!(e.message.contains("no list"), "{e}");
    }

    const HEADER: &str = FIDE_TXT_HEADER;

    fn txt_line(
        id: &str,
        name: &str,
        fed: &str,
        sex: &str,
        tit: &str,
        rest: &[(&str, &str)],
    ) -> String {
        // Builds a line by the header's positions.
        let mut line = vec![b' '; HEADER.len() + 4];
        let mut put = |col: &str, v: &str| {
            let at = find_word(HEADER, col, 0).unwrap();
            let pad = line.len().max(at + v.len());
            line.resize(pad, b' ');
            line[at..at + v.len()].copy_from_slice(v.as_bytes());
        };
        put("ID Number", id);
        put("Fed", fed);
        put("Sex", sex);
        put("Tit", tit);
        for (c, v) in rest {
            put(c, v);
        }
        let mut s = String::from_utf8(line).unwrap();
        // Names may hold multi-byte letters: columns count characters.
        let at = find_word(HEADER, "Name", 0).unwrap();
        let fed_at = find_word(HEADER, "Fed", 0).unwrap();
        let padded = format!("{name:<width$}", width = fed_at - at);
        let chars: Vec<char> = s.chars().collect();
        s = chars[..at].iter().collect::<String>()
            + &padded
            + &chars[fed_at..].iter().collect::<String>();
        s.trim_end().to_string()
    }

    #[test]
    fn txt_reads_by_header_positions() {
        let text = format!(
            "{HEADER}\n{}\n{}\n",
            txt_line(
                "1100001",
                "Żółć, Jan",
                "POL",
                "M",
                "GM",
                &[
                    ("SRtng", "2501"),
                    ("SK", "10"),
                    ("BRtng", "2400"),
                    ("B-day", "1970"),
                    ("Flag", "i")
                ]
            ),
            txt_line(
                "1100002",
                "Nowak, Anna",
                "POL",
                "F",
                "WIM",
                &[
                    ("RRtng", "2100"),
                    ("Rk", "20"),
                    ("B-day", "2001"),
                    ("Flag", "w")
                ]
            ),
        );
        let v = read_all(ListFormat::Txt, &text, None).unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].name, "Żółć, Jan");
        assert_eq!(
            (v[0].standard, v[0].k_standard, v[0].blitz),
            (Some(2501), Some(10), Some(2400))
        );
        assert_eq!(v[0].title, "GM");
        assert_eq!(v[1].sex, "f");
        assert_eq!((v[1].rapid, v[1].k_rapid), (Some(2100), Some(20)));
        assert_eq!(v[1].birth_year, Some(2001));
    }

    #[test]
    fn txt_errors_say_where() {
        let bad = txt_line("1100001", "A, B", "POL", "M", "", &[("SRtng", "2x01")]);
        let text = format!("{HEADER}\n{bad}\n");
        let e = read_all(ListFormat::Txt, &text, None).unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.byte as usize,
            HEADER.len() + 1 + find_word(HEADER, "SRtng", 0).unwrap(),
            "{e}"
        );
        let e = read_all(ListFormat::Txt, "Something else\n1 2 3\n", None).unwrap_err();
        assert_eq!((e.line, e.byte), (1, 0), "{e}");
        let text = format!("{HEADER}\nabc\n");
        let e = read_all(ListFormat::Txt, &text, None).unwrap_err();
        assert!(e.message.contains("FIDE id"), "{e}");
    }

    #[test]
    fn csv_with_a_mapping() {
        let map = CsvMap::parse("name=2, id=1, rating=4, fed=3, birth=5, sex=6, sep=;").unwrap();
        let text = "nr;nazwisko;fed;ranking;ur;płeć\n123;\"Wiśniewski; Jan\";POL;1800;2010-02-03;M\n124;\"Zając, \"\"Ola\"\"\";POL;;2012;w\n";
        let v = read_all(ListFormat::Csv, text, Some(map.clone())).unwrap();
        assert_eq!(v[0].name, "Wiśniewski; Jan");
        assert_eq!(v[0].national_id.as_deref(), Some("123"));
        assert_eq!((v[0].standard, v[0].birth_year), (Some(1800), Some(2010)));
        assert_eq!(v[1].name, "Zając, \"Ola\"");
        assert_eq!((v[1].standard, v[1].sex.as_str()), (None, "f"));

        let text = "h\n1;\"open;POL\n";
        let e = read_all(ListFormat::Csv, text, Some(map.clone())).unwrap_err();
        assert_eq!((e.line, e.byte), (2, 4), "{e}");
        let text = "h\n1;A;POL\n";
        let e = read_all(ListFormat::Csv, text, Some(map)).unwrap_err();
        assert!(e.message.contains("3 columns"), "{e}");

        let e = CsvMap::parse("id=1,nme=2").unwrap_err();
        assert_eq!(e.position, 5);
        let e = CsvMap::parse("id=1,name=0").unwrap_err();
        assert_eq!(e.position, 5);
        let e = CsvMap::parse("id=1").unwrap_err();
        assert!(e.message.contains("name"), "{e}");
    }

    #[test]
    fn folding_for_search() {
        assert_eq!(fold("Kowalski, Jan"), "kowalski jan");
        assert_eq!(fold("kowalski j"), "kowalski j");
        assert_eq!(fold("  KOWALSKI,J "), "kowalski j");
        assert_eq!(fold("Łukasiewicz-Żółć, Ærø"), "lukasiewicz zolc aero");
        assert_eq!(fold("Müller, Jürgen"), "muller jurgen");
        assert_eq!(fold("Đoković, Ñoño"), "dokovic nono");
        assert!(fold("Kowalski, Jan").starts_with(&fold("Kowalski, J")));
    }

    /// No input makes a reader panic: bytes from a simple generator, cut and
    /// spliced from valid files.
    #[test]
    fn no_panic_on_any_input() {
        let valid = [
            xml(ONE),
            format!(
                "{HEADER}\n{}\n",
                txt_line("1", "A, B", "POL", "M", "", &[("SRtng", "2000")])
            ),
            "h\n1;A;POL;1500\n".to_string(),
        ];
        let mut seed: u64 = 0x9e3779b97f4a7c15;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..3000 {
            let base = valid[(rnd() % 3) as usize].as_bytes();
            let mut bytes = base.to_vec();
            for _ in 0..(rnd() % 6) {
                let i = (rnd() as usize) % (bytes.len() + 1);
                match rnd() % 4 {
                    0 => bytes.truncate(i),
                    1 => bytes.insert(i, (rnd() % 256) as u8),
                    2 if i < bytes.len() => {
                        bytes.remove(i);
                    }
                    _ => bytes.insert(i, b"<>&;\"\n/ "[(rnd() % 8) as usize]),
                }
            }
            for f in [ListFormat::Xml, ListFormat::Txt, ListFormat::Csv] {
                let map = CsvMap::parse("id=1,name=2,fed=3,rating=4,sep=;").ok();
                let r = reader(f, &bytes[..], map).unwrap();
                for item in r.take(100) {
                    let _ = item;
                }
            }
        }
    }
}
