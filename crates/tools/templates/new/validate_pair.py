# Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
import re
import sys

data = sys.stdin.buffer.read()
match = re.fullmatch(rb"([1-9][0-9]{0,9}) ([1-9][0-9]{0,9})\n", data)
if match is None:
    print("expected one line with two positive integers a b", file=sys.stderr)
    sys.exit(43)
for value in (int(match[1]), int(match[2])):
    if value > 10**9:
        print(f"{value} is above 10^9", file=sys.stderr)
        sys.exit(43)
sys.exit(42)
