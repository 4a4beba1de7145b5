//! What the person has typed into the exchange order form, and the two things done with it:
//! sizing from a share of the available balance, and checking it into a [`Review`] (or the
//! problems, each shown at its field). The form's views are in `order_form`.

use chrono::Utc;
use folio_client::exchange::{
    fat_finger, validate_order, Field, OrderSide, OrderType, Pair, TimeInForce,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::place_order::Review;
use crate::data::write::Words;
use crate::i18n::t;
use crate::pages::exchange::problem_words::problems_in_words;
use crate::pages::exchange::ticket::{
    describe, field_id, shortcut_size, sizing_price, SizeMode, TypedOrder,
};

/// The message shown at each field of the form (`None`: nothing wrong there).
#[derive(Clone, Copy)]
pub struct FieldErrors {
    /// At the quantity or amount.
    pub size: RwSignal<Option<String>>,
    /// At the limit price.
    pub limit: RwSignal<Option<String>>,
    /// At the trigger price.
    pub trigger: RwSignal<Option<String>>,
    /// At the time in force.
    pub tif: RwSignal<Option<String>>,
    /// At the end time.
    pub end_time: RwSignal<Option<String>>,
}

impl FieldErrors {
    fn new() -> Self {
        Self {
            size: RwSignal::new(None),
            limit: RwSignal::new(None),
            trigger: RwSignal::new(None),
            tif: RwSignal::new(None),
            end_time: RwSignal::new(None),
        }
    }

    fn all(&self) -> [(&'static str, RwSignal<Option<String>>); 5] {
        [
            ("order-size", self.size),
            ("order-limit-price", self.limit),
            ("order-trigger-price", self.trigger),
            ("order-tif", self.tif),
            ("order-end-time", self.end_time),
        ]
    }

    /// Shows each problem at its field (several at one field are joined).
    pub fn show(&self, found: &[(Field, String)]) {
        for (id, signal) in self.all() {
            let words: Vec<&str> = found
                .iter()
                .filter(|(f, _)| field_id(*f) == id)
                .map(|(_, m)| m.as_str())
                .collect();
            signal.set((!words.is_empty()).then(|| words.join(" ")));
        }
    }

    /// Clears every field's message.
    pub fn clear(&self) {
        for (_, signal) in self.all() {
            signal.set(None);
        }
    }
}

/// The typed order. Cheap to copy.
#[derive(Clone, Copy)]
pub struct OrderTicket {
    /// Buy or Sell.
    pub side: RwSignal<OrderSide>,
    /// Market, Limit, Stop limit or Stop market (the book can set it: a click on a level).
    pub order_type: RwSignal<OrderType>,
    /// Quantity or (Market only) amount.
    pub mode: RwSignal<SizeMode>,
    /// The quantity or amount, as typed.
    pub size: RwSignal<String>,
    /// The limit price, as typed (the book can fill it).
    pub limit: RwSignal<String>,
    /// The trigger price, as typed.
    pub trigger: RwSignal<String>,
    /// Time in force; `None`: the exchange's default.
    pub tif: RwSignal<Option<TimeInForce>>,
    /// The end time of a good-till-date order, as typed (`datetime-local`).
    pub end_time: RwSignal<String>,
    /// The problems found, at their fields.
    pub errors: FieldErrors,
}

impl OrderTicket {
    /// An empty ticket on the market page's type and limit-price signals.
    pub fn new(order_type: RwSignal<OrderType>, limit: RwSignal<String>) -> Self {
        Self {
            side: RwSignal::new(OrderSide::Buy),
            order_type,
            mode: RwSignal::new(SizeMode::Quantity),
            size: RwSignal::new(String::new()),
            limit,
            trigger: RwSignal::new(String::new()),
            tif: RwSignal::new(None),
            end_time: RwSignal::new(String::new()),
            errors: FieldErrors::new(),
        }
    }

    /// The price the size is measured against (limit, trigger or mid), tracked.
    pub fn sizing_price(&self, mid: Option<Decimal>) -> Option<Decimal> {
        sizing_price(
            &self.order_type.get(),
            &self.side.get(),
            self.limit.with(|t| t.trim().parse().ok()),
            self.trigger.with(|t| t.trim().parse().ok()),
            mid,
        )
    }

    /// Sets the size to `percent` of `available` (or says why it cannot).
    pub fn use_share(&self, pair: &Pair, percent: u32, available: Decimal, mid: Option<Decimal>) {
        let price = self.sizing_price(mid);
        let sized = shortcut_size(
            pair,
            &self.side.get_untracked(),
            self.mode.get_untracked(),
            percent,
            available,
            price,
        );
        match sized {
            Some(v) => self.size.set(v.to_string()),
            None => self.errors.size.set(Some(
                t("Enter a price first, or there is nothing available to use.").into(),
            )),
        }
    }

    /// The order checked against the pair's rules and the balance, ready for confirmation;
    /// otherwise the problems, each at its field.
    pub fn review(
        &self,
        pair: &Pair,
        mid: Option<Decimal>,
        available: Option<Decimal>,
    ) -> Result<Review, Vec<(Field, String)>> {
        let typed = TypedOrder {
            side: self.side.get_untracked(),
            order_type: self.order_type.get_untracked(),
            mode: self.mode.get_untracked(),
            size: self.size.get_untracked(),
            limit_price: self.limit.get_untracked(),
            trigger_price: self.trigger.get_untracked(),
            time_in_force: self.tif.get_untracked(),
            end_time: self.end_time.get_untracked(),
        };
        let draft = typed.draft(mid, Utc::now())?;
        validate_order(pair, &draft, available.unwrap_or(Decimal::MAX))
            .map_err(problems_in_words)?;
        Ok(Review {
            order: draft.to_new_order(&pair.pair),
            text: {
                let (draft, pair) = (draft.clone(), pair.clone());
                Words::new(move || describe(&draft, &pair))
            },
            fat_finger: mid.and_then(|m| fat_finger(&draft, m)),
            above_mid: draft.limit_price.zip(mid).is_some_and(|(l, m)| l > m),
        })
    }
}
