//! Market data: server time, pairs, tickers, order book, candles and assets.

use super::auth::{Read, RequireScope};
use super::errors::{ExError, ExResult};
use super::paging::unix;
use super::pairs::{bucket_of, find_pair, pairs, Pair};
use super::wire::{base_scale, fixed};
use super::ExchangeState;
use crate::clock::iso;
use crate::price_walk::{PriceModel, BUCKET_SECS};
use crate::query::Params;
use crate::rng::hash;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::Json;
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use std::sync::Arc;

/// Candle intervals and their length in seconds.
pub const INTERVALS: [(&str, i64); 8] = [
    ("1m", 60),
    ("5m", 300),
    ("10m", 600),
    ("15m", 900),
    ("30m", 1_800),
    ("1h", 3_600),
    ("4h", 14_400),
    ("1d", 86_400),
];

/// The `{pair}` of the path as a known pair; 404 `PAIR_NOT_FOUND` otherwise.
pub(crate) struct PathPair(&'static Pair);

impl<S: Send + Sync> FromRequestParts<S> for PathPair {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let Path(name) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        find_pair(&name)
            .map(Self)
            .ok_or_else(|| ExError::unknown_pair(&name).into_response())
    }
}

/// `GET /v1/time`: `{epochMs, iso}`.
pub(crate) async fn time(State(s): State<Arc<ExchangeState>>, _: RequireScope<Read>) -> ExResult {
    let now = s.clock.now();
    Ok(Json(json!({"epochMs": now.timestamp_millis(), "iso": iso(now)})).into_response())
}

/// The pairs named in `pair` (comma list); all when absent; 404 for an unknown one.
fn selected(params: &Params) -> Result<Vec<&'static Pair>, ExError> {
    let names = params.all("pair");
    let names: Vec<&str> = names
        .into_iter()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Ok(pairs().iter().collect());
    }
    names
        .into_iter()
        .map(|n| find_pair(n).ok_or_else(|| ExError::unknown_pair(n)))
        .collect()
}

/// `GET /v1/pairs`.
pub(crate) async fn pairs_list(_: RequireScope<Read>, params: Params) -> ExResult {
    let list: Vec<Value> = selected(&params)?
        .into_iter()
        .map(|p| {
            json!({
                "pair": p.name(), "baseAsset": p.base, "quoteAsset": p.quote,
                "baseAssetType": "crypto", "quoteAssetType": "fiat",
                "tickSize": p.tick_size.to_string(), "sizeIncrement": p.size_increment.to_string(),
                "amountIncrement": p.amount_increment.to_string(),
                "maxOrderSize": p.max_order_size.to_string(),
                "minOrderAmount": p.min_order_amount.to_string(),
                "maxOrderAmount": p.max_order_amount.to_string(),
            })
        })
        .collect();
    Ok(Json(list).into_response())
}

/// One candle before rendering.
#[derive(Debug, Clone, PartialEq)]
pub struct Candle {
    /// Start, Unix seconds.
    pub start: i64,
    /// Open, high, low, close.
    pub ohlc: [Decimal; 4],
    /// Traded quantity of the base asset.
    pub volume: Decimal,
}

/// The candle of `pair` starting at `start` lasting `secs`, sampled from the walk up to `now`.
pub fn candle(
    pair: &Pair,
    prices: &PriceModel,
    seed: u64,
    start: i64,
    secs: i64,
    now: i64,
) -> Candle {
    let end = (start + secs - BUCKET_SECS).min(bucket_of_secs(now));
    let samples = (secs / BUCKET_SECS).clamp(1, 60);
    let step = (secs / samples).max(BUCKET_SECS);
    let open = pair.mid(prices, start);
    let close = pair.mid(prices, end);
    let (mut high, mut low) = (open.max(close), open.min(close));
    let mut t = start + step;
    while t < end {
        let p = pair.mid(prices, t);
        high = high.max(p);
        low = low.min(p);
        t += step;
    }
    let per_minute = Decimal::from(
        50 + hash(&[seed, 0xc0de, pair.index as u64, start as u64, secs as u64]) % 950,
    );
    let value = per_minute * Decimal::from(secs) / Decimal::from(60);
    let volume = super::pairs::floor_to(value / open, pair.size_increment);
    Candle {
        start,
        ohlc: [open, high, low, close],
        volume,
    }
}

fn bucket_of_secs(t: i64) -> i64 {
    t.div_euclid(BUCKET_SECS) * BUCKET_SECS
}

#[derive(Serialize)]
struct CandleOut {
    timestamp: i64,
    open: Box<RawValue>,
    high: Box<RawValue>,
    low: Box<RawValue>,
    close: Box<RawValue>,
    volume: Box<RawValue>,
}

fn number(x: Decimal) -> Box<RawValue> {
    RawValue::from_string(x.normalize().to_string())
        .unwrap_or_else(|_| RawValue::from_string("0".into()).expect("zero"))
}

/// `GET /v1/candles/{pair}?interval=&from=&to=&limit=`: OHLCV as JSON numbers.
pub(crate) async fn candles(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    PathPair(pair): PathPair,
    params: Params,
) -> ExResult {
    let interval = params.get("interval").unwrap_or("");
    let secs = INTERVALS
        .iter()
        .find(|i| i.0 == interval)
        .map(|i| i.1)
        .ok_or_else(|| ExError::invalid("interval must be one of 1m,5m,10m,15m,30m,1h,4h,1d"))?;
    let limit = super::paging::limit(&params, 100, 1_440)?;
    let now = s.clock.now().timestamp();
    let to = unix(&params, "to")?.map_or(now, |t| t.timestamp()).min(now);
    let to_start = to.div_euclid(secs) * secs;
    let from = unix(&params, "from")?
        .map_or(to_start - secs * (limit as i64 - 1), |t| {
            t.timestamp().div_euclid(secs) * secs
        })
        .max(to_start - secs * (limit as i64 - 1));
    let mut out = Vec::new();
    let mut start = from;
    while start <= to_start {
        let c = candle(pair, &s.prices, s.seed, start, secs, now);
        out.push(CandleOut {
            timestamp: c.start,
            open: number(c.ohlc[0]),
            high: number(c.ohlc[1]),
            low: number(c.ohlc[2]),
            close: number(c.ohlc[3]),
            volume: number(c.volume),
        });
        start += secs;
    }
    Ok(Json(out).into_response())
}

/// `GET /v1/tickers?pair=`: mid, and the last 24 h's high, low and volume (from 1 h candles).
pub(crate) async fn tickers(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    params: Params,
) -> ExResult {
    let now = s.clock.now().timestamp();
    let prices = &s.prices;
    let list: Vec<Value> = selected(&params)?
        .into_iter()
        .map(|p| {
            let mid = p.mid(prices, bucket_of_secs(now));
            let (mut high, mut low, mut volume) = (mid, mid, Decimal::ZERO);
            let last = now.div_euclid(3_600) * 3_600;
            for h in 0..24 {
                let c = candle(p, prices, s.seed, last - h * 3_600, 3_600, now);
                high = high.max(c.ohlc[1]);
                low = low.min(c.ohlc[2]);
                volume += c.volume;
            }
            let ts = p.tick_size.scale();
            json!({"pair": p.name(), "price": fixed(mid, ts), "high": fixed(high, ts),
                   "low": fixed(low, ts), "volume": fixed(volume, base_scale(p))})
        })
        .collect();
    Ok(Json(list).into_response())
}

/// `GET /v1/orderbook/{pair}?depth=` (1–100, default 20); `totalQuantity` is cumulative.
pub(crate) async fn order_book(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    PathPair(pair): PathPair,
    params: Params,
) -> ExResult {
    let depth = match params.get("depth").map(str::trim) {
        None | Some("") => 20,
        Some(d) => d
            .parse::<usize>()
            .ok()
            .filter(|d| (1..=100).contains(d))
            .ok_or_else(|| ExError::invalid("depth must be between 1 and 100"))?,
    };
    let now = s.clock.now();
    let book = pair.book(&s.prices, s.seed, bucket_of(now), depth);
    let side = |levels: &[(Decimal, Decimal)]| {
        let mut total = Decimal::ZERO;
        levels
            .iter()
            .map(|&(price, qty)| {
                total += qty;
                json!({"price": fixed(price, pair.tick_size.scale()),
                       "quantity": fixed(qty, base_scale(pair)),
                       "totalQuantity": fixed(total, base_scale(pair))})
            })
            .collect::<Vec<_>>()
    };
    Ok(Json(json!({"pair": pair.name(), "timestamp": iso(now),
                   "bids": side(&book.bids), "asks": side(&book.asks)}))
    .into_response())
}

/// `GET /v1/assets?asset=`: the assets of the pairs, `type` crypto or fiat.
pub(crate) async fn assets(_: RequireScope<Read>, params: Params) -> ExResult {
    let wanted = params.get("asset").map(str::trim).filter(|a| !a.is_empty());
    let c = crate::fixed_catalogue::catalogue();
    let mut seen: Vec<&str> = Vec::new();
    let mut list = Vec::new();
    for p in pairs() {
        for (symbol, fiat) in [(p.base, false), (p.quote, true)] {
            if seen.contains(&symbol) || wanted.is_some_and(|w| !w.eq_ignore_ascii_case(symbol)) {
                continue;
            }
            seen.push(symbol);
            let name = if fiat {
                c.currency_by_symbol(symbol).map(|x| x.name)
            } else {
                c.asset_by_symbol(symbol).map(|x| x.name)
            };
            list.push(json!({"symbol": symbol, "name": name.unwrap_or(symbol),
                             "type": if fiat { "fiat" } else { "crypto" }}));
        }
    }
    Ok(Json(list).into_response())
}
