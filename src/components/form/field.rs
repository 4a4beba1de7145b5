//! One way to ask for a number of money: a labelled text input, the value Folio read from what
//! was typed ("Read as 1,000.00 EUR", so `1.000` meaning one thousand is caught before it is
//! sent), hints, and the field's error message. Typed text is parsed by the caller's rules
//! (`folio_client::current::validate_amount` and friends); nothing here does arithmetic.

use leptos::prelude::*;

use crate::i18n::tf;

/// A decimal input with its read-back, hint and error.
///
/// - `read_as` words the parsed value of the current text (`None` while it cannot be read);
/// - `error` is shown under the field (and marks it invalid) after a failed check;
/// - typing clears `error`.
#[component]
pub fn DecimalField(
    /// The input's id; the hint, read-back and error get `{id}-hint`, `{id}-read`, `{id}-error`.
    #[prop(into)]
    id: String,
    /// The label's words.
    #[prop(into)]
    label: Signal<String>,
    /// The typed text.
    text: RwSignal<String>,
    /// The message shown at the field.
    error: RwSignal<Option<String>>,
    /// The value read from `text`, in words (reactive).
    #[prop(into)]
    read_as: Signal<Option<String>>,
    /// A hint under the field (available balance, decimals…).
    #[prop(optional, into)]
    hint: Signal<Option<String>>,
    /// Extra content after the hint (e.g. percentage shortcuts).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let hint_id = format!("{id}-hint");
    let read_id = format!("{id}-read");
    let error_id = format!("{id}-error");
    let described = format!("{read_id} {hint_id} {error_id}");
    view! {
        <div class="field decimal-field">
            <label for=id.clone()>{move || label.get()}</label>
            <input id=id type="text" inputmode="decimal" autocomplete="off" spellcheck="false"
                aria-invalid=move || error.with(Option::is_some).to_string()
                aria-describedby=described
                prop:value=move || text.get()
                on:input=move |ev| { text.set(event_target_value(&ev)); error.set(None); } />
            <ReadAs id=read_id words=read_as />
            <p id=hint_id class="hint">{move || hint.get()}</p>
            {children.map(|c| c())}
            <p id=error_id class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}

/// "Read as …": the value Folio read from a money field, beside it (`id` for
/// `aria-describedby`).
#[component]
pub fn ReadAs(
    #[prop(into)] id: String,
    /// The value read, in words (`None` while nothing can be read).
    #[prop(into)]
    words: Signal<Option<String>>,
) -> impl IntoView {
    view! {
        <p id=id class="read-as" aria-live="polite">
            {move || words.get().map(|w| tf("Read as {value}", &[("value", &w)]))}
        </p>
    }
}
