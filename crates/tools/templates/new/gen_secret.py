# Generator: the secret number, from 1 to 1000, drawn from a seed: gen.py --seed SEED.
import random
import sys

print(random.Random(int(sys.argv[sys.argv.index("--seed") + 1])).randint(1, 1000))
