"""Built-in games by name: the command line's answers, as Python objects."""

import numpy as np
import pytest

import grundy
from games import (
    Kayles,
    Subtraction,
    Wythoff,
    leaper_nim_values,
    octal_values,
    plain_nim_values,
    race_outcomes,
    winning_moves_by_search,
)

KING = [(-1, 0), (0, -1), (-1, -1)]
KNIGHT = [(-2, -1), (-1, -2), (-2, 1), (1, -2)]  # the four jumps that lower x + y


def nim_sum(values):
    total = 0
    for v in values:
        total ^= v
    return total


def moves_of(result):
    """A result's winning moves as sorted (component, from, sorted parts left)."""
    return sorted((m.component, int(m.from_), sorted(int(p) for p in m.to)) for m in result.winning_moves)


def by_search(game, heaps, misere=False):
    """winning_moves_by_search, sorted, without the finished heaps of 0 (the command line leaves them out)."""
    return sorted((i, h, [p for p in parts if p]) for i, h, parts in winning_moves_by_search(game, heaps, misere))


def test_solve_nim_like_the_readme():
    result = grundy.solve("nim", 3, 4, 5)
    assert (result.outcome, result.nim_value, result.game, result.play) == ("N", 2, "nim", "normal")
    assert [(m.component, m.from_, m.to, m.nim_value) for m in result.winning_moves] == [(0, "3", ["1"], 1)]
    d = result.to_dict()
    assert d["winning_moves"] == [{"component": 0, "from": "3", "to": ["1"], "nim_value": 1}]
    assert d["position"] == ["3", "4", "5"]


def test_builtin_kayles_against_a_plain_search():
    # Values by the plain mex of Kayles written in Python, every winning
    # move by trying every option.
    kayles = Kayles()
    for sum_ in [(5, 7), (4, 1), (9, 3, 2), (12, 17, 30)]:
        builtin = grundy.solve("kayles", *sum_)
        total = nim_sum(plain_nim_values(kayles, sum_))
        assert (builtin.outcome, builtin.nim_value) == ("N" if total else "P", total), sum_
        assert moves_of(builtin) == by_search(kayles, sum_), sum_
    # Misère play: decided by Sibert and Conway's solution of misère Kayles,
    # checked by a plain search of the sums.
    builtin = grundy.solve("kayles", 5, 2, misere=True)
    assert (builtin.outcome, builtin.method) == ("N", "closed-form")
    assert moves_of(builtin) == by_search(kayles, [5, 2], misere=True) == [(0, 5, [1, 3]), (1, 2, [1])]


def test_solve_accepts_a_game_object_and_tuples():
    assert grundy.solve(Kayles(), 5, 7).nim_value == 6
    moves = grundy.solve("bomb", (3, 3)).winning_moves
    assert [m.to for m in moves] == [["1,3", "3,1"], ["2,3", "3,2"]]  # README's Bomb Game example


def test_every_sg_and_races():
    result = grundy.solve("wythoff", (1, 2), (2, 2), every=True)
    assert result.play == "every" and result.components[0].suspense is not None
    race = grundy.solve("leaper:-1,-2/-2,-1", (4, 5), goal=(0, 0))
    # The race by plain recursion: the winning moves are the jumps to a P-position.
    leaps = [(-1, -2), (-2, -1)]
    _, outcome = race_outcomes(leaps, [], (0, 0))
    assert race.outcome == outcome(4, 5) == "N"
    winning = [f"{4 + dx},{5 + dy}" for dx, dy in leaps if outcome(4 + dx, 5 + dy) == "P"]
    assert [m.to for m in race.winning_moves] == [[w] for w in winning] == [["3,3"]]


def test_tables_are_numpy_arrays():
    # Each against the plain mex of the game's rules.
    row = grundy.table("wythoff", range(10, 11), range(21))
    assert row.values.tolist() == [plain_nim_values(Wythoff(), [(10, y) for y in range(21)])]
    one = grundy.table("subtraction:1,3,4", range(14))
    assert one.values.tolist() == plain_nim_values(Subtraction([1, 3, 4]), range(14))
    assert one.kind == "nim-value" and one.rows.tolist() == list(range(14)) and one.columns is None
    board = grundy.table("knight", (0, 9), (0, 9), board=(8, 8))
    knight = leaper_nim_values(KNIGHT, range(10), range(10), board=(8, 8))
    assert board.values.shape == (10, 10)
    assert board.values.tolist() == [[knight[x, y] for y in range(10)] for x in range(10)]
    assert board.values[9, 9] == -1  # off the board
    race = grundy.table("king", range(4), range(4), goal=(0, 0))
    outcomes, _ = race_outcomes(KING, [(x, y) for x in range(4) for y in range(4)], (0, 0))
    assert race.kind == "outcome" and race.values.tolist() == [[outcomes[x, y] for y in range(4)] for x in range(4)]
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
    # Numbers that are not whole are refused, not truncated (3.7 answered
    # heap 3, (1.5, 2.9) the cell 1,2, True heap 1).
    for position in (3.7, True, (1.5, 2.9)):
        with pytest.raises(grundy.InvalidPositionError, match="whole numbers"):
            grundy.solve("wythoff" if isinstance(position, tuple) else "nim", position)
    with pytest.raises(ValueError, match="rows: expected a whole number"):
        grundy.table("kayles", (0.5, 4.9))
    # Negative bounds and boards: a ValueError, not Rust's OverflowError.
    with pytest.raises(ValueError, match="rows: expected a whole number"):
        grundy.table("kayles", (-1, 4))
    with pytest.raises(ValueError, match="board and goal"):
        grundy.solve("knight", (1, 2), board=(-1, 3))
    # Too large, likewise (each raised a bare OverflowError: "Python int
    # too large to convert to C ssize_t", "int too big to convert").
    with pytest.raises(ValueError, match="board and goal: expected a whole number from 0 to 4294967295"):
        grundy.game("king", board=(2**64, 2))
    with pytest.raises(ValueError, match="rows: expected a whole number from 0 to 18446744073709551615"):
        grundy.table("wythoff", (0, 2**64), (0, 3))
    with pytest.raises(ValueError, match="rows: expected a whole number from 0 to 18446744073709551615"):
        grundy.table("nim", 2**64)
    with pytest.raises(grundy.TooLargeError):
        grundy.table("nim", 2**63)
    # The last heap u64 can say is a length one more than it can: too large,
    # not a "len" the caller never gave.
    with pytest.raises(grundy.TooLargeError, match="heaps 0..18446744073709551615"):
        grundy.sequence("kayles", 2**64 - 1)
    sequence = grundy.HeapSequence("kayles", None, None)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="len: expected a whole number from 0"):
            sequence.extend_to(bad)
    with pytest.raises(TypeError, match="len: expected a whole number"):
        sequence.extend_to(2.5)
    # Misère values of 10^12 heaps cannot be held: refused at once (it
    # searched for minutes before failing on another limit).
    with pytest.raises(grundy.TooLargeError, match="misère values of heaps"):
        grundy.sequence("nim", to=10**12, misere=True)


def test_misere_play_of_boards_by_canonical_forms():
    # Their components carry a misère canonical form and CGSuite's short
    # genus, which the result's components once did not accept (every
    # misère solve of these games raised TypeError).
    for game, position in (("cram", "2x3"), ("chomp", "2x2"), ("node-kayles:path:3", "all"), ("sprouts", 2)):
        result = grundy.solve(game, position, misere=True)
        assert result.play == "misere"
        assert all(c.misere_canonical_form for c in result.components), (game, result)
        assert result.to_dict()["components"][0]["genus_short"] == result.components[0].genus_short
    # Misère Cram 1x2 is one move: whoever takes it loses, a P-position.
    assert grundy.solve("cram", "1x2", misere=True).outcome == "P"


def test_the_catalogue_lists_the_games():
    names = [entry["name"] for entry in grundy.catalogue()]
    assert "nim" in names and "wythoff" in names


def test_a_game_object_keeps_its_session():
    kayles = grundy.game("kayles")
    assert repr(kayles) == "grundy.game('kayles')"
    first = kayles.solve(30, 41, 17)
    assert first.nim_value == nim_sum(plain_nim_values(Kayles(), [30, 41, 17]))
    assert kayles.solve(30, 41, 17) == first  # asked again, the same answer
    assert kayles.table(range(13)).values.tolist() == plain_nim_values(Kayles(), range(13))
    knight = grundy.game("knight", board=[8, 8])
    assert knight.table(range(8), range(8)).values.shape == (8, 8)
    with pytest.raises(grundy.InvalidGameError, match="not a board game"):
        grundy.game("nim", board=(3, 3))
    with pytest.raises(grundy.InvalidGameError, match="needs"):
        grundy.game("subtraction")


# OEIS A002187: Dawson's Chess (octal 0.137), heaps 0..101.
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
]  # fmt: skip


def runs(cells):
    """Lengths of the runs of True in `cells`: the heaps a strip falls into."""
    found, length = [], 0
    for cell in list(cells) + [False]:
        if cell:
            length += 1
        else:
            found.append(length)
            length = 0
    return found


def test_boards_and_graphs_past_64_cells():
    # A 1 x n Cram board is Dawson's Kayles (0.07) on a heap of n: a domino
    # covers two adjacent cells of the strip. Node Kayles on a path of n
    # vertices is Dawson's Chess (0.137) on n: a vertex goes with its
    # neighbours. Both by the plain mex of their octal codes, checked
    # against OEIS A002187 (0.137; 0.07 is it shifted by one).
    dawsons_chess, dawsons_kayles = octal_values("0.137", 128), octal_values("0.07", 128)
    assert dawsons_chess[: len(A002187)] == A002187 and dawsons_kayles[1:] == dawsons_chess[:-1]
    for n in (65, 70, 97, 128):
        cram = grundy.solve("cram", f"1x{n}")
        assert cram.nim_value == dawsons_kayles[n], n
        # Every winning move and only those: a domino on cells a, a + 1
        # leaves strips of a and n - 2 - a, whose values must cancel.
        expected = [a for a in range(n - 1) if dawsons_kayles[a] ^ dawsons_kayles[n - 2 - a] == 0]
        assert sorted(m.to[0].index("#") for m in cram.winning_moves) == expected, n
        for m in cram.winning_moves:
            assert nim_sum(dawsons_kayles[r] for r in runs(c == "." for c in m.to[0])) == 0, m
    for n in (65, 100, 128):
        path = grundy.solve(f"node-kayles:path:{n}", "all")
        assert path.nim_value == dawsons_chess[n], n
        # Vertex v leaves paths of v - 1 and n - v - 2 vertices (fewer at the ends).
        expected = [v for v in range(n) if dawsons_chess[max(v - 1, 0)] ^ dawsons_chess[max(n - v - 2, 0)] == 0]
        chosen = []
        for m in path.winning_moves:
            left = {int(v) for v in m.to[0].split(",") if v}
            assert nim_sum(dawsons_chess[r] for r in runs(v in left for v in range(n))) == 0, m
            gone = sorted(set(range(n)) - left)
            chosen.append(gone[1] if len(gone) == 3 else gone[0] if gone[0] == 0 else gone[1])
        assert sorted(chosen) == expected, n
    # A sum of a board past 64 cells and one under: 4 x 4 (even x even) is
    # 0 by the symmetry strategy (Winning Ways ch. 22).
    assert grundy.solve("cram", "1x100", "4x4").nim_value == dawsons_kayles[100] != 0


def loopy_outcomes(options):
    """Win ("N"), loss ("P") or draw ("D") of every position of a finite graph
    with cycles, by retrograde analysis: stuck is a loss, a position with a
    losing option a win, one whose options all win a loss, the rest draws."""
    outcome = {v: "P" for v, targets in options.items() if not targets}
    unknown = {v: len(set(targets)) for v, targets in options.items() if targets}
    parents = {v: set() for v in options}
    for v, targets in options.items():
        for t in set(targets):
            parents[t].add(v)
    queue = list(outcome)
    while queue:
        v = queue.pop()
        for p in parents[v]:
            if p in outcome:
                continue
            if outcome[v] == "P":
                outcome[p] = "N"
                queue.append(p)
            else:
                unknown[p] -= 1
                if unknown[p] == 0:
                    outcome[p] = "P"
                    queue.append(p)
    return {v: outcome.get(v, "D") for v in options}


def test_a_graph_game_is_read_from_its_file(tmp_path):
    # The README's loopy example: 0 -> 1 -> 2 loses, 3 and 4 cycle, 5 + 1 is ∞(1).
    example = "examples/loopy-game.txt"
    root = __import__("pathlib").Path(__file__).resolve().parents[3]
    assert grundy.solve("graph", 0, file=root / example).outcome == "P"
    assert grundy.solve("graph", 3, file=root / example).outcome == "D"
    both = grundy.game("graph", file=root / example).solve(5, 1)
    assert (both.outcome, both.generalized_value) == ("D", "∞(1)")
    assert [(m.from_, m.to) for m in both.drawing_moves] == [("5", ["3"])]
    # Random graphs with cycles, position by position, against retrograde analysis.
    rng = np.random.default_rng(30)
    for round in range(40):
        n = int(rng.integers(1, 12))
        options = {v: sorted({int(t) for t in rng.integers(0, n, size=int(rng.integers(0, 3)))}) for v in range(n)}
        path = tmp_path / f"graph{round}.txt"
        path.write_text("".join(" ".join(map(str, [v] + options[v])) + "\n" for v in range(n)))
        game = grundy.game("graph", file=path)
        expected = loopy_outcomes(options)
        for v in range(n):
            assert game.solve(v).outcome == expected[v], (options, v)


def test_a_graph_game_needs_its_file_and_others_take_none(tmp_path):
    with pytest.raises(grundy.InvalidGameError, match=r"'graph' is read from a file: grundy.game\("):
        grundy.solve("graph", 0)
    with pytest.raises(grundy.InvalidGameError, match="'kayles' is not read from a file"):
        grundy.game("kayles", file=tmp_path / "x.txt")
    with pytest.raises(grundy.GrundyError, match="cannot read"):
        grundy.game("graph", file=tmp_path / "missing.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\nx 2\n")
    with pytest.raises(grundy.GrundyError, match="line 2"):
        grundy.game("graph", file=bad)
    # An edited file is read again by solve (the cache of games knows when it changed).
    path = tmp_path / "g.txt"
    path.write_text("0 1\n1\n")
    assert grundy.solve("graph", 0, file=path).outcome == "N"
    path.write_text("0\n1\n")
    os_stat = __import__("os").stat(path)
    __import__("os").utime(path, ns=(os_stat.st_atime_ns, os_stat.st_mtime_ns + 10**9))
    assert grundy.solve("graph", 0, file=path).outcome == "P"


def test_every_sg_prints_as_the_command_line_does():
    # The text showed "nim-value None" and "winning moves (0):" (an audit):
    # as `grundy solve --every wythoff 1,2 2,2` prints, each component's
    # suspense number and why no move is listed.
    text = str(grundy.solve("wythoff", (1, 2), (2, 2), every=True))
    assert "[0] '1,2'  suspense 2" in text or "[0] 1,2  suspense 2" in text, text
    assert "suspense 3" in text and "None" not in text, text
    assert "winning moves: not listed for Every-SG" in text, text
    assert "winning moves: none" in str(grundy.solve("nim", 1, 1))
