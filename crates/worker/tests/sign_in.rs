//! Sign-in's decisions (issue 37, item 4): what a call without a session may do (a deployment
//! that says "no anonymous calls" never makes one, whatever else is missing), what a failed
//! refresh does to its session, and where sign-in answers.

use magisterium_worker::sign_in::{
    after_refresh_failure, anonymous_refused, base_of, starts_sign_in, AfterRefreshFailure,
    Readiness, RefreshFailure,
};
use serde_json::Value;

use crate::common::proxy::settings;

#[test]
fn a_deployment_that_refuses_anonymous_calls_never_makes_one() {
    let issuer = ("OAUTH_ISSUER", "https://issuer.example");
    let closed = ("ALLOW_ANONYMOUS", "off");
    // Sign-in missing a binding, or no issuer at all: refused with a 503 naming what is missing,
    // although MAGISTERIUM_TOKEN is set.
    for (vars, session, client, missing) in [
        (vec![issuer, closed], false, true, "SESSION"),
        (vec![issuer, closed], true, false, "OAUTH_CLIENT"),
        (vec![closed], true, true, "OAUTH_ISSUER"),
    ] {
        let s = settings(&vars);
        assert!(s.operator_token);
        let readiness = Readiness::of(&s, session, client);
        assert!(!readiness.enabled());
        let refused = anonymous_refused(&s, readiness).expect("refused");
        assert_eq!(refused.status, 503);
        let body: Value = serde_json::from_str(&refused.body).unwrap();
        assert_eq!(body["error"]["data"]["setting"], missing, "{body}");
        assert!(body["error"]["message"].as_str().unwrap().contains(missing));
    }
    // Sign-in ready: sign-in itself refuses a call without a session.
    let s = settings(&[issuer, closed]);
    assert_eq!(Readiness::of(&s, true, true), Readiness::Ready);
    assert!(anonymous_refused(&s, Readiness::Ready).is_none());
    // Anonymous calls allowed: they go on, sign-in or not.
    for vars in [vec![], vec![issuer]] {
        let s = settings(&vars);
        assert!(anonymous_refused(&s, Readiness::of(&s, false, false)).is_none());
    }
}

/// A failed refresh (issue 37, item 4): a refused credential ends the session at once; a
/// transient fault keeps it until refreshes have failed for longer than the grace with the
/// access token expired.
#[test]
fn a_refused_refresh_ends_the_session_and_a_failing_issuer_keeps_it_for_a_bounded_time() {
    let grace = 900;
    let fresh = |status, error, challenge| RefreshFailure {
        status,
        error,
        challenge,
        failing_for_ms: 0.0,
        access_expired: true,
    };
    // Refused: any OAuth error with 400 or 401, a challenge, any 401.
    for (status, error, challenge) in [
        (Some(400), Some("invalid_grant"), false),
        (Some(400), Some("invalid_request"), false),
        (Some(401), Some("invalid_client"), false),
        (Some(401), None, true),
        (Some(400), None, true),
        (Some(401), None, false),
    ] {
        let failure = fresh(status, error, challenge);
        assert_eq!(
            after_refresh_failure(&failure, grace),
            AfterRefreshFailure::End,
            "{failure:?}"
        );
    }
    // Transient: 5xx (an OAuth error body or not), the issuer's own "try later" codes, no answer
    // (network, timeout), an answer that is not a token response.
    for (status, error, challenge) in [
        (Some(503), Some("temporarily_unavailable"), false),
        (Some(500), None, false),
        (Some(502), None, true),
        (Some(400), Some("temporarily_unavailable"), false),
        (Some(401), Some("server_error"), false),
        (Some(400), None, false),
        (Some(200), None, false),
        (Some(429), Some("slow_down"), false),
        (None, None, false),
    ] {
        let failure = fresh(status, error, challenge);
        assert_eq!(
            after_refresh_failure(&failure, grace),
            AfterRefreshFailure::Retry,
            "{failure:?}"
        );
        // Failing for longer than the grace: the session ends once its access token expired.
        let long = RefreshFailure {
            failing_for_ms: 900_001.0,
            ..failure.clone()
        };
        assert_eq!(
            after_refresh_failure(&long, grace),
            AfterRefreshFailure::End,
            "{long:?}"
        );
        let valid = RefreshFailure {
            access_expired: false,
            ..long
        };
        assert_eq!(
            after_refresh_failure(&valid, grace),
            AfterRefreshFailure::Retry,
            "{valid:?}"
        );
        let within = RefreshFailure {
            failing_for_ms: 899_999.0,
            ..failure
        };
        assert_eq!(
            after_refresh_failure(&within, grace),
            AfterRefreshFailure::Retry,
            "{within:?}"
        );
    }
    assert_eq!(settings(&[]).session_refresh_grace_secs, 900);
    let set = settings(&[("SESSION_REFRESH_GRACE_SECONDS", "2")]);
    assert_eq!(set.session_refresh_grace_secs, 2);
}

/// Sign-in answers under `/auth/*` and `/api/auth/*` (a proxy routed `/api/*` of a site sees only
/// the second), and nowhere else.
#[test]
fn sign_in_answers_under_auth_and_under_the_api_route() {
    assert_eq!(base_of("/auth/login"), Some("/auth"));
    assert_eq!(base_of("/api/auth/callback"), Some("/api/auth"));
    assert_eq!(base_of("/api/auth/"), Some("/api/auth"));
    for path in [
        "/auth",
        "/authx/login",
        "/api/authx/login",
        "/api/v1/a2a",
        "/x/auth/login",
        "/",
    ] {
        assert_eq!(base_of(path), None, "{path}");
    }
    assert!(starts_sign_in("/auth/login"));
    assert!(starts_sign_in("/api/auth/login"));
    for path in [
        "/auth/callback",
        "/api/auth/session",
        "/auth/login/x",
        "/api/login",
    ] {
        assert!(!starts_sign_in(path), "{path}");
    }
}
