import java.util.Scanner;

// Wrong: right in pass 1, but pass 2 prints the number without doubling it.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long sum = 0;
        while (in.hasNextLong()) sum += in.nextLong();
        System.out.println(sum);
    }
}
