//! Reusable views. Components only wire signals to markup; the logic they show lives in plain
//! functions (`crate::format`, `crate::amounts`, [`charts`], [`table`]).

pub mod amount_cells;
pub mod budget_gauge;
pub mod charts;
pub mod cursor_footer;
pub mod error_view;
pub mod export_buttons;
pub mod footer;
pub mod form;
pub mod installed_app;
pub mod lazy_page;
pub mod offline_banner;
pub mod profile_picker;
pub mod scope_notice;
pub mod scopes_table;
pub mod section_nav;
pub mod shortcuts;
pub mod states;
pub mod storage_banner;
pub mod table;
pub mod times_note;
pub mod top_bar;
pub mod write_outcomes;

pub use amount_cells::{AmountCell, FiatCell, PercentCell};
pub use budget_gauge::BudgetSummary;
pub use charts::area::{AreaChart, ChartDatum};
pub use charts::donut::AllocationDonut;
pub use charts::table_alternative::TableAlternative;
pub use cursor_footer::CursorFooter;
pub use error_view::{ErrorView, FixBaseUrls};
pub use export_buttons::{
    csv_export, records_export, texts_export, ExportButtons, ExportFile, ExportKind, MakeFile,
};
pub use form::confirm_dialog::ConfirmDialog;
pub use form::field::{DecimalField, ReadAs};
pub use form::focus::focus_when_shown;
pub use form::one_click::{MoneyButton, OneClick};
pub use form::radio::{radio_for, Radio};
pub use installed_app::{InstallOffer, UpdateBanner};
pub use lazy_page::LazyPage;
pub use offline_banner::OfflineBanner;
pub use profile_picker::ProfilePicker;
pub use scope_notice::ScopeNotice;
pub use scopes_table::ScopesTable;
pub use section_nav::SectionNav;
pub use shortcuts::{open_help, warm_help, Shortcuts};
pub use states::{EmptyState, Loading};
pub use storage_banner::StorageBanner;
pub use table::sort_header::SortHeader;
pub use times_note::TimesNote;
pub use top_bar::TopBar;
pub use write_outcomes::WriteOutcomes;
