//! The leases of the upstream-budget objects an isolate holds ([`super::budget`], "Leases"): calls
//! an object let through ahead, which this isolate makes without asking it again, while they last.
//! Pure: the clock comes with each call.

use std::collections::HashMap;

use super::budget::LEASE_USE_MS;

/// The leases an isolate holds, by account, client and kind (`catholic_qa` or not).
#[derive(Debug, Default)]
pub struct Leases {
    held: HashMap<(String, String, bool), Lease>,
}

#[derive(Debug)]
struct Lease {
    left: u32,
    until_ms: f64,
}

/// Leases an isolate keeps; past that, the spent and expired go (and all of them, if still full).
const LEASES_KEPT: usize = 1024;

impl Leases {
    /// Spends one leased call of `client` on `account` at `now_ms`, when a lease has one left.
    pub fn spend(&mut self, account: &str, client: &str, is_qa: bool, now_ms: f64) -> bool {
        let key = (account.to_owned(), client.to_owned(), is_qa);
        match self.held.get_mut(&key) {
            Some(lease) if lease.left > 0 && now_ms < lease.until_ms => {
                lease.left -= 1;
                true
            }
            _ => false,
        }
    }

    /// Keeps a lease of `calls` received at `now_ms` (it replaces the one before).
    pub fn grant(&mut self, account: &str, client: &str, is_qa: bool, calls: u32, now_ms: f64) {
        if self.held.len() >= LEASES_KEPT {
            self.held
                .retain(|_, lease| lease.left > 0 && now_ms < lease.until_ms);
            if self.held.len() >= LEASES_KEPT {
                self.held.clear();
            }
        }
        let lease = Lease {
            left: calls,
            until_ms: now_ms + LEASE_USE_MS,
        };
        self.held
            .insert((account.to_owned(), client.to_owned(), is_qa), lease);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_serves_its_client_and_kind_while_it_lasts() {
        let mut leases = Leases::default();
        leases.grant("operator", "a", false, 2, 100.0);
        assert!(!leases.spend("operator", "a", true, 100.0), "another kind");
        assert!(
            !leases.spend("operator", "z", false, 100.0),
            "another client"
        );
        assert!(leases.spend("operator", "a", false, 100.0));
        assert!(
            !leases.spend("operator", "a", false, 100.0 + LEASE_USE_MS),
            "expired"
        );
        assert!(leases.spend("operator", "a", false, 200.0));
        assert!(!leases.spend("operator", "a", false, 200.0), "spent");
    }
}
