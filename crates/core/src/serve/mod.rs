//! The server side the Worker's proxy and the stand-in agent share, sans-IO: the Worker's view of
//! HTTP ([`http`]), the checks of a `message/send` and the input a skill reads ([`params`]),
//! the per-key sliding windows both use to hold the service's limits ([`limiter`]), and JSON written
//! without spare copies for large answers ([`written`]).

pub mod answer;
pub mod http;
pub mod limiter;
pub mod params;
pub mod written;
