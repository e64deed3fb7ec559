# The other optimal solution: its first move is the white checker on square n + 2 sliding left.
# The empty square is followed phase by phase; runs of jumps are written as Python ranges.
import sys


def main():
    n, m = map(int, sys.stdin.read().split())
    big, small = max(n, m), min(n, m)
    mirrored = n < m
    out = []
    app, ext = out.append, out.extend
    e = big + 1
    d = -1 if mirrored else 1  # the empty square first moves right (a white slides left)
    for j in range(1, small + 1):  # opening: j - 1 jumps, one slide, turn
        if j > 1:
            ext(range(e + 2 * d, e + 2 * d * j - d, 2 * d))
            e += 2 * d * (j - 1)
        e += d
        app(e)
        d = -d
    ext(range(e + 2 * d, e + 2 * d * small + d, 2 * d))  # crossing
    e += 2 * d * small
    for _ in range(big - small):  # middle: a black slides right, then jumps the other way
        e -= 1
        app(e)
        d = -d
        ext(range(e + 2 * d, e + 2 * d * small + d, 2 * d))
        e += 2 * d * small
    for r in range(1, small + 1):  # closing: turn, one slide, small - r jumps
        d = -d
        e += d
        app(e)
        if r < small:
            ext(range(e + 2 * d, e + 2 * d * (small - r) + d, 2 * d))
            e += 2 * d * (small - r)
    if mirrored:
        far = n + m + 2
        out = [far - p for p in out]
    sys.stdout.write(str(len(out)) + "\n" + "\n".join(map(str, out)) + "\n")


main()
