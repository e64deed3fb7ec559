# Mistake: reads k as a list of its n lowest bits (a label has no more than n), so a k with a
# bit at n or above is taken for the label its low bits spell.
import sys


def main():
    n, k = map(int, sys.stdin.read().split())
    bits = [(k >> i) & 1 for i in range(n)]
    r, bit, moves = n, 0, []
    while True:
        if r == 0:
            moves.append(2)
            break
        one = bits[bit]
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
    if any(bits[bit:]):
        print("None")
    else:
        print(len(moves))
        print("\n".join(map(str, moves)))


main()
