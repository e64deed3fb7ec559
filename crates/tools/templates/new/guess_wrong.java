import java.util.Scanner;

// Wrong: guesses 1, 2, 3, ... and so needs more than 10 guesses for a number above 10.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        for (int guess = 1;; ++guess) {
            System.out.println(guess);
            System.out.flush();
            if (!in.hasNext() || in.next().equals("correct")) break;
        }
    }
}
