#!/usr/bin/env bash
# Cram and Chomp, value only, side by side with igsolve (Beling's solver,
# `cargo install igsolve`) in one run: CPU time (user + system: the box is
# shared, so wall time says more about the neighbours than about us), peak
# RSS of each, and a check that both print the same nim-value. A run longer
# than LIMIT seconds (default 900) is stopped and shown as "-".
#
#   bash bench/search.sh [THREADS] [BOARDS...]      e.g. bash bench/search.sh 1 cram:4x9 chomp:11x11
#
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
measure() { # command... -> sets $seconds (CPU), $peak_kb and $out (its output)
    if /usr/bin/time -f "%U %S %M" -o "$work/time" timeout "$limit" "$@" > "$work/out" 2>&1; then
        read -r user system peak_kb < <(tail -1 "$work/time")
        seconds=$(echo "$user + $system" | bc -l)
    else
        seconds=-; peak_kb=0
    fi
    out=$(cat "$work/out")
}
printf "%-12s %10s %10s %8s %12s %12s\n" board grundy_cpu_s igsolve_cpu_s ratio grundy_MB igsolve_MB
for spec in "${boards[@]}"; do
    game=${spec%%:*}; size=${spec#*:}
    rows=${size%x*}; cols=${size#*x}
    measure "$grundy" solve "$game" "$size" --value-only --threads "$threads" --json
    g_time=$seconds; g_kb=$peak_kb
    g_value=$(echo "$out" | grep -o '"nim_value": [0-9]*' | head -1 | grep -o '[0-9]*$')
    method=()
    [ "$game" = chomp ] && method=(-m def) # igsolve's fastest method for Chomp
    measure igsolve "${method[@]}" "$game" -r "$rows" -c "$cols"
    i_time=$seconds; i_kb=$peak_kb
    i_value=$(echo "$out" | grep -o 'Nimber of initial position: [0-9]*' | grep -o '[0-9]*$')
    if [ "$g_time" != - ] && [ "$i_time" != - ] && [ "$g_value" != "$i_value" ]; then
        echo "$spec: grundy says $g_value, igsolve says $i_value" >&2
        exit 1
    fi
    ratio=-
    if [ "$g_time" != - ] && [ "$i_time" != - ]; then
        ratio=$(printf "%.2f" "$(echo "$i_time / ($g_time + 0.005)" | bc -l)")
    fi
    printf "%-12s %10s %10s %8s %12s %12s   value %s\n" "$spec" "$g_time" "$i_time" "$ratio" $((g_kb / 1024)) $((i_kb / 1024)) "${g_value:-$i_value}"
done
