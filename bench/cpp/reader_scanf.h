// The plain stdio reader a straightforward contest solution uses.
#pragma once
#include <cstdio>
static inline long long readInt() { long long x; if (scanf("%lld", &x) != 1) return 0; return x; }
static inline int readCell() { char c; if (scanf(" %c", &c) != 1) return '.'; return c; }
