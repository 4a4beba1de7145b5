//! One cursor list for every "Load more" list (the legacy lists and the exchange's orders
//! and trades; the current API's operations use `folio_client::current::Paginator`).
//!
//! The first page is asked for when the filter changes, "Load more" asks for the page after
//! the last cursor. [`Received`] (plain logic, tested natively) keeps every record once (by
//! its key) and stops — saying why — when the service repeats a cursor or sends
//! [`MAX_EMPTY_PAGES`] pages in a row with nothing new, so a misbehaving service cannot make
//! "Load more" loop. [`CursorList`] (`paging/list.rs`) runs the requests: an answer that
//! arrives after the filter changed is dropped, and requests end with their page.
//! `components::CursorFooter` is the status line, the error with Retry and the "Load more"
//! button under such a list.

mod list;

use std::collections::HashSet;
use std::hash::Hash;

use folio_client::exchange::ExchangePage;
use folio_client::legacy::{LegacyItem, LegacyPage};

use crate::i18n::t;

pub use list::{use_cursor_list, CursorList};

/// Pages in a row without a new record after which a list stops.
pub const MAX_EMPTY_PAGES: u32 = 3;

/// What a list needs from one page of any API.
#[derive(Debug, Clone, PartialEq)]
pub struct Parts<T> {
    /// The records that could be read, in the order sent.
    pub items: Vec<T>,
    /// The cursor of the next page; `None` on the last page.
    pub next: Option<String>,
    /// How many records the list holds in all, when the service says.
    pub total: Option<u64>,
    /// Records that could not be read (malformed).
    pub skipped: usize,
}

/// A page of a cursor-paginated API.
pub trait CursorPage {
    /// One record.
    type Item;

    /// The page as a list sees it; `asked` is the page size asked for (some APIs need it
    /// to tell the last page).
    fn into_parts(self, asked: Option<u32>) -> Parts<Self::Item>;
}

impl<A> CursorPage for LegacyPage<A> {
    type Item = LegacyItem<A>;

    fn into_parts(self, asked: Option<u32>) -> Parts<LegacyItem<A>> {
        Parts {
            next: self.next_cursor(asked).map(str::to_string),
            total: self.meta.total_count,
            skipped: self.skipped,
            items: self.data,
        }
    }
}

impl<T> CursorPage for ExchangePage<T> {
    type Item = T;

    fn into_parts(self, _asked: Option<u32>) -> Parts<T> {
        Parts {
            next: self.next_cursor().map(str::to_string),
            total: None,
            skipped: self.skipped,
            items: self.data,
        }
    }
}

/// Why a list stopped before the service said it was complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The service sent a cursor it had sent before.
    RepeatedCursor,
    /// Several pages in a row brought nothing new.
    NothingNew,
}

impl Stopped {
    /// The sentence under the list.
    pub fn sentence(self) -> &'static str {
        match self {
            Self::RepeatedCursor => {
                t("The service sent a page it had sent before, so the list stops here.")
            }
            Self::NothingNew => {
                t("The service sent several pages with nothing new, so the list stops here.")
            }
        }
    }
}

/// The records received so far for one filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Received<T> {
    /// The records, in the order received, no key twice.
    pub items: Vec<T>,
    /// The cursor of the next page; `None` before the first page and after the last.
    pub next: Option<String>,
    /// Pages received.
    pub pages: usize,
    /// The latest total the service sent.
    pub total: Option<u64>,
    /// Records that could not be read, summed over the pages.
    pub skipped: usize,
    /// Why the list stopped early, if it did.
    pub stopped: Option<Stopped>,
    cursors: Vec<String>,
    empty_pages: u32,
}

impl<T> Default for Received<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            next: None,
            pages: 0,
            total: None,
            skipped: 0,
            stopped: None,
            cursors: Vec::new(),
            empty_pages: 0,
        }
    }
}

impl<T> Received<T> {
    /// Takes in the next page; records whose `key` is already listed are left out.
    pub fn absorb<K: Eq + Hash>(&mut self, page: Parts<T>, key: impl Fn(&T) -> K) {
        let before = self.items.len();
        let mut listed: HashSet<K> = self.items.iter().map(&key).collect();
        for item in page.items {
            if listed.insert(key(&item)) {
                self.items.push(item);
            }
        }
        self.pages = self.pages.saturating_add(1);
        self.total = page.total.or(self.total);
        self.skipped = self.skipped.saturating_add(page.skipped);
        self.empty_pages = if self.items.len() > before {
            0
        } else {
            self.empty_pages.saturating_add(1)
        };
        self.next = None;
        match page.next {
            Some(c) if self.cursors.contains(&c) => self.stopped = Some(Stopped::RepeatedCursor),
            Some(_) if self.empty_pages >= MAX_EMPTY_PAGES => {
                self.stopped = Some(Stopped::NothingNew)
            }
            Some(c) => {
                self.cursors.push(c.clone());
                self.next = Some(c);
            }
            None => {}
        }
    }

    /// Whether the last page has arrived (or the list stopped).
    pub fn complete(&self) -> bool {
        self.pages > 0 && self.next.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(ids: &[&'static str], next: Option<&str>) -> Parts<&'static str> {
        Parts {
            items: ids.to_vec(),
            next: next.map(str::to_string),
            total: Some(5),
            skipped: 0,
        }
    }

    #[test]
    fn follows_the_cursor_and_keeps_each_record_once() {
        let mut r = Received::default();
        assert!(!r.complete());
        r.absorb(page(&["a", "b"], Some("b")), |x| *x);
        assert_eq!(r.next.as_deref(), Some("b"));
        r.absorb(page(&["b", "c"], Some("c")), |x| *x);
        r.absorb(page(&["d"], None), |x| *x);
        assert_eq!(r.items, ["a", "b", "c", "d"]);
        assert!(r.complete());
        assert_eq!((r.pages, r.total, r.stopped), (3, Some(5), None));
    }

    #[test]
    fn a_repeated_cursor_or_pages_with_nothing_new_stop_the_list() {
        let mut r = Received::default();
        r.absorb(page(&["a", "b"], Some("b")), |x| *x);
        r.absorb(page(&["c"], Some("b")), |x| *x);
        assert!(r.complete());
        assert_eq!(r.stopped, Some(Stopped::RepeatedCursor));
        assert_eq!(r.items, ["a", "b", "c"]);

        let mut r = Received::default();
        r.absorb(page(&["a"], Some("1")), |x| *x);
        r.absorb(page(&["a"], Some("2")), |x| *x);
        r.absorb(page(&["a"], Some("3")), |x| *x);
        assert!(!r.complete());
        r.absorb(page(&["a"], Some("4")), |x| *x);
        assert_eq!(r.stopped, Some(Stopped::NothingNew));
        assert!(r.complete());
    }

    #[test]
    fn an_empty_first_page_is_complete_and_skipped_records_add_up() {
        let mut r: Received<&str> = Received::default();
        r.absorb(
            Parts {
                items: vec![],
                next: None,
                total: None,
                skipped: 2,
            },
            |x| *x,
        );
        assert!(r.complete() && r.items.is_empty());
        assert_eq!(r.skipped, 2);
    }
}
