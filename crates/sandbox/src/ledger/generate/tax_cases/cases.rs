//! The eight cases themselves, each in time order, as the parent module's docs describe
//! them (dates, quantities and EUR amounts written out).
//!
//! # 1. Neuvermögen 2021: ETH bought, half sold, the rest swapped
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0001-4001…` [`ids::ETH_DEPOSIT`](super::ids::ETH_DEPOSIT) | 2021-04-09 08:00 | deposit €4,000.00 |
//! | `…0001-4002…` [`ids::ETH_BUY`](super::ids::ETH_BUY) | 2021-04-10 09:00 | buy 2 ETH, paid €4,000.00 (fee 59.60, rate 1,970.20) |
//! | `…0001-4003…` [`ids::ETH_SELL`](super::ids::ETH_SELL) | 2021-10-05 09:00 | sell 1 ETH, received €3,000.00 (gross 3,045.38, fee 45.38) |
//! | `…0001-4004…` [`ids::ETH_SWAP`](super::ids::ETH_SWAP) | 2021-11-15 09:00 | `swap` 1 ETH → 19.802 SOL (20 SOL less the 0.198 SOL fee, 0.99 %) |
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
//! | `…0002-4001…` [`ids::SILVER_DEPOSIT`](super::ids::SILVER_DEPOSIT) | 2022-01-31 08:00 | deposit €5,000.00 |
//! | `…0002-4002…` [`ids::SILVER_BUY`](super::ids::SILVER_BUY) | 2022-02-01 09:00 | buy 7,653.8461 g XAG, paid €5,000.00 (fee 25.00, rate 0.6500) |
//! | `…0002-4003…` [`ids::SILVER_SELL`](super::ids::SILVER_SELL) | 2022-07-01 09:00 | sell it all, received €5,500.00 (gross 5,527.64, fee 27.64) |
//! | `…0002-4004…` [`ids::GOLD_DEPOSIT`](super::ids::GOLD_DEPOSIT) | 2023-01-31 08:00 | deposit €4,000.00 |
//! | `…0002-4005…` [`ids::GOLD_BUY`](super::ids::GOLD_BUY) | 2023-02-01 09:00 | buy 72.3636 g XAU, paid €4,000.00 (fee 20.00, rate 55.00) |
//! | `…0002-4006…` [`ids::GOLD_SELL`](super::ids::GOLD_SELL) | 2023-06-01 09:00 | sell it all, received €4,400.00 (gross 4,422.11, fee 22.11) |
//!
//! Silver **+500.00** after fees (552.64 before), gold **+400.00** after fees (442.11
//! before: fees must count, or gold crosses €440). Both within a year. AT § 31: 2022's
//! €500.00 is above the €440 Freigrenze → all €500.00 taxable (progressive); 2023's €400.00
//! → 0 taxable. DE § 23: both below €600 → 0 taxable.
//!
//! # 3. Local midnight and the end of summer time
//! | id | UTC | local (Berlin/Vienna) | operation |
//! |---|---|---|---|
//! | `…0003-4001…` [`ids::ADA_DEPOSIT`](super::ids::ADA_DEPOSIT) | 2023-03-15 08:00 | | deposit €3,000.00 |
//! | `…0003-4002…` [`ids::ADA_BUY_AFTER_MIDNIGHT`](super::ids::ADA_BUY_AFTER_MIDNIGHT) | 2023-03-15 23:30 | **16 March** 00:30 CET | buy 9,851 ADA, paid €3,000.00 (fee 44.70, rate 0.3000) |
//! | `…0003-4003…` [`ids::XRP_DEPOSIT`](super::ids::XRP_DEPOSIT) | 2023-10-27 08:00 | | deposit €2,000.00 |
//! | `…0003-4004…` [`ids::XRP_BUY_DST_NIGHT`](super::ids::XRP_BUY_DST_NIGHT) | 2023-10-28 22:30 | **29 October** 00:30 CEST (clocks go back at 03:00) | buy 3,940.4 XRP, paid €2,000.00 (fee 29.80, rate 0.5000) |
//! | `…0003-4005…` [`ids::ADA_SELL_ON_ANNIVERSARY`](super::ids::ADA_SELL_ON_ANNIVERSARY) | 2024-03-16 10:00 | 16 March 11:00 | sell 4,925.5 ADA, received €2,200.00 (gross 2,233.28, fee 33.28) |
//! | `…0003-4006…` [`ids::ADA_SELL_DAY_AFTER`](super::ids::ADA_SELL_DAY_AFTER) | 2024-03-17 10:00 | 17 March 11:00 | sell 4,925.5 ADA, received €1,900.00 (gross 1,928.74, fee 28.74) |
//! | `…0003-4007…` [`ids::XRP_SELL_ON_ANNIVERSARY`](super::ids::XRP_SELL_ON_ANNIVERSARY) | 2024-10-29 12:00 | 29 October 13:00 | sell it all, received €2,500.00 (gross 2,537.81, fee 37.81) |
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
//! | `…0004-4001…` [`ids::BTC_LEGACY_DEPOSIT`](super::ids::BTC_LEGACY_DEPOSIT) | 2020-05-28 08:00 | deposit €800.00 — **legacy only** |
//! | `…0004-4002…` [`ids::BTC_LEGACY_BUY`](super::ids::BTC_LEGACY_BUY) | 2020-06-01 10:00 | buy 0.1 BTC, paid €800.00 (fee 11.92, rate 7,880.80) — **legacy only**, legacy trade [`ids::BTC_LEGACY_BUY_TRADE`](super::ids::BTC_LEGACY_BUY_TRADE) |
//! | `…0004-4003…` [`ids::BTC_SELL`](super::ids::BTC_SELL) | 2021-01-20 14:00 | sell 0.1 BTC, received €2,800.00 (gross 2,842.35, fee 42.35) |
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
//! | `…0005-4001…` [`ids::TAX_LEGS_DEPOSIT`](super::ids::TAX_LEGS_DEPOSIT) | 2025-01-14 08:00 | deposit €2,500.00 |
//! | `…0005-4002…` [`ids::AVAX_BUY`](super::ids::AVAX_BUY) | 2025-01-15 10:00 | buy 30.784375 AVAX, paid €1,000.00 (fee 14.90, rate 32.00) |
//! | `…0005-4003…` [`ids::ATOM_BUY`](super::ids::ATOM_BUY) | 2025-04-01 09:00 | buy 295.53 ATOM, paid €1,500.00 (fee 22.35, rate 5.0000) |
//! | `…0005-4004…` [`ids::ATOM_STAKE`](super::ids::ATOM_STAKE) | 2025-04-02 09:00 | `stake` 200 ATOM (main → staking wallet) |
//! | `…0005-4005…` [`ids::AVAX_SELL_WITH_TAX_CREDIT`](super::ids::AVAX_SELL_WITH_TAX_CREDIT) | 2025-04-15 10:00 | `sell`: AVAX OUTGOING 30.784375; EUR INCOMING €900.00 (gross 913.61, fee 13.61); EUR INCOMING €27.50, `transaction_type: "tax"` |
//! | `…0005-4006…` [`ids::ATOM_SELL_FROM_TWO_WALLETS`](super::ids::ATOM_SELL_FROM_TWO_WALLETS) | 2025-07-01 09:00 | `sell`: ATOM OUTGOING 95.53 (main wallet) and 200 (staking wallet); EUR INCOMING €1,750.00 (gross 1,776.47, fee 26.47) |
//!
//! AVAX: **−100.00** after fees (−71.49 before); the tax leg is a KESt credit (27.5 % of
//! €100.00), not proceeds: tax withheld −€27.50. ATOM: one disposal of 295.53 (the stake
//! is not one): **+250.00** after fees (298.82 before). Both within a year (DE § 23).
//!
//! # 6. A staking reward with a fee in the asset
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0006-4001…` [`ids::XTZ_DEPOSIT`](super::ids::XTZ_DEPOSIT) | 2025-02-02 08:00 | deposit €1,000.00 |
//! | `…0006-4002…` [`ids::XTZ_BUY`](super::ids::XTZ_BUY) | 2025-02-03 09:00 | buy 1,000 XTZ, paid €1,000.00 (fee 14.90, rate 0.9851) |
//! | `…0006-4003…` [`ids::XTZ_STAKE`](super::ids::XTZ_STAKE) | 2025-02-03 10:00 | `stake` 800 XTZ |
//! | `…0006-4004…` [`ids::XTZ_REWARD_WITH_FEE`](super::ids::XTZ_REWARD_WITH_FEE) | 2025-02-10 09:00 | `staking_reward`: XTZ INCOMING 10 (`staking_reward`), XTZ OUTGOING 1 (`fee`, `fee_amount` 1), both in the main wallet |
//!
//! Reference price €1.00/XTZ (the buy of 3 February: €1,000.00 ÷ 1,000, 7 days before: not
//! flagged). Reward income €10.00 (DE § 22 Nr. 3: below €256; AT: cost 0, taxed when sold);
//! fee 1 XTZ = €1.00, taken from the reward's lot: it leaves a 9 XTZ lot acquired on
//! 10 February, and the 1,000 XTZ lot of the buy untouched. 1,009 XTZ held, 800 staked.
//!
//! # 7. Securities: a stock at a loss, an ETF at a gain, a dividend
//! | id | UTC | operation |
//! |---|---|---|
//! | `…0007-4001…` [`ids::SECURITIES_DEPOSIT`](super::ids::SECURITIES_DEPOSIT) | 2025-01-14 09:00 | deposit €6,501.50 |
//! | `…0007-4002…` [`ids::SIE_BUY`](super::ids::SIE_BUY) | 2025-01-15 14:00 | buy 8 SIE (stock), paid €1,501.50 (fee 1.50, rate 187.50) |
//! | `…0007-4003…` [`ids::VEUR_BUY`](super::ids::VEUR_BUY) | 2025-02-03 14:00 | buy 135 VEUR (ETF), paid €5,000.00 (fee 5.00, rate 37.00) |
//! | `…0007-4004…` [`ids::SIE_DIVIDEND`](super::ids::SIE_DIVIDEND) | 2025-02-18 08:00 | `dividend` (a type clients do not know): EUR INCOMING €41.60 (`transaction_type: "dividend"`; 8 × €5.20) |
//! | `…0007-4005…` [`ids::SIE_SELL_AT_A_LOSS`](super::ids::SIE_SELL_AT_A_LOSS) | 2025-08-01 14:00 | sell 8 SIE, received €1,201.50 (gross 1,202.70, fee 1.20) |
//! | `…0007-4006…` [`ids::VEUR_SELL_AT_A_GAIN`](super::ids::VEUR_SELL_AT_A_GAIN) | 2025-10-01 14:00 | sell 135 VEUR, received €5,500.00 (gross 5,505.51, fee 5.51) |
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
//! | `…0008-4001…` [`ids::LTC_DEPOSIT`](super::ids::LTC_DEPOSIT) | 2025-03-10 12:00 | `deposit` 2.5 LTC (transfer in; no fiat leg) |
//! | `…0008-4002…` [`ids::LTC_SELL`](super::ids::LTC_SELL) | 2025-06-16 12:00 | sell 1 LTC, received €85.00 (gross 86.29, fee 1.29) |
//!
//! Cost and acquisition date unknown until the person enters them: the sale's gain (and,
//! in Germany, whether it is within the year) is unknown, never 0. With €150.00 entered for
//! the 2.5 LTC (€60.00 each) and a date within the year: +€25.00.
//!
//! **Year 2025 from the cases** (the year also holds random operations): crypto disposals
//! −100.00 + 250.00 = €150.00 after fees (227.33 before) plus the LTC sale (unknown);
//! securities as in case 7; rewards €10.00; tax withheld −€27.50.
//!

use super::super::leg;
use super::{asset, dec, Case, EUR};
use crate::ledger::{Flow, Unit, WalletKind};
use rust_decimal::Decimal;

/// The cases, each in time order (the module docs describe them).
pub(super) fn cases() -> Vec<Case> {
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
