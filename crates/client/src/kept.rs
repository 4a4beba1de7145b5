//! The public catalogue kept for the tab: the answers of `GET /v1/currencies` and
//! `GET /v1/assets` are the same for every key, so the transport may keep them
//! ([`Transport::keep`]; the browser's keeps them in the tab's `sessionStorage`) and a read of
//! the same URL is answered from there: a reload, or a second visit, asks only for what it
//! has not read before. Only an answer in the catalogue's shape (JSON whose `data` is a list)
//! is kept, so a broken answer is asked for again. Nothing else is ever kept: not prices
//! (tickers), no amount, nothing else read about the account. The assets kept are those the
//! pages named, so what is kept does say which assets the person holds or looked up: it sits
//! beside the key, in the tab only, and goes with the tab.

use crate::transport::Transport;
use crate::Client;

/// What the name of every tab storage item that keeps a catalogue answer starts with; the
/// URL read follows it (`folio.kept https://…/v1/currencies`). `cargo xtask bench paint`
/// writes the same text in its page script, as the xtask does not build this crate.
pub const KEPT_ITEM_PREFIX: &str = "folio.kept ";

/// The most the kept answers may hold together, in characters: the tab's storage (about
/// 5 MB per site) must always have room for the key, its activity time and the settings, so
/// the oldest answers make way for a new one beyond this.
pub const KEPT_BUDGET: usize = 1_000_000;

/// The storage item listing the kept answers' items, oldest first, one per line.
pub const KEPT_ORDER_ITEM: &str = "folio.kept-order";

/// Which kept items (oldest first in `kept`, with their sizes) to remove so that a new
/// answer of `new_len` characters fits in `budget`; `None` when it cannot fit at all. (Used
/// by the browser's transport; natively only by the tests.)
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn to_evict(
    kept: &[(String, usize)],
    new_len: usize,
    budget: usize,
) -> Option<Vec<&str>> {
    if new_len > budget {
        return None;
    }
    let mut total = kept
        .iter()
        .fold(0usize, |a, (_, len)| a.saturating_add(*len));
    let mut out = Vec::new();
    for (name, len) in kept {
        if total.saturating_add(new_len) <= budget {
            break;
        }
        total = total.saturating_sub(*len);
        out.push(name.as_str());
    }
    Some(out)
}

impl<T: Transport> Client<T> {
    /// `url` again, when it reads the public catalogue: where its answer is to be kept.
    #[inline(never)]
    pub(crate) fn where_to_keep(&self, url: &str) -> Option<String> {
        self.is_public_catalogue(url).then(|| url.to_string())
    }

    /// Whether `url` reads the public catalogue (currencies, assets) of the current API.
    pub(crate) fn is_public_catalogue(&self, url: &str) -> bool {
        let Some(rest) = url
            .strip_prefix(self.base().current.trim_end_matches('/'))
            .and_then(|rest| rest.strip_prefix("/v1"))
        else {
            return false;
        };
        rest == "/currencies" || rest == "/assets" || rest.starts_with("/assets?")
    }

    /// The kept answer of `url`, a read of the public catalogue ([`Self::where_to_keep`]), if
    /// one is kept. Never inlined, here and above and below: every typed read awaits
    /// `get_text`, and its body is copied into each of them.
    #[inline(never)]
    pub(crate) fn kept_answer(&self, url: &str) -> Option<String> {
        self.transport.kept(url)
    }

    /// Keeps `text`, an answer of `url` that reads the public catalogue, when it is in the
    /// catalogue's shape: JSON whose `data` is a list. The text is parsed once more here, where
    /// it is not yet typed: checking after the typed decode put the check in every typed read
    /// (about 0.3 KB more on first loads), and a catalogue answer is a few KB.
    #[inline(never)]
    pub(crate) fn keep_answer(&self, url: &str, text: &str) {
        let shaped = serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|answer| answer.get("data").is_some_and(serde_json::Value::is_array));
        if shaped {
            self.transport.keep(url, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::transport::fake::FakeTransport;
    use crate::{ApiKey, BaseUrls, Client};

    fn client(fake: &FakeTransport) -> Client<FakeTransport> {
        Client::with_transport(
            BaseUrls::same_origin("http://a.test"),
            ApiKey::new("k"),
            fake.clone(),
        )
    }

    #[test]
    fn the_oldest_answers_make_way_within_the_budget() {
        let kept = vec![
            ("a".to_string(), 400),
            ("b".to_string(), 300),
            ("c".to_string(), 200),
        ];
        // 900 kept + 150 new > 1,000: the oldest (a) goes, 650 is left.
        assert_eq!(super::to_evict(&kept, 150, 1_000), Some(vec!["a"]));
        // 900 + 800: a and b go (200 + 800 = 1,000 fits exactly).
        assert_eq!(super::to_evict(&kept, 800, 1_000), Some(vec!["a", "b"]));
        assert_eq!(super::to_evict(&kept, 100, 1_000), Some(vec![]));
        assert_eq!(super::to_evict(&kept, 1_001, 1_000), None);
    }

    #[test]
    fn only_currencies_and_assets_of_the_current_api_are_public() {
        let c = client(&FakeTransport::default());
        assert!(c.is_public_catalogue("http://a.test/public/v1/currencies"));
        assert!(c.is_public_catalogue("http://a.test/public/v1/assets?page_size=10"));
        assert!(c.is_public_catalogue("http://a.test/public/v1/assets"));
        assert!(!c.is_public_catalogue("http://a.test/public/v1/portfolio"));
        assert!(!c.is_public_catalogue("http://a.test/public/v1/tickers/x"));
        assert!(!c.is_public_catalogue("http://a.test/public/v1/currencies/x"));
        assert!(!c.is_public_catalogue("http://a.test/public/v1/assetsx"));
        assert!(!c.is_public_catalogue("http://b.test/public/v1/currencies"));
    }

    #[tokio::test]
    async fn a_second_read_of_the_catalogue_is_answered_from_what_was_kept() {
        let fake = FakeTransport::default();
        fake.answer(200, r#"{"data":[{"id":"c1","symbol":"EUR"}]}"#);
        let c = client(&fake);
        let first = c.current().currencies().await.unwrap();
        let again = c.current().currencies().await.unwrap();
        assert_eq!(first.len(), 1);
        assert_eq!(again.len(), 1);
        assert_eq!(fake.sent().len(), 1, "the second read is not sent");
    }

    #[tokio::test]
    async fn an_answer_out_of_the_catalogues_shape_is_not_kept() {
        let fake = FakeTransport::default();
        fake.answer(200, "<html>maintenance</html>");
        fake.answer(200, r#"{"data":null}"#);
        fake.answer(503, r#"{"data":[]}"#);
        fake.answer(200, r#"{"data":[]}"#);
        let c = client(&fake);
        assert!(c.current().currencies().await.is_err());
        assert!(c.current().currencies().await.is_ok());
        // A 503 is retried, and an error is never kept.
        assert!(c.current().currencies().await.is_ok());
        assert_eq!(fake.sent().len(), 4);
        assert_eq!(fake.kept_urls().len(), 1);
        assert!(c.current().currencies().await.is_ok());
        assert_eq!(fake.sent().len(), 4);
    }

    #[tokio::test]
    async fn a_kept_answer_is_not_read_early() {
        let fake = FakeTransport::default();
        fake.answer(200, r#"{"data":[]}"#);
        let c = client(&fake);
        c.current().currencies().await.unwrap();
        c.read_current_early("/currencies").await;
        c.current().currencies().await.unwrap();
        assert_eq!(fake.sent().len(), 1);
    }

    #[tokio::test]
    async fn what_is_kept_for_one_api_address_is_not_used_for_another() {
        let fake = FakeTransport::default();
        fake.answer(200, r#"{"data":[{"id":"c1","symbol":"EUR"}]}"#);
        fake.answer(200, r#"{"data":[{"id":"c2","symbol":"USD"}]}"#);
        let here = client(&fake);
        let there = Client::with_transport(
            BaseUrls::same_origin("http://b.test"),
            ApiKey::new("k"),
            fake.clone(),
        );
        assert_eq!(
            here.current().currencies().await.unwrap()[0].id.as_str(),
            "c1"
        );
        assert_eq!(
            there.current().currencies().await.unwrap()[0].id.as_str(),
            "c2"
        );
        assert_eq!(fake.sent().len(), 2, "each address is asked once");
        assert_eq!(
            here.current().currencies().await.unwrap()[0].id.as_str(),
            "c1"
        );
        assert_eq!(fake.sent().len(), 2);
    }

    #[tokio::test]
    async fn account_reads_are_never_kept() {
        let fake = FakeTransport::default();
        fake.answer(200, r#"{"data":[]}"#);
        fake.answer(200, r#"{"data":[]}"#);
        let c = client(&fake);
        let _ = c.current().portfolio(None).await;
        let _ = c.current().portfolio(None).await;
        assert_eq!(fake.sent().len(), 2);
        assert!(fake.kept_urls().is_empty());
    }
}
