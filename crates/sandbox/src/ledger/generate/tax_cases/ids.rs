//! The `operation_id`s of the tax cases (`7a5ca5e0-CCCC-4OOO-8000-000000000000`: case C,
//! operation O), for tests that look for them. The docs of `tax_cases::cases` give each
//! one's figures.

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
