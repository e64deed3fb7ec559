// Mistake: in the middle phase, "saves" a move by letting the black jump over two checkers
// instead of sliding and then jumping (an illegal move), and still claims the minimum count.
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n, m;
    cin >> n >> m;
    long long big = max(n, m), small = min(n, m);
    bool mirrored = n < m;
    long long far = n + m + 2;
    long long e = big + 1, d = mirrored ? 1 : -1;
    string s = to_string(n * m + n + m) + "\n";
    auto step = [&](long long delta) { e += delta; s += to_string(mirrored ? far - e : e) + "\n"; };
    for (long long j = 1; j <= small; j++) {
        for (long long k = 0; k + 1 < j; k++) step(2 * d);
        step(d);
        d = -d;
    }
    for (long long k = 0; k < small; k++) step(2 * d);
    for (long long b = 0; b < big - small; b++) {
        d = -d;
        if (d < 0) {
            step(-3);  // the slide and the first jump in one go
            for (long long k = 1; k < small; k++) step(2 * d);
        } else {
            step(-1);
            for (long long k = 0; k < small; k++) step(2 * d);
        }
    }
    for (long long r = 1; r <= small; r++) {
        d = -d;
        step(d);
        for (long long k = 0; k < small - r; k++) step(2 * d);
    }
    fwrite(s.data(), 1, s.size(), stdout);
}
