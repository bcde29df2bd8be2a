//! The table of `rules::laws`: one test per difference between the editions
//! (the same incident giving each edition's consequence), and the functions
//! the application calls checked against the table.

use rules::laws::*;

const STD: TimeCategory = TimeCategory::Standard;
const RAPID: TimeCategory = TimeCategory::Rapid;
const BLITZ: TimeCategory = TimeCategory::Blitz;

#[test]
fn every_rule_has_exactly_one_row() {
    let mut seen = std::collections::HashSet::new();
    for r in TABLE {
        assert!(seen.insert(r.rule), "{:?} twice", r.rule);
        for (i, en) in r.editions.iter().enumerate() {
            assert!(!en.consequence.is_empty(), "{:?} {i}", r.rule);
            if let Some(a) = en.article {
                assert!(!a.trim().is_empty(), "{:?}", r.rule);
            }
        }
    }
    // `row` finds every rule listed (the fallback row is never needed).
    for r in TABLE {
        assert_eq!(row(r.rule).rule, r.rule);
    }
}

#[test]
fn editions_parse_print_order_and_dates() {
    for e in Edition::ALL {
        assert_eq!(e.as_str().parse::<Edition>().unwrap(), e);
        assert_eq!(e.to_string().parse::<Edition>().unwrap(), e);
        assert_eq!(format!("Laws{}", e).parse::<Edition>().unwrap(), e);
    }
    assert!("2014".parse::<Edition>().is_err());
    assert!("".parse::<Edition>().is_err());
    let mut sorted = Edition::ALL;
    sorted.sort();
    assert_eq!(sorted, Edition::ALL);
    for w in Edition::ALL.windows(2) {
        assert!(w[0].effective_from() < w[1].effective_from());
    }
    assert_eq!(Edition::CURRENT, Edition::Laws2023);
    assert_eq!(Edition::in_force_on(2026, 11, 27), Some(Edition::Laws2023));
    assert_eq!(Edition::in_force_on(2022, 12, 31), Some(Edition::Laws2018));
    assert_eq!(Edition::in_force_on(2009, 6, 30), Some(Edition::Laws2005));
    assert_eq!(Edition::in_force_on(2005, 6, 30), None);
}

#[test]
fn time_categories_by_edition() {
    // 12 minutes: rapid since 2018, blitz before.
    assert_eq!(TimeCategory::of(Edition::Laws2009, 12, 0), BLITZ);
    assert_eq!(TimeCategory::of(Edition::Laws2023, 12, 0), RAPID);
    // 10 + 0: blitz in both.
    assert_eq!(TimeCategory::of(Edition::Laws2023, 10, 0), BLITZ);
    assert_eq!(TimeCategory::of(Edition::Laws2005, 10, 0), BLITZ);
    // 3 + 2: 5 minutes: blitz.
    assert_eq!(TimeCategory::of(Edition::Laws2023, 3, 2), BLITZ);
    // 15 + 0: rapid in both.
    assert_eq!(TimeCategory::of(Edition::Laws2009, 15, 0), RAPID);
    assert_eq!(TimeCategory::of(Edition::Laws2018, 15, 0), RAPID);
    // 14 + 0: blitz in 2009, rapid in 2018.
    assert_eq!(TimeCategory::of(Edition::Laws2009, 14, 0), BLITZ);
    assert_eq!(TimeCategory::of(Edition::Laws2018, 14, 0), RAPID);
    // 50 + 10: 60 minutes: standard.
    assert_eq!(TimeCategory::of(Edition::Laws2023, 50, 10), STD);
    assert_eq!(TimeCategory::of(Edition::Laws2023, 90, 30), STD);
    // Monotone in the time for every edition.
    for ed in Edition::ALL {
        let rank = |c| match c {
            TimeCategory::Blitz => 0,
            TimeCategory::Rapid => 1,
            TimeCategory::Standard => 2,
        };
        let mut last = 0;
        for m in 0..200 {
            let c = rank(TimeCategory::of(ed, m, 0));
            assert!(c >= last, "{ed} {m}");
            last = c;
        }
    }
}

#[test]
fn second_illegal_move_loses_since_2018_third_before() {
    for ed in Edition::ALL {
        let r1 = illegal_move_consequence(ed, STD, 1);
        let r2 = illegal_move_consequence(ed, STD, 2);
        let r3 = illegal_move_consequence(ed, STD, 3);
        assert_eq!(r1.penalty, IllegalMovePenalty::ExtraTime { seconds: 120 });
        assert_eq!(r3.penalty, IllegalMovePenalty::GameLost);
        let want2 = if ed >= Edition::Laws2018 {
            IllegalMovePenalty::GameLost
        } else {
            IllegalMovePenalty::ExtraTime { seconds: 120 }
        };
        assert_eq!(r2.penalty, want2, "{ed}");
        // The ruling cites the table's article.
        assert_eq!(
            Some(r1.articles.as_str()),
            article(ed, Rule::IllegalMovePenalty),
            "{ed}"
        );
        assert!(!r1.before_opponents_move);
        // The table says the same in words.
        let c = consequence(ed, Rule::IllegalMovePenalty);
        assert!(c.contains(if ed >= Edition::Laws2018 {
            "the second loses"
        } else {
            "the third loses"
        }));
    }
    assert_eq!(
        illegal_move_consequence(Edition::Laws2023, STD, 0).penalty,
        IllegalMovePenalty::ExtraTime { seconds: 120 }
    );
}

#[test]
fn rapid_illegal_moves_by_edition() {
    // 2023 A.3: one minute, the second loses.
    let r = illegal_move_consequence(Edition::Laws2023, RAPID, 1);
    assert_eq!(r.penalty, IllegalMovePenalty::ExtraTime { seconds: 60 });
    assert!(r.before_opponents_move);
    assert!(r
        .articles
        .contains(article(Edition::Laws2023, Rule::ReducedTimePenalties).unwrap()));
    assert!(r
        .articles
        .contains(article(Edition::Laws2023, Rule::RapidIllegalMove).unwrap()));
    assert_eq!(
        illegal_move_consequence(Edition::Laws2023, RAPID, 2).penalty,
        IllegalMovePenalty::GameLost
    );
    // 2018: two minutes in rapid, the second loses.
    assert_eq!(
        illegal_move_consequence(Edition::Laws2018, RAPID, 1).penalty,
        IllegalMovePenalty::ExtraTime { seconds: 120 }
    );
    assert_eq!(
        illegal_move_consequence(Edition::Laws2018, RAPID, 2).penalty,
        IllegalMovePenalty::GameLost
    );
    // 2009 A.4(c): on claim, then 7.4(b): two minutes twice, the third loses.
    let r = illegal_move_consequence(Edition::Laws2009, RAPID, 2);
    assert_eq!(r.penalty, IllegalMovePenalty::ExtraTime { seconds: 120 });
    assert!(r
        .articles
        .contains(article(Edition::Laws2009, Rule::RapidIllegalMove).unwrap()));
    assert_eq!(
        illegal_move_consequence(Edition::Laws2009, RAPID, 3).penalty,
        IllegalMovePenalty::GameLost
    );
    assert!(illegal_move_consequence(Edition::Laws2005, RAPID, 1)
        .articles
        .contains(article(Edition::Laws2005, Rule::RapidIllegalMove).unwrap()));
}

#[test]
fn blitz_illegal_moves_by_edition() {
    // 2005 C.3 / 2009 B.3(c): the first illegal move loses on claim.
    for ed in [Edition::Laws2005, Edition::Laws2009] {
        let r = illegal_move_consequence(ed, BLITZ, 1);
        assert_eq!(r.penalty, IllegalMovePenalty::GameLost, "{ed}");
        assert_eq!(
            Some(r.articles.as_str()),
            article(ed, Rule::BlitzIllegalMove)
        );
    }
    // 2018 B.2 / 2023 A.3: one minute, the second loses.
    for ed in [Edition::Laws2018, Edition::Laws2023] {
        assert_eq!(
            illegal_move_consequence(ed, BLITZ, 1).penalty,
            IllegalMovePenalty::ExtraTime { seconds: 60 },
            "{ed}"
        );
        assert_eq!(
            illegal_move_consequence(ed, BLITZ, 2).penalty,
            IllegalMovePenalty::GameLost
        );
        assert!(illegal_move_consequence(ed, BLITZ, 1)
            .articles
            .starts_with(article(ed, Rule::BlitzIllegalMove).unwrap()));
        assert!(illegal_move_consequence(ed, BLITZ, 1)
            .articles
            .contains(article(ed, Rule::ReducedTimePenalties).unwrap()));
    }
}

#[test]
fn illegal_move_rulings_cite_the_table() {
    let cites = |ed, cat| illegal_move_consequence(ed, cat, 1).articles;
    assert_eq!(cites(Edition::Laws2023, STD), "7.5.5");
    assert_eq!(cites(Edition::Laws2023, RAPID), "A.5.2, 7.5.5, A.3");
    assert_eq!(cites(Edition::Laws2023, BLITZ), "B.3, A.5.2, 7.5.5, A.3");
    assert_eq!(cites(Edition::Laws2018, RAPID), "A.4.2, 7.5.5");
    assert_eq!(cites(Edition::Laws2018, BLITZ), "B.4, A.4.2, 7.5.5, B.2");
    assert_eq!(cites(Edition::Laws2009, RAPID), "A.4(c), 7.4(b)");
    assert_eq!(cites(Edition::Laws2009, BLITZ), "B.3(c)");
    assert_eq!(cites(Edition::Laws2005, RAPID), "B.6, 7.4(b)");
    assert_eq!(cites(Edition::Laws2005, BLITZ), "C.3");
    assert_eq!(
        articles(
            Edition::Laws2023,
            &[
                Rule::PenaltyGameLost,
                Rule::ElectronicDevice,
                Rule::PersistentRefusal
            ]
        ),
        "12.9.6, 11.3.2.2, 11.7"
    );
    assert_eq!(
        articles(Edition::Laws2005, &[Rule::Chess960, Rule::Checkmate]),
        "5.1(a)"
    );
}

#[test]
fn clock_without_move_and_two_hands() {
    for ed in Edition::ALL {
        let modern = ed >= Edition::Laws2018;
        assert_eq!(
            counts_as_illegal_move(ed, Incident::ClockWithoutMove),
            modern
        );
        assert_eq!(counts_as_illegal_move(ed, Incident::TwoHandedMove), modern);
        assert!(counts_as_illegal_move(ed, Incident::IncompletePromotion));
        // What the table says agrees with the function.
        for inc in [Incident::ClockWithoutMove, Incident::TwoHandedMove] {
            let c = consequence(ed, inc.rule());
            assert_eq!(
                c.starts_with("considered and penalised as an illegal move"),
                modern,
                "{ed} {inc:?}"
            );
        }
    }
    assert_eq!(
        article(Edition::Laws2023, Rule::ClockWithoutMove),
        Some("7.5.3")
    );
    assert_eq!(article(Edition::Laws2009, Rule::ClockWithoutMove), None);
    assert_eq!(
        article(Edition::Laws2023, Rule::TwoHandedMove),
        Some("7.5.4")
    );
    assert_eq!(article(Edition::Laws2009, Rule::TwoHandedMove), Some("4.1"));
    assert_eq!(
        article(Edition::Laws2018, Rule::IncompletePromotion),
        Some("7.5.2")
    );
    assert_eq!(
        article(Edition::Laws2005, Rule::IncompletePromotion),
        Some("7.4(a)")
    );
}

#[test]
fn automatic_draws_since_2018() {
    for ed in Edition::ALL {
        let auto = automatic_draws(ed);
        assert_eq!(auto, ed >= Edition::Laws2018);
        assert_eq!(article(ed, Rule::SeventyFiveMoves).is_some(), auto);
    }
    assert_eq!(
        article(Edition::Laws2023, Rule::FivefoldRepetition),
        Some("9.6.1")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::SeventyFiveMoves),
        Some("9.6.2")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::DeadPosition),
        Some("5.2.2")
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::DeadPosition),
        Some("5.2(b)")
    );
}

#[test]
fn resignation_against_a_side_that_cannot_mate() {
    for ed in Edition::ALL {
        let draws = resignation_draws_when_opponent_cannot_mate(ed);
        assert_eq!(draws, ed == Edition::Laws2023);
        assert_eq!(consequence(ed, Rule::Resignation).contains("drawn"), draws);
    }
}

#[test]
fn draw_agreement_after_a_move_each_since_2018() {
    // 5.2.3 of 2018 and of 2023: "provided both players have made at least one move".
    for ed in Edition::ALL {
        assert_eq!(
            draw_agreement_needs_a_move_each(ed),
            ed >= Edition::Laws2018
        );
    }
    assert_eq!(
        article(Edition::Laws2009, Rule::DrawAgreement),
        Some("5.2(c)")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::DrawAgreement),
        Some("5.2.3")
    );
}

#[test]
fn incorrect_claims_cost_by_edition() {
    assert_eq!(incorrect_claim_seconds(Edition::Laws2005, STD), 180);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2009, STD), 180);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2018, STD), 120);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2023, STD), 120);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2018, RAPID), 120);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2023, RAPID), 60);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2018, BLITZ), 60);
    assert_eq!(incorrect_claim_seconds(Edition::Laws2009, BLITZ), 180);
    for ed in Edition::ALL {
        let minutes = incorrect_claim_seconds(ed, STD) / 60;
        assert!(
            consequence(ed, Rule::IncorrectDrawClaim).starts_with(&format!("{minutes} minutes"))
        );
    }
    assert!(consequence(Edition::Laws2005, Rule::IncorrectDrawClaim).contains("halved"));
}

#[test]
fn quickplay_finish_10_2_then_guidelines_iii() {
    assert_eq!(
        quickplay_finish(Edition::Laws2005),
        QuickplayRule::Claim10_2
    );
    assert_eq!(
        quickplay_finish(Edition::Laws2009),
        QuickplayRule::Claim10_2
    );
    assert_eq!(
        quickplay_finish(Edition::Laws2018),
        QuickplayRule::GuidelinesIII
    );
    assert_eq!(
        quickplay_finish(Edition::Laws2023),
        QuickplayRule::GuidelinesIII
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::QuickplayFinish),
        Some("10.2")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::QuickplayFinish),
        Some("III.5")
    );
    // Not announced: no claim under Guidelines III; 10.2 needs no announcement.
    assert!(quickplay_claim_allowed(Edition::Laws2009, STD, false));
    assert!(!quickplay_claim_allowed(Edition::Laws2023, STD, false));
    assert!(quickplay_claim_allowed(Edition::Laws2023, RAPID, true));
    for ed in Edition::ALL {
        assert!(!quickplay_claim_allowed(ed, BLITZ, true));
        assert_eq!(quickplay_extra_seconds(ed), 120);
    }
}

#[test]
fn default_time_by_edition() {
    assert_eq!(default_time_minutes(Edition::Laws2005), 60);
    assert_eq!(default_time_minutes(Edition::Laws2009), 0);
    assert_eq!(default_time_minutes(Edition::Laws2018), 0);
    assert_eq!(default_time_minutes(Edition::Laws2023), 0);
    assert!(consequence(Edition::Laws2005, Rule::DefaultTime).contains("one hour"));
    assert!(consequence(Edition::Laws2023, Rule::DefaultTime).contains("zero"));
    assert_eq!(article(Edition::Laws2005, Rule::DefaultTime), Some("6.7"));
    assert_eq!(
        article(Edition::Laws2009, Rule::DefaultTime),
        Some("6.6(a)")
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::BothAbsentAtStart),
        Some("6.6(b)")
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::ClockStartsAtStart),
        Some("6.5")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::ClockStartsAtStart),
        Some("6.6")
    );
    assert_eq!(article(Edition::Laws2023, Rule::DefaultTime), Some("6.7.1"));
    assert_eq!(
        article(Edition::Laws2005, Rule::BothAbsentAtStart),
        Some("6.6")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::BothAbsentAtStart),
        Some("6.7.2")
    );
}

#[test]
fn penalties_13_4_became_12_9() {
    let list = [
        Rule::PenaltyWarning,
        Rule::PenaltyExtraTime,
        Rule::PenaltyTimeDeduction,
        Rule::PenaltyGameLost,
        Rule::PenaltyScoreReduced,
        Rule::PenaltyScoreRaised,
        Rule::PenaltyFine,
        Rule::PenaltyExclusion,
        Rule::PenaltyExpulsion,
    ];
    for ed in Edition::ALL {
        let head = article(ed, Rule::Penalties).unwrap();
        let mut subs = Vec::new();
        for r in list {
            if let Some(a) = article(ed, r) {
                assert!(a.starts_with(head), "{ed} {r:?} {a}");
                subs.push(a);
            }
        }
        // Distinct sub-articles, 7 before 2018 and 9 since.
        let n = subs.len();
        subs.sort();
        subs.dedup();
        assert_eq!(subs.len(), n);
        assert_eq!(n, if ed >= Edition::Laws2018 { 9 } else { 7 }, "{ed}");
    }
    assert_eq!(
        article(Edition::Laws2009, Rule::PenaltyGameLost),
        Some("13.4(d)")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::PenaltyGameLost),
        Some("12.9.6")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::ElectronicDevice),
        Some("11.3.2.2")
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::ElectronicDevice),
        Some("12.3(b)")
    );
    assert_eq!(article(Edition::Laws2009, Rule::BothAtFault), Some("12.9"));
    assert_eq!(article(Edition::Laws2023, Rule::BothAtFault), Some("11.8"));
}

#[test]
fn adjournment_and_chess960_moved_to_guidelines() {
    assert_eq!(
        article(Edition::Laws2023, Rule::Adjournment),
        Some("Guidelines I")
    );
    assert_eq!(
        article(Edition::Laws2005, Rule::Adjournment),
        Some("Appendix A")
    );
    assert_eq!(
        article(Edition::Laws2023, Rule::Chess960),
        Some("Guidelines II")
    );
    assert_eq!(
        article(Edition::Laws2009, Rule::Chess960),
        Some("Appendix F")
    );
    assert_eq!(article(Edition::Laws2005, Rule::Chess960), None);
    assert_eq!(
        article(Edition::Laws2023, Rule::SealedMoveLoses),
        Some("I.8")
    );
}

/// The adjournment points follow each edition's numbering, and point 8 is
/// the table's sealed-move article in every edition.
#[test]
fn adjournment_points_follow_the_edition() {
    use rules::laws::{adjournment_point, article, Edition, Rule};
    for e in Edition::ALL {
        assert_eq!(
            Some(adjournment_point(e, 8).as_str()),
            article(e, Rule::SealedMoveLoses),
            "{e:?}"
        );
    }
    assert_eq!(adjournment_point(Edition::Laws2023, 6), "I.6");
    // Guidelines I inserted I.11 (both absent at resumption): the 2009
    // point 11 (envelope missing) is I.12 since 2018.
    assert_eq!(adjournment_point(Edition::Laws2018, 11), "I.12");
    assert_eq!(adjournment_point(Edition::Laws2023, 10), "I.10");
    assert_eq!(adjournment_point(Edition::Laws2009, 11), "Guidelines 11");
    assert_eq!(adjournment_point(Edition::Laws2009, 9), "Guidelines 9");
    assert_eq!(adjournment_point(Edition::Laws2005, 5), "A.5");
}
