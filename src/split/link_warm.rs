//! Readying the page behind a link as the pointer or focus reaches it. The links are drawn by
//! components below the pages (the top bar, the section navigation), which may not name a
//! page: that would close an import circle through the pages. So the app says once, as it
//! starts, how the page behind an address is readied ([`set_link_warmer`], given
//! `sections::warm_link`), and the links' handlers ([`warm`]) call that.
//!
//! A function pointer in a thread-local cell rather than a Leptos context: it is set before
//! the app is mounted and read outside any reactive owner, and costs a few bytes where a
//! context cost about 0.5 KB brotli of every first load.

use std::cell::Cell;

thread_local! {
    static WARMER: Cell<Option<fn(&str)>> = const { Cell::new(None) };
}

/// Sets how the page behind an address is readied (the app, once, as it starts).
pub fn set_link_warmer(warmer: fn(&str)) {
    WARMER.with(|cell| cell.set(Some(warmer)));
}

/// An event handler that readies the page behind `href` when the pointer or focus reaches
/// its link, so the click rarely waits for its module (nothing before [`set_link_warmer`]).
pub fn warm<E>(href: &'static str) -> impl Fn(E) + Clone {
    move |_| {
        if let Some(warmer) = WARMER.with(Cell::get) {
            warmer(href);
        }
    }
}
