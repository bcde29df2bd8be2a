//! The error messages in the viewer's language, gettext-style: the Polish and
//! Czech tables (`errors/pl.rs`, `errors/cs.rs`) are keyed by the English
//! template of each `Msg` (`domain/msg.rs`); the arguments are put in the
//! translated template in order, a nested message translated on its own, an
//! interface word (`msg::word`) looked up in the same tables. A template missing
//! from a table is shown in English (the test in `tests/all/translations.rs`
//! finds every template of the source and fails on a missing entry).

mod cs;
mod pl;

use super::Lang;
use crate::domain::msg::{match_template, Arg, Msg};
use crate::domain::DomainError;

/// The sentences of `DomainError` itself, around the sites' messages.
pub const NOT_FOUND: &str = "{} not found";
pub const PAIRING_FAILED: &str = "pairing failed: {}";
pub const UNAUTHENTICATED: &str =
    "log in first: this action needs an account with a role in the tournament";
pub const DATABASE_FAILED: &str = "the database failed to answer; try again";
/// The sentences of `web::error::AppError` a page shows.
pub const TOO_MANY: &str = "too many attempts; wait {} seconds";
pub const INTERNAL: &str = "the server failed to complete this; nothing was changed";

/// The templates that are not written with `msg!` at an error site.
pub const FIXED: &[&str] = &[
    NOT_FOUND,
    PAIRING_FAILED,
    UNAUTHENTICATED,
    DATABASE_FAILED,
    TOO_MANY,
    INTERNAL,
];

/// The table of `lang`: (English template, translation). English has none.
pub fn table(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => &[],
        Lang::Pl => pl::TABLE,
        Lang::Cs => cs::TABLE,
    }
}

/// The interface words `msg::word` may carry (states, results, kinds), by
/// language; a word not listed is shown as it is.
pub fn words(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => &[],
        Lang::Pl => pl::WORDS,
        Lang::Cs => cs::WORDS,
    }
}

/// An interface word (`msg::word`) in `lang`: its entry in WORDS, else as it is.
pub fn word(w: &str, lang: Lang) -> String {
    lookup(words(lang), w).unwrap_or(w).to_string()
}

fn lookup(table: &'static [(&'static str, &'static str)], en: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == en).map(|(_, v)| *v)
}

/// `en` (a template) in `lang`, English when the table lacks it.
pub fn template(en: &str, lang: Lang) -> &str {
    lookup(table(lang), en).unwrap_or(en)
}

/// A message in `lang`.
pub fn message(m: &Msg, lang: Lang) -> String {
    if lang == Lang::En {
        return m.to_string();
    }
    m.render_with(template(m.template(), lang), &mut |a| arg(a, lang))
}

fn arg(a: &Arg, lang: Lang) -> String {
    match a {
        Arg::Text(s) => cited_point(s, lang),
        Arg::Word(w) => match lookup(words(lang), w) {
            Some(word) => word.to_string(),
            None => cited_point(w, lang),
        },
        Arg::Words(ws) => ws
            .iter()
            .map(|w| lookup(words(lang), w).unwrap_or(w))
            .collect::<Vec<_>>()
            .join(", "),
        Arg::Msg(m) => message(m, lang),
        Arg::Lines(ms) => ms
            .iter()
            .map(|m| message(m, lang))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// A point of the guidelines as an edition cites it in an argument
/// (`rules::laws`: "Guidelines 8" in 2009, "Guidelines II" for Chess960 from
/// 2018), its word in `lang`; any other text as it is.
fn cited_point(s: &str, lang: Lang) -> String {
    match s.strip_prefix("Guidelines ") {
        Some(point)
            if !point.is_empty()
                && point
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, 'I' | 'V' | 'X' | '.')) =>
        {
            format!("{} {point}", super::Tr { lang }.t("laws_guidelines"))
        }
        _ => s.to_string(),
    }
}

fn around(en: &'static str, inner: String, lang: Lang) -> String {
    template(en, lang).replacen("{}", &inner, 1)
}

/// The sentence of a domain error in `lang` (English: its `Display`).
pub fn error(e: &DomainError, lang: Lang) -> String {
    match e {
        DomainError::Unauthenticated => template(UNAUTHENTICATED, lang).to_string(),
        DomainError::Forbidden(m) => message(m, lang),
        DomainError::NotFound(m) => around(NOT_FOUND, message(m, lang), lang),
        DomainError::Invalid { message: m, .. }
        | DomainError::Conflict { message: m, .. }
        | DomainError::ConflictOn { message: m, .. }
        | DomainError::NeedsConfirmation { message: m, .. } => message(m, lang),
        DomainError::Pairing(m) => around(PAIRING_FAILED, message(m, lang), lang),
        DomainError::Database(_) | DomainError::Db(_) => e.to_string(),
    }
}

/// A sentence stored in English from a `msg!` template (a penalty's effect,
/// `domain/penalties.rs`), in `lang`: the template it was made from is found
/// by matching its fixed parts (the most specific template wins), its
/// arguments are read back and put in the translation (an argument that is an
/// interface word is translated too). Text made from no known template (a row
/// written by an older version in other words) is shown as stored.
pub fn stored(text: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    let mut best: Option<(usize, &str, Vec<&str>)> = None;
    for (en, tr) in table(lang) {
        let fixed: usize = en.split("{}").map(str::len).sum();
        // A template of placeholders only ("{}", "'{}': {}") matches anything.
        if fixed < 8 || best.as_ref().is_some_and(|b| b.0 >= fixed) {
            continue;
        }
        if let Some(args) = match_template(en, text) {
            best = Some((fixed, tr, args));
        }
    }
    match best {
        Some((_, tr, args)) => {
            let args = args
                .iter()
                .map(|a| Arg::Text(lookup(words(lang), a).unwrap_or(a).to_string()))
                .collect();
            Msg::new(tr, args).to_string()
        }
        None => text.to_string(),
    }
}

/// `m` with its template and arguments in `lang`: a `Msg` whose English
/// `Display` is the translated sentence.
pub fn localize(m: &Msg, lang: Lang) -> Msg {
    Msg::new(
        template(m.template(), lang),
        m.args().iter().map(|a| Arg::Text(arg(a, lang))).collect(),
    )
}

/// `e` with its sentence in `lang`, for a page that shows `e.to_string()` (a
/// form re-rendered by `post_answer`): the same variant and field, except that
/// a pairing failure becomes a conflict so that its whole sentence is
/// translated (its status was taken before).
pub fn localized(e: DomainError, lang: Lang) -> DomainError {
    if lang == Lang::En {
        return e;
    }
    match e {
        DomainError::Invalid { field, message } => DomainError::Invalid {
            field,
            message: localize(&message, lang),
        },
        DomainError::Conflict { message, current } => DomainError::Conflict {
            message: localize(&message, lang),
            current,
        },
        DomainError::ConflictOn { field, message } => DomainError::ConflictOn {
            field,
            message: localize(&message, lang),
        },
        DomainError::NeedsConfirmation { what, message } => DomainError::NeedsConfirmation {
            what,
            message: localize(&message, lang),
        },
        DomainError::Forbidden(m) => DomainError::Forbidden(localize(&m, lang)),
        e @ DomainError::Pairing(_) => DomainError::Conflict {
            message: Msg::new("{}", vec![Arg::Text(error(&e, lang))]),
            current: None,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::msg::{nested, word, Lines};

    /// An opened envelope's stored verdict and consequence read back: the
    /// English is unchanged, every form the judgement writes has a Polish and
    /// a Czech sentence (`domain::adjournments::verdict_msg`).
    #[test]
    fn an_opened_envelope_reads_back_in_every_language() {
        use crate::domain::adjournments::{consequence_msg, verdict_msg, verdict_text};
        use rules::sealed::SealedVerdict;
        let stored = [
            verdict_text(&SealedVerdict::Ambiguous(vec![
                "Nbd2".into(),
                "Nfd2".into(),
            ])),
            verdict_text(&SealedVerdict::Illegal),
            verdict_text(&SealedVerdict::Illegible),
            "legal: Qh5".to_string(),
            "legal: Qxf7# (checkmate)".to_string(),
            "legal: Qg6 (stalemate)".to_string(),
            "legal: Kxe2 (dead position)".to_string(),
        ];
        for text in &stored {
            let m = verdict_msg(text);
            assert_eq!(message(&m, Lang::En), *text);
            for lang in [Lang::Pl, Lang::Cs] {
                let shown = message(&m, lang);
                assert_ne!(shown, *text, "{text} untranslated in {lang:?}");
            }
        }
        assert_eq!(
            message(&verdict_msg("legal: Qxf7# (checkmate)"), Lang::Cs),
            "možný tah: Qxf7# (mat)"
        );
        for name in [
            "Continue",
            "SealerWins",
            "SealerLoses",
            "ReplierLoses",
            "Draw",
            "ArbiterDecides",
        ] {
            let m = consequence_msg(name);
            assert!(!message(&m, Lang::En).starts_with("outcome:"), "{name}");
            assert_ne!(message(&m, Lang::Cs), message(&m, Lang::En), "{name}");
        }
    }

    /// A 10.2 decision is a closed set: an unknown one names the field and
    /// the allowed decisions, in the page's language.
    #[test]
    fn an_unknown_quickplay_decision_lists_the_decisions() {
        use crate::domain::kinds::{parse_field, QuickplayDecision};
        let e = parse_field::<QuickplayDecision>("decision", "maybe").unwrap_err();
        assert_eq!(
            error(&e, Lang::En),
            "'maybe' is not a quickplay decision; allowed: draw, postponed, rejected, increment"
        );
        let cs = error(&e, Lang::Cs);
        assert!(
            cs.contains("rozhodnutí o reklamaci") && cs.contains("odložena"),
            "{cs}"
        );
        assert_eq!(
            parse_field::<QuickplayDecision>("decision", "postponed").unwrap(),
            QuickplayDecision::Postponed
        );
    }

    /// A sex is a closed set: an unknown one names the field and the
    /// allowed words, in the page's language.
    #[test]
    fn an_unknown_sex_lists_the_allowed_words() {
        use crate::domain::kinds::{parse_field, Sex};
        let e = parse_field::<Sex>("sex", "x").unwrap_err();
        assert_eq!(
            error(&e, Lang::En),
            "'x' is not a sex; allowed: m, f, (empty)"
        );
        let pl = error(&e, Lang::Pl);
        assert!(pl.contains("płeć") && pl.contains("(puste)"), "{pl}");
        let cs = error(&e, Lang::Cs);
        assert!(cs.contains("pohlaví") && cs.contains("(prázdné)"), "{cs}");
        assert_eq!(parse_field::<Sex>("sex", "F").unwrap(), Sex::Female);
    }

    /// A PGN game whose FEN tag is wrong: the FEN's own error (which field,
    /// which column, why) is translated, not passed through as English.
    #[test]
    fn a_bad_fen_tag_of_a_pgn_game_is_read_in_every_language() {
        use crate::domain::library::pgn_error;
        let pgn = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"]\n\n1. e4 *\n";
        let game = rules::pgn::read_games(pgn)
            .into_iter()
            .next()
            .expect("one game")
            .expect("the PGN itself reads");
        let e = rules::pgn::start_position(&game).unwrap_err();
        let m = pgn_error(&e);
        let en = message(&m, Lang::En);
        assert!(
            en.starts_with(&format!("line {}, column 1: FEN tag: ", e.line)),
            "{en}"
        );
        assert!(en.contains("side to move"), "{en}");
        for lang in [Lang::Pl, Lang::Cs] {
            let shown = message(&m, lang);
            assert!(
                !shown.contains("side to move") && !shown.contains("FEN tag"),
                "{lang:?}: {shown}"
            );
        }
    }

    #[test]
    fn a_message_is_rendered_in_the_language_with_its_arguments() {
        let m = msg!("round {} is already published", 4);
        assert_eq!(message(&m, Lang::En), "round 4 is already published");
        assert_eq!(message(&m, Lang::Pl), "runda 4 jest już opublikowana");
        assert_eq!(message(&m, Lang::Cs), "4. kolo je už zveřejněno");
        let e = DomainError::NotFound(msg!("tournament {}", 7));
        assert_eq!(error(&e, Lang::En), "tournament 7 not found");
        assert_eq!(error(&e, Lang::Pl), "nie znaleziono: turniej 7");
        let w = msg!(
            "{} has already left the tournament ({})",
            "Kowalski",
            word("withdrawn")
        );
        assert_eq!(
            message(&w, Lang::Pl),
            "Kowalski już opuścił turniej (wycofany)"
        );
        let lines = msg!("{}", Lines(vec![msg!("line {}: {}", 2, nested(m.clone()))]));
        assert_eq!(
            message(&lines, Lang::Cs),
            "řádek 2: 4. kolo je už zveřejněno"
        );
    }

    /// Serde's own sentences about a query string or path (`serde::de::Error`)
    /// read in every language: the English exactly serde's, the frame and
    /// the kinds translated, the value as typed kept; a sentence not known
    /// is a general one, never serde's English.
    #[test]
    fn serde_sentences_are_read_in_every_language() {
        use crate::i18n::serde_detail;
        // (serde, English, Polish, Czech); the English is serde's but for a
        // number, a truth value or a date expected, said in general words.
        let cases: &[(&str, &str, &str, &str)] = &[
            (
                "invalid type: string \"abc\", expected u32",
                "invalid type: string \"abc\", expected a whole number",
                "nieprawidłowy rodzaj wartości: tekst \"abc\", oczekiwano: liczba całkowita",
                "neplatný druh hodnoty: text \"abc\", očekáváno: celé číslo",
            ),
            (
                "invalid type: sequence, expected a boolean",
                "invalid type: sequence, expected `true` or `false`",
                "nieprawidłowy rodzaj wartości: lista wartości, oczekiwano: `true` lub `false`",
                "neplatný druh hodnoty: seznam hodnot, očekáváno: `true` nebo `false`",
            ),
            (
                "invalid value: string \"2026-13-01\", expected a valid date",
                "invalid value: string \"2026-13-01\", expected a date",
                "nieprawidłowa wartość: tekst \"2026-13-01\", oczekiwano: data",
                "neplatná hodnota: text \"2026-13-01\", očekáváno: datum",
            ),
            (
                "invalid value: integer `-5`, expected f64",
                "invalid value: integer `-5`, expected a number",
                "nieprawidłowa wartość: liczba całkowita `-5`, oczekiwano: liczba",
                "neplatná hodnota: celé číslo `-5`, očekáváno: číslo",
            ),
            (
                "invalid length 3, expected u8",
                "invalid length 3, expected a whole number",
                "nieprawidłowa długość 3, oczekiwano: liczba całkowita",
                "neplatná délka 3, očekáváno: celé číslo",
            ),
            (
                "unknown field `evry`, expected `every`",
                "unknown field `evry`, expected `every`",
                "nieznane pole `evry`, oczekiwano `every`",
                "neznámé pole `evry`, očekáváno `every`",
            ),
            (
                "unknown field `x`, expected one of `round`, `back`",
                "unknown field `x`, expected one of `round`, `back`",
                "nieznane pole `x`, oczekiwano jednego z: `round`, `back`",
                "neznámé pole `x`, očekáváno jedno z: `round`, `back`",
            ),
            (
                "unknown field `x`, there are no fields",
                "unknown field `x`, there are no fields",
                "nieznane pole `x`, tu nie ma żadnych pól",
                "neznámé pole `x`, nejsou zde žádná pole",
            ),
            (
                "duplicate field `every`",
                "duplicate field `every`",
                "pole `every` podano dwa razy",
                "pole `every` je uvedeno dvakrát",
            ),
            (
                "unknown variant `often`, expected one of `daily`, `weekly`",
                "unknown variant `often`, expected one of `daily`, `weekly`",
                "nieznana wartość `often`, oczekiwano jednej z: `daily`, `weekly`",
                "neznámá hodnota `often`, očekávána jedna z: `daily`, `weekly`",
            ),
            (
                "unknown variant `x`, there are no variants",
                "unknown variant `x`, there are no variants",
                "nieznana wartość `x`, tu nie ma żadnych wartości",
                "neznámá hodnota `x`, nejsou zde žádné hodnoty",
            ),
            (
                "Query deserialize error: invalid type: boolean `true`, expected a date",
                "Query deserialize error: invalid type: boolean `true`, expected a date",
                "błędny parametr w adresie: nieprawidłowy rodzaj wartości: wartość logiczna `true`, oczekiwano: data",
                "chybný parametr v adrese: neplatný druh hodnoty: logická hodnota `true`, očekáváno: datum",
            ),
        ];
        for &(serde, en, pl, cs) in cases {
            let m = serde_detail(serde);
            assert_eq!(m.to_string(), en);
            assert_eq!(message(&m, Lang::En), en);
            assert_eq!(message(&m, Lang::Pl), pl, "{en}");
            assert_eq!(message(&m, Lang::Cs), cs, "{en}");
        }
        // A kind no catalogue knows is kept as serde wrote it.
        assert_eq!(
            message(
                &serde_detail("invalid type: newtype struct, expected struct Query"),
                Lang::Cs
            ),
            "neplatný druh hodnoty: newtype struct, očekáváno: struct Query"
        );
        // Not a serde sentence: a general one in every language.
        let m = serde_detail("something else went wrong");
        assert_eq!(m.to_string(), "a value in the address could not be read");
        assert_eq!(
            message(&m, Lang::Pl),
            "nie udało się odczytać wartości w adresie"
        );
        assert_eq!(message(&m, Lang::Cs), "hodnotu v adrese nelze přečíst");
        let m = serde_detail("Path deserialize error: something else");
        assert_eq!(
            message(&m, Lang::Cs),
            "chybná hodnota v adrese: hodnotu v adrese nelze přečíst"
        );
    }

    #[test]
    fn a_stored_penalty_effect_is_shown_in_the_language() {
        let text = msg!(
            "illegal move number {}: {} s added to the opponent's clock; number {} loses (7.4(b))",
            1,
            120,
            2
        )
        .to_string();
        assert_eq!(stored(&text, Lang::En), text);
        let pl = stored(&text, Lang::Pl);
        assert!(pl.contains("120") && !pl.contains("added"), "{pl}");
        assert_eq!(
            stored("warning; no effect on the result", Lang::Cs),
            template("warning; no effect on the result", Lang::Cs)
        );
        assert_ne!(
            stored("warning; no effect on the result", Lang::Cs),
            "warning; no effect on the result"
        );
        // Text of no template is shown as stored.
        assert_eq!(stored("decided by hand", Lang::Pl), "decided by hand");
        assert_eq!(
            match_template("a {} b {}", "a x b y z"),
            Some(vec!["x", "y z"])
        );
        assert_eq!(match_template("a {} b", "a x c"), None);
    }

    /// The families of the API only (prize table, rating list file, CSV
    /// column map, team TRF, the pairing crate's line-ups) are messages too:
    /// Czech with their position kept, the English as before.
    #[test]
    fn the_library_and_file_errors_are_translated() {
        use crate::domain::library;
        let bad_table: crate::domain::prizes::PrizeTable = serde_json::from_value(
            serde_json::json!({"categories": [{"name": " ", "prizes": [100]}]}),
        )
        .unwrap();
        let e = bad_table.validate().unwrap_err();
        assert_eq!(message(&e.message, Lang::Cs), "kategorie potřebuje název");
        let e = crate::domain::rating_list::CsvMap::parse("name=1,sep=x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the column mapping, at character 7: the separator 'x' is not ; tab comma or |"
        );
        assert_eq!(
            message(&e.message, Lang::Cs),
            "oddělovač 'x' není ; tab comma ani |"
        );
        let e = pairing::team::trf::parse("XXX\n").unwrap_err();
        let m = library::team_trf_error(&e);
        assert_eq!(m.to_string(), e.to_string());
        assert_eq!(
            message(&m, Lang::Cs),
            "v souboru není žádný hráč (chybí záznam `001`)"
        );
        let e = pairing::team::LineupError::Twice { team: 2, player: 7 };
        let m = library::lineup_error(&e);
        assert_eq!(m.to_string(), e.to_string());
        assert_eq!(
            message(&m, Lang::Pl),
            "drużyna 2: zawodnik 7 jest w składzie dwa razy"
        );
        let e = rules::Position::from_fen("8/8/8/8/8/8/8/k7 w - - 0 1").unwrap_err();
        let m = library::fen_error(&e);
        let cs = message(&m, Lang::Cs);
        assert!(cs.contains("chybí král") && !cs.contains("king"), "{cs}");
        let e = rules::pgn::read_games("[White \"a\"]\n\n1. e4 {x\n")
            .remove(0)
            .unwrap_err();
        assert_eq!(library::pgn_error(&e).to_string(), e.to_string());
        assert_eq!(
            message(&library::pgn_error(&e), Lang::Pl),
            format!(
                "wiersz {}, kolumna {}: komentarz {{ nie jest nigdzie zamknięty",
                e.line, e.column
            )
        );
        // A closed set's word, as the game page shows a penalty's kind.
        let kind = crate::domain::kinds::PenaltyKind::Warning;
        assert_eq!(super::word(&kind.to_string(), Lang::Cs), "napomenutí");
        assert_eq!(super::word(&kind.to_string(), Lang::En), "warning");
        let e = pairing::trf::parse("001 abcd      Novak").unwrap_err();
        let cs = message(&library::trf_error(&e), Lang::Cs);
        assert!(
            cs.starts_with("řádek 1, sloupec 5: očekáváno: startovní číslo"),
            "{cs}"
        );
    }

    #[test]
    fn every_translation_keeps_the_placeholders_of_its_template() {
        for lang in [Lang::Pl, Lang::Cs] {
            for (en, tr) in table(lang) {
                assert_eq!(
                    crate::domain::msg::placeholders(en),
                    crate::domain::msg::placeholders(tr),
                    "{lang:?}: {en:?} → {tr:?}"
                );
            }
        }
    }
}
