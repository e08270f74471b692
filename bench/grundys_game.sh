#!/usr/bin/env bash
# Grundy's game: the rare/common method on one thread and on all threads,
# side by side with the plain method on a prefix, in one run (CPU seconds
# and wall seconds: on a shared machine, quote the ratios).
#
#   bash bench/grundys_game.sh [N] [PLAIN_N]      (defaults: 524288 and 32768)
#   BEFORE=path/to/an/older/grundy bash bench/grundys_game.sh   (also times that binary, 1 thread)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-524288}
plain_n=${2:-32768}
work=${TMPDIR:-/tmp}/grundy-heap-bench
mkdir -p "$work"
cargo build --release -q
run() { /usr/bin/time -f "%e %U %M" "$@" 2>&1 >/dev/null | tail -1; }
printf "%-26s %10s %8s %8s %8s %10s\n" method heaps wall_s cpu_s "µs/heap" peak_MB
for threads in 1 2; do
    read -r wall cpu mem < <(RAYON_NUM_THREADS=$threads run target/release/grundy sequence grundys-game --to "$n" \
        --format binary --output "$work/grundy-$threads.seq")
    printf "%-26s %10s %8s %8s %8.2f %10s\n" "rare-common, $threads thread(s)" "$n" "$wall" "$cpu" \
        "$(echo "$cpu * 1000000 / $n" | bc -l)" "$((mem / 1024))"
done
cmp "$work/grundy-1.seq" "$work/grundy-2.seq"
if [ -n "${BEFORE:-}" ]; then
    read -r wall cpu mem < <(RAYON_NUM_THREADS=1 run "$BEFORE" sequence grundys-game --to "$n" \
        --format binary --output "$work/grundy-before.seq")
    printf "%-26s %10s %8s %8s %8.2f %10s\n" "before, 1 thread" "$n" "$wall" "$cpu" \
        "$(echo "$cpu * 1000000 / $n" | bc -l)" "$((mem / 1024))"
    cmp "$work/grundy-1.seq" "$work/grundy-before.seq"
fi
for method in plain rare-common; do
    read -r wall cpu mem < <(run target/release/grundy sequence grundys-game --to "$plain_n" --method "$method" \
        --format csv --output "$work/grundy-$method.csv")
    printf "%-26s %10s %8s %8s %8.2f %10s\n" "$method (prefix)" "$plain_n" "$wall" "$cpu" \
        "$(echo "$cpu * 1000000 / $plain_n" | bc -l)" "$((mem / 1024))"
done
cmp "$work/grundy-plain.csv" "$work/grundy-rare-common.csv"
echo "machine: $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); load: $(cut -d' ' -f1-3 /proc/loadavg)"
