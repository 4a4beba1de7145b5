//! A legacy API trade as an entry of the ledger (its fiat and coin named through the legacy
//! ids the lookup knows, else by symbol in the current catalogue).

use std::borrow::Cow;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::entry::{Entry, Kind, Move, TradeInfo, Unit};
use super::legacy_trades::KeptTrade;
use super::sent_id::SentId;
use super::units::{UnitClass, UnitInfo, Units};

/// A legacy trade as an entry at `time`; `None` when its amounts, side or units are missing.
pub fn from_legacy_trade(t: &KeptTrade, time: DateTime<Utc>, units: &Units) -> Option<Entry> {
    let (fiat_amount, coin_amount) = (t.amount_fiat?, t.amount_coin?);
    let buying = t.buying?;
    let fiat_id = t.fiat_id.clone()?;
    let fiat = match units.legacy_fiat(&fiat_id) {
        Some(symbol) => Unit {
            id: fiat_id,
            info: Arc::new(UnitInfo::fiat(symbol)),
            named: true,
            product_id: None,
        },
        None => Unit {
            info: Arc::new(UnitInfo::fiat(fiat_id.to_string())),
            id: fiat_id,
            named: false,
            product_id: None,
        },
    };
    let coin = coin_unit(t.coin_id.as_ref()?, t.coin_symbol.as_deref(), units);
    let id = SentId::of(&t.id);
    let leg = |amount, unit, incoming| Move {
        leg_id: id.clone(),
        amount,
        unit,
        incoming,
        fee_info: None,
        tax_leg: false,
    };
    Some(Entry {
        id: id.clone(),
        raw_type: Cow::Borrowed(if buying { "buy" } else { "sell" }),
        kind: if buying { Kind::Buy } else { Kind::Sell },
        time,
        moves: vec![
            leg(fiat_amount, fiat, !buying),
            leg(coin_amount, coin, buying),
        ],
        fees: Vec::new(),
        taxes: Vec::new(),
        trade: Some(Box::new(TradeInfo {
            trade_id: Some(id),
            fee: None,
            fee_percent: None,
            rate: t.price,
            to_eur_rate: t.to_eur_rate,
        })),
        unreadable_legs: 0,
        legacy: true,
    })
}

/// The legacy coin `coin_id` as a unit: the current catalogue's asset with its symbol (the
/// symbol the lookup gives the legacy id, else the one the trade sent), so a legacy buy and
/// a current sale are lots of one holding. Without a match it keeps the legacy id (and the
/// selection counts it: `Selection::legacy_unmatched`).
fn coin_unit(coin_id: &Arc<str>, sent_symbol: Option<&str>, units: &Units) -> Unit {
    let named = units.legacy_coin(coin_id);
    let symbol = named.map(|info| info.symbol.as_str()).or(sent_symbol);
    if let Some((id, info)) = symbol.and_then(|s| units.asset_by_symbol(s)) {
        return Unit {
            id: id.clone(),
            info: info.clone(),
            named: true,
            product_id: Some(coin_id.to_string()),
        };
    }
    let info = named.cloned().unwrap_or_else(|| {
        Arc::new(UnitInfo {
            symbol: sent_symbol.map_or_else(|| coin_id.to_string(), str::to_string),
            class: UnitClass::Asset(None),
            isin: None,
            name: None,
        })
    });
    Unit {
        id: coin_id.clone(),
        named: named.is_some(),
        info,
        product_id: Some(coin_id.to_string()),
    }
}
