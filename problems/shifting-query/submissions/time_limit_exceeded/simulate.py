# Plays the canonical solution move by move up to the largest move number asked for: fine for
# small games, hopeless when nm is around 10^18.
import sys


def moves(n, m):
    big, small = max(n, m), min(n, m)
    mirrored = n < m
    far = n + m + 2
    e = big + 1
    d = 1 if mirrored else -1

    def out(x):
        return far - x if mirrored else x

    for j in range(1, small + 1):
        for _ in range(j - 1):
            e += 2 * d
            yield out(e)
        e += d
        yield out(e)
        d = -d
    for _ in range(small):
        e += 2 * d
        yield out(e)
    for _ in range(big - small):
        e -= 1
        yield out(e)
        d = -d
        for _ in range(small):
            e += 2 * d
            yield out(e)
    for r in range(1, small + 1):
        d = -d
        e += d
        yield out(e)
        for _ in range(small - r):
            e += 2 * d
            yield out(e)


def main():
    data = sys.stdin.buffer.read().split()
    n, m, q = int(data[0]), int(data[1]), int(data[2])
    queries = [int(w) for w in data[3:3 + q]]
    wanted = {}
    for i in queries:
        wanted[i] = None
    for index, square in enumerate(moves(n, m), 1):
        if index in wanted:
            wanted[index] = square
        if index >= max(queries):
            break
    sys.stdout.write("\n".join(str(wanted[i]) for i in queries) + "\n")


main()
