// TOO SLOW: tries every sequence of captures of every black piece (plain backtracking, no
// parity or Euler reasoning). Right answers, but exponential on boards with many white pieces.
#include <bits/stdc++.h>
using namespace std;

static int n, whites;
static vector<string> b;
static vector<pair<int, int>> path;
static const int DR[4] = {-1, -1, 1, 1}, DC[4] = {-1, 1, -1, 1};

static bool search(int r, int c, int taken) {
    if (taken == whites) return true;
    for (int d = 0; d < 4; d++) {
        int mr = r + DR[d], mc = c + DC[d], lr = mr + DR[d], lc = mc + DC[d];
        if (lr < 0 || lc < 0 || lr >= n || lc >= n) continue;
        if (b[mr][mc] != 'W' || b[lr][lc] != '_') continue;
        b[mr][mc] = '_';
        path.push_back({lr, lc});
        bool done = search(lr, lc, taken + 1);
        b[mr][mc] = 'W';
        if (done) return true;
        path.pop_back();
    }
    return false;
}

int main() {
    cin >> n;
    b.resize(n);
    for (auto& row : b) cin >> row;
    for (auto& row : b) whites += count(row.begin(), row.end(), 'W');
    vector<vector<pair<int, int>>> winners;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (b[r][c] != 'B') continue;
            b[r][c] = '_';
            path = {{r, c}};
            if (search(r, c, 0)) winners.push_back(path);
            b[r][c] = 'B';
        }
    if (winners.empty()) puts("None");
    else if (winners.size() > 1) puts("Multiple");
    else {
        string out;
        for (auto [r, c] : winners[0]) {
            if (!out.empty()) out += ' ';
            out += char('a' + c);
            out += to_string(n - r);
        }
        puts(out.c_str());
    }
}
