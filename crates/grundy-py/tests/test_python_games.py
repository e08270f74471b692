"""Games defined in Python: values, winning moves, misère play and genus,
against published values and a plain Python oracle."""

import numpy as np
import pytest

import grundy
from games import Kayles, Subtraction, Wythoff, plain_misere_values, plain_nim_values, winning_moves_by_search


# Kayles nim-values 0..20, OEIS A002186.
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]


def test_kayles_values_match_the_published_sequence(kayles):
    assert kayles.nim_values(range(21)).tolist() == KAYLES
    assert kayles.nim_value(20) == 1


def test_values_match_a_plain_memoized_mex_on_several_games():
    for game, positions in [
        (Kayles(), range(40)),
        (Subtraction([1, 3, 4]), range(60)),
        (Subtraction([2, 5, 7]), range(60)),
        (Wythoff(), [(x, y) for x in range(9) for y in range(9)]),
    ]:
        assert game.nim_values(positions).tolist() == plain_nim_values(game, positions)


def test_wythoff_p_positions_are_the_golden_pairs():
    # The P-positions of Wythoff's game are (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907).
    table = Wythoff().table(range(30), range(30))
    assert table.shape == (30, 30)
    phi = (1 + 5**0.5) / 2
    golden = {(int(k * phi), int(k * phi * phi)) for k in range(20)}
    golden |= {(b, a) for a, b in golden}
    zeros = {(int(x), int(y)) for x, y in zip(*np.nonzero(table == 0))}
    assert zeros == {p for p in golden if max(p) < 30}


def test_solve_lists_every_winning_move_of_a_sum(kayles):
    result = kayles.solve(5, 7)
    assert (result.outcome, result.nim_value) == ("N", 4 ^ 2)
    assert [(c.position, c.nim_value) for c in result.components] == [(5, 4), (7, 2)]
    # Every move to a sum of value 0, checked against all options.
    expected = []
    for index, (heap, other) in enumerate([(5, 7), (7, 5)]):
        for option in kayles.options(heap):
            parts = list(option)
            value = 0
            for part in parts + [other]:
                value ^= KAYLES[part]
            if value == 0:
                expected.append((index, heap, parts))
    assert [(m.component, m.from_, m.to) for m in result.winning_moves] == expected
    assert result.first_player_wins


def test_a_p_position_has_no_winning_moves(kayles):
    result = kayles.solve(4, 1)  # 1 ^ 1 = 0
    assert result.outcome == "P" and result.nim_value == 0 and result.winning_moves == []


def test_to_dict_has_the_keys_of_the_json_report(kayles):
    d = kayles.solve(5, 7).to_dict()
    assert d["outcome"] == "N" and d["nim_value"] == 6
    assert d["winning_moves"][0] == {"component": 0, "from": 5, "to": [1, 3], "nim_value": 2}
    assert d["components"] == [{"position": 5, "nim_value": 4}, {"position": 7, "nim_value": 2}]
    assert grundy.Result.from_dict(d) == kayles.solve(5, 7)


def test_tuples_are_positions_and_sums_are_moves():
    class Split(grundy.Game):
        """A pair (a, b) may split into the positions (a-1, b) and (a, b-1)."""

        def options(self, p):
            a, b = p
            return [grundy.sum((a - 1, b), (a, b - 1))] if a and b else []

    game = Split()
    assert game.nim_value((0, 5)) == 0
    assert game.nim_value((1, 1)) == 1  # one move, to (0,1) + (1,0) = 0
    assert game.options_of((1, 1)) == [[(0, 1), (1, 0)]]


def test_the_empty_sum_ends_play():
    class TakeAll(grundy.Game):
        def options(self, n):
            return [grundy.sum()] if n else []

    assert TakeAll().nim_values([0, 1, 7]).tolist() == [0, 1, 1]
    assert len(grundy.sum()) == 0 and repr(grundy.sum(1, (2, 3))) == "grundy.sum(1, (2, 3))"
    assert grundy.sum(1, 2) == grundy.sum(1, 2) and grundy.sum(1, 2) != (1, 2)


def test_a_sum_is_a_tuple_of_its_parts_but_never_a_plain_tuple():
    import copy
    import gc
    import pickle

    s = grundy.sum(1, (2, 3), "x")
    assert isinstance(s, tuple) and isinstance(s, grundy.Sum) and list(s) == [1, (2, 3), "x"]
    assert s[1] == (2, 3) and len(s) == 3
    assert grundy.Sum(1, 2) == grundy.sum(1, 2) and type(grundy.Sum()) is grundy.Sum
    assert {grundy.sum(1, 2), (1, 2), grundy.sum(1, 2)} == {grundy.sum(1, 2), (1, 2)}
    assert (1, 2) != grundy.sum(1, 2) and not (grundy.sum(1, 2) != grundy.sum(1, 2))
    assert hash(grundy.sum(1, 2)) == hash(grundy.sum(1, 2)) != hash((1, 2))
    assert pickle.loads(pickle.dumps(s)) == s and copy.copy(s) == s and copy.deepcopy(s) == s
    with pytest.raises(TypeError):
        grundy.Sum(1, key=2)
    with pytest.raises(TypeError):
        hash(grundy.sum([1]))  # a list is not hashable: neither is the sum
    # Sums of numbers are left out of the cycle collector, as CPython does
    # for such tuples; sums holding containers stay in it.
    assert not gc.is_tracked(grundy.sum(1, 2)) and gc.is_tracked(grundy.sum([], 2))
    many = [grundy.sum(n, [n]) for n in range(10_000)]
    gc.collect()
    assert [m[0] for m in many[::1000]] == list(range(0, 10_000, 1000))


def test_positions_equal_in_python_have_the_same_values():
    # Whole numbers and tuples of them are keyed by value in the engine; a
    # position of another type that Python finds equal goes through the
    # dict, and gets the same value.
    import numpy as np

    game = Kayles()
    oracle = plain_nim_values(Kayles(), range(50))
    assert game.nim_value(np.int64(30)) == game.nim_value(30) == game.nim_value(30.0) == oracle[30]
    # A number computed past 64 bits, back under them: keyed by its value.
    assert game.nim_value(2**70 % 50) == oracle[2**70 % 50]

    class Huge(grundy.Game):
        """Numbers past 64 bits, alone or in tuples: the dict numbers them."""

        def options(self, p):
            n, rest = (p, None) if isinstance(p, int) else p
            down = [n - 1, n - 2] if n > 2**64 else []
            return down if rest is None else [(m, rest) for m in down]

    # Subtraction {1, 2} down to 2^64: values 0, 1, 2, 0 from 2^64 on.
    assert Huge().nim_values([2**64 + 3, 2**64 + 2, (2**64 + 1, 5)]).tolist() == [0, 2, 1]


def test_options_may_be_any_iterable():
    class Gen(grundy.Game):
        def options(self, n):
            yield from range(n)  # Nim

    assert Gen().nim_values(range(6)).tolist() == list(range(6))


def test_options_are_asked_once_per_position(kayles):
    kayles.nim_values(range(30))
    calls = kayles.engine.options_calls
    assert calls == kayles.engine.positions_known == 30
    # Later questions about known positions ask nothing more.
    kayles.solve(12, 29)
    kayles.solve(12, 29, misere=True)
    kayles.genus(9)
    assert kayles.engine.options_calls == calls


# Published Kayles genera, heaps 0..20 (Winning Ways ch. 13, ONAG ch. 12).
KAYLES_GENERA = [
    "0^1202", "1^0313", "2^2020", "3^3131", "1^0313", "4^1464", "3^3131", "2^2020", "1^1313", "4^0464",
    "2^2020", "6^4646", "4^0464", "1^1313", "2^2020", "7^5757", "1^1313", "4^6464", "3^3131", "2^2020", "1^0313",
]  # fmt: skip


def test_kayles_genera_match_the_published_ones(kayles):
    for heap, expected in enumerate(KAYLES_GENERA):
        genus = kayles.genus(heap)
        assert str(genus)[: len(expected)] == expected, heap
    assert kayles.genus(5).misere[:4] == [1, 4, 6, 4]
    assert kayles.is_tame(3) and not kayles.is_tame(5)


def test_misere_play_matches_exhaustive_search(kayles):
    result = kayles.solve(5, 2, misere=True)
    # Kayles is wild from heap 5: canonical forms decide, before exact search.
    assert (result.outcome, result.method, result.play) == ("N", "canonical", "misere")
    assert result.genus == ["4^14646", "2^2020"]
    # Every winning move and only those, against a plain search of the sums.
    moves = [(m.component, m.from_, sorted(m.to)) for m in result.winning_moves]
    assert moves == winning_moves_by_search(Kayles(), [5, 2], misere=True) == [(0, 5, [1, 3]), (1, 2, [0, 1])]
    # Misère Kayles values 0..20: the first misère value of each published
    # genus above (Winning Ways ch. 13), and a plain search of the sums.
    published = [int(genus.split("^")[1][0]) for genus in KAYLES_GENERA]
    assert published == [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]
    assert kayles.misere_nim_values(range(21)).tolist() == published == plain_misere_values(Kayles(), range(21))[0]
    for sum_ in [(4, 4), (1, 1, 1), (3, 6), (2, 2, 7)]:
        expected = "P" if plain_misere_values(Kayles(), [])[1](tuple(sorted(sum_))) == 0 else "N"
        assert kayles.solve(*sum_, misere=True).outcome == expected, sum_


def test_misere_nim_by_the_tame_rule():
    nim = Subtraction(range(1, 8))  # Nim on heaps up to 7
    result = nim.solve(3, 5, 1, misere=True)
    assert (result.outcome, result.method) == ("N", "tame-genus")
    assert nim.solve(1, misere=True).outcome == "P"
    assert nim.solve(1, 1, misere=True).outcome == "N"

    def bouton(heaps):
        # Misère Nim (Bouton 1902): with a heap above 1 the normal-play rule
        # holds; with none, the player to move wins iff the heaps are even in number.
        if max(heaps) > 1:
            total = 0
            for h in heaps:
                total ^= h
            return "N" if total else "P"
        return "P" if sum(heaps) % 2 else "N"

    import itertools

    for heaps in itertools.product(range(1, 8), repeat=3):
        assert nim.solve(*heaps, misere=True).outcome == bouton(heaps), heaps


def test_sequence_of_a_python_game_finds_its_period():
    seq = Subtraction([1, 3, 4]).sequence(100)
    assert seq.values[:7].tolist() == [0, 1, 0, 1, 2, 3, 2]
    assert (seq.periodicity.period, seq.periodicity.preperiod, seq.periodicity.proven) == (7, 0, False)
