#!/usr/bin/env bash
# Issue 27's bar: `mpirun -np 2 … --distributed` (the default plan) against
# `--threads 2` of the same binary, alternated pair by pair, wall seconds and
# their ratio (the bar: at most 1.25). Both must print the same nim-value.
#
#   bash bench/mpi_bar.sh target/fast/grundy                  # Cram 5x8 4x11 5x9
#   RUNS=5 bash bench/mpi_bar.sh target/release/grundy 5x8    # a build with --features mpi
set -euo pipefail
grundy=${1:?usage: bash bench/mpi_bar.sh GRUNDY_BINARY_BUILT_WITH_MPI [BOARDS...]}
shift
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(5x8 4x11 5x9)
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
value() { grep -o 'nim-value: [0-9]*' "$1" | head -1; }
printf "%-6s %10s %10s %7s\n" board threads_2 np_2 ratio
for board in "${boards[@]}"; do
    for _ in $(seq "$runs"); do
        /usr/bin/time -o "$work/t" -f %e "$grundy" solve cram "$board" --value-only --threads 2 > "$work/a" 2> /dev/null
        /usr/bin/time -o "$work/d" -f %e mpirun --allow-run-as-root --oversubscribe -np 2 \
            "$grundy" solve cram "$board" --value-only --distributed > "$work/b" 2> /dev/null
        if [ "$(value "$work/a")" != "$(value "$work/b")" ]; then
            echo "cram $board: $(value "$work/a") on threads, $(value "$work/b") on processes" >&2
            exit 1
        fi
        t=$(cat "$work/t"); d=$(cat "$work/d")
        printf "%-6s %10s %10s %7s\n" "$board" "$t" "$d" "$(echo "scale=2; $d / $t" | bc)"
    done
done
