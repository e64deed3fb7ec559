// Wrong answer: numbers the squares from 1, so every position is one too large.
#include <cstdio>

static const int BASE[4][7] = {{1, 4, 7, 0}, {1, 7, 4, 9, 0}, {1, 7, 3, 8, 11, 0}, {1, 10, 4, 9, 6, 13, 0}};

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    if (n <= 2) { puts("None"); return 0; }
    if (n == 3) { puts("4\n1\n3\n6\n1"); return 0; }
    long long levels = (n - 4) / 4, b = n - 4 * levels;
    printf("%lld\n", n);
    for (long long j = 0; j < levels; j++) printf("%lld\n%lld\n", 4 * j + 2, 2 * n - 4 * j - 3);
    for (int t = 0; t < b; t++) printf("%lld\n", 4 * levels + BASE[b - 4][t] + 1);
    for (long long j = levels - 1; j >= 0; j--) printf("%lld\n%lld\n", 2 * n - 4 * j, 4 * j + 1);
    return 0;
}
