import java.util.Locale;
import java.util.Scanner;

class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        // Locale.ROOT: a decimal point, never a comma, whatever the machine's locale.
        System.out.println(String.format(Locale.ROOT, "%.9f", (double) a / b));
    }
}
