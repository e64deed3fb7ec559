# Wrong: integer division drops the fraction.
a, b = map(int, input().split())
print(a // b)
