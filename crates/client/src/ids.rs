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

id_type!(
    /// An asset (crypto, stock, ETF, metal, index …) of the current API.
    AssetId,
    /// A fiat currency of the current API (EUR, USD, …).
    CurrencyId,
    /// A wallet holding one asset or currency.
    WalletId,
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
