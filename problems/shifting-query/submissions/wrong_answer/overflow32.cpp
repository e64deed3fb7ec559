// Mistake: the offset of a move inside its block uses 32-bit triangle numbers, which overflow
// once blocks are longer than about 65,000 moves.
#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
typedef unsigned long long ull;

static ull tri64(ull j) { return j * (j + 1) / 2; }
static ull tri(ull j) { unsigned int k = (unsigned int)j; return (unsigned int)(k * (k + 1) / 2); }

// The smallest j with tri(j) >= i.
static ull troot(ull i) {
    ull j = (ull)((sqrtl(8.0L * (long double)i + 1) - 1) / 2);
    while (j > 0 && tri64(j) >= i) j--;
    while (tri64(j) < i) j++;
    return j;
}

int main() {
    ll n, m, q;
    if (scanf("%lld %lld %lld", &n, &m, &q) != 3) return 1;
    bool mirrored = n < m;
    ll big = max(n, m), small = min(n, m);
    ll sigma = mirrored ? 1 : -1;  // first move of the empty square, unmirrored
    ull s1 = tri64(small), s2 = s1 + small, s3 = s2 + (ull)(big - small) * (small + 1);
    ull total = s3 + tri64(small);
    ll start = big + 1;
    ll after = (small % 2 == 0) ? sigma : -sigma;
    string out;
    for (ll k = 0; k < q; k++) {
        ull i;
        if (scanf("%llu", &i) != 1) return 1;
        ll x;
        if (i <= s1) {
            ull j = troot(i);
            ll t = (ll)(i - tri(j - 1));
            ll dir = ((j - 1) % 2 == 0) ? sigma : -sigma;
            x = (t < (ll)j) ? start + dir * (2 * t - (ll)j + 1) : start + dir * (ll)j;
        } else if (i <= s2) {
            ll t = (ll)(i - s1);
            x = start + after * (2 * t - small);
        } else if (i <= s3) {
            ull off = i - s2 - 1;
            ll block = (ll)(off / (small + 1)) + 1;
            ll u = (ll)(off % (small + 1));
            ll dir = (block % 2 == 0) ? after : -after;
            x = start - block + dir * (2 * u - small);
        } else {
            ull from_end = total + 1 - i;
            ull len = troot(from_end);
            ll block = small - (ll)len + 1;
            ll t = (ll)len - (ll)(from_end - tri(len - 1)) + 1;
            ll dir = ((big - small + block) % 2 == 0) ? after : -after;
            x = small + 1 + dir * (2 * t - 2 - small + block);
        }
        if (mirrored) x = n + m + 2 - x;
        out += to_string(x);
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
