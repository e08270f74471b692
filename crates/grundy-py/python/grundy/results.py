"""What grundy answers with: results, genera, periodicity, sequences, tables.

Plain dataclasses with ``to_dict()``; values are NumPy arrays.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np

_OUTCOME_WORDS = {"N": "first player wins", "P": "second player wins", "D": "draw"}


# Plain (not frozen) dataclasses: a frozen one takes five times as long to
# build, which was most of the cost of a `grundy.solve` call.
@dataclass
class Component:
    """One component of a sum, with its values."""

    position: Any
    nim_value: Optional[int] = None
    #: Misère play: the genus ``g^γ0γ1γ2γ3`` (see :class:`Genus`).
    genus: Optional[str] = None
    #: Misère play by canonical forms (boards, Sprouts): the misère
    #: canonical form in CGSuite's notation (``*[2#]``) and the genus in
    #: CGSuite's short form (``4^146``).
    misere_canonical_form: Optional[str] = None
    genus_short: Optional[str] = None
    remoteness: Optional[int] = None
    suspense: Optional[int] = None
    generalized_value: Optional[str] = None

    def details(self) -> str:
        """What ``grundy solve`` prints after the component: its form, genus
        (or generalized value, or nim-value), remoteness and suspense."""
        parts = []
        if self.misere_canonical_form:
            parts.append(f"form {self.misere_canonical_form}")
        if self.genus:
            short = f" (short {self.genus_short})" if self.genus_short else ""
            parts.append(f"genus {self.genus}{short}")
        elif self.generalized_value is not None:
            parts.append(f"value {self.generalized_value}")
        elif self.nim_value is not None:
            parts.append(f"nim-value {self.nim_value}")
        if self.remoteness is not None:
            parts.append(f"remoteness {self.remoteness}")
        if self.suspense is not None:
            parts.append(f"suspense {self.suspense}")
        return ", ".join(parts)


@dataclass
class Move:
    """A move in one component of a sum: from ``from_`` to the sum ``to``."""

    component: int
    from_: Any
    #: The option moved to: a list of positions (a sum; empty when the move
    #: ends play in this component).
    to: list
    #: The option's nim-value (normal play only).
    nim_value: Optional[int] = None

    def __str__(self) -> str:
        to = " + ".join(map(_show, self.to)) or "0"
        return f"{_show(self.from_)} -> {to}"


@dataclass
class Result:
    """Everything grundy says about a position: outcome, value, winning moves.

    ``outcome`` is ``"N"`` (the player to move wins), ``"P"`` (the player who
    just moved wins) or ``"D"``. ``to_dict()`` gives the keys of the
    command line's ``grundy solve --json``.
    """

    outcome: str
    #: ``"normal"``, ``"misere"``, ``"every"``, ``"goal"`` or ``"loopy"``.
    play: str
    nim_value: Optional[int]
    components: list
    winning_moves: list
    #: How a misère outcome was decided: ``"tame-genus"``, ``"canonical"`` or ``"search"``
    #: (and for built-in games ``"quotient"`` or ``"closed-form"``).
    method: Optional[str] = None
    #: The game's description (built-in games), or None.
    game: Optional[str] = None
    #: The position as given, one entry per summand (built-in games).
    position: Optional[list] = None
    drawing_moves: list = field(default_factory=list)
    generalized_value: Optional[str] = None
    #: Why a value is missing or how it was found, for people.
    note: Optional[str] = None

    @property
    def genus(self) -> list:
        """Each component's genus (misère play), or None where not computed."""
        return [c.genus for c in self.components]

    @property
    def first_player_wins(self) -> bool:
        return self.outcome == "N"

    @classmethod
    def from_dict(cls, fields: dict) -> "Result":
        fields = dict(fields)
        fields["components"] = [Component(**c) for c in fields.get("components", [])]
        for key in ("winning_moves", "drawing_moves"):
            fields[key] = [_move(m) for m in fields.get(key, [])]
        return cls(**{k: v for k, v in fields.items() if k in _RESULT_FIELDS})

    def to_dict(self) -> dict:
        """The result as plain data, with the keys of ``grundy solve --json``."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "components":
                value = [{k: v for k, v in dataclasses.asdict(c).items() if v is not None or k == "nim_value"} for c in value]
            elif f.name in ("winning_moves", "drawing_moves"):
                value = [_move_dict(m) for m in value]
            out[f.name] = value
        return out

    def __str__(self) -> str:
        lines = [f"outcome:   {self.outcome} ({_OUTCOME_WORDS.get(self.outcome, self.outcome)})"]
        if self.method:
            lines.insert(0, f"decided by: {self.method}")
        if self.nim_value is not None:
            lines.append(f"nim-value: {self.nim_value}")
        lines.append(f"components ({len(self.components)}):")
        for i, c in enumerate(self.components):
            details = c.details()
            lines.append(f"  [{i}] {_show(c.position)}  {details}" if details else f"  [{i}] {_show(c.position)}")
        if self.winning_moves:
            lines.append(f"winning moves ({len(self.winning_moves)}):")
        elif self.outcome == "P":
            lines.append("winning moves: none (every move loses against perfect play)")
        elif self.play == "every":
            lines.append("winning moves: not listed for Every-SG (a move changes every component)")
        else:
            lines.append("winning moves (0):")
        for m in self.winning_moves:
            value = "" if m.nim_value is None else f"  (option's nim-value {m.nim_value})"
            lines.append(f"  in [{m.component}]: {m}{value}")
        return "\n".join(lines)


_RESULT_FIELDS = frozenset(f.name for f in dataclasses.fields(Result))


def _show(position: Any) -> str:
    return position if isinstance(position, str) else repr(position)


def _move(fields: dict) -> Move:
    fields = dict(fields)
    fields["from_"] = fields.pop("from")
    return Move(**fields)


def _move_dict(move: Move) -> dict:
    return {"component": move.component, "from": move.from_, "to": list(move.to), "nim_value": move.nim_value}


@dataclass
class Genus:
    """Conway's genus ``g^γ0γ1γ2…``: the nim-value ``g`` and the misère
    nim-values ``γi`` of the position plus ``i`` copies of ``*2``."""

    nim_value: int
    misere: list
    #: The long form, e.g. ``4^14646``.
    text: str
    #: Whether this is the genus of a tame position: ``0^1202…``, ``1^0313…``
    #: or ``a^{a,a⊕2,…}`` (tameness also needs every follower to be so).
    is_tame_form: bool

    def __str__(self) -> str:
        return self.text


@dataclass
class Periodicity:
    """``G(n + period) = G(n) + saltus`` for every ``n ≥ preperiod``: proven
    for all heaps (``certificate`` says how) or seen in the values computed."""

    preperiod: int
    period: int
    saltus: int
    proven: bool
    certificate: Optional[str]
    computed_through: int

    @property
    def last_exception(self) -> Optional[int]:
        return self.preperiod - 1 if self.preperiod > 0 else None

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    def __str__(self) -> str:
        kind = "PROVEN" if self.proven else "conjectured (seen in the values computed)"
        saltus = f", saltus {self.saltus}" if self.saltus else ""
        exception = "no exceptions" if self.preperiod == 0 else f"last exception at {self.preperiod - 1}"
        text = f"{kind} periodic, period {self.period}{saltus}, {exception}"
        return text + (f"\nproof: {self.certificate}" if self.certificate else "")


def _periodicity(found: Optional[dict]) -> Optional[Periodicity]:
    return None if found is None else Periodicity(**found)


@dataclass(eq=False)
class Sequence:
    """Nim-values ``values[n]`` of positions ``0..to``, and their periodicity."""

    game: str
    values: np.ndarray
    periodicity: Optional[Periodicity]
    method: Optional[str] = None

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, index):
        return self.values[index]

    def __array__(self, dtype=None, copy=None):
        return self.values if dtype is None else self.values.astype(dtype)

    def picture(self, format: str = "png") -> bytes:
        """The values drawn as ``grundy plot`` draws a sequence: G(n)
        against n, the preperiod and one period shaded, rare values in red;
        ``format`` is ``"png"`` or ``"svg"``."""
        from . import _grundy

        p = self.periodicity
        periodicity = None if p is None or p.saltus != 0 else (p.preperiod, p.period)
        values = np.ascontiguousarray(self.values, dtype=np.uint32)
        return _grundy.sequence_picture(self.game, values, 0, periodicity, format)

    def _repr_png_(self) -> Optional[bytes]:
        """Jupyter shows the sequence as its scatter plot."""
        return _picture_or_none(self.picture)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "values": self.values.tolist(),
            "periodicity": None if self.periodicity is None else self.periodicity.to_dict(),
        }


_OUTCOME_CODES = np.array(["P", "N", "D", ""])
# Outcome words back to their codes (P = 0, N = 1, D = 2, "" = -1, no position).
_OUTCOME_CODES_SORTED = np.array(["", "D", "N", "P"])
_OUTCOME_ORDER = np.array([-1, 2, 1, 0], dtype=np.int64)


def _picture_or_none(draw) -> Optional[bytes]:
    # Jupyter falls back to the text form when `_repr_png_` returns None;
    # an exception there would print a traceback instead of the table.
    # (grundy.GrundyError, too large a table for instance, is a ValueError.)
    try:
        return draw("png")
    except ValueError:
        return None


class Patterns:
    """The periods and P-position forms of a table (``Table.patterns()``),
    as ``grundy pattern`` reports them: ``str()`` is its text, ``to_dict()``
    the keys of ``grundy pattern --json``, which are also attributes
    (``p_forms``, ``rows_repeat``, ``row_patterns``, ``sequence``…)."""

    def __init__(self, data: dict, text: str):
        self._data = data
        self._text = text

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_data"][name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> dict:
        return dict(self._data)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"<grundy.Patterns of {self._data.get('game')!r}>"


@dataclass(eq=False)
class Table:
    """Values of a game over a range of positions: ``values[i]`` for the
    position ``rows[i]``, or ``values[i, j]`` for ``(rows[i], columns[j])``.

    For a ``"nim-value"`` table the values are integers, -1 where the
    coordinates name no position (off the board); for an ``"outcome"``
    table (races with draws) they are ``"P"``, ``"N"``, ``"D"`` or ``""``.
    """

    game: str
    kind: str
    rows: np.ndarray
    columns: Optional[np.ndarray]
    values: np.ndarray

    @property
    def shape(self) -> tuple:
        return self.values.shape

    def __array__(self, dtype=None, copy=None):
        return self.values if dtype is None else self.values.astype(dtype)

    def __getitem__(self, index):
        return self.values[index]

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "kind": self.kind,
            "rows": self.rows.tolist(),
            "columns": None if self.columns is None else self.columns.tolist(),
            "values": self.values.tolist(),
        }

    def patterns(self) -> "Patterns":
        """What ``grundy pattern`` finds in the table: row and column
        periods, whole-table repetition, the ``(x mod a, y mod b)`` table,
        and forms that describe the P-positions exactly (checked on every
        cell of the range)."""
        from . import _grundy

        data, text = _grundy.table_patterns(*self._library_form())
        return Patterns(data, text)

    def _library_form(self) -> tuple:
        """The arguments that rebuild this table in the library."""
        if self.kind == "outcome":
            cells = _OUTCOME_ORDER[np.searchsorted(_OUTCOME_CODES_SORTED, self.values.ravel())]
        else:
            cells = self.values.ravel()
        columns = None if self.columns is None else [int(c) for c in self.columns]
        rows = [int(r) for r in self.rows]
        return self.game, self.kind, rows, columns, np.ascontiguousarray(cells, dtype=np.int64)

    def picture(self, format: str = "png") -> bytes:
        """The table drawn as ``grundy plot`` draws it: a heatmap of a
        two-coordinate table (P-positions black, a legend of the values), or
        the scatter of a one-coordinate table's values; ``format`` is
        ``"png"`` or ``"svg"``."""
        from . import _grundy

        return _grundy.table_picture(*self._library_form(), format)

    def _repr_png_(self) -> Optional[bytes]:
        """Jupyter shows the table as its picture (text when it has none,
        such as a table too large to draw)."""
        return _picture_or_none(self.picture)
