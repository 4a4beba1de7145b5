//! The order form's problems in words: what [`folio_client::exchange::validate_order`] finds
//! wrong with an order, as the sentence shown at its field, in the language shown. Figures are
//! written as the pair's rules state them (no thousands separators). Tested natively.

use folio_client::exchange::{Field, OrderProblem, PriceKind};

use crate::i18n::{t, tf};
use crate::pages::exchange::text::plain;

/// The sentence for `problem`.
pub fn problem_words(problem: &OrderProblem) -> String {
    match problem {
        OrderProblem::QuantityAndAmount => t("Enter a quantity or an amount, not both.").into(),
        OrderProblem::NoSize => t("Enter a quantity or an amount.").into(),
        OrderProblem::QuantityNotPositive => t("The quantity must be more than zero.").into(),
        OrderProblem::QuantityNotMultiple { step } => tf(
            "The quantity must be a multiple of {step}.",
            &[("step", &plain(*step))],
        ),
        OrderProblem::QuantityAboveMaximum { max, base } => tf(
            "The quantity is above the maximum of {maximum} {asset}.",
            &[("maximum", &plain(*max)), ("asset", base)],
        ),
        OrderProblem::AmountNotMarket => {
            t("Only market orders can be placed by amount; enter a quantity.").into()
        }
        OrderProblem::AmountNotPositive => t("The amount must be more than zero.").into(),
        OrderProblem::AmountNotMultiple { step } => tf(
            "The amount must be a multiple of {step}.",
            &[("step", &plain(*step))],
        ),
        OrderProblem::PriceMissing(PriceKind::Limit) => t("Enter a limit price.").into(),
        OrderProblem::PriceMissing(PriceKind::Trigger) => t("Enter a trigger price.").into(),
        OrderProblem::PriceNotPositive(PriceKind::Limit) => {
            t("The limit price must be more than zero.").into()
        }
        OrderProblem::PriceNotPositive(PriceKind::Trigger) => {
            t("The trigger price must be more than zero.").into()
        }
        OrderProblem::PriceNotOnTick {
            price: PriceKind::Limit,
            tick,
        } => tf(
            "The limit price must be a multiple of the tick size {tick}.",
            &[("tick", &plain(*tick))],
        ),
        OrderProblem::PriceNotOnTick {
            price: PriceKind::Trigger,
            tick,
        } => tf(
            "The trigger price must be a multiple of the tick size {tick}.",
            &[("tick", &plain(*tick))],
        ),
        OrderProblem::MarketTimeInForce => t("Market orders are IOC or FOK.").into(),
        OrderProblem::EndTimeMissing => t("Good-till-date orders need an end time.").into(),
        OrderProblem::EndTimeNotUsed => t("An end time is only used with good-till-date.").into(),
        OrderProblem::ValueTooLarge => {
            t("The order is too large to value; enter a smaller quantity or price.").into()
        }
        OrderProblem::BelowMinimum { min, quote } => tf(
            "The order is worth less than the minimum of {minimum} {currency}.",
            &[("minimum", &plain(*min)), ("currency", quote)],
        ),
        OrderProblem::AboveMaximum { max, quote } => tf(
            "The order is worth more than the maximum of {maximum} {currency}.",
            &[("maximum", &plain(*max)), ("currency", quote)],
        ),
        OrderProblem::NotEnoughBalance {
            need,
            available,
            unit,
        } => tf(
            "Not enough balance: the order needs {need} {unit}, {available} {unit} are available.",
            &[
                // What an order needs is stated to eight decimals at most.
                ("need", &plain(need.round_dp(8).normalize())),
                ("available", &plain(*available)),
                ("unit", unit),
            ],
        ),
    }
}

/// Each problem with its sentence, at its field.
pub fn problems_in_words(found: Vec<(Field, OrderProblem)>) -> Vec<(Field, String)> {
    found
        .into_iter()
        .map(|(field, problem)| (field, problem_words(&problem)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn problems_read_as_the_rules_state_them() {
        let cases = [
            (
                OrderProblem::QuantityAndAmount,
                "Enter a quantity or an amount, not both.",
            ),
            (OrderProblem::NoSize, "Enter a quantity or an amount."),
            (
                OrderProblem::QuantityNotPositive,
                "The quantity must be more than zero.",
            ),
            (
                OrderProblem::QuantityNotMultiple { step: d("0.00001") },
                "The quantity must be a multiple of 0.00001.",
            ),
            (
                OrderProblem::QuantityAboveMaximum {
                    max: d("100"),
                    base: "BTC".into(),
                },
                "The quantity is above the maximum of 100 BTC.",
            ),
            (
                OrderProblem::AmountNotMarket,
                "Only market orders can be placed by amount; enter a quantity.",
            ),
            (
                OrderProblem::AmountNotPositive,
                "The amount must be more than zero.",
            ),
            (
                OrderProblem::AmountNotMultiple { step: d("0.01") },
                "The amount must be a multiple of 0.01.",
            ),
            (
                OrderProblem::PriceMissing(PriceKind::Limit),
                "Enter a limit price.",
            ),
            (
                OrderProblem::PriceMissing(PriceKind::Trigger),
                "Enter a trigger price.",
            ),
            (
                OrderProblem::PriceNotPositive(PriceKind::Limit),
                "The limit price must be more than zero.",
            ),
            (
                OrderProblem::PriceNotPositive(PriceKind::Trigger),
                "The trigger price must be more than zero.",
            ),
            (
                OrderProblem::PriceNotOnTick {
                    price: PriceKind::Limit,
                    tick: d("0.10"),
                },
                "The limit price must be a multiple of the tick size 0.10.",
            ),
            (
                OrderProblem::PriceNotOnTick {
                    price: PriceKind::Trigger,
                    tick: d("1"),
                },
                "The trigger price must be a multiple of the tick size 1.",
            ),
            (
                OrderProblem::MarketTimeInForce,
                "Market orders are IOC or FOK.",
            ),
            (
                OrderProblem::EndTimeMissing,
                "Good-till-date orders need an end time.",
            ),
            (
                OrderProblem::EndTimeNotUsed,
                "An end time is only used with good-till-date.",
            ),
            (
                OrderProblem::ValueTooLarge,
                "The order is too large to value; enter a smaller quantity or price.",
            ),
            (
                OrderProblem::BelowMinimum {
                    min: d("10"),
                    quote: "EUR".into(),
                },
                "The order is worth less than the minimum of 10 EUR.",
            ),
            (
                OrderProblem::AboveMaximum {
                    max: d("500000"),
                    quote: "EUR".into(),
                },
                "The order is worth more than the maximum of 500000 EUR.",
            ),
            (
                OrderProblem::NotEnoughBalance {
                    need: d("660.000000000123"),
                    available: d("599.990"),
                    unit: "EUR".into(),
                },
                "Not enough balance: the order needs 660 EUR, 599.990 EUR are available.",
            ),
        ];
        for (problem, sentence) in cases {
            assert_eq!(problem_words(&problem), sentence);
        }
        assert_eq!(
            problems_in_words(vec![(Field::Amount, OrderProblem::NoSize)]),
            [(Field::Amount, "Enter a quantity or an amount.".to_string())]
        );
    }
}
