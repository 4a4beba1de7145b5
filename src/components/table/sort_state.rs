//! Sorting table rows by a column, with missing values always last.

use std::cmp::Ordering;

/// Which way a column is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortDirection {
    Ascending,
    Descending,
}

impl SortDirection {
    /// The value of the header's `aria-sort` attribute.
    pub fn aria_sort(self) -> &'static str {
        match self {
            SortDirection::Ascending => "ascending",
            SortDirection::Descending => "descending",
        }
    }

    /// The arrow drawn next to the header text.
    pub fn arrow(self) -> &'static str {
        match self {
            SortDirection::Ascending => "▲",
            SortDirection::Descending => "▼",
        }
    }
}

/// The column a table is sorted by, and the direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortState<C> {
    pub column: C,
    pub direction: SortDirection,
}

impl<C: Copy + PartialEq> SortState<C> {
    /// The state after a click on `column`: the same column flips direction; another column
    /// starts with `first_direction` (descending for amounts, ascending for names).
    pub fn after_click(self, column: C, first_direction: SortDirection) -> Self {
        if self.column == column {
            let direction = match self.direction {
                SortDirection::Ascending => SortDirection::Descending,
                SortDirection::Descending => SortDirection::Ascending,
            };
            SortState { column, direction }
        } else {
            SortState {
                column,
                direction: first_direction,
            }
        }
    }

    /// `aria-sort` for a header: its direction when it is the sorted column, else "none".
    pub fn aria_sort_for(self, column: C) -> &'static str {
        if self.column == column {
            self.direction.aria_sort()
        } else {
            "none"
        }
    }
}

/// Compares two optional keys in `direction`; a missing key sorts last either way.
pub fn compare_optional<T: Ord>(
    a: Option<&T>,
    b: Option<&T>,
    direction: SortDirection,
) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => match direction {
            SortDirection::Ascending => a.cmp(b),
            SortDirection::Descending => b.cmp(a),
        },
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Case-insensitive text comparison in `direction`.
pub fn compare_text(a: &str, b: &str, direction: SortDirection) -> Ordering {
    let ordering = crate::lower_case::cmp_lower_case(a, b);
    match direction {
        SortDirection::Ascending => ordering,
        SortDirection::Descending => ordering.reverse(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_values_sort_last_both_ways() {
        let mut values = vec![Some(2), None, Some(1), Some(3)];
        values.sort_by(|a, b| compare_optional(a.as_ref(), b.as_ref(), SortDirection::Ascending));
        assert_eq!(values, vec![Some(1), Some(2), Some(3), None]);
        values.sort_by(|a, b| compare_optional(a.as_ref(), b.as_ref(), SortDirection::Descending));
        assert_eq!(values, vec![Some(3), Some(2), Some(1), None]);
    }

    #[test]
    fn clicking_flips_or_switches() {
        let state = SortState {
            column: 1,
            direction: SortDirection::Descending,
        };
        let flipped = state.after_click(1, SortDirection::Descending);
        assert_eq!(flipped.direction, SortDirection::Ascending);
        let other = state.after_click(2, SortDirection::Ascending);
        assert_eq!(other.column, 2);
        assert_eq!(other.direction, SortDirection::Ascending);
        assert_eq!(state.aria_sort_for(1), "descending");
        assert_eq!(state.aria_sort_for(2), "none");
    }

    #[test]
    fn text_ignores_case() {
        assert_eq!(
            compare_text("btc", "ETH", SortDirection::Ascending),
            Ordering::Less
        );
        assert_eq!(
            compare_text("btc", "ETH", SortDirection::Descending),
            Ordering::Greater
        );
    }
}
