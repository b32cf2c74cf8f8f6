//! The app's per-visitor limits outside the proxied calls: sign-in, and the budget object's answer.

use super::{decorate, App};
use crate::limits::{Budgeted, Gate};
use crate::proxy::ForwardPlan;
use crate::settings::Settings;
use magisterium_core::serve::http::{self, WorkerRequest, WorkerResponse};

impl App {
    /// Whether `request` (an `/auth/login`) may start a sign-in: today, always.
    pub fn sign_in_gate(
        &mut self,
        _request: &WorkerRequest,
        _settings: &Settings,
        _has_binding: bool,
    ) -> Gate {
        Gate::Open
    }

    /// The answer the budget object's reply (`taken`) calls for: `None` when the call may go
    /// upstream. Today a failed object is the Worker's 500.
    pub fn budget_answer(
        &self,
        plan: &ForwardPlan,
        taken: Budgeted,
        settings: &Settings,
        origin: Option<&str>,
    ) -> Option<WorkerResponse> {
        match taken {
            Budgeted::Go => None,
            Budgeted::Refused { pool, wait, limit } => {
                Some(self.refused(plan, &pool, wait, limit, settings, origin))
            }
            Budgeted::Failed => Some(decorate(http::internal_error(), settings, origin)),
        }
    }
}
