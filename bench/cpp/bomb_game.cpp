// HDU 2873: sg(p,q) by mex over u<p, v<q of sg(u,q)^sg(p,v); XOR over bombs.
// Built twice by bench/contest.sh: with an fread buffer (the tuned
// reader), and with -DPLAIN_STDIO for plain scanf (the straightforward one).
#ifdef PLAIN_STDIO
#include "reader_scanf.h"
#else
#include "reader.h"
#endif
#include <cstring>
int sg[51][51];
int main() {
    for (int p = 1; p <= 50; p++)
        for (int q = 1; q <= 50; q++) {
            static bool seen[4096];
            memset(seen, 0, sizeof seen);
            if (p > 1 && q > 1) {
                for (int u = 1; u < p; u++)
                    for (int v = 1; v < q; v++) seen[sg[u][q] ^ sg[p][v]] = true;
            } else if (p == 1) {
                for (int v = 1; v < q; v++) seen[sg[1][v]] = true;
            } else {
                for (int u = 1; u < p; u++) seen[sg[u][1]] = true;
            }
            int g = 0;
            while (seen[g]) g++;
            sg[p][q] = g;
        }
    for (;;) {
        int n = readInt(), m = readInt();
        if (n == 0 && m == 0) break;
        int x = 0;
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= m; j++)
                if (readCell() == '#') x ^= sg[i][j];
        puts(x ? "John" : "Jack");
    }
}
