//! Portfolio: the person sees what their account is worth in the valuation currency they
//! pick (kept in the URL as `?currency=EUR`), every asset holding in a sortable table, the
//! allocation as a donut with the same figures in a table, and their cash in a separate
//! table. A Refresh button reloads; failures show in plain words with Retry.

mod allocation_card;
mod classes;
pub mod early;
mod fiat_table;
mod positions_table;
pub mod rows;

use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;

use crate::components::EmptyState;
use crate::contexts::settings::use_settings;
use crate::data::id_names;
use crate::data::load::{account_resource, load_states};
use crate::format::format_fiat_with_unit;
use crate::format::skipped_sentence;
use crate::i18n::t;
use crate::url::{use_url_state, CurrencyChoice};
pub(crate) use allocation_card::preload_allocation_part;
use allocation_card::AllocationCard;
use fiat_table::FiatTable;
use positions_table::PositionsTable;
use rows::{asset_allocation, build_view, valuation_currency, PortfolioView};

/// Loads currencies (for names and the valuation id), positions, then the names of the
/// assets held. Only the positions call is essential: without currencies or asset names the
/// page still shows figures, labelled by id.
async fn load_portfolio(
    client: Client,
    keyless: Client,
    code: String,
) -> Result<PortfolioView, ApiError> {
    // The currencies name the valuation currency's id. When they are already known (kept for
    // the tab) or the choice is EUR (the service's default, sent without an id), the portfolio
    // is asked for at once, beside them.
    let known = id_names::known_currencies(&client);
    let (currencies, positions) = match known {
        None if code == "EUR" => {
            let current = client.current();
            let both = futures::join!(
                id_names::currencies(&client, &keyless),
                current.portfolio(None)
            );
            (both.0, both.1?)
        }
        known => {
            let currencies = match known {
                Some(c) => c,
                None => id_names::currencies(&client, &keyless).await,
            };
            let (valuation, _) = valuation_currency(&currencies, code.clone());
            let positions = client.current().portfolio(valuation.as_ref()).await?;
            (currencies, positions)
        }
    };
    let (_, code) = valuation_currency(&currencies, code);
    let ids: Vec<AssetId> = positions
        .iter()
        .filter_map(|p| p.asset_id.clone())
        .collect();
    let assets = id_names::assets(&client, &keyless, &ids).await;
    let mut view = build_view(&positions, &assets, &currencies, &code);
    view.skipped = positions.skipped;
    Ok(view)
}

#[component]
pub fn PortfolioPage() -> impl IntoView {
    let settings = use_settings();
    let (currency, set_currency) = use_url_state::<CurrencyChoice>(());
    let refreshing = RwSignal::new(false);
    let code = Memo::new(move |_| currency.get().0.unwrap_or_else(|| settings.currency()));
    let data = account_resource(
        move || code.get(),
        move |client, keyless, code| async move {
            refreshing.try_set(true);
            let result = load_portfolio(client, keyless, code).await;
            refreshing.try_set(false);
            result
        },
    );

    let choose_currency = move |ev: leptos::ev::Event| {
        let code = event_target_value(&ev);
        settings.update(|p| p.currency = code.clone());
        set_currency.run(CurrencyChoice(Some(code)));
    };

    let content = load_states(
        move || data.get(),
        t("your portfolio"),
        move || data.refetch(),
        move |view| portfolio_view(view, choose_currency),
    );

    view! {
        <section class="page portfolio-page" aria-labelledby="portfolio-title">
            <div class="page-head">
                <h1 id="portfolio-title">{t("Portfolio")}</h1>
                <button
                    type="button"
                    class="button"
                    id="refresh-portfolio"
                    data-testid="refresh"
                    disabled=move || refreshing.get()
                    on:click=move |_| data.refetch()
                >
                    {move || if refreshing.get() { t("Refreshing…") } else { t("Refresh") }}
                </button>
            </div>
            {content}
        </section>
    }
}

fn portfolio_view(
    view: PortfolioView,
    choose_currency: impl Fn(leptos::ev::Event) + 'static,
) -> impl IntoView {
    let code = view.currency_code.clone();
    let options = if view.currencies.is_empty() {
        vec![(code.clone(), code.clone())]
    } else {
        view.currencies.clone()
    };
    let options = options
        .into_iter()
        .map(|(c, name)| {
            let selected = c == code;
            view! { <option value=c.clone() selected=selected>{format!("{c} — {name}")}</option> }
        })
        .collect_view();
    let slices = asset_allocation(&view.positions);
    let nothing = view.positions.is_empty() && view.fiat.is_empty();
    view! {
        <div class="summary card">
            <div>
                <p class="total-label" id="portfolio-total-label">{t("Total value")}</p>
                <p
                    id="portfolio-total"
                    class="total amount"
                    aria-labelledby="portfolio-total-label portfolio-total"
                    data-value=view.total.map(|total| total.to_string()).unwrap_or_default()
                    data-currency=code.clone()
                >
                    {view.total.map_or_else(|| t("Too large to add up").to_string(), |total| format_fiat_with_unit(total, Some(&code)))}
                </p>
                {skipped_sentence(view.skipped).map(|s| view! { <p class="notice" id="portfolio-skipped">{s}</p> })}
                {view.fiat_left_out.then(|| view! {
                    <p class="hint">{t("Cash in other currencies is listed below but not included in the total.")}</p>
                })}
            </div>
            <div class="field field-inline">
                <label for="valuation-currency">{t("Valuation currency")}</label>
                <select id="valuation-currency" on:change=choose_currency>{options}</select>
            </div>
        </div>
        {if nothing {
            view! {
                <EmptyState title=t("No holdings yet")>
                    <p>{t("This account holds no assets or cash. Deposits and purchases will show up here.")}</p>
                </EmptyState>
            }
            .into_any()
        } else {
            let unit = code.clone();
            let held = (view.positions.clone(), view.cash, view.total);
            view! {
                <section class="card" aria-labelledby="assets-title">
                    <h2 id="assets-title">{t("Assets")}</h2>
                    {if view.positions.is_empty() {
                        view! { <p class="state-empty">{t("No asset holdings.")}</p> }.into_any()
                    } else {
                        view! { <PositionsTable rows=view.positions unit=unit.clone() /> }.into_any()
                    }}
                </section>
                {(!slices.is_empty()).then(|| view! { <AllocationCard slices=slices unit=unit.clone() held=held /> })}
                {(!view.fiat.is_empty()).then(|| view! {
                    <section class="card" aria-labelledby="cash-title">
                        <h2 id="cash-title">{t("Cash")}</h2>
                        <FiatTable rows=view.fiat />
                    </section>
                })}
            }
            .into_any()
        }}
    }
}
