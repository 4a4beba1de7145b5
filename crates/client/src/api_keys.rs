//! A key per API. Many people hold a separate key for the exchange API (exchange tools tell
//! them to create a dedicated one), and a legacy key may differ from the current one. The
//! client sends the current API's key everywhere unless the legacy or exchange API was given
//! its own; which API a request is for follows from its URL (the longest base URL it is under).

use crate::transport::Transport;
use crate::{ApiKey, Client};

/// Whether `url` is under `base` (a base URL without its trailing slash).
pub(crate) fn is_under(url: &str, base: &str) -> bool {
    !base.is_empty()
        && url
            .strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?']))
}

impl<T: Transport> Client<T> {
    /// The same client with a key of the legacy API's own and one of the exchange API's own
    /// (`None`: that API gets the current API's key). An empty key counts as none.
    pub fn with_api_keys(mut self, legacy: Option<ApiKey>, exchange: Option<ApiKey>) -> Self {
        self.legacy_key = legacy.filter(|k| !k.is_empty());
        self.exchange_key = exchange.filter(|k| !k.is_empty());
        self
    }

    /// The key a request to `url` carries.
    pub(crate) fn key_for(&self, url: &str) -> &ApiKey {
        let base = self.base();
        let candidates = [
            (
                base.exchange.trim_end_matches('/'),
                self.exchange_key.as_ref(),
            ),
            (base.legacy.trim_end_matches('/'), self.legacy_key.as_ref()),
            (base.current.trim_end_matches('/'), None),
        ];
        candidates
            .into_iter()
            .filter(|(b, _)| is_under(url, b))
            .max_by_key(|(b, _)| b.len())
            .and_then(|(_, key)| key)
            .unwrap_or(&self.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::fake::FakeTransport;
    use crate::BaseUrls;

    fn client(base: BaseUrls) -> Client<FakeTransport> {
        Client::with_transport(base, ApiKey::new("main"), FakeTransport::default())
    }

    fn key_of(c: &Client<FakeTransport>, url: &str) -> String {
        c.key_for(url).expose().to_string()
    }

    #[test]
    fn each_api_gets_its_own_key_or_the_main_one() {
        let one = client(BaseUrls::same_origin(""));
        assert_eq!(key_of(&one, "/exchange/v1/account/balances"), "main");
        let three = client(BaseUrls::same_origin(""))
            .with_api_keys(Some(ApiKey::new("old")), Some(ApiKey::new(" exch ")));
        assert_eq!(key_of(&three, "/exchange/v1/account/balances"), "exch");
        assert_eq!(key_of(&three, "/legacy/v1/wallets"), "old");
        assert_eq!(key_of(&three, "/public/v1/portfolio"), "main");
        // A look-alike prefix is not under the base.
        assert_eq!(key_of(&three, "/exchanges/v1/x"), "main");
        let blank = client(BaseUrls::same_origin("")).with_api_keys(Some(ApiKey::new("  ")), None);
        assert_eq!(key_of(&blank, "/legacy/v1/wallets"), "main");
    }

    #[test]
    fn the_longest_base_decides_when_one_contains_another() {
        let base = BaseUrls {
            current: "https://proxy.example/api".into(),
            legacy: "https://proxy.example/api/legacy".into(),
            exchange: "https://proxy.example/api/exchange/".into(),
        };
        let c = client(base).with_api_keys(Some(ApiKey::new("old")), Some(ApiKey::new("exch")));
        assert_eq!(
            key_of(&c, "https://proxy.example/api/exchange/v1/time"),
            "exch"
        );
        assert_eq!(
            key_of(&c, "https://proxy.example/api/legacy/v1/trades"),
            "old"
        );
        assert_eq!(key_of(&c, "https://proxy.example/api/v1/portfolio"), "main");
    }
}
