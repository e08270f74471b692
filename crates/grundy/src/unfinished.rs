//! Files being written beside their destination (`FILE.partial`), known to
//! the process until they are complete and renamed into place.
//!
//! Why: every file grundy saves — sequences, quotients, checkpoints — is
//! written beside its destination and renamed over it once complete, so an
//! interruption never leaves half a file where a whole one was. But a
//! second Ctrl-C quits at once, and one that came while a checkpoint was
//! being written left the `.partial` file behind. The front end's signal
//! handler calls [`remove_unfinished_files`] before it quits; a write that
//! fails removes its own file when its guard drops.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The paths of the files being written now.
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A file being written; dropped before [`Unfinished::finished`], it is
/// removed.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("grundy-unfinished-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("values.partial");
/// {
///     let _writing = grundy::Unfinished::new(&path);
///     std::fs::write(&path, "half").unwrap();
///     // an error here drops the guard...
/// }
/// assert!(!path.exists()); // ...and the half-written file goes
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Unfinished {
    path: PathBuf,
    finished: bool,
}

impl Unfinished {
    /// Marks `path` as being written (before it is created).
    pub fn new(path: &Path) -> Unfinished {
        lock().push(path.to_path_buf());
        Unfinished { path: path.to_path_buf(), finished: false }
    }

    /// The file is complete (renamed into place): it is no longer removed.
    pub fn finished(mut self) {
        self.finished = true;
    }
}

impl Drop for Unfinished {
    fn drop(&mut self) {
        let mut unfinished = lock();
        if let Some(i) = unfinished.iter().position(|p| *p == self.path) {
            unfinished.swap_remove(i);
        }
        if !self.finished {
            remove(&self.path);
        }
    }
}

/// Removes every file being written now: for a program about to quit in
/// the middle of writing one (a second Ctrl-C).
pub fn remove_unfinished_files() {
    lock().drain(..).for_each(|path| remove(&path));
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // (A thread that panicked while holding it left a list still valid.)
    UNFINISHED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes a file or a directory, if there.
fn remove(path: &Path) {
    let _ = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_file_stays_and_an_unfinished_one_goes_when_asked() {
        let dir = std::env::temp_dir().join(format!("grundy-unfinished-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (kept, cut) = (dir.join("kept.partial"), dir.join("cut.partial"));
        let writing = Unfinished::new(&kept);
        std::fs::write(&kept, "whole").unwrap();
        writing.finished();
        let writing = Unfinished::new(&cut);
        std::fs::write(&cut, "half").unwrap();
        remove_unfinished_files(); // as the second Ctrl-C does
        assert!(kept.exists() && !cut.exists());
        drop(writing); // (no longer listed: nothing to do)
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
