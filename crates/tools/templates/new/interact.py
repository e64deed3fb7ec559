# Interactor: argv[1] holds the secret number, argv[3] is the feedback folder; stdin and stdout
# are the submission's. Each guess is answered "lower", "higher" or "correct"; more than 10
# guesses, or a line that is not a number, is wrong (exit 43); finding it is right (exit 42).
import os
import sys

secret = int(open(sys.argv[1]).read())
feedback = sys.argv[3]


def verdict(accepted, message):
    with open(os.path.join(feedback, "judgemessage.txt"), "w") as f:
        f.write(message + "\n")
    sys.exit(42 if accepted else 43)


for guesses in range(1, 11):
    line = sys.stdin.readline()
    if not line.strip().isdigit():
        verdict(False, f"guess {guesses}: expected a number, got {line.strip()[:40]!r}")
    guess = int(line)
    if guess == secret:
        print("correct", flush=True)
        verdict(True, f"found {secret} in {guesses} guesses")
    print("lower" if secret < guess else "higher", flush=True)
verdict(False, f"10 guesses and {secret} not found")
