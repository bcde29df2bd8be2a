//! Every 2005 and 2009 article number of `rules::laws::TABLE` checked against
//! the text of that edition: the Czech translation of the 2005 Laws and the
//! Polish translation (Kodeks Szachowy) of the 2009 Laws, kept next to the
//! repository in ../shared/seeds. For each row the article must exist in the
//! right chapter and say what the row is about (a phrase of the translation).
//! The 2018 Chess960 row is checked against the Polish 2018 Guidelines II.
//! Skipped (with a SKIPPED line) when the texts are absent.

use rules::laws::{article, Edition, Rule, TABLE};
use std::path::{Path, PathBuf};

fn seeds() -> Option<PathBuf> {
    let dir = match std::env::var_os("ARBITER_SHARED_SEEDS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        println!(
            "SKIPPED: ../shared/seeds not found (the Laws texts of 2005 and 2009; looked in {})",
            dir.display()
        );
        None
    }
}

/// The seed whose text contains `marker`, as lines.
fn text_with(dir: &Path, marker: &str) -> Option<Vec<String>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    paths.into_iter().find_map(|p| {
        let bytes = std::fs::read(&p).ok()?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        text.contains(marker)
            .then(|| text.lines().map(|l| l.trim().to_string()).collect())
    })
}

/// What each row is about, in the words of the 2005 Czech text and of the 2009
/// Polish text (as its scan reads: ł is often `t`, ą `g`). `None`: the edition
/// lacks the rule, which the table must say too.
fn phrase(rule: Rule) -> (Option<&'static str>, Option<&'static str>) {
    use Rule::*;
    match rule {
        Checkmate => (
            Some("dal soupeřovu králi mat"),
            Some("partie wygrywa zawodnik"),
        ),
        Resignation => (Some("vzdává"), Some("poddaje sie")),
        Stalemate => (Some("patem"), Some("nie jest szachowany")),
        DeadPosition => (Some("mrtvou pozicí"), Some("martwej pozycji")),
        DrawAgreement => (Some("dohody"), Some("uzgodnienia")),
        DrawAgreementMinimum => (None, Some("przed wykonaniem okreslonej liczby")),
        ThreefoldClaim => (Some("nejméně potřetí"), Some("po raz trzeci")),
        FiftyMoveClaim => (Some("posledních 50"), Some("50 ostat")),
        IncorrectDrawClaim => (Some("3 minuty"), Some("3 minuty")),
        FivefoldRepetition | SeventyFiveMoves => (None, None),
        FlagFall => (
            Some("neprovede předepsaný počet tahů"),
            Some("regulaminowej liczby"),
        ),
        DefaultTime => (Some("za hodinu"), Some("wynosi 0 (zero)")),
        BothAbsentAtStart => (Some("nepřítomni oba"), Some("nieobecni przy rozpoczeciu")),
        ClockStartsAtStart => (
            Some("uvedou do chodu hodiny hráče, který má bílé"),
            Some("uruchamia sie zegar zawodnika"),
        ),
        IllegalMove => (Some("nepřípustný tah"), Some("nalezy przywroci")),
        IllegalMovePenalty => (Some("potřetí"), Some("trzeciego nieprawid")),
        IncompletePromotion => (Some("proměně pěšce"), Some("promocje pionka")),
        ClockWithoutMove => (None, None),
        TwoHandedMove => (Some("jednou rukou"), Some("jedng reka")),
        RapidIllegalMove => (
            Some("reklamovat nepřípustný tah"),
            Some("nieprawidtowy ruch jest zakonczony"),
        ),
        BlitzIllegalMove => (
            Some("reklamovat výhru"),
            Some("zwyciestwa przed wykonaniem"),
        ),
        ReducedTimePenalties => (None, None),
        RapidDefinition => (Some("od 15 do 60 minut"), Some("przynajmniej 15 minut")),
        BlitzDefinition => (Some("kratším než 15 minut"), Some("mniejszy od 15 minut")),
        ElectronicDevice => (Some("mobilní telefon"), Some("telefonu")),
        PersistentRefusal => (Some("opakovaně odmítá"), Some("uporczywie odmawia")),
        BothAtFault => (Some("vinni oba hráči"), Some("obydwaj zawodnicy")),
        Penalties => (Some("těchto trestů"), Some("nastepujace kary")),
        PenaltyWarning => (Some("napomenutí"), Some("formalne ostrzezenie")),
        PenaltyExtraTime => (
            Some("přidání času"),
            Some("zwiekszenie przeciwnikowi czasu"),
        ),
        PenaltyTimeDeduction => (Some("odebrání času"), Some("zmniejszenie czasu do namystu")),
        PenaltyGameLost => (Some("kontumace partie"), Some("orzeczenie przegranej")),
        PenaltyScoreReduced => (Some("snížení bodového zisku"), Some("zmniejszenie wyniku")),
        PenaltyScoreRaised => (Some("zvýšení bodového zisku"), Some("zwiekszenie wyniku")),
        PenaltyFine | PenaltyExclusion | QuickplayIncrement => (None, None),
        PenaltyExpulsion => (
            Some("vyloučení ze soutěže"),
            Some("usuniecie zawodnika z turnieju"),
        ),
        Adjournment => (Some("Přerušení partie"), Some("odlozenia partii")),
        SealedMoveLoses => (Some("pečetěného tahu"), Some("do koperty tajne posuniecie")),
        Chess960 => (None, Some("chess960")),
        QuickplayFinish => (Some("méně než 2 minuty"), Some("mniej niz dwie minuty")),
        QuickplayWithoutArbiter => (Some("méně než 2 minuty"), Some("mniej niz dwie minuty")),
    }
}

fn squash(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The lines from the first one that contains `start` to the first later one
/// that contains `end` (or the end). (A scan artefact may precede a heading.)
fn section<'a>(lines: &'a [String], start: &str, end: Option<&str>) -> &'a [String] {
    let Some(a) = lines.iter().position(|l| l.contains(start)) else {
        return &[];
    };
    let b = end
        .and_then(|e| lines[a + 1..].iter().position(|l| l.contains(e)))
        .map(|i| a + 1 + i)
        .unwrap_or(lines.len());
    &lines[a..b]
}

/// `7.4(b)` → ("7.4", Some('b')).
fn split_article(a: &str) -> (&str, Option<char>) {
    match a.split_once('(') {
        Some((base, rest)) => (base, rest.chars().next()),
        None => (a, None),
    }
}

/// The 2005 Czech text: chapter by the article's first part.
fn czech_chapter<'a>(lines: &'a [String], base: &str) -> &'a [String] {
    let first = base.split('.').next().unwrap_or("");
    match first {
        "A" => section(lines, "A. Přerušení partie", Some("B. Rapid")),
        "B" => section(lines, "B. Rapid", Some("C. Bleskový")),
        "C" => section(lines, "C. Bleskový", Some("D. Rychlé")),
        "D" => section(lines, "D. Rychlé", Some("E. Notace")),
        n => {
            let next = n.parse::<u32>().map(|n| n + 1).unwrap_or(99);
            section(
                lines,
                &format!("Článek {n}."),
                Some(&format!("Článek {next}.")),
            )
        }
    }
}

fn check_2005(lines: &[String]) -> usize {
    let mut checked = 0;
    for row in TABLE {
        let art = article(Edition::Laws2005, row.rule);
        let (want, _) = phrase(row.rule);
        assert_eq!(
            art.is_some(),
            want.is_some(),
            "2005 {:?}: the table says {art:?}; the text check expects the rule {}",
            row.rule,
            if want.is_some() { "present" } else { "absent" }
        );
        let (Some(art), Some(want)) = (art, want) else {
            continue;
        };
        if let Some(appendix) = art.strip_prefix("Appendix ") {
            let head = format!("{appendix}. ");
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&head) && squash(l).contains(&squash(want))),
                "2005 {:?}: no appendix {appendix} about {want:?}",
                row.rule
            );
            checked += 1;
            continue;
        }
        let (base, letter) = split_article(art);
        let chapter = czech_chapter(lines, base);
        let start = chapter
            .iter()
            .position(|l| l.starts_with(&format!("{base}.")))
            .unwrap_or_else(|| panic!("2005 {:?}: no article {base}", row.rule));
        // The article runs to the next numbered article.
        let numbered = |l: &String| {
            let t = l.split(' ').next().unwrap_or("");
            t.ends_with('.')
                && t.contains('.')
                && t.len() > 2
                && t.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
                && t[..t.len() - 1].contains('.')
        };
        let end = chapter[start + 1..]
            .iter()
            .position(numbered)
            .map(|i| start + 1 + i)
            .unwrap_or(chapter.len());
        let body = &chapter[start..end];
        let where_ = match letter {
            None => squash(&body.join(" ")),
            Some(c) => body
                .iter()
                .find(|l| l.starts_with(&format!("{c}. ")))
                .map(|l| squash(l))
                .unwrap_or_else(|| panic!("2005 {:?}: no point {c} in {base}", row.rule)),
        };
        assert!(
            where_.contains(&squash(want)),
            "2005 {:?}: {art} does not say {want:?}: {where_}",
            row.rule
        );
        checked += 1;
    }
    checked
}

/// The 2009 Polish text (a scan): the article number is a line of its own or
/// starts a line, its dots sometimes lost (`41.` for 4.1); the chapter must
/// hold both the number and the phrase.
fn polish_chapter<'a>(lines: &'a [String], art: &str) -> &'a [String] {
    if art.starts_with("Appendix F") {
        return section(lines, "F. PRZEPISY GRY DLA CHESS960", Some("WYTYCZNE"));
    }
    if art.starts_with("Guidelines") {
        return section(lines, "WYTYCZNE PRZY", None);
    }
    let first = art.split('.').next().unwrap_or("");
    match first {
        // The scan lists the point numbers of a page before its text, so the
        // rapid and blitz appendices are read as one.
        "A" | "B" => {
            let a = lines
                .iter()
                .position(|l| l.contains("ANEKSY DO PRZEPISOW"))
                .unwrap_or(lines.len());
            section(&lines[a..], "", Some("ALGEBRAICZNA NOTACJA"))
        }
        "D" => {
            // The appendix letter and point number stand a few lines above its title.
            let a = lines
                .iter()
                .position(|l| l.contains("PRZY ABSENCJI"))
                .unwrap_or(lines.len());
            section(&lines[a.saturating_sub(6)..], "", Some("PARTIE Z UDZIALEM"))
        }
        n => {
            let next = n.parse::<u32>().map(|n| n + 1).unwrap_or(99);
            let end = if next == 15 {
                "ANEKSY".to_string()
            } else {
                format!("ARTYKUL {next}.")
            };
            // Some chapter headings carry a scan artefact before them.
            let a = lines
                .iter()
                .position(|l| l.contains(&format!("ARTYKUL {n}.")))
                .unwrap_or(lines.len());
            let b = lines[a.min(lines.len())..]
                .iter()
                .position(|l| l.contains(&end))
                .map(|i| a + i)
                .unwrap_or(lines.len());
            &lines[a.min(b)..b]
        }
    }
}

fn check_2009(lines: &[String]) -> usize {
    let mut checked = 0;
    let digits = |s: &str| -> String { s.chars().filter(|c| *c != '.' && *c != ',').collect() };
    for row in TABLE {
        let art = article(Edition::Laws2009, row.rule);
        let (_, want) = phrase(row.rule);
        assert_eq!(
            art.is_some(),
            want.is_some(),
            "2009 {:?}: the table says {art:?}; the text check expects the rule {}",
            row.rule,
            if want.is_some() { "present" } else { "absent" }
        );
        let (Some(art), Some(want)) = (art, want) else {
            continue;
        };
        let chapter = polish_chapter(lines, art);
        assert!(
            !chapter.is_empty(),
            "2009 {:?}: no chapter for {art}",
            row.rule
        );
        if !art.starts_with("Appendix") && !art.starts_with("Guidelines") {
            let (base, _) = split_article(art);
            let key = digits(base);
            assert!(
                chapter.iter().any(|l| {
                    let t = l.rsplit('>').next().unwrap_or(l);
                    t.split_whitespace()
                        .next()
                        .is_some_and(|w| digits(w) == key)
                }),
                "2009 {:?}: article {base} not in its chapter",
                row.rule
            );
        }
        // The scan hyphenates at line ends: join those before looking.
        let body = chapter.join("\n").replace("-\n", "").replace('\n', " ");
        assert!(
            squash(&body).contains(&squash(want)),
            "2009 {:?}: the chapter of {art} does not say {want:?}",
            row.rule
        );
        checked += 1;
    }
    checked
}

#[test]
fn articles_2005_and_2009_against_the_texts() {
    let Some(dir) = seeds() else {
        return;
    };
    let Some(czech) = text_with(&dir, "1. července 2005") else {
        println!("SKIPPED: no 2005 text among the seeds");
        return;
    };
    let n2005 = check_2005(&czech);
    let Some(polish) = text_with(&dir, "lipca 2009") else {
        println!("SKIPPED: no 2009 text among the seeds");
        return;
    };
    let n2009 = check_2009(&polish);
    println!("{n2005} articles of 2005 and {n2009} of 2009 found in the texts, each saying what its row is about");
    assert!(n2005 >= 30 && n2009 >= 30, "{n2005} {n2009}");
}

#[test]
fn chess960_2018_is_guidelines_ii() {
    let Some(dir) = seeds() else {
        return;
    };
    let Some(text) = text_with(&dir, "1 stycznia 2018") else {
        println!("SKIPPED: no 2018 Chess960 text among the seeds");
        return;
    };
    let text = text.join(" ");
    assert_eq!(
        article(Edition::Laws2018, Rule::Chess960),
        Some("Guidelines II")
    );
    assert!(text.contains("Wytyczne II") && text.contains("II.1."));
}
