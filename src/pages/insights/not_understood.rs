//! "Operations Folio did not understand": every operation the report could not read as
//! what its type promises — an unknown type, a trade whose legs make none, legs that could
//! not be read — with the count, each one's type and reason, and a link to it in
//! Operations (its id as the search, which shows the operation and opens its detail from
//! the list). Nothing is dropped silently: an operation is a figure or it is listed here.

use folio_insights::NotUnderstood;
use leptos::prelude::*;

use super::report::Computed;
use crate::format::{format_count, format_datetime};
use crate::i18n::{t, tf};
use crate::url::query_string;

/// How many rows are shown (the count says how many there are).
const SHOWN: usize = 200;

fn row(n: &NotUnderstood) -> impl IntoView {
    let href = format!(
        "/operations{}",
        query_string(&[("q", Some(n.entry_id.clone()))])
    );
    view! {
        <tr>
            <td>{format_datetime(n.time)}</td>
            <td>{n.raw_type.clone()}</td>
            <td>{super::text::unclear(&n.reason)}</td>
            <td><a href=href>{n.entry_id.clone()}</a></td>
        </tr>
    }
}

/// The list (nothing when every operation was understood).
#[component]
pub fn NotUnderstoodList(computed: Computed) -> impl IntoView {
    let all = &computed.report.not_understood;
    (!all.is_empty()).then(|| {
        let count = all.len();
        let rows = all.iter().take(SHOWN).map(row).collect_view();
        let more = count.saturating_sub(SHOWN);
        view! {
            <section class="card insights-unclear" id="insights-unclear" aria-labelledby="insights-unclear-title">
                <h2 id="insights-unclear-title">{tf("Operations Folio did not understand ({n})", &[("n", &format_count(count))])}</h2>
                <p class="hint">{t("Their figures may be incomplete: check each one in Operations and, where it matters, with a tax adviser.")}</p>
                <div class="table-scroll" tabindex="0" role="region" aria-label=t("Operations not understood, scrollable table")>
                    <table class="data-table">
                        <thead><tr>
                            <th scope="col">{t("When")}</th>
                            <th scope="col">{t("Type")}</th>
                            <th scope="col">{t("Why")}</th>
                            <th scope="col">{t("Operation")}</th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                {(more > 0).then(|| view! { <p class="hint">{tf("… and {n} more.", &[("n", &format_count(more))])}</p> })}
            </section>
        }
    })
}
