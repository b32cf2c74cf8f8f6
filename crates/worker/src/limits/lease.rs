//! The leases of the upstream-budget objects an isolate holds ([`crate::limits::budget`], "Leases"): calls
//! an object let through ahead, which this isolate makes without asking it again, while they last;
//! and what it asks for, which is what it made in the last [`USE_MS`], so an isolate that sees a
//! call now and then holds nothing it will not use. A grant (the call that asked, and its lease)
//! may be used until [`USE_MS`] after the isolate *sent* its ask, by the isolate's own clock: an
//! answer that arrives later is not used at all (the call asks again). Pure: the clock comes with
//! each call.

use std::collections::HashMap;

use crate::limits::budget::{LEASE_MAX, USE_MS};

/// The leases an isolate holds, by account, client and kind (`catholic_qa` or not).
#[derive(Debug, Default)]
pub struct Leases {
    held: HashMap<(String, String, bool), Lease>,
}

#[derive(Debug, Default)]
struct Lease {
    /// Calls left.
    left: u32,
    /// Until when they may be made.
    until_ms: f64,
    /// When this isolate's last calls of the key were (at most [`LEASE_MAX`] kept).
    recent: Vec<f64>,
    /// Until when the object is being asked for a lease (one ask at a time per key, so calls
    /// that arrive together do not each take one; it lapses when its answer could no longer be
    /// used, [`USE_MS`] after it was sent).
    asking_until_ms: f64,
}

/// What one call does about the budget object.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// A leased call was left: it goes without asking.
    Go,
    /// Ask the object (and give this to [`Leases::answered`] with its answer).
    Ask(Ask),
}

/// An ask of the budget object: for how many calls ahead, and when it was sent (this isolate's
/// clock, milliseconds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ask {
    /// Calls ahead wanted (0: the call alone).
    pub want: u32,
    /// When the ask was sent.
    pub at_ms: f64,
}

/// Keys an isolate keeps; past that, the idle ones go (and all of them, if still full).
const LEASES_KEPT: usize = 1024;

impl Leases {
    /// One call of `client` on `account` at `now_ms`: spends a leased call when one is left,
    /// else says how many to ask for (none while another call of the key is asking).
    pub fn call(&mut self, account: &str, client: &str, is_qa: bool, now_ms: f64) -> Next {
        if self.held.len() >= LEASES_KEPT {
            self.held.retain(|_, lease| lease.busy(now_ms));
            if self.held.len() >= LEASES_KEPT {
                self.held.clear();
            }
        }
        let key = (account.to_owned(), client.to_owned(), is_qa);
        let lease = self.held.entry(key).or_default();
        lease.recent.retain(|&at| at > now_ms - USE_MS);
        let made = lease.recent.len() as u32;
        if lease.recent.len() == LEASE_MAX as usize {
            lease.recent.remove(0);
        }
        lease.recent.push(now_ms);
        if lease.left > 0 && now_ms < lease.until_ms {
            lease.left -= 1;
            return Next::Go;
        }
        let alone = Ask {
            want: 0,
            at_ms: now_ms,
        };
        if made == 0 || now_ms < lease.asking_until_ms {
            return Next::Ask(alone);
        }
        lease.asking_until_ms = now_ms + USE_MS;
        Next::Ask(Ask {
            want: made,
            ..alone
        })
    }

    /// The object's answer to `ask`, received at `now_ms`: `calls` leased (0 when it refused or
    /// failed, or leased none). True when the call that asked may go: the answer came within
    /// [`USE_MS`] of the ask; a later one is dropped, its lease with it. (A key asks for a lease
    /// only when it holds none, and one ask at a time: nothing is left of an earlier lease.)
    pub fn answered(
        &mut self,
        (account, client, is_qa): (&str, &str, bool),
        ask: Ask,
        calls: u32,
        now_ms: f64,
    ) -> bool {
        let until_ms = ask.at_ms + USE_MS;
        let in_time = now_ms < until_ms;
        let key = (account.to_owned(), client.to_owned(), is_qa);
        let Some(lease) = self.held.get_mut(&key) else {
            return in_time;
        };
        if ask.want > 0 && lease.asking_until_ms == until_ms {
            lease.asking_until_ms = 0.0;
        }
        if calls == 0 || !in_time {
            return in_time;
        }
        lease.left = calls;
        lease.until_ms = until_ms;
        true
    }
}

impl Lease {
    /// Calls left to make, calls made lately, or an ask under way.
    fn busy(&self, now_ms: f64) -> bool {
        (self.left > 0 && now_ms < self.until_ms)
            || self.recent.last().is_some_and(|&at| at > now_ms - USE_MS)
            || now_ms < self.asking_until_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(leases: &mut Leases, client: &str, is_qa: bool, now: f64) -> Next {
        leases.call("operator", client, is_qa, now)
    }

    /// The want of a call that asks.
    fn want(next: Next) -> Option<u32> {
        match next {
            Next::Ask(ask) => Some(ask.want),
            Next::Go => None,
        }
    }

    /// A call that asks, answered at `then` with `calls` leased: whether it may go.
    fn ask_answered(leases: &mut Leases, client: &str, now: f64, calls: u32, then: f64) -> bool {
        let Next::Ask(ask) = call(leases, client, false, now) else {
            panic!("a leased call went at {now}");
        };
        leases.answered(("operator", client, false), ask, calls, then)
    }

    #[test]
    fn an_isolate_asks_for_what_it_made_in_the_last_half_second() {
        let mut leases = Leases::default();
        assert!(
            ask_answered(&mut leases, "a", 0.0, 0, 1.0),
            "the first call"
        );
        assert_eq!(want(call(&mut leases, "a", false, 100.0)), Some(1));
        assert_eq!(
            want(call(&mut leases, "a", false, 101.0 + USE_MS)),
            Some(0),
            "a call now and then"
        );
        for i in 0..40 {
            let _ = call(&mut leases, "b", false, f64::from(i));
        }
        assert_eq!(want(call(&mut leases, "b", false, 42.0)), Some(0), "asking");
        for i in 0..LEASE_MAX * 2 {
            let _ = call(&mut leases, "e", false, f64::from(i));
        }
        assert_eq!(
            want(call(&mut leases, "e", false, 1.0 + USE_MS)),
            Some(LEASE_MAX),
            "an ask lapses when its answer could no longer be used; at most LEASE_MAX"
        );
    }

    #[test]
    fn one_call_of_a_key_asks_at_a_time() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 0.0);
        assert_eq!(want(call(&mut leases, "a", false, 1.0)), Some(1));
        assert_eq!(
            want(call(&mut leases, "a", false, 2.0)),
            Some(0),
            "asking already"
        );
        assert_eq!(want(call(&mut leases, "a", false, USE_MS)), Some(0));
        assert_ne!(
            want(call(&mut leases, "a", false, 1.0 + USE_MS)),
            Some(0),
            "an ask that never came back lapses"
        );
    }

    #[test]
    fn a_lease_serves_its_client_and_kind_until_half_a_second_after_its_ask() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 99.0);
        assert!(ask_answered(&mut leases, "a", 100.0, 3, 400.0));
        assert_eq!(
            want(call(&mut leases, "a", true, 400.0)),
            Some(0),
            "another kind"
        );
        assert_eq!(
            want(call(&mut leases, "z", false, 400.0)),
            Some(0),
            "another client"
        );
        assert_eq!(call(&mut leases, "a", false, 400.0), Next::Go);
        assert_eq!(call(&mut leases, "a", false, 99.0 + USE_MS), Next::Go);
        assert_ne!(
            call(&mut leases, "a", false, 100.0 + USE_MS),
            Next::Go,
            "expired: half a second after the ask, however late the answer came"
        );
    }

    #[test]
    fn an_answer_later_than_half_a_second_after_its_ask_is_not_used() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 0.0);
        assert!(
            !ask_answered(&mut leases, "a", 10.0, 5, 10.0 + USE_MS),
            "the call that asked does not go"
        );
        assert_ne!(
            call(&mut leases, "a", false, 11.0 + USE_MS),
            Next::Go,
            "nor its lease"
        );
        let Next::Ask(alone) = call(&mut leases, "b", false, 0.0) else {
            panic!("no lease");
        };
        assert!(!leases.answered(("operator", "b", false), alone, 0, USE_MS));
    }
}
