# WRONG: keeps coordinates on the board with `% n`, so a jump off one edge lands on the
# opposite edge as if the board wrapped around. Otherwise the accepted per-piece search.
import sys

DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    rows = data[1:1 + n]
    whites = sum(row.count("W") for row in rows)

    def captures_all(sr, sc):
        seen = {(sr, sc)}
        met = set()
        stack = [(sr, sc)]
        odd = 0
        start_odd = False
        while stack:
            r, c = stack.pop()
            degree = 0
            for dr, dc in DIRS:
                mr, mc = (r + dr) % n, (c + dc) % n
                if rows[mr][mc] != "W":
                    continue
                degree += 1
                lr, lc = (mr + dr) % n, (mc + dc) % n
                if rows[lr][lc] != "_" and (lr, lc) != (sr, sc):
                    return False
                met.add((mr, mc))
                if (lr, lc) not in seen:
                    seen.add((lr, lc))
                    stack.append((lr, lc))
            if degree % 2:
                odd += 1
                start_odd = start_odd or (r, c) == (sr, sc)
        return len(met) == whites and (odd == 0 or (odd == 2 and start_odd))

    def path_from(sr, sc):
        taken = set()
        next_dir = {}
        stack = [(sr, sc)]
        trail = []
        while stack:
            r, c = stack[-1]
            k = next_dir.get((r, c), 0)
            moved = False
            while k < 4:
                dr, dc = DIRS[k]
                k += 1
                mr, mc = (r + dr) % n, (c + dc) % n
                if rows[mr][mc] == "W" and (mr, mc) not in taken:
                    taken.add((mr, mc))
                    stack.append(((mr + dr) % n, (mc + dc) % n))
                    moved = True
                    break
            next_dir[(r, c)] = k
            if not moved:
                trail.append(stack.pop())
        trail.reverse()
        return trail

    winners = [(r, c) for r in range(n) for c in range(n)
               if rows[r][c] == "B" and captures_all(r, c)]
    if not winners:
        print("None")
    elif len(winners) > 1:
        print("Multiple")
    else:
        path = path_from(*winners[0])
        print(" ".join(chr(ord("a") + c) + str(n - r) for r, c in path))


main()
