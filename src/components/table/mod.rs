//! Sortable tables: the sort state and rules ([`sort_state`]) and the clickable column header
//! ([`sort_header`]).

pub mod sort_header;
pub mod sort_state;
