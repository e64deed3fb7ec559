# Mistake: squares numbered from 0 instead of 1 (every square one too small).
import sys


def main():
    n, m = map(int, sys.stdin.read().split())
    big, small = max(n, m), min(n, m)
    mirrored = n < m
    out = []
    e = big + 1
    d = 1 if mirrored else -1

    def step(delta):
        nonlocal e
        e += delta
        out.append(e)

    for j in range(1, small + 1):
        for _ in range(j - 1):
            step(2 * d)
        step(d)
        d = -d
    for _ in range(small):
        step(2 * d)
    for _ in range(big - small):
        step(-1)
        d = -d
        for _ in range(small):
            step(2 * d)
    for r in range(1, small + 1):
        d = -d
        step(d)
        for _ in range(small - r):
            step(2 * d)
    far = n + m + 2
    squares = [(far - p if mirrored else p) - 1 for p in out]
    sys.stdout.write(str(len(squares)) + "\n" + "\n".join(map(str, squares)) + "\n")


main()
