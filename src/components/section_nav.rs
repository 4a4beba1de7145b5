//! The navigation inside a section (Exchange, Legacy): links to the section's pages as tabs,
//! the current one marked with `aria-current="page"`. Each page has its own module, fetched
//! when the pointer or focus reaches its tab.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::sections::warm;

/// Tabs for `pages` — (path, label) in order — in a `<nav>` named `label`.
#[component]
pub fn SectionNav(
    pages: &'static [(&'static str, &'static str)],
    label: &'static str,
) -> impl IntoView {
    view! {
        <nav class="sub-nav" aria-label=label>
            <ul>
                {pages
                    .iter()
                    .map(|&(href, text)| {
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
