#!/usr/bin/env bash
# Every test of the project: the Rust workspace (library, CLI, contest front
# ends, doctests), then the Python package, built with maturin into a virtual
# environment and tested with pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --release
bash crates/grundy-py/ci-setup.sh
