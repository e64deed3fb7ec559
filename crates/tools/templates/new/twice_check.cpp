// Output validator of both passes: stdin is the submission's output, argv[1] this pass's input,
// argv[3] the feedback folder. Pass 1 (input "a b") wants a + b and hands it on as the next
// pass's input (nextpass.in); pass 2 (input "s") wants 2 s. Exit 42 accepts, 43 rejects.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static std::string feedback;

static int verdict(bool accepted, const std::string& message) {
    std::ofstream(feedback + "/judgemessage.txt") << message << "\n";
    return accepted ? 42 : 43;
}

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    std::ifstream input(argv[1]);
    std::vector<long long> given;
    for (long long x; input >> x;) given.push_back(x);
    long long want = given.size() == 2 ? given[0] + given[1] : 2 * given[0];
    int pass = given.size() == 2 ? 1 : 2;
    std::string said, extra;
    std::cin >> said;
    if (said != std::to_string(want) || (std::cin >> extra))
        return verdict(false, "pass " + std::to_string(pass) + ": expected " + std::to_string(want) + ", got " + said.substr(0, 40));
    if (pass == 1) std::ofstream(feedback + "/nextpass.in") << want << "\n";
    return verdict(true, "pass " + std::to_string(pass) + ": " + std::to_string(want));
}
