//! The sans-IO core: everything about talking to Magisterium's A2A agent that does not touch the
//! network. Builders return JSON-RPC envelopes, decoders read a parsed body through [`JsonView`], and
//! policy (retries, pacing) is a set of pure functions that take the current time as an argument.
//!
//! Nothing here imports the JavaScript binding crates; the test command checks that.

pub mod cache;
pub mod call;
pub mod card;
pub mod coerce;
pub mod date;
pub mod decode;
pub mod endpoint;
pub mod error;
pub mod http_date;
pub mod ids;
pub mod json_view;
pub mod kept;
pub mod mcp;
pub mod origin;
pub mod outgoing;
pub mod pacing;
pub mod request;
pub mod results;
pub mod retry;
pub mod serve;
pub mod skill;
pub mod upstream;
pub mod v1;
pub mod wire;

pub use date::CivilDate;
pub use error::{Error, ErrorKind};
pub use json_view::{JsonKind, JsonView};
pub use skill::Skill;
