//! The SDK's opt-in answer cache: kept answers in memory, bounded in entries and in bytes, the
//! least recently used dropped first. Sans-IO: the caller passes the time, and keeps what it
//! likes as `V` (the browser build: the kept artifacts' JSON text as a JavaScript string).

use super::rule;
use crate::skill::Skill;

/// Entries kept when `cache: true` (docs/client.md, "Caching answers").
pub const DEFAULT_MAX_ENTRIES: usize = 256;
/// Bytes kept when `cache: true`: 8 MiB.
pub const DEFAULT_MAX_BYTES: usize = 8 * 1024 * 1024;

/// One kept answer.
#[derive(Debug, Clone)]
struct Entry<V> {
    key: String,
    value: V,
    bytes: usize,
    stored_ms: f64,
    /// When it stops being fresh (Unix ms).
    until_ms: f64,
}

/// Kept answers, least recently used first.
#[derive(Debug, Clone)]
pub struct Store<V> {
    max_entries: usize,
    max_bytes: usize,
    bytes: usize,
    entries: Vec<Entry<V>>,
}

impl<V: Clone> Store<V> {
    /// An empty store that keeps at most `max_entries` answers of at most `max_bytes` in all.
    pub fn new(max_entries: usize, max_bytes: usize) -> Self {
        Self {
            max_entries,
            max_bytes,
            bytes: 0,
            entries: Vec::new(),
        }
    }

    /// The answer kept under `key` while it is fresh at `now_ms` (it becomes the most recently
    /// used); an entry past its lifetime, or stored in the future (a clock set back), is dropped.
    pub fn get(&mut self, key: &str, now_ms: f64) -> Option<V> {
        let at = self.entries.iter().position(|e| e.key == key)?;
        let entry = self.entries.remove(at);
        let fresh = now_ms < entry.until_ms && now_ms >= entry.stored_ms - 60_000.0;
        if !fresh {
            self.bytes -= entry.bytes;
            return None;
        }
        let value = entry.value.clone();
        self.entries.push(entry);
        Some(value)
    }

    /// Keeps `value` (`bytes` long) under `key`, a call to `skill`, at `now_ms`, for the fresh
    /// lifetime the table gives `skill`, dropping the least recently used answers until both
    /// bounds hold. An answer larger than the whole store, or of a skill that is not kept, is not
    /// kept.
    pub fn put(&mut self, skill: Skill, key: String, value: V, bytes: usize, now_ms: f64) {
        let Some(rule) = rule(skill).filter(|r| r.fresh_secs > 0) else {
            return;
        };
        let bytes = bytes + key.len();
        if let Some(at) = self.entries.iter().position(|e| e.key == key) {
            let old = self.entries.remove(at);
            self.bytes -= old.bytes;
        }
        if bytes > self.max_bytes || self.max_entries == 0 {
            return;
        }
        while self.entries.len() >= self.max_entries || self.bytes + bytes > self.max_bytes {
            if self.entries.is_empty() {
                break;
            }
            let old = self.entries.remove(0);
            self.bytes -= old.bytes;
        }
        self.bytes += bytes;
        self.entries.push(Entry {
            key,
            value,
            bytes,
            stored_ms: now_ms,
            until_ms: now_ms + rule.fresh_secs as f64 * 1000.0,
        });
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes kept (each answer's `bytes` and its key's).
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}
