//! The permissions the connected keys were found to have, as one table grouped by API
//! (current, exchange, legacy), each group naming the key it was probed with: scope, what it
//! allows, yes/no. Above it, an alarm when the service accepted a permission check that can
//! never succeed (`ScopeState::ProbeAccepted`): that is never shown as a permission.

use crate::components::error_view::ScopeWords;
use crate::contexts::session::use_session;
use crate::i18n::{t, tf};
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
                Api::Current => (t("Current API"), "current"),
                Api::Exchange => (t("Exchange API"), "exchange"),
                Api::Legacy => (t("Legacy API"), "legacy"),
            };
            let heading = if session.has_own_key(api) {
                tf("{api}, with its own key", &[("api", name)])
            } else {
                tf("{api}, with the main key", &[("api", name)])
            };
            Some(view! {
                <tbody data-api=id>
                    <tr class="scope-group">
                        <th colspan="3" scope="rowgroup">{heading}</th>
                    </tr>
                    {rows.into_iter().map(scope_row).collect_view()}
                </tbody>
            })
        })
        .collect_view();
    let alarm = probe_alarm(&report);
    view! {
        {alarm.map(|text| view! { <p class="form-error" role="alert" id="probe-alarm" data-testid="probe-alarm">{text}</p> })}
        <div class="table-scroll" tabindex="0" role="region" aria-label=t("Permissions of the connected keys")>
            <table class="data-table scopes-table" data-testid="scopes-table">
                <caption>{t("What the connected keys may do")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t("Permission")}</th>
                        <th scope="col">{t("What it allows")}</th>
                        <th scope="col">{t("Granted")}</th>
                    </tr>
                </thead>
                {groups}
            </table>
        </div>
    }
}

/// The alarm for the permission checks the service accepted although they can never
/// succeed, naming them; `None` when it refused every one, as it must.
pub fn probe_alarm(report: &ScopeReport) -> Option<String> {
    let accepted = report.accepted_probes();
    if accepted.is_empty() {
        return None;
    }
    let names: Vec<&str> = accepted.iter().map(|s| s.name()).collect();
    Some(tf(
        "Warning: the service accepted a check that must always be refused ({scopes}). Folio checks a permission with a request that cannot succeed (an asset that does not exist, an amount of zero), so the service is not behaving as it should. Check your account's recent activity (Operations, exchange orders) and do not trade through this address until it is explained.",
        &[("scopes", &names.join(", "))],
    ))
}

/// One scope: its name, what it allows and what the probe found.
fn scope_row((scope, state): (Scope, ScopeState)) -> impl IntoView {
    let (answer, class, note) = match state {
        ScopeState::Granted => (t("Yes"), "scope-yes", None),
        ScopeState::Missing => (t("No"), "scope-no", None),
        ScopeState::KeyRefused => (
            t("No"),
            "scope-no",
            Some(t("this API refused the key").to_string()),
        ),
        ScopeState::Unknown(why) => (t("Unknown"), "scope-unknown", Some(why)),
        ScopeState::ProbeAccepted => (
            t("No"),
            "scope-no",
            Some(
                t("the service accepted a check it must refuse: see the warning above").to_string(),
            ),
        ),
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
