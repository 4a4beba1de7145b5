//! Earn actions: staking moves an asset from its main wallet to its staking wallet (balance
//! unchanged, available down); unstaking moves it back. Each is one `stake`/`unstake`
//! operation of two settled legs, executed at once.

use super::{Flow, Ledger, LegDraft, Refusal, Unit, WalletKind};
use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// Stake or unstake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EarnAction {
    /// Available → staked.
    Stake,
    /// Staked → available.
    Unstake,
}

impl EarnAction {
    /// Parses `stake` / `unstake` in any case.
    pub fn parse(s: &str) -> Option<Self> {
        if s.eq_ignore_ascii_case("stake") {
            Some(Self::Stake)
        } else if s.eq_ignore_ascii_case("unstake") {
            Some(Self::Unstake)
        } else {
            None
        }
    }

    /// `stake` / `unstake` (the operation type).
    pub fn name(self) -> &'static str {
        match self {
            Self::Stake => "stake",
            Self::Unstake => "unstake",
        }
    }
}

/// What an executed earn action did.
#[derive(Debug, Clone, PartialEq)]
pub struct EarnReceipt {
    /// The operation recorded.
    pub operation_id: Uuid,
    /// The asset moved (catalogue index).
    pub asset: usize,
    /// The amount moved.
    pub amount: Decimal,
    /// The wallet the funds left.
    pub wallet_id: Uuid,
}

impl Ledger {
    /// Runs `action` for `amount` on config `config_id`. Staking needs an enabled config that
    /// is not sold out; unstaking is always possible. `wallet`, when given, must be one of the
    /// asset's wallets. The amount must be > 0, within the asset's precision and held.
    pub fn earn_action(
        &mut self,
        action: EarnAction,
        config_id: Uuid,
        wallet: Option<Uuid>,
        amount: Decimal,
        now: DateTime<Utc>,
    ) -> Result<EarnReceipt, Refusal> {
        let config = self
            .earn_configs
            .iter()
            .find(|c| c.id == config_id)
            .ok_or_else(|| Refusal::invalid("config_id is not a known earn config"))?
            .clone();
        let unit = Unit::Asset(config.asset);
        let precision = unit.precision();
        if amount <= Decimal::ZERO || amount.normalize().scale() > precision {
            return Err(Refusal::invalid(format!(
                "asset_amount must be > 0 with at most {precision} decimals"
            )));
        }
        let (main, staking) = (
            self.wallet_id(unit, WalletKind::Main),
            self.wallet_id(unit, WalletKind::Staking),
        );
        if wallet.is_some_and(|w| w != main && w != staking) {
            return Err(Refusal::invalid("wallet_id is not a wallet of this asset"));
        }
        if action == EarnAction::Stake && !config.enabled {
            return Err(Refusal::EarnConfigDisabled);
        }
        if action == EarnAction::Stake && config.soldout {
            return Err(Refusal::EarnConfigSoldOut);
        }
        let (from, to, from_id) = match action {
            EarnAction::Stake => (WalletKind::Main, WalletKind::Staking, main),
            EarnAction::Unstake => (WalletKind::Staking, WalletKind::Main, staking),
        };
        let have = match from {
            WalletKind::Main => self.holdings.main[unit.slot()],
            WalletKind::Staking => self.holdings.staked[unit.slot()],
        };
        if have < amount {
            let symbol = catalogue().assets[config.asset].symbol;
            let what = if action == EarnAction::Stake {
                "available"
            } else {
                "staked"
            };
            return Err(Refusal::InsufficientFunds(format!(
                "{amount} {symbol} asked, {have} {what}"
            )));
        }
        let op = action.name();
        let legs = vec![
            LegDraft::settled(unit, amount, op, from, Flow::Outgoing),
            LegDraft::settled(unit, amount, op, to, Flow::Incoming),
        ];
        let operation_id = self.record(op, now, legs).id;
        Ok(EarnReceipt {
            operation_id,
            asset: config.asset,
            amount,
            wallet_id: from_id,
        })
    }
}
