//! How much memory this process may use: the machine's, narrowed by the
//! limits a container or a shell puts on the process.
//!
//! Why not `/proc/meminfo` alone: inside a container capped at a few
//! gigabytes (`docker --memory`, a CI runner, a batch system's job) the
//! machine still reports all its memory free. A run that sized its guard by
//! that figure grew past the cap and was killed by the kernel, or aborted on
//! a failed allocation, where it should have stopped with the one-line "too
//! large" and kept its work. So the figures here are the least of:
//! - the machine's (`MemTotal`, `MemAvailable`);
//! - the memory control group's limit, on every level from the process's
//!   own group up to the root (cgroup v2 `memory.max`, v1
//!   `memory.limit_in_bytes`), less what the group uses but cannot give
//!   back (its usage less its inactive page cache);
//! - the address-space limit (`ulimit -v`, `prlimit --as`), less the
//!   address space already mapped: every byte resident is mapped too.

/// The memory free for new work, in bytes, where the system says: the least
/// of the machine's available memory and the room left under the process's
/// limits.
///
/// ```
/// if let (Some(free), Some(total)) = (grundy::available_memory(), grundy::total_memory()) {
///     assert!(free <= total);
/// }
/// ```
pub fn available_memory() -> Option<u64> {
    let machine = kilobytes_in("/proc/meminfo", "MemAvailable:")?;
    let groups = cgroup_limits().into_iter().map(|group| group.limit.saturating_sub(group.held));
    let address_space = address_space_limit().map(|limit| limit.saturating_sub(mapped_bytes().unwrap_or(0)));
    Some(groups.chain(address_space).fold(machine, u64::min))
}

/// The memory this process could ever hold, in bytes, where the system
/// says: the machine's, or less under a control group or address-space
/// limit.
pub fn total_memory() -> Option<u64> {
    let machine = kilobytes_in("/proc/meminfo", "MemTotal:")?;
    let groups = cgroup_limits().into_iter().map(|group| group.limit);
    Some(groups.chain(address_space_limit()).fold(machine, u64::min))
}

/// The memory this process holds, as the limit that binds it counts:
/// its resident set, or under an address-space limit the address space it
/// has mapped (which the kernel refuses to grow past the limit however
/// little of it is resident: an allocator reserves more than it touches).
pub(crate) fn held_bytes() -> Option<u64> {
    match address_space_limit() {
        Some(_) => mapped_bytes(),
        None => kilobytes_in("/proc/self/status", "VmRSS:"),
    }
}

/// The address space this process has mapped.
fn mapped_bytes() -> Option<u64> {
    kilobytes_in("/proc/self/status", "VmSize:")
}

/// The `kB` figure of the line of `file` that starts with `key`, in bytes.
fn kilobytes_in(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    number_after(&text, key).map(|kb| kb.saturating_mul(1024))
}

/// The number after `key` at the start of a line of `text`.
fn number_after(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}

/// One memory control group that limits this process: its limit, and what
/// its members hold that the kernel could not reclaim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GroupLimit {
    limit: u64,
    held: u64,
}

/// The limited memory groups this process is in, from its own up to the
/// root, as the kernel's files say; none outside Linux or without limits.
fn cgroup_limits() -> Vec<GroupLimit> {
    let Ok(membership) = std::fs::read_to_string("/proc/self/cgroup") else { return Vec::new() };
    let mut limits = Vec::new();
    for (version, path) in memory_groups(&membership) {
        // The group's path is the host's; in a container without a cgroup
        // namespace the mount shows only the container's own group, at its
        // root: so each ancestor is tried, and the root last.
        let mount = match version {
            CgroupVersion::V2 => "/sys/fs/cgroup",
            CgroupVersion::V1 => "/sys/fs/cgroup/memory",
        };
        for dir in ancestors(path) {
            if let Some(group) = read_group(version, &format!("{mount}{dir}")) {
                limits.push(group);
            }
        }
    }
    limits
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CgroupVersion {
    V1,
    V2,
}

/// The memory groups named in `/proc/self/cgroup`: the v2 line `0::PATH`
/// and the v1 line whose controllers include `memory`.
fn memory_groups(membership: &str) -> Vec<(CgroupVersion, &str)> {
    membership
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (id, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            if id == "0" && controllers.is_empty() {
                Some((CgroupVersion::V2, path))
            } else if controllers.split(',').any(|c| c == "memory") {
                Some((CgroupVersion::V1, path))
            } else {
                None
            }
        })
        .collect()
}

/// `/a/b`, then `/a`, then `` (the mount's root).
fn ancestors(path: &str) -> Vec<&str> {
    let mut path = path.trim_end_matches('/');
    let mut dirs = Vec::new();
    while !path.is_empty() {
        dirs.push(path);
        path = &path[..path.rfind('/').unwrap_or(0)];
    }
    dirs.push("");
    dirs
}

/// The limit of the group at `dir` and what it holds, if it has a limit.
fn read_group(version: CgroupVersion, dir: &str) -> Option<GroupLimit> {
    let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).ok();
    let (limit, usage, reclaimable) = match version {
        CgroupVersion::V2 => (read("memory.max")?, read("memory.current")?, "inactive_file "),
        CgroupVersion::V1 => (read("memory.limit_in_bytes")?, read("memory.usage_in_bytes")?, "total_inactive_file "),
    };
    // "max" (v2), or a page-rounded 2^63 (v1), when there is no limit.
    let limit: u64 = limit.trim().parse().ok().filter(|&limit| limit < 1 << 62)?;
    let usage: u64 = usage.trim().parse().unwrap_or(0);
    let cache = read("memory.stat").and_then(|stat| number_after(&stat, reclaimable)).unwrap_or(0);
    Some(GroupLimit { limit, held: usage.saturating_sub(cache) })
}

/// The address-space limit (`RLIMIT_AS`), if one is set.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    // (`rlim_t` is `u64` on Linux, not on every Unix.)
    #[allow(clippy::unnecessary_cast)]
    let current = limit.rlim_cur as u64;
    (ok && limit.rlim_cur != libc::RLIM_INFINITY).then_some(current)
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_groups_of_both_versions_are_found() {
        let hybrid = "9:name=systemd:/\n4:memory:/process_api/fd48\n3:cpuset:/\n0::/user.slice\n";
        assert_eq!(
            memory_groups(hybrid),
            vec![(CgroupVersion::V1, "/process_api/fd48"), (CgroupVersion::V2, "/user.slice")]
        );
        assert_eq!(memory_groups("5:cpu,memory:/a\n"), vec![(CgroupVersion::V1, "/a")]);
        assert!(memory_groups("1:cpu:/\n2:name=memory:/x\n").is_empty());
    }

    #[test]
    fn a_group_is_read_with_its_ancestors_up_to_the_root() {
        assert_eq!(ancestors("/a/b"), ["/a/b", "/a", ""]);
        assert_eq!(ancestors("/"), [""]);
        assert_eq!(ancestors("/a/"), ["/a", ""]);
    }

    #[test]
    fn a_limited_group_counts_what_it_cannot_reclaim() {
        let dir = std::env::temp_dir().join(format!("grundy-cgroup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("memory.max", "4294967296\n");
        write("memory.current", "1073741824\n");
        write("memory.stat", "anon 700000000\nfile 373741824\ninactive_file 73741824\n");
        let path = dir.to_str().unwrap();
        assert_eq!(
            read_group(CgroupVersion::V2, path),
            Some(GroupLimit { limit: 4 << 30, held: (1 << 30) - 73_741_824 })
        );
        write("memory.max", "max\n");
        assert_eq!(read_group(CgroupVersion::V2, path), None);
        write("memory.limit_in_bytes", "9223372036854771712\n");
        write("memory.usage_in_bytes", "12152832\n");
        assert_eq!(read_group(CgroupVersion::V1, path), None);
        write("memory.limit_in_bytes", "2147483648\n");
        write("memory.stat", "cache 9175040\ntotal_inactive_file 3293184\n");
        assert_eq!(
            read_group(CgroupVersion::V1, path),
            Some(GroupLimit { limit: 2 << 30, held: 12_152_832 - 3_293_184 })
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_figures_never_pass_the_machine() {
        if let (Some(free), Some(total), Some(machine)) =
            (available_memory(), total_memory(), kilobytes_in("/proc/meminfo", "MemTotal:"))
        {
            assert!(free <= total && total <= machine);
        }
    }
}
