//! The explanation a key without a write permission sees instead of a form: what it can
//! still do here, what it cannot, and how to get a key that can.

use folio_client::scopes::Scope;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::{t, tf};

/// "This key can …, but lacks “Trade (Write)” …" with a link to use another key.
#[component]
pub fn ScopeNotice(
    scope: Scope,
    /// What the key can still do on this page ("look up assets and prices").
    #[prop(into)]
    can: String,
    /// What it cannot ("get quotes or trade").
    #[prop(into)]
    cannot: String,
) -> impl IntoView {
    view! {
        <div class="notice read-only-notice" role="status" data-testid="read-only">
            <p>
                <strong>{t("Read-only: ")}</strong>
                {tf("this key can {can}, but it does not have the “{scope}” permission, so Folio cannot {cannot} with it. Nothing here can change your account.",
                    &[("can", &can), ("scope", scope.name()), ("cannot", &cannot)],
                )}
            </p>
            <p>
                <A href="/connect">{t("Connect a key with that permission")}</A>
                {t(" to do this.")}
            </p>
        </div>
    }
}
