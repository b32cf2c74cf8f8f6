//! The demo page's safe Markdown renderer (cargo feature `markdown`, built into `dist/site/markdown/`).
//!
//! [`render_safe`] turns the agent's Markdown (Q&A answers, readings, lookup summaries) into HTML that
//! can be put into a page with `innerHTML` without running anything:
//!
//! - CommonMark by `pulldown-cmark`, with tables and strikethrough.
//! - Raw HTML (`Html` and `InlineHtml` events) is shown as escaped text, never passed through.
//! - Links are kept only when a WHATWG URL parser (the `url` crate) gives `http`, `https` or `mailto`;
//!   relative links are resolved against a dummy `https` base first and kept as written. Images are
//!   kept only for `http` and `https`. Anything else (`javascript:`, `data:`, `vbscript:`, entity-encoded
//!   or mixed-case schemes) is rendered as its plain text.
//! - Every `<a>` made from a Markdown link gets `rel="noopener noreferrer"`.
//! - Table column alignment is a class (`align-left`, `align-center`, `align-right`), never a `style`
//!   attribute, so the page's CSP can refuse inline styles.
//! - `[^n]` footnote markers (the agent's citation markers, n = citation index + 1) become
//!   `<sup class="fn"><a href="#cite-n" id="ref-n">n</a></sup>`; a repeated marker gets
//!   `id="ref-n-2"`, `ref-n-3`, … so ids stay unique.
//!
//! Every attribute value and every piece of text is escaped here or by `pulldown-cmark`'s writer;
//! the only markup that appears is the markup this module or the writer emits itself.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::HashMap;

use pulldown_cmark::{html, Alignment, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};
use url::Url;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

/// Schemes a link may have.
const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];
/// Schemes an image may have (a `mailto:` image makes no sense).
const IMAGE_SCHEMES: [&str; 2] = ["http", "https"];
/// The base relative links are resolved against to learn their scheme; never emitted.
const DUMMY_BASE: &str = "https://relative.invalid/";
/// The host of [`DUMMY_BASE`].
const DUMMY_HOST: &str = "relative.invalid";
/// Footnote numbers above this are left as text (the agent cites far fewer documents).
const MAX_FOOTNOTE: u32 = 9999;

/// Renders `markdown` to HTML that is safe to insert into a page (see the module docs).
///
/// Never panics, whatever the input.
pub fn render_safe(markdown: &str) -> String {
    let parser = Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    );
    let mut sanitizer = Sanitizer::default();
    for event in parser {
        sanitizer.push(event);
    }
    sanitizer.flush_text();
    let mut out = String::with_capacity(markdown.len().saturating_add(markdown.len() / 2));
    html::push_html(&mut out, sanitizer.out.into_iter());
    out
}

/// The page's entry point: `renderMarkdown(markdown) -> html`, same as [`render_safe`].
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(js_name = renderMarkdown)]
pub fn render_markdown(markdown: &str) -> String {
    render_safe(markdown)
}

/// Rewrites the parser's events into safe ones.
#[derive(Default)]
struct Sanitizer<'a> {
    out: Vec<Event<'a>>,
    /// Consecutive text (and raw HTML turned into text), merged so `[^1]` split by the parser is seen whole.
    text: String,
    in_code_block: bool,
    /// For each open link: whether its `<a>` was emitted.
    links: Vec<bool>,
    /// For each open image: whether it was kept (its alt text then goes into an attribute).
    images: Vec<bool>,
    /// How often each footnote number was seen, for unique ids.
    footnotes: HashMap<u32, u32>,
    /// The column alignments of the open table.
    alignments: Vec<Alignment>,
    in_table_head: bool,
    /// The column of the next table cell.
    column: usize,
}

impl<'a> Sanitizer<'a> {
    fn push(&mut self, event: Event<'a>) {
        match event {
            Event::Text(text) => {
                if self.in_code_block {
                    self.flush_text();
                    self.out.push(Event::Text(text));
                } else {
                    self.text.push_str(&text);
                }
            }
            // Raw HTML is shown, not interpreted.
            Event::Html(html) | Event::InlineHtml(html) => self.text.push_str(&html),
            // A raw HTML block becomes a paragraph of its text.
            Event::Start(Tag::HtmlBlock) => {
                self.flush_text();
                self.out.push(Event::Start(Tag::Paragraph));
            }
            Event::End(TagEnd::HtmlBlock) => {
                self.flush_text();
                self.out.push(Event::End(TagEnd::Paragraph));
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                self.flush_text();
                self.in_code_block = true;
                self.out.push(Event::Start(Tag::CodeBlock(kind)));
            }
            Event::End(TagEnd::CodeBlock) => {
                self.flush_text();
                self.in_code_block = false;
                self.out.push(Event::End(TagEnd::CodeBlock));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                ..
            }) => {
                self.flush_text();
                let target = if link_type == LinkType::Email {
                    format!("mailto:{dest_url}")
                } else {
                    dest_url.to_string()
                };
                // No <a> inside an image's alt text (it would be escaped into the attribute anyway).
                let href = if self.in_kept_image() {
                    None
                } else {
                    checked_url(&target, &LINK_SCHEMES)
                };
                match href {
                    Some(href) => {
                        let mut tag = String::with_capacity(href.len() + title.len() + 48);
                        tag.push_str("<a href=\"");
                        push_escaped(&mut tag, &href);
                        tag.push('"');
                        if !title.is_empty() {
                            tag.push_str(" title=\"");
                            push_escaped(&mut tag, &title);
                            tag.push('"');
                        }
                        tag.push_str(" rel=\"noopener noreferrer\">");
                        self.out.push(Event::InlineHtml(CowStr::from(tag)));
                        self.links.push(true);
                    }
                    None => self.links.push(false),
                }
            }
            Event::End(TagEnd::Link) => {
                self.flush_text();
                if self.links.pop().unwrap_or(false) {
                    self.out.push(Event::InlineHtml(CowStr::Borrowed("</a>")));
                }
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                self.flush_text();
                match checked_url(&dest_url, &IMAGE_SCHEMES) {
                    Some(src) if !self.in_kept_image() => {
                        self.out.push(Event::Start(Tag::Image {
                            link_type,
                            dest_url: CowStr::from(src),
                            title,
                            id,
                        }));
                        self.images.push(true);
                    }
                    // Refused: its alt text is rendered as ordinary inline content.
                    _ => self.images.push(false),
                }
            }
            Event::End(TagEnd::Image) => {
                self.flush_text();
                if self.images.pop().unwrap_or(false) {
                    self.out.push(Event::End(TagEnd::Image));
                }
            }
            Event::Start(Tag::Table(alignments)) => {
                self.flush_text();
                self.alignments = alignments;
                self.raw("<table>\n");
            }
            Event::End(TagEnd::Table) => {
                self.flush_text();
                self.alignments.clear();
                self.raw("</tbody>\n</table>\n");
            }
            Event::Start(Tag::TableHead) => {
                self.flush_text();
                self.in_table_head = true;
                self.column = 0;
                self.raw("<thead>\n<tr>");
            }
            Event::End(TagEnd::TableHead) => {
                self.flush_text();
                self.in_table_head = false;
                self.raw("</tr>\n</thead>\n<tbody>\n");
            }
            Event::Start(Tag::TableRow) => {
                self.flush_text();
                self.column = 0;
                self.raw("<tr>");
            }
            Event::End(TagEnd::TableRow) => {
                self.flush_text();
                self.raw("</tr>\n");
            }
            Event::Start(Tag::TableCell) => {
                self.flush_text();
                let cell = if self.in_table_head { "th" } else { "td" };
                let class = match self.alignments.get(self.column) {
                    Some(Alignment::Left) => " class=\"align-left\"",
                    Some(Alignment::Center) => " class=\"align-center\"",
                    Some(Alignment::Right) => " class=\"align-right\"",
                    Some(Alignment::None) | None => "",
                };
                self.column = self.column.saturating_add(1);
                self.out
                    .push(Event::InlineHtml(CowStr::from(format!("<{cell}{class}>"))));
            }
            Event::End(TagEnd::TableCell) => {
                self.flush_text();
                let cell = if self.in_table_head { "</th>" } else { "</td>" };
                self.raw(cell);
            }
            other => {
                self.flush_text();
                self.out.push(other);
            }
        }
    }

    /// Emits markup of this module's own.
    fn raw(&mut self, html: &'static str) {
        self.out.push(Event::InlineHtml(CowStr::Borrowed(html)));
    }

    fn in_kept_image(&self) -> bool {
        self.images.iter().any(|&kept| kept)
    }

    fn in_kept_link(&self) -> bool {
        self.links.iter().any(|&kept| kept)
    }

    /// Emits the pending text, with `[^n]` markers turned into footnote links where an `<a>` may go.
    fn flush_text(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.text);
        if self.in_kept_link() || self.in_kept_image() {
            self.out.push(Event::Text(CowStr::from(text)));
            return;
        }
        let mut rest = text.as_str();
        let mut plain = String::new();
        while let Some(pos) = rest.find("[^") {
            let Some((before, from)) = rest.split_at_checked(pos) else {
                break;
            };
            plain.push_str(before);
            let after = from.get(2..).unwrap_or_default();
            match footnote_number(after) {
                Some((number, consumed)) => {
                    if !plain.is_empty() {
                        self.out
                            .push(Event::Text(CowStr::from(std::mem::take(&mut plain))));
                    }
                    let seen = self.footnotes.entry(number).or_insert(0);
                    *seen = seen.saturating_add(1);
                    let id = if *seen == 1 {
                        format!("ref-{number}")
                    } else {
                        format!("ref-{number}-{seen}")
                    };
                    self.out.push(Event::InlineHtml(CowStr::from(format!(
                        "<sup class=\"fn\"><a href=\"#cite-{number}\" id=\"{id}\">{number}</a></sup>"
                    ))));
                    rest = after.get(consumed..).unwrap_or_default();
                }
                None => {
                    plain.push_str("[^");
                    rest = after;
                }
            }
        }
        plain.push_str(rest);
        if !plain.is_empty() {
            self.out.push(Event::Text(CowStr::from(plain)));
        }
    }
}

/// `after` is what follows `[^`: returns the number and the bytes up to and including `]`.
fn footnote_number(after: &str) -> Option<(u32, usize)> {
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 || after.as_bytes().get(digits) != Some(&b']') {
        return None;
    }
    let number: u32 = after.get(..digits)?.parse().ok()?;
    (1..=MAX_FOOTNOTE)
        .contains(&number)
        .then_some((number, digits + 1))
}

/// The URL to emit for `dest` when its scheme is one of `schemes`, else `None`.
///
/// Absolute URLs are emitted as the parser serialises them (scheme lower-cased, tabs and newlines
/// removed, as a browser would). A relative URL (no scheme) is resolved against a dummy `https` base to
/// check it, and kept as written: the browser resolves it against the page, which is http(s).
fn checked_url(dest: &str, schemes: &[&str]) -> Option<String> {
    match Url::parse(dest) {
        Ok(url) => schemes.contains(&url.scheme()).then(|| String::from(url)),
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            let joined = Url::parse(DUMMY_BASE).ok()?.join(dest).ok()?;
            if !schemes.contains(&joined.scheme()) {
                return None;
            }
            // A scheme-relative URL (`//host/…`) is emitted absolute; a path or fragment as written.
            Some(if joined.host_str() == Some(DUMMY_HOST) {
                dest.trim().to_owned()
            } else {
                String::from(joined)
            })
        }
        Err(_) => None,
    }
}

/// Appends `text` escaped for an HTML attribute value in double quotes (or for text).
fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `href`/`src` value of the tags in `html` (escaped text has no `<`, so it is skipped).
    fn urls(html: &str) -> Vec<String> {
        let mut found = Vec::new();
        for tag in tags(html) {
            for attr in ["href=\"", "src=\""] {
                if let Some(pos) = tag.find(attr) {
                    let value = &tag[pos + attr.len()..];
                    found.push(value[..value.find('"').unwrap()].to_owned());
                }
            }
        }
        found
    }

    /// The tags of `html`, `<` to `>`.
    fn tags(html: &str) -> Vec<&str> {
        let mut found = Vec::new();
        let mut rest = html;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').map_or(rest.len(), |e| start + e);
            found.push(&rest[start..end]);
            rest = &rest[end..];
        }
        found
    }

    /// What a browser takes as the scheme of `url`, if it has one.
    fn scheme(url: &str) -> Option<String> {
        let cleaned: String = url
            .trim_matches(|c: char| c <= ' ')
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let (scheme, _) = cleaned.split_once(':')?;
        let mut chars = scheme.chars();
        let first = chars.next()?;
        (first.is_ascii_alphabetic()
            && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)))
        .then(|| scheme.to_ascii_lowercase())
    }

    /// No tag from the input survived: only tags this renderer or pulldown-cmark emit.
    fn assert_inert(html: &str) {
        let lower = html.to_ascii_lowercase();
        assert!(!lower.contains("<script"), "{html}");
        assert!(!lower.contains("<iframe"), "{html}");
        assert!(!lower.contains("<svg"), "{html}");
        assert!(!lower.contains("<style"), "{html}");
        // An event handler attribute can only appear inside a tag: look at tags only.
        for tag in tags(&lower) {
            // Attribute names only: drop the quoted values (quotes inside them are escaped).
            let names: String = tag.split('"').step_by(2).collect();
            let tag = names.as_str();
            assert!(!tag.contains(" on"), "event handler in {tag:?} of {html}");
            assert!(!tag.contains("style="), "style in {tag:?} of {html}");
        }
        for url in urls(html) {
            if let Some(scheme) = scheme(&url) {
                assert!(
                    ["http", "https", "mailto"].contains(&scheme.as_str()),
                    "unsafe url {url:?} in {html}"
                );
            }
        }
    }

    #[test]
    fn plain_markdown_renders() {
        let html =
            render_safe("# Grace\n\nGrace is *favour*, **free** and ~~earned~~ `undeserved`.\n");
        assert!(html.contains("<h1>Grace</h1>"), "{html}");
        assert!(html.contains("<em>favour</em>"), "{html}");
        assert!(html.contains("<strong>free</strong>"), "{html}");
        assert!(html.contains("<del>earned</del>"), "{html}");
        assert!(html.contains("<code>undeserved</code>"), "{html}");
    }

    #[test]
    fn script_tags_are_escaped() {
        for input in [
            "<script>window.__pwned=1</script>",
            "Hello <script>window.__pwned=1</script> world",
            "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
            "<div>\n<script>alert(1)</script>\n</div>",
            "<scr<script>ipt>alert(1)</script>",
        ] {
            let html = render_safe(input);
            assert_inert(&html);
            assert!(html.contains("&lt;"), "{input:?} → {html}");
        }
        let html = render_safe("<script>window.__pwned=1</script>");
        assert_eq!(
            html,
            "<p>&lt;script&gt;window.__pwned=1&lt;/script&gt;</p>\n"
        );
    }

    #[test]
    fn img_onerror_is_escaped() {
        for input in [
            "<img src=x onerror=\"window.__pwned=1\">",
            "text <img src=x onerror=alert(1)> text",
            "<a href=\"javascript:alert(1)\" onclick=\"x()\">x</a>",
            "<svg onload=alert(1)>",
            "<iframe src=\"javascript:alert(1)\"></iframe>",
            "<p style=\"background:url(javascript:alert(1))\">x</p>",
        ] {
            let html = render_safe(input);
            assert_inert(&html);
        }
        // The markdown image syntax cannot add attributes either.
        let html = render_safe(
            "![x\" onerror=\"alert(1)](https://example.org/a.png \"t\\\" onload=\\\"x\")",
        );
        assert_inert(&html);
        assert!(
            html.contains("<img src=\"https://example.org/a.png\""),
            "{html}"
        );
    }

    #[test]
    fn dangerous_link_schemes_become_text() {
        for input in [
            "[x](javascript:window.__pwned=1)",
            "[x](JaVaScRiPt:alert(1))",
            "[x](  javascript:alert(1))",
            "[x](java\tscript:alert(1))",
            "[x](javascript&#58;alert(1))",
            "[x](javascript&colon;alert(1))",
            "[x](&#106;avascript:alert(1))",
            "[x](&#x6A;&#x61;vascript:alert(1))",
            "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
            "[x](vbscript:msgbox(1))",
            "[x](VBScript:msgbox(1))",
            "[x](file:///etc/passwd)",
            "<javascript:alert(1)>",
            "[x][r]\n\n[r]: javascript:alert(1)",
            "[x](<javascript:alert(1)>)",
            "[x](\u{0}javascript:alert(1))",
        ] {
            let html = render_safe(input);
            assert_inert(&html);
            assert!(!html.contains("<a "), "{input:?} → {html}");
        }
        assert_eq!(
            render_safe("[x](javascript:window.__pwned=1)"),
            "<p>x</p>\n"
        );
        // Not a scheme for a URL parser (`%` cannot be in one): a relative path, kept as such.
        let html = render_safe("[x](java%73cript:alert(1))");
        assert_eq!(
            html,
            "<p><a href=\"java%73cript:alert(1)\" rel=\"noopener noreferrer\">x</a></p>\n"
        );
        // A dangerous image becomes its alt text.
        for input in [
            "![alt](javascript:alert(1))",
            "![alt](data:image/svg+xml;base64,PHN2Zz4=)",
            "![alt](mailto:a@example.org)",
        ] {
            let html = render_safe(input);
            assert_eq!(html, "<p>alt</p>\n", "{input:?}");
        }
    }

    #[test]
    fn safe_links_are_kept_with_rel() {
        let html =
            render_safe("[Rerum Novarum](https://www.vatican.va/rn.html \"Leo \\\"XIII\\\"\")");
        assert_eq!(
            html,
            "<p><a href=\"https://www.vatican.va/rn.html\" title=\"Leo &quot;XIII&quot;\" \
             rel=\"noopener noreferrer\">Rerum Novarum</a></p>\n"
        );
        let html = render_safe("[a](HTTP://Example.org) [b](mailto:x@example.org) <y@example.org> <https://e.org/?a=1&b=\"2\">");
        assert!(
            html.contains("<a href=\"http://example.org/\" rel=\"noopener noreferrer\">a</a>"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"mailto:x@example.org\" rel=\"noopener noreferrer\">b</a>"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"mailto:y@example.org\" rel=\"noopener noreferrer\">"),
            "{html}"
        );
        assert!(
            html.contains("href=\"https://e.org/?a=1&amp;b=%222%22\""),
            "{html}"
        );
        assert_eq!(html.matches("<a ").count(), 4, "{html}");
        assert_eq!(
            html.matches("rel=\"noopener noreferrer\"").count(),
            4,
            "{html}"
        );
        // Relative links are kept as written.
        let html = render_safe("[top](#cite-1) [doc](/docs/rn) [proto](//example.org/x)");
        assert!(html.contains("href=\"#cite-1\""), "{html}");
        assert!(html.contains("href=\"/docs/rn\""), "{html}");
        assert!(html.contains("href=\"https://example.org/x\""), "{html}");
        assert_inert(&html);
    }

    #[test]
    fn footnote_markers_link_to_citations() {
        let html = render_safe("Work has dignity.[^1] So does rest[^2][^1].");
        assert_eq!(
            html,
            "<p>Work has dignity.<sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1\">1</a></sup> So does rest\
             <sup class=\"fn\"><a href=\"#cite-2\" id=\"ref-2\">2</a></sup>\
             <sup class=\"fn\"><a href=\"#cite-1\" id=\"ref-1-2\">1</a></sup>.</p>\n"
        );
        // Not markers: no digits, zero, too long, unclosed, inside code.
        for input in [
            "[^a]",
            "[^0]",
            "[^12345]",
            "[^3",
            "`[^1]`",
            "    [^1]\n",
            "```\n[^1]\n```",
        ] {
            let html = render_safe(input);
            assert!(!html.contains("<sup"), "{input:?} → {html}");
        }
        // Inside a link the marker stays text (no nested <a>).
        let html = render_safe("[see [^1]](https://example.org)");
        assert_eq!(html.matches("<a ").count(), 1, "{html}");
        // In a list and a heading.
        let html = render_safe("# Title[^3]\n\n- item[^4]\n");
        assert!(html.contains("href=\"#cite-3\""), "{html}");
        assert!(html.contains("href=\"#cite-4\""), "{html}");
    }

    #[test]
    fn tables_render() {
        let html = render_safe(
            "| year | catholics |\n|---:|:---|\n| 2019 | 2,100,000 |\n| 2020 | <b>x</b> |\n",
        );
        assert!(html.contains("<table>"), "{html}");
        assert!(
            html.contains("<th class=\"align-right\">year</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"align-left\">2,100,000</td>"),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;x&lt;/b&gt;"), "{html}");
        assert!(!html.contains("style="), "{html}");
        assert_inert(&html);
        // A table without alignment, and a header-only table.
        let html = render_safe("| a | b |\n|---|---|\n| 1 | [^2] |\n\n| x |\n|---|\n");
        assert!(html.contains("<th>a</th><th>b</th>"), "{html}");
        assert!(html.contains("<td>1</td><td><sup class=\"fn\">"), "{html}");
        assert_eq!(html.matches("<table>").count(), 2, "{html}");
        assert_eq!(html.matches("</table>").count(), 2, "{html}");
    }

    #[test]
    fn code_is_escaped() {
        let html = render_safe("```html\" onclick=\"x\n<script>alert(1)</script>\n```\n");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(!html.contains("onclick=\"x\""), "{html}");
    }

    #[test]
    fn huge_and_odd_inputs_do_not_panic() {
        let inputs = [
            "a".repeat(2_000_000),
            "[".repeat(200_000),
            "[^".repeat(200_000),
            "[^1]".repeat(100_000),
            ">".repeat(100_000),
            "*".repeat(100_000),
            "- ".repeat(50_000),
            "<".repeat(100_000),
            "![".repeat(50_000) + &"](x)".repeat(50_000),
            "[x](".repeat(50_000),
            "| a |\n|---|\n".to_owned() + &"| <img onerror=x> |\n".repeat(50_000),
            "é\u{0}\u{FFFF}😀[^1]".repeat(50_000),
        ];
        for input in &inputs {
            let html = render_safe(input);
            assert!(!html.to_ascii_lowercase().contains("<img onerror"));
        }
    }
}
