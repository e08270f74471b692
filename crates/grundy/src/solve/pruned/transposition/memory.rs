//! Where a table's buckets live: on this process's heap, or in memory that
//! the processes of one machine map together (the distributed search's
//! table shared on a machine, `machine.rs`).
//!
//! **Shared memory without leftovers.** A region is a file in `/dev/shm`
//! (memory, not disk) that its creator deletes as soon as it has opened it,
//! so that nothing is left behind however the processes end; the other
//! processes open it through `/proc/<pid>/fd/<fd>` (Linux keeps a deleted
//! file's link there while the creator holds it open) and map it. The
//! kernel gives fresh pages as zeros, which is an empty table.

use std::ops::Deref;
use std::ptr::NonNull;

use crate::error::{Error, Result};

/// The buckets of a table.
pub struct Buckets<B> {
    ptr: NonNull<B>,
    len: usize,
    _owner: Owner<B>,
}

enum Owner<B> {
    Heap(#[allow(dead_code)] Box<[B]>),
    Shared(#[allow(dead_code)] SharedMemory),
}

// SAFETY: the buckets are only reached through `&[B]`, so sending or sharing
// them is as safe as sending or sharing `[B]`; the owner keeps them alive.
unsafe impl<B: Sync> Sync for Buckets<B> {}
unsafe impl<B: Send + Sync> Send for Buckets<B> {}

impl<B> Buckets<B> {
    /// Buckets on this process's heap.
    pub fn on_heap(mut boxed: Box<[B]>) -> Self {
        let (ptr, len) = (NonNull::new(boxed.as_mut_ptr()).expect("a box is not null"), boxed.len());
        Buckets { ptr, len, _owner: Owner::Heap(boxed) }
    }

    /// Buckets over shared memory, as many as fit.
    ///
    /// # Safety
    ///
    /// Every bit pattern, all zeros included, must be a valid `B`, and `B`
    /// must be changed only through atomics: other processes write the
    /// memory while this one reads it.
    pub unsafe fn in_shared(memory: SharedMemory) -> Self {
        assert_eq!(memory.as_ptr() as usize % std::mem::align_of::<B>(), 0, "mapped memory is page-aligned");
        let len = memory.len() / std::mem::size_of::<B>();
        let ptr = NonNull::new(memory.as_ptr().cast::<B>()).expect("a mapping is not null");
        Buckets { ptr, len, _owner: Owner::Shared(memory) }
    }

    /// A hashed table's buckets over shared memory, with the shift that
    /// takes a hash to a bucket: `None` unless they are a power of two, at
    /// least `min` (the layouts of `key/packed.rs` and `key/wide.rs`).
    ///
    /// # Safety
    ///
    /// As [`Buckets::in_shared`].
    pub unsafe fn table_in_shared(memory: SharedMemory, min: usize) -> Option<(Self, u32)> {
        let count = memory.len() / std::mem::size_of::<B>();
        if !count.is_power_of_two() || count < min {
            return None;
        }
        // SAFETY: the caller's promise.
        Some((unsafe { Self::in_shared(memory) }, 64 - count.trailing_zeros()))
    }
}

impl<B> Deref for Buckets<B> {
    type Target = [B];

    #[inline]
    fn deref(&self) -> &[B] {
        // SAFETY: `ptr` and `len` describe the owner's live allocation.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

/// Where other processes of this machine find a `SharedMemory`: its
/// creator's process id, the descriptor it holds it open by, and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedHandle {
    pub pid: u32,
    pub fd: i32,
    pub bytes: u64,
}

/// Memory that the processes of one machine map together.
#[cfg(target_os = "linux")]
pub struct SharedMemory {
    map: memmap2::MmapRaw,
    file: std::fs::File,
}

#[cfg(target_os = "linux")]
impl SharedMemory {
    /// `bytes` of fresh (zero) memory that other processes of this machine
    /// can map by its [`SharedMemory::handle`] while this one lives.
    pub fn create(bytes: usize) -> Result<SharedMemory> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static MADE: AtomicU64 = AtomicU64::new(0);
        let dir = std::path::Path::new("/dev/shm");
        let dir = if dir.is_dir() { dir.to_path_buf() } else { std::env::temp_dir() };
        let name = format!("grundy-table-{}-{}", std::process::id(), MADE.fetch_add(1, Ordering::Relaxed));
        let path = dir.join(name);
        let fail = |e: std::io::Error| Error::Cluster(format!("shared memory in {}: {e}", dir.display()));
        let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).map_err(fail)?;
        // Deleted at once: the memory goes when the last process lets go.
        std::fs::remove_file(&path).map_err(fail)?;
        file.set_len(bytes as u64).map_err(fail)?;
        Self::map(file, bytes)
    }

    /// Maps the memory another process of this machine created.
    pub fn open(handle: SharedHandle) -> Result<SharedMemory> {
        let path = format!("/proc/{}/fd/{}", handle.pid, handle.fd);
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| Error::Cluster(format!("the table shared by process {} ({path}): {e}", handle.pid)))?;
        let len = file.metadata().map_err(|e| Error::Cluster(format!("{path}: {e}")))?.len();
        if len != handle.bytes {
            return Err(Error::Cluster(format!("{path} holds {len} bytes, not the {} expected", handle.bytes)));
        }
        Self::map(file, handle.bytes as usize)
    }

    fn map(file: std::fs::File, bytes: usize) -> Result<SharedMemory> {
        let map = memmap2::MmapOptions::new()
            .len(bytes)
            .map_raw(&file)
            .map_err(|e| Error::Cluster(format!("mapping {bytes} bytes of shared memory: {e}")))?;
        // Huge pages where the system gives them to shared memory (Linux's
        // `transparent_hugepage/shmem_enabled` set to `advise`; often it is
        // `never`, and then this does nothing): a probe of a big table
        // misses the TLB on small pages, which costs a table of a process's
        // own (huge pages, from its heap) nothing on Cram 4 × 11 and about a
        // fifth more time a position on 5 × 9 (docs/distributed.md).
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(SharedMemory { map, file })
    }

    /// How another process of this machine opens it.
    pub fn handle(&self) -> SharedHandle {
        use std::os::fd::AsRawFd;
        SharedHandle { pid: std::process::id(), fd: self.file.as_raw_fd(), bytes: self.map.len() as u64 }
    }

    pub fn as_ptr(&self) -> *mut u8 {
        self.map.as_mut_ptr()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.len() == 0
    }
}

/// Memory shared between processes needs Linux's `/proc` here: elsewhere
/// every process keeps a table of its own.
#[cfg(not(target_os = "linux"))]
pub struct SharedMemory(std::convert::Infallible);

#[cfg(not(target_os = "linux"))]
impl SharedMemory {
    pub fn create(_bytes: usize) -> Result<SharedMemory> {
        Err(Error::Cluster("a table shared by the processes of a machine needs Linux".into()))
    }

    pub fn open(_handle: SharedHandle) -> Result<SharedMemory> {
        Self::create(0)
    }

    pub fn handle(&self) -> SharedHandle {
        match self.0 {}
    }

    pub fn as_ptr(&self) -> *mut u8 {
        match self.0 {}
    }

    pub fn len(&self) -> usize {
        match self.0 {}
    }

    pub fn is_empty(&self) -> bool {
        match self.0 {}
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    /// What one mapping writes, another mapping of the same memory reads,
    /// and fresh memory is zeros.
    #[test]
    fn two_mappings_see_one_memory() {
        let made = SharedMemory::create(1 << 16).unwrap();
        let handle = made.handle();
        // SAFETY: any bits are a valid AtomicU64, changed only atomically.
        let (a, b) = unsafe {
            (
                Buckets::<AtomicU64>::in_shared(made),
                Buckets::<AtomicU64>::in_shared(SharedMemory::open(handle).unwrap()),
            )
        };
        assert_eq!(a.len(), 1 << 13);
        assert!(a.iter().all(|w| w.load(Relaxed) == 0));
        a[77].store(0xdead_beef, Relaxed);
        assert_eq!(b[77].load(Relaxed), 0xdead_beef);
    }

    #[test]
    fn a_wrong_handle_is_an_error() {
        let made = SharedMemory::create(1 << 12).unwrap();
        let wrong = SharedHandle { bytes: 1 << 13, ..made.handle() };
        assert!(SharedMemory::open(wrong).err().unwrap().to_string().contains("not the 8192 expected"));
        let gone = SharedHandle { fd: 1_000_000, ..made.handle() };
        assert!(SharedMemory::open(gone).is_err());
    }
}
