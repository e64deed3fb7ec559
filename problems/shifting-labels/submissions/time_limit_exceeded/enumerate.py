# Walks the tree of every shortest solution in order, building each one's label, until it meets
# k. There are F(n + 2) solutions: about 4 * 10^12 for n = 60.
import sys

sys.setrecursionlimit(10000)


def main():
    n, k = map(int, sys.stdin.read().split())
    found = []

    def walk(r, bit, label, moves):
        if found:
            return
        if r == 0:
            if label == k:
                found.append(moves + [2])
            return
        walk(r - 1, bit + 1, label, moves + [r + 2, r])
        if r == 1:
            if label | (1 << bit) == k:
                found.append(moves + [1, 3, 2])
        else:
            walk(r - 2, bit + 1, label | (1 << bit), moves + [r, r + 2, r + 1, r - 1])

    walk(n, 0, 0, [])
    if not found:
        print("None")
    else:
        print(len(found[0]))
        print("\n".join(map(str, found[0])))


main()
