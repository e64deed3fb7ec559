# Accepted: the construction as two loops around the base table; breadth-first search for n < 4.
import sys
from collections import deque

BASE = {4: [1, 4, 7, 0], 5: [1, 7, 4, 9, 0], 6: [1, 7, 3, 8, 11, 0], 7: [1, 10, 4, 9, 6, 13, 0]}


def search(n):
    start = "B" * n + "W" * n + ".."
    goal = ".." + "WB" * n
    parent = {start: None}
    queue = deque([start])
    while queue:
        row = queue.popleft()
        if row == goal:
            moves = []
            while parent[row] is not None:
                row, p = parent[row]
                moves.append(p)
            return moves[::-1]
        g = row.index("..")
        for p in range(len(row) - 1):
            if row[p] != "." and row[p + 1] != ".":
                nxt = list(row)
                nxt[g], nxt[g + 1], nxt[p], nxt[p + 1] = row[p], row[p + 1], ".", "."
                nxt = "".join(nxt)
                if nxt not in parent:
                    parent[nxt] = (row, p)
                    queue.append(nxt)
    return None


def main():
    n = int(sys.stdin.readline())
    if n < 4:
        moves = search(n)
    else:
        levels = (n - 4) // 4
        moves = []
        for j in range(levels):
            moves.append(4 * j + 1)
            moves.append(2 * n - 4 * j - 4)
        moves.extend(4 * levels + p for p in BASE[n - 4 * levels])
        for j in range(levels - 1, -1, -1):
            moves.append(2 * n - 4 * j - 1)
            moves.append(4 * j)
    if moves is None:
        sys.stdout.write("None\n")
    else:
        sys.stdout.write("%d\n%s\n" % (len(moves), "\n".join(map(str, moves))))


main()
