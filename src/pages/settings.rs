//! Settings: the person chooses which service Folio talks to (sandbox, live or custom base
//! URLs), the language, the currency values are shown in, the colour theme, and after how many
//! idle minutes the key is forgotten. Everything is kept for this tab only. When connected, the
//! key's detected permissions are listed too.

use leptos::prelude::*;

use crate::components::{ProfilePicker, Radio, ScopesTable};
use crate::contexts::session::use_session;
use crate::contexts::settings::{clamp_idle_minutes, use_settings, Theme, IDLE_MINUTES_RANGE};
use crate::data::id_names;
use crate::data::resource::AccountResource;
use crate::i18n::{self, t, tf, Language};

/// Offered when the currency list cannot be loaded (not connected, or no permission).
const FALLBACK_CURRENCIES: [&str; 4] = ["EUR", "USD", "CHF", "GBP"];

#[component]
pub fn SettingsPage() -> impl IntoView {
    let settings = use_settings();
    let session = use_session();
    let currencies = AccountResource::new(move || {
        let client = session.client(settings);
        let keyless = session.keyless_client(settings);
        async move {
            Ok(match (client, keyless) {
                (Some(c), Some(k)) => id_names::currencies(&c, &k).await,
                (None, Some(k)) => k
                    .current()
                    .currencies()
                    .await
                    .unwrap_or_default()
                    .into_vec(),
                _ => Vec::new(),
            })
        }
    });
    let currency_options = move || {
        let mut codes: Vec<String> = currencies
            .get()
            .and_then(Result::ok)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|c| c.symbol)
            .collect();
        if codes.is_empty() {
            codes = FALLBACK_CURRENCIES.iter().map(|c| c.to_string()).collect();
        }
        let chosen = settings.with(|p| p.currency.clone());
        if !codes.contains(&chosen) {
            codes.insert(0, chosen.clone());
        }
        codes
            .into_iter()
            .map(|code| {
                let selected = code == chosen;
                view! { <option value=code.clone() selected=selected>{code.clone()}</option> }
            })
            .collect_view()
    };
    let themes = Theme::ALL
        .into_iter()
        .map(|theme| {
            let id = format!("theme-{}", theme.as_str());
            let checked = Signal::derive(move || settings.with(|p| p.theme == theme));
            let pick = Callback::new(move |()| settings.update(|p| p.theme = theme));
            view! { <Radio name="theme" id=id checked=checked on_pick=pick>{theme.label()}</Radio> }
        })
        .collect_view();

    view! {
        <section class="page settings-page" aria-labelledby="settings-title">
            <h1 id="settings-title">{t("Settings")}</h1>
            <p class="hint">{t("Settings apply to this browser tab only and are forgotten when it closes.")}</p>
            <div class="card">
                <h2>{t("Service")}</h2>
                <ProfilePicker id_prefix="settings" />
            </div>
            <div class="card">
                <h2>{t("Display")}</h2>
                <LanguagePicker />
                <div class="field">
                    <label for="settings-currency">{t("Valuation currency")}</label>
                    <select
                        id="settings-currency"
                        on:change=move |ev| {
                            let code = event_target_value(&ev);
                            settings.update(|p| p.currency = code);
                        }
                    >
                        {currency_options}
                    </select>
                </div>
                <fieldset>
                    <legend>{t("Theme")}</legend>
                    {themes}
                </fieldset>
            </div>
            <div class="card">
                <h2>{t("Security")}</h2>
                <div class="field">
                    <label for="settings-idle">{t("Forget the key after this many minutes without activity")}</label>
                    <input
                        id="settings-idle"
                        type="number"
                        inputmode="numeric"
                        min=IDLE_MINUTES_RANGE.0
                        max=IDLE_MINUTES_RANGE.1
                        step="1"
                        prop:value=move || settings.with(|p| p.idle_minutes.to_string())
                        aria-describedby="settings-idle-hint"
                        on:change=move |ev| {
                            if let Ok(minutes) = event_target_value(&ev).trim().parse::<u32>() {
                                settings.update(|p| p.idle_minutes = clamp_idle_minutes(minutes));
                            }
                        }
                    />
                    <p id="settings-idle-hint" class="hint">
                        {tf("Between {min} and {max} minutes.", &[
                            ("min", &IDLE_MINUTES_RANGE.0.to_string()),
                            ("max", &IDLE_MINUTES_RANGE.1.to_string()),
                        ])}
                    </p>
                </div>
                {move || session.scopes().map(|report| view! { <ScopesTable report=report /> })}
            </div>
        </section>
    }
}

/// English or German. Switching fetches German's text first (when it is not loaded yet), then
/// the app re-draws its views in place: the page, its address and any write in flight stay.
#[component]
fn LanguagePicker() -> impl IntoView {
    let unavailable = RwSignal::new(false);
    let redraw = use_context::<i18n::Redraw>();
    let choices = Language::ALL
        .into_iter()
        .map(|language| {
            let id = format!("language-{}", language.tag());
            let checked = Signal::derive(move || i18n::language() == language);
            let pick = Callback::new(move |()| {
                leptos::task::spawn_local(async move {
                    let loaded = i18n::switch_language(language, redraw).await;
                    unavailable.set(!loaded);
                });
            });
            view! {
                <Radio name="language" id=id checked=checked on_pick=pick>
                    <span lang=language.tag()>{language.own_name()}</span>
                </Radio>
            }
        })
        .collect_view();
    view! {
        <fieldset aria-describedby="language-problem">
            <legend>{t("Language")}</legend>
            {choices}
            <p id="language-problem" class="field-error" role="alert" hidden=move || !unavailable.get()>
                {t("German could not be loaded (offline?). Folio stays in English; try again when online.")}
            </p>
        </fieldset>
    }
}

crate::split::split_page!(settings, settings_page, preload_settings, SettingsPage);
