#!/usr/bin/env bash
# Every test of the project: the Rust workspace (library, CLI, contest front
# ends, doctests), then the Python package, built with maturin into a virtual
# environment and tested with pytest; then the page of `grundy serve` in headless Chromium;
# then the distributed search under mpirun (Debian's OpenMPI, installed where missing).
#
# Every step builds with the `ci` profile (Cargo.toml: optimized, without
# release's whole-program link, which a cold run would pay once per test
# binary and once per build of the library with other features).
set -euo pipefail
cd "$(dirname "$0")/.."

export GRUNDY_PROFILE="${GRUNDY_PROFILE:-ci}"
cargo test --workspace --profile "$GRUNDY_PROFILE"
bash crates/grundy-py/ci-setup.sh
# The page of `grundy serve` in headless Chromium (the binary built above).
GRUNDY_BINARY="${CARGO_TARGET_DIR:-target}/$GRUNDY_PROFILE/grundy" bash scripts/browser-test.sh
# The pruned search on 2 and 3 processes under mpirun (feature `mpi`).
bash scripts/mpi-test.sh
