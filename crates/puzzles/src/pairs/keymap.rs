//! Hash maps keyed by packed positions, split into buckets so that filling them stays in cache.
//!
//! A layer of the count holds millions of positions; inserting children straight into one big
//! table costs two cache misses per insert. Instead, children are first appended to one buffer
//! per bucket (sequential writes), and each buffer is then merged into its bucket's map, which
//! is small enough to stay in the processor's cache while that happens. Buckets are chosen by
//! bits of the hash that the map itself does not use for its slots or tags.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map from a position key to a number of move sequences.
pub type KeyMap = HashMap<u128, u128, BuildHasherDefault<KeyHasher>>;

/// A set of position keys.
pub type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

pub fn key_map(capacity: usize) -> KeyMap {
    KeyMap::with_capacity_and_hasher(capacity, Default::default())
}

/// log2 of the number of buckets in a [`Buckets`].
pub const BUCKET_BITS: u32 = 8;
pub const BUCKETS: usize = 1 << BUCKET_BITS;

/// The full 128-to-64-bit mix of a key (the keys are structured: colours in the low bits, the
/// gap index above them, so a multiply-and-add hasher would spread them poorly).
#[inline]
pub fn mix(key: u128) -> u64 {
    let mut x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    x = (x ^ (x >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The bucket of a key: hash bits 32 .. 32 + BUCKET_BITS (the map uses the low bits for its
/// slot and the top seven for its tags).
#[inline]
pub fn bucket_of(key: u128) -> usize {
    (mix(key) >> 32) as usize & (BUCKETS - 1)
}

/// Hashes one `u128` key with [`mix`].
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn write_u128(&mut self, key: u128) {
        self.0 = mix(key ^ u128::from(self.0));
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(16) {
            let mut word = [0u8; 16];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u128(u128::from_le_bytes(word));
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// One layer of positions with their numbers of move sequences, as [`BUCKETS`] maps.
pub struct Buckets {
    pub maps: Vec<KeyMap>,
}

impl Buckets {
    pub fn new() -> Buckets {
        Buckets {
            maps: (0..BUCKETS).map(|_| key_map(0)).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.maps.iter().map(KeyMap::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.maps.iter().all(KeyMap::is_empty)
    }

    /// Adds `ways` to the entry of `key`.
    pub fn add(&mut self, key: u128, ways: u128) {
        add_to(&mut self.maps[bucket_of(key)], key, ways);
    }
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets::new()
    }
}

/// Adds `ways` to the entry of `key` in one map.
#[inline]
pub fn add_to(map: &mut KeyMap, key: u128, ways: u128) {
    let entry = map.entry(key).or_insert(0);
    *entry = entry.checked_add(ways).expect("counts fit in u128");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_spread_structured_keys() {
        let mut sizes = vec![0usize; BUCKETS];
        for colours in 0..(1u128 << 16) {
            sizes[bucket_of(colours | 17 << 40)] += 1;
        }
        let expected = (1 << 16) / BUCKETS;
        assert!(
            sizes.iter().all(|&s| s > expected / 2 && s < expected * 2),
            "{sizes:?}"
        );
    }
}
