// sfx_filter: see include/sfx_filter.h.
#include "sfx_filter.h"
#include "sfx_cpu.h"

#if defined(__x86_64__)
#include <cpuid.h>
#define SFX_FILTER_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define SFX_FILTER_TARGET_AVX2
#endif

#define SFX_INLINE static inline __attribute__((always_inline))

// The Paeth predictor of left `a`, up `b` and up-left `c` (PNG 9.4): the neighbour nearest to
// p = a + b - c, ties to a, then b. The distances are |b - c|, |a - c| and |(a - c) + (b - c)|,
// kept in 8 bits so that a vector holds 32 of them: the third is the sum of the first two
// where both differences have one sign and their difference otherwise, and a sum saturated at
// 255 compares with the first two (each at most 255) as the true sum does.
SFX_INLINE uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    const uint8_t pa = b > c ? (uint8_t)(b - c) : (uint8_t)(c - b);
    const uint8_t pb = a > c ? (uint8_t)(a - c) : (uint8_t)(c - a);
    const uint8_t sum = (uint8_t)(pa + pb);
    const uint8_t saturated = sum < pa ? 255 : sum;
    const uint8_t apart = pa > pb ? (uint8_t)(pa - pb) : (uint8_t)(pb - pa);
    const uint8_t pc = (b >= c) == (a >= c) ? saturated : apart;
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// The magnitude of a filtered byte read as signed.
SFX_INLINE uint32_t magnitude(uint8_t v) {
    const uint8_t negated = (uint8_t)(0u - v);
    return v < negated ? v : negated;
}

// Bytes [from, to) of the row filtered with `filter`, each handed to STEP(i, value). The
// first pixel's bytes (i < bpp) have no left neighbour (a = c = 0).
#define SFX_FILTER_RANGE(filter, row, prior, bpp, from, to, STEP)                                  \
    do {                                                                                          \
        const size_t head_end = (to) < (bpp) ? (to) : (bpp);                                      \
        size_t i = (from);                                                                        \
        switch (filter) {                                                                         \
        case 0:                                                                                   \
            for (; i < (to); i++) STEP(i, row[i]);                                                \
            break;                                                                                \
        case 1:                                                                                   \
            for (; i < head_end; i++) STEP(i, row[i]);                                            \
            for (; i < (to); i++) STEP(i, (uint8_t)(row[i] - row[i - (bpp)]));                   \
            break;                                                                                \
        case 2:                                                                                   \
            for (; i < (to); i++) STEP(i, (uint8_t)(row[i] - prior[i]));                          \
            break;                                                                                \
        case 3:                                                                                   \
            for (; i < head_end; i++) STEP(i, (uint8_t)(row[i] - (prior[i] >> 1)));               \
            for (; i < (to); i++) {                                                               \
                const uint8_t a = row[i - (bpp)], b = prior[i];                                   \
                STEP(i, (uint8_t)(row[i] - (uint8_t)((a & b) + ((a ^ b) >> 1))));                 \
            }                                                                                     \
            break;                                                                                \
        default:                                                                                  \
            for (; i < head_end; i++) STEP(i, (uint8_t)(row[i] - prior[i]));                      \
            for (; i < (to); i++)                                                                 \
                STEP(i, (uint8_t)(row[i] - paeth(row[i - (bpp)], prior[i], prior[i - (bpp)])));   \
            break;                                                                                \
        }                                                                                         \
    } while (0)

SFX_INLINE void filter_row(int filter, const uint8_t *restrict row, const uint8_t *restrict prior,
                           uint8_t *restrict out, size_t n, size_t bpp) {
#define SFX_STORE(i, value) out[i] = (value)
    SFX_FILTER_RANGE(filter, row, prior, bpp, 0, n, SFX_STORE);
#undef SFX_STORE
}

// One filter's cost over bytes [from, to).
SFX_INLINE uint32_t range_cost(int filter, const uint8_t *restrict row, const uint8_t *restrict prior,
                               size_t bpp, size_t from, size_t to) {
    uint32_t sum = 0;
#define SFX_SUM(i, value) sum += magnitude(value)
    SFX_FILTER_RANGE(filter, row, prior, bpp, from, to, SFX_SUM);
#undef SFX_SUM
    return sum;
}

// Adds the magnitudes of the five filters' outputs for the 64 bytes at `row` (and `prior`),
// which have whole pixels to their left, to the 16-bit sums kept per byte position in `acc`:
// a fixed count with no sum across the vector, which the compiler turns into a few vector
// operations a filter.
SFX_INLINE void add64(const uint8_t *restrict row, const uint8_t *restrict prior, size_t bpp,
                      uint16_t acc[5][64]) {
    for (size_t i = 0; i < 64; i++) {
        const uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
        acc[0][i] += (uint16_t)magnitude(x);
        acc[1][i] += (uint16_t)magnitude((uint8_t)(x - a));
        acc[2][i] += (uint16_t)magnitude((uint8_t)(x - b));
        acc[3][i] += (uint16_t)magnitude((uint8_t)(x - (uint8_t)((a & b) + ((a ^ b) >> 1))));
        acc[4][i] += (uint16_t)magnitude((uint8_t)(x - paeth(a, b, c)));
    }
}

// Moves the per-position sums of `acc` into `costs` and clears them.
SFX_INLINE void drain(uint16_t acc[5][64], uint32_t costs[5]) {
    for (int f = 0; f < 5; f++) {
        uint32_t sum = 0;
        for (int i = 0; i < 64; i++) { sum += acc[f][i]; acc[f][i] = 0; }
        costs[f] += sum;
    }
}

SFX_INLINE void sampled_costs(const uint8_t *restrict row, const uint8_t *restrict prior, size_t n, size_t bpp,
                              size_t sample_bytes, size_t sample_period, uint32_t costs[5]) {
    for (int f = 0; f < 5; f++) costs[f] = 0;
    // Whole 64-byte samples past the first pixel add into 16-bit sums per position, drained
    // every 256 samples (256 * 128 fits 16 bits); the others are summed as they come.
    uint16_t acc[5][64] = {{0}};
    unsigned pending = 0;
    for (size_t start = 0; start < n; start += sample_period) {
        const size_t end = n - start < sample_bytes ? n : start + sample_bytes;
        if (sample_bytes == 64 && start >= bpp && end - start == 64) {
            add64(row + start, prior + start, bpp, acc);
            if (++pending == 256) { drain(acc, costs); pending = 0; }
            continue;
        }
        for (int f = 0; f < 5; f++) costs[f] += range_cost(f, row, prior, bpp, start, end);
    }
    if (pending) drain(acc, costs);
}

static void filter_row_plain(int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out, size_t n, size_t bpp) {
    filter_row(filter, row, prior, out, n, bpp);
}

SFX_FILTER_TARGET_AVX2
static void filter_row_avx2(int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out, size_t n, size_t bpp) {
    filter_row(filter, row, prior, out, n, bpp);
}

static void sampled_costs_plain(const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                                size_t sample_bytes, size_t sample_period, uint32_t costs[5]) {
    sampled_costs(row, prior, n, bpp, sample_bytes, sample_period, costs);
}

SFX_FILTER_TARGET_AVX2
static void sampled_costs_avx2(const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                               size_t sample_bytes, size_t sample_period, uint32_t costs[5]) {
    sampled_costs(row, prior, n, bpp, sample_bytes, sample_period, costs);
}

// 0 not yet asked, 1 without AVX2, 2 with it. Threads that ask at once all store the same value.
static int detect_avx2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    // AVX2 needs the processor's support (leaf 7, EBX bit 5) and the system's: OSXSAVE and
    // AVX (leaf 1, ECX bits 27 and 28), and the YMM state enabled in XCR0 (bits 1 and 2).
    if (__get_cpuid(1, &a, &b, &c, &d) && (c >> 27 & 1) && (c >> 28 & 1)) {
        unsigned low, high;
        __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
        if ((low & 6) == 6 && __get_cpuid_max(0, 0) >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
            return (b >> 5) & 1;
        }
    }
#endif
    return 0;
}

int sfx_filter_use_avx2(void) {
    static int state;
    return sfx_cached_feature(&state, detect_avx2, "SHADERFX_NO_AVX2");
}

void sfx_filter_row(int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out, size_t n, size_t bpp) {
    if (sfx_filter_use_avx2()) filter_row_avx2(filter, row, prior, out, n, bpp);
    else filter_row_plain(filter, row, prior, out, n, bpp);
}

void sfx_filter_sampled_costs(const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                              size_t sample_bytes, size_t sample_period, uint32_t costs[5]) {
    if (sfx_filter_use_avx2()) sampled_costs_avx2(row, prior, n, bpp, sample_bytes, sample_period, costs);
    else sampled_costs_plain(row, prior, n, bpp, sample_bytes, sample_period, costs);
}

void sfx_filter_row_variant(int avx2, int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out,
                            size_t n, size_t bpp) {
    if (avx2) filter_row_avx2(filter, row, prior, out, n, bpp);
    else filter_row_plain(filter, row, prior, out, n, bpp);
}

void sfx_filter_sampled_costs_variant(int avx2, const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                                      size_t sample_bytes, size_t sample_period, uint32_t costs[5]) {
    if (avx2) sampled_costs_avx2(row, prior, n, bpp, sample_bytes, sample_period, costs);
    else sampled_costs_plain(row, prior, n, bpp, sample_bytes, sample_period, costs);
}
