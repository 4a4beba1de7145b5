//! Turning the service's positions into what the portfolio page shows: named rows, the
//! total in the valuation currency, sorting. Plain functions, tested natively.

use std::collections::HashMap;

use folio_client::current::{Asset, AssetType, Currency, PortfolioPosition};
use folio_client::{checked, CurrencyId, Money};
use rust_decimal::Decimal;

use crate::components::charts::allocation::{allocation, AllocationSlice};
use crate::components::table::sort_state::{
    compare_optional, compare_text, SortDirection, SortState,
};
use crate::data::id_names::short_id;
use crate::i18n::t;

/// How many slices the allocation donut shows before merging the rest into "Other".
pub const MAX_SLICES: usize = 8;

/// One asset holding as shown in the positions table.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionRow {
    /// The asset id (stable key for the row).
    pub id: String,
    pub name: String,
    pub symbol: String,
    pub balance: Option<Decimal>,
    pub available: Option<Decimal>,
    /// Value in the valuation currency.
    pub value: Option<Decimal>,
    pub invested: Option<Decimal>,
    pub total_return: Option<Decimal>,
    pub return_percent: Option<Decimal>,
    /// The asset's class as the catalogue names it (`None` when it did not name the asset).
    pub class: Option<AssetType>,
}

/// One fiat balance.
#[derive(Debug, Clone, PartialEq)]
pub struct FiatRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub balance: Option<Decimal>,
    pub available: Option<Decimal>,
}

/// Everything the portfolio page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PortfolioView {
    /// Valuation currency code (`EUR`).
    pub currency_code: String,
    /// Every currency the valuation can use, for the picker: (code, name).
    pub currencies: Vec<(String, String)>,
    pub positions: Vec<PositionRow>,
    pub fiat: Vec<FiatRow>,
    /// Asset values plus fiat balances held in the valuation currency.
    pub total: Option<Decimal>,
    /// The fiat balances held in the valuation currency (zero when too large to add up: the
    /// total is then `None` too).
    pub cash: Decimal,
    /// Positions that could not be read (malformed) and are left out.
    pub skipped: usize,
    /// Whether some fiat balances in other currencies are left out of the total.
    pub fiat_left_out: bool,
}

fn amount(money: &Option<Money>) -> Option<Decimal> {
    money.as_ref().map(|m| m.value)
}

/// The id of the currency whose symbol is `code`.
pub fn currency_id_for(currencies: &[Currency], code: &str) -> Option<CurrencyId> {
    currencies
        .iter()
        .find(|c| {
            c.symbol
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case(code))
        })
        .map(|c| c.id.clone())
}

/// The valuation currency for `code`: its id and code, or EUR's (the service's default, no
/// id sent) when the catalogue does not know `code`.
pub fn valuation_currency(currencies: &[Currency], code: String) -> (Option<CurrencyId>, String) {
    match currency_id_for(currencies, &code) {
        Some(id) => (Some(id), code),
        None => (None, "EUR".to_string()),
    }
}

/// Builds the page's rows from the service's answers. Assets or currencies the catalogue
/// did not name are shown by a shortened id.
pub fn build_view(
    positions: &[PortfolioPosition],
    assets: &[Asset],
    currencies: &[Currency],
    currency_code: &str,
) -> PortfolioView {
    let assets: HashMap<&str, &Asset> = assets.iter().map(|a| (a.id.as_str(), a)).collect();
    let currency_by_id: HashMap<&str, &Currency> =
        currencies.iter().map(|c| (c.id.as_str(), c)).collect();
    let valuation_id = currency_id_for(currencies, currency_code);
    let mut rows = Vec::new();
    let mut fiat = Vec::new();
    for position in positions {
        if let Some(asset_id) = &position.asset_id {
            let asset = assets.get(asset_id.as_str());
            let symbol = asset
                .and_then(|a| a.symbol.clone())
                .unwrap_or_else(|| short_id(asset_id.as_str()));
            rows.push(PositionRow {
                id: asset_id.to_string(),
                name: asset
                    .and_then(|a| a.name.clone())
                    .unwrap_or_else(|| symbol.clone()),
                symbol,
                balance: amount(&position.balance),
                available: amount(&position.available_balance),
                value: amount(&position.currency_balance),
                invested: amount(&position.invested_amount),
                total_return: amount(&position.total_return),
                return_percent: position.total_return_percent,
                class: asset.and_then(|a| a.asset_type.clone()),
            });
        } else if let Some(currency_id) = &position.currency_id {
            let currency = currency_by_id.get(currency_id.as_str());
            let code = currency
                .and_then(|c| c.symbol.clone())
                .unwrap_or_else(|| short_id(currency_id.as_str()));
            fiat.push(FiatRow {
                id: currency_id.to_string(),
                name: currency
                    .and_then(|c| c.name.clone())
                    .unwrap_or_else(|| code.clone()),
                code,
                balance: amount(&position.balance),
                available: amount(&position.available_balance),
            });
        }
    }
    let asset_total = checked::sum(rows.iter().filter_map(|r| r.value));
    let mut fiat_total = Some(Decimal::ZERO);
    let mut fiat_left_out = false;
    for row in &fiat {
        let same = valuation_id
            .as_ref()
            .is_some_and(|id| id.as_str() == row.id)
            || row.code.eq_ignore_ascii_case(currency_code);
        match (same, row.balance) {
            (true, Some(balance)) => fiat_total = fiat_total.and_then(|t| t.checked_add(balance)),
            (false, Some(balance)) if !balance.is_zero() => fiat_left_out = true,
            _ => {}
        }
    }
    sort_positions(
        &mut rows,
        SortState {
            column: PositionColumn::Value,
            direction: SortDirection::Descending,
        },
    );
    PortfolioView {
        currency_code: currency_code.to_string(),
        currencies: currencies
            .iter()
            .filter_map(|c| {
                let code = c.symbol.clone()?;
                Some((code.clone(), c.name.clone().unwrap_or(code)))
            })
            .collect(),
        positions: rows,
        fiat,
        total: asset_total.and_then(|a| a.checked_add(fiat_total?)),
        cash: fiat_total.unwrap_or_default(),
        skipped: 0,
        fiat_left_out,
    }
}

/// The columns of the positions table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionColumn {
    Name,
    Balance,
    Available,
    Value,
    Invested,
    Return,
    ReturnPercent,
}

/// Sorts positions by a column; missing values last, ties by symbol.
pub fn sort_positions(rows: &mut [PositionRow], sort: SortState<PositionColumn>) {
    let dir = sort.direction;
    folio_client::sorting::sort_by(rows, |a, b| {
        let primary = match sort.column {
            PositionColumn::Name => compare_text(&a.name, &b.name, dir),
            PositionColumn::Balance => {
                compare_optional(a.balance.as_ref(), b.balance.as_ref(), dir)
            }
            PositionColumn::Available => {
                compare_optional(a.available.as_ref(), b.available.as_ref(), dir)
            }
            PositionColumn::Value => compare_optional(a.value.as_ref(), b.value.as_ref(), dir),
            PositionColumn::Invested => {
                compare_optional(a.invested.as_ref(), b.invested.as_ref(), dir)
            }
            PositionColumn::Return => {
                compare_optional(a.total_return.as_ref(), b.total_return.as_ref(), dir)
            }
            PositionColumn::ReturnPercent => {
                compare_optional(a.return_percent.as_ref(), b.return_percent.as_ref(), dir)
            }
        };
        primary.then_with(|| a.symbol.cmp(&b.symbol))
    });
}

/// The allocation of asset value (fiat left out), largest first.
pub fn asset_allocation(rows: &[PositionRow]) -> Vec<AllocationSlice> {
    let holdings: Vec<(String, Decimal)> = rows
        .iter()
        .filter_map(|r| Some((r.symbol.clone(), r.value?)))
        .collect();
    allocation(&holdings, MAX_SLICES, t("Other"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    const EUR: &str = "b88b8466-efe3-11eb-b56f-0691764446a7";

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn fixture() -> (Vec<PortfolioPosition>, Vec<Asset>, Vec<Currency>) {
        let positions = serde_json::from_value(serde_json::json!([
            {"asset_id": "btc-id", "balance": {"value": "0.50000000", "asset_id": "btc-id"},
             "available_balance": {"value": "0.40000000", "asset_id": "btc-id"},
             "currency_balance": {"value": "30000.00", "currency_id": EUR},
             "invested_amount": {"value": "20000.00", "currency_id": EUR},
             "total_return": {"value": "10000.00", "currency_id": EUR},
             "total_return_percent": "50"},
            {"asset_id": "eth-id", "balance": {"value": "2.0000", "asset_id": "eth-id"},
             "currency_balance": {"value": "6000.00", "currency_id": EUR}},
            {"asset_id": "unknown-asset-id"},
            {"currency_id": EUR, "balance": {"value": "1000.50", "currency_id": EUR}},
            {"currency_id": "usd-id", "balance": {"value": "10.00", "currency_id": "usd-id"}}
        ]))
        .unwrap();
        let assets = serde_json::from_value(serde_json::json!([
            {"id": "btc-id", "name": "Bitcoin", "symbol": "BTC"},
            {"id": "eth-id", "name": "Ethereum", "symbol": "ETH"}
        ]))
        .unwrap();
        let currencies = serde_json::from_value(serde_json::json!([
            {"id": EUR, "symbol": "EUR", "name": "Euro"},
            {"id": "usd-id", "symbol": "USD", "name": "US Dollar"}
        ]))
        .unwrap();
        (positions, assets, currencies)
    }

    #[test]
    fn rows_total_and_fiat() {
        let (positions, assets, currencies) = fixture();
        let view = build_view(&positions, &assets, &currencies, "EUR");
        assert_eq!(view.positions.len(), 3);
        assert_eq!(view.positions[0].symbol, "BTC");
        assert_eq!(view.positions[0].balance, Some(d("0.50000000")));
        assert_eq!(view.positions[2].symbol, "…asset-id");
        assert_eq!(view.fiat.len(), 2);
        assert_eq!(view.total, Some(d("37000.50")));
        assert!(view.fiat_left_out);
        assert_eq!(view.currencies[1], ("USD".into(), "US Dollar".into()));
    }

    #[test]
    fn sorting_and_allocation() {
        let (positions, assets, currencies) = fixture();
        let mut rows = build_view(&positions, &assets, &currencies, "EUR").positions;
        sort_positions(
            &mut rows,
            SortState {
                column: PositionColumn::Name,
                direction: SortDirection::Ascending,
            },
        );
        assert_eq!(rows[0].name, "Bitcoin");
        sort_positions(
            &mut rows,
            SortState {
                column: PositionColumn::Value,
                direction: SortDirection::Ascending,
            },
        );
        assert_eq!(rows[0].symbol, "ETH");
        assert_eq!(rows[2].value, None);
        let slices = asset_allocation(&rows);
        assert_eq!(slices.len(), 2);
        assert_eq!(slices[0].label, "BTC");
        assert_eq!(slices[0].percent.round_dp(2), d("83.33"));
    }

    #[test]
    fn currency_lookup() {
        let (_, _, currencies) = fixture();
        assert_eq!(
            currency_id_for(&currencies, "usd").unwrap().as_str(),
            "usd-id"
        );
        assert!(currency_id_for(&currencies, "GBP").is_none());
    }
}
