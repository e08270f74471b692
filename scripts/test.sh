#!/usr/bin/env bash
# Every test of the project: the Rust workspace (library, CLI, contest front
# ends, doctests), then the Python package, built with maturin into a virtual
# environment and tested with pytest; then the page of `grundy serve` in headless Chromium;
# then the distributed search under mpirun (Debian's OpenMPI, installed where missing).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --release
bash crates/grundy-py/ci-setup.sh
# The page of `grundy serve` in headless Chromium (release build: the one built above).
GRUNDY_PROFILE=release bash scripts/browser-test.sh
# The pruned search on 2 and 3 processes under mpirun (feature `mpi`).
bash scripts/mpi-test.sh
