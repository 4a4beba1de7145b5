//! The words the page shows for what `folio_insights` returns as values: the rule set's
//! country, how a lot's gain is taxed, where an income came from and the notes on what could
//! not be known. The crate keeps no sentence a person reads (its CSV files stay English).

use folio_insights::{Basis, Flag, IncomeKind, RuleSet};

use super::figure::{day, exact_quantity};
use crate::format::format_count;
use crate::i18n::{t, tf};

/// The country whose rules estimate the figures.
pub fn country(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Austria => t("Austria"),
        RuleSet::Germany => t("Germany"),
    }
}

/// How the part of a sale that used one lot is taxed.
pub fn basis(basis: Basis) -> &'static str {
    match basis {
        Basis::PrivateSale => t("taxable private sale (§ 23 EStG)"),
        Basis::CapitalIncome => t("capital income (§ 20 EStG)"),
        Basis::SpecialRate => t("taxable at 27.5 %"),
        Basis::Progressive => t("taxable at the progressive rate"),
        Basis::TaxFree => t("tax-free: held more than one year"),
        Basis::CarriedOver => t("not taxable: swap, cost carried over"),
    }
}

/// Where an income came from.
pub fn income_kind(kind: IncomeKind) -> &'static str {
    match kind {
        IncomeKind::Staking => t("Staking rewards"),
        IncomeKind::OtherReward => t("Other rewards"),
        IncomeKind::Dividend => t("Dividends"),
    }
}

/// The note on something the report could not know or assumed.
pub fn flag_sentence(flag: &Flag) -> String {
    match flag {
        Flag::CostUnknown {
            asset,
            quantity,
            date,
            ..
        } => tf(
            "{quantity} {symbol} came in on {date} without a known cost: its gains stay unknown until you enter one.",
            &[
                ("quantity", &exact_quantity(*quantity)),
                ("symbol", &asset.symbol),
                ("date", &day(*date)),
            ],
        ),
        Flag::NoPrice { symbol, date, .. } => tf(
            "No price for {symbol} around {date}: a reward, swap or fee on that day has no value.",
            &[("symbol", symbol), ("date", &day(*date))],
        ),
        Flag::NoEurRate { currency, .. } => tf(
            "An amount in {currency} came without a rate to EUR: it is not counted.",
            &[("currency", currency)],
        ),
        Flag::Shortfall {
            symbol, quantity, ..
        } => tf(
            "{quantity} {symbol} left the account beyond what the history acquired: that part has no cost.",
            &[("quantity", &exact_quantity(*quantity)), ("symbol", symbol)],
        ),
        Flag::IndexHeld { symbol } => tf(
            "{symbol} is a crypto index: its rebalancing is not in the API, so its disposals inside the index are not counted.",
            &[("symbol", symbol)],
        ),
        Flag::ClassUnknown { symbol } => tf(
            "The catalogue did not say what {symbol} is: it is treated as a cryptocurrency.",
            &[("symbol", symbol)],
        ),
        Flag::UnknownType { raw_type, count } => tf(
            "{n} operation(s) of type “{type}” are not known to Folio: their assets are counted as moved, at unknown cost.",
            &[("n", &format_count(*count)), ("type", raw_type)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chrono::NaiveDate;
    use folio_insights::{AssetRef, Regime};
    use rust_decimal::Decimal;

    use super::*;

    #[test]
    fn notes_read_as_the_crate_wrote_them_in_english() {
        let date = NaiveDate::from_ymd_opt(2025, 5, 4).unwrap();
        let asset = AssetRef {
            id: Arc::from("1"),
            symbol: Arc::from("BTC"),
            regime: Regime::Crypto,
        };
        assert_eq!(
            flag_sentence(&Flag::CostUnknown {
                entry_id: "op".into(),
                asset,
                quantity: Decimal::new(50_000_000, 8),
                date,
            }),
            "0.50000000 BTC came in on 2025-05-04 without a known cost: its gains stay unknown until you enter one."
        );
        assert_eq!(
            flag_sentence(&Flag::NoPrice {
                entry_id: "op".into(),
                symbol: "ETH".into(),
                date,
            }),
            "No price for ETH around 2025-05-04: a reward, swap or fee on that day has no value."
        );
        assert_eq!(
            flag_sentence(&Flag::UnknownType {
                raw_type: "mystery".into(),
                count: 2,
            }),
            "2 operation(s) of type “mystery” are not known to Folio: their assets are counted as moved, at unknown cost."
        );
        assert_eq!(country(RuleSet::Germany), "Germany");
        assert_eq!(basis(Basis::TaxFree), Basis::TaxFree.csv_label());
        assert_eq!(
            income_kind(IncomeKind::Dividend),
            IncomeKind::Dividend.csv_label()
        );
    }
}
