// WRONG: simulates each black piece greedily: it keeps jumping over the first white piece it
// can (in a fixed order of directions) and never backtracks, so a piece that could capture
// everything by choosing its branches in another order is missed.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    cin >> n;
    vector<string> g(n);
    for (auto& row : g) cin >> row;
    int whites = 0;
    for (auto& row : g) whites += count(row.begin(), row.end(), 'W');
    static const int DR[4] = {-1, -1, 1, 1}, DC[4] = {-1, 1, -1, 1};
    auto on = [&](int r, int c) { return r >= 0 && c >= 0 && r < n && c < n; };
    vector<pair<int, int>> winners;
    for (int sr = 0; sr < n; sr++)
        for (int sc = 0; sc < n; sc++) {
            if (g[sr][sc] != 'B') continue;
            vector<string> b = g;
            b[sr][sc] = '_';
            int r = sr, c = sc, taken = 0;
            for (bool moved = true; moved;) {
                moved = false;
                for (int d = 0; d < 4 && !moved; d++) {
                    int mr = r + DR[d], mc = c + DC[d], lr = mr + DR[d], lc = mc + DC[d];
                    if (on(lr, lc) && b[mr][mc] == 'W' && b[lr][lc] == '_') {
                        b[mr][mc] = '_';
                        r = lr, c = lc, taken++, moved = true;
                    }
                }
            }
            if (taken == whites) winners.push_back({sr, sc});
        }
    if (winners.empty()) puts("None");
    else if (winners.size() > 1) puts("Multiple");
    else printf("%c%d\n", 'a' + winners[0].second, n - winners[0].first);
}
