//! Unit tests of the order form checks.

use super::*;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn btc_eur() -> Pair {
    Pair {
        pair: "BTC-EUR".into(),
        base_asset: Some("BTC".into()),
        quote_asset: Some("EUR".into()),
        base_asset_type: None,
        quote_asset_type: None,
        tick_size: Some(d("1")),
        size_increment: Some(d("0.00001")),
        amount_increment: Some(d("0.01")),
        max_order_size: Some(d("100")),
        min_order_amount: Some(d("10")),
        max_order_amount: Some(d("500000")),
    }
}

fn limit(side: OrderSide, qty: &str, price: &str) -> OrderDraft {
    OrderDraft {
        side,
        order_type: OrderType::Limit,
        quantity: Some(d(qty)),
        amount: None,
        limit_price: Some(d(price)),
        trigger_price: None,
        time_in_force: None,
        end_time: None,
        market_price: Some(d("60000")),
    }
}

fn fields(r: Result<(), Vec<(Field, OrderProblem)>>) -> Vec<Field> {
    r.err()
        .unwrap_or_default()
        .into_iter()
        .map(|e| e.0)
        .collect()
}

#[test]
fn a_good_limit_order_passes() {
    assert_eq!(
        validate_order(
            &btc_eur(),
            &limit(OrderSide::Buy, "0.01", "60000"),
            d("1000")
        ),
        Ok(())
    );
    assert_eq!(
        validate_order(
            &btc_eur(),
            &limit(OrderSide::Sell, "0.01", "60000"),
            d("0.01")
        ),
        Ok(())
    );
}

#[test]
fn each_rule_names_its_field() {
    let p = btc_eur();
    let many = d("1000000");
    let below = validate_order(&p, &limit(OrderSide::Buy, "0.0001", "60000"), many).unwrap_err();
    assert_eq!(
        below,
        [(
            Field::Quantity,
            OrderProblem::BelowMinimum {
                min: d("10"),
                quote: "EUR".into()
            }
        )]
    );
    assert_eq!(
        validate_order(&p, &limit(OrderSide::Buy, "0.01", "60000.5"), many),
        Err(vec![(
            Field::LimitPrice,
            OrderProblem::PriceNotOnTick {
                price: PriceKind::Limit,
                tick: d("1")
            }
        )])
    );
    assert_eq!(
        validate_order(&p, &limit(OrderSide::Buy, "0.000015", "60000"), many),
        Err(vec![(
            Field::Quantity,
            OrderProblem::QuantityNotMultiple { step: d("0.00001") }
        )])
    );
    assert_eq!(
        validate_order(&p, &limit(OrderSide::Buy, "101", "60000"), d("1e9")),
        Err(vec![(
            Field::Quantity,
            OrderProblem::QuantityAboveMaximum {
                max: d("100"),
                base: "BTC".into()
            }
        )])
    );
    assert_eq!(
        fields(validate_order(
            &p,
            &limit(OrderSide::Buy, "9", "60000"),
            many
        )),
        [Field::Quantity]
    );
    let poor =
        validate_order(&p, &limit(OrderSide::Buy, "0.01", "60000"), d("599.99")).unwrap_err();
    assert_eq!(
        poor,
        [(
            Field::Quantity,
            OrderProblem::NotEnoughBalance {
                need: d("600"),
                available: d("599.99"),
                unit: "EUR".into()
            }
        )]
    );
    let mut both = limit(OrderSide::Buy, "0.01", "60000");
    both.amount = Some(d("100"));
    assert!(validate_order(&p, &both, many)
        .unwrap_err()
        .contains(&(Field::Amount, OrderProblem::QuantityAndAmount)));
    let mut neither = both.clone();
    neither.quantity = None;
    neither.amount = None;
    assert_eq!(
        validate_order(&p, &neither, many),
        Err(vec![(Field::Quantity, OrderProblem::NoSize)])
    );
    let mut no_price = limit(OrderSide::Buy, "0.01", "1");
    no_price.limit_price = None;
    assert_eq!(
        validate_order(&p, &no_price, many),
        Err(vec![(
            Field::LimitPrice,
            OrderProblem::PriceMissing(PriceKind::Limit)
        )])
    );
    let mut gtd = limit(OrderSide::Buy, "0.01", "60000");
    gtd.time_in_force = Some(TimeInForce::Gtd);
    assert_eq!(
        validate_order(&p, &gtd, many),
        Err(vec![(Field::EndTime, OrderProblem::EndTimeMissing)])
    );
    let mut ended = limit(OrderSide::Buy, "0.01", "60000");
    ended.end_time = Some(chrono::DateTime::UNIX_EPOCH);
    assert_eq!(
        validate_order(&p, &ended, many),
        Err(vec![(Field::EndTime, OrderProblem::EndTimeNotUsed)])
    );
}

#[test]
fn market_orders_by_amount_and_stops() {
    let p = btc_eur();
    let market = OrderDraft {
        order_type: OrderType::Market,
        quantity: None,
        amount: Some(d("100.00")),
        limit_price: None,
        ..limit(OrderSide::Buy, "1", "1")
    };
    assert_eq!(validate_order(&p, &market, d("100")), Ok(()));
    assert!(validate_order(&p, &market, d("99.99")).is_err());
    let odd = OrderDraft {
        amount: Some(d("100.001")),
        ..market.clone()
    };
    assert_eq!(
        validate_order(&p, &odd, d("1000")),
        Err(vec![(
            Field::Amount,
            OrderProblem::AmountNotMultiple { step: d("0.01") }
        )])
    );
    let gtc = OrderDraft {
        time_in_force: Some(TimeInForce::Gtc),
        ..market.clone()
    };
    assert_eq!(
        validate_order(&p, &gtc, d("1000")),
        Err(vec![(Field::TimeInForce, OrderProblem::MarketTimeInForce)])
    );
    let by_amount_limit = OrderDraft {
        order_type: OrderType::Limit,
        limit_price: Some(d("60000")),
        ..market
    };
    assert_eq!(
        validate_order(&p, &by_amount_limit, d("1000")),
        Err(vec![(Field::Amount, OrderProblem::AmountNotMarket)])
    );
    let stop = OrderDraft {
        order_type: OrderType::StopMarket,
        trigger_price: Some(d("60000")),
        limit_price: None,
        ..limit(OrderSide::Buy, "0.01", "1")
    };
    assert!(
        validate_order(&p, &stop, d("600")).is_err(),
        "a stop buy needs a 10 % buffer"
    );
    assert_eq!(validate_order(&p, &stop, d("660")), Ok(()));
    let no_trigger = OrderDraft {
        trigger_price: None,
        ..stop
    };
    assert_eq!(
        validate_order(&p, &no_trigger, d("1000")),
        Err(vec![(
            Field::TriggerPrice,
            OrderProblem::PriceMissing(PriceKind::Trigger)
        )])
    );
}

#[test]
fn fat_finger_beyond_ten_percent() {
    let mid = d("60000");
    assert_eq!(
        fat_finger(&limit(OrderSide::Buy, "0.01", "54000"), mid),
        None
    );
    assert_eq!(
        fat_finger(&limit(OrderSide::Buy, "0.01", "53999"), mid),
        Some(d("10.0"))
    );
    assert_eq!(
        fat_finger(&limit(OrderSide::Sell, "0.01", "90000"), mid),
        Some(d("50.0"))
    );
    let market = OrderDraft {
        order_type: OrderType::Market,
        ..limit(OrderSide::Buy, "0.01", "1")
    };
    assert_eq!(fat_finger(&market, mid), None);
}

#[test]
fn drafts_become_request_bodies() {
    let mut draft = limit(OrderSide::Buy, "0.01", "60000");
    draft.trigger_price = Some(d("1"));
    let body = serde_json::to_value(draft.to_new_order("BTC-EUR")).unwrap();
    assert_eq!(
        body,
        serde_json::json!({"pair": "BTC-EUR", "side": "Buy", "type": "Limit", "quantity": "0.01", "limitPrice": "60000"})
    );
}

fn unbounded_pair() -> Pair {
    Pair {
        size_increment: None,
        amount_increment: None,
        tick_size: None,
        max_order_size: None,
        max_order_amount: None,
        ..btc_eur()
    }
}

#[test]
fn huge_values_are_refused_at_the_field_not_panicked_on() {
    let p = unbounded_pair();
    let huge = limit(OrderSide::Buy, "1000000000000000", "100000000000000");
    // 1e29 does not fit a Decimal: the product overflows.
    assert_eq!(
        validate_order(&p, &huge, Decimal::MAX),
        Err(vec![(Field::Quantity, OrderProblem::ValueTooLarge)])
    );
    let max = OrderDraft {
        quantity: Some(Decimal::MAX),
        limit_price: Some(Decimal::MAX),
        ..huge.clone()
    };
    assert_eq!(
        fields(validate_order(&p, &max, Decimal::MAX)),
        [Field::Quantity]
    );
    // A stop buy's 10 % buffer overflows on its own.
    let stop = OrderDraft {
        order_type: OrderType::StopMarket,
        quantity: Some(Decimal::MAX),
        limit_price: None,
        trigger_price: Some(Decimal::ONE),
        ..huge
    };
    assert_eq!(
        validate_order(&p, &stop, Decimal::MAX),
        Err(vec![(Field::Quantity, OrderProblem::ValueTooLarge)])
    );
}

#[test]
fn market_sell_by_amount_with_a_zero_mid_skips_the_balance_check() {
    let p = unbounded_pair();
    let sell = OrderDraft {
        order_type: OrderType::Market,
        quantity: None,
        amount: Some(d("100")),
        limit_price: None,
        market_price: Some(Decimal::ZERO),
        ..limit(OrderSide::Sell, "1", "1")
    };
    assert_eq!(validate_order(&p, &sell, Decimal::ZERO), Ok(()));
    let known = OrderDraft {
        market_price: Some(d("50")),
        ..sell
    };
    // 100 EUR at 50 needs 2 BTC.
    assert_eq!(fields(validate_order(&p, &known, d("1"))), [Field::Amount]);
    assert_eq!(validate_order(&p, &known, d("2")), Ok(()));
}

#[test]
fn fat_finger_survives_extreme_prices() {
    let far = limit(OrderSide::Buy, "1", "1000000000000000");
    assert_eq!(
        fat_finger(&far, d("0.0000000000001")),
        Some(FAT_FINGER_CEILING)
    );
    let max = limit(OrderSide::Buy, "1", "79228162514264337593543950335");
    assert_eq!(fat_finger(&max, d("1")), Some(FAT_FINGER_CEILING));
    assert_eq!(fat_finger(&max, Decimal::ZERO), None);
    // Just above the threshold is still exact.
    assert_eq!(fat_finger(&far, d("100000000000000")), Some(d("900.0")));
}

#[test]
fn zero_sizes_and_prices_and_the_maximum_value_are_named() {
    let p = btc_eur();
    let many = d("1e12");
    assert_eq!(
        validate_order(&p, &limit(OrderSide::Buy, "0", "0"), many),
        Err(vec![
            (Field::Quantity, OrderProblem::QuantityNotPositive),
            (
                Field::LimitPrice,
                OrderProblem::PriceNotPositive(PriceKind::Limit)
            ),
        ])
    );
    let market = OrderDraft {
        order_type: OrderType::Market,
        quantity: None,
        amount: Some(d("0")),
        limit_price: None,
        ..limit(OrderSide::Buy, "1", "1")
    };
    assert_eq!(
        validate_order(&p, &market, many),
        Err(vec![(Field::Amount, OrderProblem::AmountNotPositive)])
    );
    assert_eq!(
        validate_order(&p, &limit(OrderSide::Buy, "99", "60000"), many),
        Err(vec![(
            Field::Quantity,
            OrderProblem::AboveMaximum {
                max: d("500000"),
                quote: "EUR".into()
            }
        )])
    );
}
