//! Which protocol a request speaks, and what each A2A 1.0 method becomes.
//!
//! A request is read as 1.0 when its `A2A-Version` header says `1.0` (a patch number is ignored, as
//! the spec says), or when it has no header and calls a 1.0 method. No header, `0.2` or `0.3` with a
//! 0.2.6 method name is the 0.2.6 traffic Magisterium speaks, unchanged. Any other version is
//! refused with `VersionNotSupportedError`.

use super::errors::Refusal;

/// The versions a request may name, as the refusal lists them.
pub const SUPPORTED_VERSIONS: [&str; 3] = ["0.2", "0.3", "1.0"];

/// The protocol a request speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Magisterium's own A2A 0.2.6 (0.3 bodies are the same).
    Legacy,
    /// A2A 1.0.
    V1,
}

/// A 1.0 method the bridge carries to Magisterium.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `SendMessage` → `message/send`
    SendMessage,
    /// `GetTask` → `tasks/get`
    GetTask,
    /// `CancelTask` → `tasks/cancel`
    CancelTask,
}

impl Method {
    /// The 0.2.6 method that does the same.
    pub fn legacy_name(self) -> &'static str {
        match self {
            Self::SendMessage => "message/send",
            Self::GetTask => "tasks/get",
            Self::CancelTask => "tasks/cancel",
        }
    }

    /// The 1.0 name.
    pub fn name(self) -> &'static str {
        match self {
            Self::SendMessage => "SendMessage",
            Self::GetTask => "GetTask",
            Self::CancelTask => "CancelTask",
        }
    }

    /// The 1.0 method for a 0.2.6 name.
    pub fn from_legacy(name: &str) -> Option<Self> {
        [Self::SendMessage, Self::GetTask, Self::CancelTask]
            .into_iter()
            .find(|m| m.legacy_name() == name)
    }
}

/// A 1.0 method the Worker answers itself, from its own records, without any upstream call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Local {
    /// `ListTasks` (`super::list`): Magisterium's 0.2.6 has no listing.
    ListTasks,
}

/// What a 1.0 method name becomes: a method carried to the 0.2.6 service, or one answered here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dispatch {
    /// Carried upstream as its 0.2.6 method.
    Carry(Method),
    /// Answered by the Worker.
    Local(Local),
}

/// Every 1.0 JSON-RPC method, and what the bridge does with it: carry it, or refuse it as the spec
/// says an agent without that capability must.
const METHODS: [(&str, Route); 11] = [
    ("SendMessage", Route::Carry(Method::SendMessage)),
    ("GetTask", Route::Carry(Method::GetTask)),
    ("CancelTask", Route::Carry(Method::CancelTask)),
    ("SendStreamingMessage", Route::Unsupported("streaming")),
    ("SubscribeToTask", Route::Unsupported("streaming")),
    ("ListTasks", Route::Local(Local::ListTasks)),
    (
        "GetExtendedAgentCard",
        Route::Unsupported("extended agent card"),
    ),
    ("CreateTaskPushNotificationConfig", Route::NoPush),
    ("GetTaskPushNotificationConfig", Route::NoPush),
    ("ListTaskPushNotificationConfigs", Route::NoPush),
    ("DeleteTaskPushNotificationConfig", Route::NoPush),
];

#[derive(Debug, Clone, Copy)]
enum Route {
    Carry(Method),
    Local(Local),
    Unsupported(&'static str),
    NoPush,
}

/// Whether `method` is a name A2A 1.0 defines.
pub fn is_v1_method(method: &str) -> bool {
    METHODS.iter().any(|(name, _)| *name == method)
}

/// The dialect of a request with this `A2A-Version` header (or none) and method name.
pub fn dialect(version: Option<&str>, method: &str) -> Result<Dialect, Refusal> {
    let version = version.map(str::trim).unwrap_or("");
    if version.is_empty() {
        return Ok(if is_v1_method(method) {
            Dialect::V1
        } else {
            Dialect::Legacy
        });
    }
    if is_v1_version(version) {
        return Ok(Dialect::V1);
    }
    let mut numbers = version.split('.');
    match (numbers.next(), numbers.next()) {
        (Some("0"), Some("2" | "3")) => Ok(Dialect::Legacy),
        _ => Err(Refusal::version_not_supported(version, &SUPPORTED_VERSIONS)),
    }
}

/// Whether a protocol version names A2A 1.0: `1`, `1.0` or `1.0.x` (an `A2A-Version` header, or
/// a card interface's `protocolVersion`).
pub fn is_v1_version(version: &str) -> bool {
    let mut numbers = version.trim().split('.');
    matches!(
        (numbers.next(), numbers.next()),
        (Some("1"), Some("0") | None)
    )
}

/// What a 1.0 request's method name stands for, or the refusal it gets without any upstream call.
pub fn route(method: &str) -> Result<Dispatch, Refusal> {
    match METHODS.iter().find(|(name, _)| *name == method) {
        Some((_, Route::Carry(m))) => Ok(Dispatch::Carry(*m)),
        Some((_, Route::Local(local))) => Ok(Dispatch::Local(*local)),
        Some((_, Route::Unsupported(what))) => Err(Refusal::unsupported_operation(what)),
        Some((_, Route::NoPush)) => Err(Refusal::push_not_supported()),
        None => Err(Refusal::method_not_found(method)),
    }
}
