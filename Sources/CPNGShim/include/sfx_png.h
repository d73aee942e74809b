// sfx_png: a small status-code interface over libpng, for ShaderFX.
//
// libpng reports errors by longjmp'ing out of the failing call. Every function here sets up
// that jump itself, so callers (Swift) never see setjmp/longjmp: they get a status code and,
// on failure, a one-line message copied into their own `err` buffer (`errlen` bytes, always
// NUL-terminated when errlen > 0; NULL/0 to ignore the message). Nothing is ever printed.
// libpng warnings are silenced when reading (they concern recoverable, ignorable problems
// such as a bad CRC in an ancillary chunk) and turned into errors when writing (the caller
// controls the input, so a warning means the file would not be what was asked for).
//
// Memory ownership:
//   - Input buffers are borrowed for the duration of the call only.
//   - sfx_png_decode_rgba16 writes into a buffer the CALLER allocates and frees.
//   - The encoders return a buffer allocated here (malloc); the caller owns it and must
//     release it with sfx_png_free. On failure *out is set to NULL and nothing is to be freed.
//   - All libpng state is created and destroyed inside each call, on success and on error.
//
// This header deliberately does not include <png.h>: the colour-type numbers below are the
// PNG specification's, identical to libpng's PNG_COLOR_TYPE_* values.
#ifndef SFX_PNG_H
#define SFX_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Status codes.
#define SFX_PNG_OK 0             // success
#define SFX_PNG_ERR_SIGNATURE 1  // the data does not start with the PNG signature
#define SFX_PNG_ERR_CORRUPT 2    // libpng rejected the data (corrupt or truncated); see err
#define SFX_PNG_ERR_ARGUMENT 3   // invalid arguments (e.g. output buffer too small); see err
#define SFX_PNG_ERR_MEMORY 4     // an allocation failed

// PNG colour types (IHDR colour type field).
#define SFX_PNG_COLOR_GRAY 0
#define SFX_PNG_COLOR_RGB 2
#define SFX_PNG_COLOR_PALETTE 3
#define SFX_PNG_COLOR_GRAY_ALPHA 4
#define SFX_PNG_COLOR_RGBA 6

// The IHDR fields of a PNG.
typedef struct sfx_png_header {
    uint32_t width;      // pixels, 1 ... 2^31-1
    uint32_t height;     // pixels, 1 ... 2^31-1
    int32_t bit_depth;   // bits per sample (per palette index for palette images): 1,2,4,8,16
    int32_t color_type;  // one of SFX_PNG_COLOR_*
    int32_t interlaced;  // 0: not interlaced; 1: Adam7
} sfx_png_header;

// Reads the IHDR of the PNG in `data` (and every chunk before the first IDAT, which libpng
// validates), without decoding any pixels, so the caller can check the size before allocating.
// Returns SFX_PNG_OK and fills *header, or SFX_PNG_ERR_SIGNATURE / _CORRUPT / _MEMORY.
int sfx_png_read_header(const uint8_t *data, size_t size, sfx_png_header *header,
                        char *err, size_t errlen);

// Decodes the whole PNG in `data` into `rgba`, a caller-allocated array of `capacity`
// uint16_t values that must hold at least width * height * 4 of them.
// Output: straight (not premultiplied) RGBA, 16 bits per channel in native byte order, top
// row first, no gamma transform. Every colour type, bit depth and interlace method is
// expanded: samples of depth d < 16 are scaled exactly to 16 bits (8-bit v becomes v * 257),
// palette and tRNS become RGBA, grey is replicated into R, G and B, and images without alpha
// get alpha 65535. Corrupt or truncated data (including a missing IEND) gives
// SFX_PNG_ERR_CORRUPT with libpng's message; `rgba` may then be partly written.
int sfx_png_decode_rgba16(const uint8_t *data, size_t size, uint16_t *rgba, size_t capacity,
                          char *err, size_t errlen);

// A raw image in libpng's row format, for sfx_png_encode_raw.
typedef struct sfx_png_raw_image {
    uint32_t width;
    uint32_t height;
    int32_t bit_depth;   // 1, 2, 4, 8 or 16, as allowed for the colour type
    int32_t color_type;  // one of SFX_PNG_COLOR_*
    int32_t interlaced;  // 0: not interlaced; 1: Adam7 (the rows below are still the full image)
    int32_t fast;        // nonzero: zlib level 1 and the Sub filter only
    // height rows of ceil(width * channels * bit_depth / 8) bytes each, no padding; samples of
    // less than 8 bits packed most significant bits first; 16-bit samples big-endian.
    const uint8_t *rows;
    size_t rows_size;    // bytes available at `rows`
    // Palette (PLTE) as RGB triples, palette_size entries (1...256); required for
    // SFX_PNG_COLOR_PALETTE, optional for RGB / RGBA (a suggested palette), else NULL/0.
    const uint8_t *palette;
    int32_t palette_size;
    // Palette alpha (tRNS for palette images): trns_alpha_count (<= palette_size) values.
    const uint8_t *trns_alpha;
    int32_t trns_alpha_count;
    // Transparent colour (tRNS for grey and RGB images) when has_trns_color is nonzero:
    // trns_gray for grey; trns_red/green/blue for RGB; values in the image's bit depth.
    int32_t has_trns_color;
    uint16_t trns_gray;
    uint16_t trns_red;
    uint16_t trns_green;
    uint16_t trns_blue;
} sfx_png_raw_image;

// Encodes any kind of PNG (every colour type, bit depth, palette, tRNS, interlace) from rows
// already in libpng's format. Mainly for tests: it lets them produce every kind of PNG with
// libpng itself. On success *out points to a malloc'd buffer of *out_size bytes that the
// caller frees with sfx_png_free.
int sfx_png_encode_raw(const sfx_png_raw_image *image, uint8_t **out, size_t *out_size,
                       char *err, size_t errlen);

// Frees a buffer returned by an sfx_png encoder. NULL is allowed.
void sfx_png_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif  // SFX_PNG_H
