"""Tables and sequences as pictures (`_repr_png_` in Jupyter): real PNGs,
decoded here with the standard library (zlib and the PNG filters)."""

import struct
import zlib

import numpy as np

import grundy
from games import Wythoff

BLACK = (0, 0, 0)  # P-positions (the library's export::P_COLOUR)
N_COLOUR = (250, 196, 84)  # races: the player to move wins


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


def test_a_table_shows_as_a_heatmap_png():
    table = grundy.table("wythoff", range(20), range(20))
    width, height, rows = decode_png(table._repr_png_())
    assert width > 20 and height > 20
    # P-positions are black; a table of nim-values 0..38 has many colours.
    assert BLACK in colours(rows) and len(colours(rows)) > 10
    assert table.picture() == table._repr_png_()


def test_a_table_of_a_game_written_in_python_is_the_same_picture():
    mine = grundy.table(Wythoff(), range(12), range(12))
    builtin = grundy.table("wythoff", range(12), range(12))
    assert np.array_equal(mine.values, builtin.values)
    assert decode_png(mine._repr_png_())[:2] == decode_png(builtin._repr_png_())[:2]


def test_a_race_with_draws_shows_its_outcome_classes():
    race = grundy.table("king", range(8), range(8), goal=(0, 0))
    assert race.kind == "outcome"
    _, _, rows = decode_png(race._repr_png_())
    assert N_COLOUR in colours(rows)


def test_a_sequence_shows_as_a_scatter_png():
    seq = grundy.sequence("0.16", to=500)
    width, height, rows = decode_png(seq._repr_png_())
    assert width >= 200 and height >= 200
    assert len(colours(rows)) > 3
    # One-coordinate tables and sequences of games written in Python too.
    from games import Kayles

    assert decode_png(Kayles().sequence(60)._repr_png_())[0] > 0
    assert decode_png(grundy.table("kayles", range(80))._repr_png_())[0] > 0


def test_svg_on_request_and_none_when_there_is_no_picture():
    svg = grundy.table("wythoff", range(5), range(5)).picture("svg").decode()
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    # A one-coordinate outcome table has no picture: Jupyter shows text.
    no_picture = grundy.Table("race", "outcome", np.arange(3), None, np.array(["P", "N", "D"]))
    assert no_picture._repr_png_() is None


def test_patterns_of_builtin_and_python_tables_agree():
    builtin = grundy.table("wythoff", range(40), range(40)).patterns()
    mine = grundy.table(Wythoff(), range(40), range(40)).patterns()
    strip = lambda report: {k: v for k, v in report.to_dict().items() if k != "game"}  # noqa: E731
    assert strip(builtin) == strip(mine) and builtin.p_forms
    assert str(builtin).strip() and "P-positions" in str(builtin)
    # The subtraction game {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Winning Ways, ch. 4).
    line = grundy.table("subtraction:1,3,4", range(100)).patterns().sequence
    assert (line["period"], line["from"], line["saltus"]) == (7, 0, 0), line
