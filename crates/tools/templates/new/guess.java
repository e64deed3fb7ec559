import java.util.Scanner;

// Binary search: at most 10 guesses for a number from 1 to 1000.
class CLASS {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int low = 1, high = 1000;
        while (true) {
            int guess = (low + high) / 2;
            System.out.println(guess);
            System.out.flush(); // the interactor waits for the line
            if (!in.hasNext()) break;
            String reply = in.next();
            if (reply.equals("higher")) low = guess + 1;
            else if (reply.equals("lower")) high = guess - 1;
            else break;
        }
    }
}
