//! Newtype identifiers, so that an asset id can never be passed where a currency id is meant.

macro_rules! id_type {
    ($( $(#[$meta:meta])* $name:ident ),+ $(,)?) => {
        $(
            $(#[$meta])*
            #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
            #[serde(transparent)]
            pub struct $name(pub String);

            impl $name {
                /// Wraps an identifier string as received from the service.
                pub fn new(id: impl Into<String>) -> Self {
                    Self(id.into())
                }

                /// The identifier as text.
                pub fn as_str(&self) -> &str {
                    &self.0
                }
            }

            impl std::fmt::Display for $name {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(&self.0)
                }
            }

            impl From<&str> for $name {
                fn from(id: &str) -> Self {
                    Self(id.to_string())
                }
            }
        )+
    };
}

/// Ids that repeat from record to record (a history of 100,000 operations names a few
/// hundred assets, currencies and wallets, each thousands of times) are kept once: reading
/// one from the wire looks it up among those read before on this thread and keeps its text
/// for the life of the page, so every leg naming bitcoin points at one copy (issue 44: the
/// memory a long history takes). Being a `&'static str`, such an id is cloned by copying a
/// pointer and needs no code to drop: less code on every page than an owned `String`.
///
/// The texts kept are never freed. An account names a few hundred; they stay after the key
/// is forgotten, as any text the page has shown may (they are identifiers, not secrets).
macro_rules! shared_id_type {
    ($( $(#[$meta:meta])* $name:ident ),+ $(,)?) => {
        $(
            $(#[$meta])*
            #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct $name(&'static str);

            impl $name {
                /// Wraps an identifier string as received from the service (shared with an
                /// equal one read before).
                pub fn new(id: impl AsRef<str>) -> Self {
                    Self(crate::ids::shared(id.as_ref()))
                }

                /// The identifier as text.
                pub fn as_str(&self) -> &str {
                    self.0
                }
            }

            impl std::fmt::Display for $name {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(self.0)
                }
            }

            impl From<&str> for $name {
                fn from(id: &str) -> Self {
                    Self::new(id)
                }
            }

            impl serde::Serialize for $name {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.serialize_str(self.0)
                }
            }

            impl<'de> serde::Deserialize<'de> for $name {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    Ok(Self::new(String::deserialize(d)?))
                }
            }
        )+
    };
}

thread_local! {
    /// The ids read so far on this thread, in the order of their texts.
    static SHARED: std::cell::RefCell<Vec<&'static str>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

/// How many ids are looked up for sharing: an account names a few hundred, the catalogue a
/// few thousand. Past it (a misbehaving service naming ever new ids), a new id is its own copy,
/// still kept for the page's life, but the list stays small enough to insert into.
const SHARED_AT_MOST: usize = 8192;

/// The kept copy of `id`: the one read before, else a new one, kept from now on. A sorted
/// list, not a hash set: a few thousand texts, and no hasher in every page's first load.
#[inline(never)]
fn shared(id: &str) -> &'static str {
    let keep = || -> &'static str { Box::leak(Box::<str>::from(id)) };
    SHARED
        .try_with(|list| {
            let mut list = list.borrow_mut();
            match list.binary_search(&id) {
                Ok(at) => list[at],
                Err(at) => {
                    let new = keep();
                    if list.len() < SHARED_AT_MOST {
                        list.insert(at, new);
                    }
                    new
                }
            }
        })
        .unwrap_or_else(|_| keep())
}

shared_id_type!(
    /// An asset (crypto, stock, ETF, metal, index …) of the current API.
    AssetId,
    /// A fiat currency of the current API (EUR, USD, …).
    CurrencyId,
    /// A wallet holding one asset or currency.
    WalletId,
);

id_type!(
    /// An operation in the unified timeline.
    OperationId,
    /// One leg (transaction) of an operation.
    TransactionId,
    /// A trade created by accepting a quote.
    TradeId,
    /// A quote created by `POST /v1/quotes`.
    QuoteId,
    /// An order on the exchange API.
    OrderId,
    /// An earn configuration.
    ConfigId,
);

impl CurrencyId {
    /// EUR's id on the live service (and in the sandbox).
    pub fn eur() -> Self {
        Self::new("b88b8466-efe3-11eb-b56f-0691764446a7")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ptr::eq as same_copy;

    #[test]
    fn an_id_read_twice_is_one_copy_and_written_as_read() {
        let a: AssetId = serde_json::from_str(r#""1b7c5a2e-btc""#).unwrap();
        let b: AssetId = serde_json::from_str(r#""1b7c5a2e-btc""#).unwrap();
        assert!(same_copy(a.0, b.0));
        assert_eq!(b.as_str(), "1b7c5a2e-btc");
        assert_eq!(serde_json::to_string(&b).unwrap(), r#""1b7c5a2e-btc""#);
        assert_eq!(WalletId::new("w-1"), WalletId::from("w-1"));
        assert_ne!(AssetId::new("a"), AssetId::new("b"));
    }

    #[test]
    fn past_the_limit_a_new_id_is_its_own_copy_and_still_equal() {
        // A thread of its own: the shared list starts empty.
        std::thread::spawn(|| {
            let first = AssetId::new("id-0");
            for n in 1..SHARED_AT_MOST {
                let _ = CurrencyId::new(format!("id-{n}"));
            }
            let (late, again) = (AssetId::new("late"), AssetId::new("late"));
            assert_eq!(late, again);
            assert!(!same_copy(late.0, again.0));
            assert!(same_copy(first.0, AssetId::new("id-0").0));
        })
        .join()
        .unwrap();
    }
}
