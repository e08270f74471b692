#!/usr/bin/env python3
"""Writes the largest inputs the reference problems allow into DIR."""
import os
import random
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "bench/inputs"
os.makedirs(out, exist_ok=True)
rng = random.Random(2026)


def write(name, chunks):
    with open(os.path.join(out, name), "w") as f:
        f.write("".join(chunks))


# Mine: 50 boards of 1000x1000. The problem promises that no number borders
# two blank regions, so fields are built to keep it: full walls of mines cut
# the field into rectangles (numbers along a wall touch one side only), and
# single mines stand at least 4 cells from each other, the walls and the edges.
def minefield(n, m):
    walls_r, walls_c = set(), set()
    r = rng.randint(15, 60)
    while r < n - 10:
        walls_r.add(r)
        r += rng.randint(15, 60)
    c = rng.randint(15, 60)
    while c < m - 10:
        walls_c.add(c)
        c += rng.randint(15, 60)
    near_wall_r = {x for w in walls_r for x in range(w - 4, w + 5)} | set(range(4)) | set(range(n - 4, n))
    near_wall_c = {y for w in walls_c for y in range(w - 4, w + 5)} | set(range(4)) | set(range(m - 4, m))
    mines = set()
    for x in walls_r:
        mines.update((x, y) for y in range(m))
    for y in walls_c:
        mines.update((x, y) for x in range(n))
    taken = set()
    for _ in range(40000):
        x, y = rng.randrange(n), rng.randrange(m)
        if x in near_wall_r or y in near_wall_c or (x // 4, y // 4) in taken:
            continue
        if any((x // 4 + a, y // 4 + b) in taken for a in (-1, 0, 1) for b in (-1, 0, 1)):
            continue
        taken.add((x // 4, y // 4))
        mines.add((x, y))
    return sorted(mines, key=lambda _: rng.random())


chunks = ["50\n"]
fields = [minefield(1000, 1000) for _ in range(5)]
for i in range(50):
    mines = fields[i % len(fields)]
    chunks.append(f"1000 1000 {len(mines)}\n")
    chunks.append("".join(f"{x} {y}\n" for x, y in mines))
write("mine.txt", chunks)

# Hyper Knights: 200 cases of 1000 knights, coordinates below 500.
chunks = ["200\n"]
for _ in range(200):
    chunks.append("1000\n")
    chunks.append("".join(f"{rng.randrange(500)} {rng.randrange(500)}\n" for _ in range(1000)))
write("hyper-knights.txt", chunks)

# Bomb Game: 2000 boards of 50x50.
chunks = []
for _ in range(2000):
    chunks.append("50 50\n")
    chunks.append("".join("".join(rng.choice("#.") for _ in range(50)) + "\n" for _ in range(50)))
chunks.append("0 0\n")
write("bomb-game.txt", chunks)

# John: 500 cases of 50 piles up to 5000.
chunks = ["500\n"]
for _ in range(500):
    chunks.append("50\n" + " ".join(str(rng.randint(1, 5000)) for _ in range(50)) + "\n")
write("john.txt", chunks)

# Life Winner Bo: 1000 queries on boards up to 1000x1000.
chunks = ["1000\n"]
for _ in range(1000):
    chunks.append(f"{rng.randint(1, 4)} {rng.randint(2, 1000)} {rng.randint(2, 1000)}\n")
write("life-winner-bo.txt", chunks)
