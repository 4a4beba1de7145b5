//! Savings plans (`crate::savings_plans`): cadences, the month's last day, plans per
//! currency, unreadable entries and overflow, each expectation worked out by hand.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use folio_export::tax::entry::{Entry, Kind, Move, Unit};
use rust_decimal::Decimal;

use super::support::{at, crypto, d, day, entry, unit};
use crate::days::tax_day;
use crate::savings_plans::{detect, months_on, next_expected, Cadence, SavingsPlan};
use crate::RuleSet;

fn utc_day(t: DateTime<Utc>) -> NaiveDate {
    t.date_naive()
}

fn fiat(symbol: &str) -> Unit {
    unit(symbol, None)
}

fn mv(amount: Decimal, unit: Unit, incoming: bool) -> Move {
    Move {
        leg_id: "".into(),
        amount,
        unit,
        incoming,
        fee_info: None,
        tax_leg: false,
    }
}

/// A plan execution: `paid` of `currency` for `qty` of `asset`, as exact decimals.
fn exec_exact(
    id: &str,
    time: DateTime<Utc>,
    asset: &Unit,
    qty: Decimal,
    currency: &Unit,
    paid: Decimal,
) -> Entry {
    entry(
        id,
        Kind::SavingsPlan,
        time,
        vec![
            mv(paid, currency.clone(), false),
            mv(qty, asset.clone(), true),
        ],
    )
}

/// A plan execution paid in EUR.
fn exec(id: &str, time: DateTime<Utc>, asset: &Unit, qty: &str, eur_paid: &str) -> Entry {
    exec_exact(id, time, asset, d(qty), &fiat("EUR"), d(eur_paid))
}

/// One plan execution per day of `days`, each 100 EUR for 0.001 BTC.
fn plan_on(days: &[(i32, u32, u32)]) -> Vec<Entry> {
    let btc = crypto("BTC");
    days.iter()
        .enumerate()
        .map(|(i, &(y, m, dd))| exec(&format!("p{i}"), at(y, m, dd), &btc, "0.001", "100"))
        .collect()
}

fn only_plan(entries: &[Entry]) -> SavingsPlan {
    let found = detect(entries, &utc_day);
    assert_eq!(found.plans.len(), 1, "{found:?}");
    found.plans.into_iter().next().unwrap()
}

#[test]
fn monthly_on_the_first_for_a_year() {
    let btc = crypto("BTC");
    // 100 EUR on the 1st of each month of 2024; 0.003 BTC in Jan–Apr, 0.002 in May–Aug,
    // 0.001 in Sep–Dec: 0.012 + 0.008 + 0.004 = 0.024 BTC for 1 200 EUR, i.e.
    // 1 200 / 0.024 = 50 000 EUR per BTC.
    let mut entries: Vec<Entry> = (1..=12u32)
        .map(|m| {
            let qty = match m {
                1..=4 => "0.003",
                5..=8 => "0.002",
                _ => "0.001",
            };
            exec(&format!("sp{m}"), at(2024, m, 1), &btc, qty, "100")
        })
        .collect();
    // An ordinary buy is no plan execution and not unreadable either.
    let mut buy = exec("b1", at(2024, 6, 17), &btc, "1", "60000");
    buy.kind = Kind::Buy;
    entries.push(buy);
    let found = detect(&entries, &utc_day);
    assert_eq!(found.unreadable, 0);
    assert_eq!(
        found.plans,
        vec![SavingsPlan {
            asset: "BTC".into(),
            asset_id: "id-BTC".into(),
            fiat: "EUR".into(),
            cadence: Cadence::Monthly { day: 1 },
            executions: 12,
            first: day(2024, 1, 1),
            last: day(2024, 12, 1),
            typical_amount: Some(d("100")),
            total_paid: Some(d("1200")),
            total_bought: Some(d("0.024")),
            average_price: Some(d("50000")),
            next_expected: Some(day(2025, 1, 1)),
        }]
    );
}

#[test]
fn monthly_on_the_31st_is_clamped_to_short_months() {
    // 30 Nov, 31 Dec, 31 Jan (gaps 31, 31): the usual day is the 31st; next: 29 Feb 2024.
    let p = only_plan(&plan_on(&[(2023, 11, 30), (2023, 12, 31), (2024, 1, 31)]));
    assert_eq!(p.cadence, Cadence::Monthly { day: 31 });
    assert_eq!(p.next_expected, Some(day(2024, 2, 29)));
    // Then 29 Feb and 31 Mar (gaps 29, 31): next 30 April.
    let p = only_plan(&plan_on(&[
        (2023, 11, 30),
        (2023, 12, 31),
        (2024, 1, 31),
        (2024, 2, 29),
        (2024, 3, 31),
    ]));
    assert_eq!(p.cadence, Cadence::Monthly { day: 31 });
    assert_eq!(p.next_expected, Some(day(2024, 4, 30)));
    // 31 Dec 2024, 31 Jan 2025: next 28 Feb 2025 (no leap year).
    let p = only_plan(&plan_on(&[(2024, 12, 31), (2025, 1, 31)]));
    assert_eq!(p.cadence, Cadence::Monthly { day: 31 });
    assert_eq!(p.next_expected, Some(day(2025, 2, 28)));
}

#[test]
fn weekly_counts_a_day_once_and_uses_the_callers_calendar() {
    let eth = crypto("ETH");
    let vienna = |t: DateTime<Utc>| tax_day(RuleSet::Austria, t);
    let late = |dd: u32| Utc.with_ymd_and_hms(2024, 3, dd, 23, 30, 0).unwrap();
    // 23:30 UTC on 10 and 17 March is 00:30 on 11 and 18 March in Vienna (UTC+1).
    let entries = vec![
        exec("w1", at(2024, 3, 4), &eth, "1", "10"),
        exec("w2", late(10), &eth, "1", "20"),
        exec("w3", at(2024, 3, 11), &eth, "1", "30"),
        exec("w4", late(17), &eth, "1", "40"),
        exec("w5", at(2024, 3, 18), &eth, "1", "50"),
        exec("w6", at(2024, 3, 25), &eth, "1", "60"),
    ];
    // Vienna days 4, 11, 18, 25 March: gaps 7, 7, 7. Counted per execution the gaps
    // would be 7, 0, 7, 0, 7 (three of five in the band): irregular.
    let p = &detect(&entries, &vienna).plans[0];
    assert_eq!(p.cadence, Cadence::Weekly);
    assert_eq!(p.executions, 6);
    assert_eq!((p.first, p.last), (day(2024, 3, 4), day(2024, 3, 25)));
    assert_eq!(p.next_expected, Some(day(2024, 4, 1)));
    // Amounts 10…60: the median is halfway between 30 and 40.
    assert_eq!(p.typical_amount, Some(d("35")));
    assert_eq!(p.total_paid, Some(d("210")));
    assert_eq!(p.total_bought, Some(d("6")));
    assert_eq!(p.average_price, Some(d("35")));
    // In UTC days 4, 10, 11, 17, 18, 25: gaps 6, 1, 6, 1, 7, three of five weekly.
    let p = &detect(&entries, &utc_day).plans[0];
    assert_eq!(p.cadence, Cadence::Irregular);
}

#[test]
fn biweekly_across_a_leap_february() {
    let sol = crypto("SOL");
    let entries = vec![
        exec("b1", at(2024, 1, 5), &sol, "0.5", "25"),
        exec("b2", at(2024, 1, 19), &sol, "0.5", "25"),
        exec("b3", at(2024, 2, 2), &sol, "0.5", "50"),
        exec("b4", at(2024, 2, 16), &sol, "0.5", "25"),
        exec("b5", at(2024, 3, 1), &sol, "0.5", "25"),
    ];
    // Gaps 14, 14, 14, 14 (16 Feb → 1 Mar is 13 + 1 days in 2024).
    let p = only_plan(&entries);
    assert_eq!(p.cadence, Cadence::Biweekly);
    assert_eq!(p.next_expected, Some(day(2024, 3, 15)));
    // Amounts 25, 25, 25, 25, 50: the median is 25; 150 EUR for 2.5 SOL: 60 each.
    assert_eq!(p.typical_amount, Some(d("25")));
    assert_eq!(p.total_paid, Some(d("150")));
    assert_eq!(p.total_bought, Some(d("2.5")));
    assert_eq!(p.average_price, Some(d("60")));
}

#[test]
fn quarterly_keeps_its_day_of_the_month() {
    // Gaps 90, 91, 92, 92: next 15 April 2024.
    let p = only_plan(&plan_on(&[
        (2023, 1, 15),
        (2023, 4, 15),
        (2023, 7, 15),
        (2023, 10, 15),
        (2024, 1, 15),
    ]));
    assert_eq!(p.cadence, Cadence::Quarterly);
    assert_eq!(p.next_expected, Some(day(2024, 4, 15)));
    // On the 31st: 31 Dec, 31 Mar, 30 Jun, 30 Sep (gaps 91, 91, 92); the 31st and the
    // 30th twice each, the later day wins: next 31 December, not 30 December.
    let p = only_plan(&plan_on(&[
        (2023, 12, 31),
        (2024, 3, 31),
        (2024, 6, 30),
        (2024, 9, 30),
    ]));
    assert_eq!(p.cadence, Cadence::Quarterly);
    assert_eq!(p.next_expected, Some(day(2024, 12, 31)));
}

#[test]
fn irregular_gaps_give_no_next_date() {
    // Gaps 7, 41, 3, 68, 29: the median (29) is monthly but only one gap of five is.
    let p = only_plan(&plan_on(&[
        (2024, 1, 3),
        (2024, 1, 10),
        (2024, 2, 20),
        (2024, 2, 23),
        (2024, 5, 1),
        (2024, 5, 30),
    ]));
    assert_eq!(p.cadence, Cadence::Irregular);
    assert_eq!(p.next_expected, None);
    assert_eq!(p.executions, 6);
    assert_eq!(p.total_paid, Some(d("600")));
}

#[test]
fn two_thirds_of_the_gaps_must_fit_the_band() {
    // Gaps 7, 7, 30: two of three weekly — enough.
    let p = only_plan(&plan_on(&[
        (2024, 1, 1),
        (2024, 1, 8),
        (2024, 1, 15),
        (2024, 2, 14),
    ]));
    assert_eq!(p.cadence, Cadence::Weekly);
    assert_eq!(p.next_expected, Some(day(2024, 2, 21)));
    // Gaps 7, 7, 30, 30: the lower median is 7, but only half the gaps are weekly.
    let p = only_plan(&plan_on(&[
        (2024, 1, 1),
        (2024, 1, 8),
        (2024, 1, 15),
        (2024, 2, 14),
        (2024, 3, 15),
    ]));
    assert_eq!(p.cadence, Cadence::Irregular);
    assert_eq!(p.next_expected, None);
}

#[test]
fn a_single_execution_is_irregular() {
    let p = only_plan(&[exec("one", at(2024, 5, 2), &crypto("BTC"), "0.004", "250")]);
    assert_eq!(p.cadence, Cadence::Irregular);
    assert_eq!(p.executions, 1);
    assert_eq!((p.first, p.last), (day(2024, 5, 2), day(2024, 5, 2)));
    assert_eq!(p.next_expected, None);
    assert_eq!(p.typical_amount, Some(d("250")));
    // 250 / 0.004 = 62 500.
    assert_eq!(p.average_price, Some(d("62500")));
    // Two executions on one day are still one day: irregular.
    let p = only_plan(&plan_on(&[(2024, 5, 2), (2024, 5, 2)]));
    assert_eq!(p.cadence, Cadence::Irregular);
    assert_eq!(p.executions, 2);
    assert_eq!(p.next_expected, None);
}

#[test]
fn one_asset_in_two_currencies_is_two_plans() {
    let (btc, eth) = (crypto("BTC"), crypto("ETH"));
    let chf = fiat("CHF");
    let entries = vec![
        exec("e1", at(2024, 1, 1), &eth, "0.1", "200"),
        exec("b1", at(2024, 1, 1), &btc, "0.002", "100"),
        exec_exact("c1", at(2024, 1, 10), &btc, d("0.001"), &chf, d("90")),
        exec("b2", at(2024, 2, 1), &btc, "0.002", "100"),
    ];
    let found = detect(&entries, &utc_day);
    let names: Vec<(&str, &str)> = found
        .plans
        .iter()
        .map(|p| (p.asset.as_str(), p.fiat.as_str()))
        .collect();
    assert_eq!(names, [("BTC", "CHF"), ("BTC", "EUR"), ("ETH", "EUR")]);
    let (in_chf, in_eur) = (&found.plans[0], &found.plans[1]);
    assert_eq!(in_chf.executions, 1);
    assert_eq!(in_chf.total_paid, Some(d("90")));
    assert_eq!(in_chf.cadence, Cadence::Irregular);
    assert_eq!(in_eur.executions, 2);
    assert_eq!(in_eur.total_paid, Some(d("200")));
    // 200 / 0.004 = 50 000; gap 31 days: monthly on the 1st.
    assert_eq!(in_eur.average_price, Some(d("50000")));
    assert_eq!(in_eur.cadence, Cadence::Monthly { day: 1 });
    assert_eq!(in_eur.next_expected, Some(day(2024, 3, 1)));
}

#[test]
fn an_entry_without_amounts_is_counted_not_used() {
    let btc = crypto("BTC");
    // The fiat leg could not be read: only the asset leg is left.
    let mut no_fiat = entry(
        "broken",
        Kind::SavingsPlan,
        at(2024, 1, 15),
        vec![mv(d("0.001"), btc.clone(), true)],
    );
    no_fiat.unreadable_legs = 1;
    // A broken buy is not a plan's business.
    let mut broken_buy = no_fiat.clone();
    broken_buy.id = "buy".into();
    broken_buy.kind = Kind::Buy;
    // Both trade legs read but a third leg lost: its amounts cannot be trusted.
    let mut leg_lost = exec("lost", at(2024, 1, 20), &btc, "0.001", "100");
    leg_lost.unreadable_legs = 1;
    let entries = vec![
        exec("p1", at(2024, 1, 1), &btc, "0.001", "100"),
        no_fiat,
        leg_lost,
        // A negative amount is no amount paid.
        exec("neg", at(2024, 1, 25), &btc, "0.001", "-100"),
        broken_buy,
        exec("p2", at(2024, 2, 1), &btc, "0.001", "100"),
        // The same operation twice (e.g. two pages): counted once.
        exec("p2", at(2024, 2, 1), &btc, "0.001", "100"),
    ];
    let found = detect(&entries, &utc_day);
    assert_eq!(found.unreadable, 3);
    assert_eq!(found.plans.len(), 1);
    assert_eq!(found.plans[0].executions, 2);
    assert_eq!(found.plans[0].total_paid, Some(d("200")));
    assert_eq!(found.plans[0].cadence, Cadence::Monthly { day: 1 });
}

#[test]
fn overflowing_totals_are_unknown() {
    let (btc, eth, eur) = (crypto("BTC"), crypto("ETH"), fiat("EUR"));
    let entries = vec![
        // Paid: MAX twice overflows; the median of two MAX is MAX.
        exec_exact("b1", at(2024, 1, 1), &btc, d("1"), &eur, Decimal::MAX),
        exec_exact("b2", at(2024, 2, 1), &btc, d("1"), &eur, Decimal::MAX),
        // Bought: MAX twice overflows; paid is known.
        exec_exact("e1", at(2024, 1, 1), &eth, Decimal::MAX, &eur, d("10")),
        exec_exact("e2", at(2024, 2, 1), &eth, Decimal::MAX, &eur, d("10")),
    ];
    let found = detect(&entries, &utc_day);
    let (b, e) = (&found.plans[0], &found.plans[1]);
    assert_eq!(b.total_paid, None);
    assert_eq!(b.typical_amount, Some(Decimal::MAX));
    assert_eq!(b.total_bought, Some(d("2")));
    assert_eq!(b.average_price, None);
    assert_eq!(b.cadence, Cadence::Monthly { day: 1 });
    assert_eq!(e.total_paid, Some(d("20")));
    assert_eq!(e.total_bought, None);
    assert_eq!(e.average_price, None);
    // Quotient overflow: MAX paid for 0.5 of an asset.
    let p = only_plan(&[exec_exact(
        "x",
        at(2024, 1, 1),
        &btc,
        d("0.5"),
        &eur,
        Decimal::MAX,
    )]);
    assert_eq!(p.total_paid, Some(Decimal::MAX));
    assert_eq!(p.average_price, None);
}

#[test]
fn nothing_bought_has_no_average_price() {
    let p = only_plan(&[exec("z", at(2024, 1, 1), &crypto("BTC"), "0", "5")]);
    assert_eq!(p.total_bought, Some(d("0")));
    assert_eq!(p.average_price, None);
}

#[test]
fn a_month_step_clamps_and_stops_at_the_calendar_end() {
    assert_eq!(months_on(day(2024, 1, 31), 1, 31), Some(day(2024, 2, 29)));
    assert_eq!(months_on(day(2023, 11, 5), 3, 31), Some(day(2024, 2, 29)));
    assert_eq!(months_on(day(2024, 3, 2), 1, 1), Some(day(2024, 4, 1)));
    assert_eq!(months_on(NaiveDate::MAX, 1, 1), None);
    assert_eq!(
        next_expected(Cadence::Weekly, &[NaiveDate::MAX]),
        None,
        "past chrono's calendar: unknown, no panic"
    );
}
