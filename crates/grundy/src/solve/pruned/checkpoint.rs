//! Checkpoints: the transposition table's entries on disk.
//!
//! A checkpoint is a header line `grundy-pruned-checkpoint <format> <tag>`
//! followed by the entries as pairs of little-endian 64-bit words (the
//! table's own encoding, which carries its check word, so a damaged file is
//! noticed). The entries hold the games' canonical keys, so the format
//! number changes whenever a key's layout or the table's hash does: an
//! entry read under another layout would name another position.
//! It is written to a temporary file and renamed, so an interruption while
//! saving leaves the previous checkpoint intact.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

use super::table::Table;
use crate::error::{Error, Result};

const PREFIX: &str = "grundy-pruned-checkpoint";
/// Format 2: Cram regions in 8- and 16-wide frames, one-step table hash.
const FORMAT: u32 = 2;

fn io_error(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::InvalidPosition(format!("checkpoint {}: cannot {what}: {e}", path.display()))
}

pub fn save(table: &Table, path: &Path, tag: &str) -> Result<usize> {
    let temporary = path.with_extension("partial");
    let file = File::create(&temporary).map_err(|e| io_error(&temporary, "create it", e))?;
    let mut out = BufWriter::new(file);
    let mut count = 0;
    let write = |out: &mut BufWriter<File>, count: &mut usize| -> std::io::Result<()> {
        writeln!(out, "{PREFIX} {FORMAT} {tag}")?;
        for [a, b] in table.raw_entries() {
            out.write_all(&a.to_le_bytes())?;
            out.write_all(&b.to_le_bytes())?;
            *count += 1;
        }
        out.flush()
    };
    write(&mut out, &mut count).map_err(|e| io_error(&temporary, "write it", e))?;
    drop(out);
    std::fs::rename(&temporary, path).map_err(|e| io_error(path, "rename the new one into place", e))?;
    Ok(count)
}

/// How many entries the checkpoint at `path` holds at most (its size over
/// an entry's), so the table can be grown to hold them before they are read.
pub fn capacity_needed(path: &Path) -> Result<usize> {
    let bytes = std::fs::metadata(path).map_err(|e| io_error(path, "read its size", e))?.len();
    Ok(usize::try_from(bytes / 16).unwrap_or(usize::MAX))
}

pub fn load(table: &Table, path: &Path, tag: &str) -> Result<usize> {
    let file = File::open(path).map_err(|e| io_error(path, "open it", e))?;
    let mut input = BufReader::new(file);
    let mut header = String::new();
    input.read_line(&mut header).map_err(|e| io_error(path, "read it", e))?;
    let expected = format!("{PREFIX} {FORMAT} {tag}");
    let format = header.strip_prefix(PREFIX).and_then(|rest| rest.split_whitespace().next());
    if let Some(format) = format.filter(|&format| format != FORMAT.to_string()) {
        return Err(Error::InvalidPosition(format!(
            "checkpoint {}: written by another version of grundy (table format {format}; this one reads format \
             {FORMAT}), whose keys this one cannot read; delete it or name another file",
            path.display()
        )));
    }
    if header.trim_end() != expected {
        return Err(Error::InvalidPosition(format!(
            "checkpoint {}: it is not a checkpoint of this game (its header is {:?}, expected {expected:?})",
            path.display(),
            header.trim_end()
        )));
    }
    let mut count = 0;
    let mut buffer = [0u8; 16];
    loop {
        match input.read_exact(&mut buffer) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(io_error(path, "read it", e)),
        }
        let a = u64::from_le_bytes(buffer[..8].try_into().expect("8 bytes"));
        let b = u64::from_le_bytes(buffer[8..].try_into().expect("8 bytes"));
        if !table.insert_raw([a, b]) {
            return Err(Error::InvalidPosition(format!(
                "checkpoint {}: entry {} is damaged",
                path.display(),
                count + 1
            )));
        }
        count += 1;
    }
    Ok(count)
}
