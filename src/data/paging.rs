//! "Load more" over a cursor-paginated legacy list: the pages received for one filter,
//! each item exactly once.
//!
//! A page answers a request `(filter, cursor)`. [`Paged::absorb`] starts over on a first
//! page (no cursor), appends a page only when it answers the cursor the list is waiting for
//! (so a late answer to an older filter or a repeated request cannot mix in), keeps the first
//! occurrence of each id, and ends the list when the service repeats a cursor it has already
//! given (so a misbehaving service cannot make "Load more" loop).

use std::collections::HashSet;

use folio_client::legacy::{LegacyItem, LegacyPage};

/// The items received so far for `filter`.
#[derive(Debug, Clone, PartialEq)]
pub struct Paged<F, A> {
    /// The filter these items match.
    pub filter: F,
    /// The items, in the order received (newest first), no id twice.
    pub items: Vec<LegacyItem<A>>,
    /// The cursor of the next page; `None` once the last page arrived.
    pub next: Option<String>,
    /// `meta.total_count` of the latest page, when sent.
    pub total: Option<u64>,
    /// Pages received.
    pub pages: usize,
    /// Records that could not be read (malformed), summed over the pages.
    pub skipped: usize,
    seen: HashSet<String>,
    used: HashSet<String>,
}

impl<F: PartialEq + Clone, A> Paged<F, A> {
    /// An empty list for `filter` (nothing received yet).
    pub fn new(filter: F) -> Self {
        Self {
            filter,
            items: Vec::new(),
            next: None,
            total: None,
            pages: 0,
            skipped: 0,
            seen: HashSet::new(),
            used: HashSet::new(),
        }
    }

    /// Takes in the answer to `(filter, cursor)`; `page_size` is the size asked for (used
    /// when the page does not say). Returns whether the page was used.
    pub fn absorb(
        &mut self,
        filter: &F,
        cursor: Option<&str>,
        page: LegacyPage<A>,
        page_size: Option<u32>,
    ) -> bool {
        match cursor {
            None => *self = Self::new(filter.clone()),
            Some(c) if *filter == self.filter && self.next.as_deref() == Some(c) => {
                self.used.insert(c.to_string());
            }
            Some(_) => return false,
        }
        self.next = page
            .next_cursor(page_size)
            .filter(|c| !self.used.contains(*c))
            .map(str::to_string);
        self.total = page.meta.total_count.or(self.total);
        self.pages += 1;
        self.skipped += page.skipped;
        let seen = &mut self.seen;
        self.items
            .extend(page.data.into_iter().filter(|i| seen.insert(i.id.clone())));
        true
    }

    /// Whether the last page has arrived.
    pub fn complete(&self) -> bool {
        self.pages > 0 && self.next.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_client::legacy::{LegacyLinks, LegacyMeta};

    fn page(ids: &[&str], next: Option<&str>, size: u32) -> LegacyPage<u8> {
        LegacyPage {
            data: ids
                .iter()
                .map(|id| LegacyItem {
                    kind: None,
                    id: id.to_string(),
                    attributes: 0,
                })
                .collect(),
            skipped: 0,
            meta: LegacyMeta {
                total_count: Some(5),
                next_cursor: next.map(str::to_string),
                cursor: None,
                page_size: Some(size),
            },
            links: LegacyLinks {
                next: next.map(|c| format!("?cursor={c}")),
                self_link: None,
            },
        }
    }

    fn ids(p: &Paged<&str, u8>) -> Vec<String> {
        p.items.iter().map(|i| i.id.clone()).collect()
    }

    #[test]
    fn follows_the_cursor_and_keeps_each_item_once() {
        let mut p = Paged::new("all");
        assert!(!p.complete());
        assert!(p.absorb(&"all", None, page(&["a", "b"], Some("b"), 2), Some(2)));
        assert_eq!(p.next.as_deref(), Some("b"));
        // A page that repeats an item: the item is kept once.
        assert!(p.absorb(&"all", Some("b"), page(&["b", "c"], Some("c"), 2), Some(2)));
        // A short last page ends the list.
        assert!(p.absorb(&"all", Some("c"), page(&["d"], Some("d"), 2), Some(2)));
        assert_eq!(ids(&p), ["a", "b", "c", "d"]);
        assert!(p.complete());
        assert_eq!((p.pages, p.total), (3, Some(5)));
    }

    #[test]
    fn ignores_stale_answers_and_starts_over_on_a_first_page() {
        let mut p = Paged::new("buy");
        p.absorb(&"buy", None, page(&["a", "b"], Some("b"), 2), Some(2));
        // An answer for another filter, or for a cursor not asked for, is ignored.
        assert!(!p.absorb(&"sell", Some("b"), page(&["x", "y"], Some("y"), 2), Some(2)));
        assert!(!p.absorb(&"buy", Some("zz"), page(&["x", "y"], Some("y"), 2), Some(2)));
        assert_eq!(ids(&p), ["a", "b"]);
        // The same page twice: the second is not waited for any more.
        assert!(p.absorb(&"buy", Some("b"), page(&["c", "d"], Some("d"), 2), Some(2)));
        assert!(!p.absorb(&"buy", Some("b"), page(&["c", "d"], Some("d"), 2), Some(2)));
        assert_eq!(ids(&p), ["a", "b", "c", "d"]);
        // A first page for a new filter replaces everything.
        assert!(p.absorb(&"sell", None, page(&["s"], None, 2), Some(2)));
        assert_eq!((p.filter, ids(&p)), ("sell", vec!["s".to_string()]));
        assert!(p.complete());
    }

    #[test]
    fn a_repeated_cursor_ends_the_list() {
        let mut p = Paged::new(());
        let mut q: Paged<(), u8> = Paged::new(());
        q.absorb(&(), None, page(&["a", "b"], Some("b"), 2), Some(2));
        q.absorb(&(), Some("b"), page(&["c", "d"], Some("b"), 2), Some(2));
        assert!(q.complete());
        // An empty first page is complete at once.
        p.absorb(&(), None, page(&[], None, 2), Some(2));
        assert!(p.complete() && p.items.is_empty());
    }
}
