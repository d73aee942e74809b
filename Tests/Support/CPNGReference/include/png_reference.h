// libpng, used only by the tests and the benchmark: an independent decoder, and the encoder
// ShaderFX uses today (same settings as CPNGShim's sfx_png_encode_raw).
#ifndef PNG_REFERENCE_H
#define PNG_REFERENCE_H
#include <stddef.h>
#include <stdint.h>

/// Encodes 8-bit pixels (channels 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA, rows packed) as
/// ShaderFX does today: libpng defaults (zlib level 6, all five filters, adaptive), or with
/// `fast` 1, zlib level 1 and the Sub filter only; `fast` 2, zlib level 1 and libpng's adaptive
/// filters (what Pillow's compress_level=1 does). Returns 0 on success; free *out with free().
int ref_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                   int fast, uint8_t **out, size_t *out_size);

/// Decodes an 8-bit, non-interlaced PNG of any colour type but palette, leaving the samples
/// as stored (no expansion). Returns 0 on success and fills width, height, channels and
/// *pixels (packed rows; free() it); otherwise a non-zero code and libpng's message in err.
int ref_png_decode(const uint8_t *png, size_t size, uint32_t *width, uint32_t *height,
                   int *channels, uint8_t **pixels, char *err, size_t errlen);
#endif
