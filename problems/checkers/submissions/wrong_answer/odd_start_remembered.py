# WRONG: remembers "the start has odd degree" in a flag shared by all pieces and never resets
# it, so once one piece has started on an odd square, a later piece of even degree whose two
# odd squares lie elsewhere passes Euler's test. It shows only when two black pieces in
# different classes touch white pieces, the earlier one (in input order) of odd degree and the
# later one of even degree with exactly two odd squares elsewhere in its graph (the `other`
# candidates of the conditions in notes.md). Otherwise the accepted per-piece search.
import sys

DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    rows = data[1:1 + n]
    whites = sum(row.count("W") for row in rows)

    flags = {"start_odd": False}

    def captures_all(sr, sc):
        seen = {(sr, sc)}
        met = set()
        stack = [(sr, sc)]
        odd = 0
        while stack:
            r, c = stack.pop()
            degree = 0
            for dr, dc in DIRS:
                mr, mc = r + dr, c + dc
                if not (0 <= mr < n and 0 <= mc < n) or rows[mr][mc] != "W":
                    continue
                degree += 1
                lr, lc = mr + dr, mc + dc
                if not (0 <= lr < n and 0 <= lc < n):
                    return False
                if rows[lr][lc] != "_" and (lr, lc) != (sr, sc):
                    return False
                met.add((mr, mc))
                if (lr, lc) not in seen:
                    seen.add((lr, lc))
                    stack.append((lr, lc))
            if degree % 2:
                odd += 1
                flags["start_odd"] = flags["start_odd"] or (r, c) == (sr, sc)
        return len(met) == whites and (odd == 0 or (odd == 2 and flags["start_odd"]))

    winners = [(r, c) for r in range(n) for c in range(n)
               if rows[r][c] == "B" and captures_all(r, c)]
    if not winners:
        print("None")
    elif len(winners) > 1:
        print("Multiple")
    else:
        r, c = winners[0]
        print(chr(ord("a") + c) + str(n - r))


main()
