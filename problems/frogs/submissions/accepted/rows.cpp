// Plays the shortest solution on a string, starting with a black frog (the mirror image of the
// usual first move), and prints the row after each move.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    cin >> n;
    string row = string(n, 'O') + "_" + string(n, 'X');
    int e = n, d = 1;  // the empty pad moves right first: a black hops left
    string out = to_string((n + 1) * (n + 1) - 1) + "\n";
    auto move = [&](int delta) {
        int p = e + delta;
        row[e] = row[p];
        row[p] = '_';
        e = p;
        out += row;
        out += '\n';
    };
    for (int j = 1; j <= n; j++) {
        for (int k = 0; k + 1 < j; k++) move(2 * d);
        move(d);
        d = -d;
    }
    for (int k = 0; k < n; k++) move(2 * d);
    for (int r = 1; r <= n; r++) {
        d = -d;
        move(d);
        for (int k = 0; k < n - r; k++) move(2 * d);
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
