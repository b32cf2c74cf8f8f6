//! A sliding 60-second window per key with two pools (all skills, and `catholic_qa`), used by the
//! stand-in agent to emulate the service's limits and by the proxy (in its upstream-budget object,
//! or in the isolate without one).

use std::collections::HashMap;

/// The window length.
pub const WINDOW_MS: f64 = 60_000.0;

/// The pool a call is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pool {
    /// Every `message/send`.
    Default,
    /// `catholic_qa` (also counted in `Default`).
    CatholicQa,
    /// The proxy's per-visitor limit on `tasks/get` and `tasks/cancel`, counted apart from the
    /// calls (under its own key).
    Tasks,
    /// The proxy's per-visitor limit on starting a sign-in (`/auth/login`), counted apart.
    SignIn,
}

impl Pool {
    /// The name used in error data (`"default"`, `"catholic_qa"`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::CatholicQa => "catholic_qa",
            Self::Tasks => "tasks",
            Self::SignIn => "sign_in",
        }
    }

    /// The pool of a name; any other name is [`Pool::Default`].
    pub fn from_name(name: &str) -> Self {
        [Self::CatholicQa, Self::Tasks, Self::SignIn]
            .into_iter()
            .find(|pool| pool.name() == name)
            .unwrap_or(Self::Default)
    }

    /// The key a visitor's requests of this pool count under in one [`Limiter`]: the visitor's
    /// own key for the calls' pools (`default`, `catholic_qa`, its two windows), else the key and
    /// the pool's name (`203.0.113.9:tasks`), so the pools never share a window.
    pub fn key(self, visitor: &str) -> String {
        match self {
            Self::Default | Self::CatholicQa => visitor.to_owned(),
            Self::Tasks | Self::SignIn => format!("{visitor}:{}", self.name()),
        }
    }
}

/// A refusal: which pool is full and when a slot frees up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Refusal {
    /// The full pool.
    pub pool: Pool,
    /// Whole seconds until a call may pass again (at least 1).
    pub retry_after_secs: u64,
}

#[derive(Debug, Default)]
struct Windows {
    /// The times of the calls counted, oldest first (a `Vec`: a window holds a few calls, and
    /// `VecDeque`'s code cost the proxy's wasm a kilobyte).
    all: Vec<f64>,
    /// The same, of the `catholic_qa` calls.
    qa: Vec<f64>,
}

/// Per-key sliding windows. Keys idle for a whole window are forgotten, so memory is bounded by
/// the number of keys active in the last minute (and by `max_keys`).
#[derive(Debug)]
pub struct Limiter {
    window_ms: f64,
    per_minute: usize,
    qa_per_minute: usize,
    max_keys: usize,
    keys: HashMap<String, Windows>,
}

impl Limiter {
    /// A limiter allowing `per_minute` calls, `qa_per_minute` of them Q&A, per key and minute.
    pub fn new(per_minute: u32, qa_per_minute: u32) -> Self {
        Self::with_window(per_minute, qa_per_minute, WINDOW_MS)
    }

    /// The same with a window other than a minute (the Rate Limiting binding also offers 10 s).
    pub fn with_window(per_minute: u32, qa_per_minute: u32, window_ms: f64) -> Self {
        Self {
            window_ms: if window_ms > 0.0 {
                window_ms
            } else {
                WINDOW_MS
            },
            per_minute: per_minute as usize,
            qa_per_minute: qa_per_minute as usize,
            max_keys: 100_000,
            keys: HashMap::new(),
        }
    }

    /// Counts a call of `key` at `now_ms` if both pools have room; otherwise refuses it (a refused
    /// call is not counted).
    pub fn check(&mut self, key: &str, is_qa: bool, now_ms: f64) -> Result<(), Refusal> {
        self.admits(key, is_qa, now_ms)?;
        self.count(key, is_qa, now_ms);
        Ok(())
    }

    /// Whether a call of `key` at `now_ms` has room in both pools, without counting it.
    pub fn admits(&mut self, key: &str, is_qa: bool, now_ms: f64) -> Result<(), Refusal> {
        if self.keys.len() >= self.max_keys {
            self.forget_idle(now_ms);
        }
        let window = self.window_ms;
        let w = self.keys.entry(key.to_owned()).or_default();
        trim(&mut w.all, now_ms, window);
        trim(&mut w.qa, now_ms, window);
        if is_qa && w.qa.len() >= self.qa_per_minute {
            return Err(refusal(
                Pool::CatholicQa,
                &w.qa,
                self.qa_per_minute,
                now_ms,
                window,
            ));
        }
        if w.all.len() >= self.per_minute {
            return Err(refusal(
                Pool::Default,
                &w.all,
                self.per_minute,
                now_ms,
                window,
            ));
        }
        Ok(())
    }

    /// Counts a call of `key` at `now_ms` (after [`Limiter::admits`] said yes), in time order
    /// among the others (a call may be counted at a time ahead of the next one's), so each slot
    /// frees up, and a refusal says when, by its own time.
    pub fn count(&mut self, key: &str, is_qa: bool, now_ms: f64) {
        let w = self.keys.entry(key.to_owned()).or_default();
        insert_sorted(&mut w.all, now_ms);
        if is_qa {
            insert_sorted(&mut w.qa, now_ms);
        }
    }

    /// Takes back one call of `key` counted at `at_ms` (a call the service did not count):
    /// false when no such call is counted.
    pub fn uncount(&mut self, key: &str, is_qa: bool, at_ms: f64) -> bool {
        let Some(w) = self.keys.get_mut(key) else {
            return false;
        };
        if is_qa && !remove_one(&mut w.qa, at_ms) {
            return false;
        }
        remove_one(&mut w.all, at_ms)
    }

    /// How many more calls of `key` like this one (a `catholic_qa` when `is_qa`) the windows
    /// have room for at `now_ms`.
    pub fn room(&mut self, key: &str, is_qa: bool, now_ms: f64) -> usize {
        let window = self.window_ms;
        let Some(w) = self.keys.get_mut(key) else {
            return if is_qa {
                self.qa_per_minute.min(self.per_minute)
            } else {
                self.per_minute
            };
        };
        trim(&mut w.all, now_ms, window);
        trim(&mut w.qa, now_ms, window);
        let all = self.per_minute.saturating_sub(w.all.len());
        if is_qa {
            all.min(self.qa_per_minute.saturating_sub(w.qa.len()))
        } else {
            all
        }
    }

    /// Drops keys with no call in the last window.
    pub fn forget_idle(&mut self, now_ms: f64) {
        let window = self.window_ms;
        self.keys
            .retain(|_, w| w.all.last().is_some_and(|t| now_ms - t < window));
    }

    /// Keys currently tracked.
    pub fn tracked_keys(&self) -> usize {
        self.keys.len()
    }
}

/// Inserts `at` after every time not later than it (at the back when it is the latest, as a
/// call counted now always is).
fn insert_sorted(times: &mut Vec<f64>, at: f64) {
    let index = times.partition_point(|&t| t <= at);
    times.insert(index, at);
}

/// Removes one time equal to `at`: whether there was one.
fn remove_one(times: &mut Vec<f64>, at: f64) -> bool {
    let index = times.partition_point(|&t| t < at);
    let found = times.get(index).is_some_and(|&t| t == at);
    if found {
        times.remove(index);
    }
    found
}

/// Forgets the times a whole window old (the first ones: `times` is in time order).
fn trim(times: &mut Vec<f64>, now_ms: f64, window_ms: f64) {
    let stale = times.partition_point(|t| now_ms - t >= window_ms);
    times.drain(..stale);
}

fn refusal(pool: Pool, times: &[f64], limit: usize, now_ms: f64, window_ms: f64) -> Refusal {
    let oldest_needed = times
        .len()
        .checked_sub(limit)
        .and_then(|i| times.get(i))
        .copied()
        .unwrap_or(now_ms);
    let wait_ms = (oldest_needed + window_ms - now_ms).max(0.0);
    Refusal {
        pool,
        retry_after_secs: ((wait_ms / 1000.0).ceil() as u64).max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_pools_per_key() {
        let mut l = Limiter::new(15, 2);
        assert!(l.check("a", true, 0.0).is_ok());
        assert!(l.check("a", true, 1_000.0).is_ok());
        let r = l.check("a", true, 2_000.0);
        assert_eq!(
            r,
            Err(Refusal {
                pool: Pool::CatholicQa,
                retry_after_secs: 58
            })
        );
        // Another key is independent; other skills still pass for "a".
        assert!(l.check("b", true, 2_000.0).is_ok());
        for i in 0..13 {
            assert!(l.check("a", false, 3_000.0 + f64::from(i)).is_ok(), "{i}");
        }
        let r = l.check("a", false, 4_000.0);
        assert_eq!(r.map_err(|r| r.pool), Err(Pool::Default));
        // After the window the first calls have left.
        assert!(l.check("a", true, 60_000.0).is_ok());
        l.forget_idle(200_000.0);
        assert_eq!(l.tracked_keys(), 0);
    }

    #[test]
    fn room_is_what_the_pools_of_the_kind_still_take() {
        let mut l = Limiter::new(15, 2);
        assert_eq!((l.room("a", false, 0.0), l.room("a", true, 0.0)), (15, 2));
        l.count("a", true, 0.0);
        l.count("a", false, 10.0);
        assert_eq!((l.room("a", false, 20.0), l.room("a", true, 20.0)), (13, 1));
        assert_eq!(l.room("b", false, 20.0), 15, "another key");
        // A minute after each call, its slot is free again.
        assert_eq!(
            (l.room("a", false, 60_000.0), l.room("a", true, 60_000.0)),
            (14, 2)
        );
        assert_eq!(l.room("a", false, 60_010.0), 15);
    }

    /// Calls counted out of time order (a grant counted ahead of a call let through after it)
    /// still free their slots, and say when, by their own times.
    #[test]
    fn calls_counted_out_of_order_free_their_slots_on_time() {
        let mut l = Limiter::new(2, 2);
        l.count("k", false, 1_000.0);
        l.count("k", false, 10.0);
        let refused = l.check("k", false, 20.0).map_err(|r| r.retry_after_secs);
        assert_eq!(
            refused,
            Err(60),
            "the slot of the call at 10 ms frees up at 60.01 s"
        );
        assert_eq!(l.room("k", false, 60_500.0), 1);
        assert!(l.check("k", false, 60_500.0).is_ok());
    }

    #[test]
    fn refusals_never_say_zero_seconds() {
        let mut l = Limiter::new(1, 1);
        assert!(l.check("k", false, 0.0).is_ok());
        assert_eq!(
            l.check("k", false, 59_999.5)
                .map_err(|r| r.retry_after_secs),
            Err(1)
        );
    }
}
