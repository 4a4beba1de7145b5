//! The portfolio's allocation card. Its heading comes with the page; its donut and table are
//! a part of their own (module `portfolio_allocation`), drawn once the figures are shown
//! ([`LazyPage`]'s `later`), and its module is fetched then: fetched as the page started, it
//! was in the chain Lighthouse's simulated largest paint ended with.

use leptos::prelude::*;

use crate::components::charts::allocation::AllocationSlice;
use crate::components::{AllocationDonut, LazyPage};
use crate::i18n::t;

/// What the part draws (it takes no props).
#[derive(Clone)]
struct AllocationInputs {
    slices: Vec<AllocationSlice>,
    unit: String,
}

/// The card for `slices`, their values in `unit`.
#[component]
pub fn AllocationCard(slices: Vec<AllocationSlice>, unit: String) -> impl IntoView {
    provide_context(AllocationInputs { slices, unit });
    view! {
        <section class="card" aria-labelledby="allocation-title">
            <h2 id="allocation-title">{t("Allocation")}</h2>
            <LazyPage load=allocation_part later=true />
        </section>
    }
}

crate::split::split_page!(
    portfolio_allocation,
    allocation_part,
    preload_allocation_part,
    AllocationPart
);

/// The donut and its table (nothing without [`AllocationInputs`]).
#[component]
fn AllocationPart() -> impl IntoView {
    let AllocationInputs { slices, unit } = use_context::<AllocationInputs>()?;
    Some(view! { <AllocationDonut slices=slices unit=Some(unit) /> })
}
