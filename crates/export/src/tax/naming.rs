//! Naming the units of a ledger's legs: the lookup's unit for an id, else one shared
//! placeholder per unknown id, named once the lookup is complete (`Selector::finish`).

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::entry::{Entry, Unit};
use super::units::{UnitClass, UnitInfo, Units};

/// The unit with the current API's id `id` (`fiat`: it was sent as a currency id): the
/// lookup's, else the placeholder `unnamed` keeps for the id (one per id, shared by every
/// leg naming it, so an unknown id costs one allocation per ledger, not one per leg).
pub fn unit_of(id: &str, fiat: bool, units: &Units, unnamed: &mut Unnamed) -> Unit {
    known(id, units).unwrap_or_else(|| unnamed.unit(id, fiat))
}

/// The lookup's unit for `id`, if it knows it.
fn known(id: &str, units: &Units) -> Option<Unit> {
    let (shared, info) = units.get_with_id(id)?;
    Some(Unit {
        id: shared.clone(),
        info: info.clone(),
        named: true,
        product_id: None,
    })
}

/// The placeholders for unit ids the lookup did not know while entries were made. The
/// ledger is made page by page while the operations arrive, before the asset catalogue is
/// read (it is asked for the ids the operations name), so an asset is unnamed until the
/// selection is finished and [`Unnamed::resolve`] names it.
#[derive(Debug, Default)]
pub struct Unnamed {
    by_id: FxHashMap<Box<str>, Unit>,
    /// What each placeholder became once the lookup was complete (`None`: still unknown),
    /// by the placeholder's address.
    named: FxHashMap<usize, Option<Unit>>,
}

impl Unnamed {
    /// The placeholder for `id`: its id as symbol, fiat or an asset of unknown class.
    fn unit(&mut self, id: &str, fiat: bool) -> Unit {
        if let Some(unit) = self.by_id.get(id) {
            return unit.clone();
        }
        let unit = Unit {
            id: Arc::from(id),
            info: Arc::new(UnitInfo {
                symbol: id.to_string(),
                class: if fiat {
                    UnitClass::Fiat
                } else {
                    UnitClass::Asset(None)
                },
                isin: None,
                name: None,
            }),
            named: false,
            product_id: None,
        };
        self.by_id.insert(Box::from(id), unit.clone());
        unit
    }

    /// Names `entry`'s unnamed units through `units` (the lookup as it is once everything is
    /// read; each placeholder is looked up once): its legs' and its trade fee's.
    pub fn resolve(&mut self, entry: &mut Entry, units: &Units) {
        if self.by_id.is_empty() {
            return;
        }
        let trade_fee = entry
            .trade
            .as_mut()
            .and_then(|t| t.fee.as_mut())
            .map(|(_, unit)| unit);
        let legs = entry
            .moves
            .iter_mut()
            .chain(&mut entry.fees)
            .chain(&mut entry.taxes);
        for unit in legs.map(|m| &mut m.unit).chain(trade_fee) {
            if unit.named {
                continue;
            }
            let key = Arc::as_ptr(&unit.info) as usize;
            let found = self
                .named
                .entry(key)
                .or_insert_with(|| known(&unit.id, units));
            if let Some(named) = found {
                *unit = named.clone();
            }
        }
    }
}

/// Whether every unit [`Unnamed::resolve`] would name in `entry` (its legs' and its trade
/// fee's) is named already.
pub fn all_named(entry: &Entry) -> bool {
    let trade_fee = entry
        .trade
        .as_ref()
        .and_then(|t| t.fee.as_ref())
        .map(|(_, unit)| unit);
    let legs = entry.moves.iter().chain(&entry.fees).chain(&entry.taxes);
    legs.map(|m| &m.unit)
        .chain(trade_fee)
        .all(|unit| unit.named)
}
