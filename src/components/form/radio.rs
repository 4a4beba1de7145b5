//! One radio button with its label: the one way Folio offers a choice among a few options
//! (order side, size unit, stake or unstake, profile, theme). The group is a `fieldset` with
//! a `legend` around several of these.

use leptos::prelude::*;

/// A labelled radio button, checked while `checked` is true; picking it runs `on_pick`.
#[component]
pub fn Radio(
    /// The group's name (shared by the buttons of one choice).
    #[prop(into)]
    name: String,
    /// The input's id (the label points at it).
    #[prop(into)]
    id: String,
    /// Whether this option is the current one (reactive).
    #[prop(into)]
    checked: Signal<bool>,
    /// Runs when the person picks this option.
    on_pick: Callback<()>,
    /// The label's classes: `radio` when not given (`segment order-side-buy` for a
    /// segmented control).
    #[prop(optional)]
    class: &'static str,
    /// The option's words.
    children: Children,
) -> impl IntoView {
    let class = if class.is_empty() { "radio" } else { class };
    let input_id = id.clone();
    view! {
        <label class=class for=id>
            <input type="radio" id=input_id name=name prop:checked=move || checked.get()
                on:change=move |_| on_pick.run(()) />
            {children()}
        </label>
    }
}

/// A [`Radio`] that sets `signal` to `value` when picked (and is checked while it holds it).
pub fn radio_for<T: Clone + PartialEq + Send + Sync + 'static>(
    name: &'static str,
    id: &'static str,
    label: &'static str,
    value: T,
    signal: RwSignal<T>,
) -> AnyView {
    let current = value.clone();
    let checked = Signal::derive(move || signal.with(|v| *v == current));
    let pick = Callback::new(move |()| signal.set(value.clone()));
    labelled_radio(name, id, label, checked, pick)
}

/// The view of [`radio_for`], compiled once for every type of value.
fn labelled_radio(
    name: &'static str,
    id: &'static str,
    label: &'static str,
    checked: Signal<bool>,
    pick: Callback<()>,
) -> AnyView {
    view! { <Radio name=name id=id checked=checked on_pick=pick>{label}</Radio> }.into_any()
}
