import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;

// Interactor: args[0] holds the secret number, args[2] is the feedback folder; stdin and stdout
// are the submission's. Each guess is answered "lower", "higher" or "correct"; more than 10
// guesses, or a line that is not a number, is wrong (exit 43); finding it is right (exit 42).
class CLASS {
    static void verdict(String feedback, boolean accepted, String message) throws IOException {
        Files.writeString(Path.of(feedback, "judgemessage.txt"), message + "\n");
        System.exit(accepted ? 42 : 43);
    }

    public static void main(String[] args) throws IOException {
        long secret = Long.parseLong(Files.readString(Path.of(args[0])).trim());
        String feedback = args[2];
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int guesses = 1; guesses <= 10; ++guesses) {
            String line = in.readLine();
            long guess;
            try {
                guess = Long.parseLong(line == null ? "" : line.trim());
            } catch (NumberFormatException e) {
                verdict(feedback, false, "guess " + guesses + ": expected a number");
                return;
            }
            System.out.println(guess == secret ? "correct" : secret < guess ? "lower" : "higher");
            System.out.flush();
            if (guess == secret) verdict(feedback, true, "found " + secret + " in " + guesses + " guesses");
        }
        verdict(feedback, false, "10 guesses and " + secret + " not found");
    }
}
