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

mod links;
mod sanitize;
#[cfg(test)]
mod tests;

use pulldown_cmark::{html, Options, Parser};

use sanitize::Sanitizer;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

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
