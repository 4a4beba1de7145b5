//! The words the page shows for what `folio_insights` returns as values: the rule set's
//! country, how a lot's gain is taxed, where an income came from and the notes on what could
//! not be known. The crate keeps no sentence a person reads (its CSV files stay English).

use folio_insights::{Acquired, Basis, Flag, IncomeKind, RuleSet, Unclear};

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
        Basis::ShareSale => t("sale of shares (§ 20 EStG, own loss pot)"),
        Basis::CapitalIncome => t("capital income (§ 20 EStG)"),
        Basis::SpecialRate => t("taxable at 27.5 %"),
        Basis::Progressive => t("speculation, progressive rate (§ 31 EStG)"),
        Basis::TaxFree => t("tax-free: held more than one year"),
        Basis::CarriedOver => t("not taxable: swap, cost carried over"),
        Basis::HoldingUnknown => t("not known: acquisition date unknown"),
    }
}

/// Where an income came from.
pub fn income_kind(kind: IncomeKind) -> &'static str {
    match kind {
        IncomeKind::Staking => t("Staking rewards"),
        IncomeKind::Lending => t("Passive earn (lending) rewards"),
        IncomeKind::Cashback => t("Card cashback"),
        IncomeKind::Dividend => t("Dividends"),
    }
}

/// When a lot was acquired: its day, "average" (Austria's pool) or "unknown".
pub fn acquired(acquired: Acquired) -> String {
    match acquired {
        Acquired::On(d) => day(d),
        Acquired::Pool => t("average").into(),
        Acquired::Unknown => t("unknown").into(),
    }
}

/// Why an operation was not understood.
pub fn unclear(reason: &Unclear) -> String {
    match reason {
        Unclear::UnknownType => t("a type Folio does not know: its assets were counted as moved in at unknown cost or out without a gain").into(),
        Unclear::NotATrade { incoming, outgoing } => tf(
            "a trade whose legs make none ({incoming} in, {outgoing} out): its assets were counted as moved, without a gain",
            &[("incoming", &format_count(*incoming)), ("outgoing", &format_count(*outgoing))],
        ),
        Unclear::NoLegs => t("none of its legs could be read: not counted").into(),
        Unclear::UnreadableLegs(n) => tf(
            "{n} of its legs could not be read and are not counted",
            &[("n", &format_count(*n))],
        ),
        Unclear::AssetTaxCredit => t("a tax credited back in an asset: not counted").into(),
    }
}

/// The note on something the report could not know or assumed.
pub fn flag_sentence(flag: &Flag) -> String {
    match flag {
        Flag::ArrivalUnknown {
            asset,
            quantity,
            date,
            cost_unknown,
            day_unknown,
            ..
        } => {
            let what = match (cost_unknown, day_unknown) {
                (true, true) => t("its cost and acquisition date are unknown"),
                (true, false) => t("its cost is unknown"),
                _ => t("its acquisition date is unknown, so is whether a sale is tax-free"),
            };
            tf(
                "{quantity} {symbol} came in on {date}: {what}. Enter them under “What Folio does not know”.",
                &[
                    ("quantity", &exact_quantity(*quantity)),
                    ("symbol", &asset.symbol),
                    ("date", &day(*date)),
                    ("what", what),
                ],
            )
        }
        Flag::NoPrice { symbol, date, .. } => tf(
            "No price for {symbol} around {date}: a reward, swap, fee or transfer on that day has no value.",
            &[("symbol", symbol), ("date", &day(*date))],
        ),
        Flag::DistantPrice {
            symbol,
            date,
            price_date,
            ..
        } => tf(
            "{symbol} on {date} is valued at the price of your trade on {price_date}, more than 7 days away.",
            &[("symbol", symbol), ("date", &day(*date)), ("price_date", &day(*price_date))],
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
        Flag::FundHeld { symbol } => tf(
            "{symbol} is a fund: Germany's partial exemption (Teilfreistellung) is not applied — the API does not say the fund's kind — and neither the Vorabpauschale nor Austria's deemed distributions (AGE) can be computed from the API.",
            &[("symbol", symbol)],
        ),
        Flag::CommodityHeld { symbol } => tf(
            "{symbol} is an ETC: Germany treats it as capital income here; a physically backed gold ETC may count as a private sale instead (BFH, Xetra-Gold).",
            &[("symbol", symbol)],
        ),
        Flag::ClassUnknown { symbol } => tf(
            "The catalogue did not say what {symbol} is: it is treated as a cryptocurrency.",
            &[("symbol", symbol)],
        ),
        Flag::LegacyUnmatched { symbol } => tf(
            "The legacy API's {symbol} could not be matched to an asset of the current catalogue: its trades are a holding of their own.",
            &[("symbol", symbol)],
        ),
        Flag::TransferUnvalued { count } => tf(
            "{n} transfer(s) of an asset in or out have no price: the money-weighted return is not shown.",
            &[("n", &format_count(*count))],
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
            flag_sentence(&Flag::ArrivalUnknown {
                entry_id: "op".into(),
                asset,
                quantity: Decimal::new(50_000_000, 8),
                date,
                cost_unknown: true,
                day_unknown: false,
            }),
            "0.50000000 BTC came in on 2025-05-04: its cost is unknown. Enter them under “What Folio does not know”."
        );
        assert_eq!(
            flag_sentence(&Flag::NoPrice {
                entry_id: "op".into(),
                symbol: "ETH".into(),
                date,
            }),
            "No price for ETH around 2025-05-04: a reward, swap, fee or transfer on that day has no value."
        );
        assert_eq!(
            unclear(&Unclear::NotATrade {
                incoming: 2,
                outgoing: 1
            }),
            "a trade whose legs make none (2 in, 1 out): its assets were counted as moved, without a gain"
        );
        assert_eq!(country(RuleSet::Germany), "Germany");
        assert_eq!(basis(Basis::TaxFree), Basis::TaxFree.csv_label());
        assert_eq!(
            income_kind(IncomeKind::Dividend),
            IncomeKind::Dividend.csv_label()
        );
    }
}
