//! `POST /v1/account/orders`: parsing and validation of the body in a fixed order (the
//! balance is checked in [`super::submit`]).

use super::errors::ExError;
use super::model::{Kind, Side, Tif};
use super::pairs::{find_pair, is_multiple, Pair};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// A StopMarket buy locks its quantity × trigger price plus this share for slippage.
pub const STOP_BUY_BUFFER: Decimal = Decimal::from_parts(11, 0, 0, false, 1);

/// A validated order request.
#[derive(Debug, Clone)]
pub struct Request {
    /// The pair.
    pub(super) pair: &'static Pair,
    pub(super) side: Side,
    pub(super) kind: Kind,
    pub(super) quantity: Option<Decimal>,
    pub(super) amount: Option<Decimal>,
    pub(super) limit: Option<Decimal>,
    pub(super) trigger: Option<Decimal>,
    pub(super) tif: Tif,
    pub(super) end_time: Option<DateTime<Utc>>,
}

fn field<'a>(body: &'a Value, camel: &str, snake: &str) -> Option<&'a Value> {
    body.get(camel)
        .or_else(|| body.get(snake))
        .filter(|v| !v.is_null())
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn decimal(
    body: &Value,
    camel: &str,
    snake: &str,
    code: &'static str,
) -> Result<Option<Decimal>, ExError> {
    let Some(v) = field(body, camel, snake) else {
        return Ok(None);
    };
    text(v)
        .and_then(|s| Decimal::from_str(&s).ok())
        .filter(|d| *d > Decimal::ZERO)
        .map(Some)
        .ok_or_else(|| ExError::refused(code, format!("{camel} must be a positive decimal")))
}

fn end_time(v: &Value) -> Option<DateTime<Utc>> {
    let s = text(v)?;
    match s.parse::<i64>() {
        Ok(secs) => DateTime::from_timestamp(secs, 0),
        Err(_) => DateTime::parse_from_rfc3339(&s)
            .ok()
            .map(|t| t.with_timezone(&Utc)),
    }
}

/// Parses and checks the request body, except the balance.
pub fn parse(body: &Value, now: DateTime<Utc>) -> Result<Request, ExError> {
    let name = field(body, "pair", "pair")
        .and_then(text)
        .unwrap_or_default();
    let pair = find_pair(&name).ok_or_else(|| ExError::unknown_pair(&name))?;
    let side = match field(body, "side", "side").and_then(text).as_deref() {
        Some("Buy") | Some("BUY") | Some("buy") => Side::Buy,
        Some("Sell") | Some("SELL") | Some("sell") => Side::Sell,
        _ => return Err(ExError::refused("INVALID_SIDE", "side must be Buy or Sell")),
    };
    let kind = match field(body, "type", "type").and_then(text).as_deref() {
        Some("Market") => Kind::Market,
        Some("Limit") => Kind::Limit,
        Some("StopLimit") => Kind::StopLimit,
        Some("StopMarket") => Kind::StopMarket,
        _ => {
            return Err(ExError::refused(
                "INVALID_TYPE",
                "type must be Market, Limit, StopLimit or StopMarket",
            ))
        }
    };
    let default_tif = if kind == Kind::Market {
        Tif::Ioc
    } else {
        Tif::Gtc
    };
    let tif = match field(body, "timeInForce", "time_in_force")
        .and_then(text)
        .as_deref()
    {
        None => default_tif,
        Some("GTC") if kind != Kind::Market => Tif::Gtc,
        Some("GTD") if kind != Kind::Market => Tif::Gtd,
        Some("IOC") => Tif::Ioc,
        Some("FOK") => Tif::Fok,
        Some(_) => {
            return Err(ExError::refused(
                "INVALID_TIME_IN_FORCE",
                "timeInForce must be GTC, IOC, FOK or GTD (Market: IOC or FOK)",
            ))
        }
    };
    let quantity = decimal(body, "quantity", "quantity", "INVALID_QUANTITY")?;
    let amount = decimal(body, "amount", "amount", "INVALID_AMOUNT")?;
    if quantity.is_some() == amount.is_some() {
        return Err(ExError::refused(
            "QUANTITY_XOR_AMOUNT",
            "Send exactly one of quantity and amount",
        ));
    }
    if amount.is_some() && kind != Kind::Market {
        return Err(ExError::refused(
            "AMOUNT_NOT_SUPPORTED",
            "amount is accepted for Market orders only; send quantity",
        ));
    }
    let limit = decimal(body, "limitPrice", "limit_price", "INVALID_PRICE")?;
    let trigger = decimal(body, "triggerPrice", "trigger_price", "INVALID_PRICE")?;
    if matches!(kind, Kind::Limit | Kind::StopLimit) && limit.is_none() {
        return Err(ExError::refused(
            "LIMIT_PRICE_REQUIRED",
            "limitPrice is required for this order type",
        ));
    }
    if matches!(kind, Kind::StopLimit | Kind::StopMarket) && trigger.is_none() {
        return Err(ExError::refused(
            "TRIGGER_PRICE_REQUIRED",
            "triggerPrice is required for stop orders",
        ));
    }
    let limit = limit.filter(|_| matches!(kind, Kind::Limit | Kind::StopLimit));
    let trigger = trigger.filter(|_| matches!(kind, Kind::StopLimit | Kind::StopMarket));
    // Exactly one of quantity and amount is set, so the order of these checks is the order
    // of the refusals.
    let (tick, prices) = (pair.tick_size, "Prices must be multiples of");
    let steps = [
        (limit, tick, "INVALID_TICK_SIZE", prices),
        (trigger, tick, "INVALID_TICK_SIZE", prices),
        (
            quantity,
            pair.size_increment,
            "INVALID_SIZE_INCREMENT",
            "quantity must be a multiple of",
        ),
        (
            amount,
            pair.amount_increment,
            "INVALID_AMOUNT_INCREMENT",
            "amount must be a multiple of",
        ),
    ];
    for (value, step, code, rule) in steps {
        if value.is_some_and(|x| !is_multiple(x, step)) {
            return Err(ExError::refused(code, format!("{rule} {step}")));
        }
    }
    if quantity.is_some_and(|q| q > pair.max_order_size) {
        return Err(ExError::refused(
            "ABOVE_MAX_ORDER_SIZE",
            format!("quantity is above the maximum of {}", pair.max_order_size),
        ));
    }
    let end = field(body, "endTime", "end_time");
    let end_time = match (tif, end) {
        (Tif::Gtd, None) => {
            return Err(ExError::refused(
                "END_TIME_REQUIRED",
                "GTD orders need an endTime",
            ))
        }
        (Tif::Gtd, Some(v)) => Some(end_time(v).filter(|t| *t > now).ok_or_else(|| {
            ExError::refused(
                "INVALID_END_TIME",
                "endTime must be a future ISO 8601 time or Unix seconds",
            )
        })?),
        (_, Some(_)) => {
            return Err(ExError::refused(
                "END_TIME_NOT_ALLOWED",
                "endTime is only allowed with GTD",
            ))
        }
        (_, None) => None,
    };
    Ok(Request {
        pair,
        side,
        kind,
        quantity,
        amount,
        limit,
        trigger,
        tif,
        end_time,
    })
}
