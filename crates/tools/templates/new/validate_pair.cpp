// Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

static int invalid(const char* why) {
    std::fprintf(stderr, "%s\n", why);
    return 43;
}

// Reads a positive integer without leading zeros at text[at...], up to 10^9.
static bool number(const std::string& text, size_t& at, long long& value) {
    size_t start = at;
    value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 11) {
        value = value * 10 + (text[at] - '0');
        ++at;
    }
    return at > start && text[start] != '0' && value <= 1000000000LL;
}

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    size_t at = 0;
    long long a, b;
    if (!number(text, at, a)) return invalid("a: expected an integer from 1 to 10^9");
    if (at >= text.size() || text[at] != ' ') return invalid("expected one space after a");
    ++at;
    if (!number(text, at, b)) return invalid("b: expected an integer from 1 to 10^9");
    if (at + 1 != text.size() || text[at] != '\n') return invalid("expected a newline after b, then the end");
    return 42;
}
