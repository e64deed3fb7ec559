# Mistake: prints the starting row as if it were the first move.
import sys


def main():
    n = int(sys.stdin.read())
    row = bytearray(b"O" * n + b"_" + b"X" * n)
    e = n
    out = [str((n + 1) * (n + 1) - 1).encode(), bytes(row)]
    d = -1

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
    out.pop()  # keep the promised number of rows
    sys.stdout.buffer.write(b"\n".join(out) + b"\n")


main()
