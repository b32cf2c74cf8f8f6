//! A2A 1.0's `ListTasks`, answered from the Worker's own records of the tasks created through it
//! ([`super::task_record`]): the spec's filters (`contextId`, `status`, `statusTimestampAfter`),
//! its order (status time, most recent first; then id, so the order is total), its page size
//! (default 50, 1 to 100) and cursor page tokens, and `historyLength` / `includeArtifacts` (read
//! and checked; the records hold neither history nor artifacts, so listed tasks have none).
//!
//! Framing-free: parameters in (a JSON-RPC `params` object, or the same members read from the
//! HTTP+JSON binding's query), a 1.0 `ListTasksResponse` or a [`Refusal`] out.

use serde_json::{json, Value};
use std::hash::{Hash, Hasher};

use super::errors::Refusal;
use super::task_record::TaskRecord;
use super::wire as v1;
use crate::date::unix_ms_of_rfc3339;
use crate::ids::hex;

/// The page size when the request names none (the spec's).
pub const DEFAULT_PAGE_SIZE: usize = 50;
/// The largest page size the spec allows.
pub const MAX_PAGE_SIZE: usize = 100;

/// A `ListTasks` request, read and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ListQuery {
    context_id: Option<String>,
    status: Option<String>,
    after_ms: Option<f64>,
    page_size: usize,
    page_token: Option<String>,
}

/// Where a page starts: after the task listed last on the page before.
#[derive(Debug, Clone, PartialEq)]
struct Cursor {
    updated: i64,
    id: String,
}

impl ListQuery {
    /// Reads `ListTasksRequest` parameters (members in lowerCamelCase or as the proto names them;
    /// integers as numbers or strings, as ProtoJSON allows). A parameter that is not what the
    /// spec says (a page size outside 1 to 100, a negative `historyLength`, an unknown state, a
    /// timestamp that is not RFC 3339) is refused with -32602.
    pub fn from_params(params: &Value) -> Result<Self, Refusal> {
        let params = match params {
            Value::Null => &Value::Null,
            Value::Object(_) => params,
            _ => return Err(Refusal::invalid_params("Invalid params: not an object")),
        };
        let get = |camel: &str, snake: &str| {
            params
                .get(camel)
                .or_else(|| params.get(snake))
                .filter(|v| !v.is_null())
        };
        let text = |camel: &str, snake: &str| match get(camel, snake) {
            None => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(invalid(camel, "must be a string")),
        };
        let page_size = match integer(get("pageSize", "page_size"), "pageSize")? {
            None => DEFAULT_PAGE_SIZE,
            Some(n) if (1..=MAX_PAGE_SIZE as i64).contains(&n) => n as usize,
            Some(n) => {
                return Err(invalid(
                    "pageSize",
                    &format!("must be from 1 to {MAX_PAGE_SIZE}, not {n}"),
                ))
            }
        };
        if let Some(n) = integer(get("historyLength", "history_length"), "historyLength")? {
            if n < 0 {
                return Err(invalid("historyLength", "must not be negative"));
            }
        }
        match get("includeArtifacts", "include_artifacts") {
            None | Some(Value::Bool(_)) => {}
            Some(_) => return Err(invalid("includeArtifacts", "must be a boolean")),
        }
        let status = text("status", "status")?.filter(|s| s != "TASK_STATE_UNSPECIFIED");
        if let Some(state) = &status {
            if matches!(v1::TaskState::parse(state), v1::TaskState::Other(_)) {
                return Err(invalid("status", &format!("{state} is not a task state")));
            }
        }
        let after_ms =
            match text("statusTimestampAfter", "status_timestamp_after")? {
                None => None,
                Some(at) => Some(unix_ms_of_rfc3339(&at).ok_or_else(|| {
                    invalid("statusTimestampAfter", "must be an RFC 3339 timestamp")
                })?),
            };
        Ok(Self {
            context_id: text("contextId", "context_id")?,
            status,
            after_ms,
            page_size,
            page_token: text("pageToken", "page_token")?,
        })
    }

    /// The `ListTasksResponse` for `owner`'s records at `now_ms`, which come in the listing's
    /// order: most recently updated first, then by id (as the Worker's task book reads them, in
    /// SQL; sorting here would add a sort's code to the bundle). The answer: the tasks still kept
    /// that pass the filters, one page of them, the token of the next page (`""` on the last), the page size used and how many
    /// tasks pass the filters. A page token this listing did not give (another owner's, other
    /// filters', or made up) is refused with -32602.
    pub fn answer(
        &self,
        records: &[TaskRecord],
        owner: &str,
        now_ms: f64,
    ) -> Result<Value, Refusal> {
        let listed: Vec<&TaskRecord> = records
            .iter()
            .filter(|r| r.is_current(now_ms) && self.keeps(r))
            .collect();
        let start = match &self.page_token {
            None => 0,
            Some(token) => {
                let cursor = self.open_token(token, owner)?;
                listed
                    .iter()
                    .position(|r| is_after(r, &cursor))
                    .unwrap_or(listed.len())
            }
        };
        let page: Vec<&TaskRecord> = listed
            .iter()
            .skip(start)
            .take(self.page_size)
            .copied()
            .collect();
        let next = match page.last() {
            Some(last) if start + page.len() < listed.len() => self.token(last, owner),
            _ => String::new(),
        };
        Ok(json!({
            "tasks": page.iter().map(|r| r.to_task()).collect::<Vec<_>>(),
            "nextPageToken": next,
            "pageSize": self.page_size,
            "totalSize": listed.len(),
        }))
    }

    fn keeps(&self, record: &TaskRecord) -> bool {
        self.context_id
            .as_ref()
            .is_none_or(|c| *c == record.context_id)
            && self.status.as_ref().is_none_or(|s| *s == record.state)
            && self.after_ms.is_none_or(|at| record.updated >= at)
    }

    /// The token of the page after `last`: the cursor, and a tag (a hash of the owner, the
    /// filters and the cursor) that ties it to this owner's listing with these filters. What
    /// keeps a visitor out of another's listing is not the tag but the owner: it comes from the
    /// call's credential, never from the token, so a token can only name a place in the caller's
    /// own listing; the tag makes a token of another listing (or a changed one) a clear -32602
    /// instead of a page of the wrong list. (The hash is std's SipHash, already in the Worker for
    /// the cards' `ETag`: a keyed hash would add bytes and a secret, and protect nothing more.)
    fn token(&self, last: &TaskRecord, owner: &str) -> String {
        // Times as whole milliseconds: integers, as the records keep them (formatting or parsing a
        // float would bring std's float tables into the Worker, about 28 KB of its bundle).
        let cursor = format!("{}~{}", last.updated as i64, last.id);
        let tag = self.tag(owner, &cursor);
        format!("{}.{tag}", hex(cursor.as_bytes()))
    }

    fn open_token(&self, token: &str, owner: &str) -> Result<Cursor, Refusal> {
        let refused = || invalid("pageToken", "is not a token this listing gave");
        let (payload, tag) = token.split_once('.').ok_or_else(refused)?;
        let cursor = unhex(payload).ok_or_else(refused)?;
        if self.tag(owner, &cursor) != tag {
            return Err(refused());
        }
        let (updated, id) = cursor.split_once('~').ok_or_else(refused)?;
        let updated = updated.parse::<i64>().map_err(|_| refused())?;
        Ok(Cursor {
            updated,
            id: id.to_owned(),
        })
    }

    fn tag(&self, owner: &str, cursor: &str) -> String {
        let mut hash = std::collections::hash_map::DefaultHasher::new();
        for part in [
            owner,
            self.context_id.as_deref().unwrap_or_default(),
            self.status.as_deref().unwrap_or_default(),
            &self
                .after_ms
                .map(|at| (at as i64).to_string())
                .unwrap_or_default(),
            cursor,
        ] {
            part.hash(&mut hash);
        }
        format!("{:016x}", hash.finish())
    }
}

/// True when `record` comes after `cursor` in the listing's order.
fn is_after(record: &TaskRecord, cursor: &Cursor) -> bool {
    let updated = record.updated as i64;
    updated < cursor.updated || (updated == cursor.updated && record.id > cursor.id)
}

/// The text whose bytes `text` writes in hexadecimal (as [`hex`] wrote it).
fn unhex(text: &str) -> Option<String> {
    let digits = text.as_bytes();
    if digits.len() % 2 != 0 {
        return None;
    }
    let value = |d: u8| char::from(d).to_digit(16).map(|v| v as u8);
    let bytes = digits
        .chunks(2)
        .map(|pair| Some(value(*pair.first()?)? << 4 | value(*pair.get(1)?)?))
        .collect::<Option<Vec<u8>>>()?;
    String::from_utf8(bytes).ok()
}

/// An integer parameter, as a number or a string of digits.
fn integer(value: Option<&Value>, name: &str) -> Result<Option<i64>, Refusal> {
    let Some(value) = value else {
        return Ok(None);
    };
    let n = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    n.map(Some)
        .ok_or_else(|| invalid(name, "must be an integer"))
}

fn invalid(name: &str, why: &str) -> Refusal {
    Refusal::invalid_params(format!("Invalid params: {name} {why}"))
}
