// A plain fread-based integer reader, as contest solutions commonly use.
#pragma once
#include <cstdio>
static char buf[1 << 25];
static size_t len = 0, pos = 0;
static inline int gc() {
    if (pos == len) { len = fread(buf, 1, sizeof buf, stdin); pos = 0; if (len == 0) return -1; }
    return buf[pos++];
}
static inline long long readInt() {
    int c = gc();
    while (c != '-' && (c < '0' || c > '9')) c = gc();
    long long x = 0;
    while (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); c = gc(); }
    return x;
}
static inline int readCell() { int c = gc(); while (c != '#' && c != '.') c = gc(); return c; }
