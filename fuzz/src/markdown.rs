//! The invariants of the `markdown` fuzz target. The cargo-fuzz target calls them, and the native
//! tests of the crate under test include this very file (`#[path]`) to replay the corpus and every
//! saved crash on stable, so a finding and its fixture test run the same code.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

// The demo page's Markdown renderer.

/// Invariants: no panic; deterministic; the HTML has only allowed tags and attributes, no
/// `<script`, no event-handler attribute (` on…=`), and every `href`/`src` is relative or http(s)
/// (or `mailto:` for links) after entity decoding.
pub fn check_markdown(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let html = magisterium_markdown::render_safe(&text);
    assert_eq!(
        html,
        magisterium_markdown::render_safe(&text),
        "not deterministic"
    );
    if let Err(why) = check_html(&html) {
        panic!("unsafe HTML for {text:?}: {why}\n{html}");
    }
}

/// Tags the renderer may emit.
pub const HTML_TAGS: [&str; 27] = [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "em",
    "strong",
    "del",
    "a",
    "img",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
];
/// Attributes the renderer may emit.
pub const HTML_ATTRIBUTES: [&str; 8] =
    ["href", "src", "alt", "title", "id", "class", "rel", "start"];

/// Checks rendered HTML; the reason when it is not safe.
pub fn check_html(html: &str) -> Result<(), String> {
    let lower = html.to_ascii_lowercase();
    if lower.contains("<script") {
        return Err("<script".into());
    }
    let bytes = html.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            i += 1;
            continue;
        }
        let end = find_tag_end(bytes, i).ok_or_else(|| format!("an unterminated tag at {i}"))?;
        let tag = &html[i + 1..end];
        i = end + 1;
        let tag = tag.strip_prefix('/').unwrap_or(tag);
        let tag = tag.strip_suffix('/').unwrap_or(tag).trim_end();
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = tag[..name_len].to_ascii_lowercase();
        if !HTML_TAGS.contains(&name.as_str()) {
            return Err(format!("tag <{name}>"));
        }
        for (attr, value) in attributes(&tag[name_len..])? {
            if attr.starts_with("on") {
                return Err(format!("event handler attribute {attr}"));
            }
            if !HTML_ATTRIBUTES.contains(&attr.as_str()) {
                return Err(format!("attribute {attr} on <{name}>"));
            }
            if attr == "href" || attr == "src" {
                // As the browser's URL parser reads it: C0 controls and spaces trimmed at both
                // ends, tabs and newlines removed everywhere (other characters, DEL included, stay).
                let url = unescape_html(&value);
                let url: String = url
                    .trim_matches(|c: char| c <= ' ')
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect();
                if let Some(scheme) = scheme_of(&url) {
                    let ok: &[&str] = if attr == "href" {
                        &["http", "https", "mailto"]
                    } else {
                        &["http", "https"]
                    };
                    if !ok.contains(&scheme.as_str()) {
                        return Err(format!("{attr} with scheme {scheme}: {value}"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The index of the `>` that closes the tag opened at `start` (quoted values may hold `>`).
fn find_tag_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut quote = None;
    for (j, &b) in bytes.iter().enumerate().skip(start + 1) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return Some(j),
            (None, b'<') => return None,
            _ => {}
        }
    }
    None
}

/// The attributes of a tag's inside (after its name), names lower-cased.
fn attributes(mut s: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(out);
        }
        let name_len = s
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .unwrap_or(s.len());
        if name_len == 0 {
            if let Some(rest) = s.strip_prefix('/') {
                s = rest;
                continue;
            }
            return Err(format!("a malformed attribute list {s:?}"));
        }
        let name = s[..name_len].to_ascii_lowercase();
        s = s[name_len..].trim_start();
        let mut value = String::new();
        if let Some(rest) = s.strip_prefix('=') {
            let rest = rest.trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
            match quote {
                Some(q) => {
                    let close = rest[1..].find(q).ok_or("an unterminated attribute value")?;
                    value = rest[1..=close].to_owned();
                    s = &rest[close + 2..];
                }
                None => {
                    let end = rest
                        .find(|c: char| c.is_ascii_whitespace())
                        .unwrap_or(rest.len());
                    value = rest[..end].to_owned();
                    s = &rest[end..];
                }
            }
        }
        out.push((name, value));
    }
}

/// Decodes the character references a browser would decode in an attribute value.
fn unescape_html(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|e| *e <= 12);
        let decoded = end.and_then(|e| {
            let entity = &rest[1..e];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "colon" => Some(':'),
                "tab" => Some('\t'),
                "newline" => Some('\n'),
                _ => {
                    let n = if let Some(hex) = entity
                        .strip_prefix("#x")
                        .or_else(|| entity.strip_prefix("#X"))
                    {
                        u32::from_str_radix(hex, 16).ok()
                    } else {
                        entity.strip_prefix('#').and_then(|d| d.parse::<u32>().ok())
                    };
                    n.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The scheme of a URL as a browser reads it (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`),
/// lower-cased; `None` for a relative URL.
fn scheme_of(url: &str) -> Option<String> {
    let colon = url.find(':')?;
    let candidate = &url[..colon];
    let mut chars = candidate.chars();
    let first = chars.next()?;
    if !first.is_ascii_alphabetic()
        || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return None;
    }
    Some(candidate.to_ascii_lowercase())
}
