//! The agent card: where it lives, whether a fetched one is usable, and how long to keep it.

use super::decode::wrong_type;
use super::error::Error;
use super::json_view::{JsonKind, JsonView, Path};

/// The card path of A2A up to 0.2.6 (Magisterium's).
pub const CARD_PATH: &str = "/.well-known/agent.json";
/// The card path of A2A 0.3, tried after a 404 on [`CARD_PATH`].
pub const CARD_PATH_V03: &str = "/.well-known/agent-card.json";

/// The default card URL for a JSON-RPC endpoint: its origin plus [`CARD_PATH`]. `endpoint` must be
/// absolute (`https://host[:port]/…`); `None` otherwise.
pub fn default_card_url(endpoint: &str) -> Option<String> {
    let scheme_end = endpoint.as_bytes().windows(3).position(|w| w == b"://")?;
    let rest = endpoint.get(scheme_end + 3..)?;
    let host_len = rest
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    if host_len == 0 {
        return None;
    }
    let origin = endpoint.get(..scheme_end + 3 + host_len)?;
    Some(format!("{origin}{CARD_PATH}"))
}

/// The 0.3 fallback for a card URL ending in [`CARD_PATH`].
pub fn fallback_card_url(url: &str) -> Option<String> {
    url.strip_suffix(CARD_PATH)
        .map(|base| format!("{base}{CARD_PATH_V03}"))
}

/// Seconds a response may be kept according to its `Cache-Control` header (`max-age`, or 0 for
/// `no-store` / `no-cache` / `private`-less absence).
pub fn max_age_seconds(cache_control: Option<&str>) -> u64 {
    let Some(header) = cache_control else {
        return 0;
    };
    let mut max_age = 0;
    for directive in header.split(',') {
        let directive = directive.trim();
        let is = |name: &str| directive.eq_ignore_ascii_case(name);
        if is("no-store") || is("no-cache") {
            return 0;
        }
        // `max-age=` in any case, then its value.
        let name = directive
            .get(..8)
            .filter(|n| n.eq_ignore_ascii_case("max-age="));
        if let Some(value) = name.and_then(|_| directive.get(8..)) {
            max_age = value.trim_matches('"').parse().unwrap_or(0);
        }
    }
    max_age
}

/// Checks that a fetched card is an object with a `skills` array, a string `name`, and a string
/// `url` (0.2.6 / 0.3) or a `supportedInterfaces` array (1.0).
///
/// # Errors
/// `invalid_response` naming the first field that is wrong.
pub fn check_card<V: JsonView>(card: &V) -> Result<(), Error> {
    let root = Path::Root;
    if card.kind() != JsonKind::Object {
        return Err(wrong_type(&root, "object", card.kind()));
    }
    super::decode::required_string(card, "name", &root)?;
    match card.field("supportedInterfaces") {
        Some(list) if list.kind() == JsonKind::Array => {}
        Some(list) => {
            return Err(wrong_type(
                &root.key("supportedInterfaces"),
                "array",
                list.kind(),
            ))
        }
        None => super::decode::required_string(card, "url", &root).map(|_| ())?,
    }
    match card.field("skills") {
        Some(skills) if skills.kind() == JsonKind::Array => Ok(()),
        Some(skills) => Err(wrong_type(&root.key("skills"), "array", skills.kind())),
        None => Err(Error::invalid_response("skills: missing")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_urls() {
        assert_eq!(
            default_card_url("https://www.magisterium.com/api/v1/a2a").as_deref(),
            Some("https://www.magisterium.com/.well-known/agent.json")
        );
        assert_eq!(
            default_card_url("http://127.0.0.1:8787").as_deref(),
            Some("http://127.0.0.1:8787/.well-known/agent.json")
        );
        assert_eq!(default_card_url("/api/v1/a2a"), None);
        assert_eq!(default_card_url("https:///x"), None);
        assert_eq!(
            fallback_card_url("http://h/.well-known/agent.json").as_deref(),
            Some("http://h/.well-known/agent-card.json")
        );
        assert_eq!(fallback_card_url("http://h/card"), None);
    }

    #[test]
    fn cache_control() {
        assert_eq!(max_age_seconds(Some("public, max-age=3600")), 3600);
        assert_eq!(max_age_seconds(Some("max-age=\"60\"")), 60);
        assert_eq!(max_age_seconds(Some("no-store, max-age=60")), 0);
        assert_eq!(max_age_seconds(Some("max-age=junk")), 0);
        assert_eq!(max_age_seconds(None), 0);
    }

    #[test]
    fn card_shape() {
        let good = serde_json::json!({"name": "M", "url": "u", "skills": []});
        assert!(check_card(&&good).is_ok());
        let bad = serde_json::json!({"name": "M", "url": "u", "skills": {}});
        assert!(check_card(&&bad)
            .unwrap_err()
            .message()
            .contains("skills: expected array"));
        let arr = serde_json::json!([]);
        assert!(check_card(&&arr).is_err());
        let v1 = serde_json::json!({"name": "M", "supportedInterfaces": [], "skills": []});
        assert!(check_card(&&v1).is_ok());
        let neither = serde_json::json!({"name": "M", "skills": []});
        assert!(check_card(&&neither)
            .unwrap_err()
            .message()
            .contains("url: missing"));
        let bad_list = serde_json::json!({"name": "M", "supportedInterfaces": {}, "skills": []});
        assert!(check_card(&&bad_list).is_err());
    }
}
