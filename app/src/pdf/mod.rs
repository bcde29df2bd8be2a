//! Printouts (SPEC §10): the pairing list for the wall, a round's results,
//! standings with tie-breaks, the crosstable, a player's card, scoresheets and the
//! adjournment envelope (SPEC §7). A4, DejaVu Sans embedded (Polish, Czech and all
//! Latin diacritics), tables that break across pages with their header repeated.
//!
//! Each document is one file: a plain data struct (filled from the domain's
//! views, see `load` where a document needs more than one view) and a `render`
//! that returns the PDF bytes. `layout` does the measuring and the page breaks.
//!
//! ```
//! use app::pdf::envelope::{render, AdjournmentEnvelope};
//! use app::i18n::{Lang, Tr};
//! let pdf = render(&AdjournmentEnvelope::example(), Tr { lang: Lang::Cs });
//! assert!(pdf.starts_with(b"%PDF"));
//! ```

pub mod card;
pub mod crosstable;
pub mod envelope;
pub mod layout;
pub mod norms;
pub mod pairings;
pub mod prizes;
pub mod results;
pub mod scoresheets;
pub mod standings;
pub mod startlist;
pub mod teams;

use crate::domain::tournaments::TournamentView;
use crate::i18n::Tr;
use layout::{Align, Column, Doc, Weight};

/// The running header of every page: the tournament's name, place and dates.
pub fn tournament_line(t: &TournamentView) -> String {
    let r = &t.regulations;
    let mut s = r.name.clone();
    if !r.place.is_empty() {
        s.push_str(", ");
        s.push_str(&r.place);
    }
    if r.start_date == r.end_date {
        s.push_str(&format!(" · {}", r.start_date));
    } else {
        s.push_str(&format!(" · {} – {}", r.start_date, r.end_date));
    }
    s
}

/// Half-points as written on a wall chart: 2 → `1`, 1 → `½`, 7 → `3½`.
pub fn points_text(half_points: i32) -> String {
    crate::domain::rounds::fmt_points(half_points)
}

/// A tie-break value (or points) as printed: whole numbers without decimals,
/// halves the way points are written (`12½`, never `12.5` beside a `2½`),
/// quarters likewise (`1¼`, `¾`: a Sonneborn-Berger of draws against players
/// on half points), others with at most two decimals.
pub fn value_text(v: Option<f64>) -> String {
    match v {
        None => String::new(),
        Some(v) if v.fract() == 0.0 => format!("{v:.0}"),
        Some(v) if (v * 2.0).fract() == 0.0 => {
            let sign = if v < 0.0 { "-" } else { "" };
            format!("{sign}{}", points_text((v.abs() * 2.0) as i32))
        }
        Some(v) if (v * 4.0).fract() == 0.0 => {
            let sign = if v < 0.0 { "-" } else { "" };
            let whole = v.abs().trunc();
            let part = if v.abs().fract() == 0.25 { "¼" } else { "¾" };
            match whole {
                0.0 => format!("{sign}{part}"),
                w => format!("{sign}{w:.0}{part}"),
            }
        }
        Some(v) => {
            let s = format!("{v:.2}");
            s.trim_end_matches('0').to_string()
        }
    }
}

/// A standings document begun: `title`, the tie-breaks it ranks by (`codes`,
/// when there are any) and a gap before the table.
pub fn standings_doc(t: &TournamentView, title: &str, codes: &[String], tr: Tr) -> Doc {
    let mut doc = Doc::new(title, &tournament_line(t), title, tr);
    doc.paragraph(title, Weight::Bold, 14.0);
    if !codes.is_empty() {
        doc.paragraph(
            &tr.t("pdf_tiebreaks").replace("{list}", &codes.join(", ")),
            Weight::Regular,
            8.0,
        );
    }
    doc.gap(4.0);
    doc
}

/// A standings table's columns of the tie-breaks, one per code, `width` wide.
pub fn tiebreak_columns(codes: &[String], width: f32) -> impl Iterator<Item = Column> + '_ {
    codes
        .iter()
        .map(move |code| Column::new(code, width, Align::Right))
}

/// A player's name with the FIDE title in front: `GM Jiří Čermák`.
pub fn titled(title: &str, name: &str) -> String {
    if title.is_empty() {
        name.to_string()
    } else {
        format!("{title} {name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_short() {
        assert_eq!(value_text(Some(12.0)), "12");
        assert_eq!(value_text(Some(12.5)), "12½");
        assert_eq!(value_text(Some(0.5)), "½");
        assert_eq!(value_text(Some(1.25)), "1¼");
        assert_eq!(value_text(Some(0.75)), "¾");
        assert_eq!(value_text(Some(-2.75)), "-2¾");
        assert_eq!(value_text(Some(3.1)), "3.1");
        assert_eq!(value_text(Some(-1.5)), "-1½");
        assert_eq!(value_text(Some(2145.33)), "2145.33");
        assert_eq!(value_text(Some(0.25)), "¼");
        assert_eq!(value_text(None), "");
        assert_eq!(points_text(7), "3½");
        assert_eq!(titled("GM", "Łukasz Żółć"), "GM Łukasz Żółć");
    }
}
