//! What a client needs to choose A2A 1.0: the `protocolVersion` option, where each call goes, and
//! when `"auto"` looks at the agent's 1.0 card and for how long it trusts it ([`Protocol`]). The
//! requests and answers themselves are written by [`super::project`].

use crate::error::{Error, ErrorKind};
use crate::kept::Kept;

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

/// How long a 1.0 interface read from a card without `max-age` is used before the card is read
/// again.
pub const V1_CARD_DEFAULT_SECONDS: u64 = 300;

/// Where one call goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Magisterium's A2A 0.2.6 at the client's `endpoint`.
    Legacy,
    /// A2A 1.0 at this URL.
    V1(String),
}

/// The client's protocol state under its `protocolVersion`: where each call goes and, under
/// `"auto"`, the 1.0 interface it found and until when it trusts it. The binding only moves
/// values: it asks [`Protocol::target`] before a call, [`Protocol::should_discover`] after a
/// failed 0.2.6 call, and tells [`Protocol::learned`] what the 1.0 card said.
#[derive(Debug, Clone, Default)]
pub struct Protocol {
    choice: ProtocolChoice,
    v1_url: Kept<String>,
}

impl Protocol {
    /// The state of a new client.
    pub fn new(choice: ProtocolChoice) -> Self {
        Self {
            choice,
            v1_url: Kept::new(),
        }
    }

    /// The `protocolVersion` chosen.
    pub fn choice(&self) -> ProtocolChoice {
        self.choice
    }

    /// Where a call goes at `now_ms`: `"0.2"` always 0.2.6; `"1.0"` always 1.0 at `endpoint`;
    /// `"auto"` 1.0 at the interface it found while that is fresh, else at the 1.0 interface of the
    /// cached card (`cached_card_v1`, asked only then), else 0.2.6.
    pub fn target(
        &self,
        endpoint: &str,
        cached_card_v1: impl FnOnce() -> Option<String>,
        now_ms: f64,
    ) -> Target {
        match self.choice {
            ProtocolChoice::Legacy => Target::Legacy,
            ProtocolChoice::V1 => Target::V1(endpoint.to_owned()),
            ProtocolChoice::Auto => self
                .v1_url
                .fresh(now_ms)
                .cloned()
                .or_else(cached_card_v1)
                .map_or(Target::Legacy, Target::V1),
        }
    }

    /// After a call to `target` failed with `error`: whether to read the agent's 1.0 card and make
    /// the call again in 1.0. Only under `"auto"`, only after a 0.2.6 call, and only when the
    /// failure says the agent moved ([`moved_to_v1`]).
    pub fn should_discover(&self, target: &Target, error: &Error) -> bool {
        self.choice == ProtocolChoice::Auto && *target == Target::Legacy && moved_to_v1(error)
    }

    /// The 1.0 card read at `now_ms` offers `url`: keep it for the card's `max-age`
    /// ([`V1_CARD_DEFAULT_SECONDS`] when the card gives none) and use it for this call.
    pub fn learned(&mut self, url: String, max_age_secs: u64, now_ms: f64) -> Target {
        let seconds = if max_age_secs > 0 {
            max_age_secs
        } else {
            V1_CARD_DEFAULT_SECONDS
        };
        self.v1_url.keep(url.clone(), seconds, now_ms);
        Target::V1(url)
    }
}
