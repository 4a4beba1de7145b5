//! The legacy trades' coins the current API's operations did not name (a coin the account
//! traded only through the legacy API), looked up in the catalogue by the symbol the legacy
//! API sends, so their legacy buys and current sales are one holding (`folio_export::tax`
//! matches them by symbol). A symbol the catalogue does not know stays unmatched and Insights
//! says so.

use std::collections::HashSet;

use folio_client::current::Asset;
use folio_client::Client;
use folio_export::tax::LegacyTrades;

use crate::data::id_names;

/// The most legacy coins looked up by symbol in one read (each is one catalogue request).
const LEGACY_LOOKUPS: usize = 50;

/// The current catalogue's assets for the coins of `trades` that `known` does not name.
pub async fn legacy_coins(
    client: &Client,
    keyless: &Client,
    trades: &LegacyTrades,
    known: &[Asset],
) -> Vec<Asset> {
    let mut found = Vec::new();
    for symbol in unknown_symbols(trades, known).iter().take(LEGACY_LOOKUPS) {
        if let Ok(assets) = id_names::search_symbol(client, keyless, symbol).await {
            found.extend(assets.into_iter().filter(|a| {
                a.symbol
                    .as_deref()
                    .is_some_and(|k| k.eq_ignore_ascii_case(symbol))
            }));
        }
    }
    found
}

/// The symbols of `trades`' coins (upper case, sorted, each once) that no asset of `known`
/// has, in any case. Each symbol as sent is looked at once: 60,000 legacy trades name a few
/// dozen coins, and comparing every trade's symbol with every known asset (an upper-case copy
/// each) was most of a task of 60 ms after the last page of a 100,000-operation read.
fn unknown_symbols(trades: &LegacyTrades, known: &[Asset]) -> Vec<String> {
    let known: HashSet<String> = known
        .iter()
        .filter_map(|a| a.symbol.as_deref())
        .map(str::to_ascii_uppercase)
        .collect();
    let mut seen = HashSet::new();
    let mut symbols: Vec<String> = trades
        .trades()
        .iter()
        .filter_map(|t| t.coin_symbol.as_deref())
        .filter(|s| seen.insert(*s))
        .map(str::to_ascii_uppercase)
        .filter(|s| !known.contains(s))
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trade(
        symbol: Option<&str>,
    ) -> folio_client::legacy::LegacyItem<folio_client::legacy::LegacyTrade> {
        let attributes = match symbol {
            Some(s) => format!(r#"{{"cryptocoin_symbol":"{s}"}}"#),
            None => "{}".into(),
        };
        folio_client::decode::decode(&format!(
            r#"{{"type":"trade","id":"t","attributes":{attributes}}}"#
        ))
        .unwrap()
    }

    fn asset(symbol: &str) -> Asset {
        folio_client::decode::decode(&format!(r#"{{"id":"a-{symbol}","symbol":"{symbol}"}}"#))
            .unwrap()
    }

    #[test]
    fn each_unknown_coin_is_asked_for_once_in_upper_case() {
        let trades: Vec<_> = [
            Some("btc"),
            Some("XYZ"),
            Some("BTC"),
            None,
            Some("xyz"),
            Some("Ada"),
            Some("ETH"),
            Some("XYZ"),
            Some("ÄÖ"),
        ]
        .into_iter()
        .map(trade)
        .collect();
        // BTC is known in lower case, ETH as sent; XYZ comes in two cases, once each asked.
        let known = [asset("btc"), asset("ETH"), asset("SOL")];
        let all = LegacyTrades::of(&trades);
        assert_eq!(unknown_symbols(&all, &known), ["ADA", "XYZ", "ÄÖ"]);
        let first_four = LegacyTrades::of(&trades[..4]);
        assert_eq!(unknown_symbols(&first_four, &known), ["XYZ"]);
        assert!(unknown_symbols(&LegacyTrades::new(), &known).is_empty());
    }
}
