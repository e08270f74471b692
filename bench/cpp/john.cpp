// BZOJ 1022: anti-Nim.
// Built twice by bench/contest.sh: with an fread buffer (the tuned
// reader), and with -DPLAIN_STDIO for plain scanf (the straightforward one).
#ifdef PLAIN_STDIO
#include "reader_scanf.h"
#else
#include "reader.h"
#endif
int main() {
    int t = readInt();
    while (t--) {
        int n = readInt(), x = 0; bool big = false;
        for (int i = 0; i < n; i++) { int a = readInt(); x ^= a; if (a > 1) big = true; }
        puts(((x != 0) == big) ? "John" : "Brother");
    }
}
