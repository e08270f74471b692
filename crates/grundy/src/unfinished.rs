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

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result};

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

/// Saves a file at `path` whole or not at all: `write` fills a file beside
/// it (`PATH.partial`), which is renamed over `path` once complete, and
/// removed if `write` fails or the program quits first. What it returns is
/// returned.
///
/// Two kinds of path are not replaced, since a rename would replace the
/// path itself: a link is followed, and its target is saved beside and
/// renamed over (the link stays a link); and something other than a
/// regular file (`/dev/null`, a named pipe, a terminal) is written in place.
/// (`grundy quotient --output /dev/full` had made the device a file.)
pub(crate) fn save_whole<T>(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<T>) -> Result<T> {
    let failed = |reason: String| Error::Write { file: path.display().to_string(), reason };
    let written = |file: File| -> Result<T> {
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let value = write(&mut out).and_then(|value| out.flush().map(|()| value));
        value.map_err(|error| failed(error.to_string()))
    };
    let target = followed(path);
    if std::fs::metadata(&target).is_ok_and(|found| !found.is_file()) {
        return written(File::create(path).map_err(|error| failed(error.to_string()))?);
    }
    // `.partial` appended, not the extension replaced: the shares of a
    // distributed search, `FILE.0-of-2` and `FILE.1-of-2`, saved at once,
    // would both write (and rename) `FILE.partial`.
    let mut partial = target.clone().into_os_string();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let writing = Unfinished::new(&partial);
    let value = written(
        File::create(&partial).map_err(|error| failed(format!("cannot create {}: {error}", partial.display())))?,
    )?;
    std::fs::rename(&partial, &target)
        .map_err(|error| failed(format!("cannot rename {} to it: {error}", partial.display())))?;
    writing.finished();
    Ok(value)
}

/// `path` with its links followed, to a file that may not exist yet (a
/// link to a new file names where it will be).
fn followed(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // (As the system does, a chain of links ends after 40.)
    for _ in 0..40 {
        match std::fs::read_link(&path) {
            Ok(to) => path = path.parent().map_or_else(|| to.clone(), |directory| directory.join(&to)),
            Err(_) => break,
        }
    }
    path
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-save-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_link_is_saved_through_and_stays_a_link() {
        let dir = scratch("link");
        std::fs::create_dir(dir.join("real")).unwrap();
        #[cfg(unix)]
        {
            // One link to a new file (relative), one to an old one (absolute).
            std::os::unix::fs::symlink("real/new.q", dir.join("new.q")).unwrap();
            std::fs::write(dir.join("real/old.q"), "old").unwrap();
            std::os::unix::fs::symlink(dir.join("real/old.q"), dir.join("old.q")).unwrap();
            for name in ["new.q", "old.q"] {
                save_whole(&dir.join(name), |out| out.write_all(b"whole")).unwrap();
                assert!(dir.join(name).symlink_metadata().unwrap().file_type().is_symlink(), "{name}");
                assert_eq!(std::fs::read_to_string(dir.join("real").join(name)).unwrap(), "whole");
            }
            assert_eq!(std::fs::read_dir(dir.join("real")).unwrap().count(), 2, "no .partial left");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_path_that_is_no_regular_file_is_written_in_place() {
        // A named pipe, as `/dev/full` or `/dev/stdout` would be: renaming
        // over it replaced the path itself (an audit made /dev/full a file).
        #[cfg(unix)]
        {
            use std::io::Read;
            let dir = scratch("pipe");
            let pipe = dir.join("pipe");
            let name = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
            // SAFETY: a valid C string, for the call.
            assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
            let reader = {
                let pipe = pipe.clone();
                std::thread::spawn(move || {
                    let mut text = String::new();
                    File::open(pipe).unwrap().read_to_string(&mut text).unwrap();
                    text
                })
            };
            save_whole(&pipe, |out| out.write_all(b"through the pipe")).unwrap();
            assert_eq!(reader.join().unwrap(), "through the pipe");
            use std::os::unix::fs::FileTypeExt;
            assert!(pipe.metadata().unwrap().file_type().is_fifo());
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }

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
