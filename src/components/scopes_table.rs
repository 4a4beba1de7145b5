//! The permissions the connected keys were found to have, as one table grouped by API
//! (current, exchange, legacy), each group naming the key it was probed with: scope, what it
//! allows, yes/no.

use crate::components::error_view::ScopeWords;
use crate::contexts::session::use_session;
use folio_client::scopes::{Api, Scope, ScopeReport, ScopeState};
use leptos::prelude::*;

/// One row group per API, one row per scope of `report`.
#[component]
pub fn ScopesTable(report: ScopeReport) -> impl IntoView {
    let session = use_session();
    let groups = [Api::Current, Api::Exchange, Api::Legacy]
        .into_iter()
        .filter_map(|api| {
            let rows: Vec<(Scope, ScopeState)> = report
                .scopes
                .iter()
                .filter(|(scope, _)| scope.api() == api)
                .cloned()
                .collect();
            if rows.is_empty() {
                return None;
            }
            let (name, id) = match api {
                Api::Current => ("Current API", "current"),
                Api::Exchange => ("Exchange API", "exchange"),
                Api::Legacy => ("Legacy API", "legacy"),
            };
            let which_key = if session.has_own_key(api) {
                "its own key"
            } else {
                "the main key"
            };
            Some(view! {
                <tbody data-api=id>
                    <tr class="scope-group">
                        <th colspan="3" scope="rowgroup">{format!("{name}, with {which_key}")}</th>
                    </tr>
                    {rows.into_iter().map(scope_row).collect_view()}
                </tbody>
            })
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Permissions of the connected keys">
            <table class="data-table scopes-table" data-testid="scopes-table">
                <caption>"What the connected keys may do"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Permission"</th>
                        <th scope="col">"What it allows"</th>
                        <th scope="col">"Granted"</th>
                    </tr>
                </thead>
                {groups}
            </table>
        </div>
    }
}

/// One scope: its name, what it allows and what the probe found.
fn scope_row((scope, state): (Scope, ScopeState)) -> impl IntoView {
    let (answer, class, note) = match state {
        ScopeState::Granted => ("Yes", "scope-yes", None),
        ScopeState::Missing => ("No", "scope-no", None),
        ScopeState::KeyRefused => (
            "No",
            "scope-no",
            Some("this API refused the key".to_string()),
        ),
        ScopeState::Unknown(why) => ("Unknown", "scope-unknown", Some(why)),
    };
    view! {
        <tr data-scope=scope.name()>
            <th scope="row">{scope.name()}</th>
            <td>{scope.allows()}</td>
            <td class=format!("scope-state {class}")>
                {answer}
                {note.map(|n| view! { <span class="scope-note">{format!(" ({n})")}</span> })}
            </td>
        </tr>
    }
}
