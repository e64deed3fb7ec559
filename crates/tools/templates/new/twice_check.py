# Output validator of both passes: stdin is the submission's output, argv[1] this pass's input,
# argv[3] the feedback folder. Pass 1 (input "a b") wants a + b and hands it on as the next
# pass's input (nextpass.in); pass 2 (input "s") wants 2 s. Exit 42 accepts, 43 rejects.
import os
import sys

given = [int(w) for w in open(sys.argv[1]).read().split()]
feedback = sys.argv[3]
said = sys.stdin.read().split()


def verdict(accepted, message):
    with open(os.path.join(feedback, "judgemessage.txt"), "w") as f:
        f.write(message + "\n")
    sys.exit(42 if accepted else 43)


want = given[0] + given[1] if len(given) == 2 else 2 * given[0]
if len(said) != 1 or said[0] != str(want):
    verdict(False, f"pass {3 - len(given)}: expected {want}, got {' '.join(said)[:40]!r}")
if len(given) == 2:
    with open(os.path.join(feedback, "nextpass.in"), "w") as f:
        f.write(f"{want}\n")
verdict(True, f"pass {3 - len(given)}: {want}")
