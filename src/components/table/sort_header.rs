//! A sortable column header: a real button inside the `<th>`, with `aria-sort` on the cell.

use leptos::prelude::*;

use crate::components::table::sort_state::{SortDirection, SortState};

/// A `<th>` whose button sorts the table by `column`.
#[component]
pub fn SortHeader<C>(
    column: C,
    #[prop(into)] label: String,
    sort: RwSignal<SortState<C>>,
    /// The direction a first click sorts in.
    first_direction: SortDirection,
    /// Extra class for the cell (`num` for numeric columns).
    #[prop(optional, into)]
    class: String,
) -> impl IntoView
where
    C: Copy + PartialEq + Send + Sync + 'static,
{
    let aria_sort = move || sort.get().aria_sort_for(column);
    let arrow = move || {
        let state = sort.get();
        if state.column == column {
            state.direction.arrow()
        } else {
            "↕"
        }
    };
    view! {
        <th scope="col" class=class aria-sort=aria_sort>
            <button
                type="button"
                class="sort-button"
                on:click=move |_| sort.update(|s| *s = s.after_click(column, first_direction))
            >
                {label}
                <span class="sort-arrow" aria-hidden="true">{arrow}</span>
            </button>
        </th>
    }
}
