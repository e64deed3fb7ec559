// Pass 1 gets "a b" and prints the sum; pass 2 gets that sum back and prints its double.
#include <iostream>

int main() {
    long long a, b;
    std::cin >> a;
    if (std::cin >> b) std::cout << a + b << "\n";
    else std::cout << 2 * a << "\n";
}
