//! The portfolio by asset class (crypto, stocks, ETFs, metals, indices, commodities, cash) and
//! how concentrated it is. Plain functions on the page's rows, tested natively.
//!
//! The classes add up to the portfolio's total exactly: the same positions' values and the
//! same cash (the balance in the valuation currency; cash in other currencies is left out of
//! both, as the service gives no rates to convert it).

use folio_client::checked;
use folio_client::current::AssetType;
use rust_decimal::Decimal;

use super::rows::PositionRow;
use crate::components::charts::allocation::percent_of;
use crate::i18n::t;

/// An asset class, as the portfolio groups it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AssetClass {
    Crypto,
    Stocks,
    Etfs,
    Metals,
    Indices,
    Commodities,
    /// A class the service named that Folio does not know, or none.
    Other,
    /// Cash in the valuation currency.
    Cash,
}

impl AssetClass {
    /// The class of an asset of `kind`.
    pub fn of(kind: Option<&AssetType>) -> AssetClass {
        match kind {
            Some(AssetType::Cryptocoin) => AssetClass::Crypto,
            Some(AssetType::Stock) => AssetClass::Stocks,
            Some(AssetType::Etf) => AssetClass::Etfs,
            Some(AssetType::Metal) => AssetClass::Metals,
            Some(AssetType::Index) => AssetClass::Indices,
            Some(AssetType::Etc) => AssetClass::Commodities,
            Some(AssetType::Other(_)) | None => AssetClass::Other,
        }
    }

    /// Its name in data attributes (`crypto`, `cash`).
    pub fn key(self) -> &'static str {
        match self {
            AssetClass::Crypto => "crypto",
            AssetClass::Stocks => "stocks",
            AssetClass::Etfs => "etfs",
            AssetClass::Metals => "metals",
            AssetClass::Indices => "indices",
            AssetClass::Commodities => "commodities",
            AssetClass::Other => "other",
            AssetClass::Cash => "cash",
        }
    }

    /// The class in the reader's words.
    pub fn words(self) -> &'static str {
        match self {
            AssetClass::Crypto => t("Crypto"),
            AssetClass::Stocks => t("Stocks"),
            AssetClass::Etfs => t("ETFs"),
            AssetClass::Metals => t("Precious metals"),
            AssetClass::Indices => t("Crypto indices"),
            AssetClass::Commodities => t("Commodities"),
            AssetClass::Other => t("Other"),
            AssetClass::Cash => t("Cash"),
        }
    }
}

/// One class's part of the portfolio.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassRow {
    pub class: AssetClass,
    /// Its value in the valuation currency.
    pub value: Decimal,
    /// Its exact share of the total, 0–100.
    pub percent: Decimal,
    /// What was invested in its positions that report it (`None`: none does, or cash).
    pub invested: Option<Decimal>,
    /// Value minus invested over those same positions, and as a percentage of invested.
    pub total_return: Option<(Decimal, Decimal)>,
}

/// The portfolio by class, largest first (`cash`: the balance in the valuation currency);
/// `None` when the values are too large to add up. Classes worth nothing are left out.
pub fn by_class(positions: &[PositionRow], cash: Decimal) -> Option<Vec<ClassRow>> {
    // (class, value, invested, value of the positions that report invested)
    let mut sums: Vec<(AssetClass, Decimal, Option<Decimal>, Decimal)> = Vec::new();
    for p in positions {
        let Some(value) = p.value else { continue };
        let class = AssetClass::of(p.class.as_ref());
        let at = match sums.iter().position(|s| s.0 == class) {
            Some(at) => at,
            None => {
                sums.push((class, Decimal::ZERO, None, Decimal::ZERO));
                sums.len() - 1
            }
        };
        let sum = sums.get_mut(at)?;
        sum.1 = sum.1.checked_add(value)?;
        if let Some(invested) = p.invested {
            sum.2 = Some(sum.2.unwrap_or_default().checked_add(invested)?);
            sum.3 = sum.3.checked_add(value)?;
        }
    }
    if !cash.is_zero() {
        sums.push((AssetClass::Cash, cash, None, Decimal::ZERO));
    }
    let total = checked::sum(sums.iter().map(|s| s.1))?;
    let mut rows: Vec<ClassRow> = sums
        .into_iter()
        .filter(|s| !s.1.is_zero())
        .map(|(class, value, invested, valued)| {
            let total_return = invested.and_then(|invested| {
                let gain = valued.checked_sub(invested)?;
                Some((gain, percent_of(gain, invested)))
            });
            ClassRow {
                class,
                value,
                percent: percent_of(value, total),
                invested,
                total_return,
            }
        })
        .collect();
    folio_client::sorting::sort_by(&mut rows, |a, b| {
        b.value.cmp(&a.value).then(a.class.cmp(&b.class))
    });
    Some(rows)
}

/// How concentrated the portfolio is.
#[derive(Debug, Clone, PartialEq)]
pub struct Concentration {
    /// The largest position's name and its share of the total.
    pub largest: (String, Decimal),
    /// The three largest positions' share together (fewer when fewer are held).
    pub top_three: Decimal,
    /// Whether the largest position is more than a third of the whole.
    pub over_a_third: bool,
}

/// The concentration of `positions` in a portfolio worth `total`; `None` without a position
/// of value or a total above zero.
pub fn concentration(positions: &[PositionRow], total: Decimal) -> Option<Concentration> {
    if total <= Decimal::ZERO {
        return None;
    }
    let mut valued: Vec<(&str, Decimal)> = positions
        .iter()
        .filter_map(|p| Some((p.name.as_str(), p.value?)))
        .filter(|(_, v)| *v > Decimal::ZERO)
        .collect();
    folio_client::sorting::sort_by(&mut valued, |a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let (name, largest) = *valued.first()?;
    let top = checked::sum(valued.iter().take(3).map(|(_, v)| *v))?;
    let share = percent_of(largest, total);
    Some(Concentration {
        largest: (name.to_string(), share),
        top_three: percent_of(top, total),
        over_a_third: largest.checked_mul(Decimal::from(3))? > total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::portfolio::rows::build_view;
    use folio_client::current::{Asset, Currency, PortfolioPosition};

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    const EUR: &str = "b88b8466-efe3-11eb-b56f-0691764446a7";

    /// An account holding every class, cash in euro and in dollars, valued in euro.
    fn every_class() -> (Vec<PortfolioPosition>, Vec<Asset>, Vec<Currency>) {
        let held = |id: &str, value: &str, invested: Option<&str>| {
            let mut p = serde_json::json!({
                "asset_id": id,
                "balance": {"value": "1", "asset_id": id},
                "currency_balance": {"value": value, "currency_id": EUR},
            });
            if let Some(i) = invested {
                p["invested_amount"] = serde_json::json!({"value": i, "currency_id": EUR});
            }
            p
        };
        let positions = serde_json::from_value(serde_json::json!([
            held("btc", "3000.10", Some("2000.10")),
            held("eth", "1000.05", Some("1500.05")),
            held("aapl", "2500.00", Some("2000.00")),
            held("vwce", "1200.33", None),
            held("xau", "800.00", Some("1000.00")),
            held("bci5", "150.02", Some("100.02")),
            held("wti", "99.99", Some("80.00")),
            held("new", "10.00", None),
            {"currency_id": EUR, "balance": {"value": "740.51", "currency_id": EUR}},
            {"currency_id": "usd", "balance": {"value": "5000.00", "currency_id": "usd"}},
        ]))
        .unwrap();
        let asset = |id: &str, kind: &str| serde_json::json!({"id": id, "name": id.to_uppercase(), "symbol": id.to_uppercase(), "type": kind});
        let assets = serde_json::from_value(serde_json::json!([
            asset("btc", "cryptocoin"),
            asset("eth", "cryptocoin"),
            asset("aapl", "stock"),
            asset("vwce", "etf"),
            asset("xau", "metal"),
            asset("bci5", "index"),
            asset("wti", "etc"),
            asset("new", "bond"),
        ]))
        .unwrap();
        let currencies = serde_json::from_value(serde_json::json!([
            {"id": EUR, "symbol": "EUR", "name": "Euro"},
            {"id": "usd", "symbol": "USD", "name": "US Dollar"},
        ]))
        .unwrap();
        (positions, assets, currencies)
    }

    #[test]
    fn every_class_adds_up_to_the_portfolio_total_exactly() {
        let (positions, assets, currencies) = every_class();
        let view = build_view(&positions, &assets, &currencies, "EUR");
        let rows = by_class(&view.positions, view.cash).unwrap();
        let value = |class| rows.iter().find(|r| r.class == class).map(|r| r.value);
        // By hand: crypto 3000.10 + 1000.05; the dollars are left out, as in the total.
        assert_eq!(value(AssetClass::Crypto), Some(d("4000.15")));
        assert_eq!(value(AssetClass::Stocks), Some(d("2500.00")));
        assert_eq!(value(AssetClass::Etfs), Some(d("1200.33")));
        assert_eq!(value(AssetClass::Metals), Some(d("800.00")));
        assert_eq!(value(AssetClass::Indices), Some(d("150.02")));
        assert_eq!(value(AssetClass::Commodities), Some(d("99.99")));
        assert_eq!(value(AssetClass::Other), Some(d("10.00")));
        assert_eq!(value(AssetClass::Cash), Some(d("740.51")));
        let sum = checked::sum(rows.iter().map(|r| r.value));
        assert_eq!(sum, view.total);
        assert_eq!(sum, Some(d("9501.00")));
        assert!(view.fiat_left_out);
        // Largest first; shares are exact parts of the total.
        assert_eq!(rows[0].class, AssetClass::Crypto);
        assert_eq!(rows[0].percent, percent_of(d("4000.15"), d("9501.00")));
    }

    #[test]
    fn a_class_return_counts_only_positions_that_report_what_was_invested() {
        let (positions, assets, currencies) = every_class();
        let view = build_view(&positions, &assets, &currencies, "EUR");
        let rows = by_class(&view.positions, view.cash).unwrap();
        let row = |class| rows.iter().find(|r| r.class == class).unwrap().clone();
        // Crypto: invested 2000.10 + 1500.05 = 3500.15, worth 4000.15: +500.00.
        let crypto = row(AssetClass::Crypto);
        assert_eq!(crypto.invested, Some(d("3500.15")));
        assert_eq!(crypto.total_return.map(|r| r.0), Some(d("500.00")));
        // Metals: 800 for 1000 invested: −200, −20 %.
        assert_eq!(
            row(AssetClass::Metals).total_return,
            Some((d("-200.00"), d("-20")))
        );
        // No ETF reports what was invested; cash has no return.
        assert_eq!(row(AssetClass::Etfs).total_return, None);
        assert_eq!(row(AssetClass::Cash).invested, None);
    }

    #[test]
    fn one_position_over_a_third_is_said() {
        let (positions, assets, currencies) = every_class();
        let view = build_view(&positions, &assets, &currencies, "EUR");
        let total = view.total.unwrap();
        let c = concentration(&view.positions, total).unwrap();
        // BTC 3000.10 of 9501.00 is 31.6 %: not over a third.
        assert_eq!(c.largest.0, "BTC");
        assert!(!c.over_a_third);
        // The three largest: 3000.10 + 2500.00 + 1200.33 = 6700.43.
        assert_eq!(c.top_three, percent_of(d("6700.43"), total));
        // Against a smaller whole (9000), 3000.10 is over a third.
        assert!(
            concentration(&view.positions, d("9000"))
                .unwrap()
                .over_a_third
        );
        assert_eq!(concentration(&[], total), None);
    }
}
