// sfx_filter: PNG's row filters (PNG specification, section 9) and the sampled choice among
// them, in C so that they can use AVX2 where the processor has it.
//
// Swift compiles for the baseline x86-64 (SSE2) and has no per-function target attribute; the
// filters (Paeth above all, in 16-bit lanes) and the sums of their outputs' magnitudes are
// loops a compiler vectorizes, twice as wide with AVX2. So the loops are written here once and
// compiled twice, for AVX2 (chosen at run time by CPUID) and for any processor. Both give the
// same bytes and the same costs.
#ifndef SFX_FILTER_H
#define SFX_FILTER_H

#include <stddef.h>
#include <stdint.h>

// Writes `row` (`n` bytes, `bpp` bytes a pixel) filtered with PNG filter `filter` (0 None,
// 1 Sub, 2 Up, 3 Average, 4 Paeth) to `out` (`n` bytes); `prior` is the row above (zeros
// for an image's first row).
void sfx_filter_row(int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out, size_t n, size_t bpp);

// The five filters' costs over samples of the row: the sum of the magnitudes of the filtered
// bytes read as signed (min(v, 256 - v), libpng's measure), over `sample_bytes` bytes of
// every `sample_period` from the row's start; `costs[f]` is filter f's.
void sfx_filter_sampled_costs(const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                              size_t sample_bytes, size_t sample_period, uint32_t costs[5]);

// Whether the two use AVX2 on this processor (not when the environment variable
// SHADERFX_NO_AVX2 is set and not empty, which A/B measurements use).
int sfx_filter_use_avx2(void);

// The same with the variant chosen by the caller (`avx2` nonzero: the AVX2 one, which the
// processor must have), so that tests compare the two.
void sfx_filter_row_variant(int avx2, int filter, const uint8_t *row, const uint8_t *prior, uint8_t *out,
                            size_t n, size_t bpp);
void sfx_filter_sampled_costs_variant(int avx2, const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp,
                                      size_t sample_bytes, size_t sample_period, uint32_t costs[5]);

#endif
