//! A value kept until a time: the agent card for its `max-age`, and the A2A 1.0 interface
//! `"auto"` found. Time is an argument (Unix ms, from the call's `Clock`), so expiry is tested
//! natively like the rest of the call loop.

/// A value and the time (Unix ms) it stops being fresh.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept<T> {
    slot: Option<(T, f64)>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Self { slot: None }
    }
}

impl<T> Kept<T> {
    /// Nothing kept.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value, while it is fresh at `now_ms`: fresh strictly before its expiry.
    pub fn fresh(&self, now_ms: f64) -> Option<&T> {
        let (value, expires) = self.slot.as_ref()?;
        (now_ms < *expires).then_some(value)
    }

    /// Keeps `value` for `seconds` from `now_ms` (nothing is kept for 0 seconds).
    pub fn keep(&mut self, value: T, seconds: u64, now_ms: f64) {
        self.slot = (seconds > 0).then_some((value, now_ms + (seconds as f64) * 1000.0));
    }
}
