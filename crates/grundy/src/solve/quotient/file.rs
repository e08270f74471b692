//! The misère quotient's file (JSON of a [`PartialQuotient`]), and the
//! quotient as a long run that resumes from it and saves to it
//! ([`crate::LongRun`] drives it).
//!
//! The file belongs to the library so that every front end — `grundy
//! quotient --checkpoint/--output`, `grundy solve --quotient`, Python —
//! writes the same file, and trusts none without checking it.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Limits, PartialQuotient};
use crate::error::{Error, Result};
use crate::long_run::Resumable;
use crate::solve::heap::HeapGame;

impl PartialQuotient {
    /// Writes the quotient to `path` atomically: a file beside it first,
    /// renamed over `path` only once complete, so an interruption never
    /// leaves half a file.
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string(self)
            .map_err(|e| Error::Write { file: path.display().to_string(), reason: e.to_string() })?;
        crate::unfinished::save_whole(path, |out| out.write_all(text.as_bytes()))
    }

    /// Reads a quotient file. It is not yet checked against a game: a
    /// session checks it before use ([`PartialQuotient::validate`]), or
    /// read it with [`PartialQuotient::load`].
    pub fn read(path: &Path) -> Result<PartialQuotient> {
        let text = crate::read_text_file(path)?;
        serde_json::from_str(&text).map_err(|e| Error::BadFile {
            file: path.display().to_string(),
            problem: format!("not a misère quotient file (written by grundy quotient): {e}"),
        })
    }

    /// Reads a quotient file of `game`, refusing one of another game or one
    /// that fails re-verification ([`PartialQuotient::validate`]).
    pub fn load(path: &Path, game: &HeapGame, limits: Limits) -> Result<PartialQuotient> {
        let mut quotient = PartialQuotient::read(path)?;
        quotient.validate(game, limits).map_err(|error| match error {
            Error::Interrupted => Error::Interrupted,
            error => Error::Unusable { file: path.display().to_string(), why: Box::new(error) },
        })?;
        Ok(quotient)
    }
}

/// The misère quotient of a heap game's heaps through `to`, built heap by
/// heap toward it and kept in a checkpoint file when one is given.
pub struct QuotientRun {
    game: HeapGame,
    quotient: PartialQuotient,
    to: u64,
    limits: Limits,
    checkpoint: Option<PathBuf>,
    resumed: bool,
}

impl QuotientRun {
    /// A run toward heap `to`. With a checkpoint that exists, it starts
    /// from the quotient the file holds, once checked ([`PartialQuotient::load`]);
    /// one that does not exist yet is written at the first save. A
    /// checkpoint whose quotient passed `limits` by heap `to` (made with a
    /// larger limit) is refused as one run would stop
    /// ([`PartialQuotient::check_limit`]), and left as it is.
    pub fn open(game: &HeapGame, to: u64, limits: Limits, checkpoint: Option<&Path>) -> Result<QuotientRun> {
        let (quotient, resumed) = match checkpoint {
            Some(path) if path.exists() => (PartialQuotient::load(path, game, limits)?, true),
            _ => (PartialQuotient::new(game), false),
        };
        quotient.check_limit(to, limits)?;
        let checkpoint = checkpoint.map(Path::to_path_buf);
        Ok(QuotientRun { game: game.clone(), quotient, to, limits, checkpoint, resumed })
    }

    /// Whether the run started from its checkpoint.
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    pub fn checkpoint(&self) -> Option<&Path> {
        self.checkpoint.as_deref()
    }

    pub fn quotient(&self) -> &PartialQuotient {
        &self.quotient
    }

    pub fn into_quotient(self) -> PartialQuotient {
        self.quotient
    }
}

impl Resumable for QuotientRun {
    /// The heap about to be added, and the quotient's size when this part
    /// of the run began.
    type Progress = (u64, usize);

    fn advance(&mut self, pause: &mut dyn FnMut((u64, usize)) -> bool) -> Result<bool> {
        let size = self.quotient.size();
        self.quotient.extend(&self.game, self.to, self.limits, |heap| pause((heap, size)))
    }

    fn has_checkpoint(&self) -> bool {
        self.checkpoint.is_some()
    }

    fn save(&mut self) -> Result<()> {
        match &self.checkpoint {
            Some(path) => self.quotient.save(path),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::long_run::LongRun;
    use crate::watch::Watch;

    fn temp(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("grundy-quotient-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Kayles' quotient through heap 14 by a run stopped at heap 8 and
    /// resumed from its checkpoint (read back and re-verified) is the
    /// quotient of one run straight through.
    #[test]
    fn a_stopped_quotient_resumes_from_its_file_to_the_same_quotient() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let path = temp("kayles.json");
        let watch = Watch::new();
        let mut first = QuotientRun::open(&kayles, 14, Limits::default(), Some(&path)).unwrap();
        assert!(!first.resumed());
        let stopper = watch.clone();
        let stopped = LongRun::new(watch).run(&mut first, |(heap, _)| {
            if heap == 8 {
                stopper.stop();
            }
        });
        assert_eq!(stopped, Err(Error::Interrupted));
        assert_eq!(PartialQuotient::read(&path).unwrap().last_heap(), 7, "heaps 1..=7 were finished and saved");

        let mut second = QuotientRun::open(&kayles, 14, Limits::default(), Some(&path)).unwrap();
        assert!(second.resumed());
        LongRun::new(Watch::new()).run(&mut second, |_| {}).unwrap();
        let mut straight = PartialQuotient::new(&kayles);
        assert!(straight.extend(&kayles, 14, Limits::default(), |_| false).unwrap());
        assert_eq!(second.quotient(), &straight);
        // The file holds the same quotient (transitions are never stored).
        let json = |q: &PartialQuotient| serde_json::to_string(q).unwrap();
        assert_eq!(json(&PartialQuotient::read(&path).unwrap()), json(&straight));

        let other = HeapGame::parse("0.07").unwrap();
        let refused = QuotientRun::open(&other, 14, Limits::default(), Some(&path)).err().unwrap().to_string();
        assert!(refused.starts_with(&format!("cannot use {}: ", path.display())), "{refused}");
        assert!(refused.contains("is for the game 'kayles', not '0.07'"), "{refused}");
        // More heaps than any quotient is built for: refused before the
        // check, which would take minutes.
        let mut long = PartialQuotient::read(&path).unwrap();
        long.images.resize(100_001, 0);
        long.save(&path).unwrap();
        let refused = QuotientRun::open(&kayles, 14, Limits::default(), Some(&path)).err().unwrap().to_string();
        assert!(refused.contains("it holds heaps through 100000, past the largest heap"), "{refused}");
        std::fs::write(&path, "{}").unwrap();
        let damaged = PartialQuotient::read(&path).unwrap_err().to_string();
        assert!(damaged.contains("is not a misère quotient file"), "{damaged}");
        std::fs::remove_file(&path).unwrap();
    }
}
