//! `GET /rules/GAME`: a game's rules page (its crate's `RULES.md`, as the library carries it)
//! rendered from Markdown to HTML on the server.
//!
//! The text is ours, but it is rendered as if it were not: raw HTML in it is shown as text,
//! links other than `http`, `https` and fragments lose their target, and images are left out
//! (the page's CSP would refuse them anyway), so no Markdown can put a script or a foreign
//! request on the page.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};

use super::ApiError;
use crate::table;

/// Whether a link's target may stay on the page.
fn safe_link(dest: &str) -> bool {
    let lower = dest.trim().to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with('#')
}

/// `markdown` as HTML, with raw HTML escaped, unsafe links unlinked and images left out.
pub(crate) fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Whether each open link kept its tag, so that its end matches.
    let mut links: Vec<bool> = Vec::new();
    let mut in_image = 0usize;
    let events = Parser::new_ext(markdown, options).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Image { .. }) => {
            in_image += 1;
            None
        }
        Event::End(TagEnd::Image) => {
            in_image = in_image.saturating_sub(1);
            None
        }
        _ if in_image > 0 => None,
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let keep = safe_link(&dest_url);
            links.push(keep);
            keep.then_some(Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }))
        }
        Event::End(TagEnd::Link) => {
            let keep = links.pop().unwrap_or(false);
            keep.then_some(Event::End(TagEnd::Link))
        }
        Event::InlineMath(text) | Event::DisplayMath(text) => Some(Event::Code(text)),
        other => Some(other),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// Text for an HTML document's title or heading, escaped as the pictures' text is.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    boardrules::game_core::svg::escape_into(&mut out, text);
    out
}

/// The rules page of `game`, or 404.
pub(crate) async fn page(Path(game): Path<String>) -> Result<Response, ApiError> {
    let info = table::info_of(&game)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such game"))?;
    let title = escape(info.title);
    let body = to_html(info.rules);
    let page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}: rules — boardrules</title>\n\
         <link rel=\"stylesheet\" href=\"/static/app.css\">\n\
         <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n</head>\n<body>\n\
         <header class=\"top\"><a href=\"/\">boardrules</a><span class=\"sub\">{title}: the rules</span></header>\n\
         <main><article class=\"panel rules\">\n{body}</article>\n\
         <p><a class=\"button\" href=\"/?game={name}\">Play {title}</a></p></main>\n</body>\n</html>\n",
        name = escape(info.name),
    );
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        page,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_shown_as_text() {
        let html = to_html("# Title\n\n<script>alert(1)</script>\n\nA <b onclick=x>b</b>.\n");
        assert!(html.contains("<h1>Title</h1>"));
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(!html.contains("<b "), "{html}");
    }

    #[test]
    fn only_web_links_keep_their_target() {
        let html = to_html(
            "[a](https://example.org) [b](javascript:alert(1)) [c](#rules) ![i](x.png) [d](../x.md)",
        );
        assert!(
            html.contains("<a href=\"https://example.org\">a</a>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"#rules\">c</a>"), "{html}");
        assert!(!html.contains("javascript"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("x.md"), "{html}");
        assert!(html.contains(" b "), "{html}");
    }

    #[test]
    fn every_game_has_a_rules_page_with_its_tables() {
        for game in table::info() {
            let html = to_html(game.rules);
            assert!(
                html.contains("<h1>") || html.contains("<h2>"),
                "{}",
                game.name
            );
            assert!(!html.contains("<script"), "{}", game.name);
        }
    }
}
