//! Deterministic prices: a multi-scale random walk per asset, a pure function of
//! (seed, asset, 10-second time bucket), so any past instant has a price.
//!
//! The walk is a product of factors `1 + a_k · n_k(t)`, one per octave `k`, where `n_k` is
//! value noise in [-1, 1] interpolated linearly between pseudo-random knots spaced by the
//! octave's period (360 days down to 10 seconds). Integer arithmetic in parts per million;
//! no floats. Every amplitude is below 1, so prices stay positive.

use crate::fixed_catalogue::{catalogue, Asset};
use crate::rng::hash;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// Length of one price bucket in seconds: the ticker changes at most this often.
pub const BUCKET_SECS: i64 = 10;

const PPM: i128 = 1_000_000;
/// (knot spacing in seconds, amplitude as a multiple of the kind's volatility, in tenths).
const OCTAVES: [(i64, i128); 6] = [
    (360 * 86_400, 40),
    (45 * 86_400, 20),
    (5 * 86_400, 10),
    (12 * 3_600, 4),
    (3_600, 2),
    (BUCKET_SECS, 1),
];

/// The price model of one sandbox run.
#[derive(Debug, Clone)]
pub struct PriceModel {
    seed: u64,
    frozen_at: Option<DateTime<Utc>>,
}

impl PriceModel {
    /// Prices for `seed`; with `frozen_at`, every instant after it gets the price at it.
    pub fn new(seed: u64, frozen_at: Option<DateTime<Utc>>) -> Self {
        Self { seed, frozen_at }
    }

    /// The EUR price of `asset` at `t`, rounded to the asset's price scale.
    pub fn price_eur(&self, asset: &Asset, t: DateTime<Utc>) -> Decimal {
        let t = match self.frozen_at {
            Some(f) if t > f => f,
            _ => t,
        };
        let secs = t.timestamp().div_euclid(BUCKET_SECS) * BUCKET_SECS;
        let vol = i128::from(asset.kind.volatility_ppm());
        let mut factor: i128 = PPM;
        for (octave, &(period, tenths)) in OCTAVES.iter().enumerate() {
            let knot = secs.div_euclid(period);
            let frac = i128::from(secs.rem_euclid(period)) * PPM / i128::from(period);
            let a = self.knot(asset.index, octave, knot);
            let b = self.knot(asset.index, octave, knot + 1);
            let noise = a + (b - a) * frac / PPM; // in [-PPM, PPM]
            let amplitude = vol * tenths / 10;
            factor = factor * (PPM + amplitude * noise / PPM) / PPM;
        }
        let multiplier = Decimal::from_i128_with_scale(factor.max(1), 6);
        let price = (asset.base_price_eur * multiplier).round_dp(asset.price_scale);
        let floor = Decimal::new(1, asset.price_scale);
        price.max(floor)
    }

    /// The EUR price of the asset at catalogue position `index`.
    pub fn price_eur_at(&self, index: usize, t: DateTime<Utc>) -> Decimal {
        self.price_eur(&catalogue().assets[index], t)
    }

    fn knot(&self, asset: usize, octave: usize, knot: i64) -> i128 {
        let h = hash(&[self.seed, asset as u64, octave as u64, knot as u64]);
        i128::from(h % 2_000_001) - PPM
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn prices_are_deterministic_positive_and_move() {
        let m = PriceModel::new(42, None);
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap();
        let mut seen = std::collections::HashSet::new();
        for a in &catalogue().assets {
            let p = m.price_eur(a, t);
            assert!(p > Decimal::ZERO, "{}", a.symbol);
            assert_eq!(p, PriceModel::new(42, None).price_eur(a, t));
            assert_eq!(p, m.price_eur(a, t + Duration::seconds(0)));
            for d in 1..20 {
                seen.insert(m.price_eur(a, t - Duration::days(d * 37)));
            }
        }
        assert!(seen.len() > 500);
        let btc = &catalogue().assets[0];
        assert_ne!(
            m.price_eur(btc, t),
            m.price_eur(btc, t + Duration::seconds(BUCKET_SECS * 3))
        );
    }

    #[test]
    fn frozen_prices_do_not_move_after_the_freeze() {
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 9, 0, 0).unwrap();
        let m = PriceModel::new(1, Some(t));
        let btc = &catalogue().assets[0];
        assert_eq!(
            m.price_eur(btc, t),
            m.price_eur(btc, t + Duration::hours(5))
        );
        assert_ne!(
            m.price_eur(btc, t),
            m.price_eur(btc, t - Duration::hours(5))
        );
    }
}
