// HDU 5754: king/knight by DP on the distance table, rook x==y, queen Wythoff via floating point.
// Built twice by bench/contest.sh: with an fread buffer (the tuned
// reader), and with -DPLAIN_STDIO for plain scanf (the straightforward one).
#ifdef PLAIN_STDIO
#include "reader_scanf.h"
#else
#include "reader.h"
#endif
#include <cmath>
static char king[1000][1000], knight[1000][1000];  // 0 lose, 1 win, 2 draw
int main() {
    for (int x = 0; x < 1000; x++) for (int y = 0; y < 1000; y++) {
        if (!x && !y) { king[x][y] = knight[x][y] = 0; continue; }
        bool win = false;
        if (x && !king[x-1][y]) win = true;
        if (y && !king[x][y-1]) win = true;
        if (x && y && !king[x-1][y-1]) win = true;
        king[x][y] = win;
        int best = -1;  // over options: 0 lose(for opponent) -> win
        char r = 2;
        bool any = false, draw = false;
        if (x >= 1 && y >= 2) { any = true; char o = knight[x-1][y-2]; if (o == 0) best = 1; else if (o == 2) draw = true; }
        if (x >= 2 && y >= 1) { any = true; char o = knight[x-2][y-1]; if (o == 0) best = 1; else if (o == 2) draw = true; }
        if (!any) r = 2; else if (best == 1) r = 1; else if (draw) r = 2; else r = 0;
        knight[x][y] = r;
    }
    const double phi = (1 + sqrt(5.0)) / 2;
    int t = readInt();
    while (t--) {
        int type = readInt(), n = readInt(), m = readInt();
        int x = n - 1, y = m - 1, r;
        if (type == 1) r = king[x][y];
        else if (type == 2) r = x != y;
        else if (type == 3) r = knight[x][y];
        else { int a = x < y ? x : y, b = x < y ? y : x; r = !((int)floor((b - a) * phi) == a); }
        puts(r == 1 ? "B" : r == 0 ? "G" : "D");
    }
}
