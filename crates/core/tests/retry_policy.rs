//! The retry table of `sdk-api.md`, `Retry-After` parsing, and client-side pacing.

use magisterium_core::pacing::Pacer;
use magisterium_core::retry::{is_retryable, parse_retry_after, RetryPolicy, MAX_SAFE_INTEGER};
use magisterium_core::{Error, ErrorKind};

const SEND: &str = "message/send";
const GET: &str = "tasks/get";

fn http(status: u16) -> Error {
    Error::from_http_status(status)
}

#[test]
fn what_is_retried() {
    let retried = [
        Error::new(ErrorKind::Network, "reset"),
        http(408),
        http(429),
        http(500),
        http(503),
        Error::from_rpc(-32029, "Rate limit exceeded").with_status(200),
        Error::from_rpc(-32603, "Internal error").with_status(503),
    ];
    for e in &retried {
        assert!(is_retryable(SEND, e), "{e}");
    }
    let never = [
        Error::from_rpc(-32603, "Internal error").with_status(200),
        Error::from_rpc(-32004, "Unauthorized").with_status(401),
        Error::from_rpc(-32005, "Plan required").with_status(200),
        Error::from_rpc(-32001, "Task not found").with_status(200),
        http(400),
        http(401),
        http(403),
        http(404),
        http(501),
        Error::new(ErrorKind::Aborted, "aborted"),
        Error::invalid_input("empty"),
        Error::invalid_response("bad json").with_status(200),
        Error::new(ErrorKind::TaskFailed, "failed"),
    ];
    for e in &never {
        assert!(!is_retryable(SEND, e), "{e}");
    }
    // A gateway between may have forwarded a `message/send` it answers 502 or 504 for.
    for e in [http(502), http(504)] {
        assert!(!is_retryable(SEND, &e), "{e}");
        assert!(is_retryable(GET, &e), "{e}");
    }
}

#[test]
fn a_timeout_of_message_send_is_never_retried_but_reads_are() {
    let timeout = Error::new(ErrorKind::Timeout, "60000 ms");
    assert!(!is_retryable(SEND, &timeout));
    assert!(is_retryable(GET, &timeout));
    assert!(is_retryable("agent_card", &timeout));
}

#[test]
fn attempts_are_bounded_by_max_retries() {
    let policy = RetryPolicy::default();
    let e = http(503);
    assert!(policy.next_delay_ms(SEND, 0, &e, 0.5).is_some());
    assert!(policy.next_delay_ms(SEND, 1, &e, 0.5).is_some());
    assert_eq!(policy.next_delay_ms(SEND, 2, &e, 0.5), None);
    let none = RetryPolicy {
        max_retries: 0,
        ..policy
    };
    assert_eq!(none.next_delay_ms(SEND, 0, &e, 0.5), None);
}

#[test]
fn backoff_is_full_jitter_capped_at_eight_seconds() {
    let p = RetryPolicy::default();
    assert_eq!(p.backoff_ms(0, 0.0), 0);
    assert_eq!(p.backoff_ms(0, 0.999_999), 499);
    assert_eq!(p.backoff_ms(1, 0.5), 500);
    assert_eq!(p.backoff_ms(2, 0.5), 1000);
    assert_eq!(p.backoff_ms(4, 0.999_999), 7999);
    assert_eq!(p.backoff_ms(10, 0.999_999), 7999);
    assert_eq!(p.backoff_ms(63, 0.5), 4000);
    assert_eq!(p.backoff_ms(u32::MAX, 0.5), 4000);
    assert_eq!(p.backoff_ms(1, f64::NAN), 0);
    assert_eq!(p.backoff_ms(1, 7.0), 1000);
}

#[test]
fn server_waits_win_and_are_capped_at_sixty_seconds() {
    let p = RetryPolicy::default();
    let e = http(429).with_retry_after_ms(Some(2_500));
    assert_eq!(p.next_delay_ms(SEND, 0, &e, 0.9), Some(2_500));
    let year = http(429).with_retry_after_ms(Some(31_536_000_000));
    assert_eq!(p.next_delay_ms(SEND, 0, &year, 0.9), Some(60_000));
}

#[test]
fn retry_after_forms() {
    let now = 1_790_000_000_000.0; // 2026-09-21T14:13:20Z
    let table: [(Option<&str>, Option<&str>, Option<u64>); 14] = [
        (Some("120"), None, Some(120_000)),
        (Some("1.5"), None, Some(1_500)),
        (Some(" 0 "), None, Some(0)),
        (Some("1e20"), None, Some(MAX_SAFE_INTEGER)),
        (Some("-5"), None, None),
        (Some("soon"), None, None),
        (Some(""), None, None),
        (Some("NaN"), None, None),
        (Some("inf"), None, None),
        (Some("Mon, 21 Sep 2026 14:14:00 GMT"), None, Some(40_000)),
        (Some("Sun, 06 Nov 1994 08:49:37 GMT"), None, Some(0)),
        (None, Some("250"), Some(250)),
        (Some("30"), Some("250"), Some(250)),
        (Some("30"), Some("junk"), Some(30_000)),
    ];
    for (ra, ra_ms, want) in table {
        assert_eq!(parse_retry_after(ra, ra_ms, now), want, "{ra:?} {ra_ms:?}");
    }
    assert_eq!(parse_retry_after(None, None, now), None);
}

#[test]
fn pacing_keeps_a_rolling_minute() {
    let mut p = Pacer::new(15, 2);
    let t0 = 1_000_000.0;
    // Two Q&A calls pass, the third waits for the first to leave the window.
    for i in 0..2 {
        assert_eq!(p.wait_ms(t0 + f64::from(i), true), 0.0);
        p.record(t0 + f64::from(i), true);
    }
    assert_eq!(p.wait_ms(t0 + 10.0, true), 59_990.0);
    // Other skills are still free until 15 calls are in the window.
    for i in 2..15 {
        assert_eq!(p.wait_ms(t0 + f64::from(i), false), 0.0);
        p.record(t0 + f64::from(i), false);
    }
    assert_eq!(p.wait_ms(t0 + 100.0, false), 59_900.0);
    // After the window slides the first calls are forgotten.
    assert_eq!(p.wait_ms(t0 + 60_000.0, false), 0.0);
    assert_eq!(p.wait_ms(t0 + 60_001.0, true), 0.0);
    // Zero limits are raised to one call a minute rather than blocking forever.
    let mut strict = Pacer::new(0, 0);
    assert_eq!(strict.wait_ms(0.0, true), 0.0);
    strict.record(0.0, true);
    assert_eq!(strict.wait_ms(1.0, true), 59_999.0);
}

/// `Last-Modified` dates: IMF-fixdate, read back to the same second, years past 9999 capped.
#[test]
fn http_dates_are_written_as_imf_fixdate() {
    use magisterium_core::retry::{http_date, http_date_ms};
    assert_eq!(http_date(1_796_083_200), "Tue, 01 Dec 2026 00:00:00 GMT");
    assert_eq!(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
    for secs in [951_782_400_u64, 1_796_083_259, 4_102_444_799] {
        assert_eq!(
            http_date_ms(&http_date(secs)),
            Some(secs as f64 * 1000.0),
            "{secs}"
        );
    }
    assert_eq!(http_date(u64::MAX), "Fri, 31 Dec 9999 23:59:59 GMT");
}
