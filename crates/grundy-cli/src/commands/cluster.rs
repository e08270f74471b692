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

/// The run's MPI, for [`leave_if_the_launcher_ends`]: weak, so that MPI
/// still ends in order when the search's last handle is dropped.
#[cfg(feature = "mpi")]
static MPI: std::sync::OnceLock<std::sync::Weak<grundy::solve::pruned::distributed::mpi::Mpi>> =
    std::sync::OnceLock::new();

/// The processes of this run (MPI, started here); and a watch for the
/// launcher ending the job ([`watch_the_launcher`]).
#[cfg(feature = "mpi")]
pub fn start() -> Result<Arc<dyn Transport>> {
    let mpi = Arc::new(grundy::solve::pruned::distributed::mpi::Mpi::start()?);
    let _ = MPI.set(Arc::downgrade(&mpi));
    watch_the_launcher()?;
    Ok(mpi)
}

/// Stops the search as soon as `mpirun` starts to end the job. A Ctrl-C
/// reaches mpirun alone (its processes run in a process group of their
/// own), which then sends each process SIGCONT, a second later SIGTERM and
/// a second after that SIGKILL; waiting for the SIGTERM would spend half the
/// time left to save the checkpoint doing nothing, and stop a second after
/// the Ctrl-C at best. So a SIGCONT from the parent process (mpirun, or its
/// daemon on another machine) stops the search as a Ctrl-C does, unless the
/// process was stopped just before: then it is a suspended job resumed (a
/// batch system that launched the processes itself, `scontrol resume`),
/// told by a clock thread that could not tick while the process was
/// stopped. A SIGCONT from elsewhere changes nothing; nor does any when
/// mpirun forwards job control (`--mca orte_forward_job_control 1`: its
/// SIGCONT then resumes a job the user suspended).
#[cfg(feature = "mpi")]
fn watch_the_launcher() -> Result<()> {
    use anyhow::Context;
    use signal_hook::consts::SIGCONT;
    use signal_hook::iterator::{exfiltrator::WithOrigin, SignalsInfo};
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    use std::time::{Duration, Instant};
    /// How often the clock ticks, and the gap that says it was stopped (a
    /// tick late by more than this on a busy machine only costs the fast
    /// stop: the search then stops at mpirun's SIGTERM, as it used to).
    const TICK: Duration = Duration::from_millis(100);
    const STOPPED: Duration = Duration::from_millis(600);
    let forwards = std::env::var("OMPI_MCA_orte_forward_job_control")
        .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "y" | "t" | "enabled"));
    if forwards {
        return Ok(());
    }
    let parent = std::os::unix::process::parent_id();
    let mut signals = SignalsInfo::<WithOrigin>::new([SIGCONT]).context("cannot watch for mpirun's signals")?;
    let start = Instant::now();
    let ticked = Arc::new(AtomicU64::new(0));
    let clock = Arc::clone(&ticked);
    std::thread::spawn(move || loop {
        clock.store(start.elapsed().as_millis() as u64, Relaxed);
        std::thread::sleep(TICK);
    });
    std::thread::spawn(move || {
        for origin in signals.forever() {
            let since_tick = start.elapsed().saturating_sub(Duration::from_millis(ticked.load(Relaxed)));
            if origin.process.is_some_and(|p| u32::try_from(p.pid) == Ok(parent)) && since_tick < STOPPED {
                super::watch::stop_for_the_launcher();
            }
        }
    });
    Ok(())
}

/// When `mpirun` is ending the job ([`watch_the_launcher`]), ends this
/// process as soon as every process has finished (its share saved), with
/// `outcome`'s exit code and, from process 0, its error if not said yet:
/// MPI's orderly end would wait for mpirun until it kills the process
/// (`Mpi::leave`). Otherwise returns.
pub fn leave_if_the_launcher_ends(outcome: &Result<()>) {
    #[cfg(feature = "mpi")]
    if super::watch::the_launcher_ends() {
        if let Some(mpi) = MPI.get().and_then(std::sync::Weak::upgrade) {
            use std::io::Write;
            if let Err(error) = outcome {
                if !follower() && error.downcast_ref::<Shown>().is_none() {
                    eprintln!("{}", super::error_line(error));
                }
            }
            let _ = std::io::stdout().flush();
            mpi.leave(outcome.as_ref().map_or_else(|error| super::exit_code(error).into(), |()| 0));
        }
    }
    let _ = outcome; // (unused in a build without MPI)
}

#[cfg(not(feature = "mpi"))]
pub fn start() -> Result<Arc<dyn Transport>> {
    bail!(
        "--distributed: this grundy was built without MPI: build it with `cargo build --release --features mpi` \
         (Debian: apt-get install openmpi-bin libopenmpi-dev libclang-dev) and start it with `mpirun -np N`"
    )
}
