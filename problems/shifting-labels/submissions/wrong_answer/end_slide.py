# Mistake: takes a game that ends with the white's last slide (no black left) to have used up
# the label, and checks for unread bits only after the three-move stage that ends the others.
import sys


def main():
    n, k = map(int, sys.stdin.read().split())
    r, bit, moves = n, 0, []
    while True:
        if r == 0:
            moves.append(2)
            break
        one = (k >> bit) & 1
        bit += 1
        if not one:
            moves += [r + 2, r]
            r -= 1
        elif r == 1:
            moves += [1, 3, 2]
            if k >> bit:
                print("None")
                return
            break
        else:
            moves += [r, r + 2, r + 1, r - 1]
            r -= 2
    print(len(moves))
    print("\n".join(map(str, moves)))


main()
