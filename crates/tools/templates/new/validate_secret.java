// Input validator: exit 42 when stdin is one line with an integer from 1 to 1000, else 43.
class CLASS {
    public static void main(String[] args) throws java.io.IOException {
        String text = new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!text.matches("[1-9][0-9]{0,3}\n") || Integer.parseInt(text.trim()) > 1000) {
            System.err.println("expected one line with an integer from 1 to 1000");
            System.exit(43);
        }
        System.exit(42);
    }
}
