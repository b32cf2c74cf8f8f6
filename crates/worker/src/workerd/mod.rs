//! The workerd host (wasm32 only): the Worker's `fetch` ([`entries`]), its I/O ([`io`]) over the
//! platform's objects ([`bindings`]), and the upstream budget's Durable Object
//! ([`budget_object`]). Every decision is the pure policy's; this room only carries it out.

pub mod bindings;
pub mod budget_calls;
pub mod budget_object;
pub mod coalesce;
pub mod entry;
pub mod fills_object;
pub mod io;
pub mod task_book;
