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

