//! Checkpoints: the transposition table's entries on disk.
//!
//! A checkpoint is a header line `grundy-pruned-checkpoint <format> <kind>
//! <tag>` (the kind of key, [`Key::KIND`], and the game's tag) followed by
//! the entries, each the key's bytes ([`Key::encode`]; preceded by their
//! length, two bytes, for a kind whose keys vary in length) and a
//! little-endian data word: the knowledge and priority in the low 32 bits,
//! and in the high 32 a check of the key's hash and the low half, so a
//! damaged file is noticed. The entries hold the games' canonical keys, so
//! the format number changes whenever a key's layout does: an entry read
//! under another layout would name another position. A checkpoint of
//! another kind of key, or another game or board (the tag), is refused.
//! It is written to a temporary file and renamed, so an interruption while
//! saving leaves the previous checkpoint intact.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

use super::key::{mix, Key};
use super::transposition::{Entry, Knowledge, Table, EXCLUDED_BITS};
use crate::error::{shortened, Error, Result};

const PREFIX: &str = "grundy-pruned-checkpoint";
/// Format 3: the kind of key in the header, entries as key bytes and a
/// data word (format 2 held the compact table's raw words).
const FORMAT: u32 = 3;
/// The longest header read: the line names the game's position, which a
/// board of 128 cells writes in a few hundred bytes.
const MAX_HEADER: u64 = 1 << 16;

fn io_error(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::InvalidPosition(format!("checkpoint {}: cannot {what}: {e}", path.display()))
}

/// An entry's data word (also how the distributed search sends entries).
pub(super) fn data_word<K: Key>(entry: &Entry<K>) -> u64 {
    let (payload, exact) = match entry.knowledge {
        Knowledge::Exact(v) => (v as u64, 1),
        Knowledge::Excluded(mask) => (mask as u64 & ((1 << EXCLUDED_BITS) - 1), 0),
    };
    let low = payload | exact << 24 | ((entry.priority & 0x7f) as u64) << 25;
    low | mix(entry.key.hash() ^ low) & 0xffff_ffff_0000_0000
}

/// The entry of `key` whose data word is `data`, if the word's check holds.
pub(super) fn from_data_word<K: Key>(key: K, data: u64) -> Option<Entry<K>> {
    let low = data & 0xffff_ffff;
    let priority = (low >> 25) as u8 & 0x7f;
    let payload = low as u32 & ((1 << EXCLUDED_BITS) - 1);
    let knowledge =
        if low >> 24 & 1 == 1 { Knowledge::Exact(u8::try_from(payload).ok()?) } else { Knowledge::Excluded(payload) };
    let valid = priority != 0 && data >> 32 == mix(key.hash() ^ low) >> 32;
    valid.then_some(Entry { key, knowledge, priority })
}

pub fn save<K: Key>(table: &Table<K>, path: &Path, tag: &str) -> Result<usize> {
    crate::unfinished::save_whole(path, |out| {
        let mut count = 0;
        let mut result = writeln!(out, "{PREFIX} {FORMAT} {} {tag}", K::KIND);
        let mut bytes = Vec::new();
        table.for_each(|entry| {
            if result.is_err() {
                return;
            }
            bytes.clear();
            entry.key.encode(&mut bytes);
            if K::ENCODED_BYTES.is_none() {
                // (Longer keys are not written: a checkpoint is a cache.)
                let Ok(length) = u16::try_from(bytes.len()) else { return };
                result = out.write_all(&length.to_le_bytes());
                if result.is_err() {
                    return;
                }
            }
            result = std::mem::replace(&mut result, Ok(()))
                .and_then(|()| out.write_all(&bytes))
                .and_then(|()| out.write_all(&data_word(&entry).to_le_bytes()));
            count += 1;
        });
        result.map(|()| count)
    })
}

/// How many entries the checkpoint at `path` holds at most (its size over
/// an entry's least size), so the table can be grown to hold them before
/// they are read.
pub fn capacity_needed<K: Key>(path: &Path) -> Result<usize> {
    let bytes = std::fs::metadata(path).map_err(|e| io_error(path, "read its size", e))?.len();
    let record = K::ENCODED_BYTES.map_or(16, |n| n + 8) as u64;
    Ok(usize::try_from(bytes / record).unwrap_or(usize::MAX))
}

/// Loads the checkpoint at `path` into `table`; returns how many of its
/// entries the table holds.
pub fn load<K: Key>(table: &Table<K>, path: &Path, tag: &str) -> Result<usize> {
    let file = File::open(path).map_err(|e| io_error(path, "open it", e))?;
    let mut input = BufReader::new(file);
    // The header is one short line; a file without one (`/dev/zero`, a
    // stray binary) is read no further than MAX_HEADER bytes, where an
    // unbounded line filled the memory and aborted.
    let mut header = String::new();
    (&mut input).take(MAX_HEADER).read_line(&mut header).map_err(|e| io_error(path, "read it", e))?;
    let mut fields = header.strip_prefix(PREFIX).map(|rest| rest.split_whitespace());
    let format = fields.as_mut().and_then(|f| f.next());
    if let Some(format) = format.filter(|&format| format != FORMAT.to_string()) {
        return Err(Error::InvalidPosition(format!(
            "checkpoint {}: written by another version of grundy (table format {format}; this one reads format \
             {FORMAT}), whose keys this one cannot read; delete it or name another file",
            path.display()
        )));
    }
    if let Some(kind) = fields.as_mut().and_then(|f| f.next()).filter(|&kind| kind != K::KIND) {
        return Err(Error::InvalidPosition(format!(
            "checkpoint {}: its keys are of the kind {kind:?}, but this search's are {:?} (another game, or a \
             board of another size); delete it or name another file",
            path.display(),
            K::KIND
        )));
    }
    let expected = format!("{PREFIX} {FORMAT} {} {tag}", K::KIND);
    if header.trim_end() != expected {
        return Err(Error::InvalidPosition(format!(
            "checkpoint {}: it is not a checkpoint of this game and position (its header is {:?}, expected \
             {expected:?}); delete it or name another file",
            path.display(),
            shortened(header.trim_end())
        )));
    }
    let damaged =
        |count: usize| Error::InvalidPosition(format!("checkpoint {}: entry {} is damaged", path.display(), count + 1));
    // Entries read, and those the table holds (fewer when its memory is
    // smaller than the run's that saved them: each evicts another).
    let (mut count, mut held) = (0, 0);
    let mut bytes = Vec::new();
    loop {
        if input.fill_buf().map_err(|e| io_error(path, "read it", e))?.is_empty() {
            break;
        }
        // The key's length (if it varies), then the key and the data word;
        // a file that ends inside an entry is damaged there.
        let mut read = |buffer: &mut [u8]| match input.read_exact(buffer) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Err(damaged(count)),
            Err(e) => Err(io_error(path, "read it", e)),
        };
        let length = match K::ENCODED_BYTES {
            Some(n) => n,
            None => {
                let mut length = [0u8; 2];
                read(&mut length)?;
                u16::from_le_bytes(length) as usize
            }
        };
        bytes.resize(length + 8, 0);
        read(&mut bytes)?;
        let data = u64::from_le_bytes(bytes[length..].try_into().expect("8 bytes"));
        let entry = K::decode(&bytes[..length]).and_then(|key| from_data_word(key, data));
        held += usize::from(table.store(entry.ok_or_else(|| damaged(count))?));
        count += 1;
    }
    Ok(held)
}
