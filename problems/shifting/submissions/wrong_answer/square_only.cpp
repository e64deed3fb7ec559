// Mistake: only knows the n = m solution (opening, crossing, closing) and forgets the middle
// phase that walks the surplus checkers through; right only when n = m.
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n, m;
    cin >> n >> m;
    long long small = min(n, m);
    bool mirrored = n < m;
    long long far = n + m + 2;
    long long e = max(n, m) + 1, d = mirrored ? 1 : -1;
    string s = to_string(n * m + n + m) + "\n";
    auto step = [&](long long delta) { e += delta; s += to_string(mirrored ? far - e : e) + "\n"; };
    for (long long j = 1; j <= small; j++) {
        for (long long k = 0; k + 1 < j; k++) step(2 * d);
        step(d);
        d = -d;
    }
    for (long long k = 0; k < small; k++) step(2 * d);
    for (long long r = 1; r <= small; r++) {
        d = -d;
        step(d);
        for (long long k = 0; k < small - r; k++) step(2 * d);
    }
    fwrite(s.data(), 1, s.size(), stdout);
}
