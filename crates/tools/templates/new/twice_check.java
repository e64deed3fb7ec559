import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Scanner;

// Output validator of both passes: stdin is the submission's output, args[0] this pass's input,
// args[2] the feedback folder. Pass 1 (input "a b") wants a + b and hands it on as the next
// pass's input (nextpass.in); pass 2 (input "s") wants 2 s. Exit 42 accepts, 43 rejects.
class CLASS {
    static void verdict(String feedback, boolean accepted, String message) throws IOException {
        Files.writeString(Path.of(feedback, "judgemessage.txt"), message + "\n");
        System.exit(accepted ? 42 : 43);
    }

    public static void main(String[] args) throws IOException {
        String[] given = Files.readString(Path.of(args[0])).trim().split("\\s+");
        String feedback = args[2];
        int pass = given.length == 2 ? 1 : 2;
        long want = pass == 1
            ? Long.parseLong(given[0]) + Long.parseLong(given[1])
            : 2 * Long.parseLong(given[0]);
        String said = new String(System.in.readAllBytes()).trim();
        if (!said.equals(Long.toString(want))) {
            String got = said.length() > 40 ? said.substring(0, 40) : said;
            verdict(feedback, false, "pass " + pass + ": expected " + want + ", got '" + got + "'");
        }
        if (pass == 1) Files.writeString(Path.of(feedback, "nextpass.in"), want + "\n");
        verdict(feedback, true, "pass " + pass + ": " + want);
    }
}
