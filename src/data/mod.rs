//! How pages reach the client: loads tied to the account ([`load`], held by
//! [`resource::AccountResource`]), names for ids
//! ([`id_names`]), cursor lists ([`paging`]), the app-owned write path ([`write`]) and reads
//! tied to their page ([`page_task`]), files offered for download ([`download`]) and the whole ledger a
//! report or a tax file is made from ([`ledger`], its work timed by [`stopwatch`]).

pub mod download;
pub mod id_names;
pub mod ledger;
pub mod load;
pub mod next_task;
pub mod page_task;
pub mod paging;
pub mod resource;
pub mod stopwatch;
pub mod write;
