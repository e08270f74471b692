// BZOJ 1022: anti-Nim.
#include "reader.h"
int main() {
    int t = readInt();
    while (t--) {
        int n = readInt(), x = 0; bool big = false;
        for (int i = 0; i < n; i++) { int a = readInt(); x ^= a; if (a > 1) big = true; }
        puts(((x != 0) == big) ? "John" : "Brother");
    }
}
