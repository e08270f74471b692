"""Built-in games from Python: the cost of a call, and heavy work at Rust speed.

    python crates/grundy-py/bench/bench_builtin.py [--grundy target/release/grundy]

1. Microseconds per call of `grundy.solve("nim", 3, 4, 5)` (the whole Python
   API: the engine call plus building the Result object) and of the engine
   call alone (a `grundy._grundy.BuiltinGame` session's `solve`, which returns a dict).
2. `grundy.sequence("0.16", to=520000)` from Python against the `grundy`
   program doing the same (`grundy sequence 0.16 --to 520000`), one after
   the other, best of three each.
"""

import argparse
import subprocess
import time
import timeit

import grundy
from grundy import _grundy

session = _grundy.BuiltinGame("nim")


def per_call(statement, number):
    best = min(timeit.repeat(statement, number=number, repeat=5, globals=globals()))
    return best / number * 1e6


def best_of(repeat, run):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grundy", default="target/release/grundy", help="the grundy program (release build)")
    parser.add_argument("--to", type=int, default=520_000)
    args = parser.parse_args()

    full = per_call('grundy.solve("nim", 3, 4, 5)', 20_000)
    native = per_call('session.solve(["3", "4", "5"])', 20_000)
    kayles = per_call('grundy.solve("kayles", 30, 41, 17)', 2_000)
    print(f'grundy.solve("nim", 3, 4, 5)         {full:7.1f} µs a call')
    print(f"  of which the engine call            {native:7.1f} µs (the Result object: {full - native:.1f} µs)")
    print(f'grundy.solve("kayles", 30, 41, 17)   {kayles:7.1f} µs a call')

    python_time = best_of(3, lambda: grundy.sequence("0.16", to=args.to))
    command = [args.grundy, "sequence", "0.16", "--to", str(args.to), "--format", "binary", "--output", "/dev/null"]
    cli_time = best_of(3, lambda: subprocess.run(command, check=True, stderr=subprocess.DEVNULL))
    print(f"sequence 0.16 to {args.to}: from Python {python_time:.2f} s, the grundy program {cli_time:.2f} s "
          f"(Python/program {python_time / cli_time:.2f})")


if __name__ == "__main__":
    main()
