# Breadth-first search over all rows reachable by forward moves: exact but exponential.
import sys
from collections import deque


def main():
    n = int(sys.stdin.read())
    start = "O" * n + "_" + "X" * n
    goal = "X" * n + "_" + "O" * n
    parent = {start: None}
    queue = deque([start])
    while queue:
        row = queue.popleft()
        if row == goal:
            break
        e = row.index("_")
        for p, frog in ((e - 1, "O"), (e - 2, "O"), (e + 1, "X"), (e + 2, "X")):
            if 0 <= p < len(row) and row[p] == frog:
                cells = list(row)
                cells[e], cells[p] = frog, "_"
                nxt = "".join(cells)
                if nxt not in parent:
                    parent[nxt] = row
                    queue.append(nxt)
    rows = []
    row = goal
    while row != start:
        rows.append(row)
        row = parent[row]
    rows.reverse()
    sys.stdout.write(str(len(rows)) + "\n" + "\n".join(rows) + "\n")


main()
