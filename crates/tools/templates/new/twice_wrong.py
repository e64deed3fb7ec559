# Wrong: right in pass 1, but pass 2 prints the number without doubling it.
words = input().split()
print(sum(map(int, words)))
