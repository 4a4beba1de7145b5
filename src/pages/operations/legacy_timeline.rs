//! "Include legacy records" on Operations (`?source=all`): one timeline of every current
//! operation and every legacy trade and transaction, each labelled by source (current,
//! legacy, both), an event present in both APIs shown and counted once
//! (`folio_client::legacy::timeline::merge_timeline`). It needs the whole of both sides, so
//! it loads everything once; if the legacy API is switched off the toggle says so and the
//! usual list stays.
//!
//! The timeline needs the legacy API's decoders and the merge, which nothing else on this page
//! uses: the release build keeps it in a module of its own (`operations_legacy`), fetched
//! only when the toggle is on (`legacy_timeline_part`).

use crate::url::{use_url_state, UrlState};
use folio_client::legacy::timeline::{merge_timeline, LegacyRecords, TimelineEntry};
use folio_client::legacy::{
    sunset, LegacyCommodityTransactionsQuery, LegacyCryptoTransactionsQuery,
    LegacyFiatTransactionsQuery, LegacyTradesQuery, MAX_PAGE_SIZE,
};
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;

use crate::components::{ErrorView, Loading, TimesNote};
use crate::data::id_names;
use crate::data::ledger::every_operation;
use crate::data::load::account_resource;
use crate::format::{format_datetime, MISSING};
use crate::i18n::{t, tf};
use crate::pages::operations::rows::Names;
use crate::pages::operations::timeline_rows::{
    source_counts, source_key, source_words, timeline_row,
};

/// Entries shown at first and added by "Show more".
const STEP: usize = 100;

/// Whether the combined timeline is asked for, kept in the URL (`?source=all`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IncludeLegacy(pub bool);

impl UrlState for IncludeLegacy {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        Self(get("source").as_deref() == Some("all"))
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![("source", self.0.then(|| "all".to_string()))]
    }
}

/// Whether the URL asks for the combined timeline, and its setter.
pub fn use_include_legacy() -> (Signal<bool>, Callback<IncludeLegacy>) {
    let (source, set_source) = use_url_state::<IncludeLegacy>(());
    (Signal::derive(move || source.get().0), set_source)
}

/// The toggle, with the explanation when the legacy API is gone.
#[component]
pub fn SourceToggle(gone: RwSignal<bool>) -> impl IntoView {
    let (include, set_source) = use_include_legacy();
    view! {
        <div class="ops-source">
            <label class="radio" for="ops-include-legacy">
                <input type="checkbox" id="ops-include-legacy" prop:checked=move || include.get()
                    on:change=move |ev| set_source.run(IncludeLegacy(event_target_checked(&ev))) />
                {t("Include legacy records")}
            </label>
            {move || (include.get() && gone.get()).then(|| view! {
                <p class="notice" id="ops-legacy-gone" role="status">
                    {t("The legacy API has been switched off (it was available until 31 January 2027), so there are no legacy records to add. Every operation is in the list below.")}
                </p>
            })}
        </div>
    }
}

async fn load(client: Client, keyless: Client) -> Result<(Vec<TimelineEntry>, Names), ApiError> {
    let size = Some(MAX_PAGE_SIZE);
    let legacy = LegacyRecords {
        trades: client
            .legacy()
            .trades_all(&LegacyTradesQuery {
                page_size: size,
                ..Default::default()
            })
            .await?,
        fiat: client
            .legacy()
            .fiat_transactions_all(&LegacyFiatTransactionsQuery {
                page_size: size,
                ..Default::default()
            })
            .await?,
        crypto: client
            .legacy()
            .crypto_transactions_all(&LegacyCryptoTransactionsQuery {
                page_size: size,
                ..Default::default()
            })
            .await?,
        commodity: client
            .legacy()
            .commodity_transactions_all(&LegacyCommodityTransactionsQuery {
                page_size: size,
                ..Default::default()
            })
            .await?,
    };
    let current = every_operation(&client, &|_| ()).await?;
    let mut names = Names::default();
    for c in id_names::currencies(&client, &keyless).await {
        let symbol = c.symbol.clone().unwrap_or_else(|| c.id.to_string());
        names
            .0
            .insert(c.id.to_string(), (symbol, c.name.unwrap_or_default()));
    }
    let mut ids: Vec<AssetId> = current
        .iter()
        .flat_map(|o| o.transactions.iter())
        .filter_map(|t| t.asset_id.clone())
        .collect();
    folio_client::sorting::sort_by(&mut ids, |a, b| a.as_str().cmp(b.as_str()));
    ids.dedup();
    for a in id_names::assets(&client, &keyless, &ids).await {
        let symbol = a.symbol.clone().unwrap_or_else(|| a.id.to_string());
        names
            .0
            .insert(a.id.to_string(), (symbol, a.name.unwrap_or_default()));
    }
    Ok((merge_timeline(current, legacy), names))
}

fn entries_view(entries: Vec<TimelineEntry>, names: Names) -> impl IntoView {
    let (both, current, legacy) = source_counts(&entries);
    let total = entries.len();
    let text = |n: usize| n.to_string();
    let (total_text, both_text, current_text, legacy_text) =
        (text(total), text(both), text(current), text(legacy));
    let counts = [
        ("total", total_text.as_str()),
        ("both", &both_text),
        ("current", &current_text),
        ("legacy", &legacy_text),
    ];
    let rows: Vec<_> = entries.iter().map(|e| timeline_row(e, &names)).collect();
    let rows = StoredValue::new(rows);
    let shown = RwSignal::new(STEP);
    let list = move || {
        rows.with_value(|rows| {
            rows.iter()
                .take(shown.get())
                .map(|r| {
                    let key = source_key(r.source);
                    let time = r.time.map(format_datetime).unwrap_or_else(|| MISSING.to_string());
                    view! {
                        <li class="timeline-entry" data-testid="timeline-entry" data-source=key data-id=r.key.clone()>
                            <span class="timeline-time">{time}</span>
                            <span class="timeline-what"><strong>{r.title.clone()}</strong>" "<span class="amount">{r.detail.clone()}</span></span>
                            <span class=format!("legacy-badge badge-{key}")>{source_words(r.source)}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <p class="ops-status" role="status" id="timeline-summary" data-entries=total.to_string()
            data-both=both.to_string() data-current=current.to_string() data-legacy=legacy.to_string()>
            {tf("{total} entries, newest first: {both} in both APIs (counted once), {current} only in the current API, {legacy} only in the legacy API.", &counts)}
        </p>
        <TimesNote id="timeline-times-note" />
        <section class="card" aria-label=t("Combined timeline")>
            <ul class="timeline-list" id="timeline-list">{list}</ul>
            <Show when=move || shown.get() < total>
                <button type="button" class="button" id="timeline-more"
                    on:click=move |_| shown.update(|n| *n += STEP)>
                    {t("Show more")}
                </button>
            </Show>
        </section>
    }
}

/// Whether the legacy API turned out to be switched off, shared by the toggle and the
/// timeline (context: the timeline is loaded as a part of its own and takes no props).
#[derive(Clone, Copy)]
pub struct LegacyGone(pub RwSignal<bool>);

crate::split::split_page!(
    operations_legacy,
    legacy_timeline_part,
    preload_legacy_timeline,
    LegacyTimeline
);

/// The combined timeline; sets [`LegacyGone`] when the legacy API answers 410 or 404.
#[component]
fn LegacyTimeline() -> impl IntoView {
    let LegacyGone(gone) = expect_context::<LegacyGone>();
    let data = account_resource(|| (), |client, keyless, ()| load(client, keyless));
    crate::effect::effect(move || {
        if let Some(Err(e)) = data.get() {
            if sunset::is_gone(&e) {
                gone.set(true);
            }
        }
    });
    move || {
        match data.get() {
        None => view! { <Loading what=t("every current and legacy record") /> }.into_any(),
        Some(Err(e)) if sunset::is_gone(&e) => ().into_any(),
        Some(Err(e)) => {
            view! { <ErrorView error=e what=t("the legacy records") on_retry=move |_| data.refetch() /> }
                .into_any()
        }
        Some(Ok((entries, names))) => entries_view(entries, names).into_any(),
    }
    }
}
