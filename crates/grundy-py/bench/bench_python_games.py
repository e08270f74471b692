"""Positions per second: a game written in Python, valued by grundy against a
plain memoized-mex Python function on the same `options` method.

    python crates/grundy-py/bench/bench_python_games.py [--heaps N] [--repeat R]

Both value every position from scratch (a fresh game object each repetition,
so nothing is remembered between runs). Both call the same `options` method
once per position; the difference is what happens around it (the mex, the
nim-sums, memoization). "options() alone" times only those calls: no method
that calls them can be faster, so plain / options() alone bounds the ratio.

The machine is shared and noisy: the three are run in turn, R rounds, and
each one's best round is kept; times are the process's CPU time, which
waiting for a core does not count.
"""

import argparse
import os
import pathlib
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # no idle NumPy threads spinning in the CPU time

# The games and the plain solver are the tests' (tests/games.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
from games import Kayles, Wythoff, plain_nim_values  # noqa: E402


def best_of_rounds(repeat, runs):
    """Each of `runs` once per round, `repeat` rounds: each one's best
    CPU time, and its last result."""
    times, results = [float("inf")] * len(runs), [None] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            started = time.process_time()
            results[i] = run()
            times[i] = min(times[i], time.process_time() - started)
    return times, results


def options_only(game, positions):
    """The floor: calling `options` once per position and nothing else."""
    for p in positions:
        game.options(p)


def compare(name, make_game, positions, repeat):
    (plain_time, grundy_time, floor_time), (plain, values, _) = best_of_rounds(
        repeat,
        [
            lambda: plain_nim_values(make_game(), positions),
            lambda: make_game().nim_values(positions).tolist(),
            lambda: options_only(make_game(), positions),
        ],
    )
    assert values == plain, "the two methods disagree"
    n = len(positions)
    print(
        f"{name:16} {n:6} positions   plain Python {n / plain_time:9,.0f}/s   grundy {n / grundy_time:9,.0f}/s"
        f"   options() alone {n / floor_time:9,.0f}/s   grundy/plain {plain_time / grundy_time:4.1f}x"
        f"   bound {plain_time / floor_time:4.1f}x   grundy's time over options() alone {grundy_time / floor_time - 1:+.0%}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heaps", type=int, default=1500, help="Kayles heaps 0..N (default 1500)")
    parser.add_argument("--side", type=int, default=60, help="Wythoff board side (default 60)")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sys.setrecursionlimit(100_000)  # the plain recursion goes as deep as the largest heap
    compare(f"Kayles 0..{args.heaps}", Kayles, list(range(args.heaps + 1)), args.repeat)
    side = args.side
    compare(f"Wythoff {side}x{side}", Wythoff, [(x, y) for x in range(side) for y in range(side)], args.repeat)


if __name__ == "__main__":
    main()
