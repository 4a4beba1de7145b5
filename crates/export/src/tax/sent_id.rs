//! An id as the service sent it (an operation's, a leg's, a trade's), kept small: the service
//! sends lowercase hyphenated UUIDs, and such an id is kept as its 16 bytes rather than as a
//! string of 36 (an allocation of 48 bytes in wasm, with a 12-byte handle). A ledger keeps
//! three or four ids an operation, 100,000 operations on a long account (issue 44). Any other
//! text is kept as sent (an uppercase or dashless UUID too, so that it is written back exactly
//! as it came). Ids compare, sort and hash as their text does.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Deref;

/// An id as sent (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SentId {
    /// A lowercase hyphenated UUID.
    Uuid([u8; 16]),
    /// Any other id.
    Text(Box<str>),
}

impl SentId {
    /// The id `id`.
    pub fn of(id: &str) -> Self {
        let as_sent = id.len() == 36 && !id.bytes().any(|b| b.is_ascii_uppercase());
        match uuid::Uuid::try_parse(id) {
            Ok(uuid) if as_sent => SentId::Uuid(uuid.into_bytes()),
            _ => SentId::Text(id.into()),
        }
    }

    /// The id's text, exactly as sent.
    pub fn text(&self) -> IdText<'_> {
        match self {
            SentId::Uuid(bytes) => {
                let mut text = [0u8; 36];
                uuid::Uuid::from_bytes(*bytes)
                    .hyphenated()
                    .encode_lower(&mut text);
                IdText::Uuid(text)
            }
            SentId::Text(text) => IdText::Text(text),
        }
    }
}

impl From<&str> for SentId {
    fn from(id: &str) -> Self {
        SentId::of(id)
    }
}

impl fmt::Display for SentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl PartialEq<str> for SentId {
    fn eq(&self, other: &str) -> bool {
        *self.text() == *other
    }
}

impl PartialEq<&str> for SentId {
    fn eq(&self, other: &&str) -> bool {
        *self.text() == **other
    }
}

/// As the texts sort: two UUIDs by their bytes (the same order as their lowercase hex),
/// anything else by its text.
impl Ord for SentId {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (SentId::Uuid(a), SentId::Uuid(b)) => a.cmp(b),
            (SentId::Text(a), SentId::Text(b)) => a.cmp(b),
            _ => self.text().cmp(&other.text()),
        }
    }
}

impl PartialOrd for SentId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// An id's text, on the stack for a UUID.
pub enum IdText<'a> {
    /// A UUID written out.
    Uuid([u8; 36]),
    /// Text kept as sent.
    Text(&'a str),
}

impl Deref for IdText<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            // Written by `encode_lower`: ASCII hex digits and hyphens.
            IdText::Uuid(text) => std::str::from_utf8(text).unwrap_or_default(),
            IdText::Text(text) => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SentId;

    const A: &str = "0b7f3e2a-9c41-4d5e-8f60-1a2b3c4d5e6f";
    const B: &str = "f0000000-0000-4000-8000-000000000000";

    /// A lowercase hyphenated UUID is kept as bytes and written back as sent; an uppercase
    /// or dashless one, or any other text, is kept as text.
    #[test]
    fn an_id_is_written_back_as_sent() {
        assert!(matches!(SentId::of(A), SentId::Uuid(_)));
        assert_eq!(&*SentId::of(A).text(), A);
        assert_eq!(SentId::of(A).to_string(), A);
        for other in [
            "0B7F3E2A-9C41-4D5E-8F60-1A2B3C4D5E6F",
            "0b7f3e2a9c414d5e8f601a2b3c4d5e6f",
            "t-1",
            "",
        ] {
            assert!(matches!(SentId::of(other), SentId::Text(_)), "{other}");
            assert_eq!(&*SentId::of(other).text(), other);
        }
        assert_ne!(
            SentId::of(A),
            SentId::of("0B7F3E2A-9C41-4D5E-8F60-1A2B3C4D5E6F")
        );
        assert_eq!(SentId::of(A), *A);
    }

    /// Ids sort as their texts do, UUIDs and other ids mixed.
    #[test]
    fn ids_sort_as_their_texts() {
        let texts = [
            B,
            "1",
            A,
            "zz",
            "0b7f3e2a",
            "G-1",
            "f",
            "0B7F3E2A-9C41-4D5E-8F60-1A2B3C4D5E6F",
        ];
        let mut ids: Vec<SentId> = texts.iter().map(|t| SentId::of(t)).collect();
        ids.sort();
        let mut sorted = texts.to_vec();
        sorted.sort();
        let written: Vec<String> = ids.iter().map(SentId::to_string).collect();
        assert_eq!(written, sorted);
    }
}
