# WRONG: Euler's condition as a case analysis on the piece's own degree. An odd start must be
# one of exactly two odd squares (right); for an even start it only rules out exactly two odd
# squares ("the trail would have to begin at one of them"), so four or more odd squares pass.
# Only a board whose examined piece has even degree and whose graph has four or more odd
# squares shows it: every near miss of the `degree` family starts from a piece of degree 1.
# Otherwise the accepted per-piece search.
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
                start_odd = start_odd or (r, c) == (sr, sc)
        if len(met) != whites:
            return False
        if start_odd:
            return odd == 2
        return odd != 2

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
