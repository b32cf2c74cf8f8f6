//! A map whose entries expire and whose size has a cap: what the emulated authorization server
//! keeps its clients, codes and tokens in, so no number of requests grows it past the cap.

use std::collections::HashMap;

/// Expired entries are swept at most this often (and whenever the map is full).
const SWEEP_MS: f64 = 60_000.0;

/// Entries by key, each with the time it expires (Unix milliseconds).
#[derive(Debug)]
pub(super) struct Bounded<V> {
    cap: usize,
    entries: HashMap<String, (V, f64)>,
    next_sweep_ms: f64,
}

impl<V> Bounded<V> {
    /// An empty map of at most `cap` entries.
    pub(super) fn new(cap: usize) -> Self {
        Self {
            cap: cap.max(1),
            entries: HashMap::new(),
            next_sweep_ms: f64::NEG_INFINITY,
        }
    }

    /// Keeps `value` under `key` until `expires_ms`. Expired entries go first (swept once a
    /// minute, and when full); a map still full then drops the sixteenth of its entries that
    /// expire soonest.
    pub(super) fn insert(&mut self, key: String, value: V, expires_ms: f64, now_ms: f64) {
        let full = self.entries.len() >= self.cap && !self.entries.contains_key(&key);
        if full || now_ms >= self.next_sweep_ms {
            self.entries.retain(|_, (_, expires)| *expires > now_ms);
            self.next_sweep_ms = now_ms + SWEEP_MS;
        }
        if self.entries.len() >= self.cap && !self.entries.contains_key(&key) {
            let mut soonest: Vec<(f64, String)> = self
                .entries
                .iter()
                .map(|(k, (_, expires))| (*expires, k.clone()))
                .collect();
            soonest.sort_by(|a, b| a.0.total_cmp(&b.0));
            let batch = (self.cap / 16).max(1);
            for (_, k) in soonest.into_iter().take(batch) {
                self.entries.remove(&k);
            }
        }
        self.entries.insert(key, (value, expires_ms));
    }

    /// The live entry under `key`.
    pub(super) fn get(&self, key: &str, now_ms: f64) -> Option<&V> {
        self.entries
            .get(key)
            .filter(|(_, expires)| *expires > now_ms)
            .map(|(value, _)| value)
    }

    /// The live entry under `key`, to change.
    pub(super) fn get_mut(&mut self, key: &str, now_ms: f64) -> Option<&mut V> {
        self.entries
            .get_mut(key)
            .filter(|(_, expires)| *expires > now_ms)
            .map(|(value, _)| value)
    }

    /// Moves the expiry of the entry under `key` to `expires_ms` (an entry in use lives on).
    pub(super) fn extend(&mut self, key: &str, expires_ms: f64) {
        if let Some((_, expires)) = self.entries.get_mut(key) {
            *expires = expires_ms;
        }
    }

    /// Drops every entry `drop` picks.
    pub(super) fn remove_where(&mut self, mut drop: impl FnMut(&V) -> bool) {
        self.entries.retain(|_, (value, _)| !drop(value));
    }

    /// Entries held (expired ones not yet swept included).
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }
}
