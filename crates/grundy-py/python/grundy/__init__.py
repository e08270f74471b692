"""grundy: impartial combinatorial games from Python.

Who wins a position with perfect play, its Sprague-Grundy value (nim-value),
every winning move, misère play and Conway's genus, nim-value sequences of
heap games with proven periodicity — computed by the Rust engine `grundy`.

Games defined in Python::

    import grundy

    class Kayles(grundy.Game):
        '''Knock down one pin or two adjacent pins from a row of n.'''
        def options(self, n):
            return [grundy.sum(a, n - take - a)
                    for take in (1, 2) for a in range(n - take + 1)
                    if a <= n - take - a]

    kayles = Kayles()
    kayles.nim_value(10)              # 2
    kayles.solve(5, 7).winning_moves  # every winning move of the sum 5 + 7
    kayles.solve(5, 2, misere=True)   # misère play, with each component's genus

Heap games by their codes::

    grundy.sequence("0.16", to=1000).periodicity
"""

from __future__ import annotations

import functools
import os
import threading
from typing import Any, Iterable, Optional, Union

import numpy as np

from . import _grundy
from ._grundy import (
    GrundyError,
    HeapSequence,
    InvalidGameError,
    InvalidPositionError,
    LoopyError,
    TooLargeError,
)
from ._grundy import Sum, sum  # noqa: A004 - `grundy.sum(a, b)` reads as the sum it is
from .results import (
    _OUTCOME_CODES,
    Component,
    Genus,
    Move,
    Patterns,
    Periodicity,
    Result,
    Sequence,
    Table,
    _periodicity,
)

__all__ = [
    "solve",
    "table",
    "game",
    "BuiltinGame",
    "catalogue",
    "Table",
    "Patterns",
    "Game",
    "sum",
    "Sum",
    "Result",
    "Component",
    "Move",
    "Genus",
    "Periodicity",
    "Sequence",
    "HeapSequence",
    "sequence",
    "find_periodicity",
    "GrundyError",
    "LoopyError",
    "TooLargeError",
    "InvalidGameError",
    "InvalidPositionError",
]

def find_periodicity(values: Iterable[int], octal_length: Optional[int] = None) -> Optional[Periodicity]:
    """The shortest period (with preperiod and saltus) the tail of ``values``
    follows, or None. With ``octal_length`` (the place of a finite octal
    code's last non-zero digit) it is proven by the octal periodicity theorem
    where the values reach far enough."""
    return _periodicity(_grundy.find_periodicity(_nim_values(values), octal_length))


def _nim_values(values: Iterable[int]) -> np.ndarray:
    """``values`` as the engine reads them (32-bit nim-values), or a
    ValueError: a cast would wrap ``2**32`` to 0 and ``-1`` to ``2**32 - 1``
    and cut ``0.9`` to 0, and so find periods the values do not have."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"values: expected a sequence of whole numbers, found an array of shape {array.shape}")
    if array.size == 0:
        return np.zeros(0, dtype=np.uint32)
    if array.dtype.kind == "O":
        array = np.array([_whole(v, "values", _MAX_NIM_VALUE) for v in array], dtype=np.uint32)
    elif array.dtype.kind not in "iu":
        raise ValueError(f"values: expected whole numbers, found values of type {array.dtype}")
    elif array.min() < 0 or array.max() > _MAX_NIM_VALUE:
        bad = array[(array < 0) | (array > _MAX_NIM_VALUE)][0]
        raise ValueError(f"values: a nim-value is from 0 to {_MAX_NIM_VALUE}, found {bad}")
    return np.ascontiguousarray(array, dtype=np.uint32)


#: The largest nim-value the engine stores (32 bits).
_MAX_NIM_VALUE = 2**32 - 1


def sequence(
    game: str,
    to: int,
    *,
    method: Optional[str] = None,
    misere: bool = False,
    checkpoint: Optional[Union[str, os.PathLike[str]]] = None,
) -> Sequence:
    """Nim-values of heaps ``0..to`` (inclusive) of a heap game, and their
    periodicity (proven for finite octal codes when the values reach far
    enough).

    With ``misere=True``, the misère nim-values ``g⁻`` of single heaps (what
    ``grundy sequence --misere`` prints): exact search to heap 50, beyond it
    a misère quotient of nim heaps with the game's heaps, and where that
    outgrows its limits each heap's misère canonical form, within a budget
    (past both, an error says how far each got). ``method`` then says which
    decided; the periodicity is proven when the quotient is proven final,
    else only what the values show.

    ``game`` is a take-and-break code (``"0.16"``, ``"4.07"``, ``"0.3F"``), a
    classic (``"kayles"``, ``"dawsons-kayles"``, ``"grundys-game"``, ``"nim"``)
    or a subtraction game (``"subtraction:1,3,4"``, ``"all-but:1,3"``).
    ``method`` is ``"plain"``, ``"rare-common"`` or None (the fastest).

    The engine runs without holding the interpreter. Ctrl-C raises
    KeyboardInterrupt promptly; to keep the values computed so far, use a
    :class:`HeapSequence` and call its ``extend_to`` again, or give a
    ``checkpoint`` file: the values are saved to it every 10 seconds, at
    the end and when interrupted, and the same call with the same file
    resumes from what it holds (the file of ``grundy sequence
    --checkpoint``; another game's file is refused). Misère values keep no
    checkpoint.
    """
    to = _whole(to, "to")
    if _flag(misere, "misere"):
        if method is not None:
            raise ValueError("method applies to normal play; misère values choose their own method")
        if checkpoint is not None:
            raise ValueError("checkpoint applies to normal play; misère values keep no checkpoint")
        values, decided_by, periodicity = _grundy.misere_sequence(game, int(to))
        return Sequence(game, values, _periodicity(periodicity), decided_by)
    if to == 2**64 - 1:
        # (Heaps 0..to are one value more than a length can say.)
        raise TooLargeError(f"too large: the nim-values of heaps 0..{to} are 2^64 values")
    heaps = HeapSequence(game, method, checkpoint)
    heaps.extend_to(int(to) + 1)
    heaps.truncate(int(to) + 1)  # a checkpoint may hold more heaps than asked for
    periodicity = _periodicity(heaps.periodicity())
    return Sequence(heaps.game, heaps.take_values(), periodicity, heaps.method)


Position = Union[int, tuple, str]

#: The most misère values a genus is asked for: past its start the sequence
#: only repeats its last two, and each term is 8 bytes.
MAX_GENUS_TERMS = 10_000


def _written(position: Position) -> str:
    """A position as the command line writes it: ``5``, ``3,5``."""
    if isinstance(position, str):
        return position
    if isinstance(position, tuple):
        return ",".join(_number(x) for x in position)
    return _number(position)


def _number(x: Any) -> str:
    """A number of a position as text. Only whole numbers: ``int(3.7)``
    would quietly answer heap 3 (and ``True`` heap 1)."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise InvalidPositionError(f"a position's numbers are whole numbers, found {x!r}")
    return str(int(x))


def _whole(x: Any, name: str, most: int = 2**64 - 1) -> int:
    """``x`` if it is a whole number from 0 to ``most`` (a bound, a board
    size), else a ValueError naming ``name`` and the range (not Rust's
    OverflowError, which names neither)."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x <= most:
        raise ValueError(f"{name}: expected a whole number from 0 to {most}, found {x!r}")
    return int(x)


def _flag(x: Any, name: str) -> bool:
    """``x`` if it is True or False. Any other value is refused: a string
    such as ``"no"`` is truthy, so it would quietly mean True."""
    if not isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name}: expected True or False, found {x!r}")
    return bool(x)


def solve(
    game: Union[str, "Game"],
    *positions: Position,
    misere: bool = False,
    every: bool = False,
    board: Optional[tuple] = None,
    goal: Optional[tuple] = None,
    file: Optional[Union[str, os.PathLike[str]]] = None,
) -> Result:
    """Outcome, nim-value and every winning move of the sum of ``positions``.

    ``game`` is a description, as on the command line (``"kayles"``,
    ``"subtraction:1,3,4"``, ``"wythoff"``, ``"leaper:-2,1/1,-2"``; see
    :func:`catalogue`), or a :class:`Game` object. Positions are numbers,
    tuples ``(x, y)`` or text (``"3,5"``). ``misere=True``: the last player to
    move loses (each component's genus; ``method`` says how the outcome was
    decided). ``every=True``: Every-SG. ``board=(rows, cols)`` (or ``"8x8"``)
    bounds a board game; ``goal=(x, y)`` (or ``"0,0"``) makes it a race to
    that cell (draws possible).
    ``file`` is the file of a game read from one: ``solve("graph", 5, 1,
    file="examples/loopy-game.txt")`` (a loopy game: draws possible).

    >>> grundy.solve("nim", 3, 4, 5).winning_moves[0].to
    ['1']
    """
    if isinstance(game, Game):
        if _flag(every, "every") or board is not None or goal is not None or file is not None:
            raise ValueError("every, board, goal and file apply to built-in games; a Game defines its own rules")
        return game.solve(*positions, misere=misere)
    return _session(game, _pair(board), _pair(goal), *_file_key(file)).solve(*positions, misere=misere, every=every)


def _inclusive(span: Union[range, tuple, int], name: str) -> tuple:
    """``range(a, b)`` (step 1), ``(a, b)`` inclusive, or ``n`` for ``0..n-1``."""
    if isinstance(span, (int, np.integer)) and not isinstance(span, bool):
        span = range(_whole(span, name))
    if isinstance(span, range):
        # (Not len(span): a range past 2**63 has no length in Python.)
        if span.step != 1 or span.stop <= span.start:
            raise ValueError(f"{name} must be a non-empty range with step 1, found {span!r}")
        return (_whole(span.start, name), _whole(span.stop - 1, name))
    if isinstance(span, (str, bytes)) or not isinstance(span, (tuple, list)) or len(span) != 2:
        raise ValueError(f"{name}: expected a range, a (first, last) pair or a count, found {span!r}")
    first, last = span
    return (_whole(first, name), _whole(last, name))


def table(
    game: Union[str, "Game"],
    rows: Union[range, tuple, int],
    columns: Union[range, tuple, int, None] = None,
    *,
    board: Optional[tuple] = None,
    goal: Optional[tuple] = None,
    file: Optional[Union[str, os.PathLike[str]]] = None,
) -> Table:
    """Values over a range: ``table("subtraction:2,3,7", range(31))``,
    ``table("wythoff", range(10, 11), range(21))``. Ranges are Python
    ranges (end excluded) or ``(first, last)`` pairs (both included)."""
    if isinstance(game, Game):
        if board is not None or goal is not None or file is not None:
            raise ValueError("board, goal and file apply to built-in games; a Game defines its own rules")
        rows_list = list(range(rows)) if isinstance(rows, int) else list(rows)
        columns_list = None if columns is None else list(range(columns)) if isinstance(columns, int) else list(columns)
        values = game.table(rows_list, columns_list).astype(np.int64)
        name = type(game).__name__
        return Table(name, "nim-value", np.array(rows_list), None if columns is None else np.array(columns_list), values)
    return _session(game, _pair(board), _pair(goal), *_file_key(file)).table(rows, columns)


class BuiltinGame:
    """A built-in game, by its description: ``grundy.game("kayles")``.

    It keeps what it has computed between questions (its search's memo), so
    asking one object many questions is faster than many ``grundy.solve``
    calls with fresh games (which share a small cache of recent games).
    """

    def __init__(
        self,
        description: str,
        board: Optional[tuple] = None,
        goal: Optional[tuple] = None,
        file: Optional[Union[str, os.PathLike[str]]] = None,
    ):
        self._session = _grundy.BuiltinGame(description, board, goal, None if file is None else os.fspath(file))
        self.description = self._session.name

    def __repr__(self) -> str:
        return f"grundy.game({self.description!r})"

    def solve(self, *positions: Position, misere: bool = False, every: bool = False) -> Result:
        """Outcome, nim-value and every winning move of the sum of ``positions``
        (see :func:`solve`)."""
        misere, every = _flag(misere, "misere"), _flag(every, "every")
        if misere and every:
            raise ValueError("choose misere or every, not both")
        play = "misere" if misere else "every" if every else "normal"
        return Result.from_dict(self._session.solve([_written(p) for p in positions], play))

    def table(self, rows: Union[range, tuple, int], columns: Union[range, tuple, int, None] = None) -> Table:
        """Values over a range (see :func:`table`)."""
        row_span = _inclusive(rows, "rows")
        column_span = None if columns is None else _inclusive(columns, "columns")
        kind, row_list, column_list, cells = self._session.table(row_span, column_span)
        shape = (len(row_list), len(column_list)) if column_list is not None else (len(row_list),)
        values = cells.reshape(shape)
        if kind == "outcome":
            values = _OUTCOME_CODES[values]
        columns_array = None if column_list is None else np.array(column_list, dtype=np.uint64)
        return Table(self.description, kind, np.array(row_list, dtype=np.uint64), columns_array, values)


def game(
    description: str,
    *,
    board: Optional[tuple] = None,
    goal: Optional[tuple] = None,
    file: Optional[Union[str, os.PathLike[str]]] = None,
) -> BuiltinGame:
    """The built-in game a description names (``"kayles"``, ``"0.137"``,
    ``"subtraction:1,3,4"``, ``"knight"`` with ``board=(8, 8)``…; see
    :func:`catalogue`), as an object that remembers what it computed.
    A game read from a file names it: ``game("graph", file="loopy.txt")``."""
    return BuiltinGame(description, _pair(board), _pair(goal), file)


def _pair(pair: Optional[Iterable[int]]) -> Optional[tuple]:
    """A board's (rows, cols) or a goal's (x, y); "8x8" or "3,4" as on the command line."""
    if pair is None:
        return None
    if isinstance(pair, str):
        parts = pair.replace("x", ",").replace("X", ",").split(",")
        pair = [int(p) if p.strip().isdigit() else p for p in parts]
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise ValueError(f"board and goal: expected a pair such as (8, 8) or '8x8', found {pair!r}")
    return tuple(_whole(x, "board and goal", 2**32 - 1) for x in pair)


def _file_key(file: Optional[Union[str, os.PathLike[str]]]) -> tuple:
    """A game file as the cache of sessions knows it: its path and when it
    was last changed, so that an edited file is read again."""
    if file is None:
        return (None, None)
    path = os.fspath(file)
    try:
        return (path, os.stat(path).st_mtime_ns)
    except OSError:
        return (path, None)  # the engine says what is wrong with it


@functools.lru_cache(maxsize=16)
def _session(
    description: str, board: Optional[tuple], goal: Optional[tuple], file: Optional[str] = None, _changed=None
) -> BuiltinGame:
    return BuiltinGame(description, board, goal, file)


def catalogue() -> list:
    """Every built-in game: name, parameters, position syntax, an example."""
    return _grundy.catalogue()


class Game:
    """A game defined in Python: subclass it and write ``options``.

    ``options(position)`` returns the positions the player to move can move
    to: each a hashable position (a number, a tuple, a frozenset…) or, for a
    move that splits the game into independent parts, ``grundy.sum(a, b, …)``
    (``grundy.sum()`` is a move that ends play in this component). Play must
    end: a game with a cycle is reported (:class:`LoopyError`).

    The engine asks ``options`` once per position and keeps the answer, so
    ``options`` must depend on the position only. An exception raised in it
    reaches the caller unchanged, and nothing of that call is kept.
    """

    def options(self, position: Any) -> Iterable[Any]:
        raise NotImplementedError(f"{type(self).__name__} must define options(self, position)")

    @property
    def engine(self) -> "_grundy.PythonGame":
        """The engine's memory of this game: positions met and their options."""
        # The engine's memory of a game is not shared between threads (each
        # call holds the interpreter anyway): another thread is told so in
        # a sentence, where the engine object itself would raise a panic.
        made = self.__dict__.get("_grundy_engine")
        if made is None:
            made = (_grundy.PythonGame(self.options), threading.get_ident())
            self.__dict__["_grundy_engine"] = made
        engine, thread = made
        if thread != threading.get_ident():
            raise RuntimeError(
                f"this {type(self).__name__} was first solved on another thread, and a game's engine stays on the "
                "thread that made it: make one game object per thread"
            )
        return engine

    def nim_value(self, position: Any) -> int:
        """The Sprague-Grundy value of ``position``."""
        return int(self.engine.nim_values([position])[0])

    def nim_values(self, positions: Iterable[Any]) -> np.ndarray:
        """The nim-values of ``positions``, in order, as a NumPy array."""
        return self.engine.nim_values(positions)

    def outcome(self, *positions: Any, misere: bool = False) -> str:
        """``"N"`` if the player to move wins the sum of ``positions``, else ``"P"``."""
        return self.solve(*positions, misere=misere).outcome

    def solve(self, *positions: Any, misere: bool = False) -> Result:
        """Outcome, nim-value and every winning move of the sum of
        ``positions``. In misère play (the last player to move loses) each
        component's genus; the outcome by the tame-genus rule when every
        component is tame, else by exact search (``method`` says which)."""
        if not positions:
            raise InvalidPositionError("no position given")
        fields = self.engine.analyse_misere(positions) if _flag(misere, "misere") else self.engine.analyse(positions)
        return Result.from_dict(fields)

    def genus(self, position: Any, terms: int = 4) -> Genus:
        """Conway's genus of ``position`` (at least ``terms`` misère values,
        and on until they are proven to repeat with period 2, twice)."""
        terms = _whole(terms, "terms")
        if terms > MAX_GENUS_TERMS:
            raise ValueError(f"terms: at most {MAX_GENUS_TERMS} (the rest repeat the last two), found {terms}")
        nim_value, misere, text, tame = self.engine.genus(position, terms)
        return Genus(nim_value, list(misere), text, tame)

    def is_tame(self, position: Any) -> bool:
        """Whether ``position`` and every position it can reach have a tame genus."""
        return self.engine.is_tame(position)

    def misere_nim_values(self, positions: Iterable[Any]) -> np.ndarray:
        """Misère nim-values of single positions (exact search)."""
        return self.engine.misere_nim_values(positions)

    def table(self, rows: Iterable[int], columns: Optional[Iterable[int]] = None) -> np.ndarray:
        """Nim-values over a range: ``table(range(n))`` is the values of
        positions ``0..n-1``; ``table(rows, columns)`` the 2-D array of the
        values of positions ``(r, c)``."""
        rows = list(rows)
        if columns is None:
            return self.nim_values(rows)
        columns = list(columns)
        values = self.nim_values((r, c) for r in rows for c in columns)
        return values.reshape(len(rows), len(columns))

    def sequence(self, to: int) -> Sequence:
        """Nim-values of positions ``0..to`` (whole numbers) and the period
        they seem to follow (a conjecture: no theorem covers arbitrary games)."""
        # Positions are numbered in 32 bits: no more can be valued.
        to = _whole(to, "to", 2**32 - 2)
        values = self.nim_values(range(to + 1)).astype(np.uint32)
        return Sequence(type(self).__name__, values, find_periodicity(values))

    def options_of(self, position: Any) -> list:
        """The options of ``position`` as the engine sees them: a list of
        sums, each a list of positions."""
        return self.engine.options_of(position)
