// Wrong: guesses 1, 2, 3, ... and so needs more than 10 guesses for a number above 10.
#include <iostream>
#include <string>

int main() {
    std::string reply;
    for (int guess = 1;; ++guess) {
        std::cout << guess << std::endl;
        if (!(std::cin >> reply) || reply == "correct") break;
    }
}
