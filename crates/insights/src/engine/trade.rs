//! Trades: a buy, savings plan or sale is one fiat side and one asset side in opposite
//! directions, a swap two assets — whatever number of legs each side was sent in (a sale
//! from two wallets is two asset legs). Legs that are not part of the trade are read
//! elsewhere: fee and tax legs (`charges.rs`), an incoming tax leg (a tax credit). A trade
//! whose legs make none of these is walked leg by leg and listed as not understood.

use folio_export::tax::entry::{Entry, Kind, Move, Unit};
use rust_decimal::Decimal;

use super::{At, Cost, Walker};
use crate::eur::fiat_in_eur;
use crate::model::{Acquired, AssetRef, Basis, LotUse, Unclear};
use crate::rules::{basis, swap_carries_cost};

/// One side of a trade: a unit and the quantity of it moved (its legs added up).
#[derive(Clone, Copy)]
pub struct Side<'a> {
    /// What moved.
    pub unit: &'a Unit,
    /// How much.
    pub amount: Decimal,
}

/// What a trade's legs make.
enum Trade<'a> {
    /// Fiat for an asset (`buying`: the fiat went out).
    Fiat {
        fiat: Side<'a>,
        asset: Side<'a>,
        buying: bool,
    },
    /// One asset for another.
    Swap { give: Side<'a>, get: Side<'a> },
}

/// The trade the moves of a trade kind make, or the count of legs in and out when they
/// make none.
fn read<'a>(moves: &'a [Move]) -> Result<Trade<'a>, (usize, usize)> {
    // At most two sides make a trade: kept in place (no allocation per trade), a third
    // distinct one ends the reading.
    let mut sides: [Option<(Side<'a>, bool)>; 2] = [None, None];
    let (mut incoming, mut outgoing, mut too_many) = (0usize, 0usize, false);
    for m in moves.iter().filter(|m| !m.tax_leg) {
        if m.incoming {
            incoming = incoming.saturating_add(1);
        } else {
            outgoing = outgoing.saturating_add(1);
        }
        let same = |s: &Option<(Side<'a>, bool)>| {
            s.as_ref()
                .is_some_and(|(side, dir)| *dir == m.incoming && side.unit.same_id(&m.unit))
        };
        let new = Some((
            Side {
                unit: &m.unit,
                amount: m.amount,
            },
            m.incoming,
        ));
        match sides.iter_mut().find(|s| s.is_none() || same(s)) {
            Some(Some((side, _))) => match side.amount.checked_add(m.amount) {
                Some(sum) => side.amount = sum,
                None => too_many = true,
            },
            Some(empty) => *empty = new,
            None => too_many = true,
        }
    }
    let [Some((a, a_in)), Some((b, b_in))] = &sides else {
        return Err((incoming, outgoing));
    };
    if too_many {
        return Err((incoming, outgoing));
    }
    if a_in == b_in || a.unit.same_id(b.unit) {
        return Err((incoming, outgoing));
    }
    let (give, get) = if *a_in { (*b, *a) } else { (*a, *b) };
    match (give.unit.is_fiat(), get.unit.is_fiat()) {
        (true, false) => Ok(Trade::Fiat {
            fiat: give,
            asset: get,
            buying: true,
        }),
        (false, true) => Ok(Trade::Fiat {
            fiat: get,
            asset: give,
            buying: false,
        }),
        (false, false) => Ok(Trade::Swap { give, get }),
        (true, true) => Err((incoming, outgoing)),
    }
}

/// The fiat and asset sides of `entry` when it is a trade of fiat for an asset.
pub fn fiat_sides(entry: &Entry) -> Option<(Side<'_>, Side<'_>)> {
    if !is_trade_kind(entry.kind) {
        return None;
    }
    match read(&entry.moves) {
        Ok(Trade::Fiat { fiat, asset, .. }) => Some((fiat, asset)),
        _ => None,
    }
}

/// Whether entries of `kind` are trades (their legs are read as one).
fn is_trade_kind(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Buy | Kind::SavingsPlan | Kind::Sell | Kind::Swap
    )
}

impl<'a> Walker<'a> {
    /// Walks the entry as a trade when its kind is one; `false` when it is not a trade
    /// kind or its legs make no trade (then listed as not understood).
    pub(super) fn trade(&mut self, at: At<'a>) -> bool {
        if !is_trade_kind(at.entry.kind) {
            return false;
        }
        match read(&at.entry.moves) {
            Ok(Trade::Fiat {
                fiat,
                asset,
                buying,
            }) => self.fiat_trade(at, fiat, asset, buying),
            Ok(Trade::Swap { give, get }) => self.swap(at, give, get),
            Err((incoming, outgoing)) => {
                self.not_understood(at, Unclear::NotATrade { incoming, outgoing });
                return false;
            }
        }
        true
    }

    /// The trade's fee in EUR when it was charged in the trade's fiat (it is inside the
    /// fiat side's amount).
    fn fiat_fee(&self, at: At<'_>, fiat: &Unit) -> Option<Decimal> {
        let trade = at.entry.trade.as_ref()?;
        let (amount, unit) = trade.fee.as_ref()?;
        if unit.id != fiat.id && !crate::eur::is_eur(unit) {
            return None;
        }
        fiat_in_eur(*amount, unit, Some(trade))
    }

    fn fiat_trade(&mut self, at: At<'a>, fiat: Side<'a>, asset: Side<'a>, buying: bool) {
        let asset_at = self.asset(asset.unit);
        let eur = fiat_in_eur(fiat.amount, fiat.unit, at.entry.trade.as_deref());
        if eur.is_none() {
            self.no_rate(at, fiat.unit);
        }
        let fee = self.fiat_fee(at, fiat.unit).unwrap_or(Decimal::ZERO);
        if buying {
            let (quantity, _) = self.net_of_fees(asset.unit, asset.amount);
            let cost = Cost {
                lot: eur,
                pooled: eur.and_then(|e| e.checked_sub(fee)),
            };
            self.acquire(asset_at, Acquired::On(at.day), at.day, quantity, cost);
        } else {
            let gross = eur.and_then(|e| e.checked_add(fee));
            self.dispose(at, asset_at, asset.amount, (eur, gross), false);
        }
    }

    fn swap(&mut self, at: At<'a>, give: Side<'a>, get: Side<'a>) {
        let (given_at, got_at) = (self.asset(give.unit), self.asset(get.unit));
        let (given, got) = (self.asset_at(given_at), self.asset_at(got_at));
        let value = match self.prices.on(&give.unit.id, at.day) {
            Some(_) => self.asset_value(at, give.amount, give.unit),
            None => self.asset_value(at, get.amount, get.unit),
        };
        let (received, _) = self.net_of_fees(get.unit, get.amount);
        if !swap_carries_cost(self.rules, given.regime, got.regime, at.day) {
            self.dispose(at, given_at, give.amount, (value, value), true);
            let cost = Cost::same(value);
            self.acquire(got_at, Acquired::On(at.day), at.day, received, cost);
            return;
        }
        let carried = self.carry_over(at, given_at, &given, give.amount, value);
        self.acquire(got_at, Acquired::On(at.day), at.day, received, carried);
    }

    /// Austria, crypto for crypto from 1 March 2022: Neuvermögen (the pool, an arrival's lot
    /// acquired from 1 March 2021) carries its cost over (no realisation, § 27b (3) Z 2);
    /// lots of Altvermögen or of unknown day given are a disposal at the market value,
    /// which becomes their carried cost.
    fn carry_over(
        &mut self,
        at: At<'a>,
        given_at: usize,
        given: &AssetRef,
        quantity: Decimal,
        value: Option<Decimal>,
    ) -> Cost {
        self.take(at.entry, given_at, quantity);
        let taken = std::mem::take(&mut self.taken);
        let add = |a: Option<Decimal>, b: Option<Decimal>| a?.checked_add(b?);
        let (mut carried, mut carried_with_fees) = (Some(Decimal::ZERO), Some(Decimal::ZERO));
        let mut lots = Vec::with_capacity(taken.len());
        for t in &taken {
            if crate::rules::is_neuvermoegen(t.acquired) {
                lots.push(LotUse {
                    acquired: t.acquired,
                    quantity: t.quantity,
                    cost: t.cost,
                    proceeds: t.cost,
                    gain: t.cost.map(|_| Decimal::ZERO),
                    basis: Basis::CarriedOver,
                });
                carried = add(carried, t.cost);
                carried_with_fees = add(carried_with_fees, t.cost_with_fees);
                continue;
            }
            let share = value
                .and_then(|v| v.checked_mul(t.quantity))
                .and_then(|v| v.checked_div(quantity));
            lots.push(LotUse {
                acquired: t.acquired,
                quantity: t.quantity,
                cost: t.cost,
                proceeds: share,
                gain: share.zip(t.cost).and_then(|(p, c)| p.checked_sub(c)),
                basis: basis(self.rules, given.regime, t.acquired, at.day),
            });
            carried = add(carried, share);
            carried_with_fees = add(carried_with_fees, share);
        }
        self.taken = taken;
        self.record(at, given.clone(), quantity, true, lots);
        Cost {
            lot: carried_with_fees,
            pooled: carried,
        }
    }
}
