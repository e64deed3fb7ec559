import java.util.SplittableRandom;

// Generator: the secret number, from 1 to 1000, drawn from a seed: gen --seed SEED.
class CLASS {
    public static void main(String[] args) {
        long seed = 0;
        for (int i = 0; i + 1 < args.length; ++i)
            if (args[i].equals("--seed")) seed = Long.parseLong(args[i + 1]);
        System.out.println(new SplittableRandom(seed).nextInt(1, 1001));
    }
}
