use super::*;
use chrono::TimeZone;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn pair() -> Pair {
    serde_json::from_value(serde_json::json!({
        "pair": "BTC-EUR", "base_asset": "BTC", "quote_asset": "EUR", "tick_size": "1",
        "size_increment": "0.00001", "amount_increment": "0.01", "min_order_amount": "10"
    }))
    .unwrap()
}

fn typed() -> TypedOrder {
    TypedOrder {
        side: OrderSide::Buy,
        order_type: OrderType::Limit,
        mode: SizeMode::Quantity,
        size: "0.01".into(),
        limit_price: "50000".into(),
        trigger_price: "123".into(),
        time_in_force: Some(TimeInForce::Gtc),
        end_time: String::new(),
    }
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

#[test]
fn typed_values_become_a_draft() {
    let draft = typed().draft(Some(d("60000")), now()).unwrap();
    assert_eq!(draft.quantity, Some(d("0.01")));
    assert_eq!(draft.amount, None);
    assert_eq!(draft.limit_price, Some(d("50000")));
    assert_eq!(draft.trigger_price, None, "a Limit order has no trigger");
    let by_amount = TypedOrder {
        order_type: OrderType::Market,
        mode: SizeMode::Amount,
        size: "25.00".into(),
        ..typed()
    };
    let draft = by_amount.draft(Some(d("60000")), now()).unwrap();
    assert_eq!((draft.quantity, draft.amount), (None, Some(d("25.00"))));
    assert_eq!(draft.limit_price, None);
}

#[test]
fn unreadable_values_are_reported_at_their_field() {
    let bad = TypedOrder {
        size: "1,000".into(),
        limit_price: "12abc".into(),
        ..typed()
    };
    let errors = bad.draft(None, now()).unwrap_err();
    let fields: Vec<Field> = errors.iter().map(|(f, _)| *f).collect();
    assert_eq!(fields, [Field::Quantity, Field::LimitPrice]);
    let exp = TypedOrder {
        size: "1e3".into(),
        ..typed()
    };
    assert!(exp.draft(None, now()).is_err());
    let gtd = TypedOrder {
        time_in_force: Some(TimeInForce::Gtd),
        end_time: "2026-11-22T10:00".into(),
        ..typed()
    };
    assert_eq!(gtd.draft(None, now()).unwrap_err()[0].0, Field::EndTime);
    let gtd = TypedOrder {
        end_time: "2026-12-01T18:30".into(),
        ..gtd
    };
    let draft = gtd.draft(None, now()).unwrap();
    assert_eq!(
        draft.end_time,
        Some(Utc.with_ymd_and_hms(2026, 12, 1, 18, 30, 0).unwrap())
    );
    // Negative numbers, thousands separators and huge numbers are refused at their field.
    for (size, words) in [
        ("-1", "greater than zero"),
        ("1,000", "thousands separators"),
        ("1000000000000000000", "too large"),
    ] {
        let typed = TypedOrder {
            size: size.into(),
            ..typed()
        };
        let errors = typed.draft(None, now()).unwrap_err();
        assert!(
            errors
                .iter()
                .any(|(f, m)| *f == Field::Quantity && m.contains(words)),
            "{size}: {errors:?}"
        );
    }
}

#[test]
fn shortcuts_round_down_to_the_increments() {
    let p = pair();
    let buy_qty = shortcut_size(
        &p,
        &OrderSide::Buy,
        SizeMode::Quantity,
        50,
        d("1000"),
        Some(d("60000")),
    );
    assert_eq!(buy_qty, Some(d("0.00833")));
    let buy_amt = shortcut_size(
        &p,
        &OrderSide::Buy,
        SizeMode::Amount,
        25,
        d("1000.05"),
        None,
    );
    assert_eq!(buy_amt, Some(d("250.01")));
    let sell = shortcut_size(
        &p,
        &OrderSide::Sell,
        SizeMode::Quantity,
        100,
        d("0.123456"),
        None,
    );
    assert_eq!(sell, Some(d("0.12345")));
    assert_eq!(
        shortcut_size(&p, &OrderSide::Buy, SizeMode::Quantity, 25, d("1000"), None),
        None,
        "no price, no quantity"
    );
    assert_eq!(
        shortcut_size(
            &p,
            &OrderSide::Sell,
            SizeMode::Quantity,
            25,
            Decimal::ZERO,
            None
        ),
        None
    );
    assert_eq!(
        sizing_price(
            &OrderType::StopMarket,
            &OrderSide::Buy,
            None,
            Some(d("100")),
            Some(d("90"))
        ),
        Some(d("110.0"))
    );
    assert_eq!(
        sizing_price(
            &OrderType::Limit,
            &OrderSide::Buy,
            Some(d("95")),
            None,
            Some(d("90"))
        ),
        Some(d("95"))
    );
}

#[test]
fn balances_and_words() {
    let balances = vec![Balance {
        symbol: "EUR".into(),
        available: d("12.5"),
        locked: d("1"),
    }];
    assert_eq!(spent_symbol(&pair(), &OrderSide::Buy), "EUR");
    assert_eq!(spent_symbol(&pair(), &OrderSide::Sell), "BTC");
    assert_eq!(available_of(&balances, "eur"), d("12.5"));
    assert_eq!(available_of(&balances, "BTC"), Decimal::ZERO);
    let draft = typed().draft(None, now()).unwrap();
    assert_eq!(
        describe(&draft, &pair()),
        "Buy 0.01 BTC at 50000 EUR or better on BTC-EUR (good till canceled)."
    );
    let gtd = TypedOrder {
        order_type: OrderType::StopMarket,
        side: OrderSide::Sell,
        trigger_price: "40000".into(),
        time_in_force: Some(TimeInForce::Gtd),
        end_time: "2026-12-01T18:30".into(),
        ..typed()
    };
    assert_eq!(
        describe(&gtd.draft(None, now()).unwrap(), &pair()),
        "Sell 0.01 BTC at the market price once the price reaches 40000 EUR on BTC-EUR, valid until 2026-12-01 18:30 (UTC)."
    );
    // In Vienna (winter, +1) the same typed time is an hour earlier in UTC, and said so.
    crate::format::local_time::set_test_zone(Some(
        crate::format::local_time::TestZone::VIENNA_2026,
    ));
    let vienna = gtd.draft(None, now()).unwrap();
    assert_eq!(
        vienna.end_time,
        Some(Utc.with_ymd_and_hms(2026, 12, 1, 17, 30, 0).unwrap())
    );
    assert!(describe(&vienna, &pair()).ends_with(", valid until 2026-12-01 18:30 (Europe/Vienna)."));
    crate::format::local_time::set_test_zone(None);
    let buy_high = fat_finger_warning(d("25.0"), &OrderSide::Buy, true);
    assert!(buy_high.contains("25.0 % above") && buy_high.contains("pay much more"));
    let sell_low = fat_finger_warning(d("12.5"), &OrderSide::Sell, false);
    assert!(sell_low.contains("12.5 % below") && sell_low.contains("much less"));
    assert!(fat_finger_warning(d("50"), &OrderSide::Buy, false).contains("not fill"));
    assert_eq!(allowed_tifs(&OrderType::Market).len(), 2);
    assert_eq!(field_id(Field::Amount), "order-size");
}
