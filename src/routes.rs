//! Folio's addresses and the page each one shows: [`Page::for_path`], read by the page area
//! ([`PageFor`]) and by link prefetching (`Section::for_path`). The addresses are declared
//! once, in the list of sections (`folio_routes::sections!`, which the build and the
//! benchmarks read too); the `match` they are looked up with is generated from it
//! (`Section::at_exact_path`), so the app holds no table of them.
//!
//! `leptos_router` keeps the address (its `Router`, `A` links, `use_location`,
//! `use_navigate`, `use_query_map`); the matching is this plain `match` instead of its
//! `<Routes>` tree. Every page here is flat (no route parameters, no nested layouts) and
//! its code is loaded on demand, so the generic nested-route machinery only cost bytes: 31 KB
//! brotli of the main module, paid by every first load.
//!
//! The protection rule is stated once, in the list (`needs_key`: every page but Connect and
//! Settings; "not found" needs none): a visitor without a key is sent to
//! `/connect?next=<the page asked for>`.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::NavigateOptions;

use crate::components::LazyPage;
use crate::pages::not_found::NotFoundPage;
use crate::sections::Section;

/// What an address shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// A page whose code is loaded on demand (Connect, Settings and every account page).
    Section(Section),
    /// An address no page answers.
    NotFound,
}

impl Page {
    /// The page at `path` (a query or fragment is ignored; so is one trailing `/`). Only the
    /// listed addresses answer, a listed `*` segment standing for any one (`/assets/*` shows
    /// `/assets/BTC`): `/history/x` is not found, as `/market/unknown` is.
    pub fn for_path(path: &str) -> Page {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let path = match path.strip_suffix('/') {
            Some(trimmed) if !trimmed.is_empty() => trimmed,
            _ => path,
        };
        let section = Section::at_exact_path(path).or_else(|| {
            folio_routes::wildcard_of(path).and_then(|any| Section::at_exact_path(&any))
        });
        match section {
            Some(section) => Page::Section(section),
            None => Page::NotFound,
        }
    }

    /// Whether the page works on the account, so needs a key (Connect and Settings do not).
    fn needs_key(self) -> bool {
        matches!(self, Page::Section(section) if section.needs_key())
    }

    /// What the page area shows for this page, with or without a key in the tab.
    pub(crate) fn shown(self, connected: bool) -> Shown {
        if self.needs_key() && !connected {
            Shown::ToConnect
        } else {
            Shown::Page(self)
        }
    }
}

/// What the page area shows for the address: the page, or nothing while a visitor without a
/// key is sent to Connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// The page.
    Page(Page),
    /// Nothing: the visitor is sent to Connect.
    ToConnect,
}

/// The page for the address in the browser's bar. It is rebuilt only when the address leads
/// to another page (a changed query, such as a filter, keeps the page), or when the key goes
/// while an account page is open.
#[component]
pub fn PageFor(connected: impl Fn() -> bool + Send + Sync + Copy + 'static) -> impl IntoView {
    let location = use_location();
    let shown = Memo::new(move |_| Page::for_path(&location.pathname.get()).shown(connected()));
    address_follows(location.pathname);
    let navigate = use_navigate();
    move || match shown.get() {
        Shown::Page(Page::Section(section)) => {
            if section == Section::Portfolio {
                crate::pages::portfolio::early::start_reads();
            }
            view! { <LazyPage load=section.loader() /> }.into_any()
        }
        Shown::Page(Page::NotFound) => view! { <NotFoundPage /> }.into_any(),
        Shown::ToConnect => {
            send_to_connect(shown, navigate.clone());
            ().into_any()
        }
    }
}

/// Sends a visitor without a key from a page that needs one to Connect, with the page asked
/// for as `next`. The Connect address replaces the one that needs a key, so Back from Connect
/// leaves that page instead of landing on it and being sent to Connect again.
///
/// It runs in a task of its own, after the address that led here is in the history
/// (`address_follows`, in this task's microtasks), so it replaces that entry and not the one
/// before it; and only if it is still wanted then (a key may have arrived, or the visitor
/// gone elsewhere, meanwhile).
fn send_to_connect(shown: Memo<Shown>, navigate: impl Fn(&str, NavigateOptions) + 'static) {
    set_timeout(
        move || {
            if shown.get_untracked() != Shown::ToConnect {
                return;
            }
            let options = NavigateOptions {
                replace: true,
                ..Default::default()
            };
            navigate(&requested_page_via_connect(), options);
        },
        std::time::Duration::ZERO,
    );
}

/// Lets `leptos_router` write a new address into the browser's bar (and scroll to the top or
/// to the fragment): after a navigation to another path it waits for the router's word that
/// the page is ready, which its `<Routes>` gave. The page is drawn as the address changes, so
/// the word is given on every change of path.
fn address_follows(path: Memo<String>) {
    use leptos_router::location::{BrowserUrl, LocationProvider};

    if let Some(url) = use_context::<BrowserUrl>() {
        crate::effect::effect(move || {
            path.track();
            url.ready_to_complete();
        });
    }
}

/// The Connect address remembering the page the visitor asked for.
fn requested_page_via_connect() -> String {
    let location = web_sys::window().map(|w| w.location());
    let requested = location
        .and_then(|l| Some(format!("{}{}", l.pathname().ok()?, l.search().ok()?)))
        .unwrap_or_default();
    crate::url::connect_redirect(&requested)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_has_one_page() {
        assert_eq!(Page::for_path("/connect"), Page::Section(Section::Connect));
        assert_eq!(
            Page::for_path("/connect?next=%2Fhistory"),
            Page::Section(Section::Connect)
        );
        assert_eq!(Page::for_path("/"), Page::Section(Section::Portfolio));
        assert_eq!(Page::for_path("/history/"), Page::Section(Section::History));
        assert_eq!(
            Page::for_path("/legacy-api/archive#top"),
            Page::Section(Section::LegacyArchive)
        );
        assert_eq!(Page::for_path("/history/x"), Page::NotFound);
        assert_eq!(
            Page::for_path("/assets/ETH?period=week"),
            Page::Section(Section::Asset)
        );
        assert_eq!(Page::for_path("/assets"), Page::NotFound);
        assert_eq!(Page::for_path("/assets/ETH/lots"), Page::NotFound);
        assert_eq!(Page::for_path("/no/such/page"), Page::NotFound);
    }

    /// The match generated from the list answers each row's addresses with the row's
    /// section (the variant named after its module) and key rule.
    #[test]
    fn the_addresses_are_the_route_tables() {
        let mut rows = 0;
        for row in folio_routes::SECTIONS {
            let module: String = row
                .module
                .split('_')
                .map(|w| w[..1].to_uppercase() + &w[1..])
                .collect();
            for path in row.paths {
                let page = Page::for_path(path);
                let Page::Section(section) = page else {
                    panic!("{path} shows no page");
                };
                assert_eq!(format!("{section:?}"), module, "{path}");
                assert_eq!(page.needs_key(), row.needs_key, "{path}");
            }
            rows += 1;
        }
        // Each section has its row (the variants, counted by hand: 22).
        assert_eq!(rows, 22);
    }

    #[test]
    fn only_account_pages_need_a_key() {
        assert!(Page::for_path("/").needs_key());
        assert!(Page::for_path("/market/orders").needs_key());
        assert!(!Page::for_path("/settings").needs_key());
        assert!(!Page::for_path("/connect").needs_key());
        assert!(!Page::for_path("/nowhere").needs_key());
    }
}
