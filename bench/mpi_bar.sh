#!/usr/bin/env bash
# Issue 27's bar: `mpirun -np 2 … --distributed` (the default plan) against
# `--threads 2` of the same binary, alternated pair by pair, wall seconds and
# their ratio (the bar: at most 1.25). Both must print the same nim-value.
#
#   bash bench/mpi_bar.sh target/fast/grundy                  # Cram 5x8 4x11 5x9
#   RUNS=5 bash bench/mpi_bar.sh target/release/grundy 5x8    # a build with --features mpi
#   SHARING=1 bash bench/mpi_bar.sh target/fast/grundy 5x8    # also both table settings
#
# SHARING=1 adds, in each round, the two processes sharing one table
# (GRUNDY_SHARE_TABLE=1) and keeping one each (=0), whatever the default.
set -euo pipefail
grundy=${1:?usage: bash bench/mpi_bar.sh GRUNDY_BINARY_BUILT_WITH_MPI [BOARDS...]}
shift
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(5x8 4x11 5x9)
runs=${RUNS:-3}
sharing=${SHARING:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
value() { grep -o 'nim-value: [0-9]*' "$1" | head -1; }
# Runs `mpirun -np 2 grundy … --distributed` with extra mpirun arguments;
# its wall seconds to $work/$1.time, its output to $work/$1.
on_processes() {
    local name=$1 board=$2
    shift 2
    /usr/bin/time -o "$work/$name.time" -f %e mpirun --allow-run-as-root --oversubscribe -np 2 "$@" \
        "$grundy" solve cram "$board" --value-only --distributed > "$work/$name" 2> /dev/null
    if [ "$(value "$work/threads")" != "$(value "$work/$name")" ]; then
        echo "cram $board: $(value "$work/threads") on threads, $(value "$work/$name") on processes ($name)" >&2
        exit 1
    fi
}
ratio() { echo "scale=2; $(cat "$work/$1.time") / $(cat "$work/threads.time")" | bc; }
if [ "$sharing" = 1 ]; then
    printf "%-6s %10s %10s %7s %10s %7s %10s %7s\n" board threads_2 np_2 ratio shared ratio each ratio
else
    printf "%-6s %10s %10s %7s\n" board threads_2 np_2 ratio
fi
for board in "${boards[@]}"; do
    for _ in $(seq "$runs"); do
        /usr/bin/time -o "$work/threads.time" -f %e "$grundy" solve cram "$board" --value-only --threads 2 \
            > "$work/threads" 2> /dev/null
        on_processes default "$board"
        if [ "$sharing" = 1 ]; then
            on_processes shared "$board" -x GRUNDY_SHARE_TABLE=1
            on_processes each "$board" -x GRUNDY_SHARE_TABLE=0
            printf "%-6s %10s %10s %7s %10s %7s %10s %7s\n" "$board" "$(cat "$work/threads.time")" \
                "$(cat "$work/default.time")" "$(ratio default)" "$(cat "$work/shared.time")" "$(ratio shared)" \
                "$(cat "$work/each.time")" "$(ratio each)"
        else
            printf "%-6s %10s %10s %7s\n" "$board" "$(cat "$work/threads.time")" "$(cat "$work/default.time")" \
                "$(ratio default)"
        fi
    done
done
