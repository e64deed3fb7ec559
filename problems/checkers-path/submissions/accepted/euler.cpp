// Checkers (path): a king jumps two squares at a time, so it stays on one of four classes of squares.
// For a black piece, every white piece must lie between two squares of the piece's class (one
// edge of a graph on that class); the piece captures everything iff both ends of every edge
// are on the board and free to land on, all edges are connected to the piece (union-find),
// and Euler's odd-degree condition holds with the piece at an odd end (or no odd squares).
// The path is Hierholzer's algorithm from the piece.
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

static void print_path(int sr, int sc) {
    static const int DR[4] = {-1, -1, 1, 1}, DC[4] = {-1, 1, -1, 1};
    vector<int> next_dir(n * n, 0);
    vector<char> taken(n * n, 0);
    vector<int> stack = {sr * n + sc}, trail;
    while (!stack.empty()) {
        int v = stack.back(), r = v / n, c = v % n;
        bool moved = false;
        while (next_dir[v] < 4 && !moved) {
            int d = next_dir[v]++;
            int mr = r + DR[d], mc = c + DC[d];
            if (on(mr, mc) && g[mr][mc] == 'W' && !taken[mr * n + mc]) {
                taken[mr * n + mc] = 1;
                stack.push_back((mr + DR[d]) * n + mc + DC[d]);
                moved = true;
            }
        }
        if (!moved) { trail.push_back(v); stack.pop_back(); }
    }
    reverse(trail.begin(), trail.end());
    string out;
    for (size_t i = 0; i < trail.size(); i++) {
        if (i) out += ' ';
        out += char('a' + trail[i] % n);
        out += to_string(n - trail[i] / n);
    }
    puts(out.c_str());
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
    else print_path(winners[0].first, winners[0].second);
}
