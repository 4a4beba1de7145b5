//! The panel for one operation, as a module of its own in the release build
//! (`operations_detail`): the list shows with the page's module; this part is fetched as soon
//! as the page starts, long before a row can be opened, and it only holds what the page's pack
//! lacks. It takes the opened operation from the page's [`OpenedOperation`] context.

use leptos::prelude::*;

use super::detail::OperationDetail;
use super::loader::Loader;

crate::sections::split_page!(
    operations_detail,
    detail_part,
    preload_detail_part,
    DetailPart
);

/// Which operation the page opened, and how to close it.
#[derive(Clone, Copy)]
pub struct OpenedOperation {
    /// The index of the opened operation in the loaded list.
    pub selected: RwSignal<Option<usize>>,
    /// The page's loaded operations and the names of their assets.
    pub loader: Loader,
    /// Closes the panel.
    pub close: Callback<()>,
}

/// The opened operation's panel (nothing while none is open).
#[component]
fn DetailPart() -> impl IntoView {
    let opened = use_context::<OpenedOperation>();
    move || {
        let opened = opened?;
        let i = opened.selected.get()?;
        let op = opened.loader.ops.with(|ops| ops.get(i).cloned())?;
        let names = opened.loader.names.get();
        Some(view! { <OperationDetail op=op names=names on_close=opened.close /> })
    }
}
