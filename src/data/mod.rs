//! How pages reach the client: the app-owned write path ([`write`]) and reads tied to their
//! page ([`page_task`]).

pub mod write;
pub mod page_task;
