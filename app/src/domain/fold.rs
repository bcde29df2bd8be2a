//! Folding names for search, the one rule every search of names follows (the
//! rating lists' search keys, the registration's rating-list search, the
//! check-in sheet's filter): lower case, diacritics removed, every run of
//! other characters one space. "Krol" finds "Król", "wisn" finds
//! "Wiśniewski", "rehor" finds "Řehoř".
//!
//! Diacritics go by Unicode canonical decomposition (the combining marks
//! dropped); the letters that do not decompose (Polish ł, Danish ø, German ß,
//! …) are mapped by `LETTERS`. The pages' script (`app/static/arbiter.js`,
//! `FOLD`) folds with the same table; a test reads the script and compares.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Lower-case letters without a canonical decomposition and what they fold to.
pub const LETTERS: &[(char, &str)] = &[
    ('ł', "l"),
    ('ø', "o"),
    ('đ', "d"),
    ('ð', "d"),
    ('ß', "ss"),
    ('ẞ', "ss"),
    ('æ', "ae"),
    ('œ', "oe"),
    ('þ', "th"),
    ('ı', "i"),
    ('ħ', "h"),
    ('ŧ', "t"),
    ('ŀ', "l"),
    ('ĸ', "k"),
    ('ŋ', "n"),
];

/// `text` folded for search: "Kowalski, Jan", "kowalski jan" and
/// "KOWALSKI,JAN" all fold to "kowalski jan"; "Łukasiewicz-Żółć" to
/// "lukasiewicz zolc".
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.nfd().flat_map(char::to_lowercase) {
        if is_combining_mark(c) {
            continue;
        }
        let mapped = LETTERS.iter().find(|(l, _)| *l == c).map(|(_, m)| *m);
        if mapped.is_some() || c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            match mapped {
                Some(m) => out.push_str(m),
                None => out.push(c),
            }
        } else {
            space = true;
        }
    }
    out
}

/// Whether `query` (as typed) finds `name`: the folded query is a part of
/// the folded name ("wisn" finds "Wiśniewski, Jan"); an empty query finds all.
pub fn matches(name: &str, query: &str) -> bool {
    fold(name).contains(&fold(query))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names as typed on the desk, and their folded form.
    pub const PAIRS: &[(&str, &str)] = &[
        ("Król", "krol"),
        ("Wiśniewski", "wisniewski"),
        ("ŁUKASZ Żółć", "lukasz zolc"),
        ("Źdźbło Ćma Ńąę", "zdzblo cma nae"),
        ("Řehoř Růžička", "rehor ruzicka"),
        ("Děčín Ťažký Ďurové", "decin tazky durove"),
        ("Ľubomír Ĺ Ŕ Ô Ä", "lubomir l r o a"),
        ("Straße ẞ", "strasse ss"),
        ("Müller, Jürgen Öz", "muller jurgen oz"),
        ("Ærø Œuvre Þór", "aero oeuvre thor"),
        ("Đoković Ðuro", "dokovic duro"),
        ("Ñoño Çelik Şahin Ğ", "nono celik sahin g"),
        ("ıİ", "ii"),
        ("Ħal Ŧ Ŀ ĸ Ŋ", "hal t l k n"),
        ("  KOWALSKI,JAN ", "kowalski jan"),
        ("O'Brien-Smith", "o brien smith"),
    ];

    #[test]
    fn folds_the_letters_of_the_event_languages() {
        for (name, folded) in PAIRS {
            assert_eq!(fold(name), *folded, "{name}");
        }
        for (letter, to) in LETTERS {
            assert_eq!(fold(&letter.to_string()), *to, "{letter}");
            let upper: String = letter.to_uppercase().collect();
            assert_eq!(fold(&upper), *to, "{upper}");
        }
    }

    /// The script's `FOLD` table (app/static/arbiter.js) maps exactly the
    /// letters `LETTERS` maps, to the same text.
    #[test]
    fn the_pages_script_folds_with_the_same_table() {
        let js = include_str!("../../static/arbiter.js");
        let start = js.find("var FOLD = {").expect("FOLD in arbiter.js");
        let body = &js[start..start + js[start..].find('}').expect("end of FOLD")];
        let mut table: Vec<(char, String)> = Vec::new();
        for pair in body["var FOLD = {".len()..].split(',') {
            let quoted: Vec<&str> = pair.split('"').collect();
            assert_eq!(quoted.len(), 5, "a pair \"x\": \"y\", not {pair:?}");
            let mut letter = quoted[1].chars();
            table.push((letter.next().unwrap(), quoted[3].to_string()));
            assert!(letter.next().is_none(), "one letter: {pair:?}");
        }
        let rust: Vec<(char, String)> = LETTERS.iter().map(|(c, m)| (*c, m.to_string())).collect();
        assert_eq!(table, rust);
    }

    #[test]
    fn a_part_of_a_name_finds_it() {
        assert!(matches("Król, Adam", "Krol"));
        assert!(matches("Wiśniewski, Jan", "wisn"));
        assert!(matches("Řehoř, Petr", "REHOR"));
        assert!(matches("Anything", ""));
        assert!(!matches("Nowak, Jan", "Krol"));
    }
}
