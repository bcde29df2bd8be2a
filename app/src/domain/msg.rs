//! The sentence of a `DomainError`, gettext-style: the English template (the
//! message id, `{}` for each argument) and its arguments. `Display` gives the
//! English sentence (the API's `message`); the pages render it in the viewer's
//! language from the catalogue in `i18n/errors.rs`, keyed by the
//! template. Every error site builds one with `msg!`; the test in
//! `tests/all/translations.rs` finds every template and checks it has a Polish
//! and a Czech entry.

use std::fmt;

/// A message: an English template with `{}` placeholders and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    template: &'static str,
    args: Vec<Arg>,
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A name, a number, a file's text: shown as it is in every language.
    Text(String),
    /// A word of the interface (a state, a result): translated when the
    /// catalogue knows it, else shown as it is.
    Word(String),
    /// A message within a message, translated on its own.
    Msg(Box<Msg>),
    /// Several messages, one a line.
    Lines(Vec<Msg>),
    /// Interface words, a list separated by ", " (the allowed values of a
    /// closed set), each translated like [`Arg::Word`].
    Words(Vec<String>),
}

/// What `msg!` accepts as an argument: anything `Display` (as text), a
/// [`Word`] or a [`Nested`] message.
pub trait ToArg {
    fn to_arg(&self) -> Arg;
}

impl<T: fmt::Display + ?Sized> ToArg for T {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_string())
    }
}

/// An interface word as an argument (see [`Arg::Word`]).
pub struct Word(pub String);

/// Interface words as one argument (see [`Arg::Words`]).
pub struct WordList(pub Vec<String>);

impl ToArg for WordList {
    fn to_arg(&self) -> Arg {
        Arg::Words(self.0.clone())
    }
}

/// Interface words (a closed set's values) as one message argument.
pub fn words(ws: &[&str]) -> WordList {
    WordList(ws.iter().map(|w| w.to_string()).collect())
}

/// A message as an argument of another (see [`Arg::Msg`]).
pub struct Nested(pub Msg);

/// Messages, one a line, as an argument (see [`Arg::Lines`]).
pub struct Lines(pub Vec<Msg>);

impl ToArg for Word {
    fn to_arg(&self) -> Arg {
        Arg::Word(self.0.clone())
    }
}

impl ToArg for Nested {
    fn to_arg(&self) -> Arg {
        Arg::Msg(Box::new(self.0.clone()))
    }
}

impl ToArg for Lines {
    fn to_arg(&self) -> Arg {
        Arg::Lines(self.0.clone())
    }
}

/// An interface word (a state, a result, a kind) as a message argument.
pub fn word(w: impl fmt::Display) -> Word {
    Word(w.to_string())
}

/// A message as an argument of another.
pub fn nested(m: Msg) -> Nested {
    Nested(m)
}

// `msg!` is defined in `lib.rs`, ahead of every module, so that each sees it.

impl Msg {
    /// Use `msg!`, which keeps the template a literal the catalogue test finds.
    pub fn new(template: &'static str, args: Vec<Arg>) -> Msg {
        debug_assert_eq!(
            placeholders(template),
            args.len(),
            "the message template {template:?} and its arguments"
        );
        Msg { template, args }
    }

    pub fn template(&self) -> &'static str {
        self.template
    }

    pub fn args(&self) -> &[Arg] {
        &self.args
    }

    /// The sentence with `template` (a translation of this message's
    /// template, with as many `{}`) and each argument rendered by `arg`.
    pub fn render_with(&self, template: &str, arg: &mut dyn FnMut(&Arg) -> String) -> String {
        let mut out = String::with_capacity(template.len() + 16);
        let mut args = self.args.iter();
        let mut rest = template;
        while let Some(i) = rest.find("{}") {
            out.push_str(&rest[..i]);
            if let Some(a) = args.next() {
                out.push_str(&arg(a));
            }
            rest = &rest[i + 2..];
        }
        out.push_str(rest);
        out
    }
}

/// How many `{}` placeholders `template` has.
pub fn placeholders(template: &str) -> usize {
    template.matches("{}").count()
}

/// The arguments of `text` when it is `template` filled in (each argument
/// non-empty), else `None`.
pub fn match_template<'t>(template: &str, text: &'t str) -> Option<Vec<&'t str>> {
    let parts: Vec<&str> = template.split("{}").collect();
    let rest = text.strip_prefix(parts[0])?;
    let mut args = Vec::new();
    if fill(&parts[1..], rest, &mut args) {
        Some(args)
    } else {
        None
    }
}

fn fill<'t>(parts: &[&str], text: &'t str, args: &mut Vec<&'t str>) -> bool {
    let Some((next, later)) = parts.split_first() else {
        return text.is_empty();
    };
    if later.is_empty() {
        // The last fixed part ends the text; the argument is what precedes it.
        return match text.strip_suffix(next) {
            Some(arg) if !arg.is_empty() => {
                args.push(arg);
                true
            }
            _ => false,
        };
    }
    // The argument ends where `next` begins: try each place, shortest first.
    for (i, _) in text.match_indices(next).filter(|(i, _)| *i > 0) {
        args.push(&text[..i]);
        if fill(later, &text[i + next.len()..], args) {
            return true;
        }
        args.pop();
    }
    false
}

/// A library's English phrase as a message argument (see [`phrase`]).
pub struct Phrase(Result<Msg, String>);

impl ToArg for Phrase {
    fn to_arg(&self) -> Arg {
        match &self.0 {
            Ok(m) => Arg::Msg(Box::new(m.clone())),
            Err(text) => Arg::Text(text.clone()),
        }
    }
}

impl Phrase {
    /// The phrase as a message: the template it fills, or the text as it is.
    pub fn into_msg(self) -> Msg {
        match self.0 {
            Ok(m) => m,
            Err(text) => Msg::new("{}", vec![Arg::Text(text)]),
        }
    }
}

/// `text`, an English phrase of a library error (the pairing crate's reasons
/// and TRF descriptions, `domain/library.rs`), as the message of the known
/// template it fills — the most specific one, each of its arguments itself
/// read as a phrase when it is one, else as an interface word (`Arg::Word`)
/// — so that a page shows it translated; a
/// phrase no template fits stays text. The English is `text` exactly.
pub fn phrase(text: &str, templates: &[&'static str]) -> Phrase {
    let mut best: Option<(usize, &'static str, Vec<&str>)> = None;
    for &t in templates {
        let fixed: usize = t.split("{}").map(str::len).sum();
        if best.as_ref().is_some_and(|b| b.0 >= fixed) {
            continue;
        }
        if let Some(args) = match_template(t, text) {
            best = Some((fixed, t, args));
        }
    }
    match best {
        Some((_, t, args)) => Phrase(Ok(Msg::new(
            t,
            // An argument of no template may be an interface word (a kind).
            args.iter()
                .map(|a| match phrase(a, templates) {
                    Phrase(Ok(m)) => Arg::Msg(Box::new(m)),
                    Phrase(Err(t)) => Arg::Word(t),
                })
                .collect(),
        ))),
        None => Phrase(Err(text.to_string())),
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Text(s) | Arg::Word(s) => f.write_str(s),
            Arg::Words(ws) => f.write_str(&ws.join(", ")),
            Arg::Msg(m) => m.fmt(f),
            Arg::Lines(ms) => {
                for (i, m) in ms.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    m.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

/// A message in JSON is its English sentence (the API's language).
impl serde::Serialize for Msg {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_with(self.template, &mut |a| a.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_sentence_is_the_template_filled_in() {
        let m = msg!("round {} of {} is {}", 3, "Open", word("paired"));
        assert_eq!(m.to_string(), "round 3 of Open is paired");
        assert_eq!(m.template(), "round {} of {} is {}");
        let outer = msg!("line {}: {}", 2, nested(m.clone()));
        assert_eq!(outer.to_string(), "line 2: round 3 of Open is paired");
        let lines = msg!("{}", Lines(vec![m.clone(), msg!("no")]));
        assert_eq!(lines.to_string(), "round 3 of Open is paired\nno");
        assert_eq!(
            m.render_with("runda {} turnieju {}: {}", &mut |a| format!("<{a}>")),
            "runda <3> turnieju <Open>: <paired>"
        );
    }
}
