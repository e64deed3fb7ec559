// Mistake: never checks that every set bit is read, so it prints a solution for numbers that
// are not labels instead of None.
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n;
    unsigned long long k;
    cin >> n >> k;
    vector<long long> moves;
    long long r = n;
    int bit = 0;
    while (true) {
        if (r == 0) { moves.push_back(2); break; }
        bool one = (k >> bit) & 1ULL;
        bit++;
        if (!one) { moves.insert(moves.end(), {r + 2, r}); r -= 1; }
        else if (r == 1) { moves.insert(moves.end(), {1, 3, 2}); break; }
        else { moves.insert(moves.end(), {r, r + 2, r + 1, r - 1}); r -= 2; }
    }
    printf("%zu\n", moves.size());
    for (long long p : moves) printf("%lld\n", p);
}
