// sfx_bits: see include/sfx_bits.h.
#include "sfx_bits.h"
#include "sfx_cpu.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#define SFX_BITS_TARGET_BMI2 __attribute__((target("bmi2")))
#else
#define SFX_BITS_TARGET_BMI2
#endif

// The loop, as an inline function both variants are compiled from: the compiler's choice of
// shift instructions is the only difference.
static inline __attribute__((always_inline)) const uint8_t *
write_literals(const uint8_t *at, const uint8_t *end, const uint16_t *codes, const uint8_t *lengths,
               sfx_bit_state *state) {
    uint8_t *out = state->out;
    uint64_t bits = state->bits, count = state->count;
    while (end - at >= 4) {
        // Each byte indexes both tables as loaded (a zero-extending load each): no mask or shift
        // to take a code and its length apart.
        const uint8_t b0 = at[0], b1 = at[1], b2 = at[2], b3 = at[3];
        const uint64_t n0 = lengths[b0], n1 = lengths[b1], n2 = lengths[b2], n3 = lengths[b3];
        // Two codes joined, then the two pairs: one value of at most 56 bits for the four.
        const uint64_t low = (uint64_t)codes[b0] | (uint64_t)codes[b1] << n0;
        const uint64_t high = (uint64_t)codes[b2] | (uint64_t)codes[b3] << n2;
        bits |= (low | high << (n0 + n1)) << count;
        count += n0 + n1 + n2 + n3;
        // Store all 8 bytes; keep the 0...7 bits past the whole bytes (count is at most 63).
        memcpy(out, &bits, 8);
        const uint64_t whole = count >> 3;
        out += whole;
        bits >>= whole << 3;
        count &= 7;
        at += 4;
    }
    state->out = out;
    state->bits = bits;
    state->count = count;
    return at;
}

static const uint8_t *write_literals_plain(const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                           const uint8_t *lengths, sfx_bit_state *state) {
    return write_literals(at, end, codes, lengths, state);
}

SFX_BITS_TARGET_BMI2
static const uint8_t *write_literals_bmi2(const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                          const uint8_t *lengths, sfx_bit_state *state) {
    return write_literals(at, end, codes, lengths, state);
}

static int detect_bmi2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    // Leaf 7, sub-leaf 0: EBX bit 8 is BMI2.
    if (__get_cpuid_max(0, 0) >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) return (b >> 8) & 1;
#endif
    return 0;
}

int sfx_bits_use_bmi2(void) {
    static int state;
    return sfx_cached_feature(&state, detect_bmi2, "SHADERFX_NO_BMI2");
}

const uint8_t *sfx_write_literals(const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                  const uint8_t *lengths, sfx_bit_state *state) {
    return sfx_bits_use_bmi2() ? write_literals_bmi2(at, end, codes, lengths, state)
                               : write_literals_plain(at, end, codes, lengths, state);
}

const uint8_t *sfx_write_literals_variant(int bmi2, const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                          const uint8_t *lengths, sfx_bit_state *state) {
    return bmi2 ? write_literals_bmi2(at, end, codes, lengths, state)
                : write_literals_plain(at, end, codes, lengths, state);
}
