# Mistake: reads the label from its most significant bit (bit n - 1) down instead of from bit 0.
import sys


def main():
    n, k = map(int, sys.stdin.read().split())
    r, bit, moves = n, n - 1, []
    used = 0
    while True:
        if r == 0:
            moves.append(2)
            break
        one = (k >> bit) & 1 if bit >= 0 else 0
        if bit >= 0:
            used |= 1 << bit
        bit -= 1
        if not one:
            moves += [r + 2, r]
            r -= 1
        elif r == 1:
            moves += [1, 3, 2]
            break
        else:
            moves += [r, r + 2, r + 1, r - 1]
            r -= 2
    if k & ~used:
        print("None")
    else:
        print(len(moves))
        print("\n".join(map(str, moves)))


main()
