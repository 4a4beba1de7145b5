//! Sortable tables: the sort rules ([`sorting`]) and the clickable column header
//! ([`sort_header`]).

pub mod sort_header;
pub mod sorting;
