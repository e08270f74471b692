//! The [`Transport`] over MPI (the `mpi` crate over the system's MPI
//! library: Debian's OpenMPI), for processes started by `mpirun`.
//!
//! Messages are byte vectors sent with MPI's *buffered* send: it returns at
//! once, the bytes copied to a buffer attached at the start, so two
//! processes sending each other batches of table entries at the same time
//! never wait for each other (a standard send of a large message waits for
//! the receiver to match it: both would wait for ever). The search ends by
//! receiving every message sent (see `process.rs`), because MPI's end waits
//! for each buffered send to be received.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ::mpi::collective::{CommunicatorCollectives, Root};
use ::mpi::datatype::Equivalence;
use ::mpi::environment::Universe;
use ::mpi::point_to_point::{Destination, Source};
use ::mpi::request::StaticScope;
use ::mpi::topology::{Communicator, SimpleCommunicator};
use ::mpi::Threading;

use super::Transport;
use crate::error::{Error, Result};

/// The buffer for buffered sends: many times what is in flight at once
/// (a batch of shared entries is at most 4,096 entries of up to 34 bytes,
/// to each other process, and every process receives at least every
/// millisecond).
const BUFFER_BYTES: usize = 256 << 20;

/// How long a stopped search waits for the rest of a message that has
/// begun to arrive: the largest (4,096 entries, about 140 kB) takes well
/// under a millisecond between two processes of one machine, and a few
/// over a network.
const CUT_OFF: Duration = Duration::from_millis(200);

/// This process's place among the processes `mpirun` started; MPI ends
/// when it is dropped.
pub struct Mpi {
    /// Held for its drop (MPI's finalize), and to serialize MPI's calls:
    /// MPI is started at the level where one thread at a time may call it.
    universe: Mutex<Universe>,
    rank: usize,
    size: usize,
    /// Each process's machine, named by its first process.
    machines: Vec<usize>,
}

impl std::fmt::Debug for Mpi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mpi {{ rank: {}, size: {} }}", self.rank, self.size)
    }
}

impl Mpi {
    /// Starts MPI (once in a process).
    pub fn start() -> Result<Mpi> {
        skip_the_interconnects_on_one_machine();
        let (mut universe, threading) = ::mpi::initialize_with_threading(Threading::Serialized)
            .ok_or_else(|| Error::Cluster("MPI could not be started (or was started twice)".into()))?;
        if threading < Threading::Serialized {
            return Err(Error::Cluster(format!(
                "this MPI library offers threads {threading:?} support; the search needs Serialized"
            )));
        }
        no_delay_on_the_launcher_socket();
        universe.set_buffer_size(BUFFER_BYTES);
        let world = universe.world();
        let (rank, size) = (world.rank() as usize, world.size() as usize);
        // The processes that can share memory with this one (MPI's "shared"
        // split: one machine), and the first of them, for every process.
        let here = world.split_shared(world.rank());
        let mut first = world.rank();
        here.process_at_rank(0).broadcast_into(&mut first);
        let mut firsts = vec![0i32; size];
        world.all_gather_into(&first, &mut firsts[..]);
        let machines = firsts.into_iter().map(|f| f as usize).collect();
        Ok(Mpi { universe: Mutex::new(universe), rank, size, machines })
    }

    /// Ends this process with `code` once every process has called this,
    /// without MPI's end: for when `mpirun` is ending the job. Its end
    /// begins with a SIGCONT to every process, then SIGTERM a second later
    /// and SIGKILL a second after that; once that has begun, MPI's end
    /// waits for an answer from mpirun that never comes (`PMIx_Finalize`),
    /// so a process that calls it lives until the SIGKILL, 2 s after the
    /// Ctrl-C. Ending without it is what mpirun expects of a job it stops,
    /// but not before every process is ready: when one process ends, mpirun
    /// kills the others at once, and one could still be saving its share of
    /// a checkpoint. Hence the barrier first (through shared memory or the
    /// network, not through mpirun). Measured: Cram 5×9 on `mpirun -np 2`
    /// with a checkpoint, Ctrl-C 3 s in: mpirun returns 0.07–0.15 s later
    /// with both shares saved (2.0 s with MPI's end); a C program whose
    /// second process takes 1.5 s to finish after the SIGCONT: with the
    /// barrier both finish and mpirun returns at 1.5 s, without it the
    /// slow one is killed at 1.0 s.
    pub fn leave(&self, code: i32) -> ! {
        {
            let (_held, world) = self.world();
            world.barrier();
        }
        std::process::exit(code)
    }

    fn world(&self) -> (std::sync::MutexGuard<'_, Universe>, SimpleCommunicator) {
        let universe = self.universe.lock().unwrap_or_else(|e| e.into_inner());
        let world = universe.world();
        (universe, world)
    }
}

/// When every process runs on this machine (`mpirun` says so in its
/// environment) and the user has not chosen OpenMPI's messaging layer,
/// leaves out the one for interconnects (`pml cm`, over the `ofi`, `psm`
/// and `psm2` transports): only shared memory is needed, and probing those
/// transports was most of MPI's start. Measured on this 2-core VM with
/// Debian's OpenMPI 4.1, `mpirun -np 2 grundy solve cram 2x3 --value-only
/// --distributed` (start to end, best of 3): 0.36 s, and 0.15 s with
/// `OMPI_MCA_pml=^cm`; on several machines nothing changes.
fn skip_the_interconnects_on_one_machine() {
    let read = |name: &str| std::env::var(name).ok();
    let processes = read("OMPI_COMM_WORLD_SIZE");
    let one_machine = processes.is_some() && read("OMPI_COMM_WORLD_LOCAL_SIZE") == processes;
    if one_machine && std::env::var_os("OMPI_MCA_pml").is_none() {
        // SAFETY: set before MPI starts, from the thread that starts it;
        // no thread of grundy's reads the environment at this point.
        unsafe { std::env::set_var("OMPI_MCA_pml", "^cm") };
    }
}

/// Turns off Nagle's algorithm on this process's TCP sockets, which MPI's
/// start has just opened: among them the connection to the launcher
/// (OpenMPI 4.1 talks to `mpirun` through PMIx over TCP on the loopback,
/// and PMIx does not set `TCP_NODELAY` on it). With Nagle, MPI's end sends
/// the launcher two short messages in a row; the second waits for the
/// first's acknowledgement, which the launcher's kernel delays by up to
/// 40 ms, so every run lost about 45 ms at its end. Measured on this 2-core
/// VM with Debian's OpenMPI 4.1 and PMIx 4.2 (a C program that only starts
/// and ends MPI, `mpirun -np 2`): the end 45–47 ms → 3 ms, the whole run
/// 0.11–0.12 s → 0.07 s. The option only stops small writes waiting to be
/// batched, so it is harmless on MPI's other TCP sockets (its TCP transport
/// sets it itself); sockets of other kinds refuse it, which is ignored.
fn no_delay_on_the_launcher_socket() {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::{FromRawFd, IntoRawFd};
        let Ok(entries) = std::fs::read_dir("/proc/self/fd") else { return };
        for entry in entries.flatten() {
            let Some(fd) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok()) else { continue };
            // SAFETY: the descriptor is open (listed just now) and is only
            // borrowed: `into_raw_fd` hands it back without closing it. If
            // MPI's own thread closed it meanwhile, the call fails or sets
            // an option that changes no data; either way nothing is lost.
            let socket = unsafe { std::net::TcpStream::from_raw_fd(fd) };
            let _ = socket.set_nodelay(true);
            let _ = socket.into_raw_fd();
        }
    }
}

impl Transport for Mpi {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn machines(&self) -> Vec<usize> {
        self.machines.clone()
    }

    fn send(&self, to: usize, bytes: &[u8]) -> Result<()> {
        let (_held, world) = self.world();
        world.process_at_rank(to as i32).buffered_send(bytes);
        Ok(())
    }

    /// The rest of a message matched here comes while this process polls
    /// MPI (a large one in pieces, or read from its sender's memory), so a
    /// sender killed in the middle leaves it waiting for ever: MPI's receive
    /// never returns, and the job's end (mpirun kills every process 2 s after
    /// one dies) found this process still in it, its share unsaved. Hence
    /// MPI's immediate receive, and a limit once the search is stopped.
    fn receive(&self, stopped: &AtomicBool) -> Result<Option<(usize, Vec<u8>)>> {
        let (_held, world) = self.world();
        let Some((message, status)) = world.any_process().immediate_matched_probe() else { return Ok(None) };
        let from = status.source_rank() as usize;
        let len = usize::try_from(status.count(u8::equivalent_datatype())).unwrap_or(0);
        // Lent to MPI for as long as it may write there: taken back when the
        // receive completes, left to the process's end if it never does.
        let owned: *mut [u8] = Box::into_raw(vec![0u8; len].into_boxed_slice());
        // SAFETY: `owned` is a live allocation that nothing else refers to.
        let lent: &'static mut [u8] = unsafe { &mut *owned };
        let mut request = message.immediate_matched_receive_into(StaticScope, lent);
        let mut since_stop: Option<Instant> = None;
        loop {
            request = match request.test() {
                Ok(_) => {
                    // SAFETY: the receive is complete and the request gone,
                    // so nothing refers to the buffer but `owned` again.
                    let bytes = unsafe { Box::from_raw(owned) };
                    return Ok(Some((from, bytes.into_vec())));
                }
                Err(request) => request,
            };
            if stopped.load(Ordering::Relaxed) {
                let since = *since_stop.get_or_insert_with(Instant::now);
                if since.elapsed() >= CUT_OFF {
                    // An unfinished request may not be dropped; the buffer
                    // and the request go with the process. The search was
                    // stopped, and that is what this process reports (with
                    // what it saved): that process `from` has ended is
                    // mpirun's to say.
                    std::mem::forget(request);
                    return Err(Error::Interrupted);
                }
            }
            std::thread::yield_now();
        }
    }
}
