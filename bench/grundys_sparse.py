#!/usr/bin/env python3
"""Counts the sparse values of Grundy's game in a `--format binary` file.

A heap is sparse when G & ...11110 has an even number of ones (Flammenkamp's
split; Winning Ways ch. 4, "Sparse space spells speed"). Flammenkamp's
tables list 1287 sparse values up to heap 2^35, so a run that reaches past
the last of them should find exactly that many:

    python3 bench/grundys_sparse.py g30.seq

Needs NumPy (the Python package's virtual environment has it).
"""

import sys

import numpy as np

MAGIC = b"GRUNDY-SEQUENCE 2\n"


def read_values(path):
    """The values of a binary sequence file (layout in the CLI's
    `commands/sequence/file.rs`): the magic line, a u32 length and the
    game's description, the width of a value in bytes, a u64 count and a
    u64 hash, then `count` values."""
    with open(path, "rb") as f:
        head = f.read(64)
    if not head.startswith(MAGIC):
        sys.exit(f"{path}: not a grundy binary sequence file")
    at = len(MAGIC)
    name_length = int.from_bytes(head[at : at + 4], "little")
    at += 4 + name_length
    width = head[at]
    count = int.from_bytes(head[at + 1 : at + 9], "little")
    dtype = {1: "<u1", 2: "<u2", 4: "<u4"}.get(width)
    if dtype is None:
        sys.exit(f"{path}: unknown value width {width}")
    return np.fromfile(path, dtype=dtype, count=count, offset=at + 1 + 8 + 8)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    values = read_values(sys.argv[1])
    masked = (values.astype(np.uint32) & ~np.uint32(1))
    ones = np.zeros(len(values), dtype=np.uint8)
    while masked.any():
        ones += (masked & 1).astype(np.uint8)
        masked >>= 1
    sparse = np.flatnonzero(ones % 2 == 0)
    print(f"heaps 0..{len(values) - 1}: {len(sparse)} sparse values, the last at heap {sparse[-1]} "
          f"(value {values[sparse[-1]]}); largest value {values.max()}")


if __name__ == "__main__":
    main()
