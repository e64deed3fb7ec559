import java.util.SplittableRandom;

// Generator: two integers in [1, MAX] from a seed: gen --max MAX --seed SEED.
class CLASS {
    public static void main(String[] args) {
        long top = 1_000_000_000L, seed = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals("--max")) top = Long.parseLong(args[i + 1]);
            else if (args[i].equals("--seed")) seed = Long.parseLong(args[i + 1]);
            else throw new IllegalArgumentException("unknown argument " + args[i]);
        }
        // SplittableRandom: the same numbers from the same seed on every Java version.
        SplittableRandom rng = new SplittableRandom(seed);
        System.out.println(rng.nextLong(1, top + 1) + " " + rng.nextLong(1, top + 1));
    }
}
