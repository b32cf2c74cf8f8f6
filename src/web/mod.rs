//! The wasm-bindgen layer: moves values between JavaScript and the [`crate::protocol`] core and
//! turns core errors into `MagisteriumError` objects. Each call runs in Rust from start to end (the
//! core's `call::run` over [`fetch`]); `runtime.js` holds only the error class.

mod calls;
pub mod client;
pub mod error;
pub mod fetch;
mod globals;
pub mod helpers;
mod node;
mod options;
mod parts;
pub mod types;
mod v1;

pub use client::MagisteriumClient;
pub use error::is_magisterium_error;
pub use helpers::{build_request, decode_response};
