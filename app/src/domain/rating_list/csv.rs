//! National lists: CSV with a column mapping.

use super::*;

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
    pub message: Msg,
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
            let err = |m: Msg| MapError {
                position: here,
                message: m,
            };
            let Some((key, value)) = part.split_once('=') else {
                return Err(err(msg!("'{}' is not key=column", part.trim())));
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
                            return Err(err(msg!(
                                "the separator '{}' is not ; tab comma or |",
                                value
                            )))
                        }
                    };
                    continue;
                }
                "skip" => {
                    map.skip = value
                        .parse()
                        .map_err(|_| err(msg!("skip={}: not a number of lines", value)))?;
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
                _ => return Err(err(msg!("unknown key '{}'", key))),
            };
            let col: usize = match value.parse() {
                Ok(c) if c >= 1 => c,
                _ => return Err(err(msg!("{}={}: columns are numbered from 1", key, value))),
            };
            if map.cols.iter().any(|(f, _)| *f == field) {
                return Err(err(msg!("{} is mapped twice", key)));
            }
            map.cols.push((field, col - 1));
        }
        let has = |f| map.cols.iter().any(|(g, _)| *g == f);
        if !has(CsvField::Name) {
            return Err(MapError {
                position: spec.chars().count(),
                message: msg!("the mapping needs name=…"),
            });
        }
        if !has(CsvField::Id) && !has(CsvField::FideId) {
            return Err(MapError {
                position: spec.chars().count(),
                message: msg!("the mapping needs id=… (national id) or fide_id=…"),
            });
        }
        Ok(map)
    }
}

/// Splits one CSV line (RFC 4180 quoting, within the line) into fields with
/// their byte offsets.
fn split_csv(line: &str, sep: u8) -> Result<Vec<(usize, String)>, (usize, Msg)> {
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
                    None => return Err((start, msg!("a quoted field is not closed"))),
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
                Some(_) => return Err((i, msg!("text after a closing quote"))),
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
}

impl<R: BufRead> CsvReader<R> {
    pub fn new(r: R, map: CsvMap) -> CsvReader<R> {
        CsvReader {
            src: Src::new(r),
            buf: Vec::with_capacity(256),
            map,
            skipped: 0,
        }
    }
}

impl<R: BufRead> NextPlayer for CsvReader<R> {
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
                        msg!(
                            "the line has {} columns; the mapping reads column {}",
                            cells.len(),
                            col + 1
                        ),
                    ));
                };
                let cell = cell.trim();
                let err = |m: Msg| Src::<R>::err_at((at.0, at.1 + *off as u64), m);
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
                return Err(Src::<R>::err_at(at, msg!("a line without a name")));
            }
            if p.national_id.is_none() && p.fide_id.is_none() {
                return Err(Src::<R>::err_at(at, msg!("a line without an id")));
            }
            return Ok(Some(p));
        }
    }
}
