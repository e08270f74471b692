#!/usr/bin/env bash
# Two builds of the pruned-search example, A and B, on one board, taking
# turns N times; prints the least time of each and B's over A's. On a noisy
# 2-core box the least of alternating runs is the truest comparison of two
# commits (build each with `cargo build --release -p grundy --example
# pruned` and copy target/release/examples/pruned aside).
#
#   bash bench/ab.sh N GAME POSITION A B [THREADS]     e.g. bash bench/ab.sh 7 cram 4x9 /tmp/old /tmp/new 2
set -euo pipefail
[ $# -ge 5 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
n=$1; game=$2; position=$3; a=$4; b=$5; threads=${6:-1}
seconds() { "$1" "$game" "$position" --threads "$threads" | grep -o 'time [0-9.]*' | cut -d' ' -f2; }
least_a=; least_b=
for _ in $(seq "$n"); do
    ta=$(seconds "$a"); tb=$(seconds "$b")
    least_a=$(echo "${least_a:-$ta} $ta" | awk '{print ($2 < $1) ? $2 : $1}')
    least_b=$(echo "${least_b:-$tb} $tb" | awk '{print ($2 < $1) ? $2 : $1}')
done
echo "$game $position, $threads thread(s): A $least_a s  B $least_b s  B/A $(echo "$least_b $least_a" | awk '{ if ($2 > 0) printf "%.3f", $1 / $2; else printf "-" }')"
