# Pass 1 gets "a b" and prints the sum; pass 2 gets that sum back and prints its double.
words = input().split()
if len(words) == 2:
    print(int(words[0]) + int(words[1]))
else:
    print(2 * int(words[0]))
