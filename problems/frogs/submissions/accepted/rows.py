# The classic pattern: first fan the frogs out into an alternating row, then fold them back,
# following only the empty pad; each row is a bytearray with two bytes changed per move.
import sys


def main():
    n = int(sys.stdin.read())
    row = bytearray(b"O" * n + b"_" + b"X" * n)
    e = n  # the empty pad, 0-based
    out = [str((n + 1) * (n + 1) - 1).encode()]
    d = -1  # the empty pad moves left first (a white hops right)

    def move(delta):
        nonlocal e
        p = e + delta
        row[e], row[p] = row[p], ord("_")
        e = p
        out.append(bytes(row))

    for j in range(1, n + 1):
        for _ in range(j - 1):
            move(2 * d)
        move(d)
        d = -d
    for _ in range(n):
        move(2 * d)
    for r in range(1, n + 1):
        d = -d
        move(d)
        for _ in range(n - r):
            move(2 * d)
    sys.stdout.buffer.write(b"\n".join(out) + b"\n")


main()
