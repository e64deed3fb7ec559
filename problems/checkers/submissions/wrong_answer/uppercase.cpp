// WRONG: names files with capital letters (D2 instead of d2). Otherwise the accepted
// union-find Euler check.
#include <bits/stdc++.h>
using namespace std;

static int n;
static vector<string> g;

// Shifting both coordinates by 2 keeps the class and makes off-board neighbours non-negative.
static int cls(int r, int c) { r += 2; c += 2; return (r & 1) * 2 + (((r / 2) + (c / 2)) & 1); }
static bool on(int r, int c) { return r >= 0 && c >= 0 && r < n && c < n; }

struct Dsu {
    vector<int> p;
    explicit Dsu(int m) : p(m) { iota(p.begin(), p.end(), 0); }
    int find(int x) { while (p[x] != x) x = p[x] = p[p[x]]; return x; }
    void unite(int a, int b) { p[find(a)] = find(b); }
};

static bool captures_all(int sr, int sc) {
    int k = cls(sr, sc), start = sr * n + sc;
    vector<int> deg(n * n, 0);
    vector<pair<int, int>> edges;
    Dsu dsu(n * n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (g[r][c] != 'W') continue;
            if ((r & 1) == (sr & 1)) return false;  // on the piece's own row parity
            int ar = r - 1, ac = c - 1, br = r + 1, bc = c + 1;
            if (cls(ar, ac) != k) { ac = c + 1; bc = c - 1; }
            if (!on(ar, ac) || !on(br, bc)) return false;
            int a = ar * n + ac, b = br * n + bc;
            for (int e : {a, b})
                if (g[e / n][e % n] != '_' && e != start) return false;
            deg[a]++, deg[b]++;
            dsu.unite(a, b);
            edges.push_back({a, b});
        }
    for (auto [a, b] : edges)
        if (dsu.find(a) != dsu.find(start)) return false;
    int odd = 0;
    for (int d : deg) odd += d & 1;
    return odd == 0 || (odd == 2 && (deg[start] & 1));
}

int main() {
    cin >> n;
    g.resize(n);
    for (auto& row : g) cin >> row;
    vector<pair<int, int>> winners;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (g[r][c] == 'B' && captures_all(r, c)) winners.push_back({r, c});
    if (winners.empty()) puts("None");
    else if (winners.size() > 1) puts("Multiple");
    else printf("%c%d\n", 'A' + winners[0].second, n - winners[0].first);
}
