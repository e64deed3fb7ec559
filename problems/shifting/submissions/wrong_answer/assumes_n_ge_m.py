# Mistake: assumes there are at least as many blacks as whites and never mirrors the game.
# (It stops after nm + n + m moves, so it is fast, just wrong when n < m.)
import sys
from itertools import islice


def moves(n, m):
    e = n + 1
    d = -1
    for j in range(1, m + 1):
        for _ in range(j - 1):
            e += 2 * d
            yield e
        e += d
        yield e
        d = -d
    for _ in range(m):
        e += 2 * d
        yield e
    for _ in range(n - m):
        e -= 1
        yield e
        d = -d
        for _ in range(m):
            e += 2 * d
            yield e
    for r in range(1, m + 1):
        d = -d
        e += d
        yield e
        for _ in range(m - r):
            e += 2 * d
            yield e


def main():
    n, m = map(int, sys.stdin.read().split())
    total = n * m + n + m
    out = list(islice(moves(n, m), total))
    sys.stdout.write(str(total) + "\n" + "\n".join(map(str, out)) + "\n")


main()
