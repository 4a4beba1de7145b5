//! Germany: FIFO, the one-year boundary, swaps, rewards, the Freigrenzen.

use super::support::*;
use crate::{Acquired, Basis, RuleSet};

#[test]
fn a_partial_sale_uses_the_oldest_lots_first() {
    let btc = crypto("BTC");
    let r = run(
        &[
            buy("b1", at(2024, 1, 10), &btc, "1", "100"),
            buy("b2", at(2024, 2, 10), &btc, "2", "300"),
            sell("s1", at(2024, 6, 1), &btc, "1.5", "450"),
        ],
        RuleSet::Germany,
    );
    let s = &r.disposals[0];
    // 1 from b1 (cost 100) + 0.5 from b2 (cost 75) = 175; proceeds 450 → gain 275.
    assert_eq!(s.cost, Some(d("175")));
    assert_eq!(s.gain, Some(d("275")));
    assert_eq!(s.lots.len(), 2);
    assert_eq!(s.lots[0].acquired, Acquired::On(day(2024, 1, 10)));
    assert_eq!(s.lots[1].quantity, d("0.5"));
    assert_eq!(s.lots[1].proceeds, Some(d("150")));
    assert!(s.lots.iter().all(|l| l.basis == Basis::PrivateSale));
    // What is left: 1.5 of b2 at 225.
    assert_eq!(r.open_lots.len(), 1);
    assert_eq!(r.open_lots[0].quantity, d("1.5"));
    assert_eq!(r.open_lots[0].cost, Some(d("225")));
    assert_eq!(r.open_lots[0].tax_free_from, Some(day(2025, 2, 11)));
}

#[test]
fn a_sale_on_the_anniversary_is_taxable_and_the_next_day_is_free() {
    let btc = crypto("BTC");
    let r = run(
        &[
            buy("b1", at(2023, 3, 15), &btc, "2", "200"),
            sell("s1", at(2024, 3, 15), &btc, "1", "150"),
            sell("s2", at(2024, 3, 16), &btc, "1", "150"),
        ],
        RuleSet::Germany,
    );
    assert_eq!(r.disposals[0].lots[0].basis, Basis::PrivateSale);
    assert_eq!(r.disposals[1].lots[0].basis, Basis::TaxFree);
    let y = year(&r, 2024);
    assert_eq!(y.taxable_on(Basis::PrivateSale), Some(d("50")));
    assert_eq!(y.tax_free_gains, Some(d("50")));
}

#[test]
fn a_swap_sells_at_market_value_and_buys_at_it() {
    let (btc, eth) = (crypto("BTC"), crypto("ETH"));
    let r = run(
        &[
            buy("b1", at(2024, 1, 1), &btc, "1", "100"),
            // A trade fixes BTC at 200 €/BTC on 1 March.
            buy("b2", at(2024, 3, 1), &btc, "1", "200"),
            swap("x1", at(2024, 3, 1), (&btc, "1"), (&eth, "10")),
            sell("s1", at(2024, 4, 1), &eth, "10", "250"),
        ],
        RuleSet::Germany,
    );
    // BTC given: FIFO lot b1 (cost 100) at the market value 200 → gain 100.
    assert_eq!(r.disposals[0].gain, Some(d("100")));
    assert!(r.disposals[0].swap);
    // ETH bought at 200, sold at 250 → gain 50.
    assert_eq!(r.disposals[1].gain, Some(d("50")));
}

#[test]
fn the_private_sales_freigrenze_just_under_and_just_at_the_limit() {
    let btc = crypto("BTC");
    let gain_of = |gain: &str, y: i32| {
        run(
            &[
                buy("b", at(y, 1, 2), &btc, "1", "1000"),
                sell(
                    "s",
                    at(y, 5, 2),
                    &btc,
                    "1",
                    &(d("1000") + d(gain)).to_string(),
                ),
            ],
            RuleSet::Germany,
        )
        .years
        .into_iter()
        .find(|t| t.year == y)
        .unwrap()
        .germany
        .unwrap()
    };
    // 2023: € 600 limit.
    assert_eq!(gain_of("599.99", 2023).private_sales_taxable, Some(d("0")));
    assert_eq!(
        gain_of("600.00", 2023).private_sales_taxable,
        Some(d("600.00"))
    );
    // 2024: € 1,000.
    assert_eq!(gain_of("999.99", 2024).private_sales_taxable, Some(d("0")));
    assert_eq!(
        gain_of("1000.00", 2024).private_sales_taxable,
        Some(d("1000.00"))
    );
    assert_eq!(gain_of("1000.00", 2024).private_sales_limit, d("1000"));
}

#[test]
fn rewards_are_other_income_valued_at_the_nearest_trade_with_the_256_euro_limit() {
    let eth = crypto("ETH");
    let income_of = |qty: &str| {
        let r = run(
            &[
                buy("b", at(2025, 1, 2), &eth, "1", "1000"),
                reward("r", at(2025, 2, 2), &eth, qty),
            ],
            RuleSet::Germany,
        );
        (year(&r, 2025).germany.clone().unwrap(), r)
    };
    // 1,000 €/ETH: 0.25599 ETH = 255.99 €; 0.256 ETH = 256 €.
    let (under, r) = income_of("0.25599");
    assert_eq!(under.other_income, Some(d("255.99")));
    assert_eq!(under.other_income_taxable, Some(d("0")));
    let (at_limit, _) = income_of("0.256");
    assert_eq!(at_limit.other_income_taxable, Some(d("256.000")));
    // The reward starts its own lot at its value, with its own year.
    let lot = r
        .open_lots
        .iter()
        .find(|l| l.acquired == Acquired::On(day(2025, 2, 2)))
        .unwrap();
    assert_eq!(lot.cost, Some(d("255.99")));
    assert_eq!(lot.tax_free_from, Some(day(2026, 2, 3)));
}
