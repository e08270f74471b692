// LightOJ 1315: memoized sg over x, y < 1000 (y can grow by x/2), XOR over knights.
// Built twice by bench/contest.sh: with an fread buffer (the tuned
// reader), and with -DPLAIN_STDIO for plain scanf (the straightforward one).
#ifdef PLAIN_STDIO
#include "reader_scanf.h"
#else
#include "reader.h"
#endif
#include <cstring>
static int sg[1100][1100];
const int dx[6] = {-2, -3, -2, -1, -1, 1}, dy[6] = {1, -1, -1, -2, -3, -2};
int grundy(int x, int y) {
    int &r = sg[x][y];
    if (r != -1) return r;
    bool seen[8] = {};
    for (int k = 0; k < 6; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx >= 0 && ny >= 0) seen[grundy(nx, ny)] = true;
    }
    int g = 0;
    while (seen[g]) g++;
    return r = g;
}
int main() {
    memset(sg, -1, sizeof sg);
    int t = readInt();
    for (int c = 1; c <= t; c++) {
        int n = readInt(), x = 0;
        for (int i = 0; i < n; i++) { int a = readInt(), b = readInt(); x ^= grundy(a, b); }
        printf("Case %d: %s\n", c, x ? "Alice" : "Bob");
    }
}
