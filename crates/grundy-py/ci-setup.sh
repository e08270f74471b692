#!/usr/bin/env bash
# Builds the Python package and runs its tests (pytest) in a virtual
# environment, on a fresh machine: needs python3 (3.9 or newer, with venv
# and pip) and the Rust toolchain; maturin, NumPy and pytest come from PyPI.
#
#   crates/grundy-py/ci-setup.sh            # build (release), install, test
#   GRUNDY_PY_VENV=/tmp/venv crates/grundy-py/ci-setup.sh
#   GRUNDY_PROFILE=ci crates/grundy-py/ci-setup.sh    # as scripts/test.sh
#
# The extension is built in the workspace's target directory, so a
# `cargo test --workspace` run of the same profile before it leaves little
# to compile.
set -euo pipefail
crate="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$crate/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${GRUNDY_PY_VENV:-$target/py-venv}"

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
    echo "ci-setup.sh: $python is not installed; the Python package needs Python 3.9 or newer" >&2
    exit 1
fi
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || {
    echo "ci-setup.sh: $("$python" --version) is too old; the Python package needs Python 3.9 or newer" >&2
    exit 1
}

started=$SECONDS
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
venv="$(cd "$venv" && pwd)"   # absolute: the tests run from the crate's folder
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.5,<2" "numpy>=1.21" "pytest>=7"

# Build the wheel exactly as `pip install ./crates/grundy-py` would (release,
# through maturin), then install it: the tests run against the installed
# package, not the source tree.
rm -rf "$target/wheels-ci"
"$venv/bin/maturin" build --profile "${GRUNDY_PROFILE:-release}" --quiet --manifest-path "$crate/Cargo.toml" \
    --interpreter "$venv/bin/python" --out "$target/wheels-ci"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
    "$target"/wheels-ci/grundy-*.whl
echo "ci-setup.sh: built and installed the Python package in $((SECONDS - started)) s"

cd "$crate"
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests
