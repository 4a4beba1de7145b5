//! Rules applied from the day the law sets them, and days counted where the rules live:
//! Austria before and after 1 March 2022, metals' € 440 Freigrenze, Austrian fees outside
//! the 27.5 %, a buy at 00:30 local time sold on its anniversary and the day after (and one
//! across the autumn clock change), a tax year starting an hour before UTC's. Every
//! expected figure is worked out by hand in the comment above it.

use super::support::*;
use crate::{Acquired, Basis, Flag, RuleSet};
use folio_export::tax::entry::TradeInfo;

#[test]
fn a_2021_neuvermoegen_sale_and_swap_follow_the_old_rules_and_2022_the_new() {
    let (eth, sol) = (crypto("ETH"), crypto("SOL"));
    let entries = [
        buy("b1", at(2021, 4, 10), &eth, "2", "4000"),
        sell("s1", at(2021, 10, 5), &eth, "1", "3000"),
        swap("x1", at(2021, 11, 15), (&eth, "1"), (&sol, "20")),
        sell("s2", at(2022, 3, 10), &sol, "20", "3500"),
    ];
    let r = run(&entries, RuleSet::Austria);
    // s1: the pool holds 2 ETH at 4,000 (average 2,000); 1 ETH sold for 3,000 → gain
    // 1,000, sold before 1 March 2022: old § 31, within a year → speculation.
    assert_eq!(r.disposals[0].gain, Some(d("1000")));
    assert_eq!(r.disposals[0].lots[0].basis, Basis::Progressive);
    // x1: a 2021 swap is a realisation. ETH's reference price is s1's 3,000 €/ETH (41 days
    // before: flagged) → proceeds 3,000 − cost 2,000 = 1,000, speculation again.
    let x = &r.disposals[1];
    assert!(x.swap);
    assert_eq!(x.gain, Some(d("1000")));
    assert_eq!(x.lots[0].basis, Basis::Progressive);
    assert!(r.flags.iter().any(|f| matches!(f,
        Flag::DistantPrice { entry_id, price_date, .. } if entry_id == "x1" && *price_date == day(2021, 10, 5))));
    // 2021: speculation 1,000 + 1,000 = 2,000 > 440 → all taxable; nothing at 27.5 %.
    let y21 = year(&r, 2021).austria.clone().unwrap();
    assert_eq!(y21.speculation_gains, Some(d("2000")));
    assert_eq!(y21.speculation_taxable, Some(d("2000")));
    assert_eq!(y21.special_rate_base, Some(d("0")));
    // s2: SOL entered the pool at the swap's value 3,000; sold 10 March 2022 for 3,500 →
    // gain 500 at 27.5 % → 137.50.
    assert_eq!(r.disposals[2].lots[0].basis, Basis::SpecialRate);
    let y22 = year(&r, 2022).austria.clone().unwrap();
    assert_eq!(y22.special_rate_base, Some(d("500")));
    assert_eq!(y22.estimate, Some(d("137.50")));
    assert_eq!(y22.speculation_gains, Some(d("0")));
}

#[test]
fn a_swap_from_1_march_2022_carries_the_cost_but_one_the_day_before_does_not() {
    let (btc, eth) = (crypto("BTC"), crypto("ETH"));
    let history = |swap_day: (i32, u32, u32)| {
        run(
            &[
                buy("b1", at(2021, 6, 1), &btc, "1", "1000"),
                buy(
                    "b2",
                    at(swap_day.0, swap_day.1, swap_day.2),
                    &btc,
                    "1",
                    "3000",
                ),
                swap(
                    "x1",
                    at(swap_day.0, swap_day.1, swap_day.2),
                    (&btc, "1"),
                    (&eth, "10"),
                ),
            ],
            RuleSet::Austria,
        )
    };
    // 28 Feb 2022: the pool's average is (1,000 + 3,000) / 2 = 2,000; BTC's price that day
    // is 3,000 → a realisation with gain 1,000 (speculation).
    let before = history((2022, 2, 28));
    assert_eq!(before.disposals[0].gain, Some(d("1000")));
    assert_eq!(before.disposals[0].lots[0].basis, Basis::Progressive);
    // 1 March 2022: no realisation; ETH takes over the cost 2,000, gain 0.
    let after = history((2022, 3, 1));
    assert_eq!(after.disposals[0].lots[0].basis, Basis::CarriedOver);
    assert_eq!(after.disposals[0].gain, Some(d("0")));
    let eth_lot = after
        .open_lots
        .iter()
        .find(|l| &*l.asset.symbol == "ETH")
        .unwrap();
    assert_eq!(eth_lot.cost, Some(d("2000")));
}

#[test]
fn metals_gains_of_400_are_free_and_500_taxable_in_austria_and_a_net_loss_offsets_nothing() {
    let gold = unit("XAU", Some(folio_client::current::AssetType::Metal));
    let silver = unit("XAG", Some(folio_client::current::AssetType::Metal));
    let r = run(
        &[
            // 2022: silver bought for 500, sold within a year for 1,000 → +500.
            buy("ag1", at(2022, 2, 1), &silver, "10", "500"),
            sell("ag2", at(2022, 7, 1), &silver, "10", "1000"),
            // 2023: gold bought for 1,000, sold within a year for 1,400 → +400.
            buy("au1", at(2023, 2, 1), &gold, "1", "1000"),
            sell("au2", at(2023, 6, 1), &gold, "1", "1400"),
            // 2024: gold bought for 1,000, sold for 800 → −200.
            buy("au3", at(2024, 1, 10), &gold, "1", "1000"),
            sell("au4", at(2024, 2, 10), &gold, "1", "800"),
        ],
        RuleSet::Austria,
    );
    let at_year = |y| year(&r, y).austria.clone().unwrap();
    // § 31 (3): at most 440 € a year is free; 500 is over it, so all 500 is taxable.
    assert_eq!(at_year(2022).speculation_taxable, Some(d("500")));
    assert_eq!(at_year(2023).speculation_gains, Some(d("400")));
    assert_eq!(at_year(2023).speculation_taxable, Some(d("0")));
    // § 31 (4): a net loss stays −200, taxable 0, and never enters the 27.5 % base.
    assert_eq!(at_year(2024).speculation_gains, Some(d("-200")));
    assert_eq!(at_year(2024).speculation_taxable, Some(d("0")));
    assert_eq!(at_year(2024).special_rate_base, Some(d("0")));
    // Metals are individual lots with their own day.
    assert_eq!(
        r.disposals[1].lots[0].acquired,
        Acquired::On(day(2023, 2, 1))
    );
}

#[test]
fn austrian_fees_stay_outside_the_27_5_percent_and_german_ones_inside() {
    let btc = crypto("BTC");
    let fee = |e: &mut folio_export::tax::entry::Entry| {
        e.trade = Some(Box::new(TradeInfo {
            fee: Some((d("1"), eur())),
            ..TradeInfo::default()
        }));
    };
    let mut b = buy("b1", at(2024, 1, 10), &btc, "1", "101");
    fee(&mut b);
    let mut s = sell("s1", at(2024, 6, 1), &btc, "1", "199");
    fee(&mut s);
    let entries = [b, s];
    // Austria: cost 101 − 1 = 100 without the purchase fee, proceeds 199 + 1 = 200 before
    // the sale fee → gain 100; 27.5 % of 100 = 27.50; the fees' own total is 2.
    let r = run(&entries, RuleSet::Austria);
    assert_eq!(r.disposals[0].cost, Some(d("100")));
    assert_eq!(r.disposals[0].proceeds, Some(d("200")));
    let y = year(&r, 2024);
    assert_eq!(y.austria.clone().unwrap().estimate, Some(d("27.50")));
    assert_eq!(y.fees, Some(d("2")));
    // Germany: the fees are costs of the sale: 199 − 101 = 98.
    let r = run(&entries, RuleSet::Germany);
    assert_eq!(r.disposals[0].gain, Some(d("98")));
}

#[test]
fn a_buy_at_half_past_midnight_in_berlin_is_taxable_on_its_anniversary_and_free_the_day_after() {
    let btc = crypto("BTC");
    let r = run(
        &[
            // 15 March 2023 23:30 UTC = 16 March 00:30 CET: acquired on 16 March.
            buy("b", utc(2023, 3, 15, 23, 30), &btc, "2", "200"),
            sell("s1", at(2024, 3, 16), &btc, "1", "150"),
            sell("s2", at(2024, 3, 17), &btc, "1", "150"),
        ],
        RuleSet::Germany,
    );
    // Within the year up to and including 16 March 2024 (a UTC day would have said
    // 15 March and freed the first sale).
    assert_eq!(
        r.disposals[0].lots[0].acquired,
        Acquired::On(day(2023, 3, 16))
    );
    assert_eq!(r.disposals[0].lots[0].basis, Basis::PrivateSale);
    assert_eq!(r.disposals[1].lots[0].basis, Basis::TaxFree);
    // Each sale: 150 − 100 = 50.
    assert_eq!(year(&r, 2024).taxable_on(Basis::PrivateSale), Some(d("50")));
    assert_eq!(year(&r, 2024).tax_free_gains, Some(d("50")));
}

#[test]
fn a_buy_after_local_midnight_on_the_day_clocks_go_back_counts_from_that_local_day() {
    let eth = crypto("ETH");
    let r = run(
        &[
            // 28 Oct 2023 22:30 UTC = 29 Oct 00:30 CEST (clocks go back at 01:00 UTC).
            buy("b", utc(2023, 10, 28, 22, 30), &eth, "2", "200"),
            // 29 Oct 2024: the anniversary (taxable); 30 Oct 2024: free.
            sell("s1", at(2024, 10, 29), &eth, "1", "120"),
            sell("s2", at(2024, 10, 30), &eth, "1", "120"),
        ],
        RuleSet::Germany,
    );
    assert_eq!(
        r.disposals[0].lots[0].acquired,
        Acquired::On(day(2023, 10, 29))
    );
    assert_eq!(r.disposals[0].lots[0].basis, Basis::PrivateSale);
    assert_eq!(r.disposals[1].lots[0].basis, Basis::TaxFree);
    assert_eq!(r.open_lots.len(), 0);
}

#[test]
fn the_tax_year_starts_at_local_midnight() {
    let eth = crypto("ETH");
    let r = run(
        &[
            buy("b", at(2024, 12, 1), &eth, "1", "1000"),
            // 31 Dec 2024 23:30 UTC is 1 Jan 2025 00:30 in Vienna: income of 2025.
            reward("r", utc(2024, 12, 31, 23, 30), &eth, "0.1"),
        ],
        RuleSet::Austria,
    );
    assert_eq!(r.income[0].year, 2025);
}

#[test]
fn metals_gains_of_400_and_500_in_one_year_make_900_taxable() {
    let gold = unit("XAU", Some(folio_client::current::AssetType::Metal));
    let silver = unit("XAG", Some(folio_client::current::AssetType::Metal));
    let r = run(
        &[
            buy("au1", at(2023, 2, 1), &gold, "1", "1000"),
            sell("au2", at(2023, 6, 1), &gold, "1", "1400"),
            buy("ag1", at(2023, 3, 1), &silver, "10", "500"),
            sell("ag2", at(2023, 7, 1), &silver, "10", "1000"),
        ],
        RuleSet::Austria,
    );
    // 400 + 500 = 900 > 440: the Freigrenze frees nothing, all 900 is taxable.
    let y = year(&r, 2023).austria.clone().unwrap();
    assert_eq!(y.speculation_gains, Some(d("900")));
    assert_eq!(y.speculation_taxable, Some(d("900")));
}

#[test]
fn neuvermoegen_fees_are_costs_under_the_old_rules_and_left_out_at_27_5_percent() {
    let btc = crypto("BTC");
    let with_fee = |mut e: folio_export::tax::entry::Entry, fee: &str| {
        e.trade = Some(Box::new(TradeInfo {
            fee: Some((d(fee), eur())),
            ..TradeInfo::default()
        }));
        e
    };
    let r = run(
        &[
            // 2 BTC for 202 € paid, 2 € of it the fee: 101 each with it, 100 without.
            with_fee(buy("b", at(2021, 6, 1), &btc, "2", "202"), "2"),
            // Sold before 1 March 2022 (old § 31): 150 received − 101 = 49.
            with_fee(sell("s1", at(2021, 12, 1), &btc, "1", "150"), "1"),
            // Sold after: (150 + 1 fee) − 100 = 51 at 27.5 %.
            with_fee(sell("s2", at(2022, 6, 1), &btc, "1", "150"), "1"),
        ],
        RuleSet::Austria,
    );
    assert_eq!(r.disposals[0].lots[0].basis, Basis::Progressive);
    assert_eq!(r.disposals[0].gain, Some(d("49")));
    assert_eq!(r.disposals[1].lots[0].basis, Basis::SpecialRate);
    assert_eq!(r.disposals[1].gain, Some(d("51")));
}
