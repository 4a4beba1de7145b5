//! Choosing the service: sandbox, live, or three custom base URLs checked as they are typed.

use leptos::prelude::*;

use crate::components::error_view::UrlWords;
use crate::components::Radio;
use crate::contexts::settings::{use_settings, CustomUrls, Profile};
use crate::i18n::t;

/// Which custom URL a field edits.
#[derive(Clone, Copy)]
enum Which {
    Current,
    Legacy,
    Exchange,
}

impl Which {
    fn get(self, urls: &CustomUrls) -> String {
        match self {
            Which::Current => urls.current.clone(),
            Which::Legacy => urls.legacy.clone(),
            Which::Exchange => urls.exchange.clone(),
        }
    }

    fn set(self, urls: &mut CustomUrls, value: String) {
        match self {
            Which::Current => urls.current = value,
            Which::Legacy => urls.legacy = value,
            Which::Exchange => urls.exchange = value,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

#[component]
fn UrlField(
    which: Which,
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    #[prop(into)] hint: String,
) -> impl IntoView {
    let settings = use_settings();
    // What is typed is checked at once but applied only once typing has paused (and a change
    // of address while connected asks for the key again, see `session`).
    let typed = RwSignal::new(which.get(&settings.get_untracked().custom));
    let typing = StoredValue::new(0u32);
    let problem = move || {
        typed.with(|url| {
            let mut urls = CustomUrls::default();
            which.set(&mut urls, url.clone());
            urls.problems()[which.index()].map(UrlWords::message)
        })
    };
    let error_id = format!("{id}-error");
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <input
                id=id.clone()
                type="url"
                inputmode="url"
                autocomplete="off"
                spellcheck="false"
                placeholder=hint
                prop:value=move || typed.get()
                aria-invalid=move || if problem().is_some() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                on:input=move |ev| {
                    typed.set(event_target_value(&ev));
                    typing.update_value(|n| *n = n.wrapping_add(1));
                    let this_edit = typing.get_value();
                    set_timeout(
                        move || {
                            if typing.try_get_value() != Some(this_edit) {
                                return;
                            }
                            let Some(value) = typed.try_get_untracked() else {
                                return;
                            };
                            settings.update(|p| {
                                which.set(&mut p.custom, value);
                                p.profile_chosen = true;
                            });
                        },
                        std::time::Duration::from_millis(600),
                    );
                }
            />
            <p id=error_id class="field-error" aria-live="polite">{move || problem().unwrap_or_default()}</p>
        </div>
    }
}

/// Radio buttons for the profile, and the custom URL fields when "custom" is chosen.
#[component]
pub fn ProfilePicker(
    /// Prefix for element ids, so the picker can appear on two pages.
    #[prop(into)]
    id_prefix: String,
) -> impl IntoView {
    let settings = use_settings();
    let options = Profile::ALL
        .into_iter()
        .map(|profile| {
            let id = format!("{id_prefix}-profile-{}", profile.as_str());
            let checked = Signal::derive(move || settings.with(|p| p.profile == profile));
            let pick = Callback::new(move |()| {
                settings.update(|p| {
                    p.profile = profile;
                    p.profile_chosen = true;
                })
            });
            let name = format!("{id_prefix}-profile");
            view! { <Radio name=name id=id checked=checked on_pick=pick>{profile.label()}</Radio> }
        })
        .collect_view();
    let prefix = id_prefix.clone();
    view! {
        <fieldset class="profile-picker">
            <legend>{t("Service")}</legend>
            {options}
            <Show when=move || settings.with(|p| p.profile == Profile::Custom)>
                <div class="custom-urls">
                    <p class="hint">
                        {t("Only https:// addresses, or http:// on 127.0.0.1 / localhost, are accepted.")}
                    </p>
                    <UrlField which=Which::Current id=format!("{prefix}-url-current") label=t("Current API base URL") hint="https://proxy.example.com/public" />
                    <UrlField which=Which::Legacy id=format!("{prefix}-url-legacy") label=t("Legacy API base URL") hint="https://proxy.example.com/legacy" />
                    <UrlField which=Which::Exchange id=format!("{prefix}-url-exchange") label=t("Exchange API base URL") hint="https://proxy.example.com/exchange" />
                </div>
            </Show>
            <Show when=move || settings.with(|p| p.profile == Profile::Live)>
                <p class="hint">
                    {t("Calls go from this browser straight to Bitpanda. A host that does not allow calls from this site is named when you connect; a proxy on this site always works (see the README).")}
                </p>
            </Show>
        </fieldset>
    }
}
