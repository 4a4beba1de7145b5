//! The navigation inside a section (Exchange, Legacy): links to the section's pages as tabs,
//! the current one marked with `aria-current="page"`. Each page has its own module, fetched
//! when the pointer or focus reaches its tab.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::split::warm;

/// Tabs for `pages` — (path, label) in order — in a `<nav>` named `label`. `pages` may be a
/// `&'static` slice or, for labels in the language shown, an array or `Vec` made with
/// `t(…)` (`[("/market", t("Market")), …]`).
#[component]
pub fn SectionNav(
    #[prop(into)] pages: Vec<(&'static str, &'static str)>,
    label: &'static str,
) -> impl IntoView {
    view! {
        <nav class="sub-nav" aria-label=label>
            <ul>
                {pages
                    .into_iter()
                    .map(|(href, text)| {
                        view! {
                            <li on:pointerenter=warm(href) on:focusin=warm(href)>
                                <A href=href exact=true>{text}</A>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}
