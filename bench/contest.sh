#!/usr/bin/env bash
# Times `grundy contest` against straightforward C++ solutions (g++ -O2) on the
# largest inputs the problems allow, side by side in one run, and checks that
# both print the same answers.
#
#   bash bench/contest.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
work=${TMPDIR:-/tmp}/grundy-contest-bench
mkdir -p "$work"
cargo build --release -q
python3 bench/generate.py "$work/inputs"
for p in bomb_game hyper_knights mine john life_winner_bo; do
    g++ -O2 -o "$work/$p" "bench/cpp/$p.cpp"
    g++ -O2 -DPLAIN_STDIO -o "$work/${p}_scanf" "bench/cpp/$p.cpp"
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_runs() { # command... -> median seconds
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N)
        echo "$end - $start" | bc -l
    done | median
}
printf "%-16s %10s %12s %12s %12s %12s\n" problem grundy_s cpp_fread_s ratio cpp_scanf_s ratio
for p in bomb-game hyper-knights mine john life-winner-bo; do
    input="$work/inputs/$p.txt"
    cpp="$work/${p//-/_}"
    for variant in "$cpp" "${cpp}_scanf"; do
        if ! cmp -s <(target/release/grundy contest "$p" "$input") <("$variant" < "$input"); then
            echo "$p: grundy and $(basename "$variant") disagree" >&2
            exit 1
        fi
    done
    # Both sides run the same way, through sh with the input on standard
    # input, so neither carries a start-up cost the other does not.
    g=$(time_runs sh -c "target/release/grundy contest $p < \"$input\"")
    c=$(time_runs sh -c "\"$cpp\" < \"$input\"")
    s=$(time_runs sh -c "\"${cpp}_scanf\" < \"$input\"")
    printf "%-16s %10.4f %12.4f %12.2f %12.4f %12.2f\n" "$p" "$g" "$c" "$(echo "$c / $g" | bc -l)" "$s" "$(echo "$s / $g" | bc -l)"
done
echo "ratio = C++ time / grundy time: above 1 means grundy is faster."
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)
echo "machine: $(nproc) cores,${cpu}"
