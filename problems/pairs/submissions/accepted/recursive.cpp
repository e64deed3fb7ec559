// Accepted: the decrease-by-four construction (two moves in, the game of size n - 4 shifted
// right by four squares, two moves out), unrolled into two loops around the base case.
#include <cstdio>
#include <vector>

static const int BASE[4][7] = {{1, 4, 7, 0}, {1, 7, 4, 9, 0}, {1, 7, 3, 8, 11, 0}, {1, 10, 4, 9, 6, 13, 0}};

static char buf[1 << 16];
static size_t used = 0;

static void put(long long v) {
    if (used + 24 > sizeof buf) { fwrite(buf, 1, used, stdout); used = 0; }
    char tmp[24];
    int len = 0;
    do { tmp[len++] = char('0' + v % 10); v /= 10; } while (v > 0);
    while (len > 0) buf[used++] = tmp[--len];
    buf[used++] = '\n';
}

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    if (n <= 2) { puts("None"); return 0; }
    if (n == 3) { puts("4\n0\n2\n5\n0"); return 0; }
    long long levels = (n - 4) / 4, b = n - 4 * levels;
    put(n);
    for (long long j = 0; j < levels; j++) { put(4 * j + 1); put(2 * n - 4 * j - 4); }
    for (int t = 0; t < b; t++) put(4 * levels + BASE[b - 4][t]);
    for (long long j = levels - 1; j >= 0; j--) { put(2 * n - 4 * j - 1); put(4 * j); }
    fwrite(buf, 1, used, stdout);
    return 0;
}
