//! What every game's picture shares: a small SVG document writer, the default size, the
//! colours and fonts of one consistent look, and labels for coordinates on the board's edges.
//!
//! The game crates draw their boards with it (`Position::to_svg`); this module knows no game.
//! The writer escapes every attribute value and text, refuses nothing, and always produces a
//! well-formed XML document: an element left without an explicit end is closed when it is
//! dropped, and [`SvgWriter::finish`] closes whatever groups are still open. Numbers are
//! written with a fixed format ([`number`]), so the same picture is always the same bytes.
//!
//! Pictures are drawn in user units of the `viewBox`; the size in pixels is only the `width`
//! and `height` attributes of the document, so a picture scales without changing its drawing.
//!
//! ```
//! use game_core::svg::{SvgWriter, PALETTE};
//!
//! let mut svg = SvgWriter::new(200, 100.0, 50.0, "A <small> example");
//! svg.element("rect")
//!     .attr("width", 100.0)
//!     .attr("height", 50.0)
//!     .attr("fill", PALETTE.board);
//! svg.element("text").attr("x", 10).attr("y", 30).text("a & b");
//! let text = svg.finish();
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(text.contains("width=\"200\" height=\"100\""));
//! assert!(text.contains("<title>A &lt;small&gt; example</title>"));
//! assert!(text.contains(">a &amp; b</text>"));
//! assert!(text.ends_with("</svg>\n"));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

/// The width of a picture in pixels when the caller does not choose one.
pub const DEFAULT_SIZE: u32 = 400;

/// The smallest width in pixels a picture is given (a width of 0 would draw nothing).
pub const MIN_SIZE: u32 = 1;

/// The colours and fonts of the pictures of every game, so that all five look alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The board of the games played on points (Kvarn3, Sundraval, Svendo): light wood.
    pub board: &'static str,
    /// The light squares of the square boards (draughts, Cheversi).
    pub light_square: &'static str,
    /// The dark squares of the square boards.
    pub dark_square: &'static str,
    /// The board's lines and outlines.
    pub line: &'static str,
    /// The frame around the board, where the coordinates stand.
    pub frame: &'static str,
    /// The coordinates on the edges.
    pub coordinate: &'static str,
    /// The font family of every text.
    pub font: &'static str,
    /// The mark of the last move (a tint on squares, a ring on points).
    pub last_move: &'static str,
    /// The mark of a highlighted point or square (a dot, as a GUI shows legal moves).
    pub highlight: &'static str,
    /// The mark of a captured piece or a dead stone (a cross).
    pub capture: &'static str,
    /// The mark of the points that won the game (Kvarn3's mill, Svendo's winning line): a
    /// thick ring around each stone, unlike a highlight's dot, so a page's hints never look
    /// like it.
    pub winning: &'static str,
    /// A white piece or stone.
    pub white: &'static str,
    /// A black piece or stone.
    pub black: &'static str,
    /// The outline of a stone or piece.
    pub outline: &'static str,
}

/// The one look of every game's picture.
pub const PALETTE: Palette = Palette {
    board: "#e6c27a",
    light_square: "#f0d9b5",
    dark_square: "#b58863",
    line: "#4a3520",
    frame: "#fbf6ec",
    coordinate: "#333333",
    font: "DejaVu Sans, Verdana, Arial, sans-serif",
    last_move: "#2a7fff",
    highlight: "#8e44ad",
    capture: "#d0202a",
    winning: "#e8a400",
    white: "#fafafa",
    black: "#202020",
    outline: "#101010",
};

/// A number as the pictures write it: at most two decimals, no trailing zeros, no `-0`.
///
/// ```
/// assert_eq!(game_core::svg::number(12.0), "12");
/// assert_eq!(game_core::svg::number(0.126), "0.13");
/// assert_eq!(game_core::svg::number(-0.001), "0");
/// assert_eq!(game_core::svg::number(2.5), "2.5");
/// ```
pub fn number(value: f64) -> String {
    let mut text = String::new();
    write_number(&mut text, value);
    text
}

/// Appends [`number`]`(value)` to `out`; a value that is not finite is written as 0.
fn write_number(out: &mut String, value: f64) {
    let value = if value.is_finite() { value } else { 0.0 };
    let mut text = alloc::format!("{value:.2}");
    if text.contains('.') {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with('.') {
            text.pop();
        }
    }
    if text == "-0" {
        text = String::from("0");
    }
    out.push_str(&text);
}

/// Appends `text` to `out` with the XML special characters escaped, for both attribute values
/// and text content. Characters XML 1.0 does not allow (most control characters) become
/// U+FFFD, so any text at all makes a well-formed document.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// A value an attribute can take: text (escaped) or a number (in the fixed format).
pub trait AttrValue {
    /// Appends the value, escaped, to `out`.
    fn write_value(&self, out: &mut String);
}

impl AttrValue for &str {
    fn write_value(&self, out: &mut String) {
        escape_into(out, self);
    }
}

impl AttrValue for String {
    fn write_value(&self, out: &mut String) {
        escape_into(out, self);
    }
}

impl AttrValue for f64 {
    fn write_value(&self, out: &mut String) {
        write_number(out, *self);
    }
}

macro_rules! integer_attr {
    ($($t:ty),*) => {$(
        impl AttrValue for $t {
            fn write_value(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
integer_attr!(u32, i32, usize);

/// Whether `name` is a plain XML name as the pictures use them (letters, digits, `-`, `:`).
fn is_plain_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':' || c == '_')
}

/// Writes one standalone SVG document: the `<svg>` root with its size and `viewBox`, then
/// elements and groups in order.
#[derive(Debug)]
pub struct SvgWriter {
    /// The document so far.
    out: String,
    /// The names of the groups opened and not yet closed, innermost last.
    open: Vec<&'static str>,
}

impl SvgWriter {
    /// Starts a document `width_px` pixels wide (at least [`MIN_SIZE`]) whose drawing spans
    /// `view_width` × `view_height` user units from the origin; the height in pixels keeps the
    /// drawing's proportions. `title` becomes the document's `<title>` (viewers show it as a
    /// tooltip; screen readers read it).
    pub fn new(width_px: u32, view_width: f64, view_height: f64, title: &str) -> SvgWriter {
        let width_px = width_px.max(MIN_SIZE);
        let height_px = if view_width > 0.0 {
            crate::math::round(f64::from(width_px) * view_height / view_width)
        } else {
            f64::from(width_px)
        };
        let mut writer = SvgWriter {
            out: String::with_capacity(8192),
            open: Vec::new(),
        };
        writer
            .element("svg")
            .attr("xmlns", "http://www.w3.org/2000/svg")
            .attr("version", "1.1")
            .attr("width", width_px)
            .attr("height", height_px.max(1.0))
            .attr(
                "viewBox",
                alloc::format!("0 0 {} {}", number(view_width), number(view_height)),
            )
            .attr("font-family", PALETTE.font)
            .open();
        writer.out.push('\n');
        writer.element("title").text(title);
        writer.out.push('\n');
        writer
    }

    /// Starts an element named `name` (a plain name the program chose, such as `rect`); add
    /// attributes to the returned [`Element`], then end it with [`Element::text`] or
    /// [`Element::open`], or let it drop to make it an empty element (`<rect … />`).
    pub fn element(&mut self, name: &'static str) -> Element<'_> {
        debug_assert!(is_plain_name(name), "element name {name:?}");
        let name = if is_plain_name(name) { name } else { "g" };
        self.out.push('<');
        self.out.push_str(name);
        Element {
            writer: self,
            name,
            ended: false,
        }
    }

    /// Opens a group `<g class="…">` that holds the elements written until [`SvgWriter::close`].
    pub fn group(&mut self, class: &str) {
        self.element("g").attr("class", class).open();
    }

    /// Closes the innermost open group or element (none: nothing happens; the root `<svg>`
    /// stays open until [`SvgWriter::finish`]).
    pub fn close(&mut self) {
        if self.open.len() > 1 {
            if let Some(name) = self.open.pop() {
                self.out.push_str("</");
                self.out.push_str(name);
                self.out.push_str(">\n");
            }
        }
    }

    /// Closes every open group and the root, and returns the document.
    pub fn finish(mut self) -> String {
        while let Some(name) = self.open.pop() {
            self.out.push_str("</");
            self.out.push_str(name);
            self.out.push_str(">\n");
        }
        self.out
    }

    /// A coordinate label centred on (`x`, `y`) in the coordinates' colour and font:
    /// `class="coord"` so tools can find the labels.
    pub fn coordinate(&mut self, x: f64, y: f64, font_size: f64, label: &str) {
        self.label(x, y, font_size, PALETTE.coordinate, "coord", label);
    }

    /// A filled rectangle with the given class.
    pub fn rect(&mut self, class: &str, x: f64, y: f64, width: f64, height: f64, fill: &str) {
        self.element("rect")
            .attr("class", class)
            .attr("x", x)
            .attr("y", y)
            .attr("width", width)
            .attr("height", height)
            .attr("fill", fill);
    }

    /// The outline of a square board of side `side` from (`x`, `y`): a frame in the lines'
    /// colour around the squares.
    pub fn board_outline(&mut self, x: f64, y: f64, side: f64) {
        self.element("rect")
            .attr("x", x)
            .attr("y", y)
            .attr("width", side)
            .attr("height", side)
            .attr("fill", "none")
            .attr("stroke", PALETTE.line)
            .attr("stroke-width", 3.0);
    }

    /// A straight line from (`x1`, `y1`) to (`x2`, `y2`) with round ends.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, width: f64, colour: &str) {
        self.element("line")
            .attr("x1", x1)
            .attr("y1", y1)
            .attr("x2", x2)
            .attr("y2", y2)
            .attr("stroke", colour)
            .attr("stroke-width", width)
            .attr("stroke-linecap", "round");
    }

    /// A stone or round piece: a disc of `fill` with the palette's outline.
    pub fn stone(&mut self, class: &str, x: f64, y: f64, radius: f64, fill: &str) {
        self.element("circle")
            .attr("class", class)
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", radius)
            .attr("fill", fill)
            .attr("stroke", PALETTE.outline)
            .attr("stroke-width", radius * 0.08);
    }

    /// A ring (an unfilled circle) of stroke `width`, as the last-move mark on a point.
    pub fn ring(&mut self, class: &str, x: f64, y: f64, radius: f64, width: f64, colour: &str) {
        self.element("circle")
            .attr("class", class)
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", radius)
            .attr("fill", "none")
            .attr("stroke", colour)
            .attr("stroke-width", width);
    }

    /// A small filled disc without outline, slightly transparent, as a highlight.
    pub fn dot(&mut self, class: &str, x: f64, y: f64, radius: f64, colour: &str) {
        self.element("circle")
            .attr("class", class)
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", radius)
            .attr("fill", colour)
            .attr("fill-opacity", 0.85);
    }

    /// A cross (×) centred on (`x`, `y`), `half` from the centre to each arm's end, as the
    /// mark of a captured piece or a dead stone.
    pub fn cross(&mut self, class: &str, x: f64, y: f64, half: f64, width: f64, colour: &str) {
        let d = alloc::format!(
            "M{} {}L{} {}M{} {}L{} {}",
            number(x - half),
            number(y - half),
            number(x + half),
            number(y + half),
            number(x - half),
            number(y + half),
            number(x + half),
            number(y - half)
        );
        self.element("path")
            .attr("class", class)
            .attr("d", d)
            .attr("fill", "none")
            .attr("stroke", colour)
            .attr("stroke-width", width)
            .attr("stroke-linecap", "round");
    }

    /// The hit area of the point named `name`: a circle of `radius` around (`x`, `y`), of
    /// class `hit` with `data-point="name"`, filled `transparent` (invisible, but it takes
    /// clicks, and a page's CSS can fill it). See `Describe::to_svg` for the contract.
    pub fn hit_circle(&mut self, name: &str, x: f64, y: f64, radius: f64) {
        self.element("circle")
            .attr("class", "hit")
            .attr("data-point", name)
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", radius)
            .attr("fill", "transparent");
    }

    /// The hit area of the square named `name`: the square of side `side` from (`x`, `y`), of
    /// class `hit` with `data-point="name"`, filled `transparent` as [`SvgWriter::hit_circle`].
    pub fn hit_square(&mut self, name: &str, x: f64, y: f64, side: f64) {
        self.element("rect")
            .attr("class", "hit")
            .attr("data-point", name)
            .attr("x", x)
            .attr("y", y)
            .attr("width", side)
            .attr("height", side)
            .attr("fill", "transparent");
    }

    /// A text centred on (`x`, `y`): horizontally by its anchor, vertically by a shift of a
    /// third of the font size (which every renderer understands, unlike `dominant-baseline`).
    pub fn label(&mut self, x: f64, y: f64, font_size: f64, fill: &str, class: &str, text: &str) {
        self.element("text")
            .attr("class", class)
            .attr("x", x)
            .attr("y", y + font_size * 0.35)
            .attr("font-size", font_size)
            .attr("text-anchor", "middle")
            .attr("fill", fill)
            .text(text);
    }
}

/// An element being written; see [`SvgWriter::element`].
#[derive(Debug)]
pub struct Element<'w> {
    /// The document it is written into.
    writer: &'w mut SvgWriter,
    /// Its name, for the end tag.
    name: &'static str,
    /// Whether its start tag has been ended already.
    ended: bool,
}

impl Element<'_> {
    /// Adds the attribute `name="value"` (the value escaped; `name` is a plain name the
    /// program chose).
    pub fn attr(self, name: &str, value: impl AttrValue) -> Self {
        debug_assert!(is_plain_name(name), "attribute name {name:?}");
        if is_plain_name(name) {
            let out = &mut self.writer.out;
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            value.write_value(out);
            out.push('"');
        }
        self
    }

    /// Ends the element with `text` (escaped) as its content: `<text …>text</text>`.
    pub fn text(mut self, text: &str) {
        let out = &mut self.writer.out;
        out.push('>');
        escape_into(out, text);
        out.push_str("</");
        out.push_str(self.name);
        out.push_str(">\n");
        self.ended = true;
    }

    /// Leaves the element open, so that the next elements are its children, until
    /// [`SvgWriter::close`] (or [`SvgWriter::finish`]).
    pub fn open(mut self) {
        self.writer.out.push('>');
        self.writer.open.push(self.name);
        self.ended = true;
    }
}

impl Drop for Element<'_> {
    /// An element not ended otherwise is an empty element.
    fn drop(&mut self) {
        if !self.ended {
            self.writer.out.push_str("/>\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_fixed_form() {
        assert_eq!(number(0.0), "0");
        assert_eq!(number(-3.0), "-3");
        assert_eq!(number(1.005e3), "1005");
        assert_eq!(number(33.333_33), "33.33");
        assert_eq!(number(f64::NAN), "0");
        assert_eq!(number(-0.004), "0");
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let mut svg = SvgWriter::new(10, 1.0, 1.0, "t");
        svg.element("text")
            .attr("class", "a\"b<c>&'")
            .text("<&>\u{1}\"");
        let doc = svg.finish();
        assert!(doc.contains("class=\"a&quot;b&lt;c&gt;&amp;&apos;\""));
        assert!(doc.contains(">&lt;&amp;&gt;\u{FFFD}&quot;</text>"));
    }

    #[test]
    fn open_groups_are_closed_at_the_end_and_close_keeps_the_root() {
        let mut svg = SvgWriter::new(10, 1.0, 1.0, "t");
        svg.group("outer");
        svg.group("inner");
        svg.close();
        svg.close();
        svg.close(); // the root stays open
        svg.group("last");
        svg.element("circle").attr("r", 1);
        let doc = svg.finish();
        assert!(doc.ends_with("<circle r=\"1\"/>\n</g>\n</svg>\n"), "{doc}");
        assert_eq!(doc.matches("<g ").count(), doc.matches("</g>").count());
    }

    #[test]
    fn the_height_keeps_the_proportions_and_the_width_is_at_least_one() {
        let doc = SvgWriter::new(400, 200.0, 100.0, "t").finish();
        assert!(doc.contains("width=\"400\" height=\"200\""));
        let doc = SvgWriter::new(0, 200.0, 100.0, "t").finish();
        assert!(doc.contains("width=\"1\" height=\"1\""));
    }
}
