//! Rules common to both: fees, tax withheld, compensations, unknown cost.

use folio_client::current::Operation;
use folio_export::tax::entry::{Kind, TradeInfo};
use folio_export::tax::select::select;
use folio_export::tax::{DateRange, TaxInput, UnitInfo, Units};

use super::support::*;
use crate::{Basis, Flag, RuleSet};

#[test]
fn fees_and_tax_are_counted_and_an_asset_fee_leaves_the_holding() {
    let (btc, best) = (crypto("BTC"), crypto("BEST"));
    let mut b = buy("b1", at(2024, 1, 10), &btc, "1", "101");
    // The trade's fee (1 €) is already in the 101 € paid.
    b.trade = Some(Box::new(TradeInfo {
        fee: Some((d("1"), eur())),
        ..TradeInfo::default()
    }));
    let mut s = sell("s1", at(2024, 6, 1), &btc, "1", "200");
    s.taxes = vec![mv("27.23", eur(), false)];
    s.fees = vec![mv("2", best.clone(), false)];
    let r = run(
        &[buy("best", at(2024, 1, 1), &best, "10", "5"), b, s],
        RuleSet::Germany,
    );
    // Germany: the fees are in the cost (101) and the proceeds (200): gain 99.
    assert_eq!(
        r.disposals
            .iter()
            .find(|x| x.entry_id == "s1")
            .unwrap()
            .gain,
        Some(d("99"))
    );
    let y = year(&r, 2024);
    assert_eq!(y.withheld_tax, Some(d("27.23")));
    // 1 € trade fee + 2 BEST at 0.5 €.
    assert_eq!(y.fees, Some(d("2.0")));
    assert_eq!(y.spread, None);
    let best_left = folio_client::checked::sum(
        r.open_lots
            .iter()
            .filter(|l| &*l.asset.symbol == "BEST")
            .map(|l| l.quantity),
    )
    .unwrap();
    assert_eq!(best_left, d("8"));
}

#[test]
fn a_deposit_without_cost_is_flagged_until_one_is_entered() {
    let btc = crypto("BTC");
    let entries = [
        deposit("dep", at(2024, 1, 10), &btc, "1"),
        sell("s1", at(2024, 6, 1), &btc, "1", "500"),
    ];
    let r = run(&entries, RuleSet::Germany);
    assert!(
        matches!(&r.flags[0], Flag::ArrivalUnknown { entry_id, cost_unknown: true, day_unknown: true, .. } if entry_id == "dep")
    );
    assert_eq!(r.disposals[0].gain, None, "never a silent zero");
    assert_eq!(r.disposals[0].lots[0].basis, Basis::HoldingUnknown);
    assert_eq!(r.gains[0].cost_unknown, 1);
    assert_eq!(year(&r, 2024).taxable_on(Basis::PrivateSale), Some(d("0")));
    // A cost alone: the gain is known, its treatment not (the day decides).
    let r = run_with(
        &entries,
        RuleSet::Germany,
        &entered("dep", Some("300"), None),
    );
    assert_eq!(r.disposals[0].gain, Some(d("200")));
    assert_eq!(r.disposals[0].lots[0].basis, Basis::HoldingUnknown);
    assert!(matches!(
        &r.flags[0],
        Flag::ArrivalUnknown {
            cost_unknown: false,
            day_unknown: true,
            ..
        }
    ));
    // Cost and day: bought elsewhere on 1 March 2023, sold 1 June 2024 — more than a
    // year: tax-free.
    let r = run_with(
        &entries,
        RuleSet::Germany,
        &entered("dep", Some("300"), Some(day(2023, 3, 1))),
    );
    assert!(!r
        .flags
        .iter()
        .any(|f| matches!(f, Flag::ArrivalUnknown { .. })));
    assert_eq!(r.disposals[0].lots[0].basis, Basis::TaxFree);
    assert_eq!(year(&r, 2024).tax_free_gains, Some(d("200")));
}

fn op(json: serde_json::Value) -> Operation {
    serde_json::from_value(json).unwrap()
}

#[test]
fn a_compensated_sale_changes_no_figure() {
    let leg =
        |id: &str, unit: (&str, &str), amount: &str, flow: &str, kind: &str, comp: Option<&str>| {
            let mut money = serde_json::json!({ "value": amount });
            money[unit.0] = unit.1.into();
            let mut l = serde_json::json!({
                "transaction_id": id, "asset_amount": money, "flow": flow,
                "transaction_type": kind, "credited_at": "2024-05-01T10:00:00Z"
            });
            if let Some(c) = comp {
                l["compensates"] = c.into();
            }
            l
        };
    let ops = vec![
        op(
            serde_json::json!({"operation_id": "buy", "operation_type": "buy", "transactions": [
            leg("t1", ("currency_id", "eur"), "100", "OUTGOING", "buy", None),
            leg("t2", ("asset_id", "btc"), "1", "INCOMING", "buy", None)]}),
        ),
        op(
            serde_json::json!({"operation_id": "sell", "operation_type": "sell", "transactions": [
            leg("t3", ("asset_id", "btc"), "1", "OUTGOING", "sell", None),
            leg("t4", ("currency_id", "eur"), "500", "INCOMING", "sell", None)]}),
        ),
        op(
            serde_json::json!({"operation_id": "undo", "operation_type": "refund", "transactions": [
            leg("t5", ("asset_id", "btc"), "1", "INCOMING", "refund", Some("t3")),
            leg("t6", ("currency_id", "eur"), "500", "OUTGOING", "refund", Some("t4"))]}),
        ),
    ];
    let mut units = Units::default();
    units.insert("eur", UnitInfo::fiat("EUR"));
    units.insert(
        "btc",
        UnitInfo::asset("BTC", folio_client::current::AssetType::Cryptocoin),
    );
    let ledger = select(&TaxInput::new(&ops, &units, DateRange::all_days()));
    assert_eq!(ledger.compensated, 2);
    let r = run(&ledger.entries, RuleSet::Germany);
    assert!(r.disposals.is_empty());
    assert_eq!(r.open_lots[0].quantity, d("1"));
    assert_eq!(r.open_lots[0].cost, Some(d("100")));
    let _ = Kind::Buy;
}
