// Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
class CLASS {
    static final String NUMBER = "[1-9][0-9]{0,9}";

    public static void main(String[] args) throws java.io.IOException {
        String text = new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!text.matches(NUMBER + " " + NUMBER + "\n")) {
            System.err.println("expected one line with two positive integers a b");
            System.exit(43);
        }
        for (String word : text.trim().split(" ")) {
            if (Long.parseLong(word) > 1_000_000_000L) {
                System.err.println(word + " is above 10^9");
                System.exit(43);
            }
        }
        System.exit(42);
    }
}
