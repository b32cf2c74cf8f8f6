//! URLs the client reads from an agent card: made absolute against the card's own URL.

/// The length of the `http://` or `https://` at the start of `url` (any letter case), when it has
/// one. Bytes, not string patterns: the browser build carries no substring searcher.
fn http_prefix(url: &str) -> Option<usize> {
    let bytes = url.as_bytes();
    let starts = |prefix: &[u8]| {
        bytes
            .get(..prefix.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(prefix))
    };
    if starts(b"https://") {
        Some(8)
    } else if starts(b"http://") {
        Some(7)
    } else {
        None
    }
}

/// The end of the authority of an absolute `http(s)` URL whose authority starts at `from`.
fn authority_end(url: &str, from: usize) -> usize {
    let rest = url.as_bytes().get(from..).unwrap_or_default();
    from + rest
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len())
}

/// `url` as an absolute URL, `base` the URL of the document that named it: an absolute `http(s)`
/// URL as it is, a scheme-relative one (`//host/…`) with `base`'s scheme, a path (`/…`) at `base`'s
/// origin. `None` for anything else (another scheme, a path relative to the card's folder): the
/// client does not guess.
pub fn resolve(url: &str, base: &str) -> Option<String> {
    if http_prefix(url).is_some() {
        return Some(url.to_owned());
    }
    if !url.starts_with('/') {
        return None;
    }
    let scheme_end = http_prefix(base)?;
    // `//host/…` takes the scheme (up to its `:`); `/…` the whole origin.
    let keep = if url.starts_with("//") {
        scheme_end - 2
    } else {
        authority_end(base, scheme_end)
    };
    let mut out = String::with_capacity(keep + url.len());
    out.push_str(base.get(..keep)?);
    out.push_str(url);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_urls_are_made_absolute_against_the_card() {
        let base = "https://agent.example/.well-known/agent-card.json";
        let cases = [
            (
                "https://other.example/a2a",
                Some("https://other.example/a2a"),
            ),
            ("HTTP://x.example/a", Some("HTTP://x.example/a")),
            ("//other.example", Some("https://other.example")),
            ("//other.example/a2a", Some("https://other.example/a2a")),
            ("/a2a/v1", Some("https://agent.example/a2a/v1")),
            ("a2a/v1", None),
            ("ftp://agent.example/a2a", None),
            ("", None),
        ];
        for (url, want) in cases {
            assert_eq!(resolve(url, base).as_deref(), want, "{url}");
        }
        assert_eq!(resolve("/a", "no base"), None);
    }
}
