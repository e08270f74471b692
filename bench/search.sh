#!/usr/bin/env bash
# Cram and Chomp, value only, side by side with igsolve (Beling's solver,
# `cargo install igsolve`) in one run: CPU time (user + system: the box is
# shared, so wall time says more about the neighbours than about us), wall
# time (what a second thread buys: igsolve has one), peak RSS of each, and
# a check that both print the same nim-value. A run longer than LIMIT
# seconds (default 900) is stopped and shown as "-". Ratios are igsolve's
# time over grundy's: above 1, grundy is faster. Times are to the
# microsecond (`bench/measure.py`: /usr/bin/time rounds to 10 ms).
#
#   bash bench/search.sh [THREADS] [BOARDS...]      e.g. bash bench/search.sh 1 cram:4x9 chomp:11x11
#
# REPEAT=n runs each program n times, taking turns, and keeps the least
# CPU and wall time of each (default 1).
# GRUNDY=path/to/grundy skips the release build and times that binary.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-1}
shift || true
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
    boards=(cram:4x9 cram:3x13 cram:5x7 cram:5x8 cram:4x11 chomp:11x11 chomp:12x12)
fi
command -v igsolve > /dev/null || { echo "igsolve is not installed: cargo install igsolve" >&2; exit 1; }
grundy=${GRUNDY:-}
if [ -z "$grundy" ]; then
    cargo build --release -q -p grundy-cli  # (already built: a no-op)
    grundy=target/release/grundy
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
limit=${LIMIT:-900}
measure() { # command... -> sets $seconds (CPU), $wall, $peak_kb and $out (its output)
    read -r seconds wall peak_kb < <(python3 bench/measure.py "$limit" "$work/out" "$@")
    out=$(cat "$work/out")
}
printf "%-12s %10s %10s %8s %10s %10s %8s %10s %10s\n" board grundy_cpu igsolve_cpu ratio grundy_wall igsolve_wall ratio grundy_MB igsolve_MB
repeat=${REPEAT:-1}
min() { # a b -> the smaller ("-" when either run was stopped)
    if [ "$1" = - ] || [ "$2" = - ]; then echo -; else echo "if ($1 < $2) $1 else $2" | bc -l; fi
}
for spec in "${boards[@]}"; do
    game=${spec%%:*}; size=${spec#*:}
    rows=${size%x*}; cols=${size#*x}
    method=()
    [ "$game" = chomp ] && method=(-m def) # igsolve's fastest method for Chomp
    # REPEAT runs of each, taking turns, and the least time of each: on a
    # noisy box the least is the truest.
    g_time=9999; g_wall=9999; i_time=9999; i_wall=9999
    for _ in $(seq "$repeat"); do
        measure "$grundy" solve "$game" "$size" --value-only --threads "$threads" --json
        g_time=$(min "$g_time" "$seconds"); g_wall=$(min "$g_wall" "$wall"); g_kb=$peak_kb
        g_value=$(echo "$out" | grep -o '"nim_value": [0-9]*' | head -1 | grep -o '[0-9]*$')
        measure igsolve "${method[@]}" "$game" -r "$rows" -c "$cols"
        i_time=$(min "$i_time" "$seconds"); i_wall=$(min "$i_wall" "$wall"); i_kb=$peak_kb
        i_value=$(echo "$out" | grep -o 'Nimber of initial position: [0-9]*' | grep -o '[0-9]*$')
        if [ "$g_time" != - ] && [ "$i_time" != - ] && [ "$g_value" != "$i_value" ]; then
            echo "$spec: grundy says $g_value, igsolve says $i_value" >&2
            exit 1
        fi
    done
    ratio=-; wall_ratio=-
    if [ "$g_time" != - ] && [ "$i_time" != - ]; then
        ratio=$(printf "%.2f" "$(echo "$i_time / $g_time" | bc -l)")
        wall_ratio=$(printf "%.2f" "$(echo "$i_wall / $g_wall" | bc -l)")
    fi
    printf "%-12s %10s %10s %8s %10s %10s %8s %10s %10s   value %s\n" "$spec" "$g_time" "$i_time" "$ratio" \
        "$g_wall" "$i_wall" "$wall_ratio" $((g_kb / 1024)) $((i_kb / 1024)) "${g_value:-$i_value}"
done
