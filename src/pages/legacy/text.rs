//! Plain words for the legacy section: kinds, directions, the sunset countdown, the
//! reconciliation's outcomes and summary. Unknown values are shown exactly as sent.

use folio_client::legacy::reconcile::{Outcome, Reconciliation, TradeKind};
use rust_decimal::Decimal;
use serde_json::Value;

use crate::format::format_count;
use crate::i18n::{t, tc, tf, tn};

/// Plain words for any legacy status value (unknown values are shown as sent).
pub fn status_words(status: &str) -> String {
    match status.to_ascii_lowercase().as_str() {
        "pending" => t("Waiting").into(),
        "processing" => t("Being processed").into(),
        "finished" => t("Completed").into(),
        "canceled" | "cancelled" => t("Cancelled").into(),
        "unconfirmed_transaction_out" => t("Sent, awaiting network confirmation").into(),
        "open_invitation" => t("Sent, waiting for the recipient to accept").into(),
        _ => status.to_string(),
    }
}

/// Plain words for a legacy `type` value.
pub fn type_words(raw: &str) -> String {
    match raw.to_ascii_lowercase().as_str() {
        "buy" => tc("noun", "Buy").into(),
        "sell" => tc("noun", "Sell").into(),
        "deposit" => t("Deposit").into(),
        "withdrawal" => t("Withdrawal").into(),
        "transfer" => t("Transfer between own wallets").into(),
        "refund" => t("Refund").into(),
        "ico" => t("Initial coin offering").into(),
        _ => raw.to_string(),
    }
}

/// Plain words for a direction (`incoming` → "In").
pub fn direction_words(raw: &str) -> String {
    match raw.to_ascii_lowercase().as_str() {
        "incoming" => t("In").into(),
        "outgoing" => t("Out").into(),
        _ => raw.to_string(),
    }
}

/// "Yes", "No" or "—".
pub fn yes_no(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => t("Yes"),
        Some(false) => t("No"),
        None => crate::format::MISSING,
    }
}

/// The banner's sentence for `days_left` whole days after today until the sunset.
pub fn sunset_sentence(days_left: u32) -> String {
    let when = match days_left {
        0 => t("Today is the last day").to_string(),
        n => tn(n as usize, "1 day left", "{n} days left"),
    };
    tf(
        "{when}: the legacy API is switched off after 31 January 2027. Move to the current \
         views before then.",
        &[("when", &when)],
    )
}

/// A tag of a commodity transaction as text (strings as they are, anything else as JSON).
pub fn tag_text(tag: &Value) -> String {
    match tag {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The words for a reconciliation outcome.
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Match => t("Match"),
        Outcome::Difference => t("Difference"),
        Outcome::NotInLegacy => t("Only in the current API"),
        Outcome::TooLarge => t("Too large to compare"),
    }
}

/// The words for a trade category.
pub fn trade_kind_words(kind: TradeKind) -> &'static str {
    match kind {
        TradeKind::Buy => t("Buys"),
        TradeKind::Sell => t("Sells"),
        TradeKind::SavingsPlan => t("Savings-plan executions"),
        TradeKind::Swap => t("Swaps"),
    }
}

/// Current minus legacy, when the legacy API has a value.
pub fn difference(legacy: Option<Decimal>, current: Option<Decimal>) -> Option<Decimal> {
    current?.checked_sub(legacy?)
}

/// The one-sentence verdict of a reconciliation.
pub fn reconciliation_summary(r: &Reconciliation) -> String {
    let differences = r.differences();
    if differences > 0 {
        return tn(
            differences,
            "{n} difference between the legacy and the current API.",
            "{n} differences between the legacy and the current API.",
        );
    }
    let compared = r
        .balances
        .iter()
        .filter(|b| b.outcome != Outcome::NotInLegacy)
        .count();
    let only_current = r.balances.len() - compared;
    let mut text = tf(
        "All {compared} balances and {trades} trade counts match.",
        &[
            ("compared", &format_count(compared)),
            ("trades", &format_count(r.trades.len())),
        ],
    );
    if only_current > 0 {
        text.push(' ');
        text.push_str(&tf(
            "{count} holdings exist only in the current API (the legacy API never showed \
             them).",
            &[("count", &format_count(only_current))],
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_in_plain_words_and_unknown_ones_as_sent() {
        assert_eq!(
            status_words("open_invitation"),
            "Sent, waiting for the recipient to accept"
        );
        assert_eq!(status_words("FINISHED"), "Completed");
        assert_eq!(status_words("weird"), "weird");
    }
    use folio_client::legacy::reconcile::{BalanceKind, BalanceRow, Period, TradeCountRow};

    fn row(symbol: &str, legacy: Option<i64>, current: i64, outcome: Outcome) -> BalanceRow {
        BalanceRow {
            symbol: symbol.into(),
            kind: BalanceKind::Asset,
            legacy: legacy.map(Decimal::from),
            current: Some(Decimal::from(current)),
            outcome,
        }
    }

    fn trades(legacy: usize, current: usize) -> Vec<TradeCountRow> {
        [TradeKind::Buy, TradeKind::Sell]
            .into_iter()
            .map(|kind| TradeCountRow {
                kind,
                legacy,
                current,
            })
            .collect()
    }

    #[test]
    fn summaries() {
        let equal = Reconciliation {
            balances: vec![
                row("BTC", Some(1), 1, Outcome::Match),
                row("EUR", Some(5), 5, Outcome::Match),
                row("AAPL", None, 3, Outcome::NotInLegacy),
            ],
            trades: trades(2, 2),
            period: Period::default(),
        };
        assert_eq!(
            reconciliation_summary(&equal),
            "All 2 balances and 2 trade counts match. 1 holdings exist only in the current API \
             (the legacy API never showed them)."
        );
        let one = Reconciliation {
            balances: vec![row("BTC", Some(1), 2, Outcome::Difference)],
            trades: trades(2, 2),
            period: Period::default(),
        };
        assert_eq!(
            reconciliation_summary(&one),
            "1 difference between the legacy and the current API."
        );
        let three = Reconciliation {
            trades: trades(1, 2),
            ..one
        };
        assert!(reconciliation_summary(&three).starts_with("3 differences"));
    }

    #[test]
    fn words() {
        assert!(sunset_sentence(0).contains("Today is the last day"));
        assert!(sunset_sentence(1).contains("1 day left"));
        assert!(sunset_sentence(69).contains("69 days left"));
        assert_eq!(type_words("ico"), "Initial coin offering");
        assert_eq!(type_words("airdrop"), "airdrop");
        assert_eq!(direction_words("incoming"), "In");
        assert_eq!(direction_words("sideways"), "sideways");
        assert_eq!(yes_no(None), "—");
        assert_eq!(
            tag_text(&Value::String("savings_plan".into())),
            "savings_plan"
        );
        assert_eq!(tag_text(&serde_json::json!({"a": 1})), r#"{"a":1}"#);
        assert_eq!(
            outcome_words(Outcome::NotInLegacy),
            "Only in the current API"
        );
        assert_eq!(
            trade_kind_words(TradeKind::SavingsPlan),
            "Savings-plan executions"
        );
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(
            difference(Some(d("1.00")), Some(d("1.01"))),
            Some(d("0.01"))
        );
        assert_eq!(difference(Some(Decimal::MIN), Some(Decimal::MAX)), None);
        assert_eq!(difference(None, Some(d("1"))), None);
    }
}
