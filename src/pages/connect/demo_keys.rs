//! The sandbox's demo keys, each with a button that fills the key field. Shown only when the
//! page is served by the sandbox (`GET /sandbox/info` answers). The same probe preselects the
//! "this site" profile when the sandbox or a proxy of the APIs serves the page, or the live
//! one when something else answered, unless the person chose.
//! No answer (offline) changes nothing, and neither does any answer while a key is connected:
//! changing the addresses then would forget the key.

use folio_client::sandbox::{sandbox_info, SandboxProbe};
use leptos::prelude::*;

use crate::contexts::session::use_session;
use crate::contexts::settings::{use_settings, Profile};
use crate::data::resource::AccountResource;
use crate::i18n::{t, tf};

#[component]
pub fn DemoKeys(#[prop(into)] on_pick: Callback<String>) -> impl IntoView {
    let settings = use_settings();
    let session = use_session();
    let info = AccountResource::new(|| async { Ok(sandbox_info("").await) });
    crate::effect::effect(move || {
        let wanted = info.with(|probe| match probe {
            Some(Ok(SandboxProbe::Sandbox(_) | SandboxProbe::Proxy)) => Some(Profile::Sandbox),
            Some(Ok(SandboxProbe::NotSandbox)) => Some(Profile::Live),
            _ => None,
        });
        let Some(wanted) = wanted else {
            return;
        };
        let prefs = settings.get_untracked();
        if !prefs.profile_chosen && !session.is_connected_untracked() && prefs.profile != wanted {
            settings.update(|p| p.profile = wanted);
        }
    });
    move || {
        let keys = info.with(|probe| match probe {
            Some(Ok(SandboxProbe::Sandbox(info))) => Some(info.demo_keys.clone()),
            _ => None,
        })?;
        if keys.is_empty() {
            return None;
        }
        let rows = keys
            .into_iter()
            .map(|demo| {
                let label = demo.label.clone().unwrap_or_else(|| demo.key.clone());
                let scopes = if demo.scopes.is_empty() {
                    "—".to_string()
                } else {
                    demo.scopes.join(", ")
                };
                let key = demo.key.clone();
                view! {
                    <li class="demo-key" data-demo-key=demo.key.clone()>
                        <div>
                            <code>{demo.key.clone()}</code>
                            <span class="demo-label">{label}</span>
                            <span class="demo-scopes">{scopes}</span>
                        </div>
                        <button
                            type="button"
                            class="button button-quiet"
                            aria-label=tf("Use this key: {key}", &[("key", &demo.key)])
                            on:click=move |_| on_pick.run(key.clone())
                        >
                            {t("Use this key")}
                        </button>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <section class="demo-keys" aria-labelledby="demo-keys-title">
                <h2 id="demo-keys-title">{t("Demo keys")}</h2>
                <p class="hint">{t("This site runs the Folio sandbox: these keys work against its demo accounts.")}</p>
                <ul>{rows}</ul>
            </section>
        })
    }
}
