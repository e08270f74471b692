//! The library's error type.

use thiserror::Error;

/// What can go wrong inside the engine. Every message says what was wrong
/// and where (the text, the line, the game), in one line.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A position was reached again while it was still being valued: the
    /// game has a cycle, and the normal-play solvers need play to end.
    #[error("the game is loopy: position {position} can be reached from itself")]
    Loopy { position: String },

    /// A search, table or position would need more of something (`unit`:
    /// positions, cells, vertices, heaps…) than it is allowed. `needed` is
    /// the count, or [`Error::PAST_LIMIT`] where the work stopped at the
    /// first item past the limit and knows no more.
    #[error("too large: {what} needs {}", needs(*needed, *limit, unit))]
    TooLarge { what: String, needed: u128, limit: u128, unit: &'static str },

    /// An [`crate::game::Indexed`] game broke its promise that options come earlier.
    #[error("position number {index} has an option numbered {option}, which is not earlier; the table order is wrong")]
    NotTopological { index: usize, option: usize },

    /// Text that is not what was expected (a number, a pair, a step).
    #[error("expected {expected}, found '{}'", shortened(found))]
    Syntax { expected: String, found: String },

    /// A name of a kind of thing (a convention, a method) that is none of
    /// its names.
    #[error("unknown {what} '{}': use one of {known}", shortened(found))]
    UnknownName { what: &'static str, found: String, known: String },

    /// A game description whose name no registry entry knows.
    #[error("unknown game '{}'; `grundy list` shows the games and how to describe them", shortened(name))]
    UnknownGame { name: String },

    /// A game that takes no parameters was given some.
    #[error("'{game}' takes no parameters, found ':{}'", shortened(found))]
    UnexpectedParameters { game: String, found: String },

    /// A game that needs parameters was given none.
    #[error("'{game}' needs {what}, e.g. {example}")]
    MissingParameters { game: String, what: &'static str, example: &'static str },

    /// Board settings (a board size, a goal) for a game that has no board.
    #[error("'{game}' is not a board game: it takes no board size or goal")]
    NotABoardGame { game: String },

    /// A question the game has no answer to (a table of fields, misère
    /// play of a race, …); `why` says what the game is instead.
    #[error("{game}: {question} is not supported: {why}")]
    Unsupported { game: String, question: String, why: String },

    /// A solver met an option that is a sum where its convention can only
    /// value single positions (misère values and races do not add).
    #[error("an option is a sum of {parts} positions, but this kind of play can only value single positions")]
    SumNotSupported { parts: usize },

    /// An error inside a file, with the file's name in front. Not a
    /// `source`: the message already holds it, and a front end that prints
    /// the chain of sources would print it a second time.
    #[error("{file}: {error}")]
    InFile { file: String, error: Box<Error> },

    /// A file that could not be read.
    #[error("cannot read {}: {reason}", shortened(file))]
    Io { file: String, reason: String },

    /// A file that could not be written.
    #[error("cannot write {}: {reason}", shortened(file))]
    Write { file: String, reason: String },

    /// A file that was read but cannot be used for the question: another
    /// game's, or one that fails to check (`why` says which). Not a
    /// `source`: the message already holds it.
    #[error("cannot use {file}: {why}")]
    Unusable { file: String, why: Box<Error> },

    /// A file that was read but is not what it should be: another kind of
    /// file, cut short, or damaged (`problem` says which, and how).
    #[error("{file} is {problem}")]
    BadFile { file: String, problem: String },

    /// A rule description or parameter that does not describe a game.
    #[error("{0}")]
    InvalidGame(String),

    /// A position that is not a position of the game.
    #[error("{0}")]
    InvalidPosition(String),

    /// A long computation was stopped on request (Ctrl-C); what it had
    /// found is kept where the solver says so (a checkpoint, a table).
    #[error("interrupted")]
    Interrupted,

    /// Work given a time of its own ran past it: an optional extra, such
    /// as a shortcut tried before a surer method, or a detail of a report.
    /// The caller goes on without it; users see this only where they asked
    /// for that work alone.
    #[error("{what} took longer than the time allowed for it")]
    TimeUp { what: String },

    /// A recursive method met positions nested deeper than it may recurse
    /// (a thread's stack is finite); the caller may answer another way.
    #[error("{what} nests positions more than {limit} deep, more than it may recurse")]
    TooDeep { what: String, limit: usize },

    /// A search on several processes ([`crate::solve::pruned::distributed`])
    /// could not go on: a process failed, was stopped, or disagreed (another
    /// checkpoint, another number of processes); the message names which.
    #[error("{0}")]
    Cluster(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The contents of a text file the user named (a game's graph, a quotient),
/// or [`Error::Io`] naming it: every file that cannot be read is said alike.
///
/// ```
/// let error = grundy::read_text_file(std::path::Path::new("/no/such/file.txt")).unwrap_err();
/// assert!(error.to_string().starts_with("cannot read /no/such/file.txt: "));
/// ```
pub fn read_text_file(path: &std::path::Path) -> Result<String> {
    use std::io::Read;
    let failed = |reason: String| Error::Io { file: path.display().to_string(), reason };
    // Read a piece at a time, not whole: `/dev/zero` (or a runaway pipe) is
    // a file with no end, and reading it whole filled the memory. A text
    // has no NUL byte, so such a stream is refused at its first piece.
    let (mut file, pipe) = open_without_waiting(path).map_err(|error| failed(error.to_string()))?;
    let mut bytes = Vec::new();
    let mut piece = vec![0u8; 1 << 16];
    loop {
        if pipe {
            wait_for_pipe(&file)?;
        }
        let read = match file.read(&mut piece) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(error) => return Err(failed(error.to_string())),
        };
        if let Some(at) = piece[..read].iter().position(|&b| b == 0) {
            return Err(failed(format!("not a text file (a NUL byte at byte {})", bytes.len() + at)));
        }
        // (Fallibly: under `ulimit -v` a failed growth aborted the process.)
        if bytes.try_reserve(read).is_err() {
            return Err(failed(format!("longer than the memory left to read it ({} MiB read)", bytes.len() >> 20)));
        }
        bytes.extend_from_slice(&piece[..read]);
        if bytes.len() as u64 > MAX_TEXT_FILE {
            return Err(failed(format!("longer than {} GiB, the most a game's text file may be", MAX_TEXT_FILE >> 30)));
        }
    }
    let text = String::from_utf8(bytes).map_err(|error| failed(format!("not UTF-8 text ({error})")))?;
    // A byte-order mark, as some editors write first, is no part of the
    // text: left in, it made the first position `\u{feff}0`, quoted in an
    // error as an invisible character.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Opens `path` for reading, and says whether it is a named pipe (`mkfifo`,
/// or a slow `<(command)`). A pipe is opened without blocking and waited on
/// by [`wait_for_pipe`], a loop that looks at the watch, so Ctrl-C ends a
/// wait for its writer: a plain open or read of a pipe is a system call that
/// no signal the handler catches ends. Regular files read as before.
fn open_without_waiting(path: &std::path::Path) -> std::io::Result<(std::fs::File, bool)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if std::fs::metadata(path)?.file_type().is_fifo() {
            let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)?;
            return Ok((file, true));
        }
    }
    std::fs::File::open(path).map(|file| (file, false))
}

/// Waits until the pipe `file` has bytes to read or its writer has closed
/// it, looking at the current watch every 50 ms. (Linux reports no hang-up
/// on a pipe that never had a writer, so a pipe read before its writer
/// opens it is waited for, not taken for empty.)
fn wait_for_pipe(file: &std::fs::File) -> Result<()> {
    #[cfg(unix)]
    loop {
        use std::os::unix::io::AsRawFd;
        let mut pipe = libc::pollfd { fd: file.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid `pollfd`, for a descriptor `file` keeps open.
        let ready = unsafe { libc::poll(&mut pipe, 1, 50) };
        // Ready, hung up, or an error the read will report; a signal
        // (EINTR) is a look at the watch like a timeout.
        if ready > 0 || ready < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return Ok(());
        }
        if crate::watch::current_stopped() {
            return Err(Error::Interrupted);
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(())
    }
}

/// The longest text file [`read_text_file`] reads: 4 GiB, past any game's
/// text (a misère quotient of 16,384 elements is about 1.6 GB).
pub const MAX_TEXT_FILE: u64 = 4 << 30;

impl Error {
    /// The need of an [`Error::TooLarge`] known only to pass its limit: a
    /// memo that refused its first position too many, or a count that
    /// saturated (two ranges of 2^64 have 2^128 cells). It is said as "more
    /// than the limit", never as a number that was not counted.
    pub const PAST_LIMIT: u128 = u128::MAX;
}

/// What a [`Error::TooLarge`] needs, against its limit.
fn needs(needed: u128, limit: u128, unit: &str) -> String {
    if needed == Error::PAST_LIMIT {
        format!("more than the limit of {limit} {unit}")
    } else {
        format!("{needed} {unit}, more than the limit of {limit}")
    }
}

/// `text` cut to its first 60 characters (and how much more there was), for
/// quoting what a user wrote in an error: a bad token from a file or a
/// mistyped argument of 100 kB stays one readable line.
///
/// ```
/// use grundy::shortened;
/// assert_eq!(shortened("3x4"), "3x4");
/// assert_eq!(shortened(&"x".repeat(100)), format!("{}… (40 more characters)", "x".repeat(60)));
/// ```
pub fn shortened(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}… ({} more characters)", &text[..end], text[end..].chars().count()),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    /// A file with no end (`/dev/zero`) or of bytes that are no text is
    /// refused with its name, not read until the memory is gone (an
    /// audit's `solve graph /dev/zero 0` grew past 2 GB in 5 s).
    #[test]
    #[cfg(target_os = "linux")]
    fn endless_and_binary_files_are_refused() {
        let error = super::read_text_file(std::path::Path::new("/dev/zero")).unwrap_err().to_string();
        assert_eq!(error, "cannot read /dev/zero: not a text file (a NUL byte at byte 0)");
        let path = std::env::temp_dir().join(format!("grundy-not-text-{}", std::process::id()));
        std::fs::write(&path, b"0 1\n\xff\n").unwrap();
        let error = super::read_text_file(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(error.contains("not UTF-8 text"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_no_part_of_the_text() {
        let path = std::env::temp_dir().join(format!("grundy-bom-{}", std::process::id()));
        std::fs::write(&path, "\u{feff}0 1\n1\n").unwrap();
        let text = super::read_text_file(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(text, "0 1\n1\n");
    }

    #[test]
    fn a_table_of_two_full_ranges_is_too_large_not_empty() {
        // 2^64 · 2^64 cells wrapped to 0 and passed the check (then a panic
        // in the server and in `grundy table`): the count saturates.
        let full = 0..=u64::MAX;
        let error = crate::registry::game("wythoff", &Default::default()).unwrap().table(full.clone(), Some(full));
        assert!(error.unwrap_err().to_string().contains("needs more than the limit of"));
        let corner = u64::MAX..=u64::MAX;
        let error = crate::registry::game("wythoff", &Default::default()).unwrap().table(corner.clone(), Some(corner));
        assert!(error.unwrap_err().to_string().starts_with("too large"));
    }

    #[test]
    fn a_long_bad_token_is_shown_in_part() {
        let error = super::Error::Syntax { expected: "a number".into(), found: "x".repeat(1000) };
        assert_eq!(error.to_string(), format!("expected a number, found '{}… (940 more characters)'", "x".repeat(60)));
    }
}
