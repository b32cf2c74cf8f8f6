//! Whether a URL option (`endpoint`, `agentCardUrl`) can be fetched where the SDK runs, decided
//! once by the constructor: a URL that is relative where there is no page or worker location
//! (Node, workerd), or that is not `http:` / `https:`, would only fail later as a `network` error
//! after retries. The bindings resolve the URL with the platform's `URL`; this decides.

use super::error::Error;

/// Checks the option `name` (`"endpoint"`, `"agentCardUrl"`) given as `given`, which the platform
/// resolved to `resolved` (`None`: it could not, e.g. a relative URL without a location).
///
/// # Errors
/// `invalid_input` naming the option and what is wrong with it.
pub fn check_url(name: &str, given: &str, resolved: Option<&str>) -> Result<(), Error> {
    let Some(href) = resolved else {
        return Err(Error::invalid_input(format!(
            "options.{name} \"{}\" cannot be resolved here: a relative URL needs a page or \
             worker location; pass an absolute http(s) URL",
            crate::decode::truncate(given, 200)
        )));
    };
    let scheme = href.split(':').next().unwrap_or_default();
    if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") {
        Ok(())
    } else {
        Err(Error::invalid_input(format!(
            "options.{name} must be an http: or https: URL, not {}:",
            crate::decode::truncate(scheme, 32)
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn only_resolved_http_urls_pass() {
        assert!(check_url("endpoint", "/api", Some("https://a.test/api")).is_ok());
        assert!(check_url(
            "endpoint",
            "http://127.0.0.1:8787/a",
            Some("http://127.0.0.1:8787/a")
        )
        .is_ok());
        let e = check_url("endpoint", "/api/v1/a2a", None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert!(
            e.message()
                .contains("options.endpoint \"/api/v1/a2a\" cannot be resolved"),
            "{e}"
        );
        let e = check_url(
            "agentCardUrl",
            "ftp://a.test/card",
            Some("ftp://a.test/card"),
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(
            e.message(),
            "options.agentCardUrl must be an http: or https: URL, not ftp:"
        );
        assert!(check_url(
            "endpoint",
            "javascript:alert(1)",
            Some("javascript:alert(1)")
        )
        .is_err());
    }
}
