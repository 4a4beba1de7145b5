//! Drawing the report in steps: what is below the year's figures is drawn in later tasks, so
//! no one task holds the page's thread for the whole report (at a phone's speed the report's
//! drawing was one task of about 300 ms, which Lighthouse mobile counted as blocking time);
//! the first figures are on screen before the tables under them are built: the first step
//! waits for the frame that shows what is above (`next_frame`), so a switch of rules or year
//! shows its figures without waiting for the tables under them.

use leptos::prelude::*;

use crate::data::next_task::{next_frame, next_task};

/// Draws `children` after the frame showing the page as it is now, then `tasks` − 1 further
/// tasks of the browser (each a [`next_task`], so the browser may answer input in between).
/// Dropped before then, nothing is drawn.
#[component]
pub fn DrawnLater(
    /// How many tasks later (1: the next one).
    tasks: u8,
    children: ChildrenFn,
) -> impl IntoView {
    let shown = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        next_frame().await;
        for _ in 1..tasks {
            next_task().await;
        }
        // The view may be gone (a switch of rules drew a new report): then nothing is set.
        let _ = shown.try_set(true);
    });
    move || shown.get().then(|| children())
}
