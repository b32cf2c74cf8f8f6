//! Client-side pacing: keeps calls under the service's per-minute pools (15 calls a minute, 2 of
//! them `catholic_qa`) with a rolling 60-second window. Pure: the caller passes the clock.

/// The length of the rolling window.
pub const WINDOW_MS: f64 = 60_000.0;

/// The pools of the Pro and Organization plans.
pub const DEFAULT_PER_MINUTE: u32 = 15;
/// The `catholic_qa` pool of every plan.
pub const DEFAULT_QA_PER_MINUTE: u32 = 2;

/// Remembers when recent calls left and says how long the next one must wait.
#[derive(Debug, Clone)]
pub struct Pacer {
    per_minute: u32,
    qa_per_minute: u32,
    all: Vec<f64>,
    qa: Vec<f64>,
}

impl Pacer {
    /// A pacer allowing `per_minute` calls, of which `qa_per_minute` Q&A calls, per rolling minute.
    /// Zero limits are raised to 1 (a pacer that never lets anything through would hang callers).
    pub fn new(per_minute: u32, qa_per_minute: u32) -> Self {
        Self {
            per_minute: per_minute.max(1),
            qa_per_minute: qa_per_minute.max(1),
            all: Vec::new(),
            qa: Vec::new(),
        }
    }

    /// Milliseconds a call must still wait at `now_ms` (0: it may leave now).
    pub fn wait_ms(&mut self, now_ms: f64, is_qa: bool) -> f64 {
        self.forget_before(now_ms - WINDOW_MS);
        let all = wait_for(&self.all, self.per_minute, now_ms);
        let qa = if is_qa {
            wait_for(&self.qa, self.qa_per_minute, now_ms)
        } else {
            0.0
        };
        all.max(qa)
    }

    /// Records that a call left at `now_ms`.
    pub fn record(&mut self, now_ms: f64, is_qa: bool) {
        self.all.push(now_ms);
        if is_qa {
            self.qa.push(now_ms);
        }
    }

    fn forget_before(&mut self, cutoff: f64) {
        self.all.retain(|t| *t > cutoff);
        self.qa.retain(|t| *t > cutoff);
    }
}

/// With `sent` the times of calls inside the window, the wait until fewer than `limit` remain.
fn wait_for(sent: &[f64], limit: u32, now_ms: f64) -> f64 {
    let limit = limit as usize;
    if sent.len() < limit {
        return 0.0;
    }
    // The call that must leave the window before one more may go.
    sent.get(sent.len() - limit)
        .map_or(0.0, |t| (t + WINDOW_MS - now_ms).max(0.0))
}
