//! What a client needs to choose A2A 1.0: the `protocolVersion` option, and when `"auto"` looks
//! at the agent's 1.0 card. The requests and answers themselves are written by
//! [`super::project`].

use crate::error::{Error, ErrorKind};

/// The `protocolVersion` option of the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProtocolChoice {
    /// `"0.2"`: Magisterium's A2A 0.2.6, always.
    Legacy,
    /// `"1.0"`: A2A 1.0, always (`A2A-Version: 1.0`, `SendMessage`, …).
    V1,
    /// `"auto"` (the default): 0.2.6 until the agent shows it moved: then its 1.0 card is read and
    /// the call is made again in 1.0 at the card's 1.0 interface. A fresh cached 1.0 card decides
    /// at once.
    #[default]
    Auto,
}

impl ProtocolChoice {
    /// The choice an option value names.
    ///
    /// `None` for any value but `"0.2"`, `"1.0"` and `"auto"`.
    pub fn from_option(value: &str) -> Option<Self> {
        match value {
            "0.2" => Some(Self::Legacy),
            "1.0" => Some(Self::V1),
            "auto" => Some(Self::Auto),
            _ => None,
        }
    }
}

/// Whether a 0.2.6 call that failed with `error` says the agent moved to 1.0: it does not know the
/// method (-32601), refuses the version (-32009), or has no endpoint there any more (HTTP 404).
/// Only then does `"auto"` read the 1.0 card and try again in 1.0; nothing was done for the call.
pub fn moved_to_v1(error: &Error) -> bool {
    error.kind() == ErrorKind::MethodNotFound
        || error.code() == Some(-32009)
        || (error.kind() == ErrorKind::HttpError && error.status() == Some(404))
}
