//! A2A 1.0 (`SendMessage`, `TASK_STATE_*`, parts by member, `/.well-known/agent-card.json` with
//! `supportedInterfaces`) beside Magisterium's 0.2.6: the wire types, which dialect a request
//! speaks, and the translation both ways. Pure, like the rest of the core; the Worker uses it to let
//! 1.0 clients reach the 0.2.6 service, and the client uses it to talk 1.0 to an agent that offers it.

pub mod card;
pub mod client;
pub mod continuity;
pub mod dialect;
pub mod errors;
pub mod list;
pub mod media;
pub mod project;
pub mod rest;
pub mod rest_errors;
pub mod task_record;
pub mod translate;
pub mod wire;

pub use dialect::{dialect, route, Dialect, Dispatch, Local, Method};
pub use errors::{error_to_v1, legacy_code, Refusal};
