//! How pages reach the client: the app-owned write path ([`write`]) and reads tied to their
//! page ([`page_task`]).

pub mod page_task;
pub mod write;
