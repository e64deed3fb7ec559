# Generator: two integers in [1, MAX] from a seed: gen.py --max MAX --seed SEED.
import random
import sys

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
rng = random.Random(int(args["--seed"]))
top = int(args["--max"])
print(rng.randint(1, top), rng.randint(1, top))
