"""Games written the way a user would write them, and the plain Python
solver (a recursive mex memoized with functools.lru_cache) that the tests
use as their oracle and the benchmark as its baseline."""

import functools

import grundy


class Kayles(grundy.Game):
    """Knock down one pin or two adjacent pins: a row of n splits in two."""

    def options(self, n):
        return [grundy.sum(a, n - take - a) for take in (1, 2) for a in range(n - take + 1) if a <= n - take - a]


class Subtraction(grundy.Game):
    def __init__(self, moves):
        self.moves = moves

    def options(self, n):
        return [n - m for m in self.moves if m <= n]


class Wythoff(grundy.Game):
    """Take from one heap, or the same from both: positions are tuples."""

    def options(self, position):
        x, y = position
        return (
            [(x - k, y) for k in range(1, x + 1)]
            + [(x, y - k) for k in range(1, y + 1)]
            + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
        )


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def plain_nim_values(game, positions):
    """Nim-values by a plain memoized mex, independent of the engine."""

    @functools.lru_cache(maxsize=None)
    def value(p):
        seen = set()
        for option in game.options(p):
            if isinstance(option, grundy.Sum):
                v = 0
                for part in option:
                    v ^= value(part)
                seen.add(v)
            else:
                seen.add(value(option))
        return mex(seen)

    return [value(p) for p in positions]



def _parts(option):
    """The positions an option leaves: a sum's parts, or the one position."""
    return list(option) if isinstance(option, grundy.Sum) else [option]


def plain_misere_values(game, positions):
    """Misère nim-values g⁻ of single positions, by exhaustive search of the
    sums they reach, independent of the engine: a sum is the sorted tuple of
    its components that still have options (a finished component changes
    nothing), g⁻ of the empty sum is 1, and g⁻ of any other sum is the mex
    of its options' (Conway, ONAG ch. 12). A sum is a misère P-position iff
    its g⁻ is 0."""

    @functools.lru_cache(maxsize=None)
    def live(p):
        return bool(list(game.options(p)))

    @functools.lru_cache(maxsize=None)
    def value(sum_):
        seen = set()
        for i, component in enumerate(sum_):
            rest = sum_[:i] + sum_[i + 1 :]
            for option in game.options(component):
                seen.add(value(tuple(sorted(rest + tuple(p for p in _parts(option) if live(p))))))
        return mex(seen) if sum_ else 1

    return [value((p,) if live(p) else ()) for p in positions], value


def winning_moves_by_search(game, heaps, misere=False):
    """Every winning move of the sum `heaps`, as (component, from, sorted
    parts left), found by trying every option: in normal play by the
    nim-sum of the plain mex's values, in misère play by plain_misere_values."""
    if misere:
        _, value = plain_misere_values(game, [])

        def is_p(sum_):
            live = tuple(sorted(p for p in sum_ if list(game.options(p))))
            return value(live) == 0

    else:

        def is_p(sum_):
            total = 0
            for v in plain_nim_values(game, sum_):
                total ^= v
            return total == 0

    moves = []
    for i, heap in enumerate(heaps):
        rest = list(heaps[:i]) + list(heaps[i + 1 :])
        for option in game.options(heap):
            if is_p(rest + _parts(option)):
                moves.append((i, heap, sorted(_parts(option))))
    return moves


class TakeAndBreak(grundy.Game):
    """A take-and-break game by its octal code ("0.137", "4.07"), written
    from the definition (Winning Ways ch. 4): digit k (k counters taken; the
    digit before the point is k = 0) is a sum of 1 (the heap may be taken
    whole), 2 (one heap may be left) and 4 (two heaps may be left)."""

    def __init__(self, code):
        whole, _, fraction = code.partition(".")
        self.digits = [int(whole or "0", 16)] + [int(d, 16) for d in fraction]

    def options(self, n):
        found = []
        for k, digit in enumerate(self.digits):
            left = n - k
            if left < 0:
                break
            if digit & 1 and left == 0 and k > 0:
                found.append(grundy.sum())
            if digit & 2 and left >= 1 and k > 0:
                found.append(left)
            if digit & 4:
                found.extend(grundy.sum(a, left - a) for a in range(1, left // 2 + 1))
        return found


def octal_values(code, to):
    """Nim-values of heaps 0..to of a take-and-break code, by the plain mex
    over the rules (no engine): a bottom-up loop, so heaps of thousands stay cheap."""
    game = TakeAndBreak(code)
    values = []
    for n in range(to + 1):
        seen = set()
        for option in game.options(n):
            total = 0
            for part in _parts(option):
                total ^= values[part]
            seen.add(total)
        values.append(mex(seen))
    return values


def leaper_nim_values(leaps, rows, columns, board=None):
    """Nim-values of a piece that jumps by `leaps` (each (dx, dy)), on the
    quarter plane or a `board` of (rows, columns), by the plain mex: a
    dict of (x, y) -> value, -1 off the board."""

    @functools.lru_cache(maxsize=None)
    def value(x, y):
        seen = set()
        for dx, dy in leaps:
            nx, ny = x + dx, y + dy
            if nx >= 0 and ny >= 0 and (board is None or (nx < board[0] and ny < board[1])):
                seen.add(value(nx, ny))
        return mex(seen)

    on = lambda x, y: board is None or (x < board[0] and y < board[1])  # noqa: E731
    return {(x, y): value(x, y) if on(x, y) else -1 for x in rows for y in columns}


def race_outcomes(leaps, positions, goal):
    """Outcomes of a race to `goal` (whoever moves onto it wins; stuck off it
    is a draw) for a piece whose jumps lower x + y, by plain recursion."""

    @functools.lru_cache(maxsize=None)
    def outcome(x, y):
        options = [(x + dx, y + dy) for dx, dy in leaps if x + dx >= 0 and y + dy >= 0]
        if not options:
            return "P" if (x, y) == goal else "D"
        found = {outcome(*o) for o in options}
        return "N" if "P" in found else "D" if "D" in found else "P"

    return {p: outcome(*p) for p in positions}, outcome
