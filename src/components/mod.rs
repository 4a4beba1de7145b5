//! Reusable views. Components only wire signals to markup; the logic they show lives in plain
//! functions (`crate::format`, `crate::allocation`, `crate::sorting`, `crate::chart_geometry`).

pub mod area_chart;
pub mod budget_gauge;
pub mod confirm_dialog;
pub mod decimal_field;
pub mod donut_chart;
pub mod error_view;
pub mod focus;
pub mod money;
pub mod offline_banner;
pub mod one_click;
pub mod profile_picker;
pub mod scope_notice;
pub mod scopes_table;
pub mod section_nav;
pub mod sort_header;
pub mod states;
pub mod top_bar;
pub mod write_outcomes;

pub use area_chart::{AreaChart, ChartDatum};
pub use budget_gauge::{BudgetGauge, BudgetSummary};
pub use confirm_dialog::ConfirmDialog;
pub use decimal_field::{DecimalField, ReadAs};
pub use donut_chart::AllocationDonut;
pub use error_view::{ErrorView, FixBaseUrls};
pub use focus::focus_when_shown;
pub use money::{AmountCell, FiatCell, PercentCell};
pub use offline_banner::OfflineBanner;
pub use one_click::{MoneyButton, OneClick};
pub use profile_picker::ProfilePicker;
pub use scope_notice::ScopeNotice;
pub use scopes_table::ScopesTable;
pub use section_nav::SectionNav;
pub use sort_header::SortHeader;
pub use states::{EmptyState, Loading};
pub use top_bar::TopBar;
pub use write_outcomes::WriteOutcomes;
