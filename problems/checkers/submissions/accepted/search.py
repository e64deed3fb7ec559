# Checkers: for every black piece, explore the squares it can reach by jumping (a search over
# squares, not over move sequences) and apply Euler's condition to the white pieces it meets.
# A white piece is an edge between the two squares on either side of it; a piece captures
# everything iff it meets every white, every landing is free (empty, or its own start square),
# and the number of odd-degree squares is 0, or 2 with the start among them.
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
        return len(met) == whites and (odd == 0 or (odd == 2 and start_odd))

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
