//! The upstream budget of one account (the operator's token, or one signed-in visitor's): the
//! service allows an account 15 calls a minute, 2 of them `catholic_qa`, so the proxy never sends
//! it more. One budget per account lives in one Durable Object, so the whole fleet counts in one
//! place; per-visitor fairness on a shared account (the per-client limits) is counted beside it.
//! Pure: the clock comes with each call.

use super::proxy::Limit;
use super::settings::Settings;
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
    /// the account have room; otherwise refuses it and counts nothing.
    ///
    /// # Errors
    /// The limit that refused it (the client's share or the account's budget) and the refusal of
    /// its full window, with the whole seconds until a call may pass.
    pub fn take(&mut self, client: &str, is_qa: bool, now_ms: f64) -> Result<(), (Limit, Refusal)> {
        if let Some(clients) = &mut self.clients {
            clients
                .admits(client, is_qa, now_ms)
                .map_err(|r| (Limit::Client, r))?;
        }
        self.account
            .admits(ACCOUNT, is_qa, now_ms)
            .map_err(|r| (Limit::Account, r))?;
        if let Some(clients) = &mut self.clients {
            clients.count(client, is_qa, now_ms);
        }
        self.account.count(ACCOUNT, is_qa, now_ms);
        Ok(())
    }

    /// [`Budget::take`], and what it counted, for the object to store.
    ///
    /// # Errors
    /// As [`Budget::take`].
    pub fn take_counted(
        &mut self,
        client: &str,
        is_qa: bool,
        now_ms: f64,
    ) -> Result<Vec<Counted>, (Limit, Refusal)> {
        self.take(client, is_qa, now_ms)?;
        let row = |window: String| Counted {
            window,
            is_qa,
            at_ms: now_ms,
        };
        let mut rows = vec![row(ACCOUNT.to_owned())];
        if self.clients.is_some() {
            rows.push(row(format!("client:{client}")));
        }
        Ok(rows)
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

    #[test]
    fn the_account_gets_fifteen_a_minute_two_of_them_qa_whoever_calls() {
        let mut b = Budget::new(&settings(&[("PROXY_RATE_LIMITS", "off")]));
        assert_eq!(b.take("a", true, 0.0), Ok(()));
        assert_eq!(b.take("b", true, 1_000.0), Ok(()));
        let (limit, refused) = b.take("c", true, 2_000.0).unwrap_err();
        assert_eq!(limit, Limit::Account);
        assert_eq!(refused.pool, Pool::CatholicQa);
        assert_eq!(refused.retry_after_secs, 58);
        for i in 0..13 {
            assert_eq!(b.take(&format!("k{i}"), false, 3_000.0), Ok(()), "{i}");
        }
        assert_eq!(
            b.take("z", false, 3_000.0).unwrap_err().1.pool,
            Pool::Default
        );
        // A minute after the first call its slot is free again.
        assert_eq!(b.take("c", true, 60_000.0), Ok(()));
    }

    #[test]
    fn a_budget_restored_from_its_stored_calls_refuses_what_the_first_one_would() {
        let s = settings(&[]);
        let mut first = Budget::new(&s);
        let mut rows = first.take_counted("a", true, 0.0).unwrap();
        rows.extend(first.take_counted("b", true, 1_000.0).unwrap());
        assert_eq!(rows.len(), 4, "the account's window and each client's");
        // A restart: a new object on the same rows.
        let mut again = Budget::new(&s);
        let horizon = again.forgotten_before(2_000.0);
        for row in rows.iter().filter(|r| r.at_ms > horizon) {
            again.restore(row);
        }
        let (_, refused) = again.take("c", true, 2_000.0).unwrap_err();
        assert_eq!(
            (refused.pool, refused.retry_after_secs),
            (Pool::CatholicQa, 58)
        );
        // Without the rows, the same call would pass.
        assert!(Budget::new(&s).take("c", true, 2_000.0).is_ok());
        // A minute on, the rows are forgotten.
        assert_eq!(again.forgotten_before(61_000.0), 1_000.0);
        assert!(again.take("c", true, 61_000.0).is_ok());
    }

    #[test]
    fn a_client_over_its_share_is_refused_without_spending_the_account() {
        let s = settings(&[("PROXY_PER_MINUTE", "2"), ("PROXY_QA_PER_MINUTE", "1")]);
        let mut b = Budget::new(&s);
        assert_eq!(b.take("greedy", false, 0.0), Ok(()));
        assert_eq!(b.take("greedy", false, 0.0), Ok(()));
        for _ in 0..5 {
            assert_eq!(b.take("greedy", false, 10.0).unwrap_err().0, Limit::Client);
        }
        // The refusals took nothing from the account: 13 more calls of others pass.
        for i in 0..13 {
            assert_eq!(b.take(&format!("other{i}"), false, 20.0), Ok(()), "{i}");
        }
        assert_eq!(b.take("late", false, 30.0).unwrap_err().0, Limit::Account);
    }
}
