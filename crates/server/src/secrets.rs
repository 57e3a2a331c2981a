//! Seat tokens, creator tokens and game ids: random values from the operating system, and
//! the digests the store keeps in place of the tokens.
//!
//! A token is 128 random bits in hex; the store holds only its SHA-256 digest, so a copy of
//! the database lets nobody move. A salt or a slow hash would add nothing: the tokens are
//! random, not chosen by people, so there is no dictionary to try.

use sha2::{Digest, Sha256};

use crate::error::Refusal;

/// `count` random bytes from the operating system, in hex.
fn random_hex(count: usize) -> Result<String, Refusal> {
    let mut bytes = vec![0u8; count];
    getrandom::fill(&mut bytes).map_err(|e| Refusal::Internal(format!("randomness: {e}")))?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// A seat or creator token: 128 random bits, 32 hex digits.
pub(crate) fn new_token() -> Result<String, Refusal> {
    random_hex(16)
}

/// A game id: 64 random bits of its own, drawn apart from every token.
pub(crate) fn new_id() -> Result<String, Refusal> {
    random_hex(8)
}

/// A seed for an engine search.
pub(crate) fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// The digest the store keeps of `token`: SHA-256, 64 hex digits.
pub(crate) fn digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `text` is a digest as [`digest`] writes it (a store written before tokens were
/// hashed holds the tokens themselves, 32 digits).
pub(crate) fn is_digest(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|c| c.is_ascii_hexdigit())
}

/// Equal strings, compared in time that depends only on their lengths (digests all have the
/// same length, so a comparison says nothing about how much of a guess was right).
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_equal_only_when_every_byte_is() {
        assert!(same_secret("00ff", "00ff"));
        assert!(!same_secret("00ff", "00fe"));
        assert!(!same_secret("10ff", "00ff"));
        assert!(!same_secret("00ff", "00ff0"));
        assert!(!same_secret("", "0"));
    }

    #[test]
    fn tokens_are_128_bits_in_hex_and_differ() {
        let a = new_token().expect("randomness");
        let b = new_token().expect("randomness");
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(new_id().expect("randomness").len(), 16);
    }

    #[test]
    fn the_digest_is_sha256_in_hex() {
        // The SHA-256 of "abc" from FIPS 180-2, appendix B.1.
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(is_digest(&digest("x")));
        assert!(!is_digest("0123456789abcdef0123456789abcdef"));
    }
}
