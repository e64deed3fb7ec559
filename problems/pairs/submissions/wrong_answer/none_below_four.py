# Wrong answer: trusts "no solution for n <= 3" (true only in n moves: n = 3 needs four).
import sys

BASE = {4: [1, 4, 7, 0], 5: [1, 7, 4, 9, 0], 6: [1, 7, 3, 8, 11, 0], 7: [1, 10, 4, 9, 6, 13, 0]}

n = int(sys.stdin.readline())
if n <= 3:
    print("None")
else:
    levels = (n - 4) // 4
    moves = []
    for j in range(levels):
        moves += [4 * j + 1, 2 * n - 4 * j - 4]
    moves += [4 * levels + p for p in BASE[n - 4 * levels]]
    for j in range(levels - 1, -1, -1):
        moves += [2 * n - 4 * j - 1, 4 * j]
    sys.stdout.write("%d\n%s\n" % (len(moves), "\n".join(map(str, moves))))
