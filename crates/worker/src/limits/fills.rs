//! The keys being filled, as the account's budget object keeps them: one upstream call per cache
//! key at a time across every isolate that calls the account (each isolate already gathers its
//! own identical misses, `workerd::coalesce`). Pure: the clock comes with each call.
//!
//! A cacheable miss asks the object for its call with the cache key. No call of the key out: it
//! takes its budget as any call does and, let through, holds the key ([`Turn::Lead`]) until it
//! reports the answer kept in the cache, or not ([`Fills::done`]). A call of the key out: it
//! waits ([`Turn::Wait`]) and is told [`Settled::Filled`] (the answer is in the cache: read it)
//! or [`Settled::Open`] (the holder failed, was refused, or did not report in time: make a call
//! of its own). A holder that dies never reports; its key is let go at its deadline
//! ([`Fills::expire`]), the upstream call's time budget and [`REPORT_MS`], so no wait is longer.
//! The object hands out no answer: each caller reads the cache and builds its own Task.

use std::collections::HashMap;

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
        /// When the key is let go without a report.
        until_ms: f64,
    },
    /// A call of the key is out: wait to be settled, as `waiter`.
    Wait {
        /// Names this waiter among the settled.
        waiter: u64,
    },
    /// Too much in flight: go as a call that holds nothing.
    Alone,
}

/// How a wait ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// The holder's answer is in the cache.
    Filled,
    /// No answer was kept: make a call of your own.
    Open,
}

#[derive(Debug)]
struct Fill {
    holder: u64,
    until_ms: f64,
    waiters: Vec<u64>,
}

/// The keys whose call is out, with their waiters.
#[derive(Debug, Default)]
pub struct Fills {
    keys: HashMap<String, Fill>,
    next: u64,
    /// Waiters of keys let go by [`Fills::turn`] (past their deadline), for [`Fills::expire`].
    let_go: Vec<u64>,
}

/// How long the holder of a call may hold its key: the upstream call's budget (Q&A's or the
/// others', `UPSTREAM_TIMEOUT_MS`) and [`REPORT_MS`].
pub fn hold_ms(settings: &Settings, is_qa: bool) -> f64 {
    upstream_timeout_ms(settings, is_qa) as f64 + REPORT_MS
}

impl Fills {
    /// A cacheable miss of `key` at `now_ms`, whose call may take `hold_ms`. A key past its
    /// deadline is led again; its waiters are in [`Fills::expire`]'s next list.
    pub fn turn(&mut self, key: &str, hold_ms: f64, now_ms: f64) -> Turn {
        self.next += 1;
        let id = self.next;
        if let Some(fill) = self.keys.get_mut(key) {
            if now_ms < fill.until_ms {
                if fill.waiters.len() >= WAITERS_MAX {
                    return Turn::Alone;
                }
                fill.waiters.push(id);
                return Turn::Wait { waiter: id };
            }
        } else if self.keys.len() >= KEYS_MAX {
            return Turn::Alone;
        }
        let until_ms = now_ms + hold_ms;
        let fill = Fill {
            holder: id,
            until_ms,
            waiters: Vec::new(),
        };
        if let Some(mut late) = self.keys.insert(key.to_owned(), fill) {
            self.let_go.append(&mut late.waiters);
        }
        Turn::Lead {
            holder: id,
            until_ms,
        }
    }

    /// The holder `holder` of `key` is done: `filled` when its answer is in the cache. Its
    /// waiters, and how their wait ended; none when `holder` no longer holds the key (it was let
    /// go at its deadline, and another may hold it now).
    pub fn done(&mut self, key: &str, holder: u64, filled: bool) -> (Vec<u64>, Settled) {
        let settled = if filled {
            Settled::Filled
        } else {
            Settled::Open
        };
        match self.keys.get(key) {
            Some(fill) if fill.holder == holder => {
                let waiters = self.keys.remove(key).map(|f| f.waiters);
                (waiters.unwrap_or_default(), settled)
            }
            _ => (Vec::new(), settled),
        }
    }

    /// Lets go the keys whose holder has not reported by `now_ms`: their waiters, each to make a
    /// call of its own ([`Settled::Open`]).
    pub fn expire(&mut self, now_ms: f64) -> Vec<u64> {
        let mut open = std::mem::take(&mut self.let_go);
        self.keys.retain(|_, fill| {
            let keep = now_ms < fill.until_ms;
            if !keep {
                open.append(&mut fill.waiters);
            }
            keep
        });
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOLD: f64 = 20_000.0;

    fn lead(turn: Turn) -> u64 {
        match turn {
            Turn::Lead { holder, .. } => holder,
            other => panic!("not a lead: {other:?}"),
        }
    }

    fn wait(turn: Turn) -> u64 {
        match turn {
            Turn::Wait { waiter } => waiter,
            other => panic!("not a wait: {other:?}"),
        }
    }

    #[test]
    fn identical_misses_wait_for_the_one_call_out_and_read_what_it_filled() {
        let mut f = Fills::default();
        let holder = lead(f.turn("k", HOLD, 0.0));
        let w1 = wait(f.turn("k", HOLD, 10.0));
        let w2 = wait(f.turn("k", HOLD, 20.0));
        assert!(lead(f.turn("other", HOLD, 20.0)) > w2, "another key leads");
        assert_eq!(f.done("k", holder, true), (vec![w1, w2], Settled::Filled));
        // The key is free again: the next miss (an entry evicted since) leads.
        lead(f.turn("k", HOLD, 30.0));
    }

    #[test]
    fn a_holder_that_kept_nothing_sends_its_waiters_on_alone() {
        let mut f = Fills::default();
        let holder = lead(f.turn("k", HOLD, 0.0));
        let w = wait(f.turn("k", HOLD, 1.0));
        assert_eq!(f.done("k", holder, false), (vec![w], Settled::Open));
    }

    #[test]
    fn a_holder_that_never_reports_is_let_go_at_its_deadline() {
        let mut f = Fills::default();
        let holder = lead(f.turn("k", HOLD, 0.0));
        let w = wait(f.turn("k", HOLD, 1.0));
        assert!(f.expire(HOLD - 1.0).is_empty(), "not before");
        assert_eq!(f.expire(HOLD), vec![w]);
        // Another call holds the key now; the first holder's late report changes nothing.
        let next = lead(f.turn("k", HOLD, HOLD + 1.0));
        let w2 = wait(f.turn("k", HOLD, HOLD + 2.0));
        assert_eq!(f.done("k", holder, true), (vec![], Settled::Filled));
        assert_eq!(f.done("k", next, true), (vec![w2], Settled::Filled));
    }

    #[test]
    fn a_key_past_its_deadline_is_led_again_and_its_waiters_let_go() {
        let mut f = Fills::default();
        lead(f.turn("k", HOLD, 0.0));
        let w = wait(f.turn("k", HOLD, 1.0));
        lead(f.turn("k", HOLD, HOLD));
        assert_eq!(f.expire(HOLD), vec![w]);
        assert!(f.expire(HOLD).is_empty(), "once");
    }

    #[test]
    fn too_much_in_flight_goes_alone() {
        let mut f = Fills::default();
        for i in 0..KEYS_MAX {
            lead(f.turn(&format!("k{i}"), HOLD, 0.0));
        }
        assert_eq!(f.turn("one more", HOLD, 0.0), Turn::Alone);
        for _ in 0..WAITERS_MAX {
            wait(f.turn("k0", HOLD, 0.0));
        }
        assert_eq!(f.turn("k0", HOLD, 0.0), Turn::Alone);
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
