//! Reading a chart point by point, the same way on every chart (History's area, the market's
//! candles): the pointer highlights the point nearest to it, and with the chart focused the
//! arrow keys step through the points (the first press starts at the latest), Home and End
//! jump, Escape clears.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::charts::geometry::{nearest_index, ChartPoint};

/// The highlighted point of a chart (an index into its points), moved by the keys and the
/// pointer; each chart shows it its own way (a dot, a guide line) and reads it out.
#[derive(Clone, Copy)]
pub struct Crosshair {
    active: RwSignal<Option<usize>>,
    points: StoredValue<Vec<ChartPoint>>,
    width: f64,
}

impl Crosshair {
    /// A crosshair over `points`, drawn in a frame `width` units wide.
    pub fn new(points: Vec<ChartPoint>, width: f64) -> Self {
        Crosshair {
            active: RwSignal::new(None),
            points: StoredValue::new(points),
            width,
        }
    }

    /// The highlighted point's index (reactive).
    pub fn index(self) -> Option<usize> {
        self.active.get()
    }

    /// The highlighted point (reactive).
    pub fn point(self) -> Option<ChartPoint> {
        let i = self.active.get()?;
        self.points.with_value(|p| p.get(i).copied())
    }

    /// Moves with a key (the chart focused); a key it uses does nothing else.
    pub fn key(self, ev: &web_sys::KeyboardEvent) {
        let count = self.points.with_value(Vec::len);
        if let Some(next) = point_after_key(&ev.key(), self.active.get_untracked(), count) {
            ev.prevent_default();
            self.active.set(next);
        }
    }

    /// Moves to the point nearest the pointer.
    pub fn pointer(self, ev: &web_sys::PointerEvent) {
        if let Some(x) = pointer_x(ev, self.width) {
            self.active
                .set(self.points.with_value(|p| nearest_index(p, x)));
        }
    }

    /// Clears the highlight (pointer gone, focus gone).
    pub fn clear(self) {
        self.active.set(None);
    }
}

/// The point the key moves to: `Some(None)` clears the highlight, `None` means the key does
/// nothing here. Right/Up go later, Left/Down earlier (the first press starts at the latest
/// point), Home and End jump, Escape clears.
fn point_after_key(key: &str, current: Option<usize>, count: usize) -> Option<Option<usize>> {
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
fn pointer_x(ev: &web_sys::PointerEvent, width: f64) -> Option<f64> {
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
