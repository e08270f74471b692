//! `grundy solve … --distributed` under `mpirun`: the processes of one
//! search (the library's `solve::pruned::distributed`), and the refusal to
//! run as N copies of the same command.

use std::sync::Arc;

use anyhow::{bail, Result};
use grundy::solve::pruned::distributed::Transport;

/// This process's rank and the number of processes, when a launcher
/// (OpenMPI's `mpirun`, or a PMI one: MPICH, Slurm) started several.
pub fn launched() -> Option<(usize, usize)> {
    let read = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse::<usize>().ok());
    let size = read("OMPI_COMM_WORLD_SIZE").or_else(|| read("PMI_SIZE"))?;
    let rank = read("OMPI_COMM_WORLD_RANK").or_else(|| read("PMI_RANK")).unwrap_or(0);
    (size > 1).then_some((rank, size))
}

/// An error whose message this process has printed already: the first
/// process of a distributed search says why it stopped before MPI ends,
/// since a process still in MPI's end when `mpirun` stops the job (a Ctrl-C
/// reaches `mpirun`, which sends the processes SIGTERM and a second later
/// SIGKILL) would never print it.
#[derive(Debug)]
pub struct Shown;

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("(printed already)")
    }
}

/// Prints `error` now, as `main` would, and returns it marked [`Shown`].
pub fn show_now(error: anyhow::Error) -> anyhow::Error {
    eprintln!("grundy: {error}");
    error.context(Shown)
}

/// Whether this process is one of several and not the first: it prints
/// nothing (process 0 prints the answer, and every process's error).
pub fn follower() -> bool {
    launched().is_some_and(|(rank, _)| rank > 0)
}

/// Refuses a command that several processes would each run whole: all but
/// `solve … --distributed` in a build with MPI.
pub fn refuse_copies(distributed: bool) -> Result<()> {
    let Some((_, size)) = launched() else { return Ok(()) };
    if !cfg!(feature = "mpi") {
        bail!(
            "started by mpirun as one of {size} processes, but this grundy was built without MPI, so each would run \
             the whole command alone: build it with `--features mpi` and run `grundy solve … --distributed`"
        );
    }
    if !distributed {
        bail!(
            "started by mpirun as one of {size} processes, each of which would run the whole command alone: only \
             `grundy solve … --distributed` searches on several processes"
        );
    }
    Ok(())
}

/// The processes of this run (MPI, started here).
#[cfg(feature = "mpi")]
pub fn start() -> Result<Arc<dyn Transport>> {
    Ok(Arc::new(grundy::solve::pruned::distributed::mpi::Mpi::start()?))
}

#[cfg(not(feature = "mpi"))]
pub fn start() -> Result<Arc<dyn Transport>> {
    bail!(
        "--distributed: this grundy was built without MPI: build it with `cargo build --release --features mpi` \
         (Debian: apt-get install openmpi-bin libopenmpi-dev libclang-dev) and start it with `mpirun -np N`"
    )
}
