//! How pages reach the client: loads tied to the account ([`load`]), names for ids
//! ([`catalogue`]), cursor lists ([`paging`]), the app-owned write path ([`write`]) and reads
//! tied to their page ([`page_task`]), and files offered for download ([`download`]).

pub mod catalogue;
pub mod download;
pub mod load;
pub mod page_task;
pub mod paging;
pub mod write;
