//! Reading a chart point by point, the same way on every chart (History's area, the market's
//! candles): the pointer highlights the point nearest to it, and with the chart focused the
//! arrow keys step through the points (the first press starts at the latest), Home and End
//! jump, Escape clears.

use wasm_bindgen::JsCast;

/// The point the key moves to: `Some(None)` clears the highlight, `None` means the key does
/// nothing here. Right/Up go later, Left/Down earlier (the first press starts at the latest
/// point), Home and End jump, Escape clears.
pub fn point_after_key(key: &str, current: Option<usize>, count: usize) -> Option<Option<usize>> {
    let last = count.checked_sub(1)?;
    Some(match (key, current) {
        ("ArrowRight" | "ArrowUp" | "ArrowLeft" | "ArrowDown", None) => Some(last),
        ("ArrowRight" | "ArrowUp", Some(i)) => Some(i.saturating_add(1).min(last)),
        ("ArrowLeft" | "ArrowDown", Some(i)) => Some(i.saturating_sub(1)),
        ("Home", _) => Some(0),
        ("End", _) => Some(last),
        ("Escape", _) => None,
        _ => return None,
    })
}

/// Where the pointer is across the element handling `ev`, in chart units of a frame
/// `width` wide (the SVG stretches to the element's width).
pub fn pointer_x(ev: &web_sys::PointerEvent, width: f64) -> Option<f64> {
    let target = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())?;
    let rect = target.get_bounding_client_rect();
    (rect.width() > 0.0).then(|| (f64::from(ev.client_x()) - rect.left()) / rect.width() * width)
}

#[cfg(test)]
mod tests {
    use super::point_after_key;

    #[test]
    fn keys_move_the_highlight() {
        assert_eq!(point_after_key("ArrowLeft", None, 5), Some(Some(4)));
        assert_eq!(point_after_key("ArrowRight", Some(4), 5), Some(Some(4)));
        assert_eq!(point_after_key("ArrowLeft", Some(0), 5), Some(Some(0)));
        assert_eq!(point_after_key("Home", Some(3), 5), Some(Some(0)));
        assert_eq!(point_after_key("Escape", Some(3), 5), Some(None));
        assert_eq!(point_after_key("a", Some(3), 5), None);
        assert_eq!(point_after_key("End", None, 0), None);
    }
}
