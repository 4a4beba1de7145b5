//! The tax cases: the same for every seed and start time, the documented figures, and the
//! random history keeping away from them.

use super::ids::*;
use super::*;
use crate::ledger::generate::generate;
use crate::ledger::{Ledger, Operation};
use crate::price_walk::PriceModel;
use chrono::{Duration, TimeZone};

fn instant(y: i32, m: u32, d: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, 9, 15, 27).unwrap()
}

fn ledger(seed: u64, n: usize, now: DateTime<Utc>, cases: bool) -> Ledger {
    generate(seed, n, now, PriceModel::new(seed, Some(now)), cases)
}

fn is_case(op: &Operation) -> bool {
    op.id.to_string().starts_with("7a5ca5e0-")
}

fn find<'a>(l: &'a Ledger, id: &str) -> &'a Operation {
    l.operations
        .iter()
        .find(|op| op.id.to_string() == id)
        .unwrap_or_else(|| panic!("no operation {id}"))
}

/// The EUR legs of `op` going `flow`, tax legs apart.
fn eur(op: &Operation, flow: Flow) -> Decimal {
    op.legs
        .iter()
        .filter(|l| l.unit == EUR && l.flow == flow && l.tx_type != "tax")
        .map(|l| l.amount)
        .sum()
}

/// The trade fee of `op` (0 without a trade).
fn trade_fee(op: &Operation) -> Decimal {
    op.legs
        .iter()
        .find_map(|l| l.trade.as_ref())
        .map_or(Decimal::ZERO, |t| t.fee)
}

/// (asset symbol, quantity) of the asset legs of `op` going `flow`.
fn asset_qty(op: &Operation, flow: Flow) -> (String, Decimal) {
    let legs: Vec<_> = op
        .legs
        .iter()
        .filter(|l| matches!(l.unit, Unit::Asset(_)) && l.flow == flow && l.tx_type != "fee")
        .collect();
    let Unit::Asset(i) = legs[0].unit else {
        unreachable!()
    };
    (
        catalogue().assets[i].symbol.to_string(),
        legs.iter().map(|l| l.amount).sum(),
    )
}

const ALL_IDS: [&str; 38] = [
    ETH_DEPOSIT,
    ETH_BUY,
    ETH_SELL,
    ETH_SWAP,
    SILVER_DEPOSIT,
    SILVER_BUY,
    SILVER_SELL,
    GOLD_DEPOSIT,
    GOLD_BUY,
    GOLD_SELL,
    ADA_DEPOSIT,
    ADA_BUY_AFTER_MIDNIGHT,
    XRP_DEPOSIT,
    XRP_BUY_DST_NIGHT,
    ADA_SELL_ON_ANNIVERSARY,
    ADA_SELL_DAY_AFTER,
    XRP_SELL_ON_ANNIVERSARY,
    BTC_LEGACY_DEPOSIT,
    BTC_LEGACY_BUY,
    BTC_SELL,
    TAX_LEGS_DEPOSIT,
    AVAX_BUY,
    ATOM_BUY,
    ATOM_STAKE,
    AVAX_SELL_WITH_TAX_CREDIT,
    ATOM_SELL_FROM_TWO_WALLETS,
    XTZ_DEPOSIT,
    XTZ_BUY,
    XTZ_STAKE,
    XTZ_REWARD_WITH_FEE,
    SECURITIES_DEPOSIT,
    SIE_BUY,
    VEUR_BUY,
    SIE_DIVIDEND,
    SIE_SELL_AT_A_LOSS,
    VEUR_SELL_AT_A_GAIN,
    LTC_DEPOSIT,
    LTC_SELL,
];

/// Everything about a case operation but its wallet ids (which follow the seed).
fn shape(op: &Operation) -> String {
    let legs: Vec<String> = op
        .legs
        .iter()
        .map(|l| {
            format!(
                "{} {:?} {} {} {} {:?} {:?} {:?} {:?}",
                l.id, l.unit, l.amount, l.fee, l.tx_type, l.flow, l.order_id, l.trade, l.state
            )
        })
        .collect();
    format!(
        "{} {} {} {} {}",
        op.id,
        op.op_type,
        op.time,
        op.legacy_only,
        legs.join("; ")
    )
}

#[test]
fn the_cases_are_the_same_for_every_seed_and_start_time() {
    let mut seen = Vec::new();
    for (seed, now, n) in [
        (42, instant(2026, 5, 4), 300),
        (7, instant(2026, 11, 28), 1_000),
        (2024, instant(2027, 3, 1), 450),
    ] {
        let l = ledger(seed, n, now, true);
        let cases: Vec<String> = l
            .operations
            .iter()
            .filter(|o| is_case(o))
            .map(shape)
            .collect();
        assert_eq!(cases.len(), ALL_IDS.len(), "seed {seed}");
        seen.push(cases);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]));
    let l = ledger(42, 300, instant(2026, 5, 4), true);
    for id in ALL_IDS {
        let op = find(&l, id);
        let legacy_only = [BTC_LEGACY_DEPOSIT, BTC_LEGACY_BUY].contains(&id);
        assert_eq!(op.legacy_only, legacy_only, "{id}");
    }
    let fixed = ending_before(DateTime::<Utc>::MAX_UTC);
    assert_eq!(fixed.len(), ALL_IDS.len());
    for op in &fixed {
        let id = operation_id(op.case, op.number).to_string();
        assert!(ALL_IDS.contains(&id.as_str()), "{id} is in `ids`");
    }
}

#[test]
fn the_figures_are_the_documented_ones() {
    let l = ledger(42, 300, instant(2026, 5, 4), true);
    let op = |id| find(&l, id);
    // (sale, buy, share of the buy sold, EUR received, gain after fees, gross, sale fee)
    let sales = [
        (
            BTC_SELL,
            BTC_LEGACY_BUY,
            "1",
            "2800.00",
            "2000.00",
            "2842.35",
            "42.35",
        ),
        (
            ETH_SELL, ETH_BUY, "0.5", "3000.00", "1000.00", "3045.38", "45.38",
        ),
        (
            SILVER_SELL,
            SILVER_BUY,
            "1",
            "5500.00",
            "500.00",
            "5527.64",
            "27.64",
        ),
        (
            GOLD_SELL, GOLD_BUY, "1", "4400.00", "400.00", "4422.11", "22.11",
        ),
        (
            ADA_SELL_ON_ANNIVERSARY,
            ADA_BUY_AFTER_MIDNIGHT,
            "0.5",
            "2200.00",
            "700.00",
            "2233.28",
            "33.28",
        ),
        (
            ADA_SELL_DAY_AFTER,
            ADA_BUY_AFTER_MIDNIGHT,
            "0.5",
            "1900.00",
            "400.00",
            "1928.74",
            "28.74",
        ),
        (
            XRP_SELL_ON_ANNIVERSARY,
            XRP_BUY_DST_NIGHT,
            "1",
            "2500.00",
            "500.00",
            "2537.81",
            "37.81",
        ),
        (
            AVAX_SELL_WITH_TAX_CREDIT,
            AVAX_BUY,
            "1",
            "900.00",
            "-100.00",
            "913.61",
            "13.61",
        ),
        (
            ATOM_SELL_FROM_TWO_WALLETS,
            ATOM_BUY,
            "1",
            "1750.00",
            "250.00",
            "1776.47",
            "26.47",
        ),
        (
            SIE_SELL_AT_A_LOSS,
            SIE_BUY,
            "1",
            "1201.50",
            "-300.00",
            "1202.70",
            "1.20",
        ),
        (
            VEUR_SELL_AT_A_GAIN,
            VEUR_BUY,
            "1",
            "5500.00",
            "500.00",
            "5505.51",
            "5.51",
        ),
    ];
    for (sale, buy, share, received, gain, gross, fee) in sales {
        let (s, b) = (op(sale), op(buy));
        let share = dec(share);
        assert_eq!(eur(s, Flow::Incoming), dec(received), "{sale}");
        assert_eq!(
            eur(s, Flow::Incoming) - eur(b, Flow::Outgoing) * share,
            dec(gain),
            "{sale}"
        );
        assert_eq!(trade_fee(s), dec(fee), "{sale}");
        assert_eq!(eur(s, Flow::Incoming) + trade_fee(s), dec(gross), "{sale}");
        let (sold, q) = asset_qty(s, Flow::Outgoing);
        let (bought, q_bought) = asset_qty(b, Flow::Incoming);
        assert_eq!((sold, q), (bought, q_bought * share), "{sale}");
    }
    // Buys: (id, EUR paid, fee, quantity).
    for (id, paid, fee, qty) in [
        (BTC_LEGACY_BUY, "800.00", "11.92", "0.1"),
        (ETH_BUY, "4000.00", "59.60", "2"),
        (SILVER_BUY, "5000.00", "25.00", "7653.8461"),
        (GOLD_BUY, "4000.00", "20.00", "72.3636"),
        (ADA_BUY_AFTER_MIDNIGHT, "3000.00", "44.70", "9851"),
        (XRP_BUY_DST_NIGHT, "2000.00", "29.80", "3940.4"),
        (AVAX_BUY, "1000.00", "14.90", "30.784375"),
        (ATOM_BUY, "1500.00", "22.35", "295.53"),
        (XTZ_BUY, "1000.00", "14.90", "1000"),
        (SIE_BUY, "1501.50", "1.50", "8"),
        (VEUR_BUY, "5000.00", "5.00", "135"),
    ] {
        let b = op(id);
        assert_eq!(eur(b, Flow::Outgoing), dec(paid), "{id}");
        assert_eq!(trade_fee(b), dec(fee), "{id}");
        assert_eq!(asset_qty(b, Flow::Incoming).1, dec(qty), "{id}");
    }
    // The swap: 1 ETH for 20 SOL less 0.198 SOL.
    let swap = op(ETH_SWAP);
    assert_eq!(
        asset_qty(swap, Flow::Outgoing),
        ("ETH".into(), Decimal::ONE)
    );
    assert_eq!(
        asset_qty(swap, Flow::Incoming),
        ("SOL".into(), dec("19.802"))
    );
    assert_eq!(trade_fee(swap), dec("0.198"));
    // The tax credit, the two wallets, the reward's fee, the dividend, the LTC.
    let credit: Vec<_> = op(AVAX_SELL_WITH_TAX_CREDIT)
        .legs
        .iter()
        .filter(|l| l.tx_type == "tax")
        .collect();
    assert_eq!(credit.len(), 1);
    assert_eq!((credit[0].unit, credit[0].flow), (EUR, Flow::Incoming));
    assert_eq!(credit[0].amount, dec("27.50"));
    let atom = op(ATOM_SELL_FROM_TWO_WALLETS);
    let wallets: Vec<_> = atom.legs[..2]
        .iter()
        .map(|l| (l.wallet_id, l.amount))
        .collect();
    assert_ne!(wallets[0].0, wallets[1].0);
    assert_eq!((wallets[0].1, wallets[1].1), (dec("95.53"), dec("200")));
    let reward = op(XTZ_REWARD_WITH_FEE);
    let legs: Vec<_> = reward
        .legs
        .iter()
        .map(|l| (l.tx_type, l.flow, l.amount))
        .collect();
    assert_eq!(
        legs,
        [
            ("staking_reward", Flow::Incoming, dec("10")),
            ("fee", Flow::Outgoing, dec("1"))
        ]
    );
    assert_eq!(reward.legs[0].unit, reward.legs[1].unit);
    let dividend = op(SIE_DIVIDEND);
    assert_eq!((dividend.op_type, dividend.legs.len()), ("dividend", 1));
    assert_eq!(eur(dividend, Flow::Incoming), dec("41.60"));
    assert_eq!(
        asset_qty(op(LTC_DEPOSIT), Flow::Incoming),
        ("LTC".into(), dec("2.5"))
    );
    assert_eq!(eur(op(LTC_SELL), Flow::Incoming), dec("85.00"));
    // Local days: Berlin and Vienna are UTC+1 in winter, UTC+2 in summer.
    let local = |id, hours| {
        (op(id).time + Duration::hours(hours))
            .date_naive()
            .to_string()
    };
    assert_eq!(local(ADA_BUY_AFTER_MIDNIGHT, 1), "2023-03-16");
    assert_eq!(
        op(ADA_BUY_AFTER_MIDNIGHT).time.date_naive().to_string(),
        "2023-03-15"
    );
    assert_eq!(local(XRP_BUY_DST_NIGHT, 2), "2023-10-29");
    assert_eq!(local(ADA_SELL_ON_ANNIVERSARY, 1), "2024-03-16");
    assert_eq!(local(XRP_SELL_ON_ANNIVERSARY, 1), "2024-10-29");
}

#[test]
fn random_operations_keep_away_from_the_cases() {
    for seed in [42, 1, 7, 2024] {
        for now in [
            instant(2026, 5, 4),
            instant(2025, 12, 1),
            instant(2026, 11, 28),
        ] {
            let l = ledger(seed, 600, now, true);
            let mut until = vec![None; catalogue().assets.len()];
            for op in l.operations.iter().filter(|o| is_case(o)) {
                for leg in &op.legs {
                    if let Unit::Asset(a) = leg.unit {
                        until[a] = Some(op.time);
                    }
                }
            }
            for op in l.operations.iter().filter(|o| !is_case(o)) {
                for leg in &op.legs {
                    if let Unit::Asset(a) = leg.unit {
                        assert!(
                            until[a].is_none_or(|u| op.time > u),
                            "seed {seed}, {now}: {} of {} before the cases are done with it",
                            op.op_type,
                            catalogue().assets[a].symbol
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_cases_count_within_the_operations_and_small_histories_have_none() {
    let now = instant(2026, 5, 4);
    let l = ledger(42, 300, now, true);
    let listed = l.operations.iter().filter(|o| !o.legacy_only).count();
    assert_eq!(listed, 301, "300 and the compensating refund");
    assert_eq!(l.operations.iter().filter(|o| o.legacy_only).count(), 2);
    assert_eq!(l.operations.iter().filter(|o| is_case(o)).count(), 38);
    assert!(l.operations.windows(2).all(|w| w[0].time <= w[1].time));
    let ids = |l: &Ledger| l.operations.iter().map(|o| o.id).collect::<Vec<_>>();
    let small = ledger(42, MIN_OPERATIONS - 1, now, true);
    assert_eq!(
        ids(&small),
        ids(&ledger(42, MIN_OPERATIONS - 1, now, false))
    );
    assert!(!small.operations.iter().any(is_case));
    assert!(!ledger(42, 300, now, false).operations.iter().any(is_case));
}

#[test]
fn a_case_too_close_to_the_start_is_left_out_whole() {
    // 30 days before 2025-08-15: case 7 (last sale 2025-10-01) is left out, case 5 (last
    // sale 2025-07-01) is in.
    let l = ledger(
        42,
        300,
        Utc.with_ymd_and_hms(2025, 8, 15, 0, 0, 0).unwrap(),
        true,
    );
    let has = |id: &str| l.operations.iter().any(|o| o.id.to_string() == id);
    assert!(has(ATOM_SELL_FROM_TWO_WALLETS) && has(LTC_SELL) && has(BTC_LEGACY_BUY));
    assert!(!has(SECURITIES_DEPOSIT) && !has(SIE_BUY) && !has(VEUR_SELL_AT_A_GAIN));
    let listed = l.operations.iter().filter(|o| !o.legacy_only).count();
    assert_eq!(listed, 301);
}

#[test]
fn gross_for_finds_the_smallest_gross() {
    for (received, pct, gross) in [("3000.00", "1.49", "3045.38"), ("85.00", "1.49", "86.29")] {
        let g = gross_for(dec(received), dec(pct));
        assert_eq!(g, dec(gross));
        let fee = |g: Decimal| (g * dec(pct) / Decimal::ONE_HUNDRED).round_dp(2);
        assert_eq!(g - fee(g), dec(received));
        let less = g - Decimal::new(1, 2);
        assert_ne!(less - fee(less), dec(received));
    }
}
