//! History: the person sees how their portfolio's value moved over a timeframe they pick
//! (24 h, week, month, six months, year; kept in the URL as `?timeframe=MONTH`), as an area
//! chart they can read with the pointer or the arrow keys, as a table, and as the period's
//! return.

mod series;
mod timeframe;
mod timeframe_picker;

use folio_client::current::Timeframe;
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use crate::components::{AreaChart, EmptyState, TableAlternative};
use crate::contexts::settings::use_settings;
use crate::data::id_names;
use crate::data::load::{account_resource, load_states};
use crate::format::{
    format_datetime, format_fiat_with_unit, format_signed_fiat, format_signed_percent, or_missing,
    trend_class, zoned_heading, MISSING,
};
use crate::i18n::{t, tf};
use crate::pages::portfolio::rows::valuation_currency;
use crate::url::{use_url_state, CurrencyChoice};
use series::{build_history, HistoryView};
use timeframe::timeframe_in_sentence;
use timeframe_picker::TimeframePicker;

async fn load_history(
    client: Client,
    keyless: Client,
    timeframe: Timeframe,
    code: String,
) -> Result<HistoryView, ApiError> {
    let currencies = id_names::currencies(&client, &keyless).await;
    let (valuation, code) = valuation_currency(&currencies, code);
    let history = client
        .current()
        .portfolio_history(timeframe, valuation.as_ref())
        .await?;
    Ok(build_history(&history, timeframe, &code))
}

#[component]
pub fn HistoryPage() -> impl IntoView {
    let settings = use_settings();
    let (timeframe, set_timeframe) = use_url_state::<Timeframe>(());
    let (currency, _) = use_url_state::<CurrencyChoice>(());
    let code = Memo::new(move |_| currency.get().0.unwrap_or_else(|| settings.currency()));
    let data = account_resource(
        move || (timeframe.get(), code.get()),
        |client, keyless, (tf, code)| load_history(client, keyless, tf, code),
    );
    let pick = move |tf: Timeframe| set_timeframe.run(tf);

    let content = load_states(
        move || data.get(),
        t("the value history"),
        move || data.refetch(),
        history_view,
    );

    view! {
        <section class="page history-page" aria-labelledby="history-title">
            <div class="page-head">
                <h1 id="history-title">{t("History")}</h1>
                <TimeframePicker current=timeframe.into() on_pick=pick />
            </div>
            {content}
        </section>
    }
}

fn history_view(view: HistoryView) -> impl IntoView {
    let unit = view.currency_code.clone();
    let period = timeframe_in_sentence(view.timeframe);
    let return_text = or_missing(view.return_percent, format_signed_percent);
    let return_class = format!("figure {}", trend_class(view.return_percent));
    let change_text = view
        .change
        .map(|c| crate::format::with_currency(&format_signed_fiat(c), Some(&unit)))
        .unwrap_or_else(|| MISSING.to_string());
    let change_class = format!("figure amount {}", trend_class(view.change));
    let latest = view
        .points
        .last()
        .map(|p| format_fiat_with_unit(p.value, Some(&unit)));
    let intraday = view.timeframe == Timeframe::Day;
    let rows = view
        .points
        .iter()
        .rev()
        .map(|p| {
            view! {
                <tr>
                    <th scope="row">{or_missing(p.time, format_datetime)}</th>
                    <td class="num value amount">{format_fiat_with_unit(p.value, Some(&unit))}</td>
                </tr>
            }
        })
        .collect_view();
    let empty = view.points.is_empty();
    view! {
        <div class="summary card figures" data-period=view.timeframe.as_str()>
            <div>
                <p class="total-label" id="history-return-label">{tf("Return, {period}", &[("period", period)])}</p>
                <p id="history-return" class=return_class aria-labelledby="history-return-label history-return" data-value=view.return_percent.map(|r| r.to_string()).unwrap_or_default()>{return_text}</p>
            </div>
            <div>
                <p class="total-label" id="history-change-label">{t("Change in value")}</p>
                <p id="history-change" class=change_class aria-labelledby="history-change-label history-change">{change_text}</p>
            </div>
            <div>
                <p class="total-label" id="history-latest-label">{t("Latest value")}</p>
                <p id="history-latest" class="figure amount" aria-labelledby="history-latest-label history-latest">{latest.unwrap_or_else(|| MISSING.to_string())}</p>
            </div>
        </div>
        {if empty {
            view! {
                <EmptyState title=t("No values for this period")>
                    <p>{t("The service has no value history for this timeframe yet.")}</p>
                </EmptyState>
            }
            .into_any()
        } else {
            view! {
                <section class="card" aria-labelledby="chart-title">
                    <h2 id="chart-title">{tf("Value in {unit}, {period}", &[("unit", &unit), ("period", period)])}</h2>
                    <AreaChart data=view.points.clone() label=tf("Portfolio value in {unit}, {period}", &[("unit", &unit), ("period", period)]) unit=unit.clone() intraday=intraday />
                    <TableAlternative summary=t("Show the values as a table") id="history-table" class="history-table"
                        caption=tf("Portfolio value in {unit}, newest first", &[("unit", &unit)])>
                        <thead>
                            <tr>
                                <th scope="col">{zoned_heading(t("Time"))}</th>
                                <th scope="col" class="num">{t("Value")}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </TableAlternative>
                </section>
            }
            .into_any()
        }}
    }
}
