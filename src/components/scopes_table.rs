//! The permissions a key was found to have, as a table: scope, what it allows, yes/no.

use crate::components::error_view::ScopeWords;
use folio_client::scopes::{ScopeReport, ScopeState};
use leptos::prelude::*;

/// One row per scope of `report`.
#[component]
pub fn ScopesTable(report: ScopeReport) -> impl IntoView {
    let rows = report
        .scopes
        .into_iter()
        .map(|(scope, state)| {
            let (answer, class, note) = match state {
                ScopeState::Granted => ("Yes", "scope-yes", None),
                ScopeState::Missing => ("No", "scope-no", None),
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
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Permissions of this key">
            <table class="data-table scopes-table" data-testid="scopes-table">
                <caption>"What this key may do"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Permission"</th>
                        <th scope="col">"What it allows"</th>
                        <th scope="col">"Granted"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
