#include <cstdio>

int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::printf("%.9f\n", (double)a / (double)b);
}
