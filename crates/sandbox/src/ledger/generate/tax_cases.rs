//! The tax cases: fixed operations at fixed dates that a tax estimate (Folio's Insights,
//! `docs/insights.md`) must get right, in every history of at least [`MIN_OPERATIONS`]
//! operations (how they are merged into the random history: the parent module's docs).
//!
//! The same for every seed and start time: ids, times, quantities, EUR amounts (only the
//! wallet ids follow the seed). Operation `O` of case `C` has the id
//! `7a5ca5e0-CCCC-4OOO-8000-000000000000` ("tax case", [`ids`]); its legs end in `…0001`,
//! `…0002` in order, its trade id has `9000` and its order id `a000` in the fourth group.
//! Legs are drafted as the random history drafts them: a buy is EUR OUTGOING (the amount
//! paid, fee included, `fee_amount` = the fee) and the asset INCOMING, a sale the asset
//! OUTGOING and EUR INCOMING (received, after the fee), both legs with the trade (`fee`,
//! `fee_percentage` 1.49 crypto / 0.50 metals / 0.10 securities, `rate` without and
//! `rate_with_fee` with the fee) and an order id; amounts at the catalogue's precision.
//! Each case brings its EUR in with deposits of its own (listed below, not tax events).
//!
//! # Conventions of the figures
//! * **after fees** = EUR received − EUR paid (the share sold): the private-sale figure
//!   (DE § 23, AT § 31 and the old rules) and what `docs/insights.md` computes;
//!   **before fees** = (received + sale fee) − (paid − buy fee): the Austrian 27.5 % figure
//!   if purchase and sale fees are left out (tax-rules: "Fees are not part of the 27.5 %
//!   computation").
//! * **Local days**: Berlin and Vienna are UTC+1 in winter, UTC+2 in summer; a holding
//!   period ends on the local anniversary (a sale on it is within the year; the day after
//!   is free).
//! * **Reference price** (swap, reward, asset fee): EUR of the asset's latest fiat trade on
//!   or before the day ÷ its quantity (as `crates/insights/src/prices.rs`), fees included.
//! * **Which years are the cases' alone**: the random history covers the 730 days before the
//!   start time, so with a start from 2026-01-01 the years 2020–2023 hold only the cases
//!   and their yearly totals below are exact; 2024 and 2025 also hold random operations
//!   (other assets, and the cases' assets only after their last case operation), so only the
//!   cases' own figures are fixed there.
//!
//! # 1. Neuvermögen 2021: ETH bought, half sold, the rest swapped
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0001-4001…` [`ids::ETH_DEPOSIT`] | 2021-04-09 08:00 | deposit €4,000.00 |
//! | `…0001-4002…` [`ids::ETH_BUY`] | 2021-04-10 09:00 | buy 2 ETH, paid €4,000.00 (fee 59.60, rate 1,970.20) |
//! | `…0001-4003…` [`ids::ETH_SELL`] | 2021-10-05 09:00 | sell 1 ETH, received €3,000.00 (gross 3,045.38, fee 45.38) |
//! | `…0001-4004…` [`ids::ETH_SWAP`] | 2021-11-15 09:00 | `swap` 1 ETH → 19.802 SOL (20 SOL less the 0.198 SOL fee, 0.99 %) |
//!
//! Acquired 10 April 2021 (from 1 March 2021: AT Neuvermögen). Sale: cost €2,000.00 →
//! **+1,000.00** after fees (+1,075.18 before: 3,045.38 − 1,970.20). Swap: at the reference
//! price €3,000.00/ETH (the sale of 5 October, 41 days before: flagged as more than 7 days
//! away) → proceeds €3,000.00, **+1,000.00**; the SOL is acquired on 15 November 2021 at
//! €3,000.00. DE: both within a year, § 23. AT: both before 1 March 2022, so the old § 31
//! applies (within a year: progressive) and the swap *is* a realisation.
//!
//! # 2. Metals: +€500 in 2022, +€400 in 2023
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0002-4001…` [`ids::SILVER_DEPOSIT`] | 2022-01-31 08:00 | deposit €5,000.00 |
//! | `…0002-4002…` [`ids::SILVER_BUY`] | 2022-02-01 09:00 | buy 7,653.8461 g XAG, paid €5,000.00 (fee 25.00, rate 0.6500) |
//! | `…0002-4003…` [`ids::SILVER_SELL`] | 2022-07-01 09:00 | sell it all, received €5,500.00 (gross 5,527.64, fee 27.64) |
//! | `…0002-4004…` [`ids::GOLD_DEPOSIT`] | 2023-01-31 08:00 | deposit €4,000.00 |
//! | `…0002-4005…` [`ids::GOLD_BUY`] | 2023-02-01 09:00 | buy 72.3636 g XAU, paid €4,000.00 (fee 20.00, rate 55.00) |
//! | `…0002-4006…` [`ids::GOLD_SELL`] | 2023-06-01 09:00 | sell it all, received €4,400.00 (gross 4,422.11, fee 22.11) |
//!
//! Silver **+500.00** after fees (552.64 before), gold **+400.00** after fees (442.11
//! before: fees must count, or gold crosses €440). Both within a year. AT § 31: 2022's
//! €500.00 is above the €440 Freigrenze → all €500.00 taxable (progressive); 2023's €400.00
//! → 0 taxable. DE § 23: both below €600 → 0 taxable.
//!
//! # 3. Local midnight and the end of summer time
//! | id | UTC | local (Berlin/Vienna) | operation |
//! |---|---|---|---|
//! | `…0003-4001…` [`ids::ADA_DEPOSIT`] | 2023-03-15 08:00 | | deposit €3,000.00 |
//! | `…0003-4002…` [`ids::ADA_BUY_AFTER_MIDNIGHT`] | 2023-03-15 23:30 | **16 March** 00:30 CET | buy 9,851 ADA, paid €3,000.00 (fee 44.70, rate 0.3000) |
//! | `…0003-4003…` [`ids::XRP_DEPOSIT`] | 2023-10-27 08:00 | | deposit €2,000.00 |
//! | `…0003-4004…` [`ids::XRP_BUY_DST_NIGHT`] | 2023-10-28 22:30 | **29 October** 00:30 CEST (clocks go back at 03:00) | buy 3,940.4 XRP, paid €2,000.00 (fee 29.80, rate 0.5000) |
//! | `…0003-4005…` [`ids::ADA_SELL_ON_ANNIVERSARY`] | 2024-03-16 10:00 | 16 March 11:00 | sell 4,925.5 ADA, received €2,200.00 (gross 2,233.28, fee 33.28) |
//! | `…0003-4006…` [`ids::ADA_SELL_DAY_AFTER`] | 2024-03-17 10:00 | 17 March 11:00 | sell 4,925.5 ADA, received €1,900.00 (gross 1,928.74, fee 28.74) |
//! | `…0003-4007…` [`ids::XRP_SELL_ON_ANNIVERSARY`] | 2024-10-29 12:00 | 29 October 13:00 | sell it all, received €2,500.00 (gross 2,537.81, fee 37.81) |
//!
//! ADA: cost €1,500.00 per half → **+700.00** (16 March: the local anniversary, still
//! within the year: **taxable** in Germany) and **+400.00** (17 March: tax-free). XRP:
//! **+500.00** on the local anniversary: **taxable**. DE 2024 from these: €1,200.00 within
//! the year (≥ €1,000 → taxable) and €400.00 tax-free. Counting days in UTC would date the
//! buys 15 March and 28 October and make all three sales tax-free (0 taxable): the wrong
//! answer this case is for. AT (Neuvermögen, 27.5 %): 1,600.00 after fees, 1,774.33 before
//! (755.63 + 451.09 + 567.61).
//!
//! # 4. A BTC buy only the legacy API lists, sold through the current API
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0004-4001…` [`ids::BTC_LEGACY_DEPOSIT`] | 2020-05-28 08:00 | deposit €800.00 — **legacy only** |
//! | `…0004-4002…` [`ids::BTC_LEGACY_BUY`] | 2020-06-01 10:00 | buy 0.1 BTC, paid €800.00 (fee 11.92, rate 7,880.80) — **legacy only**, legacy trade [`ids::BTC_LEGACY_BUY_TRADE`] |
//! | `…0004-4003…` [`ids::BTC_SELL`] | 2021-01-20 14:00 | sell 0.1 BTC, received €2,800.00 (gross 2,842.35, fee 42.35) |
//!
//! The two 2020 operations are `legacy_only`: balances (and the later legs'
//! `asset_balance_after`) include them, `/v1/operations` does not list them, the legacy
//! API's trades (`cryptocoin_id` "1" = catalogue position + 1, `cryptocoin_symbol` "BTC") and
//! fiat and crypto transactions do. Matched through the symbol: **+2,000.00** after fees
//! (2,054.27 before), held less than a year: DE § 23 taxable; AT Altvermögen (before
//! 1 March 2021) sold within a year: § 31, progressive. Unmatched, the sale has unknown cost.
//!
//! **Year 2021 in total**: 2,000.00 + 1,000.00 + 1,000.00 = **€4,000.00** of private-sale
//! gains (DE: ≥ €600 → all taxable; AT: progressive, above €440).
//!
//! # 5. A sale with a tax credit; a sale from two wallets
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0005-4001…` [`ids::TAX_LEGS_DEPOSIT`] | 2025-01-14 08:00 | deposit €2,500.00 |
//! | `…0005-4002…` [`ids::AVAX_BUY`] | 2025-01-15 10:00 | buy 30.784375 AVAX, paid €1,000.00 (fee 14.90, rate 32.00) |
//! | `…0005-4003…` [`ids::ATOM_BUY`] | 2025-04-01 09:00 | buy 295.53 ATOM, paid €1,500.00 (fee 22.35, rate 5.0000) |
//! | `…0005-4004…` [`ids::ATOM_STAKE`] | 2025-04-02 09:00 | `stake` 200 ATOM (main → staking wallet) |
//! | `…0005-4005…` [`ids::AVAX_SELL_WITH_TAX_CREDIT`] | 2025-04-15 10:00 | `sell`: AVAX OUTGOING 30.784375; EUR INCOMING €900.00 (gross 913.61, fee 13.61); EUR INCOMING €27.50, `transaction_type: "tax"` |
//! | `…0005-4006…` [`ids::ATOM_SELL_FROM_TWO_WALLETS`] | 2025-07-01 09:00 | `sell`: ATOM OUTGOING 95.53 (main wallet) and 200 (staking wallet); EUR INCOMING €1,750.00 (gross 1,776.47, fee 26.47) |
//!
//! AVAX: **−100.00** after fees (−71.49 before); the tax leg is a KESt credit (27.5 % of
//! €100.00), not proceeds: tax withheld −€27.50. ATOM: one disposal of 295.53 (the stake
//! is not one): **+250.00** after fees (298.82 before). Both within a year (DE § 23).
//!
//! # 6. A staking reward with a fee in the asset
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0006-4001…` [`ids::XTZ_DEPOSIT`] | 2025-02-02 08:00 | deposit €1,000.00 |
//! | `…0006-4002…` [`ids::XTZ_BUY`] | 2025-02-03 09:00 | buy 1,000 XTZ, paid €1,000.00 (fee 14.90, rate 0.9851) |
//! | `…0006-4003…` [`ids::XTZ_STAKE`] | 2025-02-03 10:00 | `stake` 800 XTZ |
//! | `…0006-4004…` [`ids::XTZ_REWARD_WITH_FEE`] | 2025-02-10 09:00 | `staking_reward`: XTZ INCOMING 10 (`staking_reward`), XTZ OUTGOING 1 (`fee`, `fee_amount` 1), both in the main wallet |
//!
//! Reference price €1.00/XTZ (the buy of 3 February: €1,000.00 ÷ 1,000, 7 days before: not
//! flagged). Reward income €10.00 (DE § 22 Nr. 3: below €256; AT: cost 0, taxed when sold);
//! fee 1 XTZ = €1.00, taken from the reward's lot: it leaves a 9 XTZ lot acquired on
//! 10 February, and the 1,000 XTZ lot of the buy untouched. 1,009 XTZ held, 800 staked.
//!
//! # 7. Securities: a stock at a loss, an ETF at a gain, a dividend
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0007-4001…` [`ids::SECURITIES_DEPOSIT`] | 2025-01-14 09:00 | deposit €6,501.50 |
//! | `…0007-4002…` [`ids::SIE_BUY`] | 2025-01-15 14:00 | buy 8 SIE (stock), paid €1,501.50 (fee 1.50, rate 187.50) |
//! | `…0007-4003…` [`ids::VEUR_BUY`] | 2025-02-03 14:00 | buy 135 VEUR (ETF), paid €5,000.00 (fee 5.00, rate 37.00) |
//! | `…0007-4004…` [`ids::SIE_DIVIDEND`] | 2025-02-18 08:00 | `dividend` (a type clients do not know): EUR INCOMING €41.60 (`transaction_type: "dividend"`; 8 × €5.20) |
//! | `…0007-4005…` [`ids::SIE_SELL_AT_A_LOSS`] | 2025-08-01 14:00 | sell 8 SIE, received €1,201.50 (gross 1,202.70, fee 1.20) |
//! | `…0007-4006…` [`ids::VEUR_SELL_AT_A_GAIN`] | 2025-10-01 14:00 | sell 135 VEUR, received €5,500.00 (gross 5,505.51, fee 5.51) |
//!
//! SIE **−300.00** after fees (−297.30 before), VEUR **+500.00** (510.51 before), dividend
//! **€41.60**. DE: the share loss goes to its own pot (it offsets only gains from shares:
//! none among the cases, so it is carried forward); the ETF gain €500.00 before partial
//! exemption (an equity fund: 30 % → €350.00 if the fund's kind is known); capital income
//! €541.60 (below the €1,000 Sparer-Pauschbetrag). AT (27.5 %, losses offset within the
//! year, dividends included): −300.00 + 500.00 + 41.60 = €241.60 → €66.44 after fees;
//! before fees −297.30 + 510.51 + 41.60 = €254.81 → €70.07.
//!
//! # 8. A deposit of an asset (no cost known), partly sold
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0008-4001…` [`ids::LTC_DEPOSIT`] | 2025-03-10 12:00 | `deposit` 2.5 LTC (transfer in; no fiat leg) |
//! | `…0008-4002…` [`ids::LTC_SELL`] | 2025-06-16 12:00 | sell 1 LTC, received €85.00 (gross 86.29, fee 1.29) |
//!
//! Cost and acquisition date unknown until the person enters them: the sale's gain (and,
//! in Germany, whether it is within the year) is unknown, never 0. With €150.00 entered for
//! the 2.5 LTC (€60.00 each) and a date within the year: +€25.00.
//!
//! **Year 2025 from the cases** (the year also holds random operations): crypto disposals
//! −100.00 + 250.00 = €150.00 after fees (227.33 before) plus the LTC sale (unknown);
//! securities as in case 7; rewards €10.00; tax withheld −€27.50.

use super::trades::trade_legs;
use super::{down, fee_percent, leg};
use crate::fixed_catalogue::{catalogue, Asset};
use crate::ids::Uuid;
use crate::ledger::{CostEffect, Flow, LegDraft, OperationIds, Trade, Unit, WalletKind};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::str::FromStr;

/// Histories with fewer operations have no tax cases.
pub const MIN_OPERATIONS: usize = 300;

/// A case is part of the history only when its last operation is at least this many days
/// before the sandbox's start time.
pub const MARGIN_DAYS: i64 = 30;

/// One operation of a tax case, before the ledger records it.
#[derive(Debug, Clone)]
pub struct FixedOp {
    /// The case's number (1–8, as in the module docs).
    pub case: u8,
    /// The operation's number within its case (1, 2, … in time order).
    pub number: u8,
    /// When it happened.
    pub time: DateTime<Utc>,
    /// `operation_type`.
    pub op_type: &'static str,
    /// Its legs (a deposit of an asset gets its cost basis, the market value, when recorded).
    pub legs: Vec<LegDraft>,
    /// Whether only the legacy API lists it.
    pub legacy_only: bool,
}

impl FixedOp {
    /// Its ids: the operation's, the order's when a leg has one, and one per leg.
    pub fn ids(&self) -> OperationIds {
        let (case, op) = (self.case, self.number);
        OperationIds {
            op: operation_id(case, op),
            order: self
                .legs
                .iter()
                .any(|d| d.with_order)
                .then(|| id(case, op, "a000", 0)),
            legs: (1..=self.legs.len())
                .map(|l| id(case, op, "8000", l))
                .collect(),
        }
    }
}

/// `7a5ca5e0-CCCC-4OOO-GGGG-LLLLLLLLLLLL`: case C, operation O, G = 8000 for the operation
/// (L = 0) and its legs (L = 1, 2, …), 9000 for its trade, a000 for its order.
fn id(case: u8, op: u8, group: &str, leg: usize) -> Uuid {
    Uuid::parse(&format!("7a5ca5e0-{case:04}-4{op:03}-{group}-{leg:012}")).expect("a uuid")
}

/// The `operation_id` of operation `op` of case `case`.
pub fn operation_id(case: u8, op: u8) -> Uuid {
    id(case, op, "8000", 0)
}

/// The operations of the cases whose last operation is before `limit`, oldest first.
pub fn ending_before(limit: DateTime<Utc>) -> Vec<FixedOp> {
    let mut ops: Vec<FixedOp> = cases()
        .into_iter()
        .filter(|c| c.ops.iter().all(|op| op.time < limit))
        .flat_map(|c| c.ops)
        .collect();
    ops.sort_by_key(|op| op.time);
    ops
}

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).expect("a decimal")
}

fn time(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("an RFC 3339 instant")
        .with_timezone(&Utc)
}

fn asset(symbol: &str) -> &'static Asset {
    catalogue()
        .asset_by_symbol(symbol)
        .expect("a catalogue asset")
}

const EUR: Unit = Unit::Fiat(0);

/// The gross proceeds of a sale that brings `received` after a fee of `pct` % of the gross
/// (rounded to the cent): the smallest such amount.
pub(crate) fn gross_for(received: Decimal, pct: Decimal) -> Decimal {
    let cent = Decimal::new(1, 2);
    let net = |gross: Decimal| gross - (gross * pct / Decimal::ONE_HUNDRED).round_dp(2);
    let mut gross = (received / (Decimal::ONE - pct / Decimal::ONE_HUNDRED)).round_dp(2);
    while net(gross) > received {
        gross -= cent;
    }
    while net(gross) < received {
        gross += cent;
    }
    while net(gross - cent) == received {
        gross -= cent;
    }
    gross
}

/// One case being written down: its operations and the trade of the next one.
struct Case {
    number: u8,
    ops: Vec<FixedOp>,
}

impl Case {
    fn new(number: u8) -> Self {
        Self {
            number,
            ops: Vec::new(),
        }
    }

    fn push(&mut self, at: &str, op_type: &'static str, legs: Vec<LegDraft>) -> &mut FixedOp {
        self.ops.push(FixedOp {
            case: self.number,
            number: self.ops.len() as u8 + 1,
            time: time(at),
            op_type,
            legs,
            legacy_only: false,
        });
        self.ops.last_mut().expect("just pushed")
    }

    /// The trade id of the operation pushed next.
    fn next_trade_id(&self) -> Uuid {
        id(self.number, self.ops.len() as u8 + 1, "9000", 0)
    }

    /// A trade against EUR of the operation pushed next.
    fn eur_trade(&self, a: &Asset, fee: Decimal, rate: Decimal, with_fee: Decimal) -> Trade {
        Trade {
            id: self.next_trade_id(),
            fee,
            fee_unit: EUR,
            fee_percentage: fee_percent(a.kind),
            rate,
            rate_with_fee: with_fee,
            to_eur_rate: catalogue().eur().to_eur_rate(),
        }
    }

    /// A EUR deposit (as the random history's deposits).
    fn deposit_eur(&mut self, at: &str, amount: &str) -> &mut FixedOp {
        self.push(
            at,
            "deposit",
            vec![leg(EUR, dec(amount), "deposit", Flow::Incoming)],
        )
    }

    /// A buy paying `paid` EUR (fee included) at `rate`, as the random history's buys: the
    /// fee is the asset's fee percentage of `paid`, the quantity what the rest buys (cut to
    /// the asset's precision). Returns the quantity.
    fn buy(&mut self, at: &str, symbol: &str, paid: &str, rate: &str) -> Decimal {
        let (a, paid, rate) = (asset(symbol), dec(paid), dec(rate));
        let fee = (paid * fee_percent(a.kind) / Decimal::ONE_HUNDRED).round_dp(2);
        let qty = down((paid - fee) / rate, a.kind.precision());
        let with_fee = (paid / qty).round_dp(a.price_scale);
        let trade = self.eur_trade(a, fee, rate, with_fee);
        let [mut pay, mut get] =
            trade_legs("buy", trade, (EUR, paid), (Unit::Asset(a.index), qty), true);
        pay.fee = fee;
        get.cost = CostEffect::Add(paid);
        self.push(at, "buy", vec![pay, get]);
        qty
    }

    /// A sale of the quantities from the given wallets of the asset (one leg each) that
    /// brings `received` EUR after the fee; the gross is the smallest amount whose fee leaves
    /// `received`, the rates follow from it.
    fn sell(
        &mut self,
        at: &str,
        symbol: &str,
        from: &[(WalletKind, Decimal)],
        received: &str,
    ) -> &mut FixedOp {
        let (a, received) = (asset(symbol), dec(received));
        let qty: Decimal = from.iter().map(|(_, q)| *q).sum();
        let gross = gross_for(received, fee_percent(a.kind));
        let fee = gross - received;
        let rate = (gross / qty).round_dp(a.price_scale);
        let with_fee = (received / qty).round_dp(a.price_scale);
        let trade = self.eur_trade(a, fee, rate, with_fee);
        let mut legs = Vec::new();
        for &(wallet, part) in from {
            let mut give = leg(Unit::Asset(a.index), part, "sell", Flow::Outgoing);
            give.wallet = wallet;
            give.with_order = true;
            give.trade = Some(trade.clone());
            give.cost = CostEffect::Reduce;
            legs.push(give);
        }
        let mut get = leg(EUR, received, "sell", Flow::Incoming);
        get.with_order = true;
        get.trade = Some(trade);
        get.fee = fee;
        legs.push(get);
        self.push(at, "sell", legs)
    }

    /// A swap giving `qty` of `from` for `gross` of `to` less the swap fee (0.99 % of
    /// `gross`, paid in `to`), as the random history's swaps; `value_eur` is the cost basis
    /// the portfolio gives the received asset.
    fn swap(&mut self, at: &str, from: &str, qty: Decimal, to: &str, gross: &str, value: &str) {
        let (from, to, gross) = (asset(from), asset(to), dec(gross));
        let pct = Decimal::new(99, 2);
        let fee = down(gross * pct / Decimal::ONE_HUNDRED, 8);
        let trade = Trade {
            id: self.next_trade_id(),
            fee,
            fee_unit: Unit::Asset(to.index),
            fee_percentage: pct,
            rate: (gross / qty).round_dp(8),
            rate_with_fee: ((gross - fee) / qty).round_dp(8),
            to_eur_rate: Decimal::ONE,
        };
        let give = (Unit::Asset(from.index), qty);
        let get = (Unit::Asset(to.index), gross - fee);
        let [mut give, mut get] = trade_legs("swap", trade, give, get, false);
        give.cost = CostEffect::Reduce;
        get.fee = fee;
        get.cost = CostEffect::Add(dec(value));
        self.push(at, "swap", vec![give, get]);
    }

    /// Moves `qty` of the asset from its main wallet to its staking wallet.
    fn stake(&mut self, at: &str, symbol: &str, qty: &str) {
        let unit = Unit::Asset(asset(symbol).index);
        let mut out = leg(unit, dec(qty), "stake", Flow::Outgoing);
        out.wallet = WalletKind::Main;
        let mut inc = leg(unit, dec(qty), "stake", Flow::Incoming);
        inc.wallet = WalletKind::Staking;
        self.push(at, "stake", vec![out, inc]);
    }

    /// A staking reward into the main wallet with a fee leg in the same asset.
    fn reward_with_fee(&mut self, at: &str, symbol: &str, reward: &str, fee: &str) {
        let unit = Unit::Asset(asset(symbol).index);
        let mut get = leg(unit, dec(reward), "staking_reward", Flow::Incoming);
        get.cost = CostEffect::Add(Decimal::ZERO);
        let mut fee_leg = leg(unit, dec(fee), "fee", Flow::Outgoing);
        fee_leg.fee = dec(fee);
        fee_leg.cost = CostEffect::Reduce;
        self.push(at, "staking_reward", vec![get, fee_leg]);
    }
}

/// The cases, each in time order (the module docs describe them).
fn cases() -> Vec<Case> {
    use WalletKind::{Main, Staking};

    // 1. Neuvermögen 2021: ETH bought, half sold at a gain, the rest swapped for SOL.
    let mut eth = Case::new(1);
    eth.deposit_eur("2021-04-09T08:00:00Z", "4000.00");
    let q = eth.buy("2021-04-10T09:00:00Z", "ETH", "4000.00", "1970.20");
    let half = q / Decimal::TWO;
    eth.sell("2021-10-05T09:00:00Z", "ETH", &[(Main, half)], "3000.00");
    eth.swap(
        "2021-11-15T09:00:00Z",
        "ETH",
        q - half,
        "SOL",
        "20",
        "3000.00",
    );

    // 2. Metals: silver +500.00 in 2022, gold +400.00 in 2023 (after fees).
    let mut metals = Case::new(2);
    metals.deposit_eur("2022-01-31T08:00:00Z", "5000.00");
    let q = metals.buy("2022-02-01T09:00:00Z", "XAG", "5000.00", "0.6500");
    metals.sell("2022-07-01T09:00:00Z", "XAG", &[(Main, q)], "5500.00");
    metals.deposit_eur("2023-01-31T08:00:00Z", "4000.00");
    let q = metals.buy("2023-02-01T09:00:00Z", "XAU", "4000.00", "55.00");
    metals.sell("2023-06-01T09:00:00Z", "XAU", &[(Main, q)], "4400.00");

    // 3. Local midnight and the end of summer time.
    let mut days = Case::new(3);
    days.deposit_eur("2023-03-15T08:00:00Z", "3000.00");
    let ada = days.buy("2023-03-15T23:30:00Z", "ADA", "3000.00", "0.3000");
    days.deposit_eur("2023-10-27T08:00:00Z", "2000.00");
    let xrp = days.buy("2023-10-28T22:30:00Z", "XRP", "2000.00", "0.5000");
    let half = ada / Decimal::TWO;
    days.sell("2024-03-16T10:00:00Z", "ADA", &[(Main, half)], "2200.00");
    days.sell(
        "2024-03-17T10:00:00Z",
        "ADA",
        &[(Main, ada - half)],
        "1900.00",
    );
    days.sell("2024-10-29T12:00:00Z", "XRP", &[(Main, xrp)], "2500.00");

    // 4. A BTC buy only the legacy API lists, sold through the current API.
    let mut btc = Case::new(4);
    btc.deposit_eur("2020-05-28T08:00:00Z", "800.00")
        .legacy_only = true;
    let q = btc.buy("2020-06-01T10:00:00Z", "BTC", "800.00", "7880.80");
    btc.ops.last_mut().expect("the buy").legacy_only = true;
    btc.sell("2021-01-20T14:00:00Z", "BTC", &[(Main, q)], "2800.00");

    // 5. A sale with a tax credit, and a sale from two wallets.
    let mut tax = Case::new(5);
    tax.deposit_eur("2025-01-14T08:00:00Z", "2500.00");
    let avax = tax.buy("2025-01-15T10:00:00Z", "AVAX", "1000.00", "32.00");
    let atom = tax.buy("2025-04-01T09:00:00Z", "ATOM", "1500.00", "5.0000");
    tax.stake("2025-04-02T09:00:00Z", "ATOM", "200");
    let sale = tax.sell("2025-04-15T10:00:00Z", "AVAX", &[(Main, avax)], "900.00");
    let mut credit = leg(EUR, dec("27.50"), "tax", Flow::Incoming);
    credit.with_order = true;
    sale.legs.push(credit);
    let staked = dec("200");
    let from = [(Main, atom - staked), (Staking, staked)];
    tax.sell("2025-07-01T09:00:00Z", "ATOM", &from, "1750.00");

    // 6. A staking reward with a fee leg in the same asset.
    let mut reward = Case::new(6);
    reward.deposit_eur("2025-02-02T08:00:00Z", "1000.00");
    reward.buy("2025-02-03T09:00:00Z", "XTZ", "1000.00", "0.9851");
    reward.stake("2025-02-03T10:00:00Z", "XTZ", "800");
    reward.reward_with_fee("2025-02-10T09:00:00Z", "XTZ", "10", "1");

    // 7. Securities: a stock at a loss, an ETF at a gain, a dividend.
    let mut securities = Case::new(7);
    securities.deposit_eur("2025-01-14T09:00:00Z", "6501.50");
    let sie = securities.buy("2025-01-15T14:00:00Z", "SIE", "1501.50", "187.50");
    let veur = securities.buy("2025-02-03T14:00:00Z", "VEUR", "5000.00", "37.00");
    securities.push(
        "2025-02-18T08:00:00Z",
        "dividend",
        vec![leg(EUR, dec("41.60"), "dividend", Flow::Incoming)],
    );
    securities.sell("2025-08-01T14:00:00Z", "SIE", &[(Main, sie)], "1201.50");
    securities.sell("2025-10-01T14:00:00Z", "VEUR", &[(Main, veur)], "5500.00");

    // 8. A deposit of an asset (cost unknown to the API), partly sold.
    let mut deposit = Case::new(8);
    let ltc = Unit::Asset(asset("LTC").index);
    deposit.push(
        "2025-03-10T12:00:00Z",
        "deposit",
        vec![leg(ltc, dec("2.5"), "deposit", Flow::Incoming)],
    );
    deposit.sell(
        "2025-06-16T12:00:00Z",
        "LTC",
        &[(Main, Decimal::ONE)],
        "85.00",
    );

    vec![eth, metals, days, btc, tax, reward, securities, deposit]
}

/// The `operation_id`s of the tax cases (`7a5ca5e0-CCCC-4OOO-8000-000000000000`: case C,
/// operation O), for tests that look for them. The module docs of `tax_cases` give each
/// one's figures.
pub mod ids {
    /// Case 1, EUR 4,000.00 deposited, 2021-04-09.
    pub const ETH_DEPOSIT: &str = "7a5ca5e0-0001-4001-8000-000000000000";
    /// Case 1, 2 ETH bought for EUR 4,000.00, 2021-04-10.
    pub const ETH_BUY: &str = "7a5ca5e0-0001-4002-8000-000000000000";
    /// Case 1, 1 ETH sold for EUR 3,000.00, 2021-10-05.
    pub const ETH_SELL: &str = "7a5ca5e0-0001-4003-8000-000000000000";
    /// Case 1, 1 ETH swapped for 19.802 SOL, 2021-11-15.
    pub const ETH_SWAP: &str = "7a5ca5e0-0001-4004-8000-000000000000";
    /// Case 2, EUR 5,000.00 deposited, 2022-01-31.
    pub const SILVER_DEPOSIT: &str = "7a5ca5e0-0002-4001-8000-000000000000";
    /// Case 2, silver bought for EUR 5,000.00, 2022-02-01.
    pub const SILVER_BUY: &str = "7a5ca5e0-0002-4002-8000-000000000000";
    /// Case 2, the silver sold for EUR 5,500.00, 2022-07-01.
    pub const SILVER_SELL: &str = "7a5ca5e0-0002-4003-8000-000000000000";
    /// Case 2, EUR 4,000.00 deposited, 2023-01-31.
    pub const GOLD_DEPOSIT: &str = "7a5ca5e0-0002-4004-8000-000000000000";
    /// Case 2, gold bought for EUR 4,000.00, 2023-02-01.
    pub const GOLD_BUY: &str = "7a5ca5e0-0002-4005-8000-000000000000";
    /// Case 2, the gold sold for EUR 4,400.00, 2023-06-01.
    pub const GOLD_SELL: &str = "7a5ca5e0-0002-4006-8000-000000000000";
    /// Case 3, EUR 3,000.00 deposited, 2023-03-15.
    pub const ADA_DEPOSIT: &str = "7a5ca5e0-0003-4001-8000-000000000000";
    /// Case 3, ADA bought at 2023-03-15T23:30Z (16 March, 00:30 in Berlin and Vienna).
    pub const ADA_BUY_AFTER_MIDNIGHT: &str = "7a5ca5e0-0003-4002-8000-000000000000";
    /// Case 3, EUR 2,000.00 deposited, 2023-10-27.
    pub const XRP_DEPOSIT: &str = "7a5ca5e0-0003-4003-8000-000000000000";
    /// Case 3, XRP bought at 2023-10-28T22:30Z (29 October, 00:30 CEST, the night summer
    /// time ends).
    pub const XRP_BUY_DST_NIGHT: &str = "7a5ca5e0-0003-4004-8000-000000000000";
    /// Case 3, half the ADA sold on 2024-03-16 (local anniversary of the buy).
    pub const ADA_SELL_ON_ANNIVERSARY: &str = "7a5ca5e0-0003-4005-8000-000000000000";
    /// Case 3, the other half sold on 2024-03-17 (the day after).
    pub const ADA_SELL_DAY_AFTER: &str = "7a5ca5e0-0003-4006-8000-000000000000";
    /// Case 3, the XRP sold on 2024-10-29 (local anniversary of the buy).
    pub const XRP_SELL_ON_ANNIVERSARY: &str = "7a5ca5e0-0003-4007-8000-000000000000";
    /// Case 4, EUR 800.00 deposited, 2020-05-28 (legacy API only).
    pub const BTC_LEGACY_DEPOSIT: &str = "7a5ca5e0-0004-4001-8000-000000000000";
    /// Case 4, 0.1 BTC bought for EUR 800.00, 2020-06-01 (legacy API only; its legacy trade
    /// id is `7a5ca5e0-0004-4002-9000-000000000000`).
    pub const BTC_LEGACY_BUY: &str = "7a5ca5e0-0004-4002-8000-000000000000";
    /// The legacy trade id of [`BTC_LEGACY_BUY`] (the only trade the current API lacks).
    pub const BTC_LEGACY_BUY_TRADE: &str = "7a5ca5e0-0004-4002-9000-000000000000";
    /// Case 4, the BTC sold for EUR 2,800.00 through the current API, 2021-01-20.
    pub const BTC_SELL: &str = "7a5ca5e0-0004-4003-8000-000000000000";
    /// Case 5, EUR 2,500.00 deposited, 2025-01-14.
    pub const TAX_LEGS_DEPOSIT: &str = "7a5ca5e0-0005-4001-8000-000000000000";
    /// Case 5, AVAX bought for EUR 1,000.00, 2025-01-15.
    pub const AVAX_BUY: &str = "7a5ca5e0-0005-4002-8000-000000000000";
    /// Case 5, ATOM bought for EUR 1,500.00, 2025-04-01.
    pub const ATOM_BUY: &str = "7a5ca5e0-0005-4003-8000-000000000000";
    /// Case 5, 200 ATOM staked, 2025-04-02.
    pub const ATOM_STAKE: &str = "7a5ca5e0-0005-4004-8000-000000000000";
    /// Case 5, the AVAX sold for EUR 900.00 with an incoming tax leg of EUR 27.50, 2025-04-15.
    pub const AVAX_SELL_WITH_TAX_CREDIT: &str = "7a5ca5e0-0005-4005-8000-000000000000";
    /// Case 5, the ATOM sold from the main and the staking wallet for EUR 1,750.00,
    /// 2025-07-01.
    pub const ATOM_SELL_FROM_TWO_WALLETS: &str = "7a5ca5e0-0005-4006-8000-000000000000";
    /// Case 6, EUR 1,000.00 deposited, 2025-02-02.
    pub const XTZ_DEPOSIT: &str = "7a5ca5e0-0006-4001-8000-000000000000";
    /// Case 6, 1,000 XTZ bought for EUR 1,000.00, 2025-02-03.
    pub const XTZ_BUY: &str = "7a5ca5e0-0006-4002-8000-000000000000";
    /// Case 6, 800 XTZ staked, 2025-02-03.
    pub const XTZ_STAKE: &str = "7a5ca5e0-0006-4003-8000-000000000000";
    /// Case 6, a 10 XTZ staking reward with a 1 XTZ fee leg, 2025-02-10.
    pub const XTZ_REWARD_WITH_FEE: &str = "7a5ca5e0-0006-4004-8000-000000000000";
    /// Case 7, EUR 6,501.50 deposited, 2025-01-14.
    pub const SECURITIES_DEPOSIT: &str = "7a5ca5e0-0007-4001-8000-000000000000";
    /// Case 7, 8 SIE bought for EUR 1,501.50, 2025-01-15.
    pub const SIE_BUY: &str = "7a5ca5e0-0007-4002-8000-000000000000";
    /// Case 7, 135 VEUR bought for EUR 5,000.00, 2025-02-03.
    pub const VEUR_BUY: &str = "7a5ca5e0-0007-4003-8000-000000000000";
    /// Case 7, a `dividend` of EUR 41.60 (SIE), 2025-02-18.
    pub const SIE_DIVIDEND: &str = "7a5ca5e0-0007-4004-8000-000000000000";
    /// Case 7, the SIE sold for EUR 1,201.50 (−300.00), 2025-08-01.
    pub const SIE_SELL_AT_A_LOSS: &str = "7a5ca5e0-0007-4005-8000-000000000000";
    /// Case 7, the VEUR sold for EUR 5,500.00 (+500.00), 2025-10-01.
    pub const VEUR_SELL_AT_A_GAIN: &str = "7a5ca5e0-0007-4006-8000-000000000000";
    /// Case 8, 2.5 LTC deposited from elsewhere (no cost known), 2025-03-10.
    pub const LTC_DEPOSIT: &str = "7a5ca5e0-0008-4001-8000-000000000000";
    /// Case 8, 1 LTC sold for EUR 85.00, 2025-06-16.
    pub const LTC_SELL: &str = "7a5ca5e0-0008-4002-8000-000000000000";
}

#[cfg(test)]
#[path = "tax_cases_tests.rs"]
mod tests;
