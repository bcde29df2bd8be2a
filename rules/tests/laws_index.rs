//! Every 2018 and 2023 article number that leaves `rules::laws` checked
//! against our index of those editions, `tests/data/laws-articles.tsv`: the
//! number must be indexed for that edition, and indexed under the topic of
//! the rule it is cited for. The numbers are read from where the application
//! reads them — [`TABLE`] (through [`article`] and [`articles`]),
//! [`illegal_move_consequence`], [`adjournment_point`], the article numbers
//! written inside the consequences, and the "in later editions" remark of
//! `validate` — never copied here.
//!
//! The index is our transcription of the 2018 and 2023 texts (its header says
//! where each was read); these tests check the code against the index, not
//! against the FIDE text itself.

use rules::laws::{
    adjournment_point, article, articles, consequence, illegal_move_consequence, Edition, Rule,
    TimeCategory, TABLE,
};
use std::collections::HashMap;

const INDEX: &str = include_str!("data/laws-articles.tsv");

/// The editions whose numbers are checked here (2005 and 2009 are checked
/// against their texts in `laws_texts.rs`).
const CHECKED: [Edition; 2] = [Edition::Laws2018, Edition::Laws2023];

/// (edition, article) → topic keyword.
struct Index {
    topics: HashMap<(String, String), String>,
}

impl Index {
    /// Parses the index; a malformed line is an error naming its line number.
    fn parse(text: &str) -> Result<Index, String> {
        let mut topics = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [edition, art, topic, about] = cols[..] else {
                return Err(format!(
                    "line {n}: {} columns, want 4 (edition, article, topic, about)",
                    cols.len()
                ));
            };
            if edition.parse::<Edition>().is_err() {
                return Err(format!("line {n}: unknown edition {edition:?}"));
            }
            if art.trim() != art || art.is_empty() {
                return Err(format!("line {n}: article {art:?}"));
            }
            if topic.is_empty() || topic.contains(' ') {
                return Err(format!("line {n}: topic {topic:?} (one keyword)"));
            }
            if about.trim().len() < 5 {
                return Err(format!("line {n}: say what {art} is about"));
            }
            let key = (edition.to_string(), art.to_string());
            if topics.insert(key, topic.to_string()).is_some() {
                return Err(format!("line {n}: {edition} {art} indexed twice"));
            }
        }
        Ok(Index { topics })
    }

    fn topic(&self, edition: Edition, art: &str) -> Option<&str> {
        self.topics
            .get(&(edition.as_str().to_string(), art.to_string()))
            .map(String::as_str)
    }

    fn load() -> Index {
        Index::parse(INDEX).unwrap_or_else(|e| panic!("tests/data/laws-articles.tsv: {e}"))
    }
}

/// The topic keyword each rule's article must carry in the index.
fn topic_of(rule: Rule) -> &'static str {
    use Rule::*;
    match rule {
        Checkmate => "checkmate",
        Resignation => "resignation",
        Stalemate => "stalemate",
        DeadPosition => "dead-position",
        DrawAgreement => "draw-agreement",
        DrawAgreementMinimum => "draw-offer-rules",
        ThreefoldClaim => "threefold-claim",
        FiftyMoveClaim => "fifty-move-claim",
        IncorrectDrawClaim => "incorrect-claim",
        FivefoldRepetition => "fivefold",
        SeventyFiveMoves => "seventy-five",
        FlagFall => "flag-fall",
        DefaultTime => "default-time",
        BothAbsentAtStart => "both-absent",
        ClockStartsAtStart => "clock-start",
        IllegalMove => "illegal-move",
        IllegalMovePenalty => "illegal-move-penalty",
        IncompletePromotion => "incomplete-promotion",
        ClockWithoutMove => "clock-without-move",
        TwoHandedMove => "two-hands",
        RapidIllegalMove => "rapid-illegal-move",
        BlitzIllegalMove => "blitz-unsupervised",
        ReducedTimePenalties => "reduced-penalties",
        RapidDefinition => "rapid-definition",
        BlitzDefinition => "blitz-definition",
        ElectronicDevice => "electronic-device",
        PersistentRefusal => "persistent-refusal",
        BothAtFault => "both-at-fault",
        Penalties => "penalties",
        PenaltyWarning => "penalty-warning",
        PenaltyExtraTime => "penalty-extra-time",
        PenaltyTimeDeduction => "penalty-time-deduction",
        PenaltyGameLost => "penalty-game-lost",
        PenaltyScoreReduced => "penalty-score-reduced",
        PenaltyScoreRaised => "penalty-score-raised",
        PenaltyFine => "penalty-fine",
        PenaltyExclusion => "penalty-exclusion",
        PenaltyExpulsion => "penalty-expulsion",
        Adjournment => "adjourned-games",
        SealedMoveLoses => "sealed-move-defective",
        Chess960 => "chess960",
        QuickplayFinish => "quickplay-claim",
        QuickplayIncrement => "quickplay-increment",
        QuickplayWithoutArbiter => "quickplay-no-arbiter",
    }
}

/// The article numbers written inside a sentence: `9.2.1`, `A.3`, `III.5`,
/// `7.5.5` — but not one followed by "of 2009" / "of 2005" (a reference to
/// an older edition, checked against its own text elsewhere).
fn numbers_in(sentence: &str) -> Vec<String> {
    let is_part = |c: char| c.is_ascii_alphanumeric() || c == '.';
    let mut out = Vec::new();
    let mut rest = sentence;
    while let Some(start) = rest.find(is_part) {
        let tail = &rest[start..];
        let len = tail.find(|c: char| !is_part(c)).unwrap_or(tail.len());
        let token = tail[..len].trim_end_matches('.');
        let after = &tail[len..];
        rest = after;
        let Some((head, numbers)) = token.split_once('.') else {
            continue;
        };
        let head_ok = head.chars().all(|c| c.is_ascii_digit())
            || matches!(head, "A" | "B" | "C" | "D" | "I" | "II" | "III");
        let numbers_ok = !numbers.is_empty()
            && numbers
                .split('.')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
        if head.is_empty() || !head_ok || !numbers_ok {
            continue;
        }
        if after.starts_with(" of 2009") || after.starts_with(" of 2005") {
            continue;
        }
        out.push(token.to_string());
    }
    out
}

#[test]
fn the_index_parses_and_malformed_lines_are_refused() {
    let index = Index::load();
    for ed in CHECKED {
        let n = index
            .topics
            .keys()
            .filter(|(e, _)| e == ed.as_str())
            .count();
        assert!(n >= 60, "{ed}: only {n} articles indexed");
    }
    // The parser is not lenient: wrong column counts, editions, topics and
    // duplicates are refused with the line number.
    for (bad, says) in [
        ("2023\t5.1.1\tcheckmate", "line 1: 3 columns"),
        (
            "2019\t5.1.1\tcheckmate\tmate wins",
            "line 1: unknown edition",
        ),
        ("2023\t5.1.1\tcheck mate\tmate wins", "line 1: topic"),
        ("2023\t5.1.1\tcheckmate\t", "line 1: say what"),
        (
            "# x\n2023\t5.1.1\tcheckmate\tmate wins\n2023\t5.1.1\tcheckmate\tmate wins",
            "line 3: 2023 5.1.1 indexed twice",
        ),
    ] {
        let err = Index::parse(bad).err().unwrap_or_default();
        assert!(err.starts_with(says), "{bad:?}: {err:?}");
    }
}

#[test]
fn table_articles_of_2018_and_2023_are_indexed_under_their_rule() {
    let index = Index::load();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for ed in CHECKED {
        for row in TABLE {
            let Some(art) = article(ed, row.rule) else {
                continue;
            };
            checked += 1;
            let want = topic_of(row.rule);
            match index.topic(ed, art) {
                None => wrong.push(format!("{ed} {:?}: {art} is not in the index", row.rule)),
                Some(t) if t != want => wrong.push(format!(
                    "{ed} {:?}: {art} is indexed as {t:?}, the rule is {want:?}",
                    row.rule
                )),
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{checked} articles of 2018 and 2023 found in the index under their rule");
    // Every rule present in 2023 is checked (none silently skipped).
    assert!(checked >= 2 * 40, "{checked}");
}

#[test]
fn numbers_inside_the_consequences_are_indexed() {
    let index = Index::load();
    let mut missing = Vec::new();
    let mut checked = 0;
    for ed in CHECKED {
        for row in TABLE {
            let text = consequence(ed, row.rule);
            for n in numbers_in(text) {
                checked += 1;
                if index.topic(ed, &n).is_none() {
                    missing.push(format!("{ed} {:?}: {n} in {text:?}", row.rule));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(checked >= 15, "{checked}");
    // The reader finds what it should and skips references to older editions.
    assert_eq!(
        numbers_in("as in rapid (A.5.2): 7.5.5 with 1 minute (A.3); the claim as 10.2 of 2009"),
        ["A.5.2", "7.5.5", "A.3"]
    );
    assert_eq!(
        numbers_in("(9.2.1.1 by the move, III.2)."),
        ["9.2.1.1", "III.2"]
    );
}

#[test]
fn illegal_move_rulings_cite_indexed_articles() {
    let index = Index::load();
    for ed in CHECKED {
        for cat in [
            TimeCategory::Standard,
            TimeCategory::Rapid,
            TimeCategory::Blitz,
        ] {
            for nth in 1..=3 {
                let ruling = illegal_move_consequence(ed, cat, nth);
                assert!(!ruling.articles.is_empty(), "{ed} {cat:?} {nth}");
                for a in ruling.articles.split(", ") {
                    assert!(
                        index.topic(ed, a).is_some(),
                        "{ed} {cat:?} {nth}: {a} of {:?} is not in the index",
                        ruling.articles
                    );
                }
            }
        }
        // The app's "game lost" penalty cites three rules at once.
        let joined = articles(
            ed,
            &[
                Rule::PenaltyGameLost,
                Rule::ElectronicDevice,
                Rule::PersistentRefusal,
            ],
        );
        let topics: Vec<_> = joined
            .split(", ")
            .map(|a| index.topic(ed, a).unwrap_or("(missing)"))
            .collect();
        assert_eq!(
            topics,
            [
                "penalty-game-lost",
                "electronic-device",
                "persistent-refusal"
            ],
            "{ed}: {joined}"
        );
    }
}

/// `adjournment_point(e, n)` takes `n` as the 2005/2009 point: each edition's
/// number for it must be indexed under the same topic as in 2009.
#[test]
fn adjournment_points_keep_their_topic_in_every_edition() {
    let index = Index::load();
    let mut wrong = Vec::new();
    for n in 1..=13 {
        let old = adjournment_point(Edition::Laws2009, n);
        let Some(want) = index.topic(Edition::Laws2009, &old) else {
            wrong.push(format!("2009 point {n}: {old} is not in the index"));
            continue;
        };
        for ed in [Edition::Laws2005, Edition::Laws2018, Edition::Laws2023] {
            let p = adjournment_point(ed, n);
            match index.topic(ed, &p) {
                Some(t) if t == want => {}
                got => wrong.push(format!(
                    "point {n} ({want}): {ed} cites {p}, indexed as {got:?}"
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Point 8 is the table's sealed-move article.
    for ed in CHECKED {
        assert_eq!(
            Some(adjournment_point(ed, 8).as_str()),
            article(ed, Rule::SealedMoveLoses)
        );
    }
}

/// Under 2005 and 2009 `validate` remarks on a fifth repetition with the
/// number it has "in later editions": that number must be the 2018 and 2023
/// article on automatic draws.
#[test]
fn the_later_editions_remark_cites_the_automatic_draws() {
    use rules::san::LetterSet;
    use rules::validate::{validate_game_under, GameInput, Termination};
    use rules::Position;
    let index = Index::load();
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(5);
    let input = GameInput {
        start: Position::startpos(),
        moves: format!("{shuffle} e4")
            .split_whitespace()
            .map(String::from)
            .collect(),
        letters: LetterSet::ENGLISH,
        result: Some("1-0".into()),
        termination: Termination::Unknown,
        min_moves_before_draw: None,
    };
    let report = validate_game_under(&input, Edition::Laws2009);
    let remark = report
        .notes
        .iter()
        .find(|n| n.contains("in later editions"))
        .unwrap_or_else(|| panic!("no remark in {:?}", report.notes));
    let cited = remark
        .split('(')
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or_default();
    for ed in CHECKED {
        assert_eq!(
            index.topic(ed, cited),
            Some("automatic-draws"),
            "{ed}: {remark}"
        );
    }
}
