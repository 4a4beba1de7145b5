//! Austria: moving average, Neuvermögen from 1 March 2021, swaps carry the cost, 27.5 %.

use super::support::*;
use crate::{Acquired, Basis, RuleSet};

#[test]
fn the_moving_average_after_several_buys_and_a_sale() {
    let btc = crypto("BTC");
    let r = run(
        &[
            buy("b1", at(2024, 1, 10), &btc, "1", "100"),
            buy("b2", at(2024, 2, 10), &btc, "3", "500"),
            sell("s1", at(2024, 6, 1), &btc, "2", "500"),
            buy("b3", at(2024, 7, 1), &btc, "2", "500"),
            sell("s2", at(2024, 8, 1), &btc, "1", "300"),
        ],
        RuleSet::Austria,
    );
    // Average 600 / 4 = 150: the first sale's cost is 300, gain 200.
    assert_eq!(r.disposals[0].cost, Some(d("300")));
    assert_eq!(r.disposals[0].gain, Some(d("200")));
    assert_eq!(r.disposals[0].lots[0].basis, Basis::SpecialRate);
    // Left 2 at 300, plus 2 at 500: 4 at 800, average 200; the second sale gains 100.
    assert_eq!(r.disposals[1].cost, Some(d("200")));
    let y = year(&r, 2024).austria.clone().unwrap();
    assert_eq!(y.special_rate_base, Some(d("300")));
    assert_eq!(y.estimate, Some(d("82.50")));
    // One pooled lot left: 3 BTC at 600.
    assert_eq!(r.open_lots.len(), 1);
    assert_eq!(r.open_lots[0].acquired, Acquired::Pool);
    assert_eq!(r.open_lots[0].cost, Some(d("600")));
}

#[test]
fn the_day_before_1_march_2021_is_altvermoegen_and_1_march_is_neu() {
    let btc = crypto("BTC");
    let r = run(
        &[
            buy("alt", at(2021, 2, 28), &btc, "1", "40000"),
            buy("neu", at(2021, 3, 1), &btc, "1", "45000"),
            sell("s1", at(2022, 6, 1), &btc, "2", "60000"),
        ],
        RuleSet::Austria,
    );
    let lots = &r.disposals[0].lots;
    // Altvermögen is sold first (assumed), held more than a year: tax-free.
    assert_eq!(lots[0].acquired, Acquired::On(day(2021, 2, 28)));
    assert_eq!(lots[0].basis, Basis::TaxFree);
    assert_eq!(lots[0].gain, Some(d("-10000")));
    // Then the Neuvermögen pool, at 27.5 %.
    assert_eq!(lots[1].acquired, Acquired::Pool);
    assert_eq!(lots[1].basis, Basis::SpecialRate);
    assert_eq!(lots[1].gain, Some(d("-15000")));
}

#[test]
fn altvermoegen_sold_within_a_year_is_taxed_progressively() {
    let btc = crypto("BTC");
    let r = run(
        &[
            buy("alt", at(2020, 6, 1), &btc, "1", "8000"),
            sell("s1", at(2021, 2, 1), &btc, "1", "30000"),
        ],
        RuleSet::Austria,
    );
    assert_eq!(r.disposals[0].lots[0].basis, Basis::Progressive);
    assert_eq!(
        year(&r, 2021).austria.clone().unwrap().speculation_gains,
        Some(d("22000"))
    );
}

#[test]
fn a_crypto_swap_of_neuvermoegen_carries_the_cost_and_realises_nothing() {
    let (btc, eth) = (crypto("BTC"), crypto("ETH"));
    let r = run(
        &[
            buy("b1", at(2024, 1, 1), &btc, "1", "100"),
            buy("b2", at(2024, 3, 1), &btc, "1", "300"),
            swap("x1", at(2024, 3, 2), (&btc, "1"), (&eth, "10")),
            sell("s1", at(2024, 4, 1), &eth, "10", "250"),
        ],
        RuleSet::Austria,
    );
    let x = &r.disposals[0];
    assert_eq!(x.lots[0].basis, Basis::CarriedOver);
    assert_eq!(x.gain, Some(d("0")));
    // ETH carries BTC's average cost 200: sold at 250 → gain 50 at 27.5 %.
    assert_eq!(r.disposals[1].gain, Some(d("50")));
    assert_eq!(year(&r, 2024).taxable_on(Basis::SpecialRate), Some(d("50")));
}

#[test]
fn an_austrian_reward_costs_nothing_and_is_taxed_when_sold() {
    let eth = crypto("ETH");
    let r = run(
        &[
            buy("b", at(2025, 1, 2), &eth, "1", "1000"),
            reward("r", at(2025, 2, 2), &eth, "0.5"),
            sell("s", at(2025, 3, 2), &eth, "1.5", "1500"),
        ],
        RuleSet::Austria,
    );
    // Pool: 1.5 ETH at 1000 → sold at 1500: gain 500.
    assert_eq!(r.disposals[0].gain, Some(d("500")));
    // Income is listed at its value (500 €) for information.
    assert_eq!(r.income[0].value, Some(d("500.0")));
}
