//! Local time: with the browser in Vienna (Chrome DevTools' time-zone override), Operations
//! shows an operation's day and time in Vienna time, its day filter takes Vienna days, the
//! operation panel names the zone, and so does a trade's receipt. The expected texts are
//! worked out here from the instants the sandbox's API sends, by the EU rule for summer time.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc};
use folio_client::current::{Operation, OperationsQuery};
use serde_json::json;

use crate::money_moves::{accept, asset_id, operations_of, order, quote};
use crate::operations::{load_all, open};
use crate::support::{World, FULL_KEY};

const ZONE: &str = "Europe/Vienna";

/// Vienna's offset at `t`: +2 h from 01:00 UTC on the last Sunday of March to 01:00 UTC on
/// the last Sunday of October, +1 h otherwise.
fn vienna_offset_hours(t: DateTime<Utc>) -> i64 {
    let last_sunday = |month: u32| {
        let last = NaiveDate::from_ymd_opt(t.year(), month, 31).unwrap();
        last - Duration::days(i64::from(last.weekday().num_days_from_sunday()))
    };
    let switch = |month| last_sunday(month).and_hms_opt(1, 0, 0).unwrap().and_utc();
    if t >= switch(3) && t < switch(10) {
        2
    } else {
        1
    }
}

/// `t` on a Vienna wall clock.
fn vienna(t: DateTime<Utc>) -> NaiveDateTime {
    t.naive_utc() + Duration::hours(vienna_offset_hours(t))
}

/// A day as the English screen writes it (`4 May 2026`).
fn english_day(day: NaiveDate) -> String {
    day.format("%-d %b %Y").to_string()
}

/// A time as the English screen writes it with the zone named
/// (`4 May 2026, 11:15 (Europe/Vienna)`).
fn zoned_text(t: DateTime<Utc>) -> String {
    let wall = vienna(t);
    format!(
        "{}, {} ({ZONE})",
        english_day(wall.date()),
        wall.format("%H:%M")
    )
}

/// When an operation was credited (its latest leg), if every leg is.
fn credited(op: &Operation) -> Option<DateTime<Utc>> {
    let times: Option<Vec<_>> = op.transactions.iter().map(|t| t.credited_at).collect();
    times?.into_iter().max()
}

/// A started world whose browser is in Vienna before Folio is first loaded, connected.
async fn in_vienna() -> World {
    let w = World::start().await;
    w.cdp(
        "Emulation.setTimezoneOverride",
        json!({ "timezoneId": ZONE }),
    )
    .await;
    w.connect(FULL_KEY).await;
    assert_eq!(
        w.js("return Intl.DateTimeFormat().resolvedOptions().timeZone;")
            .await,
        json!(ZONE),
        "the browser is in Vienna"
    );
    w
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_show_vienna_time_and_name_the_zone() {
    let w = in_vienna().await;
    // Operations from the API, a month apart back over a year: one in summer time and one in
    // winter time, each late enough in the UTC day to be on the next day in Vienna if one is.
    let api = w.api();
    let mut candidates = Vec::new();
    for months in 0..13 {
        let query = OperationsQuery {
            page_size: Some(50),
            to: Some(Utc::now() - Duration::days(30 * months)),
            ..OperationsQuery::default()
        };
        let page = api.current().operations(&query).await.expect("operations");
        candidates.extend(
            page.data
                .into_iter()
                .filter_map(|op| Some((credited(&op)?, op.operation_id.to_string()))),
        );
    }
    let crosses = |t: &DateTime<Utc>| vienna(*t).date() != t.date_naive();
    let pick = |hours: i64| {
        let in_season = |(t, _): &&(DateTime<Utc>, String)| vienna_offset_hours(*t) == hours;
        candidates
            .iter()
            .filter(in_season)
            .find(|(t, _)| crosses(t))
            .or_else(|| candidates.iter().find(in_season))
            .cloned()
            .unwrap_or_else(|| panic!("an operation at +{hours} h"))
    };
    let picked = [pick(2), pick(1)];
    assert!(
        picked.iter().any(|(t, _)| crosses(t)),
        "an operation on another day in Vienna than in UTC: {picked:?}"
    );
    for (time, id) in picked {
        let wall = vienna(time);
        let day = wall.date();
        // The day filter takes Vienna days: an operation after 22:00 UTC in summer (23:00 in
        // winter) is found under the next day.
        open(&w, &format!("?from={day}&to={day}&q={id}")).await;
        load_all(&w).await;
        w.wait_text("#ops-times-note", ZONE).await;
        let row = format!(".op-row[data-id='{id}']");
        assert_eq!(
            w.text(&format!("{row} .op-time")).await,
            wall.format("%H:%M").to_string(),
            "the row's time of {time}"
        );
        assert_eq!(
            w.text(".op-day h2").await,
            english_day(day),
            "the day {time} is listed under"
        );
        w.click(&format!("{row} .op-open")).await;
        let detail = w.wait_text("[data-testid=op-detail]", &id).await;
        let expected = zoned_text(time);
        assert!(
            detail.contains(&expected),
            "the operation panel says {expected:?}: {detail}"
        );
        assert!(
            !detail.contains("UTC"),
            "no UTC time on the panel: {detail}"
        );
    }
    // The zone named in full still fits the space kept under the list, on a desktop and on
    // a phone (where the note takes two lines).
    w.assert_kept_spaces_fit("Operations in Vienna at 1280 px")
        .await;
    w.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": true }),
    )
    .await;
    w.wait_js_true("window.innerWidth === 360").await;
    w.assert_kept_spaces_fit("Operations in Vienna at 360 px")
        .await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trade_receipt_names_the_zone() {
    let w = in_vienna().await;
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    accept(&w).await;
    let shown = w.wait_text("#receipt-executed-at", ZONE).await;
    let btc = asset_id(&w, "BTC");
    let executed = operations_of(&w, &btc)
        .await
        .first()
        .and_then(credited)
        .expect("the trade's operation");
    assert_eq!(shown, zoned_text(executed), "the receipt's time");
    w.close().await;
}
