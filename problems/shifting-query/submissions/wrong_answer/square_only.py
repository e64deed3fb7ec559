# Mistake: the formula for n = m, without the middle phase; right only when n = m.
import sys
from math import isqrt


def tri(j):
    return j * (j + 1) // 2


def troot(i):
    """The smallest j with tri(j) >= i."""
    j = (isqrt(8 * i + 1) - 1) // 2
    return j if tri(j) == i else j + 1


def main():
    data = sys.stdin.buffer.read().split()
    n, m, q = int(data[0]), int(data[1]), int(data[2])
    mirrored = n < m
    big, small = max(n, m), min(n, m)
    sigma = 1 if mirrored else -1
    after = sigma if small % 2 == 0 else -sigma
    s1 = tri(small)
    s2 = s1 + small
    s3 = s2
    total = n * m + n + m
    start = big + 1
    out = []
    for k in range(q):
        i = int(data[3 + k])
        if i <= s1:
            j = troot(i)
            t = i - tri(j - 1)
            d = sigma if (j - 1) % 2 == 0 else -sigma
            x = start + d * (2 * t - j + 1) if t < j else start + d * j
        elif i <= s2:
            x = start + after * (2 * (i - s1) - small)
        elif i <= s3:
            block, u = divmod(i - s2 - 1, small + 1)
            block += 1
            d = after if block % 2 == 0 else -after
            x = start - block + d * (2 * u - small)
        else:
            from_end = total + 1 - i
            length = troot(from_end)
            block = small - length + 1
            t = length - (from_end - tri(length - 1)) + 1
            d = after if (big - small + block) % 2 == 0 else -after
            x = small + 1 + d * (2 * t - 2 - small + block)
        out.append(n + m + 2 - x if mirrored else x)
    sys.stdout.write("\n".join(map(str, out)) + "\n")


main()
