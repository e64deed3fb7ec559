/* Wrong answer: prints the moves but forgets the line with their number. */
#include <stdio.h>

static const int BASE[4][7] = {{1, 4, 7, 0}, {1, 7, 4, 9, 0}, {1, 7, 3, 8, 11, 0}, {1, 10, 4, 9, 6, 13, 0}};

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    if (n <= 2) { puts("None"); return 0; }
    if (n == 3) { puts("0\n2\n5\n0"); return 0; }
    long long levels = (n - 4) / 4, b = n - 4 * levels;
    for (long long j = 0; j < levels; j++) printf("%lld\n%lld\n", 4 * j + 1, 2 * n - 4 * j - 4);
    for (int t = 0; t < b; t++) printf("%lld\n", 4 * levels + BASE[b - 4][t]);
    for (long long j = levels - 1; j >= 0; j--) printf("%lld\n%lld\n", 2 * n - 4 * j - 1, 4 * j);
    return 0;
}
