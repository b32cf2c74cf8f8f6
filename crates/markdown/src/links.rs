//! Which link and image URLs may be emitted, and attribute escaping.

use url::Url;

/// Schemes a link may have.
pub(super) const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];
/// Schemes an image may have (a `mailto:` image makes no sense).
pub(super) const IMAGE_SCHEMES: [&str; 2] = ["http", "https"];
/// The base relative links are resolved against to learn their scheme; never emitted.
const DUMMY_BASE: &str = "https://relative.invalid/";
/// The host of [`DUMMY_BASE`].
const DUMMY_HOST: &str = "relative.invalid";

/// The URL to emit for `dest` when its scheme is one of `schemes`, else `None`.
///
/// Absolute URLs are emitted as the parser serialises them (scheme lower-cased, tabs and newlines
/// removed, as a browser would). A relative URL (no scheme) is resolved against a dummy `https` base to
/// check it, and kept as written: the browser resolves it against the page, which is http(s).
pub(super) fn checked_url(dest: &str, schemes: &[&str]) -> Option<String> {
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
pub(super) fn push_escaped(out: &mut String, text: &str) {
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
