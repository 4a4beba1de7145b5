//! The demo API keys, the APIs each is valid for and the scopes of the current public API.

/// A permission fixed on a key when it is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// `/portfolio`, `/portfolio-history`.
    Balance,
    /// `/operations`.
    Transaction,
    /// `/assets`, `/currencies`, `/tickers/{id}` (these also answer without a key).
    TradeRead,
    /// Quotes and `POST /trading-limits`.
    TradeWrite,
    /// `/earn/configs`.
    EarnRead,
    /// `/earn/actions/{action}`.
    EarnWrite,
}

impl Scope {
    /// Every scope, in display order.
    pub const ALL: [Scope; 6] = [
        Scope::Balance,
        Scope::Transaction,
        Scope::TradeRead,
        Scope::TradeWrite,
        Scope::EarnRead,
        Scope::EarnWrite,
    ];

    /// The scope's name as the service spells it (`"Trade (Read)"`).
    pub fn name(self) -> &'static str {
        match self {
            Scope::Balance => "Balance",
            Scope::Transaction => "Transaction",
            Scope::TradeRead => "Trade (Read)",
            Scope::TradeWrite => "Trade (Write)",
            Scope::EarnRead => "Earn (Read)",
            Scope::EarnWrite => "Earn (Write)",
        }
    }
}

/// One of the service's three APIs. A key made for one API is unknown to the others, as
/// with an exchange key created apart from the main account's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    /// The current public API (`/public`).
    Current,
    /// The legacy API (`/legacy`).
    Legacy,
    /// The exchange API (`/exchange`).
    Exchange,
}

/// Every API.
const ALL_APIS: &[Api] = &[Api::Current, Api::Legacy, Api::Exchange];

/// A fixed demo key; all demo keys share one account and ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoKey {
    /// The key string sent in `x-api-key`.
    pub key: &'static str,
    /// A short human label.
    pub label: &'static str,
    /// The scopes the key carries.
    pub scopes: &'static [Scope],
    /// The APIs that accept the key.
    pub apis: &'static [Api],
}

impl DemoKey {
    /// Whether `api` accepts the key.
    pub fn valid_for(&self, api: Api) -> bool {
        self.apis.contains(&api)
    }

    /// Whether the key carries `scope`.
    pub fn has(&self, scope: Scope) -> bool {
        self.scopes.contains(&scope)
    }
}

static DEMO_KEYS: [DemoKey; 5] = [
    DemoKey {
        key: "folio-demo-full",
        label: "Full access",
        scopes: &Scope::ALL,
        apis: ALL_APIS,
    },
    DemoKey {
        key: "folio-demo-read",
        label: "Read only",
        scopes: &[
            Scope::Balance,
            Scope::Transaction,
            Scope::TradeRead,
            Scope::EarnRead,
        ],
        apis: ALL_APIS,
    },
    DemoKey {
        key: "folio-demo-balance",
        label: "Balance only",
        scopes: &[Scope::Balance],
        apis: ALL_APIS,
    },
    DemoKey {
        key: "folio-demo-exchange",
        label: "Exchange API only: read and trade",
        scopes: &[Scope::TradeRead, Scope::TradeWrite],
        apis: &[Api::Exchange],
    },
    DemoKey {
        key: "folio-demo-legacy",
        label: "Legacy API only",
        scopes: &[],
        apis: &[Api::Legacy],
    },
];

/// The demo keys the sandbox accepts, printed at start and listed by `/sandbox/info`.
pub fn demo_keys() -> &'static [DemoKey] {
    &DEMO_KEYS
}

/// The demo key with this exact string, if any.
pub fn find_key(key: &str) -> Option<&'static DemoKey> {
    DEMO_KEYS.iter().find(|k| k.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_keys_have_expected_scopes() {
        assert_eq!(find_key("folio-demo-full").unwrap().scopes.len(), 6);
        let read = find_key("folio-demo-read").unwrap();
        assert!(read.has(Scope::TradeRead) && !read.has(Scope::TradeWrite));
        assert_eq!(
            find_key("folio-demo-balance").unwrap().scopes,
            &[Scope::Balance]
        );
        assert!(find_key("nope").is_none());
        let exchange = find_key("folio-demo-exchange").unwrap();
        assert!(exchange.valid_for(Api::Exchange) && !exchange.valid_for(Api::Current));
        assert!(!find_key("folio-demo-legacy")
            .unwrap()
            .valid_for(Api::Exchange));
        assert_eq!(Scope::EarnWrite.name(), "Earn (Write)");
    }
}
