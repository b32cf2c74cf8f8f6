//! The retry policy of the SDK as pure functions: whether to try again, and after how long.
//!
//! - At most `max_retries` further attempts; exponential backoff with full jitter (base 500 ms, cap
//!   8 s); `Retry-After` (seconds or HTTP date) and `retry-after-ms` honoured up to 60 s.
//! - Retried: network failures, HTTP 408, 429, 500, 502, 503, 504, and `rate_limited`.
//! - Never retried: any other JSON-RPC error (inside HTTP 200 it is an answer), `aborted`, bad input.
//! - A `message/send` is not repeated when it may already have run upstream (and spent the
//!   account's quota): after its own timeout, an HTTP 504 (a gateway's timeout, our proxy's
//!   included), a 502 (a gateway that got no usable answer), and any answer of our proxy saying it
//!   reached the upstream (`error.data.upstream: "reached"`, [`crate::upstream`]). It is repeated
//!   where it certainly did not run or the service asks: a network failure before any answer,
//!   408, 429, `rate_limited`, 503, a 500 (as before, unless our proxy says it had reached the
//!   upstream), and a 502 of our proxy saying it never reached it (`"not_reached"`).
//!
//! The caller supplies the randomness (`random` in `[0, 1)`) and the clock, so tests are exact.

use super::error::{Error, ErrorKind};
use super::request::method;
use super::upstream::Reach;

/// The largest integer a JavaScript number holds exactly; waits are clamped to it.
pub const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// Retry settings. [`RetryPolicy::default`] is the contract's policy with 2 retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Further attempts after the first.
    pub max_retries: u32,
    /// Backoff base: the first retry waits up to this long.
    pub base_delay_ms: u64,
    /// Backoff cap.
    pub max_delay_ms: u64,
    /// The longest server-requested wait that is honoured (longer ones are cut to this).
    pub max_retry_after_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_retries: 2,
            base_delay_ms: 500,
            max_delay_ms: 8_000,
            max_retry_after_ms: 60_000,
        }
    }
}

/// HTTP statuses that are worth another attempt.
pub const RETRYABLE_STATUSES: [u16; 6] = [408, 429, 500, 502, 503, 504];

impl RetryPolicy {
    /// The wait before retry number `retries_done + 1`, or `None` to give up with `error`.
    ///
    /// `method` is the JSON-RPC method (or `"agent_card"` for the card GET), `random` a number in
    /// `[0, 1)` used for jitter.
    pub fn next_delay_ms(
        &self,
        method: &str,
        retries_done: u32,
        error: &Error,
        random: f64,
    ) -> Option<u64> {
        if retries_done >= self.max_retries || !is_retryable(method, error) {
            return None;
        }
        if let Some(wait) = error.retry_after_ms() {
            return Some(wait.min(self.max_retry_after_ms));
        }
        Some(self.backoff_ms(retries_done, random))
    }

    /// Full-jitter exponential backoff: uniform in `[0, min(cap, base · 2^retries_done))`.
    pub fn backoff_ms(&self, retries_done: u32, random: f64) -> u64 {
        let exp = 1u64.checked_shl(retries_done.min(32)).unwrap_or(u64::MAX);
        let ceiling = self
            .base_delay_ms
            .saturating_mul(exp)
            .min(self.max_delay_ms);
        let r = if random.is_finite() {
            random.clamp(0.0, 1.0)
        } else {
            0.0
        };
        // `ceiling` ≤ max_delay_ms, so the product stays far inside f64's exact range.
        (r * ceiling as f64).floor() as u64
    }
}

/// True when `error` may be retried for `method` (ignoring the attempt count).
pub fn is_retryable(method: &str, error: &Error) -> bool {
    let paid = method == method::MESSAGE_SEND;
    match error.kind() {
        ErrorKind::Aborted | ErrorKind::InvalidInput => false,
        ErrorKind::Network | ErrorKind::RateLimited => true,
        // The request may have reached the service: only idempotent calls are repeated.
        ErrorKind::Timeout => !paid,
        _ => match error.status() {
            Some(s) if RETRYABLE_STATUSES.contains(&s) => !paid || !may_have_run(s, error),
            _ => false,
        },
    }
}

/// Whether a call answered with HTTP `status` may have run upstream: a gateway's timeout, a
/// proxy saying it reached the upstream, or a gateway's 502 that does not say it did not.
fn may_have_run(status: u16, error: &Error) -> bool {
    match error.upstream() {
        _ if status == 504 => true,
        Some(reach) => reach == Reach::Reached,
        None => status == 502,
    }
}

/// The wait the server asked for, in milliseconds, from `retry-after-ms` (preferred) or
/// `Retry-After` (seconds, possibly fractional, or an HTTP date compared with `now_ms`).
/// A date in the past gives 0; a negative, non-finite or unreadable value is ignored (`None`).
pub fn parse_retry_after(
    retry_after: Option<&str>,
    retry_after_ms: Option<&str>,
    now_ms: f64,
) -> Option<u64> {
    if let Some(ms) = retry_after_ms.and_then(|v| parse_non_negative(v.trim())) {
        return Some(clamp_ms(ms));
    }
    let value = retry_after?.trim();
    if let Some(secs) = parse_non_negative(value) {
        return Some(clamp_ms(secs * 1000.0));
    }
    let date_ms = http_date_ms(value).filter(|ms| ms.is_finite())?;
    Some(clamp_ms((date_ms - now_ms).max(0.0)))
}

/// An HTTP date (RFC 9110: IMF-fixdate and the two obsolete forms) in Unix milliseconds.
pub fn http_date_ms(value: &str) -> Option<f64> {
    crate::http_date::unix_ms(value)
}

/// Unix seconds as an HTTP date (IMF-fixdate, `Tue, 01 Dec 2026 00:00:00 GMT`), as
/// `Last-Modified` carries it.
pub fn http_date(unix_secs: u64) -> String {
    // date_header writes years up to 9999 (the format's four digits): later is that year's end.
    const LAST: u64 = 253_402_300_799; // 9999-12-31T23:59:59Z
    let mut buffer = [0u8; 29];
    match date_header::format(unix_secs.min(LAST), &mut buffer) {
        Ok(()) => String::from_utf8_lossy(&buffer).into_owned(),
        Err(_) => String::from("Fri, 31 Dec 9999 23:59:59 GMT"),
    }
}

/// A plain non-negative decimal number (`120`, `1.5`, `1e20`; not `inf`, `NaN` or `-5`), as
/// `Retry-After` and `retry-after-ms` carry it.
pub fn parse_non_negative(text: &str) -> Option<f64> {
    // Only plain decimal numbers: `120`, `1.5`, `1e20`; not `inf`, `NaN` or `-5`. Read by hand
    // rather than with `str::parse::<f64>`, whose tables cost the browser build about 14 KB
    // (brotli); the few ulps this may differ by do not matter for a wait.
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (text.get(..i)?, Some(text.get(i + 1..)?)),
        None => (text, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut n = 0.0f64;
    for b in whole.bytes() {
        n = n * 10.0 + f64::from(b - b'0');
    }
    let mut scale = 0.1;
    for b in fraction.bytes() {
        n += f64::from(b - b'0') * scale;
        scale /= 10.0;
    }
    if let Some(exp) = exponent {
        let exp = exp.strip_prefix('+').unwrap_or(exp);
        if exp.is_empty() || !digits(exp) {
            return None;
        }
        let e = exp.bytes().fold(0i32, |e, b| {
            e.saturating_mul(10).saturating_add(i32::from(b - b'0'))
        });
        n *= 10f64.powi(e.min(400));
    }
    n.is_finite().then_some(n)
}

fn clamp_ms(ms: f64) -> u64 {
    if ms >= MAX_SAFE_INTEGER as f64 {
        MAX_SAFE_INTEGER
    } else {
        // Non-negative and below 2^53: exact.
        ms.ceil().max(0.0) as u64
    }
}
