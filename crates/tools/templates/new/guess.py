# Binary search: at most 10 guesses for a number from 1 to 1000.
low, high = 1, 1000
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input().strip()
    if reply == "correct":
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
