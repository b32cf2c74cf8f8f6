//! FNV-1a, the hasher of the index's term dictionary and of the tokenizer's stop words.

use std::hash::{BuildHasher, Hasher};

/// FNV-1a: much cheaper than the default SipHash for short keys. Only corpus words are ever
/// inserted (queries just look words up), so hash flooding is not a concern.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct FnvBuildHasher;

#[derive(Debug)]
pub(super) struct FnvHasher(u64);

impl BuildHasher for FnvBuildHasher {
    type Hasher = FnvHasher;
    fn build_hasher(&self) -> FnvHasher {
        FnvHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
