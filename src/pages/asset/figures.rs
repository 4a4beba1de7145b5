//! What an asset's page works out from the service's answers: the symbol its address names,
//! which catalogue entry that symbol means, the person's holding of it, its exchange market
//! against the euro, and the price change over the chosen period. Plain functions, tested natively.

use folio_client::current::{Asset, PortfolioPosition};
use folio_client::exchange::{Candle, CandleInterval};
use folio_client::AssetId;
use rust_decimal::Decimal;

use crate::amounts::staked;

/// The symbol `/assets/<symbol>` names, upper case; `None` unless it is 1–24 letters, digits,
/// `.`, `-` or `_` (`BTC`, `BRK.B`).
pub fn symbol_in(path: &str) -> Option<String> {
    let rest = path.strip_prefix("/assets/")?;
    let symbol = rest.strip_suffix('/').unwrap_or(rest);
    crate::url::is_symbol(symbol).then(|| symbol.to_ascii_uppercase())
}

/// The catalogue entry a symbol means: among those with exactly this symbol, the one the
/// person holds, else the first the service lists (a stock and a coin may share a symbol).
pub fn chosen(found: Vec<Asset>, symbol: &str, held: &[AssetId]) -> Option<Asset> {
    let mut same: Vec<Asset> = found
        .into_iter()
        .filter(|a| {
            a.symbol
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case(symbol))
        })
        .collect();
    let at = same.iter().position(|a| held.contains(&a.id)).unwrap_or(0);
    (at < same.len()).then(|| same.swap_remove(at))
}

/// The person's holding of the asset, as the portfolio reports it (in its valuation
/// currency, EUR here).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Holding {
    pub balance: Option<Decimal>,
    pub available: Option<Decimal>,
    /// Balance minus available, when positive (staked or otherwise locked).
    pub staked: Option<Decimal>,
    pub value: Option<Decimal>,
    pub invested: Option<Decimal>,
    pub total_return: Option<Decimal>,
    pub return_percent: Option<Decimal>,
}

/// The holding of `asset` among `positions`; `None` when the portfolio does not list it
/// (the service lists only what is held).
pub fn holding_of(positions: &[PortfolioPosition], asset: &AssetId) -> Option<Holding> {
    let p = positions
        .iter()
        .find(|p| p.asset_id.as_ref() == Some(asset))?;
    let value = |m: &Option<folio_client::Money>| m.as_ref().map(|m| m.value);
    let balance = value(&p.balance);
    let available = value(&p.available_balance);
    Some(Holding {
        balance,
        available,
        staked: staked(balance, available),
        value: value(&p.currency_balance),
        invested: value(&p.invested_amount),
        total_return: value(&p.total_return),
        return_percent: p.total_return_percent,
    })
}

/// The exchange market of `symbol` against the euro (`BTC_EUR`), where its price chart
/// comes from.
pub fn euro_market(symbol: &str) -> String {
    format!("{}_EUR", symbol.to_ascii_uppercase())
}

/// How far back the price chart looks: the period, its candle interval and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Period {
    /// 24 hours of 15-minute candles.
    #[default]
    Day,
    /// 7 days of hourly candles.
    Week,
    /// 30 days of 4-hour candles.
    Month,
    /// 365 days of daily candles.
    Year,
}

impl Period {
    /// Every period, shortest first.
    pub const ALL: [Period; 4] = [Period::Day, Period::Week, Period::Month, Period::Year];

    /// Its name in the address (`?period=week`).
    pub fn as_str(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Month => "month",
            Period::Year => "year",
        }
    }

    /// The period an address names (the day for anything else).
    pub fn parse(text: Option<&str>) -> Period {
        Period::ALL
            .into_iter()
            .find(|p| Some(p.as_str()) == text)
            .unwrap_or_default()
    }

    /// The candles' interval and how many cover the period.
    pub fn candles(self) -> (CandleInterval, u32) {
        match self {
            Period::Day => (CandleInterval::M15, 96),
            Period::Week => (CandleInterval::H1, 168),
            Period::Month => (CandleInterval::H4, 180),
            Period::Year => (CandleInterval::D1, 365),
        }
    }

    /// Whether the chart's time axis shows times of day rather than days.
    pub fn intraday(self) -> bool {
        matches!(self, Period::Day | Period::Week)
    }
}

/// The change over the candles, oldest first: the last close against the first open, as an
/// amount and a percentage of the first open; `None` without two prices or with a first
/// open of zero.
pub fn change_over(candles: &[Candle]) -> Option<(Decimal, Decimal)> {
    let first = candles.iter().find_map(|c| c.open.or(c.close))?;
    let last = candles.iter().rev().find_map(|c| c.close)?;
    let change = last.checked_sub(first)?;
    let percent = change
        .checked_mul(Decimal::ONE_HUNDRED)?
        .checked_div(first)?;
    Some((change, percent.round_dp(2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_client::current::AssetType;
    use folio_client::Money;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn asset(id: &str, symbol: &str, kind: AssetType) -> Asset {
        Asset {
            id: AssetId::from(id),
            name: Some(format!("{symbol} ({kind:?})")),
            symbol: Some(symbol.into()),
            isin: None,
            asset_type: Some(kind),
            group: None,
        }
    }

    #[test]
    fn the_address_names_a_symbol() {
        assert_eq!(symbol_in("/assets/btc").as_deref(), Some("BTC"));
        assert_eq!(symbol_in("/assets/BRK.B/").as_deref(), Some("BRK.B"));
        assert_eq!(symbol_in("/assets/"), None);
        assert_eq!(symbol_in("/assets/a b"), None);
        assert_eq!(symbol_in("/assets/%3Cx%3E"), None);
        assert_eq!(symbol_in("/assets/ABCDEFGHIJKLMNOPQRSTUVWXY"), None);
        assert_eq!(symbol_in("/portfolio/BTC"), None);
    }

    #[test]
    fn a_shared_symbol_means_the_one_held() {
        let coin = asset("a-1", "ONE", AssetType::Cryptocoin);
        let stock = asset("a-2", "ONE", AssetType::Stock);
        let other = asset("a-3", "ONEX", AssetType::Stock);
        let found = vec![other.clone(), coin.clone(), stock.clone()];
        assert_eq!(
            chosen(found.clone(), "one", std::slice::from_ref(&stock.id)),
            Some(stock)
        );
        assert_eq!(chosen(found, "ONE", &[]), Some(coin));
        assert_eq!(chosen(vec![other], "ONE", &[]), None);
    }

    #[test]
    fn the_holding_is_the_portfolios_row_with_the_staked_part() {
        let id = AssetId::from("btc");
        let money = |v: &str| {
            Some(Money {
                value: d(v),
                asset_id: None,
                currency_id: None,
            })
        };
        let position = PortfolioPosition {
            asset_id: Some(id.clone()),
            currency_id: None,
            balance: money("0.5"),
            available_balance: money("0.3"),
            invested_amount: money("12000"),
            average_buy_price: None,
            currency_balance: money("15000.50"),
            total_return: money("3000.50"),
            total_return_percent: Some(d("25.004")),
        };
        let holding = holding_of(&[position], &id).unwrap();
        assert_eq!(holding.staked, Some(d("0.2")));
        assert_eq!(holding.value, Some(d("15000.50")));
        assert_eq!(holding.return_percent, Some(d("25.004")));
        assert_eq!(holding_of(&[], &id), None);
    }

    #[test]
    fn the_euro_market_is_named_after_the_symbol() {
        assert_eq!(euro_market("btc"), "BTC_EUR");
    }

    #[test]
    fn change_from_the_first_open_to_the_last_close() {
        let candle = |open: &str, close: &str| Candle {
            timestamp: None,
            open: Some(d(open)),
            high: None,
            low: None,
            close: Some(d(close)),
            volume: None,
        };
        let candles = [candle("80", "90"), candle("90", "70"), candle("70", "100")];
        // 100 − 80 = 20, 20 / 80 = 25 %.
        assert_eq!(change_over(&candles), Some((d("20"), d("25"))));
        // 60 − 90 = −30, −30 / 90 = −33.33 %.
        assert_eq!(
            change_over(&[candle("90", "75"), candle("75", "60")]),
            Some((d("-30"), d("-33.33")))
        );
        assert_eq!(change_over(&[]), None);
        assert_eq!(change_over(&[candle("0", "5")]), None);
        assert_eq!(Period::parse(Some("year")), Period::Year);
        assert_eq!(Period::parse(Some("decade")), Period::Day);
    }
}
