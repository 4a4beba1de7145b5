//! Lists the Operations page works out again on each change (the operations shown, their
//! rows) are refilled in the allocation they had. Made anew each time, at 100,000
//! operations a list of 0.4 MB and one of 1 MB were allocated for every page "Load all"
//! brought, and the pages' operations were then allocated in the places they left, so each
//! next list was put after them: the page's memory grew by the holes (issue 44: 119–136 MB
//! of wasm memory at 100,000 operations, 104 MB refilled).

/// A list being refilled: [`Refill::push`] each item, then [`Refill::finish`].
pub struct Refill<T> {
    list: Vec<T>,
    /// Items pushed so far.
    n: usize,
    changed: bool,
}

impl<T: PartialEq> Refill<T> {
    /// Refills `old` (the list as it was; `None` the first time: a new list).
    pub fn new(old: Option<Vec<T>>) -> Self {
        let changed = old.is_none();
        Refill {
            list: old.unwrap_or_default(),
            n: 0,
            changed,
        }
    }

    /// Puts `item` next, over what was there.
    pub fn push(&mut self, item: T) {
        match self.list.get_mut(self.n) {
            Some(slot) if *slot == item => {}
            Some(slot) => {
                *slot = item;
                self.changed = true;
            }
            None => {
                self.list.push(item);
                self.changed = true;
            }
        }
        self.n = self.n.saturating_add(1);
    }

    /// The list, and whether it changed.
    pub fn finish(mut self) -> (Vec<T>, bool) {
        if self.list.len() > self.n {
            self.list.truncate(self.n);
            self.changed = true;
        }
        (self.list, self.changed)
    }
}

#[cfg(test)]
mod tests {
    use super::Refill;

    fn refill(old: Option<Vec<u8>>, items: &[u8]) -> (Vec<u8>, bool) {
        let mut list = Refill::new(old);
        for &item in items {
            list.push(item);
        }
        list.finish()
    }

    #[test]
    fn a_list_is_refilled_where_it_was() {
        let (first, changed) = refill(None, &[3, 1]);
        assert_eq!((first.as_slice(), changed), (&[3, 1][..], true));
        let at = first.as_ptr();
        let (same, changed) = refill(Some(first), &[3, 1]);
        assert_eq!(
            (same.as_slice(), changed, same.as_ptr()),
            (&[3, 1][..], false, at)
        );
        let (shorter, changed) = refill(Some(same), &[3]);
        assert_eq!(
            (shorter.as_slice(), changed, shorter.as_ptr()),
            (&[3][..], true, at)
        );
        let (other, changed) = refill(Some(shorter), &[4]);
        assert_eq!((other.as_slice(), changed), (&[4][..], true));
        let (longer, changed) = refill(Some(other), &[4, 5, 6]);
        assert_eq!((longer.as_slice(), changed), (&[4, 5, 6][..], true));
        let (empty, changed) = refill(Some(longer), &[]);
        assert_eq!((empty.len(), changed), (0, true));
        assert_eq!(refill(None, &[]), (Vec::new(), true));
    }
}
