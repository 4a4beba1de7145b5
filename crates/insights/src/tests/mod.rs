//! Hand-computed fixtures for each rule, and property tests over generated histories.

mod cases;
mod dates;
mod fixtures;
mod properties;
mod rules_at;
mod rules_de;
mod savings_plans;
mod support;
