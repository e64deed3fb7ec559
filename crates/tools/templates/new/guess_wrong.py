# Wrong: guesses 1, 2, 3, ... and so needs more than 10 guesses for a number above 10.
guess = 1
while True:
    print(guess, flush=True)
    if input().strip() == "correct":
        break
    guess += 1
