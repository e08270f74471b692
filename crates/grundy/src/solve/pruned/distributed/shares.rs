//! A distributed search's checkpoint: each process saves its own table
//! (its *share*) beside the others', in `FILE.RANK-of-N`, and a run resumes
//! only from the shares of a run on as many processes (process r's table
//! holds what process r was asked; another split would still be right, but
//! a run that finds shares of 3 processes when started on 4 was almost
//! surely started by mistake, and would quietly leave one share unread).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Where process `rank` of `processes` keeps its share of the checkpoint
/// `path`.
pub fn share_path(path: &Path, rank: usize, processes: usize) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{rank}-of-{processes}"));
    PathBuf::from(name)
}

/// The tag a checkpoint's header carries (see `checkpoint.rs`): the game
/// and the position searched, so that a checkpoint of another board is
/// refused.
pub fn checkpoint_tag(game: &str, positions: &[String]) -> String {
    format!("{game} {}", positions.join(" + "))
}

/// The tag of a share: [`checkpoint_tag`] and which share it is, so that
/// another process's share is refused too.
pub fn share_tag(game: &str, positions: &[String], rank: usize, processes: usize) -> String {
    format!("{} (process {rank} of {processes})", checkpoint_tag(game, positions))
}

/// Checks the files beside the checkpoint `path` before a run on
/// `processes` processes (1: a run of one process, which keeps `path`
/// itself) loads or writes them: shares written by a run on another number
/// of processes, or a one-process checkpoint where shares are wanted, are
/// an error that says what was found.
pub fn check_shares(path: &Path, processes: usize) -> Result<()> {
    let found = found(path);
    if let Some((file, other)) = found.iter().find(|(_, n)| *n != processes) {
        let fix = match processes {
            1 => format!("run it on {other} processes (mpirun -np {other} … --distributed)"),
            _ => format!("run it on {other} processes"),
        };
        return Err(Error::InvalidPosition(format!(
                "checkpoint {}: {} is a share of a search on {other} processes, and this one runs on {processes}: {fix}, or delete the shares to start afresh",
                path.display(),
                file.display()
            )));
    }
    if processes > 1 && path.exists() {
        return Err(Error::InvalidPosition(format!(
                "checkpoint {}: it was written by a search on one process, and this one runs on {processes} (which keep {} and the like): run it without --distributed, or name another file",
                path.display(),
                share_path(path, 0, processes).display()
            )));
    }
    Ok(())
}

/// The shares beside `path` (any number of processes), and the number
/// of processes each names.
fn found(path: &Path) -> Vec<(PathBuf, usize)> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return Vec::new() };
    let directory = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Ok(entries) = std::fs::read_dir(&directory) else { return Vec::new() };
    let mut found: Vec<(PathBuf, usize)> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().into_string().ok()?;
            let (rank, processes) = file.strip_prefix(name)?.strip_prefix('.')?.split_once("-of-")?;
            let (rank, processes) = (rank.parse::<usize>().ok()?, processes.parse::<usize>().ok()?);
            (rank < processes).then(|| (directory.join(&file), processes))
        })
        .collect();
    found.sort();
    found
}
