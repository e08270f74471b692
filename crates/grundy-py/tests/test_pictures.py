"""Tables and sequences as pictures (`_repr_png_` in Jupyter): real PNGs,
decoded here with the standard library (zlib and the PNG filters)."""

import struct
import zlib

import numpy as np

import grundy
from games import Kayles, Subtraction, Wythoff, octal_values, plain_nim_values, race_outcomes

# The library's colours (export::colour).
BLACK = (0, 0, 0)  # P-positions
N_COLOUR = (250, 196, 84)  # races: the player to move wins
DRAW_COLOUR = (110, 160, 225)  # races: neither side can force the goal
INK = (40, 40, 40)  # frames, axes and text
COMMON = (40, 90, 170)  # a sequence's dots
RARE = (215, 40, 40)  # a sequence's rare values


def decode_png(data):
    """Width, height and the RGB pixels (rows of (r, g, b)) of an 8-bit RGB
    PNG, checking the signature, every chunk's CRC and the IEND chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    at, chunks = 8, []
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        chunks.append((kind, body))
        at += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour, interlace) == (8, 2, 0), "expected 8-bit RGB, not interlaced"
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = 3 * width
    assert len(raw) == height * (1 + stride)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (1 + stride)], bytearray(raw[y * (1 + stride) + 1 : (y + 1) * (1 + stride)])
        for i in range(stride):
            left = line[i - 3] if i >= 3 else 0
            up, up_left = previous[i], previous[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
            else:
                assert kind == 0, f"unknown filter {kind}"
        rows.append([tuple(line[i : i + 3]) for i in range(0, stride, 3)])
        previous = line
    return width, height, rows


def colours(rows):
    return {pixel for row in rows for pixel in row}


def longest_ink_line(rows):
    """(x, y, length) of the first longest horizontal run of INK: the
    heatmap's frame top, or the scatter's horizontal axis."""
    best = (0, 0, 0)
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] == INK:
                start = x
                while x < len(row) and row[x] == INK:
                    x += 1
                if x - start > best[2]:
                    best = (start, y, x - start)
            else:
                x += 1
    return best


def cell_colours(png, shape):
    """The colour of each cell of a heatmap of `shape` (rows, columns): the
    grid is found by its frame (one INK pixel around it), and each cell read
    at its top-left pixel (a value written in a cell is centred, clear of it)."""
    _, _, rows = decode_png(png)
    x, y, length = longest_ink_line(rows)
    left, top, width = x + 1, y + 1, length - 2
    cell, spare = divmod(width, shape[1])
    assert spare == 0 and cell > 0, (width, shape)
    assert rows[top + shape[0] * cell][left] == INK, "the frame's bottom is where the rows end"
    return [[rows[top + r * cell][left + c * cell] for c in range(shape[1])] for r in range(shape[0])]


def assert_painted_by_value(picture, values):
    """Each cell black iff its value is 0, and one colour per value."""
    colour_of = {}
    for r, row in enumerate(picture):
        for c, colour in enumerate(row):
            value = values[r][c]
            assert (colour == BLACK) == (value == 0), (r, c, value, colour)
            assert colour_of.setdefault(value, colour) == colour, f"value {value} in two colours"
    return colour_of


def wythoff_values(size, game=None):
    game = game or Wythoff()
    flat = plain_nim_values(game, [(x, y) for x in range(size) for y in range(size)])
    return [flat[x * size : (x + 1) * size] for x in range(size)]


def test_a_table_shows_as_a_heatmap_png():
    table = grundy.table("wythoff", range(20), range(20))
    png = table._repr_png_()
    assert table.picture() == png
    # Cell by cell against the plain mex: the P-positions of Wythoff's game
    # (the golden pairs) black, every other value in a colour of its own
    # (a continuous scale: 39 values are too many to tell apart one by one).
    assert_painted_by_value(cell_colours(png, (20, 20)), wythoff_values(20))
    # Few values: each its own colour, all different (the discrete legend).
    small = grundy.table("wythoff", range(6), range(6))._repr_png_()
    colour_of = assert_painted_by_value(cell_colours(small, (6, 6)), wythoff_values(6))
    assert len(set(colour_of.values())) == len(colour_of) == 9


def test_a_cell_changes_colour_when_its_value_does():
    class Shortcut(Wythoff):
        """Wythoff's game with one more move: from (1, 2) to (0, 0)."""

        def options(self, position):
            return super().options(position) + ([(0, 0)] if position == (1, 2) else [])

    values, changed = wythoff_values(12), wythoff_values(12, Shortcut())
    assert values[1][2] == 0 and changed[1][2] == 3  # mex{2, 2, 1, 1, 0}
    before = cell_colours(grundy.table(Wythoff(), range(12), range(12))._repr_png_(), (12, 12))
    after = cell_colours(grundy.table(Shortcut(), range(12), range(12))._repr_png_(), (12, 12))
    assert_painted_by_value(before, values)
    assert_painted_by_value(after, changed)
    assert before[1][2] == BLACK != after[1][2]
    # A game written in Python is drawn as the built-in one.
    assert before == cell_colours(grundy.table("wythoff", range(12), range(12))._repr_png_(), (12, 12))


def test_a_race_with_draws_shows_its_outcome_classes():
    # The knight's race to (0, 0) (Life Winner Bo): P, N and draws, each
    # cell in its outcome's colour, against plain recursion over the rules.
    race = grundy.table("leaper:-1,-2/-2,-1", range(8), range(8), goal=(0, 0))
    assert race.kind == "outcome"
    outcomes, _ = race_outcomes([(-1, -2), (-2, -1)], [(x, y) for x in range(8) for y in range(8)], (0, 0))
    colour = {"P": BLACK, "N": N_COLOUR, "D": DRAW_COLOUR}
    picture = cell_colours(race._repr_png_(), (8, 8))
    assert picture == [[colour[outcomes[x, y]] for y in range(8)] for x in range(8)]
    assert {outcomes[p] for p in outcomes} == {"P", "N", "D"}


def dot_rows(png, heaps):
    """For each heap of a scatter of `heaps` heaps with a band of pixel
    columns each, the mean pixel row of the dot drawn at the band's start
    (read one column in: the first heap's dot is kept inside the plot),
    the plot's left and width found by its horizontal axis."""
    _, _, rows = decode_png(png)
    x, y, length = longest_ink_line(rows)
    left, width = x + 1, length - 1
    band, spare = divmod(width, heaps)
    assert spare == 0 and band >= 4, (width, heaps)
    found = []
    for i in range(heaps):
        column = left + i * band + 1
        dots = [r for r in range(y) if rows[r][column] in (COMMON, RARE)]
        assert dots, f"heap {i} has no dot"
        found.append(sum(dots) / len(dots))
    return found


def test_a_sequence_shows_as_a_scatter_png():
    # Kayles to heap 60 against the plain mex of 0.77: each heap's dot
    # higher exactly when its value is higher, level when they are equal.
    values = octal_values("0.77", 60)
    for png in [grundy.sequence("kayles", to=60)._repr_png_(), Kayles().sequence(60)._repr_png_()]:
        heights = dot_rows(png, 61)
        for a in range(61):
            for b in range(61):
                assert (heights[a] < heights[b]) == (values[a] > values[b]), (a, b)
                assert (heights[a] == heights[b]) == (values[a] == values[b]), (a, b)
    # Rare values (fewer than one heap in 100) are drawn in red, and only
    # where the values have some: 0.16 to 500 has them (its values by the
    # plain mex), the subtraction game {1, 3, 4} (period 7) none.
    for code, values, has_rare in [
        ("0.16", octal_values("0.16", 500), True),
        ("subtraction:1,3,4", plain_nim_values(Subtraction([1, 3, 4]), range(501)), False),
    ]:
        rare = [v for v in set(values) if values.count(v) < 501 / 100]
        assert bool(rare) == has_rare, (code, rare)
        _, _, rows = decode_png(grundy.sequence(code, to=500)._repr_png_())
        assert (RARE in colours(rows)) == has_rare, code
    assert decode_png(grundy.table("kayles", range(80))._repr_png_())[0] > 0


def test_svg_on_request_and_none_when_there_is_no_picture():
    svg = grundy.table("wythoff", range(5), range(5)).picture("svg").decode()
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    # A one-coordinate outcome table has no picture: Jupyter shows text.
    no_picture = grundy.Table("race", "outcome", np.arange(3), None, np.array(["P", "N", "D"]))
    assert no_picture._repr_png_() is None


def test_patterns_find_the_p_positions_of_wythoff():
    # Wythoff's P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) and their
    # mirror images (Wythoff 1907): the patterns of the built-in table and
    # of Wythoff written in Python both say so.
    for table in [grundy.table("wythoff", range(40), range(40)), grundy.table(Wythoff(), range(40), range(40))]:
        report = table.patterns()
        assert report.p_forms and report.p_forms[0]["form"] == "beatty", report.p_forms
        assert "P-positions" in str(report)
        zeros = {(int(x), int(y)) for x, y in zip(*np.nonzero(np.asarray(table.values) == 0))}
        phi = (1 + 5**0.5) / 2
        pairs = {(int(k * phi), int(k * phi * phi)) for k in range(40)}
        assert zeros == {p for q in pairs for p in (q, q[::-1]) if max(p) < 40}
    # The subtraction game {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Winning Ways, ch. 4).
    line = grundy.table("subtraction:1,3,4", range(100)).patterns().sequence
    assert (line["period"], line["from"], line["saltus"]) == (7, 0, 0), line
