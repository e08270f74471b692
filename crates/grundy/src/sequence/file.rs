//! The compact binary sequence file, used for `--format binary` output and
//! for `--checkpoint` files alike.
//!
//! Layout (little-endian): the magic line `GRUNDY-SEQUENCE 2\n`; a `u32`
//! length and that many bytes of the game's description; one byte, the
//! width of a value (1, 2 or 4 bytes: the narrowest that holds every
//! value); a `u64` count and the `u64` FNV-1a hash of the values' bytes;
//! then `count` nim-values of that width. Bytes past the counted values are
//! ignored: they are an append that was cut off before its count was
//! written. Any other damage (a byte changed, the file cut short) is found
//! by the sizes or the hash and reported. Files of version 1 (four bytes a
//! value, no hash) are still read.
//!
//! The file belongs to the library, not to a front end, so that every front
//! end (the command line's `--format binary` and `--checkpoint`, Python, the
//! server) writes the same bytes and resumes from the same checkpoints.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::Values;
use crate::error::{Error, Result};

const MAGIC: &[u8] = b"GRUNDY-SEQUENCE 2\n";
const MAGIC_V1: &[u8] = b"GRUNDY-SEQUENCE 1\n";

/// Where the header puts the count (the hash follows it, then the values).
fn count_offset(description: &str) -> u64 {
    (MAGIC.len() + 4 + description.len() + 1) as u64
}

/// FNV-1a, 64 bits: streamable, so an append extends the stored hash.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    out: W,
    hash: Fnv,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.out.write(bytes)?;
        self.hash.add(&bytes[..written]);
        Ok(written)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Writes `values` of game `description` to `path` atomically: a file
/// beside it first, renamed over `path` only once complete, so an
/// interruption never leaves a half-written file.
pub fn write(path: &Path, description: &str, values: &Values) -> Result<()> {
    write_atomically(path, description, values).map(|_| ())
}

/// [`write`], giving the hash of the values written (a checkpoint keeps it
/// to extend on its next append).
fn write_atomically(path: &Path, description: &str, values: &Values) -> Result<Fnv> {
    crate::unfinished::save_whole(path, |out| {
        out.write_all(MAGIC)?;
        out.write_all(&(description.len() as u32).to_le_bytes())?;
        out.write_all(description.as_bytes())?;
        out.write_all(&[values.width() as u8])?;
        out.write_all(&(values.len() as u64).to_le_bytes())?;
        let hash = hash_of(values, 0, Fnv::default())?;
        out.write_all(&hash.0.to_le_bytes())?;
        write_values(out, values, 0)?;
        out.flush()?;
        out.get_ref().sync_all()?;
        Ok(hash)
    })
}

fn cannot_write(path: &Path, error: std::io::Error) -> Error {
    Error::Write { file: path.display().to_string(), reason: error.to_string() }
}

fn cannot_read(path: &Path, error: std::io::Error) -> Error {
    Error::Io { file: path.display().to_string(), reason: error.to_string() }
}

/// What is wrong with the file at `path`, as `path is {problem}`.
fn bad(path: &Path, problem: String) -> Error {
    Error::BadFile { file: path.display().to_string(), problem }
}

/// The hash `start` continued over the values from heap `from` on.
fn hash_of(values: &Values, from: usize, start: Fnv) -> std::io::Result<Fnv> {
    let mut hashing = Hashing { out: std::io::sink(), hash: start };
    write_values(&mut hashing, values, from)?;
    Ok(hashing.hash)
}

/// Writes the values from heap `from` on, little-endian.
fn write_values(out: &mut impl Write, values: &Values, from: usize) -> std::io::Result<()> {
    match values {
        Values::U8(v) => out.write_all(&v[from..]),
        Values::U16(v) => v[from..].iter().try_for_each(|x| out.write_all(&x.to_le_bytes())),
        Values::U32(v) => v[from..].iter().try_for_each(|x| out.write_all(&x.to_le_bytes())),
    }
}

/// Reads a sequence file: the game's description and the values. Every
/// problem is one line naming the file and what is wrong with it.
pub fn read(path: &Path) -> Result<(String, Values)> {
    let mut input = BufReader::new(File::open(path).map_err(|e| cannot_read(path, e))?);
    let mut magic = Vec::with_capacity(MAGIC.len());
    (&mut input).take(MAGIC.len() as u64).read_to_end(&mut magic).map_err(|e| cannot_read(path, e))?;
    let version1 = magic == MAGIC_V1;
    if magic != MAGIC && !version1 {
        return Err(bad(path, "not a grundy sequence file (it does not start with 'GRUNDY-SEQUENCE 2')".into()));
    }
    let truncated = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::UnexpectedEof => bad(path, "truncated: its header ends early".into()),
        _ => cannot_read(path, error),
    };
    let mut word = [0u8; 4];
    input.read_exact(&mut word).map_err(truncated)?;
    let length = u32::from_le_bytes(word) as usize;
    if length > 4096 {
        return Err(bad(path, format!("damaged: its game description claims {length} bytes")));
    }
    let mut description = vec![0; length];
    input.read_exact(&mut description).map_err(truncated)?;
    let description =
        String::from_utf8(description).map_err(|_| bad(path, "damaged: the game is not UTF-8 text".into()))?;
    let width = if version1 {
        4
    } else {
        let mut width = [0u8; 1];
        input.read_exact(&mut width).map_err(truncated)?;
        width[0] as usize
    };
    let Some(mut values) = Values::with_width(width) else {
        return Err(bad(path, format!("damaged: a value is {width} bytes wide (1, 2 or 4 expected)")));
    };
    let mut count = [0u8; 8];
    input.read_exact(&mut count).map_err(truncated)?;
    let count = u64::from_le_bytes(count);
    let mut hash = [0u8; 8];
    if !version1 {
        input.read_exact(&mut hash).map_err(truncated)?;
    }
    let size = std::fs::metadata(path).map_err(|e| cannot_read(path, e))?.len();
    let header = (if version1 { MAGIC_V1.len() } else { MAGIC.len() + 1 + 8 } + 4 + length + 8) as u64;
    let stored = size.saturating_sub(header);
    let needed = count.checked_mul(width as u64);
    if needed.is_none_or(|needed| needed > stored) || (version1 && needed != Some(stored)) {
        return Err(bad(
            path,
            format!("damaged: it claims {count} values of {width} bytes but holds {stored} bytes of them"),
        ));
    }
    let count = usize::try_from(count)
        .map_err(|_| bad(path, format!("too large for this machine: it holds {count} values")))?;
    values.reserve_total(count)?;
    let mut chunk = vec![0u8; (1 << 20) * width];
    let mut left = count;
    let mut computed = Fnv::default();
    while left > 0 {
        let take = left.min(1 << 20);
        let bytes = &mut chunk[..take * width];
        input.read_exact(bytes).map_err(|e| cannot_read(path, e))?;
        computed.add(bytes);
        match &mut values {
            Values::U8(v) => v.extend_from_slice(bytes),
            Values::U16(v) => v.extend(bytes.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]]))),
            Values::U32(v) => v.extend(bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
        }
        left -= take;
    }
    if !version1 && computed.0 != u64::from_le_bytes(hash) {
        return Err(bad(path, "damaged: its values do not match the hash in its header".into()));
    }
    Ok((description, values))
}

/// A checkpoint file kept up to date by appending: saving writes only the
/// values computed since the last save, then the new count. A run killed
/// between the two leaves the old count, which still describes a prefix;
/// a change of width rewrites the whole file (atomically).
pub struct Checkpoint {
    path: PathBuf,
    description: String,
    /// The width, count and hash of what the file holds, when known.
    stored: Option<(usize, usize, Fnv)>,
}

impl Checkpoint {
    /// A checkpoint at `path`; `stored` is what it already holds (from [`read`]).
    pub fn new(path: &Path, description: &str, stored: Option<&Values>) -> Self {
        let stored = stored
            .filter(|v| !v.is_empty())
            .and_then(|v| Some((v.width(), v.len(), hash_of(v, 0, Fnv::default()).ok()?)));
        Checkpoint { path: path.to_path_buf(), description: description.to_string(), stored }
    }

    /// The file it keeps.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Brings the file up to `values` (which extend what it holds, or
    /// replace it when narrower or of another width).
    pub fn save(&mut self, values: &Values) -> Result<()> {
        let hash = match self.stored {
            Some((width, count, hash)) if width == values.width() && count <= values.len() => {
                self.append(values, count, hash).map_err(|e| cannot_write(&self.path, e))?
            }
            _ => write_atomically(&self.path, &self.description, values)?,
        };
        self.stored = Some((values.width(), values.len(), hash));
        Ok(())
    }

    /// Appends the values from heap `count` on, then writes the new count and hash.
    fn append(&self, values: &Values, count: usize, hash: Fnv) -> std::io::Result<Fnv> {
        let mut file = OpenOptions::new().write(true).open(&self.path)?;
        let offset = count_offset(&self.description);
        let end = offset + 16 + (count * values.width()) as u64;
        file.set_len(end)?;
        file.seek(SeekFrom::Start(end))?;
        let mut out = Hashing { out: BufWriter::with_capacity(1 << 20, &mut file), hash };
        write_values(&mut out, values, count)?;
        out.flush()?;
        let hash = out.hash;
        drop(out);
        file.sync_data()?;
        let mut header = (values.len() as u64).to_le_bytes().to_vec();
        header.extend(hash.0.to_le_bytes());
        file.seek(SeekFrom::Start(offset))?;
        file.write_all(&header)?;
        file.sync_data()?;
        Ok(hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-seq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn round_trip_append_and_damage() {
        let path = dir().join("kayles.seq");
        let mut values = Values::from(vec![0, 1, 2, 3, 1]);
        write(&path, "kayles", &values).unwrap();
        assert_eq!(read(&path).unwrap(), ("kayles".to_string(), values.clone()));
        // Appending, then widening.
        let mut checkpoint = Checkpoint::new(&path, "kayles", Some(&values));
        values.push(4).unwrap();
        checkpoint.save(&values).unwrap();
        assert_eq!(read(&path).unwrap().1, values);
        values.push(300).unwrap();
        checkpoint.save(&values).unwrap();
        assert_eq!(read(&path).unwrap().1.to_vec(), [0, 1, 2, 3, 1, 4, 300]);
        // Bytes past the count are an interrupted append: ignored.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend([9, 9, 9]);
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read(&path).unwrap().1.len(), 7);
        bytes.truncate(bytes.len() - 5);
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("damaged"));
        bytes.truncate(bytes.len() - 2);
        bytes.extend([1, 1, 1, 1]);
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("hash"));
        std::fs::write(&path, b"hello").unwrap();
        assert!(read(&path).is_err());
    }

    #[test]
    fn version_one_files_are_read() {
        let path = dir().join("v1.seq");
        let mut bytes = MAGIC_V1.to_vec();
        bytes.extend(3u32.to_le_bytes());
        bytes.extend(b"nim");
        bytes.extend(2u64.to_le_bytes());
        bytes.extend(0u32.to_le_bytes());
        bytes.extend(1u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read(&path).unwrap(), ("nim".to_string(), Values::U32(vec![0, 1])));
    }
}
