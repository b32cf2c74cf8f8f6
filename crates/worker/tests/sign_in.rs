//! What a call without a session may do (issue 37, item 4): a deployment that says "no anonymous
//! calls" never makes one, whatever else is missing.

use magisterium_worker::sign_in::{anonymous_refused, Readiness};
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
