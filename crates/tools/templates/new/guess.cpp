// Binary search: at most 10 guesses for a number from 1 to 1000.
#include <iostream>
#include <string>

int main() {
    int low = 1, high = 1000;
    std::string reply;
    while (true) {
        int guess = (low + high) / 2;
        std::cout << guess << std::endl;  // endl flushes: the interactor waits for the line
        if (!(std::cin >> reply) || reply == "correct") break;
        if (reply == "higher") low = guess + 1;
        else high = guess - 1;
    }
}
