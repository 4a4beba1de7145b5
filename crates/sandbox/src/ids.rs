//! Uuid-shaped identifiers, stored as 128-bit integers and printed in the usual 8-4-4-4-12 form.

use std::fmt;

/// A uuid stored as its 128 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uuid(pub u128);

impl Uuid {
    /// A version-4-shaped uuid from 128 random bits (version and variant bits are forced).
    pub fn v4(bits: u128) -> Self {
        let with_version = (bits & !(0xf << 76)) | (0x4 << 76);
        let with_variant = (with_version & !(0x3 << 62)) | (0x2 << 62);
        Self(with_variant)
    }

    /// A uuid derived from two 64-bit hashes.
    pub fn from_hashes(hi: u64, lo: u64) -> Self {
        Self::v4((u128::from(hi) << 64) | u128::from(lo))
    }

    /// Parses the hyphenated hex form (case-insensitive); `None` when malformed.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        if s.len() != 36 {
            return None;
        }
        let mut bits: u128 = 0;
        for (i, c) in s.chars().enumerate() {
            if matches!(i, 8 | 13 | 18 | 23) {
                if c != '-' {
                    return None;
                }
                continue;
            }
            bits = (bits << 4) | u128::from(c.to_digit(16)?);
        }
        Some(Self(bits))
    }
}

impl fmt::Display for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = format!("{:032x}", self.0);
        write!(
            f,
            "{}-{}-{}-{}-{}",
            &h[0..8],
            &h[8..12],
            &h[12..16],
            &h[16..20],
            &h[20..32]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let s = "b88b8466-efe3-11eb-b56f-0691764446a7";
        let id = Uuid::parse(s).unwrap();
        assert_eq!(id.to_string(), s);
        assert_eq!(Uuid::parse(&s.to_uppercase()), Some(id));
        assert!(Uuid::parse("not-a-uuid").is_none());
        let v4 = Uuid::v4(u128::MAX).to_string();
        assert_eq!(&v4[14..15], "4");
        assert_eq!(Uuid::parse(&v4).unwrap().to_string(), v4);
    }
}
