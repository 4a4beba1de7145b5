//! The session's background work: everything long that runs with the key — the legacy
//! archive, a tax tools' file being prepared, Insights' ledger, "Load all", polling — belongs
//! to the session that started it. When the session ends ("Forget key", the idle limit, a
//! change of the API addresses, another key connected), its [`SessionToken`] is ended first,
//! so every client made for it refuses to send (`ApiError::SessionEnded`: no request can
//! carry a forgotten key, whatever the task checks), then the work's own clean-ups run —
//! they drop what it read (the archive's dumps and ZIP, a prepared file) and reset its view,
//! so the next key holder sees fresh pages.

use folio_client::SessionToken;

/// One session's token and the clean-ups its work registered.
#[derive(Default)]
pub(super) struct SessionWork {
    token: SessionToken,
    clean_ups: Vec<Box<dyn FnOnce()>>,
}

impl SessionWork {
    /// The token clients of this session carry.
    pub(super) fn token(&self) -> SessionToken {
        self.token.clone()
    }

    /// Adds a clean-up to run when the session ends.
    pub(super) fn on_end(&mut self, clean_up: Box<dyn FnOnce()>) {
        self.clean_ups.push(clean_up);
    }

    /// Ends the session: its clients send nothing more; answers its clean-ups (to run
    /// once the borrow of the session's state is released) and starts a fresh token for
    /// the next session.
    pub(super) fn end(&mut self) -> Vec<Box<dyn FnOnce()>> {
        self.token.end();
        self.token = SessionToken::new();
        std::mem::take(&mut self.clean_ups)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::*;

    #[test]
    fn ending_ends_the_old_token_runs_the_clean_ups_once_and_starts_afresh() {
        let mut work = SessionWork::default();
        let held_by_a_task = work.token();
        let cleaned = Rc::new(Cell::new(0));
        let c = Rc::clone(&cleaned);
        work.on_end(Box::new(move || c.set(c.get() + 1)));
        for clean_up in work.end() {
            clean_up();
        }
        assert!(held_by_a_task.is_ended());
        assert!(!work.token().is_ended(), "the next session starts alive");
        assert_eq!(cleaned.get(), 1);
        assert!(work.end().is_empty(), "a clean-up runs once");
    }
}
