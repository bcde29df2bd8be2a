//! The FIDE fixed-width TXT list (`players_list_foa.txt`): columns from the header line.

use super::*;

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
    /// The byte offset of each character of a line that is not ASCII
    /// (kept from line to line).
    chars: Vec<usize>,
}

/// Where `word` stands in `header` at or after `from`, as a whole word.
pub(super) fn find_word(header: &str, word: &str, from: usize) -> Option<usize> {
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
            chars: Vec::new(),
        }
    }

    fn header(&mut self) -> Result<(), ListError> {
        loop {
            let at = self.src.pos();
            if self.src.read_until(b'\n', &mut self.buf)? == 0 {
                return Err(self.src.err(msg!("the file is empty: no header line")));
            }
            let line = text_of(&self.buf);
            let line = line.trim_start_matches('\u{feff}').trim_end();
            if line.trim().is_empty() {
                continue;
            }
            if !line.is_ascii() {
                return Err(Src::<R>::err_at(at, msg!("the header line is not ASCII")));
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
                        msg!("the header line does not name the columns 'ID Number' and 'Name': not a FIDE TXT list"),
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
}

impl<R: BufRead> NextPlayer for TxtReader<R> {
    fn next_player(&mut self) -> Result<Option<ListPlayer>, ListError> {
        if self.cols.is_empty() {
            self.header()?;
        }
        loop {
            let at = self.src.pos();
            if self.src.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            let line = text_cow(&self.buf);
            let line = line.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            // Columns are counted in characters; map them to byte offsets.
            let chars = &mut self.chars;
            chars.clear();
            if !line.is_ascii() {
                chars.extend(line.char_indices().map(|(i, _)| i));
            }
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
                let err = |m: Msg| Src::<R>::err_at(cell_at, m);
                use TxtCol::*;
                match col {
                    Id => {
                        p.fide_id = fide_id(cell).map_err(err)?;
                        if p.fide_id.is_none() {
                            return Err(Src::<R>::err_at(at, msg!("a line without a FIDE id")));
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
                return Err(Src::<R>::err_at(at, msg!("a line without a name")));
            }
            return Ok(Some(p));
        }
    }
}
