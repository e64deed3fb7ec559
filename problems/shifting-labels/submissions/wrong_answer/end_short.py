# Mistake: when a 1 is read with one black left, the three-move stage ends the game and the
# program prints the solution at once, skipping the check for bits that were never read (it
# checks them only when the game ends with the white's slide).
import sys


def show(moves):
    print(len(moves))
    print("\n".join(map(str, moves)))


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
            show(moves + [1, 3, 2])
            return
        else:
            moves += [r, r + 2, r + 1, r - 1]
            r -= 2
    if k >> bit:
        print("None")
    else:
        show(moves)


main()
