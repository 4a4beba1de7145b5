//! The exchange order form's plain logic: reading what was typed into an
//! [`OrderDraft`] (a message at each field that is not a number), which balance an order
//! spends, the 25/50/75/100 % shortcuts rounded down to the pair's increments, and the
//! sentence the review dialog restates. The pair's rules are checked by
//! [`folio_client::exchange::validate_order`]. Tested natively.

use crate::components::error_view::AmountWords;
use chrono::{DateTime, Timelike, Utc};
use folio_client::current::parse_typed_decimal;
use folio_client::date_text::{day_text, read_day_clock};
use folio_client::exchange::{
    Balance, Field, OrderDraft, OrderSide, OrderType, Pair, TimeInForce, FAT_FINGER_PERCENT,
};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::format::local_time;
use crate::i18n::{t, tf};
use crate::pages::exchange::text::plain;

/// Whether the size is typed as a base-asset quantity or a quote-currency amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeMode {
    /// Quantity of the base asset.
    Quantity,
    /// Amount of the quote currency (Market orders only).
    Amount,
}

/// What the form holds, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedOrder {
    /// Buy or sell.
    pub side: OrderSide,
    /// Market, Limit, StopLimit or StopMarket.
    pub order_type: OrderType,
    /// How the size is typed.
    pub mode: SizeMode,
    /// The size (quantity or amount, per `mode`).
    pub size: String,
    /// Limit price.
    pub limit_price: String,
    /// Trigger price.
    pub trigger_price: String,
    /// Time in force; `None` leaves it to the exchange.
    pub time_in_force: Option<TimeInForce>,
    /// GTD end time as a `datetime-local` value, read in the person's time zone
    /// (`2026-12-01T18:00`).
    pub end_time: String,
}

/// Which time-in-force values make sense for an order type (Market: IOC, FOK).
pub fn allowed_tifs(order_type: &OrderType) -> &'static [TimeInForce] {
    match order_type {
        OrderType::Market => &[TimeInForce::Ioc, TimeInForce::Fok],
        _ => &[
            TimeInForce::Gtc,
            TimeInForce::Ioc,
            TimeInForce::Fok,
            TimeInForce::Gtd,
        ],
    }
}

/// Whether the type uses a limit price.
pub fn uses_limit(order_type: &OrderType) -> bool {
    matches!(order_type, OrderType::Limit | OrderType::StopLimit)
}

/// Whether the type uses a trigger price.
pub fn uses_trigger(order_type: &OrderType) -> bool {
    matches!(order_type, OrderType::StopLimit | OrderType::StopMarket)
}

/// Reads a price or size: empty is `None`; anything else goes through the one rule for typed
/// numbers (`folio_client::current::parse_typed_decimal` after `amounts::as_typed`: no thousands
/// separators, at most 18 significant digits and 10^15), and a problem is reported at `field`.
fn number(text: &str, field: Field, errors: &mut Vec<(Field, String)>) -> Option<Decimal> {
    if text.trim().is_empty() {
        return None;
    }
    match parse_typed_decimal(&crate::amounts::as_typed(text)) {
        Ok(v) => Some(v),
        Err(e) => {
            errors.push((field, e.message()));
            None
        }
    }
}

/// Reads a `datetime-local` value (with or without seconds) as a time of the person's time
/// zone, as the field is labelled and as the browser's own picker means it.
pub fn parse_end_time(text: &str) -> Option<DateTime<Utc>> {
    local_time::instant_of(read_day_clock(text.trim())?)
}

/// `2026-12-01 18:30 (Europe/Vienna)`: an end time as typed back, with the zone named (the
/// review dialog's sentence says exactly when the order ends).
fn end_time_text(end: DateTime<Utc>) -> String {
    let wall = local_time::local(end);
    format!(
        "{} {:02}:{:02} ({})",
        day_text(wall.date()),
        wall.hour(),
        wall.minute(),
        local_time::zone_name()
    )
}

impl TypedOrder {
    /// The draft the typed values describe, or a message at each field that cannot be read.
    /// `mid` values Market orders; `now` rejects a GTD end time in the past.
    pub fn draft(
        &self,
        mid: Option<Decimal>,
        now: DateTime<Utc>,
    ) -> Result<OrderDraft, Vec<(Field, String)>> {
        let mut errors = Vec::new();
        let (size_field, is_amount) = match self.mode {
            SizeMode::Quantity => (Field::Quantity, false),
            SizeMode::Amount => (Field::Amount, true),
        };
        let size = number(&self.size, size_field, &mut errors);
        let limit_price = uses_limit(&self.order_type)
            .then(|| number(&self.limit_price, Field::LimitPrice, &mut errors))
            .flatten();
        let trigger_price = uses_trigger(&self.order_type)
            .then(|| number(&self.trigger_price, Field::TriggerPrice, &mut errors))
            .flatten();
        let gtd = self.time_in_force == Some(TimeInForce::Gtd);
        let end_time = if gtd && !self.end_time.trim().is_empty() {
            match parse_end_time(&self.end_time) {
                Some(end) if end <= now => {
                    errors.push((
                        Field::EndTime,
                        t("The end time must be in the future.").into(),
                    ));
                    None
                }
                Some(end) => Some(end),
                None => {
                    errors.push((Field::EndTime, t("Enter a date and time.").into()));
                    None
                }
            }
        } else {
            None
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(OrderDraft {
            side: self.side.clone(),
            order_type: self.order_type.clone(),
            quantity: size.filter(|_| !is_amount),
            amount: size.filter(|_| is_amount),
            limit_price,
            trigger_price,
            time_in_force: self.time_in_force.clone(),
            end_time,
            market_price: mid,
        })
    }
}

/// The symbol an order spends: the quote currency for buys, the base asset for sells.
pub fn spent_symbol(pair: &Pair, side: &OrderSide) -> String {
    let symbol = match side {
        OrderSide::Sell => pair.base_asset.as_deref(),
        _ => pair.quote_asset.as_deref(),
    };
    symbol.unwrap_or_default().to_string()
}

/// The available balance of `symbol` (zero when the account holds none).
pub fn available_of(balances: &[Balance], symbol: &str) -> Decimal {
    balances
        .iter()
        .find(|b| b.symbol.eq_ignore_ascii_case(symbol))
        .map(|b| b.available)
        .unwrap_or_default()
}

fn floor_to(value: Decimal, step: Option<Decimal>) -> Option<Decimal> {
    match step.filter(|s| *s > Decimal::ZERO) {
        Some(s) => value
            .checked_div(s)?
            .round_dp_with_strategy(0, RoundingStrategy::ToZero)
            .checked_mul(s)
            .map(|v| v.normalize()),
        None => Some(value.normalize()),
    }
}

/// The size `percent` % of the available balance buys or sells, rounded down to the pair's
/// increment: a sell's quantity; a buy's amount (by amount) or quantity at `price`.
pub fn shortcut_size(
    pair: &Pair,
    side: &OrderSide,
    mode: SizeMode,
    percent: u32,
    available: Decimal,
    price: Option<Decimal>,
) -> Option<Decimal> {
    let share = available
        .checked_mul(Decimal::from(percent))?
        .checked_div(Decimal::ONE_HUNDRED)?;
    let size = match (side, mode) {
        (OrderSide::Sell, SizeMode::Quantity) => floor_to(share, pair.size_increment)?,
        (OrderSide::Sell, SizeMode::Amount) => floor_to(
            share.checked_mul(price.filter(|p| *p > Decimal::ZERO)?)?,
            pair.amount_increment,
        )?,
        (_, SizeMode::Amount) => floor_to(share, pair.amount_increment)?,
        (_, SizeMode::Quantity) => floor_to(
            share.checked_div(price.filter(|p| *p > Decimal::ZERO)?)?,
            pair.size_increment,
        )?,
    };
    (size > Decimal::ZERO).then_some(size)
}

/// The price a shortcut sizes against: the limit price for Limit and StopLimit, the trigger
/// price (plus the exchange's 10 % buffer for buys) for StopMarket, else the mid.
pub fn sizing_price(
    draft_type: &OrderType,
    side: &OrderSide,
    limit: Option<Decimal>,
    trigger: Option<Decimal>,
    mid: Option<Decimal>,
) -> Option<Decimal> {
    match draft_type {
        OrderType::Limit | OrderType::StopLimit => limit.or(mid),
        OrderType::StopMarket if *side == OrderSide::Buy => trigger
            .and_then(|t| t.checked_mul(Decimal::new(11, 1)))
            .or(mid),
        OrderType::StopMarket => trigger.or(mid),
        _ => mid,
    }
}

/// A name for the time in force.
pub fn tif_words(tif: &TimeInForce) -> String {
    match tif {
        TimeInForce::Gtc => t("Good till canceled").into(),
        TimeInForce::Ioc => t("Immediate or cancel").into(),
        TimeInForce::Fok => t("Fill or kill").into(),
        TimeInForce::Gtd => t("Good till date").into(),
        TimeInForce::Other(raw) => raw.clone(),
    }
}

/// The time in force inside a sentence (English writes it in lower case).
fn tif_in_sentence(tif: &TimeInForce) -> String {
    match tif {
        TimeInForce::Gtc => t("good till canceled").into(),
        TimeInForce::Ioc => t("immediate or cancel").into(),
        TimeInForce::Fok => t("fill or kill").into(),
        TimeInForce::Gtd => t("good till date").into(),
        TimeInForce::Other(raw) => crate::lower_case::lower_case(raw),
    }
}

/// A name for the order type.
pub fn type_words(order_type: &OrderType) -> String {
    match order_type {
        OrderType::Market => t("Market").into(),
        OrderType::Limit => t("Limit").into(),
        OrderType::StopLimit => t("Stop limit").into(),
        OrderType::StopMarket => t("Stop market").into(),
        OrderType::Other(raw) => raw.clone(),
    }
}

/// The sentence the review dialog restates: what is bought or sold, how and until when.
pub fn describe(draft: &OrderDraft, pair: &Pair) -> String {
    let base = pair.base_asset.as_deref().unwrap_or_default();
    let quote = pair.quote_asset.as_deref().unwrap_or_default();
    let size = match (draft.quantity, draft.amount) {
        (Some(q), _) => format!("{} {base}", plain(q.normalize())),
        (None, Some(a)) => tf(
            "{amount} {currency} worth of {asset}",
            &[
                ("amount", &plain(a.normalize())),
                ("currency", quote),
                ("asset", base),
            ],
        ),
        _ => base.to_string(),
    };
    let limit = plain(draft.limit_price.unwrap_or_default().normalize());
    let trigger = plain(draft.trigger_price.unwrap_or_default().normalize());
    let how = match draft.order_type {
        OrderType::Market => t("at the market price").to_string(),
        OrderType::Limit => tf(
            "at {price} {currency} or better",
            &[("price", &limit), ("currency", quote)],
        ),
        OrderType::StopLimit => tf(
            "at {price} {currency} or better once the price reaches {trigger} {currency}",
            &[
                ("price", &limit),
                ("trigger", &trigger),
                ("currency", quote),
            ],
        ),
        OrderType::StopMarket => tf(
            "at the market price once the price reaches {trigger} {currency}",
            &[("trigger", &trigger), ("currency", quote)],
        ),
        OrderType::Other(ref raw) => tf("as a {type} order", &[("type", raw)]),
    };
    let until = match (&draft.time_in_force, draft.end_time) {
        (Some(TimeInForce::Gtd), Some(end)) => {
            tf(", valid until {time}", &[("time", &end_time_text(end))])
        }
        (Some(tif), _) => format!(" ({})", tif_in_sentence(tif)),
        (None, _) => String::new(),
    };
    let values = [
        ("size", size.as_str()),
        ("how", how.as_str()),
        ("pair", pair.pair.as_str()),
        ("until", until.as_str()),
    ];
    if draft.side == OrderSide::Sell {
        tf("Sell {size} {how} on {pair}{until}.", &values)
    } else {
        tf("Buy {size} {how} on {pair}{until}.", &values)
    }
}

/// The fat-finger sentence for a limit price `percent` % `above` (or below) the mid.
pub fn fat_finger_warning(percent: Decimal, side: &OrderSide, above: bool) -> String {
    let risk = match (side, above) {
        (OrderSide::Sell, false) => t("You may sell for much less than the market pays."),
        (OrderSide::Sell, true) | (_, false) => {
            t("The order will probably not fill for a long time.")
        }
        (_, true) => t("You may pay much more than the market asks."),
    };
    // The client caps a distance too large to compute at its ceiling: say "at least".
    let at_least = percent >= folio_client::exchange::FAT_FINGER_CEILING;
    let (percent, threshold) = (plain(percent), plain(FAT_FINGER_PERCENT));
    let values = [
        ("percent", percent.as_str()),
        ("threshold", threshold.as_str()),
    ];
    let distance = match (at_least, above) {
        (false, true) => tf(
            "The limit price is {percent} % above the market price (more than {threshold} % away).",
            &values,
        ),
        (false, false) => tf(
            "The limit price is {percent} % below the market price (more than {threshold} % away).",
            &values,
        ),
        (true, true) => tf(
            "The limit price is at least {percent} % above the market price (more than {threshold} % away).",
            &values,
        ),
        (true, false) => tf(
            "The limit price is at least {percent} % below the market price (more than {threshold} % away).",
            &values,
        ),
    };
    format!(
        "{distance} {risk} {}",
        t("Check it before you place the order.")
    )
}

/// The id of the input a field's message belongs to.
pub fn field_id(field: Field) -> &'static str {
    match field {
        Field::Quantity | Field::Amount => "order-size",
        Field::LimitPrice => "order-limit-price",
        Field::TriggerPrice => "order-trigger-price",
        Field::TimeInForce => "order-tif",
        Field::EndTime => "order-end-time",
    }
}

#[cfg(test)]
#[path = "ticket_tests.rs"]
mod tests;
