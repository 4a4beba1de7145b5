//! The legacy API's trades as a ledger keeps them: only what matching them with the current
//! operations and writing them as entries reads (`selector.rs`, `legacy_entry.rs`). A trade
//! as the client decodes it also keeps its JSON text, its wallets and its payment option; at
//! 10,000 operations (about 4,000 trades) the kept trades were half of a tax file's
//! preparation memory (issue 44). A page of trades is kept as it arrives
//! ([`LegacyTrades::push`]) and then dropped. The units' ids and symbols, a few dozen
//! across an account, are each held once and shared.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use folio_client::legacy::{LegacyItem, LegacyTrade, LegacyTradeStatus, LegacyTradeType};
use rust_decimal::Decimal;
use rustc_hash::FxHashSet;

impl Default for LegacyTrades {
    fn default() -> Self {
        LegacyTrades::new()
    }
}

/// Where a legacy trade stands, as a ledger sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TradeState {
    /// `finished`: in the ledger.
    Finished,
    /// `canceled`: left out, counted as cancelled.
    Canceled,
    /// Any other status, or none sent: left out, counted as pending.
    Open,
}

/// One legacy trade, as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptTrade {
    /// The trade's id.
    pub id: Box<str>,
    /// When it happened.
    pub time: Option<DateTime<Utc>>,
    /// `Some(true)` a buy, `Some(false)` a sell; `None` when the side was another or not sent
    /// (the trade cannot be written).
    pub buying: Option<bool>,
    /// Where it stands.
    pub state: TradeState,
    /// The legacy fiat id.
    pub fiat_id: Option<Arc<str>>,
    /// The legacy coin id.
    pub coin_id: Option<Arc<str>>,
    /// The coin's symbol as sent.
    pub coin_symbol: Option<Arc<str>>,
    /// The fiat amount.
    pub amount_fiat: Option<Decimal>,
    /// The coin amount.
    pub amount_coin: Option<Decimal>,
    /// Price per coin in the fiat.
    pub price: Option<Decimal>,
    /// EUR per unit of the fiat.
    pub to_eur_rate: Option<Decimal>,
}

/// Every legacy trade read, in the order read (see the module docs).
#[derive(Debug, Clone)]
pub struct LegacyTrades {
    trades: Vec<KeptTrade>,
    /// Every id and symbol the trades name, once.
    names: FxHashSet<Arc<str>>,
}

impl LegacyTrades {
    /// No trades.
    pub const fn new() -> Self {
        LegacyTrades {
            trades: Vec::new(),
            names: FxHashSet::with_hasher(rustc_hash::FxBuildHasher),
        }
    }

    /// No trades, for as long as needed (an input or a selection without legacy trades).
    pub fn none() -> &'static LegacyTrades {
        static NONE: LegacyTrades = LegacyTrades::new();
        &NONE
    }

    /// The trades of `items` (in their order).
    pub fn of(items: &[LegacyItem<LegacyTrade>]) -> Self {
        let mut trades = LegacyTrades::new();
        for item in items {
            trades.push(item);
        }
        trades.done();
        trades
    }

    /// Keeps the next trade.
    pub fn push(&mut self, item: &LegacyItem<LegacyTrade>) {
        let t = &item.attributes;
        let kept = KeptTrade {
            id: item.id.as_str().into(),
            time: t.time.instant(),
            buying: match &t.trade_type {
                Some(LegacyTradeType::Buy) => Some(true),
                Some(LegacyTradeType::Sell) => Some(false),
                _ => None,
            },
            state: match &t.status {
                Some(LegacyTradeStatus::Finished) => TradeState::Finished,
                Some(LegacyTradeStatus::Canceled) => TradeState::Canceled,
                _ => TradeState::Open,
            },
            fiat_id: self.shared(t.fiat_id.as_deref()),
            coin_id: self.shared(t.cryptocoin_id.as_deref()),
            coin_symbol: self.shared(t.cryptocoin_symbol.as_deref()),
            amount_fiat: t.amount_fiat,
            amount_coin: t.amount_cryptocoin,
            price: t.price,
            to_eur_rate: t.fiat_to_eur_rate,
        };
        self.trades.push(kept);
    }

    /// Frees the room kept for more trades, once every page was read.
    pub fn done(&mut self) {
        self.trades.shrink_to_fit();
    }

    /// The one copy of `name`.
    fn shared(&mut self, name: Option<&str>) -> Option<Arc<str>> {
        let name = name?;
        if let Some(kept) = self.names.get(name) {
            return Some(kept.clone());
        }
        let kept: Arc<str> = Arc::from(name);
        self.names.insert(kept.clone());
        Some(kept)
    }

    /// The trades, in the order read.
    pub fn trades(&self) -> &[KeptTrade] {
        &self.trades
    }

    /// How many trades were read.
    pub fn len(&self) -> usize {
        self.trades.len()
    }

    /// Whether none was read.
    pub fn is_empty(&self) -> bool {
        self.trades.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(json: &str) -> LegacyItem<LegacyTrade> {
        folio_client::decode::decode(json).unwrap()
    }

    /// A trade keeps what the ledger reads, its status and side folded into what the ledger
    /// does with them, and two trades naming the same coin share one copy of its id.
    #[test]
    fn a_trade_keeps_what_the_ledger_reads() {
        let first = item(
            r#"{"type":"trade","id":"t-1","attributes":{"status":"finished","type":"buy",
            "cryptocoin_id":"1","cryptocoin_symbol":"BTC","fiat_id":1,"amount_fiat":"50.00",
            "amount_cryptocoin":"0.00100000","fiat_to_eur_rate":"1","price":"50000.00",
            "wallet_id":"w","fiat_wallet_id":"f","payment_option_id":"12",
            "time":{"date_iso8601":"2025-03-04T10:00:00+01:00","unix":"1741078800"}}}"#,
        );
        let second = item(
            r#"{"type":"trade","id":"t-2","attributes":{"status":"processing","type":"swap",
            "cryptocoin_id":"1","cryptocoin_symbol":"BTC"}}"#,
        );
        let third =
            item(r#"{"type":"trade","id":"t-3","attributes":{"status":"canceled","type":"sell"}}"#);
        let trades = LegacyTrades::of(&[first, second, third]);
        let [a, b, c] = trades.trades() else {
            panic!("three trades: {trades:?}");
        };
        assert_eq!(&*a.id, "t-1");
        assert_eq!(
            a.time.map(|t| t.to_rfc3339()),
            Some("2025-03-04T09:00:00+00:00".to_string())
        );
        assert_eq!((a.buying, a.state), (Some(true), TradeState::Finished));
        assert_eq!(a.fiat_id.as_deref(), Some("1"));
        assert_eq!(a.coin_id.as_deref(), Some("1"));
        assert_eq!(a.coin_symbol.as_deref(), Some("BTC"));
        assert_eq!(
            a.amount_fiat.map(|d| d.to_string()).as_deref(),
            Some("50.00")
        );
        assert_eq!(
            a.amount_coin.map(|d| d.to_string()).as_deref(),
            Some("0.00100000")
        );
        assert_eq!(a.price.map(|d| d.to_string()).as_deref(), Some("50000.00"));
        assert_eq!(a.to_eur_rate.map(|d| d.to_string()).as_deref(), Some("1"));
        // A swap is neither side; "processing" is open.
        assert_eq!((b.buying, b.state), (None, TradeState::Open));
        assert!(b.time.is_none() && b.amount_fiat.is_none());
        assert_eq!((c.buying, c.state), (Some(false), TradeState::Canceled));
        assert!(c.coin_id.is_none());
        // The coin's id and symbol are held once for both trades naming them.
        assert!(Arc::ptr_eq(
            a.coin_id.as_ref().unwrap(),
            b.coin_id.as_ref().unwrap()
        ));
        assert!(Arc::ptr_eq(
            a.coin_symbol.as_ref().unwrap(),
            b.coin_symbol.as_ref().unwrap()
        ));
        // The fiat id "1" and the coin id "1" are the same text: one copy.
        assert!(Arc::ptr_eq(
            a.fiat_id.as_ref().unwrap(),
            a.coin_id.as_ref().unwrap()
        ));
    }
}
