#!/usr/bin/env bash
# Times `grundy sequence` against `ogsolve -m rc2` (cargo install ogsolve) on
# octal games, side by side in one run, after checking that both compute the
# same nim-values. Also times Grundy's game, which ogsolve cannot play.
#
#   bash bench/heaps.sh [N] [GRUNDY_N]      (defaults: 100000000 and 1048576)
#   BEFORE=path/to/an/older/grundy bash bench/heaps.sh   (also times that binary on 0.106 and
#   Grundy's game, and checks that its output is byte for byte the same)
# Times are wall and CPU seconds: on a shared machine, quote the CPU ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000000}
grundy_n=${2:-1048576}
work=${TMPDIR:-/tmp}/grundy-heap-bench
mkdir -p "$work"
cargo build --release -q
command -v ogsolve >/dev/null || { echo "ogsolve is not installed: cargo install ogsolve" >&2; exit 1; }

for code in 0.106 0.16 0.77 0.137 4.07; do
    ogsolve "$code" -m rc2 -n 200000 -p 2>/dev/null | grep 'nimbers:' | head -1 > "$work/og.txt"
    target/release/grundy sequence "$code" --to 200000 --format csv 2>/dev/null > "$work/gr.txt"
    python3 - "$work" "$code" <<'PY'
import sys
work, code = sys.argv[1], sys.argv[2]
og = list(map(int, open(f"{work}/og.txt").read().split()[1:]))
gr = [int(line.split(",")[1]) for line in open(f"{work}/gr.txt").read().split()[1:]]
if og != gr:
    sys.exit(f"{code}: grundy and ogsolve disagree")
PY
done
echo "values agree with ogsolve on heaps 0..200000 of 0.106 0.16 0.77 0.137 4.07"

seconds() { /usr/bin/time -f "%e %U %M" "$@" 2>&1 >/dev/null | tail -1; }
printf "%-14s %10s %16s %16s %14s %12s\n" game heaps "grundy wall/cpu" "ogsolve wall/cpu" "ogs/grundy cpu" "grundy_MB/ogs_MB"
for code in 0.106 0.16; do
    read -r g gcpu gmem < <(seconds target/release/grundy sequence "$code" --to "$n" --format binary --output "$work/$code.seq")
    read -r o ocpu omem < <(seconds ogsolve "$code" -m rc2 -n "$n")
    printf "%-14s %10s %16s %16s %14.2f %12s\n" "$code" "$n" "$g/$gcpu" "$o/$ocpu" "$(echo "$ocpu / $gcpu" | bc -l)" "$((gmem / 1024))/$((omem / 1024))"
done
if [ -n "${BEFORE:-}" ]; then
    read -r g gcpu gmem < <(seconds "$BEFORE" sequence 0.106 --to "$n" --format binary --output "$work/before.seq")
    printf "%-14s %10s %16s\n" "0.106 before" "$n" "$g/$gcpu"
    cmp "$work/0.106.seq" "$work/before.seq"
fi
read -r g gcpu gmem < <(seconds target/release/grundy sequence grundys-game --to "$grundy_n" --format binary --output "$work/grundy.seq")
printf "%-14s %10s %16s %16s %14s %12s\n" grundys-game "$grundy_n" "$g/$gcpu" "-" "-" "$((gmem / 1024))/-"
if [ -n "${BEFORE:-}" ]; then
    read -r g gcpu gmem < <(seconds "$BEFORE" sequence grundys-game --to "$grundy_n" --format binary --output "$work/grundy-before.seq")
    printf "%-14s %10s %16s\n" "grundy before" "$grundy_n" "$g/$gcpu"
    cmp "$work/grundy.seq" "$work/grundy-before.seq"
fi
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)
echo "machine: $(nproc) cores,${cpu}"
