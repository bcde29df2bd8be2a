//! The prize table as the staff's form types it (`web::pages::prize_form`):
//! text fields read into a `PrizeTable` (`prizes/mod.rs`), each problem an
//! `Invalid` error at the form's own field (`categories[2].prizes`, the
//! form's row, counting the empty and removed rows), and the table set
//! through `prizes::set_table` (one transaction, one audit row), exactly as
//! the API's `PUT …/prizes` sets it.
//!
//! A row is ignored when it is marked for removal, or when both its name and
//! its prizes are empty (the form's spare rows).
//!
//! **Amounts** are typed the way people write money, in the currency's units
//! (not cents): `1000, 500, 250.50`.
//! - Amounts are separated by `;`, white space, or a comma followed by white
//!   space (or standing alone: `1000 , 500`).
//! - Within an amount, a `.` or a `,` is the decimal mark when one or two
//!   digits follow it: `250.50`, `250,50` and `250,5` are all 250.50.
//! - Anything else is refused, not guessed: a comma followed by three digits
//!   (`1,000` is a thousand in English, one in Polish and Czech), more than
//!   two decimals, a sign, a currency symbol, and an amount with a needless
//!   leading zero (`000`), which is what a thousands separator typed as a
//!   space gives (`1 000` reads as `1` and `000`; the `000` is refused).
//! - So `100,50` is 100.50, never the two prizes 100 and 50: those are
//!   written `100, 50` or `100; 50`.
//!
//! The conditions (rating, birth year, women, federation, club) are read for
//! the categories of players and clubs only: team places and board prizes
//! rank whole teams and boards (`prizes::compute_team_event`).
//!
//! **Rating**: `from` (inclusive) and `below` (exclusive), and whether unrated
//! players are included (`Rule::Rating`). With no bound typed, "unrated
//! included" (the form's default) is no condition at all; unticked, it keeps
//! the category to rated players.

use super::prizes::{
    set_table, Category, CategoryKind, PrizeTable, PrizesView, Rule, SetPrizes, SplitMode,
};
use super::{require_role, Actor, DomainError, DomainResult, Role};
use crate::db::DbConnection;
use crate::domain::formats::{typed_number, typed_optional};
use crate::domain::ids::TournamentId;

/// One row of the form (one category), every field as typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CategoryFields {
    pub name: String,
    /// `players`, `best_club`, `board` or `teams` (`CategoryKind`).
    pub kind: String,
    /// Best club: the players counted per club.
    pub top: String,
    /// Board prizes: the board, and the games played on it at least.
    pub board: String,
    pub min_games: String,
    pub rating_from: String,
    pub rating_below: String,
    pub unrated: bool,
    pub born_from: String,
    pub born_to: String,
    pub women: bool,
    pub federation: String,
    pub club: String,
    /// The amounts, `1000, 500, 250.50` (see the module's comment).
    pub prizes: String,
    /// The row is marked for removal.
    pub remove: bool,
}

impl CategoryFields {
    /// A spare row: nothing typed, or marked for removal.
    pub fn ignored(&self) -> bool {
        self.remove || (self.name.trim().is_empty() && self.prizes.trim().is_empty())
    }

    /// An empty row of the form, for a team event or an individual one.
    pub fn spare(team_event: bool) -> CategoryFields {
        CategoryFields {
            kind: if team_event { "teams" } else { "players" }.into(),
            unrated: true,
            ..Default::default()
        }
    }
}

/// The whole form, as typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PrizeFields {
    pub currency: String,
    /// `tie_break`, `hort` or `equal` (`SplitMode`).
    pub split: String,
    pub one_prize_per_player: bool,
    /// The rows in the form's order; an error names a row by its index here.
    pub categories: Vec<CategoryFields>,
    /// The table's version as read.
    pub version: String,
}

impl PrizeFields {
    /// The form showing a stored table.
    pub fn of(table: &PrizeTable, version: i32) -> PrizeFields {
        PrizeFields {
            currency: table.currency.clone(),
            split: split_name(table.split).into(),
            one_prize_per_player: table.one_prize_per_player,
            categories: table.categories.iter().map(category_fields).collect(),
            version: version.to_string(),
        }
    }
}

fn split_name(s: SplitMode) -> &'static str {
    match s {
        SplitMode::TieBreak => "tie_break",
        SplitMode::Hort => "hort",
        SplitMode::Equal => "equal",
    }
}

fn category_fields(c: &Category) -> CategoryFields {
    let mut f = CategoryFields {
        name: c.name.clone(),
        unrated: true,
        prizes: c
            .prizes
            .iter()
            .map(|&p| amount_text(p))
            .collect::<Vec<_>>()
            .join(", "),
        ..Default::default()
    };
    f.kind = match c.kind {
        CategoryKind::Players => "players".into(),
        CategoryKind::BestClub { top } => {
            f.top = top.to_string();
            "best_club".into()
        }
        CategoryKind::Board { board, min_games } => {
            f.board = board.to_string();
            f.min_games = min_games.to_string();
            "board".into()
        }
        CategoryKind::Teams => "teams".into(),
    };
    let text = |x: &Option<i32>| x.map(|v| v.to_string()).unwrap_or_default();
    // The form has one condition of each kind; the first of each is shown.
    let mut seen = [false; 5];
    for r in &c.rules {
        match r {
            Rule::Rating {
                from,
                below,
                unrated,
            } if !seen[0] => {
                seen[0] = true;
                f.rating_from = text(from);
                f.rating_below = text(below);
                f.unrated = *unrated;
            }
            Rule::Born { from, to } if !seen[1] => {
                seen[1] = true;
                f.born_from = text(from);
                f.born_to = text(to);
            }
            Rule::Women => f.women = true,
            Rule::Federation { code } if !seen[3] => {
                seen[3] = true;
                f.federation = code.clone();
            }
            Rule::Club { name } if !seen[4] => {
                seen[4] = true;
                f.club = name.clone();
            }
            _ => {}
        }
    }
    f
}

/// Cents as typed back: `1000`, `250.50`.
pub fn amount_text(cents: i64) -> String {
    if cents % 100 == 0 {
        (cents / 100).to_string()
    } else {
        super::prizes::money(cents)
    }
}

/// The amounts of a prize field, in cents (see the module's comment).
pub fn read_amounts(field: &str, text: &str) -> DomainResult<Vec<i64>> {
    let mut tokens: Vec<String> = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let separator = ch == ';'
            || ch.is_whitespace()
            || (ch == ','
                && (cur.is_empty() || next.is_none_or(|n| n.is_whitespace() || n == ';')));
        if separator {
            if !cur.is_empty() {
                tokens.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(ch);
        }
    }
    if !cur.is_empty() {
        tokens.push(cur);
    }
    tokens.iter().map(|t| read_amount(field, t)).collect()
}

/// One amount in the currency's units, in cents.
fn read_amount(field: &str, t: &str) -> DomainResult<i64> {
    let not_money = || {
        DomainError::invalid(
            field,
            msg!(
                "'{}' is not an amount of money (write them as 1000, 500, 250.50)",
                t
            ),
        )
    };
    let (units, fraction) = match t.find(['.', ',']) {
        Some(i) => (&t[..i], &t[i + 1..]),
        None => (t, ""),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(units)
        || (units.len() > 1 && units.starts_with('0'))
        || (t.len() > units.len() && (!digits(fraction) || fraction.len() > 2))
    {
        return Err(not_money());
    }
    if units.len() > 12 {
        return Err(DomainError::invalid(
            field,
            msg!("a prize is 0 or more cents (at most 10⁹)"),
        ));
    }
    let units: i64 = units.parse().map_err(|_| not_money())?;
    let cents: i64 = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().map_err(|_| not_money())? * 10,
        _ => fraction.parse().map_err(|_| not_money())?,
    };
    Ok(units * 100 + cents)
}

/// `categories[k]…` of the table read as `categories[row]…` of the form.
fn at_row(field: &str, rows: &[usize]) -> String {
    let Some(rest) = field.strip_prefix("categories[") else {
        return field.to_string();
    };
    let Some((k, tail)) = rest.split_once(']') else {
        return field.to_string();
    };
    match k.parse::<usize>().ok().and_then(|k| rows.get(k)) {
        Some(row) => format!("categories[{row}]{tail}"),
        None => field.to_string(),
    }
}

impl PrizeTable {
    /// The prize form's fields as the table the API takes, validated
    /// (`PrizeTable::validate`): spare rows left out; each problem an error
    /// at the form's field (its row counted among all the form's rows).
    pub fn from_fields(f: &PrizeFields) -> DomainResult<PrizeTable> {
        read(f).map(|(table, _)| table)
    }
}

/// The table, and for each of its categories the form's row it came from.
fn read(f: &PrizeFields) -> DomainResult<(PrizeTable, Vec<usize>)> {
    let split = match f.split.trim() {
        "" | "tie_break" => SplitMode::TieBreak,
        "hort" => SplitMode::Hort,
        "equal" => SplitMode::Equal,
        other => {
            return Err(DomainError::invalid(
                "split",
                msg!("'{}' is not a way of sharing a tie", other),
            ))
        }
    };
    let mut categories = Vec::new();
    let mut rows = Vec::new();
    for (row, c) in f.categories.iter().enumerate() {
        if c.ignored() {
            continue;
        }
        categories.push(read_category(row, c)?);
        rows.push(row);
    }
    let table = PrizeTable {
        categories,
        one_prize_per_player: f.one_prize_per_player,
        split,
        currency: f.currency.trim().to_string(),
    };
    table
        .validate()
        .map_err(|e| DomainError::invalid(&at_row(&e.field, &rows), e.message))?;
    Ok((table, rows))
}

fn read_category(row: usize, c: &CategoryFields) -> DomainResult<Category> {
    let f = |x: &str| format!("categories[{row}].{x}");
    let kind = match c.kind.trim() {
        "" | "players" => CategoryKind::Players,
        "best_club" => CategoryKind::BestClub {
            top: typed_number(&f("kind.top"), &c.top, "a number of players")?,
        },
        "board" => CategoryKind::Board {
            board: typed_number(&f("kind.board"), &c.board, "a board number")?,
            min_games: typed_optional(&f("kind.min_games"), &c.min_games, "a number of games")?
                .unwrap_or(0),
        },
        "teams" => CategoryKind::Teams,
        other => {
            return Err(DomainError::invalid(
                &f("kind"),
                msg!("'{}' is not a kind of category", other),
            ))
        }
    };
    let mut rules = Vec::new();
    if matches!(kind, CategoryKind::Teams | CategoryKind::Board { .. }) {
        // Teams and boards are ranked whole: no condition applies.
        return Ok(Category {
            name: c.name.trim().to_string(),
            kind,
            rules,
            prizes: read_amounts(&f("prizes"), &c.prizes)?,
        });
    }
    let from: Option<i32> = typed_optional(&f("rating_from"), &c.rating_from, "a rating")?;
    let below: Option<i32> = typed_optional(&f("rating_below"), &c.rating_below, "a rating")?;
    if from.is_some() || below.is_some() || !c.unrated {
        rules.push(Rule::Rating {
            from,
            below,
            unrated: c.unrated,
        });
    }
    let born_from: Option<i32> = typed_optional(&f("born_from"), &c.born_from, "a year")?;
    let born_to: Option<i32> = typed_optional(&f("born_to"), &c.born_to, "a year")?;
    if born_from.is_some() || born_to.is_some() {
        rules.push(Rule::Born {
            from: born_from,
            to: born_to,
        });
    }
    if c.women {
        rules.push(Rule::Women);
    }
    if !c.federation.trim().is_empty() {
        rules.push(Rule::Federation {
            code: c.federation.trim().to_uppercase(),
        });
    }
    if !c.club.trim().is_empty() {
        rules.push(Rule::Club {
            name: c.club.trim().to_string(),
        });
    }
    Ok(Category {
        name: c.name.trim().to_string(),
        kind,
        rules,
        prizes: read_amounts(&f("prizes"), &c.prizes)?,
    })
}

/// Sets the prize table from the form (organizers and arbiters): read by
/// `PrizeTable::from_fields`, set by `prizes::set_table` (one transaction,
/// one audit row); its errors (a category that does not fit the event) named
/// at the form's row.
pub fn set_from_fields(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    f: &PrizeFields,
) -> DomainResult<PrizesView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let version: i32 = typed_number("version", &f.version, "a version")?;
    let (table, rows) = read(f)?;
    set_table(conn, actor, tid, SetPrizes { table, version }).map_err(|e| match e {
        DomainError::Invalid { field, message } => DomainError::Invalid {
            field: at_row(field.strip_prefix("table.").unwrap_or(&field), &rows),
            message,
        },
        e => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, prizes: &str) -> CategoryFields {
        CategoryFields {
            name: name.into(),
            prizes: prizes.into(),
            ..CategoryFields::spare(false)
        }
    }

    fn form(rows: Vec<CategoryFields>) -> PrizeFields {
        PrizeFields {
            currency: " PLN ".into(),
            split: "hort".into(),
            one_prize_per_player: true,
            categories: rows,
            version: "0".into(),
        }
    }

    fn field_of(r: DomainResult<PrizeTable>) -> (String, String) {
        match r {
            Err(DomainError::Invalid { field, message }) => (field, message.to_string()),
            other => panic!("expected an error at a field, got {other:?}"),
        }
    }

    #[test]
    fn amounts_are_read_as_people_write_money() {
        let cents = |t: &str| read_amounts("p", t).unwrap();
        assert_eq!(cents("1000, 500, 250.50"), vec![100_000, 50_000, 25_050]);
        assert_eq!(cents("1000; 500;250,50"), vec![100_000, 50_000, 25_050]);
        assert_eq!(cents("300 200\n100"), vec![30_000, 20_000, 10_000]);
        assert_eq!(cents("250,5 , 0.05 ,0"), vec![25_050, 5, 0]);
        assert_eq!(cents("100,50"), vec![10_050], "a decimal comma");
        assert_eq!(cents("1000,"), vec![100_000]);
        assert_eq!(cents("  "), Vec::<i64>::new());
        for bad in [
            "1,000", "1 000", "12.345", "-5", "100zł", "€100", "1.2.3", ".5", "5.",
        ] {
            let e = match read_amounts("categories[0].prizes", bad) {
                Ok(cents) => panic!("{bad:?} read as {cents:?} cents; it must be refused"),
                Err(e) => e,
            };
            assert!(
                matches!(&e, DomainError::Invalid { field, .. } if field == "categories[0].prizes"),
                "{bad}: {e:?}"
            );
        }
    }

    #[test]
    fn a_form_reads_into_the_table_with_decimals() {
        let mut women = row("Women", "50,25");
        women.women = true;
        women.rating_below = "1800".into();
        women.unrated = false;
        let mut juniors = row("Juniors", "100");
        juniors.born_from = "2010".into();
        juniors.federation = " pol ".into();
        let t = PrizeTable::from_fields(&form(vec![
            row(" Overall ", "1000, 500, 250.50"),
            women,
            juniors,
        ]))
        .unwrap();
        assert_eq!(t.currency, "PLN");
        assert_eq!(t.split, SplitMode::Hort);
        assert!(t.one_prize_per_player);
        assert_eq!(t.categories.len(), 3);
        assert_eq!(t.categories[0].name, "Overall");
        assert_eq!(t.categories[0].prizes, vec![100_000, 50_000, 25_050]);
        assert!(
            t.categories[0].rules.is_empty(),
            "unrated included, no range: no condition"
        );
        assert_eq!(
            t.categories[1].rules,
            vec![
                Rule::Rating {
                    from: None,
                    below: Some(1800),
                    unrated: false
                },
                Rule::Women
            ]
        );
        assert_eq!(t.categories[1].prizes, vec![5_025]);
        assert_eq!(
            t.categories[2].rules,
            vec![
                Rule::Born {
                    from: Some(2010),
                    to: None
                },
                Rule::Federation { code: "POL".into() }
            ]
        );
        // And back: the stored table shows as the form, which reads the same.
        let again = PrizeTable::from_fields(&PrizeFields::of(&t, 1)).unwrap();
        assert_eq!(again, t);
        assert_eq!(
            PrizeFields::of(&t, 1).categories[0].prizes,
            "1000, 500, 250.50"
        );
    }

    #[test]
    fn a_bad_amount_is_refused_at_its_row() {
        let (field, message) = field_of(PrizeTable::from_fields(&form(vec![
            row("Overall", "300, 200"),
            CategoryFields::spare(false),
            row("Seniors", "100, lots"),
        ])));
        assert_eq!(field, "categories[2].prizes");
        assert!(
            message.contains("'lots' is not an amount of money"),
            "{message}"
        );
    }

    #[test]
    fn increasing_prizes_are_refused_at_the_forms_row() {
        // The table's second category is the form's fourth row (two spare
        // rows before it): the error names the form's row.
        let (field, message) = field_of(PrizeTable::from_fields(&form(vec![
            row("Overall", "300"),
            CategoryFields::spare(false),
            row("", ""),
            row("Women", "50, 100"),
        ])));
        assert_eq!(field, "categories[3].prizes");
        assert!(message.contains("exceeds an earlier one"), "{message}");
    }

    #[test]
    fn spare_and_removed_rows_are_ignored() {
        let mut gone = row("Old", "10, 20");
        gone.remove = true;
        let mut only_conditions = CategoryFields::spare(false);
        only_conditions.women = true;
        only_conditions.rating_from = "not read".into();
        let t = PrizeTable::from_fields(&form(vec![
            CategoryFields::spare(false),
            gone,
            row("Overall", "100"),
            only_conditions,
        ]))
        .unwrap();
        assert_eq!(t.categories.len(), 1);
        assert_eq!(t.categories[0].name, "Overall");
        // Team places take no condition: the unticked "unrated" box is not
        // a "rated players only" there.
        let mut teams = row("Team places", "300, 200");
        teams.kind = "teams".into();
        teams.unrated = false;
        teams.women = true;
        let t = PrizeTable::from_fields(&form(vec![teams])).unwrap();
        assert_eq!(t.categories[0].kind, CategoryKind::Teams);
        assert!(t.categories[0].rules.is_empty());
        let empty = PrizeTable::from_fields(&form(vec![CategoryFields::spare(true); 3])).unwrap();
        assert!(empty.categories.is_empty());
    }

    #[test]
    fn other_fields_are_refused_by_name() {
        let mut r = row("Open", "100");
        r.rating_from = "2k".into();
        let (field, message) = field_of(PrizeTable::from_fields(&form(vec![r])));
        assert_eq!(field, "categories[0].rating_from");
        assert!(message.contains("'2k' is not"), "{message}");
        let mut r = row("Clubs", "100");
        r.kind = "best_club".into();
        r.top = "0".into();
        assert_eq!(
            field_of(PrizeTable::from_fields(&form(vec![r]))).0,
            "categories[0].kind.top"
        );
        let mut r = row("Board 1", "100");
        r.kind = "board".into();
        r.board = String::new();
        assert_eq!(
            field_of(PrizeTable::from_fields(&form(vec![r]))).0,
            "categories[0].kind.board"
        );
        let mut f = form(vec![row("A", "1"), row("A", "1")]);
        assert_eq!(
            field_of(PrizeTable::from_fields(&f)).0,
            "categories[1].name"
        );
        f.split = "coin".into();
        assert_eq!(field_of(PrizeTable::from_fields(&f)).0, "split");
        let r = row("", "100");
        assert_eq!(
            field_of(PrizeTable::from_fields(&form(vec![r]))).0,
            "categories[0].name"
        );
    }
}
