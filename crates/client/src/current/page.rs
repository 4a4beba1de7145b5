//! The paginated list envelope of `/operations`, `/assets` and `/earn/configs`.

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::Listed;

/// One page: items plus cursors. Stop only when [`Page::has_next_page`] is false — the last
/// page may still carry a `next_cursor`, and consecutive pages may overlap by one record.
/// Records that cannot be read are left out of `data` and counted in [`Page::skipped`].
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "RawPage<T>", bound(deserialize = "T: DeserializeOwned"))]
pub struct Page<T> {
    /// The readable items of this page.
    pub data: Vec<T>,
    /// How many items of this page could not be read (left out of `data`).
    pub skipped: usize,
    /// The cursor that produced this page.
    #[serde(default)]
    pub self_cursor: Option<String>,
    /// The cursor for the following page (present even on the last page).
    #[serde(default)]
    pub next_cursor: Option<String>,
    /// Whether another page follows.
    #[serde(default)]
    pub has_next_page: bool,
}

/// [`Page`] as sent.
#[derive(Deserialize)]
#[serde(bound(deserialize = "T: DeserializeOwned"))]
struct RawPage<T> {
    #[serde(default)]
    data: Listed<T>,
    #[serde(default)]
    self_cursor: Option<String>,
    #[serde(default)]
    next_cursor: Option<String>,
    #[serde(default)]
    has_next_page: bool,
}

impl<T> From<RawPage<T>> for Page<T> {
    fn from(raw: RawPage<T>) -> Self {
        Self {
            skipped: raw.data.skipped,
            data: raw.data.items,
            self_cursor: raw.self_cursor,
            next_cursor: raw.next_cursor,
            has_next_page: raw.has_next_page,
        }
    }
}

impl<T> Page<T> {
    /// The cursor to request next, or `None` when this is the last page.
    pub fn next(&self) -> Option<&str> {
        if self.has_next_page {
            self.next_cursor.as_deref().filter(|c| !c.is_empty())
        } else {
            None
        }
    }
}
