//! The Markdown bodies of the corpus as headings and paragraphs, for the passage index.

/// A block of a Markdown body.
pub(super) enum Block {
    /// A `#` heading: its level and text.
    Heading { level: usize, text: &'static str },
    /// A paragraph (a run of non-blank lines), a whole-paragraph italic note unwrapped.
    Paragraph(&'static str),
}

/// Splits a body into headings and paragraphs (runs of non-blank lines), as slices of `body`.
pub(super) fn blocks(body: &'static str, mut f: impl FnMut(Block)) {
    let mut offset = 0;
    let mut para: Option<(usize, usize)> = None;
    let flush = |para: &mut Option<(usize, usize)>, f: &mut dyn FnMut(Block)| {
        if let Some((start, end)) = para.take() {
            if let Some(text) = body.get(start..end) {
                f(Block::Paragraph(strip_italics(text)));
            }
        }
    };
    for line in body.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut para, &mut f);
        } else if trimmed.starts_with('#') {
            flush(&mut para, &mut f);
            let level = trimmed.chars().take_while(|&c| c == '#').count();
            f(Block::Heading {
                level,
                text: trimmed.trim_start_matches('#').trim(),
            });
        } else {
            let lead = line.len() - line.trim_start().len();
            let end = start + line.trim_end().len();
            para = match para {
                Some((s, _)) => Some((s, end)),
                None => Some((start + lead, end)),
            };
        }
    }
    flush(&mut para, &mut f);
}

/// `*text*` → `text` (a whole-paragraph italic note); anything else unchanged.
fn strip_italics(text: &'static str) -> &'static str {
    let text = text.trim();
    if text.len() > 2 && text.starts_with('*') && text.ends_with('*') && !text.starts_with("**") {
        text.get(1..text.len() - 1).map(str::trim).unwrap_or(text)
    } else {
        text
    }
}
