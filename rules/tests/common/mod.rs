//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `../shared/fixtures` next to the repository (or the directory named by
/// `ARBITER_SHARED_FIXTURES`, for a checkout elsewhere), or `None` (after
/// printing a SKIPPED line) when it is absent.
pub fn shared_fixtures(what: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("ARBITER_SHARED_FIXTURES") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        println!(
            "SKIPPED: ../shared/fixtures not found ({what} needs {})",
            dir.display()
        );
        None
    }
}

/// A file from `tests/data` in this crate.
pub fn data(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Reads a fixture as text, decoding latin-1 when it is not UTF-8.
pub fn read_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    }
}

/// A JSON value (just enough to read the fixture files; no dependencies).
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> &Json {
        static NULL: Json = Json::Null;
        match self {
            Json::Obj(v) => v
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or(&NULL),
            _ => &NULL,
        }
    }
    pub fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn num(&self) -> Option<f64> {
        match self {
            Json::Num(n) => Some(*n),
            _ => None,
        }
    }
    pub fn bool(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
    pub fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            _ => &[],
        }
    }
}

pub fn parse_json(s: &str) -> Option<Json> {
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    let v = json_value(&chars, &mut i)?;
    Some(v)
}

fn ws(c: &[char], i: &mut usize) {
    while *i < c.len() && c[*i].is_whitespace() {
        *i += 1;
    }
}

fn json_value(c: &[char], i: &mut usize) -> Option<Json> {
    ws(c, i);
    match *c.get(*i)? {
        '{' => {
            *i += 1;
            let mut v = Vec::new();
            loop {
                ws(c, i);
                if *c.get(*i)? == '}' {
                    *i += 1;
                    return Some(Json::Obj(v));
                }
                let Json::Str(k) = json_value(c, i)? else {
                    return None;
                };
                ws(c, i);
                if *c.get(*i)? != ':' {
                    return None;
                }
                *i += 1;
                let val = json_value(c, i)?;
                v.push((k, val));
                ws(c, i);
                if *c.get(*i)? == ',' {
                    *i += 1;
                }
            }
        }
        '[' => {
            *i += 1;
            let mut v = Vec::new();
            loop {
                ws(c, i);
                if *c.get(*i)? == ']' {
                    *i += 1;
                    return Some(Json::Arr(v));
                }
                v.push(json_value(c, i)?);
                ws(c, i);
                if *c.get(*i)? == ',' {
                    *i += 1;
                }
            }
        }
        '"' => {
            *i += 1;
            let mut s = String::new();
            loop {
                let ch = *c.get(*i)?;
                *i += 1;
                match ch {
                    '"' => return Some(Json::Str(s)),
                    '\\' => {
                        let e = *c.get(*i)?;
                        *i += 1;
                        match e {
                            'n' => s.push('\n'),
                            't' => s.push('\t'),
                            'r' => s.push('\r'),
                            'b' => s.push('\u{8}'),
                            'f' => s.push('\u{c}'),
                            'u' => {
                                let hex: String = c.get(*i..*i + 4)?.iter().collect();
                                *i += 4;
                                let mut code = u32::from_str_radix(&hex, 16).ok()?;
                                if (0xd800..0xdc00).contains(&code) && c.get(*i) == Some(&'\\') {
                                    let hex2: String = c.get(*i + 2..*i + 6)?.iter().collect();
                                    let lo = u32::from_str_radix(&hex2, 16).ok()?;
                                    *i += 6;
                                    code = 0x10000 + ((code - 0xd800) << 10) + (lo - 0xdc00);
                                }
                                s.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            }
                            other => s.push(other),
                        }
                    }
                    other => s.push(other),
                }
            }
        }
        't' => {
            *i += 4;
            Some(Json::Bool(true))
        }
        'f' => {
            *i += 5;
            Some(Json::Bool(false))
        }
        'n' => {
            *i += 4;
            Some(Json::Null)
        }
        _ => {
            let start = *i;
            while *i < c.len() && matches!(c[*i], '0'..='9' | '-' | '+' | '.' | 'e' | 'E') {
                *i += 1;
            }
            let t: String = c[start..*i].iter().collect();
            t.parse().ok().map(Json::Num)
        }
    }
}
