//! Form parts shared by every money form: the decimal field with its read-back
//! ([`field`]), the one-click money button ([`one_click`]), the confirmation dialog
//! ([`confirm_dialog`]), the radio button ([`radio`]) and focus handling ([`focus`]).

pub mod confirm_dialog;
pub mod field;
pub mod focus;
pub mod one_click;
pub mod radio;
