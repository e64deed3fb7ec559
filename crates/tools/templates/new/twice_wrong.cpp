// Wrong: right in pass 1, but pass 2 prints the number without doubling it.
#include <iostream>

int main() {
    long long sum = 0, x;
    while (std::cin >> x) sum += x;
    std::cout << sum << "\n";
}
