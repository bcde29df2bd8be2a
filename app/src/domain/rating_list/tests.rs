//! The readers on good and bad input (positions of errors, no panics), folding and search keys.

use super::txt::find_word;
use super::*;

fn xml(players: &str) -> String {
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n{players}</playerslist>\n")
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
    assert_eq!(p.sex, crate::domain::kinds::Sex::Male);
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
    let text = xml("<player><fideid>5</fideid><name>A, B</name>\n<rating>x</rating></player>\n");
    let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert_eq!(e.byte as usize, text.find(">x<").unwrap() + 1, "{e}");
    assert!(e.message.to_string().contains("not a number"), "{e}");

    let text = xml("<player><fideid>5</fideid><name>A, B</name></plyer>\n");
    let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
    assert_eq!(e.byte as usize, text.find("</plyer>").unwrap(), "{e}");

    let text = "<playerslist><player><fideid>5</fideid><name>A";
    let e = read_all(ListFormat::Xml, text, None).unwrap_err();
    assert!(e.message.to_string().contains("ends inside"), "{e}");
    assert_eq!(e.byte as usize, text.find("<player>").unwrap());

    let text = xml("<player><name>A, B</name></player>\n");
    let e = read_all(ListFormat::Xml, &text, None).unwrap_err();
    assert!(e.message.to_string().contains("fideid"), "{e}");

    let e = read_all(ListFormat::Xml, "", None).unwrap_err();
    assert!(e.message.to_string().contains("no list"), "{e}");
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
    assert_eq!(v[1].sex, crate::domain::kinds::Sex::Female);
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
    assert!(e.message.to_string().contains("FIDE id"), "{e}");
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
    assert_eq!(
        (v[1].standard, v[1].sex),
        (None, crate::domain::kinds::Sex::Female)
    );

    let text = "h\n1;\"open;POL\n";
    let e = read_all(ListFormat::Csv, text, Some(map.clone())).unwrap_err();
    assert_eq!((e.line, e.byte), (2, 4), "{e}");
    let text = "h\n1;A;POL\n";
    let e = read_all(ListFormat::Csv, text, Some(map)).unwrap_err();
    assert!(e.message.to_string().contains("3 columns"), "{e}");

    let e = CsvMap::parse("id=1,nme=2").unwrap_err();
    assert_eq!(e.position, 5);
    let e = CsvMap::parse("id=1,name=0").unwrap_err();
    assert_eq!(e.position, 5);
    let e = CsvMap::parse("id=1").unwrap_err();
    assert!(e.message.to_string().contains("name"), "{e}");
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
