// Mistake: solves the mirrored game (whites on the left), writing square n + m + 2 - p for p.
// Right only when n = m.
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n, m;
    cin >> n >> m;
    long long big = max(n, m), small = min(n, m);
    bool mirrored = n < m;
    vector<long long> out;
    long long e = big + 1, d = mirrored ? 1 : -1;
    auto step = [&](long long delta) { e += delta; out.push_back(e); };
    for (long long j = 1; j <= small; j++) {
        for (long long k = 0; k + 1 < j; k++) step(2 * d);
        step(d);
        d = -d;
    }
    for (long long k = 0; k < small; k++) step(2 * d);
    for (long long b = 0; b < big - small; b++) {
        step(-1);
        d = -d;
        for (long long k = 0; k < small; k++) step(2 * d);
    }
    for (long long r = 1; r <= small; r++) {
        d = -d;
        step(d);
        for (long long k = 0; k < small - r; k++) step(2 * d);
    }
    string s = to_string(out.size()) + "\n";
    for (long long p : out) {
        long long real = mirrored ? n + m + 2 - p : p;
        s += to_string(n + m + 2 - real) + "\n";  // the mirror of the right answer
    }
    fwrite(s.data(), 1, s.size(), stdout);
}
