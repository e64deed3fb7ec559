# Input validator: exit 42 when stdin is one line with an integer from 1 to 1000, else 43.
import re
import sys

data = sys.stdin.buffer.read()
if re.fullmatch(rb"[1-9][0-9]{0,3}\n", data) is None or int(data) > 1000:
    print("expected one line with an integer from 1 to 1000", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
