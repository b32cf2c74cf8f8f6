//! The wasm-bindgen layer: moves values between JavaScript and the [`crate::protocol`] core and
//! turns core errors into `MagisteriumError` objects. No protocol logic lives here.

mod abort;
mod client;
mod convert;
mod error;
mod helpers;
mod js_view;
mod options;
mod runtime;
mod transport;
mod types;
