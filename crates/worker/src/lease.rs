//! The leases of the upstream-budget objects an isolate holds ([`super::budget`], "Leases"): calls
//! an object let through ahead, which this isolate makes without asking it again, while they last;
//! and what it asks for, which is what it made in the last [`LEASE_USE_MS`], so an isolate that
//! sees a call now and then holds nothing it will not use. Pure: the clock comes with each call.

use std::collections::{HashMap, VecDeque};

use super::budget::{LEASE_MAX, LEASE_MS, LEASE_USE_MS};

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
    recent: VecDeque<f64>,
    /// Until when the object is being asked for a lease (one ask at a time per key, so calls
    /// that arrive together do not each take one; it lapses should the ask never come back).
    asking_until_ms: f64,
}

/// What one call does about the budget object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// A leased call was left: it goes without asking.
    Go,
    /// Ask the object, for this many calls ahead.
    Ask(u32),
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
        while lease
            .recent
            .front()
            .is_some_and(|&at| at <= now_ms - LEASE_USE_MS)
        {
            lease.recent.pop_front();
        }
        let made = lease.recent.len() as u32;
        if lease.recent.len() == LEASE_MAX as usize {
            lease.recent.pop_front();
        }
        lease.recent.push_back(now_ms);
        if lease.left > 0 && now_ms < lease.until_ms {
            lease.left -= 1;
            return Next::Go;
        }
        if made == 0 || now_ms < lease.asking_until_ms {
            return Next::Ask(0);
        }
        lease.asking_until_ms = now_ms + LEASE_MS;
        Next::Ask(made)
    }

    /// The object's answer to an ask for calls ahead ([`Next::Ask`] with more than 0), received
    /// at `now_ms`: `calls` leased (0 when it refused or failed). Calls still left of an earlier
    /// lease stay, until the earlier of the two ends.
    pub fn answered(&mut self, account: &str, client: &str, is_qa: bool, calls: u32, now_ms: f64) {
        let key = (account.to_owned(), client.to_owned(), is_qa);
        let Some(lease) = self.held.get_mut(&key) else {
            return;
        };
        lease.asking_until_ms = 0.0;
        if calls == 0 {
            return;
        }
        let until_ms = now_ms + LEASE_USE_MS;
        if lease.left > 0 && now_ms < lease.until_ms {
            lease.left = lease.left.saturating_add(calls);
            lease.until_ms = lease.until_ms.min(until_ms);
        } else {
            lease.left = calls;
            lease.until_ms = until_ms;
        }
    }
}

impl Lease {
    /// Calls left to make, calls made lately, or an ask under way.
    fn busy(&self, now_ms: f64) -> bool {
        (self.left > 0 && now_ms < self.until_ms)
            || self
                .recent
                .back()
                .is_some_and(|&at| at > now_ms - LEASE_USE_MS)
            || now_ms < self.asking_until_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(leases: &mut Leases, client: &str, is_qa: bool, now: f64) -> Next {
        leases.call("operator", client, is_qa, now)
    }

    #[test]
    fn an_isolate_asks_for_what_it_made_in_the_last_half_second() {
        let mut leases = Leases::default();
        assert_eq!(
            call(&mut leases, "a", false, 0.0),
            Next::Ask(0),
            "the first call"
        );
        leases.answered("operator", "a", false, 0, 1.0);
        assert_eq!(call(&mut leases, "a", false, 100.0), Next::Ask(1));
        leases.answered("operator", "a", false, 0, 101.0);
        assert_eq!(call(&mut leases, "a", false, 200.0), Next::Ask(2));
        leases.answered("operator", "a", false, 0, 201.0);
        assert_eq!(
            call(&mut leases, "a", false, 200.0 + LEASE_USE_MS),
            Next::Ask(0),
            "a call now and then"
        );
        for i in 0..40 {
            let _ = call(&mut leases, "b", false, f64::from(i));
        }
        leases.answered("operator", "b", false, 0, 41.0);
        assert_eq!(call(&mut leases, "b", false, 42.0), Next::Ask(40));
        for i in 0..400 {
            let _ = call(&mut leases, "c", false, f64::from(i));
        }
        leases.answered("operator", "c", false, 0, 401.0);
        assert_eq!(call(&mut leases, "c", false, 402.0), Next::Ask(LEASE_MAX));
    }

    #[test]
    fn one_call_of_a_key_asks_at_a_time() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 0.0);
        assert_eq!(call(&mut leases, "a", false, 1.0), Next::Ask(1));
        assert_eq!(
            call(&mut leases, "a", false, 2.0),
            Next::Ask(0),
            "asking already"
        );
        assert_eq!(call(&mut leases, "a", false, LEASE_MS), Next::Ask(0));
        assert_eq!(
            call(&mut leases, "a", false, 1.0 + LEASE_MS),
            Next::Ask(1),
            "an ask that never came back lapses"
        );
    }

    #[test]
    fn a_lease_serves_its_client_and_kind_while_it_lasts() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 99.0);
        assert_eq!(call(&mut leases, "a", false, 100.0), Next::Ask(1));
        leases.answered("operator", "a", false, 2, 100.0);
        assert_eq!(
            call(&mut leases, "a", true, 100.0),
            Next::Ask(0),
            "another kind"
        );
        assert_eq!(
            call(&mut leases, "z", false, 100.0),
            Next::Ask(0),
            "another client"
        );
        assert_eq!(call(&mut leases, "a", false, 100.0), Next::Go);
        assert_ne!(
            call(&mut leases, "a", false, 100.0 + LEASE_USE_MS),
            Next::Go,
            "expired"
        );
    }

    #[test]
    fn a_second_lease_adds_its_calls_until_the_first_ends() {
        let mut leases = Leases::default();
        let _ = call(&mut leases, "a", false, 0.0);
        let _ = call(&mut leases, "a", false, 1.0);
        leases.answered("operator", "a", false, 1, 10.0);
        leases.answered("operator", "a", false, 2, 200.0);
        assert_eq!(call(&mut leases, "a", false, 300.0), Next::Go);
        assert_eq!(call(&mut leases, "a", false, 300.0), Next::Go);
        assert_ne!(
            call(&mut leases, "a", false, 10.0 + LEASE_USE_MS),
            Next::Go,
            "one call left, but none after the first lease's end"
        );
    }
}
