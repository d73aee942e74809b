// sfx_cpu: a processor feature the PNG shim's loops are compiled for, asked once. Private to the
// shim (not in include/): its .c files choose a compiled variant of a loop with it.
#ifndef SFX_CPU_H
#define SFX_CPU_H

#include <stdlib.h>

// Whether `detect()` finds the feature, unless the environment variable `off_variable` is set
// and not empty (A/B measurements take the plain loop with it). `*state` keeps the answer: 0 not
// yet asked, 1 without, 2 with; threads that ask at once all store the same value.
static inline int sfx_cached_feature(int *state, int (*detect)(void), const char *off_variable) {
    int known = __atomic_load_n(state, __ATOMIC_RELAXED);
    if (known == 0) {
        int has = detect();
        const char *off = getenv(off_variable);
        if (off && *off) has = 0;
        known = has ? 2 : 1;
        __atomic_store_n(state, known, __ATOMIC_RELAXED);
    }
    return known == 2;
}

#endif
