import java.util.Scanner;

// Pass 1 gets "a b" and prints the sum; pass 2 gets that sum back and prints its double.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong();
        System.out.println(in.hasNextLong() ? a + in.nextLong() : 2 * a);
    }
}
