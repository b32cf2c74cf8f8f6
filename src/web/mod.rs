//! The wasm-bindgen layer: moves values between JavaScript and the [`crate::protocol`] core and
//! turns core errors into `MagisteriumError` objects. No protocol logic lives here.

pub mod client;
mod convert;
pub mod error;
pub mod helpers;
mod js_view;
mod options;
mod request_object;
mod runtime;
mod transport;
pub mod types;

pub use client::MagisteriumClient;
pub use error::is_magisterium_error;
pub use helpers::{build_request, decode_response};
