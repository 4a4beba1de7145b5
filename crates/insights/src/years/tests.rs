//! The year tables' tests: sums, thresholds and pots worked out by hand.

use std::sync::Arc;

use chrono::{NaiveDate, TimeZone, Utc};
use rust_decimal::Decimal;

use super::DisposalSums;
use crate::model::{Acquired, AssetRef, Basis, Disposal, LotUse, Regime};

fn d(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

fn asset(symbol: &str) -> AssetRef {
    AssetRef {
        id: Arc::from(format!("ast-{symbol}")),
        symbol: Arc::from(symbol),
        regime: Regime::Crypto,
    }
}

/// A sale of `symbol` in `year` using lots of `(basis, gain)`.
fn sale(year: i32, symbol: &str, lots: &[(Basis, Option<Decimal>)]) -> Disposal {
    let day = NaiveDate::from_ymd_opt(year, 6, 1).unwrap();
    Disposal {
        entry_id: format!("op-{year}-{symbol}"),
        time: Utc.with_ymd_and_hms(year, 6, 1, 12, 0, 0).unwrap(),
        day,
        asset: asset(symbol),
        quantity: d("1"),
        proceeds: None,
        cost: None,
        gain: None,
        swap: false,
        lots: lots
            .iter()
            .map(|&(basis, gain)| LotUse {
                acquired: Acquired::On(day),
                quantity: d("1"),
                cost: gain.map(|_| Decimal::ZERO),
                proceeds: gain,
                gain,
                basis,
            })
            .collect(),
    }
}

/// Two assets sold in one year: each asset's row has its own sums and counts, and the
/// year adds them up; a lot of unknown gain is left out and counted.
#[test]
fn the_year_adds_up_its_assets_rows() {
    use Basis::{PrivateSale, TaxFree};
    let sums = DisposalSums::of(&[
        sale(
            2024,
            "BTC",
            &[(PrivateSale, Some(d("100.50"))), (TaxFree, Some(d("20")))],
        ),
        sale(
            2024,
            "ETH",
            &[(PrivateSale, Some(d("-30.25"))), (PrivateSale, None)],
        ),
        sale(2024, "BTC", &[(PrivateSale, Some(d("0.125")))]),
        sale(2025, "BTC", &[(PrivateSale, Some(d("5")))]),
    ]);
    let years = sums.by_year();
    let y2024 = &years[&2024];
    assert_eq!(y2024.0.of(PrivateSale), Some(d("70.375")));
    assert_eq!(y2024.0.of(TaxFree), Some(d("20")));
    assert_eq!(
        (y2024.1, y2024.2),
        (3, 1),
        "three sales, one with a lot unknown"
    );
    assert_eq!(years[&2025].0.of(PrivateSale), Some(d("5")));

    let rows: Vec<_> = sums
        .gains()
        .into_iter()
        .map(|r| {
            (
                r.year,
                r.asset.symbol.to_string(),
                r.taxable,
                r.tax_free_gain,
                r.disposals,
                r.cost_unknown,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                2024,
                "BTC".into(),
                vec![(PrivateSale, Some(d("100.625")))],
                Some(d("20")),
                2,
                0
            ),
            (
                2024,
                "ETH".into(),
                vec![(PrivateSale, Some(d("-30.25")))],
                Some(d("0")),
                1,
                1
            ),
            (
                2025,
                "BTC".into(),
                vec![(PrivateSale, Some(d("5")))],
                Some(d("0")),
                1,
                0
            ),
        ]
    );
}

/// Two rows that each fit but whose sum overflows make the year's sum unknown, not the
/// smaller sum before it; the other basis stays known.
#[test]
fn a_year_whose_sum_overflows_is_unknown() {
    use Basis::{PrivateSale, TaxFree};
    let sums = DisposalSums::of(&[
        sale(
            2026,
            "BTC",
            &[(PrivateSale, Some(Decimal::MAX)), (TaxFree, Some(d("1")))],
        ),
        sale(2026, "ETH", &[(PrivateSale, Some(Decimal::MAX))]),
    ]);
    let years = sums.by_year();
    assert_eq!(years[&2026].0.of(PrivateSale), None);
    assert_eq!(years[&2026].0.of(TaxFree), Some(d("1")));
    let btc = sums.gains().into_iter().next().unwrap();
    assert_eq!(btc.taxable, [(PrivateSale, Some(Decimal::MAX))]);
}
