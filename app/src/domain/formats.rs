//! The text formats the API reads in its bodies (dates, times, FIDE titles,
//! federations, tie-break codes), each as a check the server makes and as the
//! pattern the OpenAPI document states (`web::openapi`), so that the text the
//! document allows and the text the server accepts are the same (issue 23;
//! the tests of `web::openapi` compare the two string by string).
//! Patterns are ECMA-262 as JSON Schema reads them (2020-12 §6.3.3), written
//! with ASCII digits (`[0-9]`, never `\d`, which some engines read as Unicode).

/// One character `char::is_whitespace` holds (what `str::trim` removes).
pub const SPACE: &str =
    r"[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";

/// Some character that is not white space: text that is not blank once
/// trimmed (`SPACE`, negated).
pub const NOT_BLANK: &str =
    r"[^\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";

/// A real date of the Gregorian calendar, `YYYY-MM-DD` (RFC 3339 full-date):
/// the day within its month, 29 February in leap years only.
pub const DATE: &str = concat!(
    "(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])",
    "|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))",
    "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"
);

/// A local date and time to the minute, `YYYY-MM-DDTHH:MM`.
pub fn local_minute() -> String {
    format!("{DATE}T(?:[01][0-9]|2[0-3]):[0-5][0-9]")
}

/// An instant, RFC 3339 `date-time` in its common shape: `YYYY-MM-DDTHH:MM:SS`,
/// a fraction of up to nine digits, then `Z` or an offset `±HH:MM`
/// (`2026-03-01T09:00:00Z`, `2026-03-01T10:00:00.5+01:00`).
pub fn instant() -> String {
    format!("{DATE}T{HOUR}:{SIXTY}:{SIXTY}(?:\\.[0-9]{{1,9}})?(?:Z|[+-]{HOUR}:{SIXTY})")
}

const HOUR: &str = "(?:[01][0-9]|2[0-3])";
const SIXTY: &str = "[0-5][0-9]";

/// The whole text is `inner`, with white space around it allowed (the
/// server trims it).
pub fn trimmed(inner: &str) -> String {
    format!("^{SPACE}*(?:{inner}){SPACE}*$")
}

/// The whole text is `inner`.
pub fn whole(inner: &str) -> String {
    format!("^(?:{inner})$")
}

/// A FIDE title (GM IM FM CM WGM WIM WFM WCM) in either case, or nothing.
pub const TITLE: &str = "(?:[Ww]?[GgIiFfCc][Mm])?";
/// A federation, three letters in either case (`POL`), or nothing.
pub const FEDERATION: &str = "(?:[A-Za-z]{3})?";
/// `m`, `f` (either case) or nothing: what `kinds::Sex` reads.
pub const SEX: &str = "[MmFf]?";

/// A birth date: `YYYY-MM-DD`, `YYYY` or nothing.
pub fn birth_date() -> String {
    format!("(?:{DATE}|[0-9]{{4}})?")
}

/// Whether `s` has the shape of `mask`: `9` for an ASCII digit, any other
/// character for itself.
fn shaped(s: &str, mask: &str) -> bool {
    s.len() == mask.len()
        && s.bytes().zip(mask.bytes()).all(|(c, m)| match m {
            b'9' => c.is_ascii_digit(),
            m => c == m,
        })
}

/// `DATE`: `YYYY-MM-DD`, a real date (chrono alone also reads `2026-1-5`).
pub fn is_date(s: &str) -> bool {
    shaped(s, "9999-99-99") && chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok()
}

/// `local_minute()`: `YYYY-MM-DDTHH:MM`, a real date and time.
pub fn is_local_minute(s: &str) -> bool {
    shaped(s, "9999-99-99T99:99")
        && chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M").is_ok()
}

/// `instant()`: a real date, a time of day and an offset in that shape.
pub fn is_instant(s: &str) -> bool {
    let clock = |t: &str| shaped(t, "99:99") && t[..2] < *"24" && t[3..] < *"60";
    let (Some(date), Some(rest)) = (s.get(..10), s.get(10..)) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix('T') else {
        return false;
    };
    let (Some(time), Some(mut rest)) = (rest.get(..8), rest.get(8..)) else {
        return false;
    };
    if !(is_date(date) && shaped(time, "99:99:99") && clock(&time[..5]) && time[6..] < *"60") {
        return false;
    }
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if !(1..=9).contains(&digits) {
            return false;
        }
        rest = &fraction[digits..];
    }
    match rest.as_bytes().first() {
        Some(b'Z') => rest.len() == 1,
        Some(b'+' | b'-') => clock(&rest[1..]),
        _ => false,
    }
}

/// `TITLE`: the title in capitals, if `s` (trimmed) is one.
pub fn title(s: &str, titles: &[&str]) -> Option<String> {
    let s = s.trim();
    titles
        .iter()
        .find(|t| t.eq_ignore_ascii_case(s))
        .map(|t| t.to_string())
}

/// `FEDERATION`: the code in capitals, if `s` (trimmed) is three ASCII
/// letters or empty.
pub fn federation(s: &str) -> Option<String> {
    let s = s.trim();
    (s.is_empty() || (s.len() == 3 && s.bytes().all(|c| c.is_ascii_alphabetic())))
        .then(|| s.to_ascii_uppercase())
}

/// A number as a form's field holds it (trimmed, a decimal comma read as a
/// point); when it is not one, an error at `field` saying it is not `what`
/// (an interface word: "a rating", "a version" …).
pub fn typed_number<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> super::DomainResult<T> {
    text.trim().replace(',', ".").parse().map_err(|_| {
        super::DomainError::invalid(
            field,
            msg!("'{}' is not {}", text.trim(), super::msg::word(what)),
        )
    })
}

/// A checkbox or a yes/no flag of a form, as posted: ticked when sent with
/// a value other than "0". A ticked box sends its `value="1"` (or "on", a
/// box without a value); an unticked one sends nothing; a hidden flag sends
/// "1" or "0". The one reading of them all.
pub fn ticked(value: &str) -> bool {
    let v = value.trim();
    !v.is_empty() && v != "0"
}

/// [`typed_number`], or none when the field is empty.
pub fn typed_optional<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> super::DomainResult<Option<T>> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        typed_number(field, text, what).map(Some)
    }
}

/// A number from 0 to `u32::MAX` as `str::parse::<u32>` reads it: an
/// optional `+`, leading zeros.
const U32: &str = concat!(
    r"\+?0*(?:[0-9]{1,9}|[1-3][0-9]{9}|4[01][0-9]{8}|42[0-8][0-9]{7}|429[0-3][0-9]{6}",
    "|4294[0-8][0-9]{5}|42949[0-5][0-9]{4}|429496[0-6][0-9]{3}|4294967[01][0-9]{2}",
    "|42949672[0-8][0-9]|429496729[0-5])"
);
/// A number from 0 to 255, read as `U32` is.
const U8: &str = r"\+?0*(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";

/// A FIDE C.07 tie-break code with its modifiers, as
/// `pairing::tiebreak::TieBreak::from_str` reads it: the code in either case,
/// then `/Cn` (cut), `/Mn` (median) and `/Un` (unrated rating) where the code
/// takes them, white space around.
pub fn tiebreak() -> String {
    // (codes, takes /Cn, takes /Mn, takes /Un), as in `TieBreak::from_str`.
    const CODES: &[(&[&str], bool, bool, bool)] = &[
        (&["BH", "FB"], true, true, false),
        (&["SB", "PS"], true, false, false),
        (&["ARO"], true, true, true),
        (&["TPR", "PTP", "APRO", "APPO", "RTNG"], false, false, true),
        (
            &[
                "PTS", "AOB", "DE", "WIN", "WON", "BPG", "BWG", "REP", "KS", "STD", "TPN",
            ],
            false,
            false,
            false,
        ),
    ];
    let either_case = |code: &str| -> String {
        code.chars()
            .map(|c| format!("[{}{}]", c, c.to_ascii_lowercase()))
            .collect()
    };
    let alternatives: Vec<String> = CODES
        .iter()
        .map(|(codes, cut, median, unrated)| {
            let names: Vec<String> = codes.iter().map(|c| either_case(c)).collect();
            let mut modifiers = Vec::new();
            if *cut {
                modifiers.push(format!("[Cc]{U8}"));
            }
            if *median {
                modifiers.push(format!("[Mm]{U8}"));
            }
            if *unrated {
                modifiers.push(format!("[Uu]{U32}"));
            }
            let tail = if modifiers.is_empty() {
                String::new()
            } else {
                format!("(?:/(?:{}))*", modifiers.join("|"))
            };
            format!("(?:{}){tail}", names.join("|"))
        })
        .collect();
    trimmed(&alternatives.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_and_in_one_shape() {
        for good in ["2026-11-26", "2024-02-29", "2000-02-29", "0000-01-01"] {
            assert!(is_date(good), "{good}");
        }
        for bad in [
            "2026-1-26",
            "2026-11-6",
            "+2026-11-26",
            "2023-02-29",
            "1900-02-29",
            "2026-04-31",
            " 2026-11-26",
            "2026-11-26T00:00",
            "",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
        assert!(is_local_minute("2026-11-26T09:05"));
        for bad in [
            "2026-11-26T9:05",
            "2026-11-26T24:00",
            "2026-11-26 09:05",
            "2026-11-26T09:05:00",
        ] {
            assert!(!is_local_minute(bad), "{bad}");
        }
    }

    #[test]
    fn not_blank_is_space_negated() {
        assert_eq!(NOT_BLANK.replacen("[^", "[", 1), SPACE);
    }

    #[test]
    fn instants_are_what_rfc_3339_reads() {
        for good in [
            "2026-03-01T09:00:00Z",
            "2026-03-01T23:59:59.123456789+01:00",
            "2024-02-29T00:00:00-23:59",
            "0000-01-01T00:00:00+23:59",
            "9999-12-31T23:59:59.5-23:59",
        ] {
            assert!(is_instant(good), "{good}");
            assert!(chrono::DateTime::parse_from_rfc3339(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "2026-03-01",
            "2026-03-01T09:00Z",
            "2026-03-01T09:00:00",
            "2026-03-01 09:00:00Z",
            "2026-03-01t09:00:00z",
            "2026-02-29T09:00:00Z",
            "2026-03-01T24:00:00Z",
            "2026-03-01T09:60:00Z",
            "2026-03-01T09:00:60Z",
            "2026-03-01T09:00:00.Z",
            "2026-03-01T09:00:00.1234567890Z",
            "2026-03-01T09:00:00+24:00",
            "2026-03-01T09:00:00+0100",
            "2026-03-01T09:00:00Z ",
            "2026-03-01T09:00:00ZZ",
            "2026-03-01T09:00:00+01:00:00",
            "2026-03-01T09:00:00ł",
            "2026-03-01Tł9:00:00Z",
            "2026-03-01T0ł:00:00Z",
            "2026-03-01T09:00:ł0Z",
            "2026-03-01T09:00:00+ł1:00",
        ] {
            assert!(!is_instant(bad), "{bad}");
        }
    }

    #[test]
    fn words_in_either_case_with_space_around() {
        let titles = ["", "GM", "IM", "WGM"];
        assert_eq!(title(" wgm\u{3000}", &titles).as_deref(), Some("WGM"));
        assert_eq!(title("", &titles).as_deref(), Some(""));
        // `ı` (dotless i) is upper-cased to `I` by Unicode, not by ASCII.
        assert_eq!(title("ım", &titles), None);
        assert_eq!(title("GMX", &titles), None);
        assert_eq!(federation(" pol ").as_deref(), Some("POL"));
        assert_eq!(federation("ﬀA"), None);
        assert_eq!(federation("PO"), None);
    }
}

/// What is wrong with a time typed at the desk (`desk_time`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeError {
    /// Nothing typed: the caller decides (the envelope's "now", or a refusal).
    Empty,
    /// Not `HH:MM`, `HH:MM:SS` or a date with a time; the text as typed.
    NotATime(String),
}

impl TimeError {
    /// The error as the form's field `field` shows it.
    pub fn at(self, field: &str) -> crate::domain::DomainError {
        let typed = match self {
            TimeError::Empty => String::new(),
            TimeError::NotATime(t) => t,
        };
        crate::domain::DomainError::invalid(field, msg!("'{}' is not a time; write HH:MM", typed))
    }
}

/// A time typed at the arbiter's desk: the time of day `HH:MM` or
/// `HH:MM:SS` (one-digit hours too, `9:05`) on `day`, the day of the round or
/// of the resumption; or a full local date and time, `YYYY-MM-DDTHH:MM[:SS]`
/// (what a `datetime-local` box sends) or with a space for the `T`. The one
/// parser of arrivals and of the envelopes' presence and opening.
pub fn desk_time(text: &str, day: chrono::NaiveDate) -> Result<chrono::NaiveDateTime, TimeError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(TimeError::Empty);
    }
    for fmt in [
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(d) = chrono::NaiveDateTime::parse_from_str(t, fmt) {
            return Ok(d);
        }
    }
    let clock = t.len() <= 8 && t.chars().all(|c| c.is_ascii_digit() || c == ':');
    for fmt in ["%H:%M:%S", "%H:%M"] {
        match chrono::NaiveTime::parse_from_str(t, fmt) {
            Ok(time) if clock => return Ok(day.and_time(time)),
            _ => {}
        }
    }
    Err(TimeError::NotATime(t.chars().take(40).collect()))
}

/// A desk time as stored: `YYYY-MM-DDTHH:MM`, with `:SS` when it has seconds.
pub fn stored_time(t: chrono::NaiveDateTime) -> String {
    use chrono::Timelike;
    if t.second() == 0 {
        t.format("%Y-%m-%dT%H:%M").to_string()
    } else {
        t.format("%Y-%m-%dT%H:%M:%S").to_string()
    }
}

#[cfg(test)]
mod desk_time_tests {
    use super::*;

    #[test]
    fn times_of_day_fall_on_the_day_and_full_dates_stand() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 7, 4).unwrap();
        for (typed, stored) in [
            ("14:05", "2026-07-04T14:05"),
            (" 9:05 ", "2026-07-04T09:05"),
            ("14:05:30", "2026-07-04T14:05:30"),
            ("00:00", "2026-07-04T00:00"),
            ("2026-07-05T10:00", "2026-07-05T10:00"),
            ("2026-07-05 10:00:07", "2026-07-05T10:00:07"),
        ] {
            assert_eq!(
                desk_time(typed, day).map(stored_time),
                Ok(stored.to_string()),
                "{typed}"
            );
        }
        assert_eq!(desk_time("  ", day), Err(TimeError::Empty));
        for wrong in [
            "25:00",
            "14:60",
            "14",
            "2pm",
            "14.05",
            "-1:00",
            "2026-02-30T10:00",
        ] {
            assert!(
                matches!(desk_time(wrong, day), Err(TimeError::NotATime(_))),
                "{wrong}"
            );
        }
    }
}
