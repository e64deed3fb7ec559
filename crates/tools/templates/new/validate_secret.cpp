// Input validator: exit 42 when stdin is one line with an integer from 1 to 1000, else 43.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    bool ok = text.size() >= 2 && text.size() <= 5 && text.back() == '\n' && text[0] != '0';
    long long value = 0;
    for (size_t i = 0; ok && i + 1 < text.size(); ++i) {
        ok = text[i] >= '0' && text[i] <= '9';
        value = value * 10 + (text[i] - '0');
    }
    if (!ok || value > 1000) {
        std::fprintf(stderr, "expected one line with an integer from 1 to 1000\n");
        return 43;
    }
    return 42;
}
