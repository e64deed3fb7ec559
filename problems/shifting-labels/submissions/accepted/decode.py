# Reads the label's bits from the least significant one and plays the stage each bit names.
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
            break
        else:
            moves += [r, r + 2, r + 1, r - 1]
            r -= 2
    if k >> bit:
        print("None")
    else:
        print(len(moves))
        print("\n".join(map(str, moves)))


main()
