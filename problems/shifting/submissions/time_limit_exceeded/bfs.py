# Breadth-first search over positions: exact, but the number of positions grows exponentially
# with the size of the row.
import sys
from collections import deque


def main():
    n, m = map(int, sys.stdin.read().split())
    start = "b" * n + "_" + "w" * m
    goal = "w" * m + "_" + "b" * n
    parent = {start: None}
    queue = deque([start])
    while queue:
        row = queue.popleft()
        if row == goal:
            break
        e = row.index("_")
        for p in range(max(0, e - 2), min(len(row), e + 3)):
            if p == e:
                continue
            cells = list(row)
            cells[e], cells[p] = cells[p], "_"
            nxt = "".join(cells)
            if nxt not in parent:
                parent[nxt] = (row, p + 1)
                queue.append(nxt)
    moves = []
    row = goal
    while parent[row] is not None:
        row, p = parent[row]
        moves.append(p)
    moves.reverse()
    sys.stdout.write(str(len(moves)) + "\n" + "\n".join(map(str, moves)) + "\n")


main()
