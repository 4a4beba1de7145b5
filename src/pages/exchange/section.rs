//! The frame of the Exchange pages that work on pairs (Market, Orders, Trades): heading,
//! section navigation, then the page's body once the pairs are loaded
//! (until then the load's state: loading, or the error with Retry).

use folio_client::exchange::Pair;
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use super::nav::ExchangeNav;
use crate::data::load::{account_resource, load_states};
use crate::i18n::t;

/// An Exchange page titled `title` whose content is `body(pairs)`.
#[component]
pub fn PairsPage(
    title: &'static str,
    /// The heading's id (the section is labelled by it).
    title_id: &'static str,
    body: fn(Vec<Pair>) -> AnyView,
) -> impl IntoView {
    let pairs = account_resource(
        || (),
        |client: Client, _, ()| async move {
            let listed = client.exchange().pairs(None).await?;
            // Pairs that all failed to read are a failed load (with Retry), not "no pairs".
            if listed.is_empty() && listed.skipped > 0 {
                return Err(ApiError::Decode {
                    detail: format!("none of the {} trading pairs could be read", listed.skipped),
                });
            }
            Ok(listed.into_vec())
        },
    );
    let content = load_states(
        move || pairs.get(),
        t("the trading pairs"),
        move || pairs.refetch(),
        body,
    );
    view! {
        <section class="page exchange-page" aria-labelledby=title_id>
            <div class="page-head"><h1 id=title_id>{title}</h1></div>
            <ExchangeNav />
            {content}
        </section>
    }
}
