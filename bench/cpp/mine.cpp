// HDU 4678: count numbers, BFS blank regions, a region with k numbers is 1 + (k odd), a lone number is 1.
// Built twice by bench/contest.sh: with an fread buffer (the tuned
// reader), and with -DPLAIN_STDIO for plain scanf (the straightforward one).
#ifdef PLAIN_STDIO
#include "reader_scanf.h"
#else
#include "reader.h"
#endif
#include <vector>
#include <cstring>
int main() {
    int t = readInt();
    std::vector<unsigned char> mine, cnt, vis;
    std::vector<int> queue;
    for (int c = 1; c <= t; c++) {
        int n = readInt(), m = readInt(), k = readInt();
        mine.assign((size_t)n * m, 0); cnt.assign((size_t)n * m, 0); vis.assign((size_t)n * m, 0);
        for (int i = 0; i < k; i++) { int x = readInt(), y = readInt(); mine[(size_t)x * m + y] = 1; }
        for (int x = 0; x < n; x++)
            for (int y = 0; y < m; y++) if (mine[(size_t)x * m + y])
                for (int a = -1; a <= 1; a++) for (int b = -1; b <= 1; b++) {
                    int nx = x + a, ny = y + b;
                    if (nx >= 0 && ny >= 0 && nx < n && ny < m) cnt[(size_t)nx * m + ny]++;
                }
        int sg = 0;
        for (int s = 0; s < n * m; s++) {
            if (mine[s] || cnt[s] || vis[s]) continue;
            int numbers = 0;
            queue.clear(); queue.push_back(s); vis[s] = 1;
            for (size_t h = 0; h < queue.size(); h++) {
                int at = queue[h], x = at / m, y = at % m;
                for (int a = -1; a <= 1; a++) for (int b = -1; b <= 1; b++) {
                    int nx = x + a, ny = y + b;
                    if (nx < 0 || ny < 0 || nx >= n || ny >= m) continue;
                    int nb = nx * m + ny;
                    if (vis[nb] || mine[nb]) continue;
                    vis[nb] = 1;
                    if (cnt[nb]) numbers++; else queue.push_back(nb);
                }
            }
            sg ^= (numbers % 2) ? 2 : 1;
        }
        for (int s = 0; s < n * m; s++) if (!mine[s] && cnt[s] && !vis[s]) sg ^= 1;
        printf("Case #%d: %s\n", c, sg ? "Xiemao" : "Fanglaoshi");
    }
}
