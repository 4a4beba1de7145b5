//! The paginated list envelope of `/operations`, `/assets` and `/earn/configs`.

use serde::Deserialize;

/// One page: items plus cursors. Stop only when [`Page::has_next_page`] is false — the last
/// page may still carry a `next_cursor`, and consecutive pages may overlap by one record.
#[derive(Debug, Clone, Deserialize)]
pub struct Page<T> {
    /// The items of this page.
    #[serde(default = "Vec::new")]
    pub data: Vec<T>,
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
