//! The upstream budget of one account (the operator's token, or one signed-in visitor's): the
//! service allows an account 15 calls a minute, 2 of them `catholic_qa`, so the proxy never sends
//! it more. One budget per account lives in one Durable Object, so the whole fleet counts in one
//! place; per-visitor fairness on a shared account (the per-client limits) is counted beside it.
//! Pure: the clock comes with each call.

use super::settings::Settings;
use magisterium_core::serve::limiter::{Limiter, Refusal};

/// The key of the account's own windows in its limiter.
const ACCOUNT: &str = "account";

/// The budget object's name for a call: the operator's token, or the visitor's session.
pub fn account_key(session: Option<&str>) -> String {
    match session {
        Some(id) => format!("session:{id}"),
        None => "operator".to_owned(),
    }
}

/// One account's windows, and the per-client windows of the visitors sharing it.
#[derive(Debug)]
pub struct Budget {
    account: Limiter,
    /// Per-client limits (`PROXY_RATE_LIMITS`), when on.
    clients: Option<Limiter>,
}

impl Budget {
    /// An empty budget with the limits of `settings`: `UPSTREAM_PER_MINUTE` and
    /// `UPSTREAM_QA_PER_MINUTE` per minute for the account, and the per-client limits.
    pub fn new(settings: &Settings) -> Self {
        let (per_minute, qa_per_minute) = settings.upstream_limits;
        Self {
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
    /// The refusal of the full window, with the whole seconds until a call may pass.
    pub fn take(&mut self, client: &str, is_qa: bool, now_ms: f64) -> Result<(), Refusal> {
        if let Some(clients) = &mut self.clients {
            clients.admits(client, is_qa, now_ms)?;
        }
        self.account.admits(ACCOUNT, is_qa, now_ms)?;
        if let Some(clients) = &mut self.clients {
            clients.count(client, is_qa, now_ms);
        }
        self.account.count(ACCOUNT, is_qa, now_ms);
        Ok(())
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
        let refused = b.take("c", true, 2_000.0).unwrap_err();
        assert_eq!(refused.pool, Pool::CatholicQa);
        assert_eq!(refused.retry_after_secs, 58);
        for i in 0..13 {
            assert_eq!(b.take(&format!("k{i}"), false, 3_000.0), Ok(()), "{i}");
        }
        assert_eq!(b.take("z", false, 3_000.0).unwrap_err().pool, Pool::Default);
        // A minute after the first call its slot is free again.
        assert_eq!(b.take("c", true, 60_000.0), Ok(()));
    }

    #[test]
    fn a_client_over_its_share_is_refused_without_spending_the_account() {
        let s = settings(&[("PROXY_PER_MINUTE", "2"), ("PROXY_QA_PER_MINUTE", "1")]);
        let mut b = Budget::new(&s);
        assert_eq!(b.take("greedy", false, 0.0), Ok(()));
        assert_eq!(b.take("greedy", false, 0.0), Ok(()));
        for _ in 0..5 {
            assert!(b.take("greedy", false, 10.0).is_err());
        }
        // The refusals took nothing from the account: 13 more calls of others pass.
        for i in 0..13 {
            assert_eq!(b.take(&format!("other{i}"), false, 20.0), Ok(()), "{i}");
        }
        assert!(b.take("late", false, 30.0).is_err());
    }
}
