use super::*;
use crate::decode::oracle_decode as decode;
use serde_json::json;
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn wallet(symbol: &str, balance: &str, deleted: bool) -> LegacyItem<LegacyWallet> {
    let v = json!({"type": "wallet", "id": symbol, "attributes": {
        "cryptocoin_id": "1", "cryptocoin_symbol": symbol, "balance": balance, "deleted": deleted}});
    decode(&v.to_string()).unwrap()
}

fn fiat(symbol: &str, balance: &str) -> LegacyItem<LegacyFiatWallet> {
    let v = json!({"type": "fiat_wallet", "id": symbol, "attributes": {"fiat_id": 1, "fiat_symbol": symbol, "balance": balance}});
    decode(&v.to_string()).unwrap()
}

fn position(id: &str, value: &str, is_fiat: bool) -> PortfolioPosition {
    let key = if is_fiat { "currency_id" } else { "asset_id" };
    decode(&json!({key: id, "balance": {"value": value, key: id}}).to_string()).unwrap()
}

fn symbols(id: &str) -> Option<String> {
    Some(id.trim_start_matches("id-").to_string())
}

#[test]
fn balances_match_differ_or_are_not_in_legacy() {
    let crypto = [
        wallet("BTC", "0.50000000", false),
        wallet("ETH", "2.00000000", false),
        wallet("ETH", "1.00000000", true),
        wallet("ADA", "0.00000000", false),
        wallet("SOL", "1.00000000", false),
    ];
    let metal = [wallet("XAU", "3.50000000", false)];
    let fiats = [fiat("EUR", "100.50000000"), fiat("USD", "0.00000000")];
    let current = [
        position("id-BTC", "0.5", false),
        position("id-ETH", "2.10000000", false),
        position("id-XAU", "3.5000", false),
        position("id-AAPL", "2.000000", false),
        position("id-EUR", "100.50", true),
    ];
    let rows = reconcile_balances(
        LegacyWallets {
            crypto: &crypto,
            metal: &metal,
            fiat: &fiats,
        },
        &current,
        symbols,
    );
    let find = |s: &str| rows.iter().find(|r| r.symbol == s).unwrap();
    assert_eq!(find("BTC").outcome, Outcome::Match, "scale does not matter");
    assert_eq!(
        (find("ETH").outcome, find("ETH").legacy),
        (Outcome::Difference, Some(dec("2"))),
        "deleted wallets are left out"
    );
    assert_eq!(
        (find("SOL").outcome, find("SOL").current),
        (Outcome::Difference, Some(Decimal::ZERO))
    );
    assert_eq!(find("XAU").outcome, Outcome::Match);
    assert_eq!(
        (find("AAPL").outcome, find("AAPL").legacy),
        (Outcome::NotInLegacy, None)
    );
    assert_eq!(
        (find("EUR").outcome, find("EUR").kind),
        (Outcome::Match, BalanceKind::Fiat)
    );
    assert!(
        rows.iter().all(|r| r.symbol != "ADA" && r.symbol != "USD"),
        "zero on both sides is not reported"
    );
    assert_eq!(rows.first().unwrap().kind, BalanceKind::Asset);
    assert_eq!(rows.last().unwrap().kind, BalanceKind::Fiat);
}

fn trade(side: &str, unix: i64, swap: bool, savings: bool) -> LegacyItem<LegacyTrade> {
    let v = json!({"type": "trade", "id": format!("t{unix}"), "attributes": {"type": side, "is_swap": swap,
        "is_savings": savings, "time": {"date_iso8601": "garbage", "unix": unix.to_string()}}});
    decode(&v.to_string()).unwrap()
}

fn op(kind: &str, credited: Option<&str>) -> Operation {
    let mut leg = json!({"transaction_id": "x", "asset_id": "a"});
    if let Some(t) = credited {
        leg["credited_at"] = json!(t);
    }
    decode(
        &json!({"operation_id": kind, "operation_type": kind, "transactions": [leg]}).to_string(),
    )
    .unwrap()
}

#[test]
fn trade_counts_per_kind_and_period() {
    let legacy = [
        trade("buy", 1_000, false, false),
        trade("buy", 2_000, false, true),
        trade("sell", 3_000, true, false),
        trade("sell", 4_000, false, false),
        trade("other", 5_000, false, false),
    ];
    let current = [
        op("buy", Some("1970-01-01T00:16:40Z")),
        op("savings_plan", Some("1970-01-01T00:33:20Z")),
        op("swap", Some("1970-01-01T00:50:00Z")),
        op("sell", Some("1970-01-01T01:06:40Z")),
        op("deposit", Some("1970-01-01T01:06:40Z")),
        op("sell", None),
    ];
    let all = reconcile_trades(&legacy, &current, &Period::default());
    let counts: Vec<_> = all.iter().map(|r| (r.kind, r.legacy, r.current)).collect();
    assert_eq!(
        counts,
        [
            (TradeKind::Buy, 1, 1),
            (TradeKind::Sell, 1, 2),
            (TradeKind::SavingsPlan, 1, 1),
            (TradeKind::Swap, 1, 1)
        ]
    );
    let t = |s: i64| chrono::DateTime::from_timestamp(s, 0);
    let window = Period {
        from: t(1_500),
        to: t(4_000),
    };
    let rows = reconcile_trades(&legacy, &current, &window);
    assert!(rows.iter().all(TradeCountRow::matches), "{rows:?}");
    assert_eq!(rows[0].legacy + rows[0].current, 0);
}

#[test]
fn report_counts_differences() {
    let crypto = [wallet("BTC", "1", false)];
    let trades = [trade("buy", 10, false, false)];
    let positions = [position("id-BTC", "1", false)];
    let ops = [op("buy", Some("1970-01-01T00:00:10Z"))];
    let w = LegacyWallets {
        crypto: &crypto,
        metal: &[],
        fiat: &[],
    };
    let good = reconcile(w, &trades, &positions, &ops, symbols, Period::default());
    assert!(good.all_equal());
    let bad = reconcile(
        w,
        &[],
        &[position("id-BTC", "2", false)],
        &ops,
        symbols,
        Period::default(),
    );
    assert_eq!(bad.differences(), 2);
    assert!(!bad.all_equal());
}

#[test]
fn sums_too_large_are_not_guessed() {
    let max = "79228162514264337593543950335";
    let crypto = [wallet("BTC", max, false), wallet("BTC", "1", false)];
    let fiats = [fiat("EUR", "1")];
    let current = [
        position("id-ETH", max, false),
        position("id-ETH", max, false),
        position("id-EUR", "1000000000000000", true),
    ];
    let w = LegacyWallets {
        crypto: &crypto,
        metal: &[],
        fiat: &fiats,
    };
    let rows = reconcile_balances(w, &current, symbols);
    let find = |s: &str| rows.iter().find(|r| r.symbol == s).unwrap();
    assert_eq!(
        (find("BTC").outcome, find("BTC").legacy, find("BTC").current),
        (Outcome::TooLarge, None, Some(Decimal::ZERO))
    );
    assert_eq!(
        (find("ETH").outcome, find("ETH").legacy, find("ETH").current),
        (Outcome::TooLarge, None, None)
    );
    assert_eq!(find("EUR").outcome, Outcome::Difference);
    let report = reconcile(w, &[], &current, &[], symbols, Period::default());
    assert_eq!(report.differences(), 3);
}
