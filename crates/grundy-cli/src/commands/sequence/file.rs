//! The compact binary sequence file, used for `--format binary` output and
//! for `--checkpoint` files alike.
//!
//! Layout (little-endian): the magic line `GRUNDY-SEQUENCE 1\n`; a `u32`
//! length and that many bytes of the game's description; a `u64` count;
//! then `count` nim-values as `u32`. Four bytes per heap.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};

const MAGIC: &[u8] = b"GRUNDY-SEQUENCE 1\n";

/// Writes `values` of game `description` to `path` atomically: a file
/// beside it first, renamed over `path` only once complete, so an
/// interruption never leaves a half-written file.
pub fn write(path: &Path, description: &str, values: &[u32]) -> Result<()> {
    let partial = path.with_extension("partial");
    let write_all = || -> std::io::Result<()> {
        let mut out = BufWriter::new(File::create(&partial)?);
        out.write_all(MAGIC)?;
        out.write_all(&(description.len() as u32).to_le_bytes())?;
        out.write_all(description.as_bytes())?;
        out.write_all(&(values.len() as u64).to_le_bytes())?;
        for value in values {
            out.write_all(&value.to_le_bytes())?;
        }
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    write_all().with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, path)
        .with_context(|| format!("cannot rename {} to {}", partial.display(), path.display()))
}

/// Reads a sequence file: the game's description and the values.
pub fn read(path: &Path) -> Result<(String, Vec<u32>)> {
    let shown = path.display();
    let mut input = BufReader::new(File::open(path).with_context(|| format!("cannot open {shown}"))?);
    let mut magic = Vec::with_capacity(MAGIC.len());
    (&mut input).take(MAGIC.len() as u64).read_to_end(&mut magic).with_context(|| format!("cannot read {shown}"))?;
    if magic != MAGIC {
        bail!("{shown} is not a grundy sequence file (it does not start with 'GRUNDY-SEQUENCE 1')");
    }
    let mut word = [0u8; 4];
    input.read_exact(&mut word).with_context(|| format!("{shown} is truncated"))?;
    let length = u32::from_le_bytes(word) as usize;
    if length > 4096 {
        bail!("{shown} is damaged: its game description claims {length} bytes");
    }
    let mut description = vec![0; length];
    input.read_exact(&mut description).with_context(|| format!("{shown} is truncated"))?;
    let description = String::from_utf8(description).with_context(|| format!("{shown} is damaged"))?;
    let mut count = [0u8; 8];
    input.read_exact(&mut count).with_context(|| format!("{shown} is truncated"))?;
    let count = u64::from_le_bytes(count);
    let size = std::fs::metadata(path)?.len();
    let header = (MAGIC.len() + 4 + length + 8) as u64;
    if header + count.saturating_mul(4) != size {
        bail!("{shown} is damaged: it claims {count} values but holds {} bytes of them", size - header);
    }
    let mut bytes = vec![0; count as usize * 4];
    input.read_exact(&mut bytes).with_context(|| format!("{shown} is truncated"))?;
    let values = bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    Ok((description, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let dir = std::env::temp_dir().join(format!("grundy-seq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("kayles.seq");
        write(&path, "kayles", &[0, 1, 2, 3, 1]).unwrap();
        assert_eq!(read(&path).unwrap(), ("kayles".to_string(), vec![0, 1, 2, 3, 1]));
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.pop();
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("damaged"));
        std::fs::write(&path, b"hello").unwrap();
        assert!(read(&path).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
