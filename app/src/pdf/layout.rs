//! The small layout engine every printout shares: A4 pages, the embedded DejaVu
//! Sans (regular and bold; it covers Polish, Czech and every other Latin
//! diacritic, and the chess figurines), text measured with the font's own
//! advance widths, and tables that break across pages with the header row
//! repeated on each page.
//!
//! Coordinates are PDF points from the bottom left corner of the page.

use crate::i18n::Tr;
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Op, PaintMode, ParsedFont, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rect, TextItem,
};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// A4 portrait, in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
pub const MARGIN: f32 = 36.0;
/// Where the content of a page starts (below the running header).
pub const CONTENT_TOP: f32 = PAGE_HEIGHT - 62.0;
/// Content stops above the footer.
pub const CONTENT_BOTTOM: f32 = 42.0;

const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

struct Face {
    font: ParsedFont,
    /// The font file itself (subset per document when it is saved).
    bytes: &'static [u8],
    /// Its PostScript name.
    name: &'static str,
    /// Advance widths of the Latin-1 and Latin Extended-A characters (the common
    /// case), in font units; others are looked up in the font's maps.
    fast: Vec<u16>,
}

impl Face {
    fn load(bytes: &'static [u8], name: &'static str) -> Face {
        let font = ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
            .expect("the embedded DejaVu Sans font parses");
        let fast = (0u32..0x250).map(|c| Face::advance_of(&font, c)).collect();
        Face {
            font,
            bytes,
            name,
            fast,
        }
    }

    /// The font cut down to the glyphs of `chars` (and .notdef), with its
    /// Unicode cmap kept so the text still maps to them and extracts: a one-page
    /// pairing list embedded both DejaVu faces whole, 335 KB (PERFORMANCE.md).
    /// `None` when subsetting fails; the caller then embeds the whole font.
    fn subset(&self, chars: &BTreeSet<char>) -> Option<ParsedFont> {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::subset::{subset, CmapTarget, SubsetProfile};
        let mut gids: Vec<u16> = chars
            .iter()
            .filter_map(|c| self.font.lookup_glyph_index(*c as u32))
            .filter(|g| *g != 0)
            .collect();
        gids.sort_unstable();
        gids.dedup();
        gids.insert(0, 0);
        let data = ReadScope::new(self.bytes).read::<FontData<'_>>().ok()?;
        let provider = data.table_provider(0).ok()?;
        let bytes = subset(&provider, &gids, &SubsetProfile::Pdf, CmapTarget::Unicode).ok()?;
        let mut font = ParsedFont::from_bytes(&bytes, 0, &mut Vec::new())?;
        // A subset's name carries a tag of six capitals and `+` (ISO 32000-1,
        // 9.6.4), different for different glyph sets: here from the glyph ids.
        let mut h: u32 = 2_166_136_261;
        for g in &gids {
            h = (h ^ u32::from(*g)).wrapping_mul(16_777_619);
        }
        let tag: String = (0..6)
            .map(|i| char::from(b'A' + ((h >> (i * 5)) % 26) as u8))
            .collect();
        font.font_name = Some(format!("{tag}+{}", self.name));
        Some(font)
    }

    fn advance_of(font: &ParsedFont, c: u32) -> u16 {
        let gid = font.lookup_glyph_index(c).unwrap_or(0);
        font.get_glyph_width(gid).unwrap_or(0)
    }

    fn advance(&self, c: char) -> u16 {
        match self.fast.get(c as usize) {
            Some(w) => *w,
            None => Face::advance_of(&self.font, c as u32),
        }
    }
}

struct Fonts {
    regular: Face,
    bold: Face,
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        regular: Face::load(REGULAR_TTF, "DejaVuSans"),
        bold: Face::load(BOLD_TTF, "DejaVuSans-Bold"),
    })
}

fn face(weight: Weight) -> &'static Face {
    match weight {
        Weight::Regular => &fonts().regular,
        Weight::Bold => &fonts().bold,
    }
}

/// The width of `text` set in `weight` at `size` points, from the font's metrics.
pub fn text_width(text: &str, weight: Weight, size: f32) -> f32 {
    let f = face(weight);
    let units: u32 = text.chars().map(|c| f.advance(c) as u32).sum();
    units as f32 * size / f.font.units_per_em as f32
}

/// `text`, shortened with an ellipsis when it is wider than `width`.
pub fn fit(text: &str, weight: Weight, size: f32, width: f32) -> String {
    if text_width(text, weight, size) <= width {
        return text.to_string();
    }
    let ellipsis = text_width("…", weight, size);
    let mut out = String::new();
    let mut used = 0.0;
    let f = face(weight);
    let scale = size / f.font.units_per_em as f32;
    for c in text.chars() {
        let w = f.advance(c) as f32 * scale;
        if used + w + ellipsis > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// Splits `text` into lines no wider than `width` (at spaces; a word longer than
/// the line is cut).
pub fn wrap(text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if text_width(&candidate, weight, size) <= width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::take(&mut current));
            current = word.to_string();
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
        .into_iter()
        .map(|l| fit(&l, weight, size, width))
        .collect()
}

/// One column of a table. `width` is in points; a column with `width: 0.0`
/// takes the room the fixed columns leave (shared equally between such columns).
#[derive(Clone, Debug)]
pub struct Column {
    pub title: String,
    pub width: f32,
    pub align: Align,
    pub weight: Weight,
    /// Font size of the cells of this column (default: the table's).
    pub size: Option<f32>,
}

impl Column {
    pub fn new(title: &str, width: f32, align: Align) -> Column {
        Column {
            title: title.to_string(),
            width,
            align,
            weight: Weight::Regular,
            size: None,
        }
    }
    pub fn fill(title: &str) -> Column {
        Column::new(title, 0.0, Align::Left)
    }
    pub fn bold(mut self) -> Column {
        self.weight = Weight::Bold;
        self
    }
    pub fn sized(mut self, size: f32) -> Column {
        self.size = Some(size);
        self
    }
}

/// A table: columns, the font size of its cells and the height of a row.
#[derive(Clone, Debug)]
pub struct Table {
    pub columns: Vec<Column>,
    pub size: f32,
    pub row_height: f32,
    /// Shade every other row (easier to follow a line across a wide table).
    pub zebra: bool,
}

impl Table {
    pub fn new(columns: Vec<Column>, size: f32) -> Table {
        Table {
            columns,
            size,
            row_height: size * 1.7,
            zebra: true,
        }
    }

    pub fn row_height(mut self, h: f32) -> Table {
        self.row_height = h;
        self
    }

    /// The columns' widths, the flexible ones sharing what is left of `total`.
    fn widths(&self, total: f32) -> Vec<f32> {
        let fixed: f32 = self.columns.iter().map(|c| c.width).sum();
        let flexible = self
            .columns
            .iter()
            .filter(|c| c.width == 0.0)
            .count()
            .max(1) as f32;
        let rest = ((total - fixed) / flexible).max(20.0);
        self.columns
            .iter()
            .map(|c| if c.width == 0.0 { rest } else { c.width })
            .collect()
    }
}

/// A document being laid out: pages of drawing operations and a cursor `y`.
pub struct Doc {
    pdf: PdfDocument,
    regular: FontId,
    bold: FontId,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// The baseline of the next line of content.
    pub y: f32,
    header_left: String,
    header_right: String,
    /// The footer, `{i}` and `{n}` to be filled in, in the document's language.
    page_words: &'static str,
    /// The characters set in each weight: the fonts are embedded with these only.
    used: [BTreeSet<char>; 2],
}

const CELL_PADDING: f32 = 3.0;
const GREY: f32 = 0.88;
const LIGHT_GREY: f32 = 0.95;

impl Doc {
    /// A new document whose pages carry `header_left` (the tournament) and
    /// `header_right` (what the page is) at the top.
    pub fn new(title: &str, header_left: &str, header_right: &str, tr: Tr) -> Doc {
        let mut pdf = PdfDocument::new(title);
        let regular = pdf.add_font(&fonts().regular.font);
        let bold = pdf.add_font(&fonts().bold.font);
        let mut doc = Doc {
            pdf,
            regular,
            bold,
            pages: Vec::new(),
            ops: Vec::new(),
            y: CONTENT_TOP,
            header_left: header_left.to_string(),
            header_right: header_right.to_string(),
            page_words: tr.t("pdf_page"),
            used: [BTreeSet::new(), BTreeSet::new()],
        };
        doc.start_page();
        doc
    }

    fn start_page(&mut self) {
        let (left, right) = (self.header_left.clone(), self.header_right.clone());
        let top = PAGE_HEIGHT - MARGIN - 4.0;
        let right_w = text_width(&right, Weight::Bold, 10.0);
        let left = fit(
            &left,
            Weight::Bold,
            12.0,
            PAGE_WIDTH - 2.0 * MARGIN - right_w - 12.0,
        );
        self.text(MARGIN, top, &left, Weight::Bold, 12.0);
        self.text_in(
            MARGIN,
            PAGE_WIDTH - 2.0 * MARGIN,
            top,
            &right,
            Weight::Bold,
            10.0,
            Align::Right,
        );
        self.line(MARGIN, top - 6.0, PAGE_WIDTH - MARGIN, top - 6.0, 0.8);
        self.y = CONTENT_TOP;
    }

    /// Ends the current page and starts another (with the running header).
    pub fn new_page(&mut self) {
        let ops = std::mem::take(&mut self.ops);
        self.pages.push(ops);
        self.start_page();
    }

    /// Starts a new page unless `height` points still fit on this one.
    pub fn ensure(&mut self, height: f32) {
        if self.y - height < CONTENT_BOTTOM {
            self.new_page();
        }
    }

    fn font(&self, weight: Weight) -> PdfFontHandle {
        PdfFontHandle::External(match weight {
            Weight::Regular => self.regular.clone(),
            Weight::Bold => self.bold.clone(),
        })
    }

    /// Text with its baseline starting at (x, y).
    pub fn text(&mut self, x: f32, y: f32, text: &str, weight: Weight, size: f32) {
        if text.is_empty() {
            return;
        }
        self.used[weight as usize].extend(text.chars());
        let font = self.font(weight);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font,
                size: Pt(size),
            },
            Op::SetTextCursor {
                pos: Point { x: Pt(x), y: Pt(y) },
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
            Op::EndTextSection,
        ]);
    }

    /// Text aligned within the box from `x` of `width` (shortened to fit).
    #[allow(clippy::too_many_arguments)]
    pub fn text_in(
        &mut self,
        x: f32,
        width: f32,
        y: f32,
        text: &str,
        weight: Weight,
        size: f32,
        align: Align,
    ) {
        let text = fit(text, weight, size, width);
        let w = text_width(&text, weight, size);
        let x = match align {
            Align::Left => x,
            Align::Center => x + (width - w) / 2.0,
            Align::Right => x + width - w,
        };
        self.text(x, y, &text, weight, size);
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thickness: f32) {
        let p = |x: f32, y: f32| LinePoint {
            p: Point { x: Pt(x), y: Pt(y) },
            bezier: false,
        };
        self.ops.extend([
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points: vec![p(x1, y1), p(x2, y2)],
                    is_closed: false,
                },
            },
        ]);
    }

    /// A rectangle with its lower left corner at (x, y): filled with a grey
    /// (`fill`, 0 = black … 1 = white) and/or outlined.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<f32>, stroke: bool) {
        let mode = match (fill, stroke) {
            (Some(_), true) => PaintMode::FillStroke,
            (Some(_), false) => PaintMode::Fill,
            (None, _) => PaintMode::Stroke,
        };
        if let Some(g) = fill {
            self.ops.push(Op::SetFillColor {
                col: Color::Greyscale(Greyscale {
                    percent: g,
                    icc_profile: None,
                }),
            });
        }
        if stroke {
            self.ops.push(Op::SetOutlineThickness { pt: Pt(0.6) });
        }
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: Pt(x),
                y: Pt(y),
                width: Pt(w),
                height: Pt(h),
                mode: Some(mode),
                winding_order: None,
            },
        });
        if fill.is_some() {
            self.ops.push(Op::SetFillColor {
                col: Color::Greyscale(Greyscale {
                    percent: 0.0,
                    icc_profile: None,
                }),
            });
        }
    }

    /// A line of text at the cursor; the cursor moves down.
    pub fn paragraph(&mut self, text: &str, weight: Weight, size: f32) {
        for line in wrap(text, weight, size, PAGE_WIDTH - 2.0 * MARGIN) {
            self.ensure(size * 1.4);
            self.text(MARGIN, self.y - size, &line, weight, size);
            self.y -= size * 1.4;
        }
    }

    /// A label and its value on one line (the label in bold).
    pub fn field(&mut self, label: &str, value: &str, size: f32) {
        self.ensure(size * 1.5);
        let label_w = 150.0;
        self.text_in(
            MARGIN,
            label_w - 6.0,
            self.y - size,
            label,
            Weight::Bold,
            size,
            Align::Left,
        );
        let lines = wrap(
            value,
            Weight::Regular,
            size,
            PAGE_WIDTH - 2.0 * MARGIN - label_w,
        );
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                self.ensure(size * 1.5);
            }
            self.text(MARGIN + label_w, self.y - size, line, Weight::Regular, size);
            self.y -= size * 1.5;
        }
    }

    pub fn gap(&mut self, height: f32) {
        self.y -= height;
    }

    fn header_row(&mut self, table: &Table, widths: &[f32]) {
        let h = table.row_height;
        let total: f32 = widths.iter().sum();
        self.rect(MARGIN, self.y - h, total, h, Some(GREY), false);
        let mut x = MARGIN;
        let size = table.size.min(10.0);
        for (c, w) in table.columns.iter().zip(widths) {
            // A title wider than its column is set smaller rather than cut.
            let room = w - 2.0 * CELL_PADDING;
            let natural = text_width(&c.title, Weight::Bold, size);
            let size = if natural > room {
                (size * room / natural).max(5.0)
            } else {
                size
            };
            let baseline = self.y - h / 2.0 - size * 0.35;
            self.text_in(
                x + CELL_PADDING,
                room,
                baseline,
                &c.title,
                Weight::Bold,
                size,
                c.align,
            );
            x += w;
        }
        self.y -= h;
        self.line(MARGIN, self.y, MARGIN + total, self.y, 0.6);
    }

    /// Draws a table at the cursor. When a row does not fit, the page breaks and
    /// the header row is drawn again at the top of the next page.
    pub fn table<R: AsRef<[String]>>(&mut self, table: &Table, rows: &[R]) {
        let widths = table.widths(PAGE_WIDTH - 2.0 * MARGIN);
        let total: f32 = widths.iter().sum();
        let h = table.row_height;
        self.ensure(2.0 * h);
        self.header_row(table, &widths);
        for (i, row) in rows.iter().enumerate() {
            if self.y - h < CONTENT_BOTTOM {
                self.new_page();
                self.header_row(table, &widths);
            }
            if table.zebra && i % 2 == 1 {
                self.rect(MARGIN, self.y - h, total, h, Some(LIGHT_GREY), false);
            }
            let mut x = MARGIN;
            for ((c, w), cell) in table.columns.iter().zip(&widths).zip(row.as_ref()) {
                let size = c.size.unwrap_or(table.size);
                let baseline = self.y - h / 2.0 - size * 0.35;
                self.text_in(
                    x + CELL_PADDING,
                    w - 2.0 * CELL_PADDING,
                    baseline,
                    cell,
                    c.weight,
                    size,
                    c.align,
                );
                x += w;
            }
            self.y -= h;
        }
        self.line(MARGIN, self.y, MARGIN + total, self.y, 0.6);
    }

    /// Closes the document: numbers the pages and serialises the PDF.
    pub fn finish(mut self) -> Vec<u8> {
        let last = std::mem::take(&mut self.ops);
        self.pages.push(last);
        let n = self.pages.len();
        let mut pages = Vec::with_capacity(n);
        let footer_font = self.font(Weight::Regular);
        for (i, mut ops) in std::mem::take(&mut self.pages).into_iter().enumerate() {
            let footer = self
                .page_words
                .replace("{i}", &(i + 1).to_string())
                .replace("{n}", &n.to_string());
            let w = text_width(&footer, Weight::Regular, 8.0);
            self.used[Weight::Regular as usize].extend(footer.chars());
            ops.extend([
                Op::StartTextSection,
                Op::SetFont {
                    font: footer_font.clone(),
                    size: Pt(8.0),
                },
                Op::SetTextCursor {
                    pos: Point {
                        x: Pt(PAGE_WIDTH - MARGIN - w),
                        y: Pt(24.0),
                    },
                },
                Op::ShowText {
                    items: vec![TextItem::Text(footer)],
                },
                Op::EndTextSection,
            ]);
            pages.push(PdfPage::new(
                printpdf::Mm(PAGE_WIDTH * 25.4 / 72.0),
                printpdf::Mm(PAGE_HEIGHT * 25.4 / 72.0),
                ops,
            ));
        }
        for (weight, id) in [
            (Weight::Regular, self.regular.clone()),
            (Weight::Bold, self.bold.clone()),
        ] {
            if let Some(font) = face(weight).subset(&self.used[weight as usize]) {
                self.pdf
                    .resources
                    .fonts
                    .map
                    .insert(id, printpdf::PdfFont::new(font));
            }
        }
        self.pdf
            .with_pages(pages)
            .save(&PdfSaveOptions::default(), &mut Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_with_the_fonts_metrics() {
        let w = text_width("W", Weight::Regular, 10.0);
        let i = text_width("i", Weight::Regular, 10.0);
        assert!(w > 2.0 * i, "W is wider than i: {w} vs {i}");
        assert!(
            text_width("Łukasz Żółć", Weight::Bold, 10.0)
                > text_width("Łukasz Żółć", Weight::Regular, 10.0)
        );
        assert_eq!(text_width("", Weight::Regular, 10.0), 0.0);
    }

    #[test]
    fn fits_and_wraps() {
        let long = "Jiří Čermák ".repeat(20);
        let f = fit(&long, Weight::Regular, 10.0, 100.0);
        assert!(f.ends_with('…'));
        assert!(text_width(&f, Weight::Regular, 10.0) <= 100.0);
        let lines = wrap(&long, Weight::Regular, 10.0, 100.0);
        assert!(lines.len() > 3);
    }
}
