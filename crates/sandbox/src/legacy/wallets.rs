//! Legacy wallets as views of the ledger's holdings.
//!
//! A legacy wallet's `balance` is the unit's total balance (main + staking wallet), exactly
//! the current portfolio's `balance`. Crypto wallets cover crypto and crypto indices; metal
//! wallets the precious metals; fiat wallets every currency. Stocks and ETFs have no legacy
//! wallet (the legacy API predates them). Every such unit has a wallet, held or not; its id
//! is the current API's main `wallet_id`. `pending_transactions_count` counts pending legs.
//!
//! With the deliberate discrepancy, the first crypto wallet holding anything shows 0.01 more
//! than the ledger holds (in `/wallets` and in `/asset-wallets`).

use super::json_blocks::{amount, cryptocoin_id, fiat_id, is_cryptocoin, is_metal, item, symbol};
use crate::fixed_catalogue::catalogue;
use crate::ledger::portfolio::all_units;
use crate::ledger::{Ledger, LegState, Unit, WalletKind};
use rust_decimal::Decimal;
use serde_json::{json, Value};

/// How much the discrepancy option adds to one wallet.
pub const DISCREPANCY: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

fn pending(ledger: &Ledger, unit: Unit) -> usize {
    ledger
        .operations
        .iter()
        .flat_map(|op| &op.legs)
        .filter(|l| l.unit == unit && l.state == LegState::Pending)
        .count()
}

/// The two groups of asset wallets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Cryptocoin,
    Metal,
}

/// Balances of one group's wallets, with the discrepancy applied (crypto group only).
fn asset_balances(ledger: &Ledger, group: Group, discrepancy: bool) -> Vec<(Unit, Decimal)> {
    let keep = match group {
        Group::Cryptocoin => is_cryptocoin,
        Group::Metal => is_metal,
    };
    let mut rows: Vec<(Unit, Decimal)> = all_units()
        .filter(|u| keep(*u))
        .map(|u| (u, ledger.holdings.balance(u)))
        .collect();
    if discrepancy && group == Group::Cryptocoin {
        if let Some(row) = rows.iter_mut().find(|(_, b)| !b.is_zero()) {
            row.1 += DISCREPANCY;
        }
    }
    rows
}

fn wallet_item(ledger: &Ledger, unit: Unit, balance: Decimal, with_pending: bool) -> Value {
    let Unit::Asset(i) = unit else {
        unreachable!("asset wallets only")
    };
    let mut attributes = json!({
        "cryptocoin_id": cryptocoin_id(i),
        "cryptocoin_symbol": symbol(unit),
        "balance": amount(balance),
        "is_default": true,
        "name": format!("{} Wallet", symbol(unit)),
        "deleted": false,
    });
    if with_pending {
        attributes["pending_transactions_count"] = json!(pending(ledger, unit));
    }
    item(
        "wallet",
        ledger.wallet_id(unit, WalletKind::Main),
        attributes,
    )
}

/// `GET /v1/wallets` items: one crypto wallet per crypto asset and index.
pub fn crypto_wallets(ledger: &Ledger, discrepancy: bool) -> Vec<Value> {
    asset_balances(ledger, Group::Cryptocoin, discrepancy)
        .into_iter()
        .map(|(u, b)| wallet_item(ledger, u, b, true))
        .collect()
}

/// `GET /v1/fiatwallets` items: one wallet per fiat currency.
pub fn fiat_wallets(ledger: &Ledger) -> Vec<Value> {
    (0..catalogue().currencies.len())
        .map(|c| {
            let unit = Unit::Fiat(c);
            let attributes = json!({
                "fiat_id": fiat_id(c),
                "fiat_symbol": symbol(unit),
                "balance": amount(ledger.holdings.balance(unit)),
                "name": format!("{} Wallet", symbol(unit)),
                "pending_transactions_count": pending(ledger, unit),
            });
            item(
                "fiat_wallet",
                ledger.wallet_id(unit, WalletKind::Main),
                attributes,
            )
        })
        .collect()
}

/// `GET /v1/asset-wallets`: crypto and metal wallets grouped, with `last_user_action`
/// (the time of the latest operation).
pub fn asset_wallets(ledger: &Ledger, discrepancy: bool) -> Value {
    let list = |group: Group| -> Vec<Value> {
        asset_balances(ledger, group, discrepancy)
            .into_iter()
            .map(|(u, b)| wallet_item(ledger, u, b, false))
            .collect()
    };
    let collection =
        |wallets: Vec<Value>| json!({"type": "collection", "attributes": {"wallets": wallets}});
    let last = ledger.operations.last().map(|op| op.time);
    json!({
        "data": {
            "type": "data",
            "attributes": {
                "cryptocoin": collection(list(Group::Cryptocoin)),
                "commodity": { "metal": collection(list(Group::Metal)) },
            },
        },
        "last_user_action": last.map(super::json_blocks::timestamp),
    })
}
