//! Checks of the SVG pictures that every game crate's `tests/svg.rs` makes the same way:
//! well-formed XML, marks counted by their classes, coordinate labels found by their text, and
//! byte-for-byte snapshots.

use std::path::Path;

/// Parses `svg` as XML (panics if it is not well-formed, or its root is not `<svg>`) and
/// returns the `class` attribute of every element that has one, in document order.
///
/// # Panics
/// When `svg` is not well-formed XML or its root element is not `<svg>`.
pub fn classes(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter_map(|n| n.attribute("class").map(str::to_owned))
        .collect()
}

/// How many elements have every word of `words` among their classes (`"piece white man"`).
///
/// # Panics
/// As [`classes`], when `svg` is not a well-formed SVG document.
pub fn count(svg: &str, words: &str) -> usize {
    classes(svg)
        .iter()
        .filter(|c| {
            let have: Vec<&str> = c.split_whitespace().collect();
            words.split_whitespace().all(|w| have.contains(&w))
        })
        .count()
}

/// Attribute `name` of the coordinate label (class `coord`) whose text is `label`; panics when
/// the label is not drawn or has no such attribute.
///
/// # Panics
/// When `svg` is not well-formed, or the label is not drawn or has no attribute `name`.
pub fn label_attr(svg: &str, label: &str, name: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    let node = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("coord") && n.text() == Some(label))
        .unwrap_or_else(|| panic!("the label {label:?} is drawn"));
    node.attribute(name)
        .unwrap_or_else(|| panic!("the label {label:?} has {name:?}"))
        .to_owned()
}

/// The `x` of the coordinate label `label`.
///
/// # Panics
/// As [`label_attr`].
pub fn label_x(svg: &str, label: &str) -> String {
    label_attr(svg, label, "x")
}

/// Compares `svg` with the snapshot file at `path`, or rewrites the file when the environment
/// variable `UPDATE_SNAPSHOTS` is set (then look at the new picture before committing it).
///
/// # Panics
/// When the picture differs from the snapshot (the message says where), or the snapshot file
/// cannot be read or written.
pub fn snapshot(path: impl AsRef<Path>, svg: &str) {
    let path = path.as_ref();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(path, svg).expect("the snapshot is written");
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    assert!(
        expected == svg,
        "{} differs from the picture drawn now (UPDATE_SNAPSHOTS=1 rewrites it)",
        path.display()
    );
}
