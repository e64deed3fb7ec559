import java.util.Scanner;

// Wrong: integer division drops the fraction.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a / b);
    }
}
