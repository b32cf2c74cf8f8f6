//! Identifiers and timestamps the agent writes: UUID v4, `art_` + 32 hex, RFC 3339 with
//! milliseconds. Randomness comes from the caller (WebCrypto in the Worker, a seeded source in
//! tests).

use crate::CivilDate;

/// A source of random bytes.
pub trait Random {
    /// Fills `buf` with random bytes.
    fn fill(&mut self, buf: &mut [u8]);
}

/// A deterministic source for tests (xorshift; not for secrets).
#[derive(Debug, Clone)]
pub struct SeededRandom(pub u64);

impl Random for SeededRandom {
    fn fill(&mut self, buf: &mut [u8]) {
        for b in buf.iter_mut() {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            *b = (self.0 >> 24) as u8;
        }
    }
}

/// Appends `bytes` as lower-case hex, with a `-` before the bytes at the indexes of `dashes`.
fn push_hex(out: &mut String, bytes: &[u8], dashes: &[usize]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for (i, byte) in bytes.iter().enumerate() {
        if dashes.contains(&i) {
            out.push('-');
        }
        for nibble in [byte >> 4, byte & 0x0f] {
            out.push(char::from(
                HEX.get(usize::from(nibble)).copied().unwrap_or(b'0'),
            ));
        }
    }
}

/// A random UUID v4.
pub fn uuid_v4(random: &mut dyn Random) -> String {
    let mut b = [0u8; 16];
    random.fill(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let mut out = String::with_capacity(36);
    push_hex(&mut out, &b, &[4, 6, 8, 10]);
    out
}

/// An artifact id: `art_` + 32 hex digits.
pub fn artifact_id(random: &mut dyn Random) -> String {
    let mut b = [0u8; 16];
    random.fill(&mut b);
    let mut out = String::from("art_");
    push_hex(&mut out, &b, &[]);
    out
}

/// `now_ms` as RFC 3339 UTC with milliseconds (`2026-11-30T12:00:00.000Z`). Integer arithmetic
/// only: a float remainder would bring libm's `fmod` into the Worker.
pub fn rfc3339(now_ms: f64) -> String {
    let ms = now_ms as i64; // saturating; NaN is 0
    let date = CivilDate::from_days_since_epoch(ms.div_euclid(86_400_000))
        .unwrap_or_else(|| CivilDate::from_days_since_epoch(0).unwrap_or_else(epoch));
    let ms_of_day = ms.rem_euclid(86_400_000);
    let (h, m, s, ms) = (
        ms_of_day / 3_600_000,
        ms_of_day / 60_000 % 60,
        ms_of_day / 1000 % 60,
        ms_of_day % 1000,
    );
    format!("{date}T{h:02}:{m:02}:{s:02}.{ms:03}Z")
}

/// `bytes` as lowercase hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    push_hex(&mut out, bytes, &[]);
    out
}

fn epoch() -> CivilDate {
    // 1970-01-01 always exists; `new` only fails for impossible dates.
    CivilDate::new(1970, 1, 1).unwrap_or_else(epoch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let mut r = SeededRandom(42);
        let u = uuid_v4(&mut r);
        assert_eq!(u.len(), 36);
        assert_eq!(u.as_bytes()[14], b'4');
        assert!(matches!(u.as_bytes()[19], b'8' | b'9' | b'a' | b'b'));
        assert_ne!(u, uuid_v4(&mut r));
        let a = artifact_id(&mut r);
        assert!(a.starts_with("art_") && a.len() == 36);
        assert_eq!(rfc3339(1_796_083_200_123.0), "2026-12-01T00:00:00.123Z");
        assert_eq!(rfc3339(0.0), "1970-01-01T00:00:00.000Z");
    }
}
