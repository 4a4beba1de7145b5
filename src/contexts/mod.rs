//! App-wide state, provided once at the root: the key and connection of this tab
//! ([`session`]), the preferences ([`settings`]) and the browser storage they live in
//! ([`storage`]).

pub mod session;
pub mod settings;
pub mod storage;
