"""Ctrl-C (SIGINT) stops every long call promptly with KeyboardInterrupt,
and what was computed before it is kept.

No fixed sleeps: each test first times a smaller call of the same kind
(doubling its size until it takes at least CALIBRATION seconds), then
starts a call many times larger, sends SIGINT after that measured time,
and requires the KeyboardInterrupt within a bound scaled to it: a small
fraction of what the uninterrupted call would take.
"""

import os
import signal
import threading
import time

import numpy as np
import pytest

import grundy
from games import Kayles, plain_nim_values

CALIBRATION = 0.1  # seconds


def calibrate(run, size, grow=lambda n: 2 * n):
    """The first size (growing from `size`) whose `run(size)` takes at
    least CALIBRATION seconds, and how long it took: the lesser of two
    runs. On a loaded machine one run can be held up by a neighbour; a
    size chosen by that run alone would be so small that the large call
    ended before the interrupt was sent."""
    while True:
        took = min(timed(run, size), timed(run, size))
        if took >= CALIBRATION:
            return size, took
        size = grow(size)


def timed(run, size):
    """Seconds `run(size)` takes."""
    started = time.perf_counter()
    run(size)
    return time.perf_counter() - started


def latency_of_ctrl_c(call, after):
    """Starts `call`, sends this process SIGINT `after` seconds in, and
    returns the seconds from the signal to the KeyboardInterrupt.

    Python raises KeyboardInterrupt only if SIGINT was not ignored when it
    started, and a shell without job control starts its background
    commands with SIGINT ignored (`cmd &` in a script): pytest run that way
    said "DID NOT RAISE" for every test here. So the handler a terminal
    would give is installed for the call, and the one found put back."""
    sent = []
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, inherited)
    assert sent, "the call ended before it was interrupted"
    return time.perf_counter() - sent[0]


def prompt(latency, took):
    """Whether a call whose calibration took `took` seconds (and which,
    uninterrupted, would take at least 64 times that) stopped promptly:
    within an eighth of that, plus half a second for the engines' polling
    on a loaded machine."""
    return latency < 8 * took + 0.5


def test_a_heap_sequence_stops_promptly_and_resumes():
    # The engine asks whether to stop every 16,384 heaps: the fast method
    # gets there in a fraction of a second (the plain one on Grundy's
    # game, at a quadratic cost, may take seconds past 10^5 heaps).
    size, took = calibrate(lambda n: grundy.sequence("grundys-game", to=n), 1024)
    heaps = grundy.HeapSequence("grundys-game")
    # Grundy's game costs more than linear time: 64 times the heaps is
    # over 64 times the calibration.
    latency = latency_of_ctrl_c(lambda: heaps.extend_to(64 * size), took)
    assert prompt(latency, took), (latency, took)
    kept = len(heaps)
    assert 0 < kept < 64 * size, "nothing computed before the interrupt was kept"
    heaps.extend_to(kept + 100)
    assert np.array_equal(heaps.values(), grundy.sequence("grundys-game", to=kept + 99).values)


def test_a_builtin_search_stops_promptly():
    # Cram on 3 x n boards by the pruned search (fresh games: no memo
    # shared); 6 columns more is far more than 64 times the work.
    board = lambda n: f"3x{n}"  # noqa: E731
    n, took = calibrate(lambda n: grundy.game("cram").solve(board(n)), 4, grow=lambda n: n + 1)
    game = grundy.game("cram")
    latency = latency_of_ctrl_c(lambda: game.solve(board(n + 6)), took)
    assert prompt(latency, took), (latency, took)
    # The object still answers, and correctly: Cram 3x4 is a first-player
    # win (the middle domino pair splits the board symmetrically).
    assert game.solve("3x4").outcome == grundy.game("cram").solve("3x4").outcome


def test_a_plain_builtin_search_stops_promptly_and_stays_usable():
    # The knight on the quarter plane is valued by the plain memoized
    # search, which watches the same stop flag: it returns Interrupted,
    # keeping the values it finished, and the object answers again.
    n, took = calibrate(lambda n: grundy.game("knight").solve(f"{n},{n}"), 40)
    game = grundy.game("knight")
    latency = latency_of_ctrl_c(lambda: game.solve(f"{4 * n},{4 * n}"), took)
    assert prompt(latency, took), (latency, took)
    assert game.solve("5,6").to_dict() == grundy.game("knight").solve("5,6").to_dict()
    assert game.solve(f"{n},{n}").to_dict() == grundy.game("knight").solve(f"{n},{n}").to_dict()


class Countdown(grundy.Game):
    """One move a position, to the one below: each of many positions costs
    one cheap call of options."""

    def options(self, n):
        return [n - 1] if n else []


def test_a_long_range_of_positions_stops_promptly():
    # The positions are read whole before any search, in Rust and without
    # Python code that would raise the interrupt: range(10**8) read on for
    # a minute past Ctrl-C, growing by gigabytes.
    size, took = calibrate(lambda n: Countdown().nim_values(range(n)), 1024)
    latency = latency_of_ctrl_c(lambda: Countdown().nim_values(range(64 * size)), took)
    assert prompt(latency, took), (latency, took)


def test_a_python_game_stops_promptly_and_keeps_its_options():
    size, took = calibrate(lambda n: Kayles().nim_values(range(n)), 32)
    game = Kayles()
    # Kayles' options of heap n number about n: 8 times the heaps is about
    # 64 times the calls of options.
    latency = latency_of_ctrl_c(lambda: game.nim_values(range(8 * size)), took)
    assert prompt(latency, took), (latency, took)
    asked = game.engine.options_calls
    assert asked > 0
    values = game.nim_values(range(60)).tolist()
    assert values == plain_nim_values(Kayles(), range(60))
    assert game.engine.options_calls == max(asked, 60)  # nothing asked twice
