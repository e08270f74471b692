//! `grundy solve … --distributed` under `mpirun` (build with `--features
//! mpi`; `scripts/mpi-test.sh` installs OpenMPI where it is missing and
//! runs these): the same nim-values as the search on one process, with 2
//! and 3 processes (`GRUNDY_MPI_PROCESSES="2 3"`, the default), the work
//! of every process reported, and checkpoints of one share per process.

#![cfg(feature = "mpi")]

use std::process::Command;

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn run(command: &mut Command) -> Run {
    let output = command.output().expect("the command runs");
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `grundy ARGS` on `processes` processes started by `mpirun` (as root
/// too, as CI runs; more processes than cores).
fn mpirun(processes: usize, args: &[&str]) -> Run {
    mpirun_with(processes, &[], args)
}

/// [`mpirun`] with environment variables set in every process.
fn mpirun_with(processes: usize, env: &[(&str, &str)], args: &[&str]) -> Run {
    let mut command = Command::new("mpirun");
    command.args(["--allow-run-as-root", "--oversubscribe", "-np", &processes.to_string()]);
    for (name, value) in env {
        command.args(["-x", &format!("{name}={value}")]);
    }
    command.arg(env!("CARGO_BIN_EXE_grundy")).args(args);
    run(&mut command)
}

/// `grundy ARGS` on one process, without mpirun.
fn grundy(args: &[&str]) -> Run {
    run(Command::new(env!("CARGO_BIN_EXE_grundy")).args(args))
}

fn process_counts() -> Vec<usize> {
    let counts = std::env::var("GRUNDY_MPI_PROCESSES").unwrap_or_else(|_| "2 3".into());
    counts.split_whitespace().map(|n| n.parse().expect("GRUNDY_MPI_PROCESSES: numbers")).collect()
}

/// The nim-value of each summand, from the report's component lines.
fn component_values(stdout: &str) -> Vec<u8> {
    stdout
        .lines()
        .filter(|l| l.starts_with("  [") && l.contains("nim-value "))
        .map(|l| l.rsplit("nim-value ").next().unwrap().trim().parse().unwrap())
        .collect()
}

/// Solves the positions on one process and on each number of processes:
/// the same values, summand by summand. (The processes all run on this
/// machine: from three they share one table and send each other no
/// entries.)
fn same_values(positions: &[&str]) -> Vec<u8> {
    same_values_with(&[], positions)
}

/// [`same_values`] with environment variables set in every process.
fn same_values_with(env: &[(&str, &str)], positions: &[&str]) -> Vec<u8> {
    let mut args = vec!["solve", "cram"];
    args.extend_from_slice(positions);
    args.extend_from_slice(&["--value-only", "--memory", "64M"]);
    let one = grundy(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(one.status, 0, "{}", one.stderr);
    let expected = component_values(&one.stdout);
    assert_eq!(expected.len(), positions.len(), "{}", one.stdout);
    for processes in process_counts() {
        let many = mpirun_with(processes, env, &[&args[..], &["--distributed"]].concat());
        assert_eq!(many.status, 0, "{processes} processes: {}{}", many.stdout, many.stderr);
        assert_eq!(component_values(&many.stdout), expected, "{positions:?} on {processes} processes");
        // Process 0 alone prints, and reports every process's work.
        assert_eq!(many.stdout.matches("game:").count(), 1, "{}", many.stdout);
        assert!(many.stdout.contains(&format!("expanded by {processes} processes")), "{}", many.stdout);
        assert!(many.stdout.contains("per position"), "{}", many.stdout);
        // On this machine, 3 processes share a table by default, 2 do not.
        let shared = match env.iter().find(|(name, _)| *name == "GRUNDY_SHARE_TABLE") {
            Some((_, value)) => *value == "1",
            None => processes >= 3,
        };
        if shared {
            assert!(many.stdout.contains(" 0 table entries shared"), "{}", many.stdout);
        }
    }
    expected
}

#[test]
fn tables_kept_apart_or_shared_give_the_same_values() {
    // Each process with a table of its own, hearing of big components by
    // message (what processes on several machines do), or one table for
    // all, however many.
    for share in ["0", "1"] {
        same_values_with(&[("GRUNDY_SHARE_TABLE", share)], &["3x7", "4x7", "5x5", "4x9"]);
    }
}

#[test]
fn rectangles_have_the_values_of_one_process() {
    same_values(&["3x5", "3x7", "3x9", "4x5", "4x7", "5x5", "4x9"]);
}

#[test]
fn strips_are_dawsons_kayles() {
    // Cram on 1 × n is Dawson's Kayles 0.07 (OEIS A002187): decided by
    // theory at process 0, told to the others.
    let strips: Vec<String> = (1..=20).map(|n| format!("1x{n}")).collect();
    let strips: Vec<&str> = strips.iter().map(String::as_str).collect();
    let values = same_values(&strips);
    assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]);
}

#[test]
fn random_boards_have_the_values_of_one_process() {
    // Rectangles of 12 to 30 cells with a few cells taken: many shapes
    // the search splits into regions of their own.
    let mut state = 0x2757_u64;
    let mut below = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let boards: Vec<String> = (0..12)
        .map(|_| {
            let (rows, cols) = (3 + below(3) as usize, 4 + below(3) as usize);
            let mut cells = vec![vec!['.'; cols]; rows];
            for _ in 0..below(5) {
                cells[below(rows as u64) as usize][below(cols as u64) as usize] = '#';
            }
            cells.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join("/")
        })
        .collect();
    same_values(&boards.iter().map(String::as_str).collect::<Vec<_>>());
}

#[test]
fn without_the_flag_processes_refuse_to_run_copies() {
    let run = mpirun(2, &["solve", "cram", "3x5"]);
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("only `grundy solve … --distributed` searches on several processes"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn winning_moves_are_refused_on_several_processes() {
    let run = mpirun(2, &["solve", "cram", "3x5", "--distributed"]);
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("add --value-only"), "{}", run.stderr);
}

#[test]
fn checkpoints_are_shares_resumed_by_as_many_processes() {
    let directory = std::env::temp_dir().join(format!("grundy-mpi-test-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("cram49.ckpt");
    let file = path.to_str().unwrap();
    let args = ["solve", "cram", "4x9", "--value-only", "--distributed", "--memory", "64M", "--checkpoint", file];
    let first = mpirun(2, &args);
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert!(first.stdout.contains("nim-value: 1"), "{}", first.stdout);
    for rank in 0..2 {
        assert!(directory.join(format!("cram49.ckpt.{rank}-of-2")).exists(), "share {rank} saved");
    }
    // Resumed: the value, from the shares, with less work.
    let again = mpirun(2, &args);
    assert_eq!(again.status, 0, "{}", again.stderr);
    assert!(again.stdout.contains("nim-value: 1"), "{}", again.stdout);
    assert!(again.stdout.contains("resumed from the shares"), "{}", again.stdout);
    let expanded = |stdout: &str| -> u64 {
        let before = stdout.split(" positions expanded by").next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert!(expanded(&again.stdout) < expanded(&first.stdout) / 2, "{}\n{}", first.stdout, again.stdout);
    // Another number of processes, another board, one process: refused.
    let three = mpirun(3, &args);
    assert_ne!(three.status, 0);
    assert!(three.stderr.contains("is a share of a search on 2 processes, and this one runs on 3"), "{}", three.stderr);
    let mut other = args.to_vec();
    other[2] = "5x7";
    let board = mpirun(2, &other);
    assert_ne!(board.status, 0);
    assert!(board.stderr.contains("not a checkpoint of this game"), "{}", board.stderr);
    let one = grundy(&["solve", "cram", "4x9", "--value-only", "--checkpoint", file]);
    assert_ne!(one.status, 0);
    assert!(one.stderr.contains("run it on 2 processes (mpirun -np 2"), "{}", one.stderr);
    for run in [&three, &board, &one] {
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    // The refused runs left the shares as they were.
    assert!(!directory.join("cram49.ckpt.0-of-3").exists());
    std::fs::remove_dir_all(&directory).unwrap();
}

/// Starts Cram 5 × 9 on `processes` processes under mpirun, saving its
/// checkpoint to `path`: tens of seconds of search, to be stopped.
fn long_search_with_checkpoint(processes: usize, path: &std::path::Path) -> std::process::Child {
    long_search_with_checkpoint_sharing(processes, path, true)
}

/// [`long_search_with_checkpoint`], the processes sharing one table or
/// keeping one each (`GRUNDY_SHARE_TABLE`).
fn long_search_with_checkpoint_sharing(processes: usize, path: &std::path::Path, share: bool) -> std::process::Child {
    Command::new("mpirun")
        .args(["--allow-run-as-root", "--oversubscribe", "-np", &processes.to_string()])
        .args(["-x", if share { "GRUNDY_SHARE_TABLE=1" } else { "GRUNDY_SHARE_TABLE=0" }])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", "cram", "5x9", "--value-only", "--distributed", "--memory", "64M", "--checkpoint"])
        .arg(path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("mpirun starts")
}

#[test]
fn ctrl_c_at_mpirun_says_what_each_process_saved() {
    // A Ctrl-C in a terminal reaches mpirun (the processes are in a group
    // of their own), which sends them SIGCONT, a second later SIGTERM and a
    // second after that SIGKILL: the processes stop at the SIGCONT, save
    // their shares, and end together without MPI's end, which would wait
    // for mpirun until the SIGKILL; process 0 says what was saved first.
    use std::io::Read;
    let directory = std::env::temp_dir().join(format!("grundy-mpi-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("cram59.ckpt");
    let mut child = long_search_with_checkpoint(2, &path);
    std::thread::sleep(std::time::Duration::from_secs(3));
    // SAFETY: a signal to the child this test started and has not waited for.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let signalled = std::time::Instant::now();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    // Not a benchmark: before the SIGKILL, which came 2 s after the Ctrl-C
    // when the processes waited for MPI's end (they now end in about 0.1 s).
    let took = signalled.elapsed();
    assert!(took < std::time::Duration::from_millis(1900), "ended {took:?} after the Ctrl-C: {stderr}");
    assert!(!status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("interrupted; process 0's share of the search table is saved to"), "{stderr}");
    for rank in 0..2 {
        assert!(directory.join(format!("cram59.ckpt.{rank}-of-2")).exists(), "share {rank} saved: {stderr}");
    }
    std::fs::remove_dir_all(&directory).unwrap();
}

/// The process of `rank` that `mpirun` (process `launcher`) started.
fn process_of_rank(launcher: u32, rank: usize) -> Option<i32> {
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|entry| {
        let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The parent is the fourth field, after the name in parentheses.
        let parent: u32 = stat.rsplit(')').next()?.split_whitespace().nth(1)?.parse().ok()?;
        let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        (parent == launcher && environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes())).then_some(pid)
    })
}

#[test]
fn a_process_killed_leaves_the_others_shares_saved() {
    // Process 0 killed in the middle of the search: mpirun then ends the
    // job, and the others must still save their shares. With a table each
    // process 0 sends the others batches of table entries all the time and
    // may die in the middle of one: the others must not wait for the rest
    // of it, or for process 0's word to stop, until mpirun kills them.
    // Sharing one table (made and saved by process 0), one of the others
    // saves the table instead.
    for (processes, share) in [(2, false), (2, true), (3, true)] {
        let directory =
            std::env::temp_dir().join(format!("grundy-mpi-kill-{}-{processes}-{share}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("cram59.ckpt");
        let child = long_search_with_checkpoint_sharing(processes, &path, share);
        std::thread::sleep(std::time::Duration::from_secs(3));
        let first = process_of_rank(child.id(), 0).expect("process 0 runs 3 s in");
        // SAFETY: a signal to a process of the job this test started.
        unsafe { libc::kill(first, libc::SIGKILL) };
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        let share = |rank: usize| directory.join(format!("cram59.ckpt.{rank}-of-{processes}"));
        assert!(!share(0).exists(), "process 0 had nothing to save yet");
        // What 3 s of search found: hundreds of thousands of entries, where
        // an empty share is a few kilobytes.
        let bytes = |rank: usize| std::fs::metadata(share(rank)).map_or(0, |m| m.len());
        for rank in 1..processes {
            assert!(share(rank).exists(), "share {rank} of {processes} saved: {stderr}");
        }
        let largest = (1..processes).map(bytes).max().unwrap();
        assert!(largest > 1 << 20, "{processes} processes: the shares hold {largest} bytes at most");
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
