//! JSON written into a buffer of its exact size. `serde_json::to_string` grows its buffer by
//! doubling: a large answer (a 16 MiB document through a door) is then copied while both buffers
//! are live, and the last one is up to twice too large. Counting first costs one more pass over
//! the value and no memory.

use serde::Serialize;
use std::io;

/// Counts the bytes written to it.
struct Count(usize);

impl io::Write for Count {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `value` as JSON text, in a string of exactly its length. A value serde cannot write (a map
/// with keys that are not strings: none of ours) is `null`.
pub fn to_string(value: &impl Serialize) -> String {
    let mut count = Count(0);
    if serde_json::to_writer(&mut count, value).is_err() {
        return "null".to_owned();
    }
    let mut out = Vec::with_capacity(count.0);
    match serde_json::to_writer(&mut out, value) {
        Ok(()) => String::from_utf8(out).unwrap_or_else(|_| "null".to_owned()),
        Err(_) => "null".to_owned(),
    }
}
