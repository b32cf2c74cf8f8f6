//! The upstream budget of one account (the operator's token, or one signed-in visitor's): the
//! service allows an account 15 calls a minute, 2 of them `catholic_qa`, so the proxy never sends
//! it more. One budget per account lives in one Durable Object, so the whole fleet counts in one
//! place; per-visitor fairness on a shared account (the per-client limits) is counted beside it.
//! Pure: the clock comes with each call.
//!
//! **Grants.** A call asks the object, which lets it through or refuses it. A call let through
//! is counted as made [`GRANT_MS`] after the object let it through (by the object's clock), and
//! the isolate sends it only if the answer came back within [`USE_MS`] of the ask (by the
//! isolate's clock); a later answer is not used (its call is given back, below), and the call
//! asks again (`lease.rs`, `io.rs`).
//!
//! **Leases.** When the windows have plenty of room (at least [`LEASE_SHARE`] more calls of the
//! kind), a call that is let through also takes a few more of the same client and kind
//! ([`Taken::lease`]): as many as the isolate asking made in the last [`USE_MS`] (its `want`, so
//! an isolate that sees one call now and then is leased nothing), at most [`LEASE_MAX`] and a
//! [`LEASE_SHARE`]th of the room. They are counted and stored with the call that asked, as made
//! at the same time, and the isolate makes them without asking again, under the same rule: until
//! [`USE_MS`] after its ask. A lease the isolate does not use only lowers what is left for that
//! minute. With the service's own limits (15 a minute, 2 of them `catholic_qa`) there is never
//! that much room, and every call asks the object.
//!
//! **Why the fleet never sends an account more than its limit in any 60 s.** Call a grant's
//! time `g` (the object's clock), the time the isolate sent the ask `s` and a call's sending `m`.
//! The ask was sent before the object received it, and a call goes only before `s + USE_MS` by
//! the isolate's clock, so `g ≤ m < s + USE_MS ≤ g + USE_MS < g + GRANT_MS`: every call goes
//! between its grant and the time it is counted at, `c = g + GRANT_MS`, and the object holds its
//! slot from `g` until `c` + 60 s, which covers the 60 s after `m`. (Only the two clocks' *rates*
//! matter, not their offset; the half second between `USE_MS` and `GRANT_MS` covers an isolate's
//! clock that stands still while it runs.) The object lets a grant through only while its window
//! holds no more rows than the limit, the grant's rows included. Take any 60 s window and the
//! latest grant `g*` among the calls sent in it: each of those calls was granted at or before
//! `g*` and is counted at `c > m > g* − 60 s`, so each was a row of the window the object checked
//! at `g*`: there are no more of them than the limit. The rows hold across an eviction, a
//! restart or a deploy because the object writes them before its answer leaves
//! (`budget_object.rs`): a grant whose rows were not written is never received, so no call goes
//! on it. "Sent" is when the isolate lets the call go; the way to the service adds its own
//! jitter, which the service's limiter absorbs (its -32029 reaches the client as it came).
//!
//! **Calls given back.** The service counts no call it refused as unauthorized (an expired
//! token, before the refresh and the one retry of `entry.rs`). Such a call, let through by a
//! grant of the object, is given back ([`Budget::give_back`]): its rows leave the windows and the
//! storage, so the retry takes the only unit of the question, not a second one. So is the call of
//! a grant whose answer came too late to be used. Removing a call the service did not count, or
//! that never went, keeps the argument above whole. A call made on a lease is not given
//! back (leases exist only while the minute has at least [`LEASE_SHARE`] calls of room).

use crate::proxy::Limit;
use crate::settings::Settings;
use magisterium_core::serve::limiter::{Limiter, Refusal};

/// The key of the account's own windows in its limiter.
const ACCOUNT: &str = "account";

/// The budget object's name for a call: the operator's account, or the signed-in visitor's
/// upstream account (the issuer's subject, so one account signed in from two browsers has one
/// budget, as the service counts it).
pub fn account_key(account: Option<&str>) -> String {
    match account {
        Some(subject) => format!("account:{subject}"),
        None => "operator".to_owned(),
    }
}

/// One call a budget counted, as its object stores it (a row of its SQLite table), so a
/// restarted, evicted or redeployed object counts it again: the window it was counted in
/// ([`ACCOUNT`], or `client:` and the client's key), whether it was a `catholic_qa`, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    /// The window's name.
    pub window: String,
    /// A `catholic_qa` call.
    pub is_qa: bool,
    /// When it was taken (Unix milliseconds).
    pub at_ms: f64,
}

/// A grant's calls (the call that asked, and its lease) count as made this long after the grant.
pub const GRANT_MS: f64 = 1_000.0;
/// An isolate makes a grant's calls only until this long after it sent the ask (half of
/// [`GRANT_MS`]: the rest covers an isolate clock that stands still while it runs).
pub const USE_MS: f64 = GRANT_MS / 2.0;
/// A lease takes at most this share of the room left (none below it).
const LEASE_SHARE: usize = 32;
/// The most calls one lease holds.
pub const LEASE_MAX: u32 = 64;

/// A call let through: the rows it counted (for the object to store) and the lease that came with
/// it (further calls of the same client and kind, counted already).
#[derive(Debug, Clone, PartialEq)]
pub struct Taken {
    /// The rows: the call's own, then the lease's.
    pub rows: Vec<Counted>,
    /// Calls leased.
    pub lease: u32,
    /// The time they count at (the object's clock): the grant's name, to give a call back.
    pub at_ms: f64,
}

/// One account's windows, and the per-client windows of the visitors sharing it.
#[derive(Debug)]
pub struct Budget {
    account: Limiter,
    /// Per-client limits (`PROXY_RATE_LIMITS`), when on.
    clients: Option<Limiter>,
    /// The longest window, in milliseconds: older calls count nowhere.
    keep_ms: f64,
}

impl Budget {
    /// An empty budget with the limits of `settings`: `UPSTREAM_PER_MINUTE` and
    /// `UPSTREAM_QA_PER_MINUTE` per minute for the account, and the per-client limits.
    pub fn new(settings: &Settings) -> Self {
        let (per_minute, qa_per_minute) = settings.upstream_limits;
        let client_ms = f64::from(settings.proxy_window_secs) * 1000.0;
        Self {
            keep_ms: client_ms.max(magisterium_core::serve::limiter::WINDOW_MS),
            account: Limiter::new(per_minute, qa_per_minute),
            clients: settings.proxy_rate_limits.then(|| {
                let (per_window, qa_per_window) = settings.proxy_limits;
                Limiter::with_window(
                    per_window,
                    qa_per_window,
                    f64::from(settings.proxy_window_secs) * 1000.0,
                )
            }),
        }
    }

    /// Takes one call of `client` at `now_ms` from the budget when both the client's share and
    /// the account have room, with a lease of up to `want` calls (what the isolate expects to
    /// make soon) when the windows have room for it; otherwise refuses it and counts nothing. The
    /// call and its lease are counted as made at `now_ms +` [`GRANT_MS`].
    ///
    /// # Errors
    /// The limit that refused it (the client's share or the account's budget) and the refusal of
    /// its full window, with the whole seconds until a call may pass.
    pub fn take_counted(
        &mut self,
        client: &str,
        is_qa: bool,
        want: u32,
        now_ms: f64,
    ) -> Result<Taken, (Limit, Refusal)> {
        if let Some(clients) = &mut self.clients {
            clients
                .admits(client, is_qa, now_ms)
                .map_err(|r| (Limit::Client, r))?;
        }
        self.account
            .admits(ACCOUNT, is_qa, now_ms)
            .map_err(|r| (Limit::Account, r))?;
        // The room after the call itself.
        let mut room = self.account.room(ACCOUNT, is_qa, now_ms).saturating_sub(1);
        if let Some(clients) = &mut self.clients {
            room = room.min(clients.room(client, is_qa, now_ms).saturating_sub(1));
        }
        let lease = (room / LEASE_SHARE).min(want.min(LEASE_MAX) as usize);
        let at_ms = now_ms + GRANT_MS;
        let mut rows = Vec::new();
        for _ in 0..=lease {
            self.account.count(ACCOUNT, is_qa, at_ms);
            rows.push(Counted {
                window: ACCOUNT.to_owned(),
                is_qa,
                at_ms,
            });
            // A visitor's share is the operator's fairness, not the service's limit: counted
            // when let through, as the isolate's own per-visitor limiter (which runs first)
            // counts it, so both free a slot at once and the Retry-After of either holds.
            if let Some(clients) = &mut self.clients {
                clients.count(client, is_qa, now_ms);
                rows.push(Counted {
                    window: format!("client:{client}"),
                    is_qa,
                    at_ms: now_ms,
                });
            }
        }
        Ok(Taken {
            rows,
            lease: lease as u32,
            at_ms,
        })
    }

    /// Gives back one call of `client` let through by the grant counted at `at_ms`, which the
    /// service refused as unauthorized (it counts no call it did not authenticate): the rows to
    /// delete from storage, none when no such call is counted.
    pub fn give_back(&mut self, client: &str, is_qa: bool, at_ms: f64) -> Vec<Counted> {
        let mut rows = Vec::new();
        if !self.account.uncount(ACCOUNT, is_qa, at_ms) {
            return rows;
        }
        rows.push(Counted {
            window: ACCOUNT.to_owned(),
            is_qa,
            at_ms,
        });
        if let Some(clients) = &mut self.clients {
            // The visitor's row is at the decision, a grant's time before the account's.
            let decided_ms = at_ms - GRANT_MS;
            if clients.uncount(client, is_qa, decided_ms) {
                rows.push(Counted {
                    window: format!("client:{client}"),
                    is_qa,
                    at_ms: decided_ms,
                });
            }
        }
        rows
    }

    /// Counts a stored call again (an object starting on its stored rows, oldest first).
    pub fn restore(&mut self, counted: &Counted) {
        let Counted {
            window,
            is_qa,
            at_ms,
        } = counted;
        if window == ACCOUNT {
            self.account.count(ACCOUNT, *is_qa, *at_ms);
        } else if let (Some(client), Some(clients)) =
            (window.strip_prefix("client:"), &mut self.clients)
        {
            clients.count(client, *is_qa, *at_ms);
        }
    }

    /// Calls taken at or before this time count in no window any more (their rows can go).
    pub fn forgotten_before(&self, now_ms: f64) -> f64 {
        now_ms - self.keep_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use magisterium_core::serve::limiter::Pool;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> Settings {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Settings::from_vars(|name| vars.get(name).cloned())
    }

    /// One call alone (no lease).
    fn take(b: &mut Budget, client: &str, is_qa: bool, now: f64) -> Result<(), (Limit, Refusal)> {
        b.take_counted(client, is_qa, 0, now).map(|_| ())
    }

    #[test]
    fn the_account_gets_fifteen_a_minute_two_of_them_qa_whoever_calls() {
        let mut b = Budget::new(&settings(&[("PROXY_RATE_LIMITS", "off")]));
        assert_eq!(take(&mut b, "a", true, 0.0), Ok(()));
        assert_eq!(take(&mut b, "b", true, 1_000.0), Ok(()));
        let (limit, refused) = take(&mut b, "c", true, 2_000.0).unwrap_err();
        assert_eq!(limit, Limit::Account);
        assert_eq!(refused.pool, Pool::CatholicQa);
        // Counted as made a second after each grant: the first slot frees up at 61 s.
        assert_eq!(refused.retry_after_secs, 59);
        for i in 0..13 {
            assert_eq!(
                take(&mut b, &format!("k{i}"), false, 3_000.0),
                Ok(()),
                "{i}"
            );
        }
        assert_eq!(
            take(&mut b, "z", false, 3_000.0).unwrap_err().1.pool,
            Pool::Default
        );
        // A minute after the first call was counted, its slot is free again.
        assert!(take(&mut b, "c", true, 60_999.0).is_err());
        assert_eq!(take(&mut b, "c", true, 61_000.0), Ok(()));
    }

    #[test]
    fn a_budget_restored_from_its_stored_calls_refuses_what_the_first_one_would() {
        let s = settings(&[]);
        let mut first = Budget::new(&s);
        let mut rows = first.take_counted("a", true, 15, 0.0).unwrap().rows;
        rows.extend(first.take_counted("b", true, 15, 1_000.0).unwrap().rows);
        assert_eq!(rows.len(), 4, "the account's window and each client's");
        // A restart: a new object on the same rows.
        let mut again = Budget::new(&s);
        let horizon = again.forgotten_before(2_000.0);
        for row in rows.iter().filter(|r| r.at_ms > horizon) {
            again.restore(row);
        }
        let (_, refused) = take(&mut again, "c", true, 2_000.0).unwrap_err();
        assert_eq!(
            (refused.pool, refused.retry_after_secs),
            (Pool::CatholicQa, 59)
        );
        // Without the rows, the same call would pass.
        assert!(take(&mut Budget::new(&s), "c", true, 2_000.0).is_ok());
        // A minute on, the rows are forgotten.
        assert_eq!(again.forgotten_before(61_000.0), 1_000.0);
        assert!(take(&mut again, "c", true, 61_000.0).is_ok());
    }

    /// A call the service refused as unauthorized is given back before the retry that follows a
    /// refresh, so one question on an expired token takes one unit of the pool, not two.
    #[test]
    fn a_call_the_service_refused_as_unauthorized_is_given_back() {
        let mut b = Budget::new(&settings(&[]));
        let first = b.take_counted("a", true, 0, 0.0).unwrap();
        assert_eq!(b.give_back("a", true, first.at_ms), first.rows);
        assert!(take(&mut b, "a", true, 500.0).is_ok(), "the retry");
        assert!(
            take(&mut b, "a", true, 600.0).is_ok(),
            "the pool's second call"
        );
        assert!(take(&mut b, "a", true, 700.0).is_err());
        assert!(
            b.give_back("a", true, first.at_ms).is_empty(),
            "nothing given back twice"
        );
        assert!(
            b.give_back("a", true, 1_234.0).is_empty(),
            "nor never taken"
        );
    }

    #[test]
    fn a_client_over_its_share_is_refused_without_spending_the_account() {
        let s = settings(&[("PROXY_PER_MINUTE", "2"), ("PROXY_QA_PER_MINUTE", "1")]);
        let mut b = Budget::new(&s);
        assert_eq!(take(&mut b, "greedy", false, 0.0), Ok(()));
        assert_eq!(take(&mut b, "greedy", false, 0.0), Ok(()));
        for _ in 0..5 {
            assert_eq!(
                take(&mut b, "greedy", false, 10.0).unwrap_err().0,
                Limit::Client
            );
        }
        // The refusals took nothing from the account: 13 more calls of others pass.
        for i in 0..13 {
            assert_eq!(
                take(&mut b, &format!("other{i}"), false, 20.0),
                Ok(()),
                "{i}"
            );
        }
        assert_eq!(
            take(&mut b, "late", false, 30.0).unwrap_err().0,
            Limit::Account
        );
    }

    #[test]
    fn the_services_limits_never_lease() {
        let mut b = Budget::new(&settings(&[]));
        for i in 0..15 {
            let taken = b.take_counted("a", false, 15, f64::from(i)).unwrap();
            assert_eq!(taken.lease, 0, "{i}");
        }
        assert!(b.take_counted("a", false, 15, 20.0).is_err());
    }

    #[test]
    fn a_lease_is_no_bigger_than_the_isolate_wants() {
        let s = settings(&[
            ("PROXY_RATE_LIMITS", "off"),
            ("UPSTREAM_PER_MINUTE", "100000"),
        ]);
        let mut b = Budget::new(&s);
        let lease = |b: &mut Budget, want| b.take_counted("a", false, want, 0.0).unwrap().lease;
        assert_eq!(lease(&mut b, 0), 0, "a call now and then: nothing ahead");
        assert_eq!(lease(&mut b, 3), 3);
        assert_eq!(lease(&mut b, 400), LEASE_MAX);
        let rows = b.take_counted("a", false, 0, 0.0).unwrap().rows;
        assert_eq!(rows.len(), 1, "the call's own row only");
    }

    #[test]
    fn a_lease_is_counted_at_once_and_stored() {
        let s = settings(&[("PROXY_RATE_LIMITS", "off"), ("UPSTREAM_PER_MINUTE", "640")]);
        let mut b = Budget::new(&s);
        let taken = b.take_counted("a", false, 15, 0.0).unwrap();
        assert_eq!(taken.lease, 15, "639 left: 19 by share, 15 wanted");
        assert_eq!(taken.rows.len(), 16);
        assert!(taken.rows.iter().all(|r| r.at_ms == GRANT_MS));
        // The leased calls are counted: 640 − 16 more fit, then none.
        for i in 0..624 {
            assert!(take(&mut b, "b", false, 1.0).is_ok(), "{i}");
        }
        assert!(take(&mut b, "b", false, 1.0).is_err());
        // The restarted object counts the lease again from its rows.
        let mut again = Budget::new(&s);
        for row in &taken.rows {
            again.restore(row);
        }
        let room = (0..640)
            .take_while(|_| take(&mut again, "b", false, 1.0).is_ok())
            .count();
        assert_eq!(room, 624);
    }
}
