//! Origins: who may receive a call's credentials (the bearer token and the caller's own headers),
//! and URLs the client reads from an agent card, made absolute against the card's own URL.
//!
//! Credentials go to the endpoint's own origin and to the origins the caller trusts
//! (`trustedOrigins`), nowhere else. The comparison fails closed: an authority with user info,
//! a backslash, a percent sign, a space or a control character is nobody's origin.

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

/// The origin of an absolute `http(s)` URL: its scheme (lowercase), host and port (the scheme's
/// default when none is written). `None` when `url` is not one, or its authority holds anything a
/// URL parser might read differently (see the module).
fn origin(url: &str) -> Option<(&'static str, &str, &str)> {
    let start = http_prefix(url)?;
    let https = start == 8;
    let authority = url.get(start..authority_end(url, start))?;
    let odd = |b: &u8| matches!(b, b'@' | b'\\' | b'%') || *b <= b' ' || *b == 0x7f;
    if authority.is_empty() || authority.as_bytes().iter().any(odd) {
        return None;
    }
    let (host, port) = match authority.as_bytes().iter().rposition(|b| *b == b':') {
        // An IPv6 literal's colons are inside its brackets.
        Some(i) if !authority.ends_with(']') => (authority.get(..i)?, authority.get(i + 1..)?),
        _ => (authority, ""),
    };
    let default = if https { "443" } else { "80" };
    let port = if port.is_empty() { default } else { port };
    Some((if https { "https" } else { "http" }, host, port))
}

/// Whether `a` and `b` are absolute `http(s)` URLs of the same origin (scheme, host in any letter
/// case, port).
pub fn same_origin(a: &str, b: &str) -> bool {
    match (origin(a), origin(b)) {
        (Some((sa, ha, pa)), Some((sb, hb, pb))) => {
            sa == sb && ha.eq_ignore_ascii_case(hb) && pa == pb && !ha.is_empty()
        }
        _ => false,
    }
}

/// Whether `value` names an origin the caller can trust: an absolute `http(s)` URL whose origin
/// can be read (its path, if any, is ignored).
pub fn is_origin(value: &str) -> bool {
    origin(value).is_some_and(|(_, host, _)| !host.is_empty())
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

    #[test]
    fn origins_compare_by_scheme_host_and_port_and_fail_closed() {
        let endpoint = "https://agent.example/api/v1/a2a";
        for same in [
            "https://agent.example/a2a/v1",
            "HTTPS://AGENT.example:443",
            "https://agent.example?x#y",
        ] {
            assert!(same_origin(same, endpoint), "{same}");
        }
        for other in [
            "http://agent.example/a2a",
            "https://agent.example:8443/a2a",
            "https://agent.example.evil.example/",
            "https://agent.example@evil.example/",
            "https://evil.example\\@agent.example/",
            "https://agent%2eexample/",
            "https://agent.example /",
            "https:///a2a",
            "https://:443/",
            "/a2a/v1",
            "ftp://agent.example/",
        ] {
            assert!(!same_origin(other, endpoint), "{other}");
        }
        assert!(same_origin("http://[::1]:8787/a", "http://[::1]:8787/b"));
        assert!(!same_origin("http://[::1]:8787/a", "http://[::1]/b"));
        assert!(is_origin("https://api.example.com"));
        assert!(!is_origin("api.example.com"));
    }
}
