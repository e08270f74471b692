#!/usr/bin/env bash
# The distributed search's tests: `grundy solve … --distributed` under mpirun
# with 2 and 3 processes (crates/grundy-cli/tests/mpi.rs), against the search on
# one process. Installs Debian's OpenMPI (and libclang, for the mpi crate's
# bindgen) only where they are missing; as root, mpirun needs
# --allow-run-as-root, which the tests pass.
#
#   bash scripts/mpi-test.sh            # release build
#   GRUNDY_PROFILE=ci bash scripts/mpi-test.sh   # as scripts/test.sh
#   GRUNDY_PROFILE=fast bash scripts/mpi-test.sh
#   GRUNDY_MPI_PROCESSES="2 3 4" bash scripts/mpi-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v mpirun >/dev/null || missing+=(openmpi-bin)
command -v mpicc >/dev/null || [ -e /usr/include/x86_64-linux-gnu/mpi/mpi.h ] || missing+=(libopenmpi-dev)
ls /usr/lib/llvm-*/lib/libclang*.so* >/dev/null 2>&1 || ls /usr/lib/x86_64-linux-gnu/libclang*.so* >/dev/null 2>&1 \
    || missing+=(libclang-dev)
if [ ${#missing[@]} -gt 0 ]; then
    echo "mpi-test: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

export GRUNDY_MPI_PROCESSES="${GRUNDY_MPI_PROCESSES:-2 3}"
profile="${GRUNDY_PROFILE:-release}"
# The protocol's own tests (threads as processes) need no MPI and run with the
# workspace's (`cargo test --workspace`); here the binary built with the MPI
# transport runs under mpirun.
cargo test --profile "$profile" -p grundy-cli --features mpi --test mpi --test mpirun_refused
