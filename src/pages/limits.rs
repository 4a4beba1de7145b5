//! Limits: the person sees the key's daily buy and sell limits, what is left of them today as
//! gauges, their currency and when they reset. A key without limits can set them once: the
//! form warns that limits are permanent for the key and asks to type a confirmation; a
//! "limits already set" answer (409) is explained and the existing limits are shown.

pub(crate) mod rules;
mod set_limits_form;

use folio_client::current::{Currency, TradingLimits};
use folio_client::scopes::Scope;
use folio_client::{ApiError, Client};
use leptos::html;
use leptos::prelude::*;

use crate::components::{focus_when_shown, BudgetSummary, EmptyState, ScopeNotice};
use crate::contexts::session::use_session;
use crate::data::id_names;
use crate::data::load::{account_resource, kept_while_reloading, load_states};
use crate::format::{format_fiat_with_unit, or_missing};
use crate::i18n::t;
use set_limits_form::SetLimitsForm;

/// What the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitsData {
    pub limits: Option<TradingLimits>,
    pub currencies: Vec<Currency>,
}

async fn load(client: Client, keyless: Client) -> Result<LimitsData, ApiError> {
    let limits = client.current().trading_limits().await?;
    let currencies = id_names::currencies(&client, &keyless).await;
    Ok(LimitsData { limits, currencies })
}

#[component]
pub fn LimitsPage() -> impl IntoView {
    let session = use_session();
    let reload = RwSignal::new(0u32);
    let data = account_resource(
        move || reload.track(),
        |client, keyless, ()| load(client, keyless),
    );
    let shown = kept_while_reloading(data);
    let notice = RwSignal::new(None::<String>);
    let content = load_states(
        move || shown.get(),
        t("the trading limits"),
        move || data.refetch(),
        move |loaded| limits_view(loaded, session.may(Scope::TradeWrite), reload, notice),
    );
    view! {
        <section class="page limits-page" aria-labelledby="limits-title">
            <div class="page-head"><h1 id="limits-title">{t("Trading limits")}</h1></div>
            {move || notice.get().map(|n| view! { <p class="notice" role="alert" data-testid="limits-notice" node_ref={focus_when_shown::<html::P>()} tabindex="-1">{n}</p> })}
            {content}
        </section>
    }
}

fn code_of(currencies: &[Currency], limits: &TradingLimits) -> String {
    let id = limits.currency_id.as_ref();
    currencies
        .iter()
        .find(|c| Some(&c.id) == id)
        .and_then(|c| c.symbol.clone())
        .or_else(|| id.map(|i| i.to_string()))
        .unwrap_or_default()
}

fn limits_view(
    loaded: LimitsData,
    may_set: bool,
    reload: RwSignal<u32>,
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    match loaded.limits {
        Some(limits) => {
            let unit = code_of(&loaded.currencies, &limits);
            let money = |v| or_missing(v, |n| format_fiat_with_unit(n, Some(&unit)));
            view! {
                <section class="card" aria-labelledby="current-limits-title" data-testid="current-limits">
                    <h2 id="current-limits-title">{t("Daily limits of this key")}</h2>
                    <dl class="figures-list">
                        <div class="figure-row"><dt>{t("Buy limit")}</dt><dd id="buy-limit" class="amount">{money(limits.buy_limit)}</dd></div>
                        <div class="figure-row"><dt>{t("Sell limit")}</dt><dd id="sell-limit" class="amount">{money(limits.sell_limit)}</dd></div>
                        <div class="figure-row"><dt>{t("Currency")}</dt><dd id="limit-currency">{unit.clone()}</dd></div>
                    </dl>
                    <BudgetSummary limits=limits.clone() unit=unit.clone() />
                    <p class="hint">{t("Limits are permanent for this key: they cannot be changed or removed.")}</p>
                </section>
            }
            .into_any()
        }
        None if may_set => view! {
            <EmptyState title=t("No limits set")>
                <p>{t("This key can trade without a daily limit. You can set limits once; after that they cannot be changed.")}</p>
            </EmptyState>
            <SetLimitsForm currencies=loaded.currencies reload=reload notice=notice />
        }
        .into_any(),
        None => view! {
            <EmptyState title=t("No limits set")>
                <p>{t("This key has no daily trading limits.")}</p>
            </EmptyState>
            <ScopeNotice scope=Scope::TradeWrite can=t("see its limits") cannot=t("set limits") />
        }
        .into_any(),
    }
}
