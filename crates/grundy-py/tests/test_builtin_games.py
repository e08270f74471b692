"""Built-in games by name: the command line's answers, as Python objects."""

import numpy as np
import pytest

import grundy
from games import Kayles


def test_solve_nim_like_the_readme():
    result = grundy.solve("nim", 3, 4, 5)
    assert (result.outcome, result.nim_value, result.game, result.play) == ("N", 2, "nim", "normal")
    assert [(m.component, m.from_, m.to, m.nim_value) for m in result.winning_moves] == [(0, "3", ["1"], 1)]
    d = result.to_dict()
    assert d["winning_moves"] == [{"component": 0, "from": "3", "to": ["1"], "nim_value": 1}]
    assert d["position"] == ["3", "4", "5"]


def test_builtin_kayles_agrees_with_kayles_written_in_python():
    python_kayles = Kayles()
    for sum_ in [(5, 7), (4, 1), (9, 3, 2)]:
        builtin = grundy.solve("kayles", *sum_)
        mine = python_kayles.solve(*sum_)
        assert (builtin.outcome, builtin.nim_value) == (mine.outcome, mine.nim_value)
        assert len(builtin.winning_moves) == len(mine.winning_moves)
    builtin = grundy.solve("kayles", 5, 2, misere=True)
    mine = python_kayles.solve(5, 2, misere=True)
    # The built-in code is decided by its misère quotient, the Python game by search.
    assert (builtin.outcome, builtin.method) == (mine.outcome, "quotient")
    assert mine.method == "search"
    assert [sorted(m.to) for m in builtin.winning_moves] == [["1", "3"], ["1"]]


def test_solve_accepts_a_game_object_and_tuples():
    assert grundy.solve(Kayles(), 5, 7).nim_value == 6
    moves = grundy.solve("bomb", (3, 3)).winning_moves
    assert [m.to for m in moves] == [["1,3", "3,1"], ["2,3", "3,2"]]  # README's Bomb Game example


def test_every_sg_and_races():
    result = grundy.solve("wythoff", (1, 2), (2, 2), every=True)
    assert result.play == "every" and result.components[0].suspense is not None
    race = grundy.solve("leaper:-1,-2/-2,-1", (4, 5), goal=(0, 0))
    assert race.outcome == "N" and [m.to for m in race.winning_moves] == [["3,3"]]


def test_tables_are_numpy_arrays():
    # Wythoff row 10 (the README's table).
    row = grundy.table("wythoff", range(10, 11), range(21))
    assert row.values.tolist() == [[10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28]]
    one = grundy.table("subtraction:1,3,4", range(14))
    assert one.values.tolist() == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    assert one.kind == "nim-value" and one.rows.tolist() == list(range(14)) and one.columns is None
    board = grundy.table("knight", (0, 9), (0, 9), board=(8, 8))
    assert board.values.shape == (10, 10) and board.values[9, 9] == -1 and board.values[0, 0] == 0
    race = grundy.table("king", range(4), range(4), goal=(0, 0))
    assert race.kind == "outcome" and race.values[0, 0] == "P" and race.values[0, 1] == "N"
    assert np.asarray(grundy.table(Kayles(), range(5))).tolist() == [0, 1, 2, 3, 1]


def test_bad_arguments_raise_with_the_library_message():
    with pytest.raises(grundy.InvalidGameError, match="unknown game 'nope'"):
        grundy.solve("nope", 3)
    with pytest.raises(grundy.InvalidPositionError, match="heap size"):
        grundy.solve("nim", "x")
    with pytest.raises(grundy.InvalidPositionError):
        grundy.solve("nim")
    with pytest.raises(grundy.InvalidGameError):
        grundy.table("mine", range(3))
    with pytest.raises(ValueError, match="not both"):
        grundy.solve("nim", 1, misere=True, every=True)
    with pytest.raises(ValueError):
        grundy.table("nim", range(0))
    with pytest.raises(grundy.TooLargeError):
        grundy.table("wythoff", range(100_000), range(100_000))


def test_the_catalogue_lists_the_games():
    names = [entry["name"] for entry in grundy.catalogue()]
    assert "nim" in names and "wythoff" in names


def test_a_game_object_keeps_its_session():
    kayles = grundy.game("kayles")
    assert repr(kayles) == "grundy.game('kayles')"
    first = kayles.solve(30, 41, 17)
    assert kayles.solve(30, 41, 17) == first
    assert kayles.table(range(13)).values.tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    knight = grundy.game("knight", board=[8, 8])
    assert knight.table(range(8), range(8)).values.shape == (8, 8)
    with pytest.raises(grundy.InvalidGameError, match="not a board game"):
        grundy.game("nim", board=(3, 3))
    with pytest.raises(grundy.InvalidGameError, match="needs"):
        grundy.game("subtraction")
