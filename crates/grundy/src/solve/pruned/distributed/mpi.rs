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

use std::sync::Mutex;

use ::mpi::environment::Universe;
use ::mpi::point_to_point::{Destination, MatchedReceiveVec, Source, Status};
use ::mpi::topology::{Communicator, SimpleCommunicator};
use ::mpi::Threading;

use super::Transport;
use crate::error::{Error, Result};

/// The buffer for buffered sends: many times what is in flight at once
/// (a batch of shared entries is at most 4,096 entries of up to 34 bytes,
/// to each other process, and every process receives every 200 µs).
const BUFFER_BYTES: usize = 256 << 20;

/// This process's place among the processes `mpirun` started; MPI ends
/// when it is dropped.
pub struct Mpi {
    /// Held for its drop (MPI's finalize), and to serialize MPI's calls:
    /// MPI is started at the level where one thread at a time may call it.
    universe: Mutex<Universe>,
    rank: usize,
    size: usize,
}

impl std::fmt::Debug for Mpi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mpi {{ rank: {}, size: {} }}", self.rank, self.size)
    }
}

impl Mpi {
    /// Starts MPI (once in a process).
    pub fn start() -> Result<Mpi> {
        let (mut universe, threading) = ::mpi::initialize_with_threading(Threading::Serialized)
            .ok_or_else(|| Error::Cluster("MPI could not be started (or was started twice)".into()))?;
        if threading < Threading::Serialized {
            return Err(Error::Cluster(format!(
                "this MPI library offers threads {threading:?} support; the search needs Serialized"
            )));
        }
        universe.set_buffer_size(BUFFER_BYTES);
        let world = universe.world();
        let (rank, size) = (world.rank() as usize, world.size() as usize);
        Ok(Mpi { universe: Mutex::new(universe), rank, size })
    }

    fn world(&self) -> (std::sync::MutexGuard<'_, Universe>, SimpleCommunicator) {
        let universe = self.universe.lock().unwrap_or_else(|e| e.into_inner());
        let world = universe.world();
        (universe, world)
    }
}

impl Transport for Mpi {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&self, to: usize, bytes: &[u8]) -> Result<()> {
        let (_held, world) = self.world();
        world.process_at_rank(to as i32).buffered_send(bytes);
        Ok(())
    }

    fn receive(&self) -> Result<Option<(usize, Vec<u8>)>> {
        let (_held, world) = self.world();
        Ok(world.any_process().immediate_matched_probe().map(|probed| {
            let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
            (status.source_rank() as usize, bytes)
        }))
    }
}
