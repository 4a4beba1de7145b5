//! The asset page's card of the person's operations on the asset: how many, of which types
//! (each a link to the Operations list filtered to the asset and that type), the first and
//! the latest day, and the latest few with what each moved of the asset (each a link to the
//! Operations list showing it). It reads every page of `GET /v1/operations` the service
//! filters to the asset (`asset_id`), as the Operations list with `?asset=` does, once the
//! page's first figures are shown; the operations are added up page by page, not kept.

use folio_client::current::{OperationsQuery, Progress, Stopped};
use folio_client::AssetId;
use leptos::prelude::*;
use leptos_router::components::A;

use super::activity::{Activity, Latest};
use crate::data::load::{account_resource_when, load_states};
use crate::data::next_task::shown_once;
use crate::format::{
    format_count, format_datetime, format_day, format_signed_amount, local_time, round_to,
    skipped_sentence, trend_class, MISSING,
};
use crate::i18n::{t, tf, tn};
use crate::pages::operations::rows::type_label;

/// Every page of the asset's operations, added up, with how the reading ended; `read` hears
/// how many so far.
async fn read_activity(
    client: folio_client::Client,
    asset: AssetId,
    read: impl Fn(usize),
) -> Result<(Activity, Progress), folio_client::ApiError> {
    let id = asset.to_string();
    let query = OperationsQuery {
        page_size: Some(100),
        asset_ids: vec![asset],
        ..OperationsQuery::default()
    };
    let mut activity = Activity::default();
    let progress = client
        .current()
        .operations_paginator(query)
        .run(None, |page, _| {
            activity.add(&page, &id);
            read(activity.count);
        })
        .await?;
    Ok((activity, progress))
}

/// Why the counts may be short, as the Operations list says it: the service misbehaved and
/// reading stopped, or records that could not be read were left out.
fn short_because(progress: &Progress) -> Option<String> {
    let stopped = progress.stopped.map(|why| {
        let why = match why {
            Stopped::RepeatedCursor => {
                t("the service sent a page it had sent before, so loading stopped")
            }
            Stopped::NoNewItems => t("several pages brought nothing new, so loading stopped"),
        };
        tf(
            "Not every operation could be read ({why}): these counts may be short.",
            &[("why", why)],
        )
    });
    let skipped = skipped_sentence(progress.skipped);
    let both: Vec<String> = stopped.into_iter().chain(skipped).collect();
    (!both.is_empty()).then(|| both.join(" "))
}

/// The card for the asset `asset_id`, shown as `symbol`, amounts with `decimals`.
#[component]
pub fn OperationsCard(asset_id: String, symbol: String, decimals: u32) -> impl IntoView {
    let read_so_far = RwSignal::new(0usize);
    let asset = AssetId::from(asset_id.as_str());
    let data = account_resource_when(
        shown_once(None),
        move || asset.clone(),
        move |client, _keyless, asset| read_activity(client, asset, move |n| read_so_far.set(n)),
    );
    let sym = StoredValue::new(symbol.clone());
    let progress = move || {
        data.with(|d| d.is_none()).then(|| {
            let n = format_count(read_so_far.get());
            tf(
                "Reading your operations on {symbol}… {n} so far.",
                &[("symbol", &sym.get_value()), ("n", &n)],
            )
        })
    };
    let shown = load_states(
        move || data.get(),
        t("your operations on this asset"),
        move || data.refetch(),
        move |(activity, progress): (Activity, Progress)| {
            let short = short_because(&progress).map(|why| {
                view! { <p class="notice" id="asset-ops-short" role="status">{why}</p> }
            });
            view! {
                {short}
                {activity_view(activity, &sym.get_value(), decimals)}
            }
        },
    );
    let every = format!("/operations?asset={symbol}");
    view! {
        <section class="card asset-ops" id="asset-ops" aria-labelledby="asset-ops-title">
            <h2 id="asset-ops-title">{t("Your operations")}</h2>
            <p class="hint" id="asset-ops-progress" role="status" aria-live="polite">{progress}</p>
            {shown}
            <p>
                <A href=every.clone() {..} id="asset-operations">{tf("Every operation on {symbol}", &[("symbol", &symbol)])}</A>
                {t(": the Operations list filtered to this asset, with its CSV and JSON exports.")}
            </p>
        </section>
    }
}

/// The Operations list filtered to `symbol` and the parameter `name` (`type`, `q`).
fn filtered(symbol: &str, name: &str, value: &str) -> String {
    let params = [
        ("asset", Some(symbol.to_string())),
        (name, Some(value.to_string())),
    ];
    format!("/operations{}", crate::url::query_string(&params))
}

/// The counts, the types and the latest operations.
fn activity_view(activity: Activity, symbol: &str, decimals: u32) -> AnyView {
    if activity.count == 0 {
        let none = tf("You have no operations on {symbol}.", &[("symbol", symbol)]);
        return view! { <p id="asset-no-ops">{none}</p> }.into_any();
    }
    let day = |time: Option<chrono::DateTime<chrono::Utc>>| {
        time.map_or_else(
            || MISSING.to_string(),
            |t| format_day(local_time::local(t).date()),
        )
    };
    let count = tn(activity.count, "{n} operation", "{n} operations");
    let summary = tf(
        "{count} on {symbol}: the first on {first}, the latest on {last}.",
        &[
            ("count", &count),
            ("symbol", symbol),
            ("first", &day(activity.first)),
            ("last", &day(activity.last)),
        ],
    );
    let mut types: Vec<(String, usize)> = activity.by_type.into_iter().collect();
    types.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let types = types
        .into_iter()
        .map(|(kind, n)| {
            let (href, label) = (filtered(symbol, "type", &kind), type_label(&kind));
            view! {
                <li data-type=kind data-count=n.to_string()>
                    <A href=href>{label}</A>
                    " "
                    <span class="count">{format_count(n)}</span>
                </li>
            }
        })
        .collect_view();
    let rows = activity
        .latest
        .into_iter()
        .map(|l| latest_row(l, symbol, decimals))
        .collect_view();
    view! {
        <p id="asset-ops-count" data-count=activity.count.to_string()>{summary}</p>
        <h3 id="asset-op-types-title">{t("By type")}</h3>
        <ul class="asset-op-types" id="asset-op-types" aria-labelledby="asset-op-types-title">{types}</ul>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="asset-latest-caption">
            <table class="data-table list-on-phone" id="asset-latest-ops">
                <caption id="asset-latest-caption">{t("Latest operations")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t("When")}</th>
                        <th scope="col">{t("Type")}</th>
                        <th scope="col" class="num">{tf("Moved ({symbol})", &[("symbol", symbol)])}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}

/// One of the latest operations: when, its type (a link to it in the Operations list) and
/// what it moved of the asset.
fn latest_row(l: Latest, symbol: &str, decimals: u32) -> impl IntoView {
    let when = l
        .time
        .map_or_else(|| t("pending").to_string(), format_datetime);
    let href = filtered(symbol, "q", &l.id);
    let moved = l.moved.map_or_else(
        || MISSING.to_string(),
        |m| format_signed_amount(round_to(m, decimals)),
    );
    view! {
        <tr data-testid="asset-latest-op" data-id=l.id.clone()>
            <th scope="row">{when}</th>
            <td><A href=href>{type_label(&l.type_raw)}</A></td>
            <td class=format!("num amount {}", trend_class(l.moved))>{moved}</td>
        </tr>
    }
}
