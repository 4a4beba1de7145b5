//! What the page shows beside its list, as a module of its own in the release build
//! (`operations_tools`): the tools above the list ("Include legacy records", Export CSV and JSON,
//! the "Files for tax tools" disclosure), under the list the progress of "Load all" with Stop,
//! the "Load more" / "Load all" buttons and the note naming the time zone of the list's days
//! and times, and an opened operation's panel. The heading, the filters,
//! the status line and the list show with the page's module; this part is fetched as soon as the
//! page starts (and readied when a link to Operations is pointed at), alongside the first page of
//! operations. Nothing moves when it arrives: the tools take the space kept for them (`.ops-tools`)
//! and the rest comes under the list. Each reads the page's [`PageParts`].

use leptos::prelude::*;

use crate::components::TimesNote;

use super::detail::OperationDetail;
use super::export::OperationsExport;
use super::legacy_timeline::SourceToggle;
use super::loader::Loader;
use super::progress::{LoadAllProgress, LoadButtons};
use super::tax_files::TaxFiles;

crate::split::split_page!(
    operations_tools,
    detail_part,
    preload_detail_part,
    DetailPart
);

crate::split::split_page!(operations_tools, tools_part, preload_tools_part, ToolsPart);

crate::split::split_page!(
    operations_tools,
    load_buttons_part,
    preload_load_buttons_part,
    LoadButtonsPart
);

/// What the page hands its parts.
#[derive(Clone, Copy)]
pub struct PageParts {
    /// The page's loaded operations and the names of their assets.
    pub loader: Loader,
    /// The index of the opened operation in the loaded list.
    pub selected: RwSignal<Option<usize>>,
    /// Closes the panel.
    pub close: Callback<()>,
    /// The loaded operations the filters show (what the export writes).
    pub shown: Memo<Vec<usize>>,
    /// Whether the combined timeline replaces the list (the export buttons are hidden then).
    pub combined: Signal<bool>,
    /// Whether the legacy API turned out to be switched off.
    pub legacy_gone: RwSignal<bool>,
}

/// The opened operation's panel (nothing while none is open).
#[component]
fn DetailPart() -> impl IntoView {
    let parts = use_context::<PageParts>();
    move || {
        let parts = parts?;
        let i = parts.selected.get()?;
        let op = parts.loader.ops.with(|ops| ops.get(i).cloned())?;
        let names = parts.loader.names.get();
        Some(view! { <OperationDetail op=op names=names on_close=parts.close /> })
    }
}

/// The tools above the list (nothing without the page's [`PageParts`]).
#[component]
fn ToolsPart() -> impl IntoView {
    use_context::<PageParts>().map(|parts| {
        view! {
            <div class="ops-actions">
                <SourceToggle gone=parts.legacy_gone />
                <OperationsExport loader=parts.loader shown=parts.shown hidden=parts.combined />
            </div>
            <TaxFiles />
        }
    })
}

/// Under the list: the progress of "Load all" with Stop (while it runs), then "Load more" and
/// "Load all", and the time zone the list's days and times are in (here rather than with the
/// page's module: the zone's name and its bindings stay out of the page's first load).
#[component]
fn LoadButtonsPart() -> impl IntoView {
    use_context::<PageParts>().map(|parts| {
        view! {
            <LoadAllProgress loader=parts.loader />
            <LoadButtons loader=parts.loader />
            <TimesNote id="ops-times-note" />
        }
    })
}
