// Interactor: argv[1] holds the secret number, argv[3] is the feedback folder; stdin and stdout
// are the submission's. Each guess is answered "lower", "higher" or "correct"; more than 10
// guesses, or a line that is not a number, is wrong (exit 43); finding it is right (exit 42).
#include <fstream>
#include <iostream>
#include <string>

static std::string feedback;

static int verdict(bool accepted, const std::string& message) {
    std::ofstream(feedback + "/judgemessage.txt") << message << "\n";
    return accepted ? 42 : 43;
}

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    long long secret = 0;
    std::ifstream(argv[1]) >> secret;
    for (int guesses = 1; guesses <= 10; ++guesses) {
        long long guess;
        if (!(std::cin >> guess))
            return verdict(false, "guess " + std::to_string(guesses) + ": expected a number");
        if (guess == secret) {
            std::cout << "correct" << std::endl;
            return verdict(true, "found " + std::to_string(secret) + " in " + std::to_string(guesses) + " guesses");
        }
        std::cout << (secret < guess ? "lower" : "higher") << std::endl;
    }
    return verdict(false, "10 guesses and " + std::to_string(secret) + " not found");
}
