// Time limit exceeded: exhaustive search. Breadth-first search settles n <= 3; from n = 4 on
// a depth-first search looks for n moves, pruned only by "a move removes at most two
// neighbouring same-colour checkers" (the last move at most one). Right, but exponential.
#include <cstdio>
#include <map>
#include <queue>
#include <string>
#include <vector>
using namespace std;

static int n, len;
static string row;
static vector<int> path;

static int same_pairs(const string& r) {
    int s = 0;
    for (int i = 0; i + 1 < len; i++)
        if (r[i] != '.' && r[i] == r[i + 1]) s++;
    return s;
}

static bool dfs(int left, int gap) {
    int same = same_pairs(row);
    if (left == 0) return gap == 0 && same == 0 && row[2] == 'W';
    if (same > 2 * left - 1) return false;
    for (int p = 0; p + 1 < len; p++) {
        if (p == gap || p + 1 == gap || p == gap + 1) continue;
        row[gap] = row[p]; row[gap + 1] = row[p + 1]; row[p] = row[p + 1] = '.';
        path.push_back(p);
        if (dfs(left - 1, p)) return true;
        path.pop_back();
        row[p] = row[gap]; row[p + 1] = row[gap + 1]; row[gap] = row[gap + 1] = '.';
    }
    return false;
}

int main() {
    if (scanf("%d", &n) != 1) return 1;
    len = 2 * n + 2;
    row = string(n, 'B') + string(n, 'W') + "..";
    if (n <= 3) {
        string goal = ".." ;
        for (int i = 0; i < n; i++) goal += "WB";
        map<string, pair<string, int>> parent;
        parent[row] = {"", -1};
        queue<string> q;
        q.push(row);
        while (!q.empty()) {
            string r = q.front(); q.pop();
            if (r == goal) {
                vector<int> moves;
                while (parent[r].second >= 0) { moves.push_back(parent[r].second); r = parent[r].first; }
                printf("%d\n", (int)moves.size());
                for (int i = (int)moves.size() - 1; i >= 0; i--) printf("%d\n", moves[i]);
                return 0;
            }
            int g = (int)r.find("..");
            for (int p = 0; p + 1 < len; p++) {
                if (r[p] == '.' || r[p + 1] == '.') continue;
                string s = r;
                s[g] = r[p]; s[g + 1] = r[p + 1]; s[p] = s[p + 1] = '.';
                if (!parent.count(s)) { parent[s] = {r, p}; q.push(s); }
            }
        }
        puts("None");
        return 0;
    }
    if (dfs(n, 2 * n)) {
        printf("%d\n", n);
        for (int p : path) printf("%d\n", p);
    }
    return 0;
}
