//! The navigation inside a section (Exchange, Legacy): links to the section's pages as tabs,
//! the current one marked with `aria-current="page"`.

use leptos::prelude::*;
use leptos_router::components::A;

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
                    .map(|&(href, text)| view! { <li><A href=href exact=true>{text}</A></li> })
                    .collect_view()}
            </ul>
        </nav>
    }
}
