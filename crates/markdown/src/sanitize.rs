//! Rewrites pulldown-cmark's events into safe ones: raw HTML as text, links and images checked,
//! table alignment as classes, `[^n]` markers as footnote links.

use std::collections::HashMap;

use pulldown_cmark::{Alignment, CowStr, Event, LinkType, Tag, TagEnd};

use super::links::{checked_url, push_escaped, IMAGE_SCHEMES, LINK_SCHEMES};

/// Footnote numbers above this are left as text (the agent cites far fewer documents).
const MAX_FOOTNOTE: u32 = 9999;

/// Rewrites the parser's events into safe ones.
#[derive(Default)]
pub(super) struct Sanitizer<'a> {
    pub(super) out: Vec<Event<'a>>,
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
    pub(super) fn push(&mut self, event: Event<'a>) {
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
    pub(super) fn flush_text(&mut self) {
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
