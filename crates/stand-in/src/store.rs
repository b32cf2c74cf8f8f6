//! Finished tasks, kept 24 hours per isolate, owned by the token (or client) that created them.
//! Bounded by a byte budget so a long soak cannot exhaust the isolate's 128 MB.

use std::collections::{HashMap, VecDeque};

use serde_json::Value;

/// How long a task is kept.
pub const RETENTION_MS: f64 = 24.0 * 3_600_000.0;
/// The most task JSON kept in memory; the oldest tasks are dropped first past it.
pub const BYTE_BUDGET: usize = 48 * 1024 * 1024;

#[derive(Debug)]
struct Stored {
    owner: String,
    created_ms: f64,
    bytes: usize,
    task: Value,
}

/// Tasks by id.
#[derive(Debug, Default)]
pub struct TaskStore {
    tasks: HashMap<String, Stored>,
    order: VecDeque<String>,
    bytes: usize,
}

impl TaskStore {
    /// Keeps `task` (its `id` field is the key) for `owner`.
    pub fn insert(&mut self, owner: &str, task: Value, size_hint: usize, now_ms: f64) {
        let Some(id) = task.get("id").and_then(Value::as_str).map(str::to_owned) else {
            return;
        };
        self.expire(now_ms);
        self.bytes += size_hint;
        self.order.push_back(id.clone());
        if let Some(old) = self.tasks.insert(
            id,
            Stored {
                owner: owner.to_owned(),
                created_ms: now_ms,
                bytes: size_hint,
                task,
            },
        ) {
            self.bytes = self.bytes.saturating_sub(old.bytes);
        }
        while self.bytes > BYTE_BUDGET {
            if !self.drop_oldest() {
                break;
            }
        }
    }

    /// The task `id` if `owner` created it and it has not expired.
    pub fn get(&mut self, owner: &str, id: &str, now_ms: f64) -> Option<&Value> {
        self.expire(now_ms);
        self.tasks
            .get(id)
            .filter(|s| s.owner == owner)
            .map(|s| &s.task)
    }

    /// Number of stored tasks.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    fn expire(&mut self, now_ms: f64) {
        while let Some(id) = self.order.front() {
            match self.tasks.get(id) {
                Some(s) if now_ms - s.created_ms < RETENTION_MS => break,
                _ => {
                    self.drop_oldest();
                }
            }
        }
    }

    fn drop_oldest(&mut self) -> bool {
        let Some(id) = self.order.pop_front() else {
            return false;
        };
        if let Some(old) = self.tasks.remove(&id) {
            self.bytes = self.bytes.saturating_sub(old.bytes);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn owner_and_retention() {
        let mut s = TaskStore::default();
        s.insert("alice", json!({"id": "t1"}), 10, 0.0);
        assert!(s.get("alice", "t1", 1.0).is_some());
        assert!(s.get("bob", "t1", 1.0).is_none());
        assert!(s.get("alice", "t1", RETENTION_MS + 1.0).is_none());
        assert!(s.is_empty());
    }

    #[test]
    fn byte_budget_drops_the_oldest() {
        let mut s = TaskStore::default();
        for i in 0..5 {
            s.insert(
                "a",
                json!({"id": format!("t{i}")}),
                BYTE_BUDGET / 3,
                f64::from(i),
            );
        }
        assert!(s.len() <= 3);
        assert!(s.get("a", "t4", 10.0).is_some());
        assert!(s.get("a", "t0", 10.0).is_none());
    }
}
