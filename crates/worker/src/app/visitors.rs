//! The app's per-visitor limits beside the proxied calls': starting a sign-in, a `ListTasks`, and
//! the answer to the account's budget object's reply.

use super::App;
use crate::doors::exit::{Answer, Exit};
use crate::limits::{self, Budgeted, Gate};
use crate::proxy::{self, ForwardPlan, Limit};
use crate::settings::{Settings, Upstream};
use crate::sign_in::starts_sign_in;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::{Limiter, Pool, Refusal};
use serde_json::Value;

impl App {
    /// The isolate's per-visitor limiter, with the limits of `settings` (`PROXY_PER_MINUTE`,
    /// `PROXY_QA_PER_MINUTE` per `PROXY_WINDOW_SECONDS`): made again when they change.
    pub(super) fn client_limiter(&mut self, settings: &Settings) -> &mut Limiter {
        let limits = (
            settings.proxy_limits.0,
            settings.proxy_limits.1,
            settings.proxy_window_secs,
        );
        if self.limits != limits {
            self.limits = limits;
            self.limiter = Limiter::with_window(limits.0, limits.1, f64::from(limits.2) * 1000.0);
        }
        &mut self.limiter
    }

    /// Whether `request` (to `/auth/*`) may go on to `auth.js`: a sign-in start
    /// (`/auth/login`, `/api/auth/login`: [`starts_sign_in`]) counts in the visitor's `sign_in` pool (the default pool's allowance,
    /// `PROXY_PER_MINUTE` per `PROXY_WINDOW_SECONDS`), in the isolate's limiter or, when
    /// `has_binding`, the Rate Limiting binding. Off with the other per-visitor limits
    /// (`PROXY_RATE_LIMITS`).
    pub fn sign_in_gate(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        has_binding: bool,
    ) -> Gate {
        if !starts_sign_in(&request.path) || !settings.proxy_rate_limits {
            return Gate::Open;
        }
        let key = Pool::SignIn.key(&request.client_key);
        if has_binding {
            let pool = Pool::SignIn.name().to_owned();
            return Gate::AskBinding { pool, key };
        }
        match self
            .client_limiter(settings)
            .check(&key, false, request.now_ms)
        {
            Ok(()) => Gate::Open,
            Err(refusal) => Gate::Refused(self.sign_in_limited(
                Some(refusal.retry_after_secs),
                settings,
                request.header("origin"),
            )),
        }
    }

    /// Whether a 1.0 `ListTasks` (JSON-RPC id `id`, answers through `exit`) may read the
    /// account's records: it counts in the visitor's `tasks` pool, as a `tasks/get` does, in front
    /// of a URL upstream with the per-visitor limits on (`PROXY_RATE_LIMITS`), so one visitor's
    /// flood of listings is refused here and never reaches the object every anonymous call shares.
    pub(super) fn list_gate(
        &mut self,
        request: &WorkerRequest,
        settings: &Settings,
        has_binding: bool,
        (id, exit): (&Value, &Exit),
    ) -> Gate {
        let proxied = matches!(settings.upstream, Upstream::Url(_));
        if !proxied || !settings.proxy_rate_limits {
            return Gate::Open;
        }
        let key = Pool::Tasks.key(&request.client_key);
        if has_binding {
            let pool = Pool::Tasks.name().to_owned();
            return Gate::AskBinding { pool, key };
        }
        let checked = self
            .client_limiter(settings)
            .check(&key, false, request.now_ms);
        match checked {
            Ok(()) => Gate::Open,
            Err(refusal) => {
                let refusal = Refusal {
                    pool: Pool::Tasks,
                    ..refusal
                };
                let answer = proxy::rate_limited(id, refusal, Limit::Client, settings);
                Gate::Refused(exit.leave(Answer::Legacy(answer), settings))
            }
        }
    }

    /// The 429 to a sign-in start refused by the per-visitor limit; `retry_after_secs`: when a
    /// slot frees up, if known (the binding does not say: then its period).
    pub fn sign_in_limited(
        &self,
        retry_after_secs: Option<u64>,
        settings: &Settings,
        origin: Option<&str>,
    ) -> WorkerResponse {
        let window = settings.proxy_window_secs;
        let wait = retry_after_secs.unwrap_or(u64::from(window)).max(1);
        let answer = limits::sign_in_limited(wait, settings.proxy_limits.0, window);
        Exit::to(origin).leave(Answer::Own(answer), settings)
    }

    /// The answer the budget object's reply (`taken`) calls for: `None` when the call may go
    /// upstream; the limit's 429 when it refused; a retryable 503 that says the upstream was not
    /// reached ([`limits::budget_unavailable`]) when the object failed.
    pub fn budget_answer(
        &self,
        plan: &ForwardPlan,
        taken: Budgeted,
        settings: &Settings,
    ) -> Option<WorkerResponse> {
        match taken {
            Budgeted::Go => None,
            Budgeted::Refused { pool, wait, limit } => {
                Some(self.refused(plan, &pool, wait, limit, settings))
            }
            Budgeted::Failed => {
                let answer = limits::budget_unavailable(&plan.rpc_id);
                Some(plan.exit.leave(Answer::Legacy(answer), settings))
            }
        }
    }
}
