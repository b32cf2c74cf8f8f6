//! The keys being filled, as the account's budget object keeps them: one upstream call per cache
//! key at a time across every isolate that calls the account (each isolate already gathers its
//! own identical misses, `workerd::coalesce`). Pure: the clock comes with each call.
//!
//! A cacheable miss asks the object for its call with the cache key. No call of the key out: it
//! takes its budget as any call does and, let through, holds the key ([`Turn::Lead`]) until it
//! reports what it keeps in the cache, or that it keeps nothing ([`Fills::done`]). A call of the
//! key out: it waits ([`Turn::Wait`]) and is handed the holder's cache entry (the artifacts
//! alone: it builds its own Task around them, with its own ids), or, when the holder failed, was
//! refused or did not report in time, nothing: it then makes a call of its own. A holder that
//! dies never reports; its key is let go at its deadline ([`Fills::expire`]), the upstream call's
//! time budget and [`REPORT_MS`], so no wait is longer.

use crate::proxy::upstream_timeout_ms;
use crate::settings::Settings;

/// Time a holder has, after its upstream call's budget, to keep the answer and report it.
pub const REPORT_MS: f64 = 5_000.0;
/// Keys filled at once; past that, a call goes alone (the budget still counts it).
const KEYS_MAX: usize = 1024;
/// Callers waiting on one key; past that, a call goes alone.
const WAITERS_MAX: usize = 256;

/// What a cacheable miss does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Turn {
    /// No call of the key is out: take the budget; when let through, hold the key as `holder`
    /// (else let it go: [`Fills::done`] with nothing kept).
    Lead {
        /// Names this holder to [`Fills::done`].
        holder: u64,
    },
    /// A call of the key is out: wait (the waiter is in the key's list) until its holder is
    /// done, at most until `until_ms`, when the key is let go without a report.
    Wait {
        /// The key's deadline.
        until_ms: f64,
    },
    /// Too much in flight: go as a call that holds nothing.
    Alone,
}

#[derive(Debug)]
struct Fill<W> {
    holder: u64,
    until_ms: f64,
    waiters: Vec<W>,
}

/// The keys whose call is out, with their waiters (`W`: what answers one; a list: the account's
/// budget lets few calls out at once).
#[derive(Debug)]
pub struct Fills<W> {
    keys: Vec<(String, Fill<W>)>,
    next: u64,
    /// Waiters of keys let go by [`Fills::turn`] (past their deadline), for [`Fills::expire`].
    let_go: Vec<W>,
}

impl<W> Default for Fills<W> {
    fn default() -> Self {
        Self {
            keys: Vec::new(),
            next: 0,
            let_go: Vec::new(),
        }
    }
}

/// How long the holder of a call may hold its key: the upstream call's budget (Q&A's or the
/// others', `UPSTREAM_TIMEOUT_MS`) and [`REPORT_MS`].
pub fn hold_ms(settings: &Settings, is_qa: bool) -> f64 {
    upstream_timeout_ms(settings, is_qa) as f64 + REPORT_MS
}

impl<W> Fills<W> {
    /// A cacheable miss of `key` at `now_ms`, whose call may take `hold_ms`; `waiter()` makes
    /// what answers it, should it wait. A key past its deadline is led again; its waiters are in
    /// [`Fills::expire`]'s next list.
    pub fn turn(
        &mut self,
        key: &str,
        hold_ms: f64,
        now_ms: f64,
        waiter: impl FnOnce() -> W,
    ) -> Turn {
        let at = self.keys.iter().position(|(k, _)| k == key);
        if let Some((_, fill)) = at.and_then(|at| self.keys.get_mut(at)) {
            if now_ms < fill.until_ms {
                if fill.waiters.len() >= WAITERS_MAX {
                    return Turn::Alone;
                }
                fill.waiters.push(waiter());
                return Turn::Wait {
                    until_ms: fill.until_ms,
                };
            }
        } else if self.keys.len() >= KEYS_MAX {
            return Turn::Alone;
        }
        self.next += 1;
        let fill = Fill {
            holder: self.next,
            until_ms: now_ms + hold_ms,
            waiters: Vec::new(),
        };
        match at.and_then(|at| self.keys.get_mut(at)) {
            Some((_, late)) => {
                let mut late = std::mem::replace(late, fill);
                self.let_go.append(&mut late.waiters);
            }
            None => self.keys.push((key.to_owned(), fill)),
        }
        Turn::Lead { holder: self.next }
    }

    /// The holder `holder` of `key` is done (with what it kept, or nothing: its waiters get the
    /// same): its waiters; none when `holder` no longer holds the key (it was let go at its
    /// deadline, and another may hold it now).
    pub fn done(&mut self, key: &str, holder: u64) -> Vec<W> {
        let at = self
            .keys
            .iter()
            .position(|(k, f)| k == key && f.holder == holder);
        at.map(|at| self.keys.swap_remove(at).1.waiters)
            .unwrap_or_default()
    }

    /// Lets go the keys whose holder has not reported by `now_ms`: their waiters, each to make a
    /// call of its own.
    pub fn expire(&mut self, now_ms: f64) -> Vec<W> {
        let mut open = std::mem::take(&mut self.let_go);
        let mut i = 0;
        while let Some((_, fill)) = self.keys.get_mut(i) {
            if now_ms < fill.until_ms {
                i += 1;
            } else {
                open.append(&mut self.keys.swap_remove(i).1.waiters);
            }
        }
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOLD: f64 = 20_000.0;

    /// A table whose waiters are numbers.
    type Table = Fills<u32>;

    fn lead(f: &mut Table, key: &str, now: f64) -> u64 {
        match f.turn(key, HOLD, now, || unreachable!("no wait")) {
            Turn::Lead { holder } => holder,
            other => panic!("not a lead: {other:?}"),
        }
    }

    fn wait(f: &mut Table, key: &str, now: f64, waiter: u32) -> f64 {
        match f.turn(key, HOLD, now, || waiter) {
            Turn::Wait { until_ms } => until_ms,
            other => panic!("not a wait: {other:?}"),
        }
    }

    #[test]
    fn identical_misses_wait_for_the_one_call_out_of_their_key() {
        let mut f = Table::default();
        let holder = lead(&mut f, "k", 0.0);
        assert_eq!(
            wait(&mut f, "k", 10.0, 1),
            HOLD,
            "until the holder's deadline"
        );
        wait(&mut f, "k", 20.0, 2);
        assert_ne!(lead(&mut f, "other", 20.0), holder, "another key leads");
        assert_eq!(f.done("k", holder), vec![1, 2]);
        // The key is free again: the next miss (an entry evicted since) leads.
        lead(&mut f, "k", 30.0);
    }

    #[test]
    fn a_holder_that_never_reports_is_let_go_at_its_deadline() {
        let mut f = Table::default();
        let holder = lead(&mut f, "k", 0.0);
        wait(&mut f, "k", 1.0, 1);
        assert!(f.expire(HOLD - 1.0).is_empty(), "not before");
        assert_eq!(f.expire(HOLD), vec![1]);
        // Another call holds the key now; the first holder's late report changes nothing.
        let next = lead(&mut f, "k", HOLD + 1.0);
        wait(&mut f, "k", HOLD + 2.0, 2);
        assert!(f.done("k", holder).is_empty());
        assert_eq!(f.done("k", next), vec![2]);
    }

    #[test]
    fn a_key_past_its_deadline_is_led_again_and_its_waiters_let_go() {
        let mut f = Table::default();
        lead(&mut f, "k", 0.0);
        wait(&mut f, "k", 1.0, 1);
        lead(&mut f, "k", HOLD);
        assert_eq!(f.expire(HOLD), vec![1]);
        assert!(f.expire(HOLD).is_empty(), "once");
    }

    #[test]
    fn expire_lets_go_every_key_past_its_deadline_and_keeps_the_others() {
        let mut f = Table::default();
        for (i, key) in ["a", "b", "c"].iter().enumerate() {
            lead(&mut f, key, i as f64 * 10.0);
            wait(&mut f, key, i as f64 * 10.0, i as u32);
        }
        let mut open = f.expire(HOLD + 10.0);
        open.sort_unstable();
        assert_eq!(open, vec![0, 1]);
        assert_eq!(f.keys.len(), 1, "c is still out");
    }

    #[test]
    fn too_much_in_flight_goes_alone() {
        let mut f = Table::default();
        for i in 0..KEYS_MAX {
            lead(&mut f, &format!("k{i}"), 0.0);
        }
        assert_eq!(f.turn("one more", HOLD, 0.0, || 0), Turn::Alone);
        for i in 0..WAITERS_MAX {
            wait(&mut f, "k0", 0.0, i as u32);
        }
        assert_eq!(f.turn("k0", HOLD, 0.0, || 0), Turn::Alone);
        assert_eq!(f.expire(HOLD).len(), WAITERS_MAX);
        assert!(f.keys.is_empty());
    }

    #[test]
    fn a_holder_has_its_calls_budget_and_time_to_report() {
        let settings = Settings::from_vars(|_| None);
        assert_eq!(hold_ms(&settings, false), 15_000.0 + REPORT_MS);
        assert_eq!(hold_ms(&settings, true), 55_000.0 + REPORT_MS);
        let set = Settings::from_vars(|n| (n == "UPSTREAM_TIMEOUT_MS").then(|| "3000".to_owned()));
        assert_eq!(hold_ms(&set, true), 3_000.0 + REPORT_MS);
    }
}
