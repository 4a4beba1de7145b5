//! Stakes, unstakes and rewards.

use super::{down, is_crypto, leg, Generator};
use crate::ledger::{CostEffect, Flow, Unit, WalletKind};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

impl Generator {
    fn stake_pair(&mut self, t: DateTime<Utc>, asset: usize, qty: Decimal, staking: bool) {
        let unit = Unit::Asset(asset);
        let (op, from, to) = if staking {
            ("stake", WalletKind::Main, WalletKind::Staking)
        } else {
            ("unstake", WalletKind::Staking, WalletKind::Main)
        };
        let mut out = leg(unit, qty, op, Flow::Outgoing);
        out.wallet = from;
        let mut inc = leg(unit, qty, op, Flow::Incoming);
        inc.wallet = to;
        self.ledger.record(op, t, vec![out, inc]);
    }

    pub(super) fn stake(&mut self, t: DateTime<Utc>) -> bool {
        let open: Vec<usize> = self
            .ledger
            .earn_configs
            .iter()
            .filter(|c| c.open())
            .map(|c| c.asset)
            .collect();
        let Some(asset) = self.held(|a| open.contains(&a.index)) else {
            return false;
        };
        let qty = self.percent_of(self.main(Unit::Asset(asset)), 20, 80, 8);
        if qty.is_zero() {
            return false;
        }
        self.stake_pair(t, asset, qty, true);
        true
    }

    fn staked_asset(&mut self) -> Option<usize> {
        let staked: Vec<usize> = (0..16)
            .filter(|&a| self.ledger.holdings.staked[a] > Decimal::ZERO && self.free(a))
            .collect();
        (!staked.is_empty()).then(|| staked[self.rng.below(staked.len() as u64) as usize])
    }

    pub(super) fn unstake(&mut self, t: DateTime<Utc>) -> bool {
        let Some(asset) = self.staked_asset() else {
            return false;
        };
        let qty = self.percent_of(self.ledger.holdings.staked[asset], 20, 100, 8);
        if qty.is_zero() {
            return false;
        }
        self.stake_pair(t, asset, qty, false);
        true
    }

    fn reward(&mut self, t: DateTime<Utc>, asset: usize, qty: Decimal, op: &'static str) -> bool {
        if qty.is_zero() {
            return false;
        }
        let mut d = leg(Unit::Asset(asset), qty, op, Flow::Incoming);
        d.cost = CostEffect::Add(Decimal::ZERO);
        self.ledger.record(op, t, vec![d]);
        true
    }

    pub(super) fn staking_reward(&mut self, t: DateTime<Utc>) -> bool {
        let Some(asset) = self.staked_asset() else {
            return false;
        };
        let apr = self
            .ledger
            .earn_configs
            .iter()
            .find(|c| c.asset == asset)
            .map_or(Decimal::ZERO, |c| c.apr);
        let qty = down(
            self.ledger.holdings.staked[asset] * apr / Decimal::from(52),
            8,
        );
        self.reward(t, asset, qty, "staking_reward")
    }

    pub(super) fn passive_reward(&mut self, t: DateTime<Utc>) -> bool {
        let Some(asset) = self.held(is_crypto) else {
            return false;
        };
        let qty = down(self.main(Unit::Asset(asset)) / Decimal::from(1_000), 8);
        self.reward(t, asset, qty, "passive_earn_reward")
    }
}
