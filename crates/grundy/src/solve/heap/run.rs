//! A heap game's sequence as a long run: resumed from its checkpoint file,
//! saved to it as it grows ([`crate::LongRun`] drives it).

use std::path::Path;

use super::{Algorithm, HeapGame, NimSequence};
use crate::error::{Error, Result};
use crate::long_run::Resumable;
use crate::sequence::file::{self, Checkpoint};
use crate::sequence::Values;

/// The nim-values of heaps `0..goal` of a heap game, computed toward the
/// goal and kept in a `.seq` checkpoint (appended to, see
/// [`file::Checkpoint`]) when one is given. The same file resumes the run
/// from any front end: the command line's `--checkpoint`, Python's
/// `checkpoint=`.
pub struct SequenceRun {
    sequence: NimSequence,
    checkpoint: Option<Checkpoint>,
    goal: usize,
    resumed: Option<usize>,
}

impl SequenceRun {
    /// A run of `game` by `method` toward `goal` values. With a checkpoint
    /// that exists, it starts from the values the file holds — after
    /// checking they are this game's (another game's file is refused and
    /// left as it is); one that does not exist yet is written at the first
    /// save.
    pub fn open(game: &HeapGame, method: Algorithm, checkpoint: Option<&Path>, goal: usize) -> Result<SequenceRun> {
        let start = match checkpoint {
            Some(path) if path.exists() => Some(resume_from(path, game)?),
            _ => None,
        };
        let resumed = start.as_ref().map(Values::len);
        let checkpoint = checkpoint.map(|path| Checkpoint::new(path, game.description(), start.as_ref()));
        let sequence = NimSequence::resume(game, method, start.unwrap_or_default())?;
        Ok(SequenceRun { sequence, checkpoint, goal, resumed })
    }

    /// How many values the checkpoint gave, if the run resumed from one.
    pub fn resumed(&self) -> Option<usize> {
        self.resumed
    }

    /// The checkpoint file, if the run keeps one.
    pub fn checkpoint(&self) -> Option<&Path> {
        self.checkpoint.as_ref().map(Checkpoint::path)
    }

    /// Saves to no checkpoint from now on (the file is left as it is).
    pub fn forget_checkpoint(&mut self) {
        self.checkpoint = None;
    }

    /// Works toward `goal` values from now on.
    pub fn set_goal(&mut self, goal: usize) {
        self.goal = goal;
    }

    pub fn goal(&self) -> usize {
        self.goal
    }

    pub fn sequence(&self) -> &NimSequence {
        &self.sequence
    }

    pub fn values(&self) -> &Values {
        self.sequence.values()
    }

    pub fn into_values(self) -> Values {
        self.sequence.into_values()
    }

    /// Keeps the first `len` values only (a checkpoint may hold more than a
    /// run asks for), and saves to no checkpoint from now on, as
    /// [`SequenceRun::take_values`].
    pub fn truncate(&mut self, len: usize) -> Result<()> {
        if self.values().len() <= len {
            return Ok(());
        }
        let mut values = self.take_values()?;
        values.truncate(len);
        self.sequence = NimSequence::resume(&self.sequence.game, self.sequence.method(), values)?;
        Ok(())
    }

    /// The values so far, leaving the run empty and saving to no checkpoint
    /// from now on (the file keeps what it holds: a shorter run must not
    /// replace it).
    pub fn take_values(&mut self) -> Result<Values> {
        let empty = NimSequence::new(&self.sequence.game, self.sequence.method())?;
        self.checkpoint = None;
        Ok(std::mem::replace(&mut self.sequence, empty).into_values())
    }
}

impl Resumable for SequenceRun {
    /// The number of values so far.
    type Progress = usize;

    fn advance(&mut self, pause: &mut dyn FnMut(usize) -> bool) -> Result<bool> {
        self.sequence.extend_to(self.goal, pause)
    }

    fn has_checkpoint(&self) -> bool {
        self.checkpoint.is_some()
    }

    fn save(&mut self) -> Result<()> {
        match &mut self.checkpoint {
            Some(checkpoint) => checkpoint.save(self.sequence.values()),
            None => Ok(()),
        }
    }
}

/// The values a checkpoint holds, after checking it is `game`'s.
fn resume_from(path: &Path, game: &HeapGame) -> Result<Values> {
    let (description, values) = file::read(path)?;
    if description != game.description() {
        return Err(Error::InvalidGame(format!(
            "the checkpoint {} is for the game '{description}', not '{}'; nothing was changed (use another file)",
            path.display(),
            game.description()
        )));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::long_run::LongRun;
    use crate::watch::Watch;

    fn temp(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("grundy-run-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// A run stopped part way and resumed from its checkpoint ends with the
    /// values of one uninterrupted run (the plain method: every option of
    /// every heap, the oracle).
    #[test]
    fn a_stopped_run_resumes_from_its_checkpoint_to_the_same_values() {
        let game = HeapGame::parse("0.137").unwrap();
        let path = temp("0.137.seq");
        let goal = 40_000;
        let watch = Watch::new();
        let mut first = SequenceRun::open(&game, Algorithm::RareCommon, Some(&path), goal).unwrap();
        let stopper = watch.clone();
        let stopped = LongRun::new(watch).run(&mut first, |n| {
            if n >= 16_384 {
                stopper.stop();
            }
        });
        assert_eq!(stopped, Err(Error::Interrupted));
        let kept = first.values().len();
        assert!((16_384..goal).contains(&kept), "{kept}");
        assert_eq!(file::read(&path).unwrap().1.len(), kept, "the stop saved what was finished");

        let mut second = SequenceRun::open(&game, Algorithm::RareCommon, Some(&path), goal).unwrap();
        assert_eq!(second.resumed(), Some(kept));
        LongRun::new(Watch::new()).run(&mut second, |_| {}).unwrap();
        let mut plain = NimSequence::new(&game, Algorithm::Plain).unwrap();
        plain.extend_to(goal, |_| false).unwrap();
        assert_eq!(second.values(), plain.values());
        assert_eq!(&file::read(&path).unwrap().1, plain.values());

        let other = HeapGame::parse("kayles").unwrap();
        let refused = SequenceRun::open(&other, Algorithm::RareCommon, Some(&path), goal).err().unwrap();
        assert!(refused.to_string().contains("is for the game '0.137', not 'kayles'"), "{refused}");
        std::fs::remove_file(&path).unwrap();
    }
}
