"""Nim-value sequences of heap games: values, periodicity, NumPy, the GIL
(Ctrl-C: test_interrupts.py)."""

import threading
import time

import numpy as np
import pytest

import grundy
from games import Kayles, TakeAndBreak, octal_values, plain_misere_values


def test_kayles_sequence_and_its_proven_period():
    seq = grundy.sequence("kayles", to=200)
    assert isinstance(seq.values, np.ndarray) and seq.values.dtype == np.uint32 and len(seq) == 201
    # Kayles is 0.77: its values by the plain mex of the code, and OEIS A002186.
    assert seq.values.tolist() == octal_values("0.77", 200)
    assert seq.values[:21].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    p = seq.periodicity
    # Kayles: period 12, last exception at heap 70 (Guy–Smith 1956).
    assert (p.period, p.preperiod, p.saltus, p.proven) == (12, 71, 0, True)
    assert p.last_exception == 70 and "octal periodicity theorem" in p.certificate


def test_both_methods_agree_with_the_rules():
    # Each method against the plain mex of the code's rules, written in the
    # test (games.TakeAndBreak); the two methods also agree further out.
    for code, rules in [("0.16", "0.16"), ("0.137", "0.137"), ("4.07", "4.07"), ("dawsons-kayles", "0.07")]:
        plain = grundy.sequence(code, to=1500, method="plain")
        fast = grundy.sequence(code, to=1500, method="rare-common")
        expected = octal_values(rules, 400)
        assert plain.values[:401].tolist() == expected and fast.values[:401].tolist() == expected, code
        assert np.array_equal(plain.values, fast.values), code
        assert fast.method == "rare-common"


def test_nim_is_arithmetically_periodic_and_grundys_game_is_a_conjecture():
    nim = grundy.sequence("nim", to=100)
    assert nim.values.tolist() == list(range(101))
    assert (nim.periodicity.period, nim.periodicity.saltus, nim.periodicity.proven) == (1, 1, False)
    # Grundy's game, OEIS A002188.
    assert grundy.sequence("grundys-game", to=12).values.tolist() == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]


def test_find_periodicity_on_any_values():
    values = [n // 2 % 2 for n in range(200)]  # the subtraction game {2}
    p = grundy.find_periodicity(values, octal_length=2)
    assert (p.preperiod, p.period, p.proven) == (0, 4, True)
    assert grundy.find_periodicity([0, 1]) is None


def test_find_periodicity_refuses_values_it_cannot_hold():
    # Cast to 32 bits, 2**32 became 0 and -1 became 2**32 - 1, and both
    # sequences below were "periodic with period 1"; 0.9 became 0.
    for values in ([0, 2**32] * 30, [-1, 2**32 - 1] * 30, [0, 2**64] * 30):
        with pytest.raises(ValueError, match="values: .*from 0 to 4294967295"):
            grundy.find_periodicity(values)
    with pytest.raises(ValueError, match="values: expected whole numbers"):
        grundy.find_periodicity([0.2, 0.9, 1.7])
    assert grundy.find_periodicity([0, 2**32 - 1] * 30).period == 2
    assert grundy.find_periodicity([]) is None
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="octal_length: expected a whole number from 0"):
            grundy.find_periodicity([1, 2], octal_length=bad)


def test_the_engine_releases_the_interpreter():
    # Another Python thread keeps running while a sequence is computed.
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    started = time.monotonic()
    heaps = grundy.HeapSequence("0.16")
    heaps.extend_to(1_000_000)
    elapsed = time.monotonic() - started
    stop.set()
    thread.join()
    # Up to a tick a millisecond; a held interpreter would allow one only
    # between slices of 100 ms (10 a second).
    assert len(ticks) > elapsed * 40


def test_misere_sequences_by_search_then_by_quotient():
    # Misère Kayles by exact search: g⁻ of heaps 0..12, the same as the
    # Python-written Kayles valued by its own misère search.
    kayles = grundy.sequence("kayles", to=12, misere=True)
    assert kayles.values.tolist() == [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0]
    assert kayles.values.tolist() == plain_misere_values(Kayles(), range(13))[0]
    assert kayles.method == "exact search of sums"
    # 0.15 beyond heap 50: read off the quotient of nim heaps with 0.15's
    # heaps; its first 51 values agree with exact search.
    far = grundy.sequence("0.15", to=400, misere=True)
    near = grundy.sequence("0.15", to=50, misere=True)
    assert len(far) == 401 and far.values[:51].tolist() == near.values.tolist()
    # Both against a plain search of the sums, as far as it goes in a moment.
    assert near.values[:37].tolist() == plain_misere_values(TakeAndBreak("0.15"), range(37))[0]
    assert "misère quotient" in far.method and near.method == "exact search of sums"
    # The quotient is proven final at heap 153, which proves the period the
    # values show (10, from heap 66); exact search proves nothing.
    assert far.periodicity.proven and "proven final" in far.periodicity.certificate
    assert (far.periodicity.preperiod, far.periodicity.period) == (66, 10)
    assert all(far.values[n + 10] == far.values[n] for n in range(66, 391))
    assert near.periodicity is None or not near.periodicity.proven
    with pytest.raises(ValueError, match="method applies to normal play"):
        grundy.sequence("0.15", to=60, misere=True, method="plain")
    with pytest.raises(ValueError, match="take-and-break"):
        grundy.sequence("wythoff", to=60, misere=True)
