//! A chart's table alternative: the same figures as a table, behind a disclosure, in a
//! scroll box named by the table's caption (so a screen reader and a keyboard reach it).

use leptos::prelude::*;

/// A disclosure `summary` opening the table `id` (also its `data-testid`; its caption is
/// `<id>-caption`), of class `data-table` and `class`, captioned `caption`; `children` are
/// its head and body.
#[component]
pub fn TableAlternative(
    summary: &'static str,
    id: &'static str,
    caption: String,
    #[prop(optional)] class: &'static str,
    children: Children,
) -> impl IntoView {
    let caption_id = format!("{id}-caption");
    let labelled_by = caption_id.clone();
    view! {
        <details class="table-alternative">
            <summary>{summary}</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby=labelled_by>
                <table class=format!("data-table {class}") id=id data-testid=id>
                    <caption id=caption_id>{caption}</caption>
                    {children()}
                </table>
            </div>
        </details>
    }
}
