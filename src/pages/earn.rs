//! Earn: the person sees the staking offers (asset, APR as a percentage, locked or flexible,
//! mode, enabled, sold out) with filters kept in the URL (`?asset=ETH&type=LOCKED&open=1`),
//! their available and staked amounts, and stakes or unstakes through a checked form, a
//! confirmation and exactly one request. A key without "Earn (Write)" sees the offers only.

pub(crate) mod rules;
mod stake_form;
pub(crate) mod text;

use folio_client::current::{EarnConfig, EarnConfigsQuery};
use folio_client::scopes::Scope;
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;
use leptos_router::components::A;
use rust_decimal::Decimal;

use crate::amounts::staked;
use crate::components::ScopeNotice;
use crate::contexts::session::use_session;
use crate::data::id_names;
use crate::data::load::{account_resource, kept_while_reloading, load_states};
use crate::format::{format_amount, or_missing};
use crate::i18n::t;
use crate::pages::trade::ticket::asset_decimals;
use crate::url::{use_url_state, with_param};
use rules::{apr_percent, EarnFilter};
use stake_form::StakeForm;
use text::{mode_words, type_words};

/// One offer with the asset's name and the person's amounts.
#[derive(Debug, Clone, PartialEq)]
pub struct EarnRow {
    pub config: EarnConfig,
    pub symbol: String,
    pub name: String,
    pub decimals: u32,
    pub available: Option<Decimal>,
    pub staked: Option<Decimal>,
}

async fn load(client: Client, keyless: Client) -> Result<Vec<EarnRow>, ApiError> {
    let mut configs = Vec::new();
    let mut query = EarnConfigsQuery {
        page_size: Some(100),
        ..EarnConfigsQuery::default()
    };
    for _ in 0..20 {
        let page = client.current().earn_configs(&query).await?;
        for c in page.data {
            if !configs.iter().any(|k: &EarnConfig| k.id == c.id) {
                configs.push(c);
            }
        }
        match (page.has_next_page, page.next_cursor) {
            (true, Some(cursor)) => query.cursor = Some(cursor),
            _ => break,
        }
    }
    let positions = client.current().portfolio(None).await.ok();
    let mut ids: Vec<AssetId> = configs.iter().filter_map(|c| c.asset_id.clone()).collect();
    ids.dedup();
    let assets = id_names::assets(&client, &keyless, &ids).await;
    Ok(configs
        .into_iter()
        .map(|config| {
            let id = config.asset_id.clone();
            let asset = assets.iter().find(|a| Some(&a.id) == id.as_ref());
            let position = positions
                .iter()
                .flatten()
                .find(|p| p.asset_id.is_some() && p.asset_id == id);
            let balance = position.and_then(|p| p.balance.as_ref().map(|m| m.value));
            let available = positions.as_ref().map(|_| {
                position
                    .and_then(|p| p.available_balance.as_ref().map(|m| m.value))
                    .unwrap_or_default()
            });
            let symbol = asset.and_then(|a| a.symbol.clone()).unwrap_or_else(|| {
                id.as_ref()
                    .map(|i| id_names::short_id(i.as_str()))
                    .unwrap_or_default()
            });
            EarnRow {
                name: asset
                    .and_then(|a| a.name.clone())
                    .unwrap_or_else(|| symbol.clone()),
                decimals: asset_decimals(
                    balance.map(|b| b.scale()),
                    asset.and_then(|a| a.asset_type.as_ref()),
                ),
                staked: staked(balance, available),
                available,
                symbol,
                config,
            }
        })
        .collect())
}

#[component]
pub fn EarnPage() -> impl IntoView {
    let session = use_session();
    let reload = RwSignal::new(0u32);
    // Outlives the reload after a stake, which renders the form afresh.
    let result = RwSignal::new(None::<Result<String, String>>);
    let data = account_resource(
        move || reload.track(),
        |client, keyless, ()| load(client, keyless),
    );
    let shown = kept_while_reloading(data);
    let content = load_states(
        move || shown.get(),
        t("the earn offers"),
        move || data.refetch(),
        move |rows: Vec<EarnRow>| {
            let stake = if session.may(Scope::EarnWrite) {
                view! { <StakeForm rows=rows.clone() reload=reload result=result /> }.into_any()
            } else {
                view! { <ScopeNotice scope=Scope::EarnWrite can=t("see the offers and your staked amounts") cannot=t("stake or unstake") /> }.into_any()
            };
            view! {
                <ConfigsTable rows=rows />
                {stake}
            }
        },
    );
    view! {
        <section class="page earn-page" aria-labelledby="earn-title">
            <div class="page-head"><h1 id="earn-title">{t("Earn")}</h1></div>
            <p class="hint" id="earn-rewards-link">
                {t("Your rewards are operations: see and export them in ")}
                <A href="/operations?type=staking_reward">{t("staking rewards")}</A>
                {t(" and ")}
                <A href="/operations?type=passive_earn_reward">{t("passive earn rewards")}</A>
                {t(" (CSV or JSON), or in a tax tool's file.")}
            </p>
            {content}
        </section>
    }
}

fn yes_no(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => t("Yes"),
        Some(false) => t("No"),
        None => "—",
    }
}

#[component]
fn ConfigsTable(rows: Vec<EarnRow>) -> impl IntoView {
    let (filter, set_filter) = use_url_state::<EarnFilter>(());
    let asset = move || filter.with(|f| f.asset.clone());
    let kind = move || filter.with(|f| f.earn_type.clone());
    let mut symbols: Vec<String> = rows.iter().map(|r| r.symbol.clone()).collect();
    folio_client::sorting::sort(&mut symbols);
    symbols.dedup();
    let rows = StoredValue::new(rows);
    let body = move || {
        let f = filter.get();
        rows.with_value(|rows| rows.iter().filter(|r| f.keeps(&r.config, &r.symbol)).map(|r| {
            let c = &r.config;
            let apr = or_missing(c.annual_percentage_rate.and_then(apr_percent), |a| format!("{} %", format_amount(a)));
            view! {
                <tr data-testid="earn-row" data-config-id=c.id.to_string() data-asset-symbol=r.symbol.clone()>
                    <th scope="row" class="name"><span class="asset-name">{r.name.clone()}</span><span class="asset-symbol">{r.symbol.clone()}</span></th>
                    <td class="num apr">{apr}</td>
                    <td class="type">{or_missing(c.earn_type.as_ref(), type_words)}</td>
                    <td class="mode">{or_missing(c.mode.as_ref(), mode_words)}</td>
                    <td class="enabled">{yes_no(c.enabled)}</td>
                    <td class="soldout">{yes_no(c.soldout)}</td>
                    <td class="num available amount">{or_missing(r.available, format_amount)}</td>
                    <td class="num staked amount">{or_missing(r.staked, format_amount)}</td>
                </tr>
            }
        }).collect_view())
    };
    let select = move |name: &'static str| {
        move |ev: leptos::ev::Event| {
            let v = event_target_value(&ev);
            let value = (!v.is_empty()).then_some(v);
            set_filter.run(with_param(&filter.get_untracked(), (), name, value));
        }
    };
    view! {
        <section class="card" aria-labelledby="offers-title">
            <h2 id="offers-title">{t("Staking offers")}</h2>
            <div class="filters earn-filters">
                <div class="field field-inline">
                    <label for="earn-asset-filter">{t("Asset")}</label>
                    <select id="earn-asset-filter" on:change=select("asset")>
                        <option value="">{t("All")}</option>
                        {symbols.into_iter().map(|s| {
                            let (v, value) = (s.clone(), s.clone());
                            view! { <option value=value selected=move || asset().as_deref() == Some(v.as_str())>{s}</option> }
                        }).collect_view()}
                    </select>
                </div>
                <div class="field field-inline">
                    <label for="earn-type-filter">{t("Type")}</label>
                    <select id="earn-type-filter" on:change=select("type")>
                        <option value="">{t("All")}</option>
                        <option value="FLEXIBLE" selected=move || kind().as_deref() == Some("FLEXIBLE")>{t("Flexible")}</option>
                        <option value="LOCKED" selected=move || kind().as_deref() == Some("LOCKED")>{t("Locked")}</option>
                    </select>
                </div>
                <label class="radio" for="earn-open-filter">
                    <input type="checkbox" id="earn-open-filter" prop:checked=move || filter.with(|f| f.open_only)
                        on:change=move |ev| set_filter.run(EarnFilter { open_only: event_target_checked(&ev), ..filter.get_untracked() }) />
                    {t("Open for staking only")}
                </label>
            </div>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="earn-caption">
                <table class="data-table earn-table" id="earn-table">
                    <caption id="earn-caption" class="visually-hidden">{t("Offers with rates and your amounts")}</caption>
                    <thead><tr>
                        <th scope="col">{t("Asset")}</th><th scope="col" class="num">{t("APR")}</th><th scope="col">{t("Type")}</th>
                        <th scope="col">{t("Mode")}</th><th scope="col">{t("Enabled")}</th><th scope="col">{t("Sold out")}</th>
                        <th scope="col" class="num">{t("Available")}</th><th scope="col" class="num">{t("Staked")}</th>
                    </tr></thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
        </section>
    }
}
