//! A grundy started by `mpirun` on several processes (seen here through
//! the variables mpirun sets: OpenMPI's, and PMI's of MPICH and Slurm)
//! refuses to run N copies of one command, with one line and a non-zero
//! exit; without the `mpi` feature, `--distributed` says how to get it.

use std::process::Command;

fn grundy_as_one_of_three(variable: &str, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env(variable, "3")
        .output()
        .expect("the grundy binary runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap_or(-1), text(output.stdout), text(output.stderr))
}

#[test]
fn copies_under_mpirun_are_refused() {
    for variable in ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"] {
        let (status, stdout, stderr) = grundy_as_one_of_three(variable, &["solve", "cram", "3x5", "--value-only"]);
        assert_eq!(status, 1, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("grundy: started by mpirun as one of 3 processes"), "{stderr}");
        let why = if cfg!(feature = "mpi") { "only `grundy solve … --distributed`" } else { "built without MPI" };
        assert!(stderr.contains(why), "{stderr}");
    }
}

#[test]
#[cfg(not(feature = "mpi"))]
fn distributed_without_the_feature_says_how_to_build_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", "cram", "3x5", "--value-only", "--distributed"])
        .output()
        .expect("the grundy binary runs");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("built without MPI: build it with `cargo build --release --features mpi`"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
