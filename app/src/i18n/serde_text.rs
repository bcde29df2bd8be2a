//! Library sentences read into our templates: the words serde and actix use
//! for a path or query string that does not fit, so that a page can show them
//! in the reader's language.

use crate::domain::msg::nested;
use crate::domain::Msg;

/// The detail of a path or query string that does not fit (serde's and
/// actix's words, which a page shows after "the query string is not valid"):
/// the usual ones as translated messages with the same English, serde's
/// `de::Error` sentences with their frame translated and the value as typed
/// kept. The English (`Display`) is the library's text, except that a
/// number, `true` or `false` or a date expected is said in general words in
/// every language (`expected_kind`); a sentence not known is not passed
/// through: a general one is shown and the library's English logged (debug).
pub fn serde_detail(text: &str) -> Msg {
    for prefix in [
        "Query deserialize error: ",
        "Path deserialize error: ",
        "can not parse ",
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            let inner = serde_detail(rest);
            return match prefix {
                "Query deserialize error: " => {
                    msg!("Query deserialize error: {}", nested(inner))
                }
                "Path deserialize error: " => msg!("Path deserialize error: {}", nested(inner)),
                _ => match rest.split_once(" to a ") {
                    Some((value, kind)) => msg!("can not parse {} to a {}", value, kind),
                    None => msg!("can not parse {}", rest),
                },
            };
        }
    }
    match text {
        "invalid digit found in string" => msg!("invalid digit found in string"),
        "cannot parse integer from empty string" => msg!("cannot parse integer from empty string"),
        "number too large to fit in target type" => msg!("number too large to fit in target type"),
        "number too small to fit in target type" => msg!("number too small to fit in target type"),
        "invalid float literal" => msg!("invalid float literal"),
        "provided string was not `true` or `false`" => {
            msg!("provided string was not `true` or `false`")
        }
        _ => serde_sentence(text).unwrap_or_else(|| {
            log::debug!("a value of the address not read: {text}");
            msg!("a value in the address could not be read")
        }),
    }
}

/// A part of a serde sentence: translated, or kept as serde wrote it (a
/// library word no catalogue knows, a name the user typed).
enum Part {
    Said(Msg),
    Kept(String),
}

impl crate::domain::msg::ToArg for Part {
    fn to_arg(&self) -> crate::domain::msg::Arg {
        match self {
            Part::Said(m) => nested(m.clone()).to_arg(),
            Part::Kept(t) => t.to_arg(),
        }
    }
}

/// The sentences of serde's `de::Error` (`serde::de::Error::invalid_type`,
/// `invalid_value`, `invalid_length`, `unknown_variant`, `unknown_field`,
/// `missing_field`, `duplicate_field`), if `text` is one.
fn serde_sentence(text: &str) -> Option<Msg> {
    let quoted = |rest: &str, head: &str| {
        rest.strip_prefix(head)
            .and_then(|r| r.strip_suffix('`'))
            .map(str::to_string)
    };
    if let Some(f) = quoted(text, "missing field `") {
        return Some(msg!("missing field `{}`", f));
    }
    if let Some(f) = quoted(text, "duplicate field `") {
        return Some(msg!("duplicate field `{}`", f));
    }
    // The value comes first and may hold anything typed: the frame's
    // ", expected " is the last one.
    if let Some((value, expected)) = text
        .strip_prefix("invalid type: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        return Some(msg!(
            "invalid type: {}, expected {}",
            unexpected(value),
            expected_kind(expected)
        ));
    }
    if let Some((value, expected)) = text
        .strip_prefix("invalid value: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        return Some(msg!(
            "invalid value: {}, expected {}",
            unexpected(value),
            expected_kind(expected)
        ));
    }
    if let Some((n, expected)) = text
        .strip_prefix("invalid length ")
        .and_then(|r| r.split_once(", expected "))
    {
        return Some(msg!(
            "invalid length {}, expected {}",
            n,
            expected_kind(expected)
        ));
    }
    for (head, what) in [
        ("unknown field `", "field"),
        ("unknown variant `", "variant"),
    ] {
        // The name typed comes first: the first "`, " ends it (serde then
        // lists the names expected, `a`, `b`).
        let Some((name, rest)) = text.strip_prefix(head).and_then(|r| r.split_once("`, ")) else {
            continue;
        };
        return Some(match (what, rest) {
            ("field", "there are no fields") => {
                msg!("unknown field `{}`, there are no fields", name)
            }
            ("variant", "there are no variants") => {
                msg!("unknown variant `{}`, there are no variants", name)
            }
            (_, rest) => {
                let expected = rest.strip_prefix("expected ")?;
                match (what, expected.strip_prefix("one of ")) {
                    ("field", Some(list)) => {
                        msg!("unknown field `{}`, expected one of {}", name, list)
                    }
                    ("field", None) => msg!("unknown field `{}`, expected {}", name, expected),
                    (_, Some(list)) => {
                        msg!("unknown variant `{}`, expected one of {}", name, list)
                    }
                    (_, None) => msg!("unknown variant `{}`, expected {}", name, expected),
                }
            }
        });
    }
    None
}

/// What serde says it got (`serde::de::Unexpected`'s words): the kind
/// translated, the value as typed.
fn unexpected(text: &str) -> Part {
    let value = |head: &str| {
        text.strip_prefix(head)
            .and_then(|r| r.strip_suffix('`'))
            .map(str::to_string)
    };
    if let Some(s) = text.strip_prefix("string ") {
        return Part::Said(msg!("string {}", s));
    }
    if let Some(v) = value("integer `") {
        return Part::Said(msg!("integer `{}`", v));
    }
    if let Some(v) = value("floating point `") {
        return Part::Said(msg!("floating point `{}`", v));
    }
    if let Some(v) = value("boolean `") {
        return Part::Said(msg!("boolean `{}`", v));
    }
    if let Some(v) = value("character `") {
        return Part::Said(msg!("character `{}`", v));
    }
    match text {
        "sequence" => Part::Said(msg!("sequence")),
        "map" => Part::Said(msg!("map")),
        "unit value" => Part::Said(msg!("unit value")),
        other => Part::Kept(other.to_string()),
    }
}

/// What serde expected (a type's name, a phrase of the library): a number,
/// `true` or `false`, or a date in general words, anything else as it is.
fn expected_kind(text: &str) -> Part {
    let t = text.trim();
    let whole = [
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "an integer",
    ];
    if whole.contains(&t) {
        Part::Said(msg!("a whole number"))
    } else if ["f32", "f64", "a number", "a float"].contains(&t) {
        Part::Said(msg!("a number"))
    } else if ["bool", "a boolean", "`true` or `false`"].contains(&t) {
        Part::Said(msg!("`true` or `false`"))
    } else if t.to_ascii_lowercase().contains("date") {
        Part::Said(msg!("a date"))
    } else {
        Part::Kept(t.to_string())
    }
}
