//! Synthetic rating lists in FIDE's published layouts (combined XML and
//! fixed-width TXT), for tests and the import benchmark
//! (`app/benches/rating_list.rs`). Deterministic: player `i` is the same in
//! every run and in both layouts. Names are made from syllables and common
//! given names with diacritics (Polish, Czech, German, Spanish, Nordic …), so
//! the folded search key is exercised; a name repeats about a dozen times in a
//! list of a million, as in the real list.

use crate::domain::kinds::Sex;
use crate::domain::rating_list::{ListPlayer, FIDE_TXT_HEADER};
use std::io::{self, Write};

const HEADS: &[&str] = &[
    "Kow", "Now", "Wiś", "Lewa", "Zieliń", "Szyma", "Woź", "Dąbr", "Kozł", "Jabł", "Maj", "Ols",
    "Jaw", "Nov", "Svo", "Dvoř", "Čern", "Procház", "Kuč", "Vesel", "Müll", "Schmi", "Schnei",
    "Fisch", "Wéb", "Bäck", "Garc", "Martí", "Rodrí", "Fernán", "Lóp", "Sánch", "Pérez", "Gonzál",
    "Ivan", "Smir", "Kuzne", "Popo", "Sokol", "Lebed", "Hans", "Ols", "Jørg", "Niels", "Åker",
    "Ström", "Lindqv", "Kovač", "Horvát", "Babić", "Šimun", "Đurić", "Nagy", "Szabó", "Tót",
    "Kiss", "Yılmaz", "Kaya", "Şahin", "Çelik", "Öztürk", "Duc",
];
const TAILS: &[&str] = &[
    "alski", "akowski", "ski", "ńska", "czak", "czyk", "ecki", "ák", "ička", "ová", "ek", "er",
    "ermann", "mann", "ía", "ez", "uez", "ovich", "ov", "ova", "enko", "sen", "sson", "qvist",
    "ić", "ović", "y", "ó", "oğlu", "",
];
const GIVEN_M: &[&str] = &[
    "Jan",
    "Piotr",
    "Krzysztof",
    "Andrzej",
    "Tomasz",
    "Paweł",
    "Michał",
    "Łukasz",
    "Jiří",
    "Václav",
    "Tomáš",
    "Jürgen",
    "Günther",
    "Stefan",
    "José",
    "Ángel",
    "Jesús",
    "Raúl",
    "Sergei",
    "Dmitrij",
    "Søren",
    "Åke",
    "Björn",
    "Zoltán",
    "Mátyás",
    "Ivan",
    "Đorđe",
    "Emre",
    "Çağan",
    "Magnus",
    "Ole",
    "Ljubomir",
    "Dušan",
    "Miloš",
    "Radosław",
    "Ryszard",
];
const GIVEN_F: &[&str] = &[
    "Anna",
    "Maria",
    "Katarzyna",
    "Małgorzata",
    "Agnieszka",
    "Zofia",
    "Kateřina",
    "Lucie",
    "Jana",
    "Ute",
    "Ingrid",
    "Lucía",
    "María José",
    "Inés",
    "Olga",
    "Tatjana",
    "Åsa",
    "Sølvi",
    "Zsófia",
    "Réka",
    "Ayşe",
    "Gülşen",
    "Milica",
    "Ljiljana",
];
const FEDS: &[&str] = &[
    "POL", "CZE", "GER", "ESP", "RUS", "UKR", "FRA", "ITA", "NOR", "SWE", "DEN", "HUN", "SRB",
    "CRO", "TUR", "IND", "USA", "ARG", "BRA", "NED", "AUT", "SUI", "SVK", "FID",
];

/// A small deterministic generator (SplitMix64).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The FIDE id of player `i` (from 0).
pub fn fide_id(i: u64) -> i64 {
    1_000_000 + (i as i64) * 7
}

/// Player `i` of a generated list.
pub fn player(i: u64) -> ListPlayer {
    let r = |k: u64| mix(i.wrapping_mul(31).wrapping_add(k));
    let woman = r(1) % 10 == 0;
    let surname = format!(
        "{}{}",
        HEADS[(r(2) % HEADS.len() as u64) as usize],
        TAILS[(r(3) % TAILS.len() as u64) as usize]
    );
    let surname = if r(4) % 12 == 0 {
        format!(
            "{surname}-{}{}",
            HEADS[(r(5) % HEADS.len() as u64) as usize],
            TAILS[(r(6) % TAILS.len() as u64) as usize]
        )
    } else {
        surname
    };
    let given = if woman {
        GIVEN_F[(r(7) % GIVEN_F.len() as u64) as usize]
    } else {
        GIVEN_M[(r(7) % GIVEN_M.len() as u64) as usize]
    };
    // Ratings: most players 1400–2000, a thin tail to 2850; a third unrated.
    let rated = r(8) % 3 != 0;
    let base = 1000 + (r(9) % 900) as i32 + (r(10) % 700) as i32 + (r(11) % 300) as i32;
    let standard = rated.then_some(base.min(2850));
    let rapid = (r(12) % 2 == 0).then(|| (base + (r(13) % 200) as i32 - 100).clamp(1000, 2850));
    let blitz = (r(14) % 2 == 0).then(|| (base + (r(15) % 200) as i32 - 100).clamp(1000, 2850));
    let title = match standard {
        Some(s) if s >= 2500 => "GM",
        Some(s) if s >= 2400 => "IM",
        Some(s) if s >= 2300 => "FM",
        Some(s) if s >= 2200 && r(16) % 2 == 0 => "CM",
        _ => "",
    };
    let w_title = match standard {
        Some(s) if woman && s >= 2300 => "WGM",
        Some(s) if woman && s >= 2100 => "WIM",
        _ => "",
    };
    let birth = 1930 + (r(17) % 90) as i32;
    let k = |rating: Option<i32>| {
        rating.map(|s| {
            if s >= 2400 {
                10
            } else if birth >= 2008 {
                40
            } else {
                20
            }
        })
    };
    let inactive = r(18) % 5 < 2;
    ListPlayer {
        fide_id: Some(fide_id(i)),
        name: format!("{surname}, {given}"),
        title: if woman && title.is_empty() {
            w_title.to_string()
        } else {
            title.to_string()
        },
        w_title: if woman && !title.is_empty() {
            w_title.to_string()
        } else {
            String::new()
        },
        o_title: if r(19) % 50 == 0 {
            "FA".into()
        } else {
            String::new()
        },
        federation: FEDS[(r(20) % FEDS.len() as u64) as usize].to_string(),
        sex: if woman { Sex::Female } else { Sex::Male },
        birth_year: Some(birth),
        standard,
        rapid,
        blitz,
        games: standard.map(|_| (r(21) % 12) as i32),
        k_standard: k(standard),
        k_rapid: k(rapid),
        k_blitz: k(blitz),
        flags: match (woman, inactive) {
            (true, true) => "wi",
            (true, false) => "w",
            (false, true) => "i",
            (false, false) => "",
        }
        .into(),
        ..Default::default()
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn num(v: Option<i32>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

/// The letter FIDE's lists write: `F` for women, `M` otherwise.
fn list_letter(sex: Sex) -> &'static str {
    match sex {
        Sex::Female => "F",
        Sex::Male | Sex::NotGiven => "M",
    }
}

/// Writes `n` players as FIDE's combined XML list.
pub fn write_xml(out: &mut impl Write, n: u64) -> io::Result<()> {
    writeln!(out, "<?xml version=\"1.0\" encoding=\"utf-8\"?>")?;
    writeln!(out, "<playerslist>")?;
    for i in 0..n {
        let p = player(i);
        let sex = list_letter(p.sex);
        writeln!(
            out,
            "<player>\n<fideid>{}</fideid>\n<name>{}</name>\n<country>{}</country>\n<sex>{sex}</sex>\n<title>{}</title>\n<w_title>{}</w_title>\n<o_title>{}</o_title>\n<foa_title></foa_title>\n<rating>{}</rating>\n<games>{}</games>\n<k>{}</k>\n<rapid_rating>{}</rapid_rating>\n<rapid_games>0</rapid_games>\n<rapid_k>{}</rapid_k>\n<blitz_rating>{}</blitz_rating>\n<blitz_games>0</blitz_games>\n<blitz_k>{}</blitz_k>\n<birthday>{}</birthday>\n<flag>{}</flag>\n</player>",
            p.fide_id.unwrap_or(0),
            xml_escape(&p.name),
            p.federation,
            p.title,
            p.w_title,
            p.o_title,
            num(p.standard),
            num(p.games),
            num(p.k_standard),
            num(p.rapid),
            num(p.k_rapid),
            num(p.blitz),
            num(p.k_blitz),
            num(p.birth_year),
            p.flags,
        )?;
    }
    writeln!(out, "</playerslist>")
}

/// Writes `n` players as FIDE's fixed-width TXT list (columns where the
/// header names them; widths counted in characters).
pub fn write_txt(out: &mut impl Write, n: u64) -> io::Result<()> {
    let header = FIDE_TXT_HEADER;
    let starts: Vec<usize> = [
        "ID Number",
        "Name",
        "Fed",
        "Sex",
        "Tit",
        "WTit",
        "OTit",
        "FOA",
        "SRtng",
        "SGm",
        "SK",
        "RRtng",
        "RGm",
        "Rk",
        "BRtng",
        "BGm",
        "BK",
        "B-day",
        "Flag",
    ]
    .iter()
    .scan(0usize, |from, name| {
        let at = header[*from..]
            .find(&format!(" {name}"))
            .map(|i| *from + i + 1)
            .unwrap_or(0);
        let at = if *from == 0 && header.starts_with(name) {
            0
        } else {
            at
        };
        *from = at + 1;
        Some(at)
    })
    .collect();
    writeln!(out, "{header}")?;
    let mut line = String::with_capacity(200);
    for i in 0..n {
        let p = player(i);
        let cells = [
            p.fide_id.unwrap_or(0).to_string(),
            p.name.clone(),
            p.federation.clone(),
            list_letter(p.sex).to_string(),
            p.title.clone(),
            p.w_title.clone(),
            p.o_title.clone(),
            String::new(),
            num(p.standard),
            num(p.games),
            num(p.k_standard),
            num(p.rapid),
            String::new(),
            num(p.k_rapid),
            num(p.blitz),
            String::new(),
            num(p.k_blitz),
            num(p.birth_year),
            p.flags.clone(),
        ];
        line.clear();
        let mut width = 0;
        for (cell, &start) in cells.iter().zip(&starts) {
            while width < start {
                line.push(' ');
                width += 1;
            }
            line.push_str(cell);
            width += cell.chars().count();
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
