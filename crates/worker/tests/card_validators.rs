//! Both agent cards (0.2.6 `/.well-known/agent.json`, 1.0 `/.well-known/agent-card.json`) carry
//! an `ETag` and a `Last-Modified` that agree: the date is when this isolate first served that
//! tag, so it moves exactly when the tag does; `If-None-Match`, or the card's own date sent back
//! in `If-Modified-Since`, gets 304.

use crate::common;

use common::worker::{Harness, NOW};
use magisterium_core::ids::SeededRandom;
use magisterium_stand_in::card;
use magisterium_worker::app::{App, Route};
use magisterium_worker::settings::Settings;
use magisterium_worker::upstream::UpstreamOutcome;
use std::collections::HashMap;

const CARDS: [&str; 2] = ["/.well-known/agent.json", "/.well-known/agent-card.json"];
/// NOW (2026-12-01T00:00:00Z) as an HTTP date.
const NOW_DATE: &str = "Tue, 01 Dec 2026 00:00:00 GMT";

#[test]
fn the_stand_in_cards_have_an_etag_and_a_last_modified_that_agree() {
    let mut h = Harness::new(&[]);
    for path in CARDS {
        let first = h.request("GET", path, &[], "");
        assert_eq!(first.status, 200, "{path}");
        let etag = first.header("etag").expect(path).to_owned();
        assert_eq!(first.header("last-modified"), Some(NOW_DATE), "{path}");
        // An hour later the card is the same: the same tag, the same date.
        h.now = NOW + 3_600_000.0;
        let later = h.request("GET", path, &[], "");
        assert_eq!(later.header("etag"), Some(etag.as_str()));
        assert_eq!(later.header("last-modified"), Some(NOW_DATE));
        for conditions in [
            vec![("if-none-match", etag.as_str())],
            vec![("if-modified-since", NOW_DATE)],
        ] {
            let again = h.request("GET", path, &conditions, "");
            assert_eq!(
                (again.status, again.body.as_str()),
                (304, ""),
                "{path} {conditions:?}"
            );
            assert_eq!(again.header("etag"), Some(etag.as_str()));
            assert_eq!(again.header("last-modified"), Some(NOW_DATE));
        }
        for conditions in [
            vec![("if-modified-since", "Mon, 30 Nov 2026 23:59:59 GMT")],
            // Another date than the card's own gets the full card (always allowed).
            vec![("if-modified-since", "Tue, 01 Dec 2026 00:30:00 GMT")],
            vec![("if-modified-since", "not a date")],
            // If-None-Match decides when both are sent (RFC 9110, 13.2.2).
            vec![
                ("if-none-match", "\"stale\""),
                ("if-modified-since", NOW_DATE),
            ],
        ] {
            let full = h.request("GET", path, &conditions, "");
            assert_eq!(full.status, 200, "{path} {conditions:?}");
        }
        h.now = NOW;
    }
    // The 0.2.6 card's body is as it was.
    let legacy = h.request("GET", CARDS[0], &[], "");
    assert_eq!(legacy.body, card::response("http://127.0.0.1:8787").body);
}

#[test]
fn through_the_proxy_a_changed_card_gets_a_new_tag_and_a_later_date() {
    let vars: HashMap<String, String> = [
        ("UPSTREAM_URL", "http://127.0.0.1:18900/by-query"),
        ("MAGISTERIUM_TOKEN", "secret-token"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    let mut app = App::new();
    for path in CARDS {
        let mut served = Vec::new();
        for (now, upstream_origin) in [
            (NOW, "http://a.example"),
            (NOW + 7_000.0, "http://a.example"),
            (NOW + 60_000.0, "http://b.example"),
        ] {
            let request = magisterium_core::serve::http::WorkerRequest {
                method: "GET".into(),
                path: path.into(),
                origin: "https://proxy.example".into(),
                now_ms: now,
                ..Default::default()
            };
            let Route::FetchCard(fetch) =
                app.handle(&request, &settings, &mut SeededRandom(1), false)
            else {
                panic!("{path}")
            };
            let outcome = UpstreamOutcome::Answer {
                status: 200,
                headers: vec![],
                body: card::response(upstream_origin).body.into_bytes(),
            };
            let answer = app.card(&fetch, outcome, "https://proxy.example", &settings, None);
            assert_eq!(answer.status, 200, "{path}");
            served.push((
                answer.header("etag").unwrap().to_owned(),
                answer.header("last-modified").unwrap().to_owned(),
            ));
        }
        assert_eq!(
            served[0], served[1],
            "{path}: the same card, the same validators"
        );
        assert_ne!(
            served[1].0, served[2].0,
            "{path}: a changed card, a new tag"
        );
        assert_eq!(
            served[2].1, "Tue, 01 Dec 2026 00:01:00 GMT",
            "{path}: and a new date"
        );
    }
}
