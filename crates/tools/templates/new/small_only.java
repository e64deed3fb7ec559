import java.util.Scanner;

// Wrong: right only while a and b are at most 10 (the small tests), else it prints 0.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a <= 10 && b <= 10 ? a + b : 0);
    }
}
