//! Small text helpers the tools share.

/// The most characters of an input that a message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// `text` quoted for a message, cut to its first [`EXCERPT_CHARS`] characters with `…` when
/// longer, so a huge input never makes a huge message.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}…", &text[..end]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_quoted_whole_and_long_ones_cut() {
        assert_eq!(excerpt("e5"), "\"e5\"");
        let long = "x".repeat(1000);
        let quoted = excerpt(&long);
        assert!(quoted.ends_with('…'));
        assert_eq!(quoted.chars().filter(|&c| c == 'x').count(), EXCERPT_CHARS);
    }
}
