#!/usr/bin/env bash
# Times misère-quotient work (issue 13): building quotients of 0.07 and 0.77,
# and misère sums of Kayles decided by the quotient, each with the
# wall and CPU seconds of one run (quote CPU on a shared machine).
#
#   bash bench/quotient.sh            (GRUNDY=path/to/grundy skips the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release -q
    GRUNDY=target/release/grundy
fi
twenty=$(python3 -c 'import random; random.seed(13); print(" ".join(str(random.randint(1, 40)) for _ in range(20)))')
run() {
    local label=$1; shift
    /usr/bin/time -f "%e %U %S" -o /tmp/grundy-quotient-bench.time "$GRUNDY" "$@" >/dev/null 2>&1 || { echo "$label: failed" >&2; return; }
    read -r wall user sys < /tmp/grundy-quotient-bench.time
    printf '%-44s wall %6.2f s  cpu %6.2f s\n' "$label" "$wall" "$(echo "$user + $sys" | bc)"
}
run "quotient 0.07 --to 30 (Q_30, 360 elements)" quotient 0.07 --to 30
run "quotient 0.07 --to 32" quotient 0.07 --to 32
run "quotient 0.77 --to 30" quotient 0.77 --to 30
run "quotient 0.77 --to 200 (proven final)" quotient 0.77 --to 200
run "solve --misere kayles 30 40" solve --misere kayles 30 40
run "solve --misere kayles <20 heaps up to 40>" solve --misere kayles $twenty
run "sequence --misere 0.15 --to 100000" sequence --misere 0.15 --to 100000
