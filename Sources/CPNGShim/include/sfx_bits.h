// sfx_bits: the PNG writer's hottest loop, DEFLATE literal codes into a bit buffer, in C so
// that it can use BMI2's shifts (SHLX/SHRX) where the processor has them.
//
// The loop shifts by amounts known only at run time (each code's length). Without BMI2 an
// x86-64 variable shift goes through the CL register and costs two or three micro-operations;
// with it, one. Swift compiles for the baseline x86-64 and has no per-function target
// attribute, so the loop is written here twice, once for BMI2 (chosen at run time by CPUID)
// and once for any x86-64 or other processor. Both write the same bits.
#ifndef SFX_BITS_H
#define SFX_BITS_H

#include <stdint.h>

// A bit writer's state: bits are written least significant first; `bits` holds `count`
// (0...7 between calls) bits not yet stored at `out`.
typedef struct {
    uint8_t *out;
    uint64_t bits;
    uint64_t count;
} sfx_bit_state;

// Writes the literal codes of the bytes from `at` while four are left before `end`, four at a
// time; returns where it stopped. `codes[b]` is byte b's code (bit-reversed, ready to write
// least significant bit first) and `lengths[b]` its length in bits: two tables, so that a code
// and its length each come from one load without being taken apart. No length may exceed 14
// (four codes and the 7 bits held fit one 64-bit store). The buffer at `state->out` has room for
// what is written and 8 bytes more.
const uint8_t *sfx_write_literals(const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                  const uint8_t *lengths, sfx_bit_state *state);

// Whether sfx_write_literals uses BMI2 on this processor (not when the environment variable
// SHADERFX_NO_BMI2 is set and not empty, which A/B measurements use).
int sfx_bits_use_bmi2(void);

// sfx_write_literals with the variant chosen by the caller (`bmi2` nonzero: the BMI2 one, which
// the processor must have), so that tests compare the two.
const uint8_t *sfx_write_literals_variant(int bmi2, const uint8_t *at, const uint8_t *end, const uint16_t *codes,
                                          const uint8_t *lengths, sfx_bit_state *state);

#endif
