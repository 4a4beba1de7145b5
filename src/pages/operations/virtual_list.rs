//! The arithmetic of a virtualised list: with rows of one fixed height in a scrolling box,
//! only the rows in view (plus a margin) exist in the DOM; two spacers stand in for the rest.
//! Integer pixels only.

/// Rows rendered above and below the visible ones.
pub const OVERSCAN: usize = 8;
/// Never render more rows than this, whatever the viewport says.
pub const MAX_RENDERED: usize = 160;

/// Which rows to render and how tall the spacers around them are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// First rendered row.
    pub start: usize,
    /// One past the last rendered row.
    pub end: usize,
    /// Height of the spacer above, in px.
    pub top_px: u32,
    /// Height of the spacer below, in px.
    pub bottom_px: u32,
}

/// The window for `len` rows of `row_px` pixels, scrolled by `scroll_top`, in a box
/// `viewport_px` tall.
pub fn window(len: usize, row_px: u32, scroll_top: i32, viewport_px: i32) -> Window {
    let row = row_px.max(1) as usize;
    let top = scroll_top.max(0) as usize;
    let visible = (viewport_px.max(0) as usize).div_ceil(row) + 1;
    let first = (top / row).min(len);
    let start = first.saturating_sub(OVERSCAN);
    let end = (first + visible + OVERSCAN)
        .min(len)
        .min(start + MAX_RENDERED);
    let px = |n: usize| u32::try_from(n * row).unwrap_or(u32::MAX);
    Window {
        start,
        end,
        top_px: px(start),
        bottom_px: px(len - end),
    }
}

/// Whether the window is close enough to the end of the list to ask for more rows.
pub fn near_end(w: Window, len: usize) -> bool {
    w.end + OVERSCAN >= len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_only_what_is_in_view() {
        let w = window(10_000, 64, 0, 640);
        assert_eq!((w.start, w.end, w.top_px), (0, 19, 0));
        assert_eq!(w.bottom_px, (10_000 - 19) * 64);
        let w = window(10_000, 64, 64 * 5000, 640);
        assert_eq!((w.start, w.end), (4992, 5019));
        assert_eq!(w.top_px, 4992 * 64);
        let w = window(10_000, 64, 0, 100_000);
        assert_eq!(w.end - w.start, MAX_RENDERED);
        let w = window(5, 64, 9999, 640);
        assert_eq!((w.start, w.end, w.bottom_px), (0, 5, 0));
        assert!(near_end(w, 5));
        assert!(!near_end(window(100, 64, 0, 640), 100));
    }
}
