// sfx_png: libpng behind status codes. See include/sfx_png.h for the contract.
//
// Every public function creates its libpng structures, calls setjmp on them, and destroys them
// before returning, on success and on error. Error text goes to the caller's buffer; nothing is
// printed: the error callback never returns (it longjmps), so libpng's default handler, which
// writes to stderr, is never reached.
#include "sfx_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// PNG allows sizes up to 2^31 - 1; libpng's default user limit is 10^6. The header reader lifts
// it so that the caller, not libpng, decides what is too large and can say so precisely
// (ShaderFX checks every header against its pixel budget before decoding a single row).
#define SFX_PNG_MAX_SIZE 0x7fffffffu

// The most memory libpng may allocate for one chunk's data (and for a decompressed zTXt,
// iTXt or iCCP): 8 MiB, libpng's own recommended limit. A chunk claiming more is refused from
// its length field alone, before anything is allocated: a 44-byte file whose tEXt chunk
// claims 2 GiB fails at once instead of allocating 2 GiB. Image data (IDAT) is streamed and
// not bound by it. ICC profiles and text are far smaller in practice.
#define SFX_PNG_CHUNK_MALLOC_MAX (8u << 20)

// The most ancillary chunks (text, sPLT, unknown) libpng keeps: a file of a million tiny
// text chunks is refused after this many instead of growing a list without bound.
#define SFX_PNG_CHUNK_CACHE_MAX 1000u

// The most memory libpng may hold at once while reading one file, all allocations together
// (structures, row buffers, zlib's window, chunk data): 64 MiB. Decoded pixels are not counted
// (they go to the caller's buffer). A file that would need more is refused with an error,
// whatever path inside libpng asks for it.
#define SFX_PNG_READ_MEMORY_MAX ((size_t)64 << 20)

// State shared with the libpng callbacks (as both error pointer and I/O pointer).
typedef struct sfx_session {
    // Reading: bytes libpng holds now, through read_malloc / read_free.
    size_t allocated;
    char *err;
    size_t errlen;
    int status;           // SFX_PNG_* to return when libpng longjmps back
    int error_status;     // status for libpng errors: _CORRUPT (reading), _ARGUMENT (writing)
    int fail_on_warning;  // writing: a warning is an error
    // Reading: the borrowed input.
    const uint8_t *input;
    size_t input_size;
    size_t input_offset;
    // Writing: the growing output, malloc'd.
    uint8_t *output;
    size_t output_size;
    size_t output_capacity;
} sfx_session;

static void set_message(char *err, size_t errlen, const char *format, ...) {
    if (err == NULL || errlen == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(err, errlen, format, args);
    va_end(args);
}

static void on_error(png_structp png, png_const_charp message) {
    sfx_session *s = png_get_error_ptr(png);
    if (s->status == SFX_PNG_OK) s->status = s->error_status;
    set_message(s->err, s->errlen, "%s", message != NULL && *message ? message : "libpng error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    sfx_session *s = png_get_error_ptr(png);
    if (!s->fail_on_warning) return;  // reading: silenced
    s->status = SFX_PNG_ERR_ARGUMENT;
    set_message(s->err, s->errlen, "libpng warning: %s", message != NULL ? message : "");
    png_longjmp(png, 1);
}

static void read_from_memory(png_structp png, png_bytep bytes, size_t count) {
    sfx_session *s = png_get_io_ptr(png);
    if (count > s->input_size - s->input_offset) {
        png_error(png, "unexpected end of data (the file is truncated)");
    }
    memcpy(bytes, s->input + s->input_offset, count);
    s->input_offset += count;
}

static void write_to_memory(png_structp png, png_bytep bytes, size_t count) {
    sfx_session *s = png_get_io_ptr(png);
    if (count > SIZE_MAX - s->output_size) {
        s->status = SFX_PNG_ERR_MEMORY;
        png_error(png, "the encoded PNG does not fit in memory");
    }
    size_t needed = s->output_size + count;
    if (needed > s->output_capacity) {
        size_t capacity = s->output_capacity ? s->output_capacity : 4096;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        uint8_t *grown = realloc(s->output, capacity);
        if (grown == NULL) {
            s->status = SFX_PNG_ERR_MEMORY;
            png_error(png, "out of memory while encoding the PNG");
        }
        s->output = grown;
        s->output_capacity = capacity;
    }
    memcpy(s->output + s->output_size, bytes, count);
    s->output_size = needed;
}

static void flush_memory(png_structp png) { (void)png; }

static int host_is_little_endian(void) {
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

// SFX_PNG_OK when `data` starts with the 8-byte PNG signature.
static int check_signature(const uint8_t *data, size_t size, char *err, size_t errlen) {
    if (data == NULL || size == 0) {
        set_message(err, errlen, "the data is empty");
        return SFX_PNG_ERR_SIGNATURE;
    }
    size_t checked = size < 8 ? size : 8;
    if (png_sig_cmp(data, 0, checked) != 0) {
        set_message(err, errlen, "bad signature");
        return SFX_PNG_ERR_SIGNATURE;
    }
    if (size < 8) {
        set_message(err, errlen, "unexpected end of data in the signature (the file is truncated)");
        return SFX_PNG_ERR_CORRUPT;
    }
    return SFX_PNG_OK;
}

// libpng's allocator while reading: every block carries its size in a 16-byte header, so the
// session can keep the total under SFX_PNG_READ_MEMORY_MAX. Returning NULL makes libpng raise
// its "out of memory" error, which longjmps back like any other.
static png_voidp read_malloc(png_structp png, png_alloc_size_t size) {
    sfx_session *s = png != NULL ? png_get_mem_ptr(png) : NULL;
    if (size > SFX_PNG_READ_MEMORY_MAX || (s != NULL && s->allocated + size > SFX_PNG_READ_MEMORY_MAX)) {
        if (s != NULL) {
            s->status = SFX_PNG_ERR_CORRUPT;
            set_message(s->err, s->errlen, "the file asks for %zu bytes of memory, over the reader's limit of %zu MiB",
                        (size_t)size, SFX_PNG_READ_MEMORY_MAX >> 20);
        }
        return NULL;
    }
    uint8_t *block = malloc(size + 16);
    if (block == NULL) return NULL;
    memcpy(block, &size, sizeof size);
    if (s != NULL) s->allocated += size;
    return block + 16;
}

static void read_free(png_structp png, png_voidp pointer) {
    if (pointer == NULL) return;
    uint8_t *block = (uint8_t *)pointer - 16;
    sfx_session *s = png != NULL ? png_get_mem_ptr(png) : NULL;
    if (s != NULL) {
        png_alloc_size_t size;
        memcpy(&size, block, sizeof size);
        s->allocated -= size < s->allocated ? size : s->allocated;
    }
    free(block);
}

// Checks every chunk's length field before libpng sees the file: an ancillary chunk claiming
// more than SFX_PNG_CHUNK_MALLOC_MAX is refused from the length alone (libpng would allocate
// the claimed size first, then find the data missing).
static int check_chunk_lengths(const uint8_t *data, size_t size, char *err, size_t errlen) {
    size_t offset = 8;
    while (offset + 8 <= size) {
        const uint8_t *p = data + offset;
        uint32_t length = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
        char type[5] = {(char)p[4], (char)p[5], (char)p[6], (char)p[7], 0};
        for (int i = 0; i < 4; i++) {
            if (!((type[i] >= 'A' && type[i] <= 'Z') || (type[i] >= 'a' && type[i] <= 'z'))) type[i] = '?';
        }
        if (length > 0x7fffffffu) {
            set_message(err, errlen, "chunk %s has an invalid length (%u)", type, (unsigned)length);
            return SFX_PNG_ERR_CORRUPT;
        }
        if (memcmp(p + 4, "IDAT", 4) != 0 && length > SFX_PNG_CHUNK_MALLOC_MAX) {
            set_message(err, errlen, "chunk %s claims %u bytes, over the limit of %u bytes for a chunk",
                        type, (unsigned)length, (unsigned)SFX_PNG_CHUNK_MALLOC_MAX);
            return SFX_PNG_ERR_CORRUPT;
        }
        if (memcmp(p + 4, "IEND", 4) == 0) break;
        if ((size_t)length + 12 > size - offset) break;  // truncated: libpng reports it
        offset += (size_t)length + 12;
    }
    return SFX_PNG_OK;
}

// Creates a reader over s->input. On failure returns a status and creates nothing.
static int create_reader(sfx_session *s, png_structp *png, png_infop *info) {
    int status = check_chunk_lengths(s->input, s->input_size, s->err, s->errlen);
    if (status != SFX_PNG_OK) return status;
    *png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, s, on_error, on_warning,
                                    s, read_malloc, read_free);
    if (*png == NULL) {
        set_message(s->err, s->errlen, "out of memory (libpng read struct)");
        return SFX_PNG_ERR_MEMORY;
    }
    *info = png_create_info_struct(*png);
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        set_message(s->err, s->errlen, "out of memory (libpng info struct)");
        return SFX_PNG_ERR_MEMORY;
    }
    png_set_read_fn(*png, s, read_from_memory);
    png_set_user_limits(*png, SFX_PNG_MAX_SIZE, SFX_PNG_MAX_SIZE);
    png_set_chunk_malloc_max(*png, SFX_PNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(*png, SFX_PNG_CHUNK_CACHE_MAX);
    return SFX_PNG_OK;
}

// What a reading session does once libpng has its structures and its error handler: runs inside
// `read_session`'s setjmp, so a libpng error in it unwinds to there; returns a status.
typedef int (*sfx_read_body)(png_structp png, png_infop info, sfx_session *s, void *context);

// The one reading session: checks the signature, creates the reader over `data`, sets the error
// handler, runs `body`, and destroys what it created, whichever way `body` ends.
static int read_session(const uint8_t *data, size_t size, char *err, size_t errlen,
                        sfx_read_body body, void *context) {
    int status = check_signature(data, size, err, errlen);
    if (status != SFX_PNG_OK) return status;
    sfx_session s = {.err = err, .errlen = errlen, .error_status = SFX_PNG_ERR_CORRUPT,
                     .input = data, .input_size = size};
    png_structp png;
    png_infop info;
    status = create_reader(&s, &png, &info);
    if (status != SFX_PNG_OK) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return s.status;
    }
    status = body(png, info, &s, context);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

static int read_header_body(png_structp png, png_infop info, sfx_session *s, void *context) {
    (void)s;
    sfx_png_header *header = context;
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    return SFX_PNG_OK;
}

int sfx_png_read_header(const uint8_t *data, size_t size, sfx_png_header *header,
                        char *err, size_t errlen) {
    set_message(err, errlen, "");
    if (header == NULL) {
        set_message(err, errlen, "no header to fill");
        return SFX_PNG_ERR_ARGUMENT;
    }
    return read_session(data, size, err, errlen, read_header_body, header);
}

// Where `sfx_png_decode_rgba16` decodes to.
typedef struct {
    uint16_t *rgba;
    size_t capacity;
} sfx_rgba16_target;

static int decode_rgba16_body(png_structp png, png_infop info, sfx_session *s, void *context) {
    const sfx_rgba16_target *target = context;
    uint16_t *rgba = target->rgba;
    png_read_info(png, info);
    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    const size_t row_values = (size_t)width * 4;
    if (rgba == NULL || row_values > target->capacity / height) {
        set_message(s->err, s->errlen, "output buffer of %zu values too small for %ux%u RGBA",
                    target->capacity, (unsigned)width, (unsigned)height);
        return SFX_PNG_ERR_ARGUMENT;
    }
    // Expand everything to 16-bit RGBA, straight alpha, no gamma change.
    const int color_type = png_get_color_type(png, info);
    const int bit_depth = png_get_bit_depth(png, info);
    const int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if (bit_depth < 16) png_set_expand_16(png);  // exact: v * 257 for 8-bit samples
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
    }
    if (host_is_little_endian()) png_set_swap(png);  // PNG samples are big-endian
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != row_values * 2 || png_get_channels(png, info) != 4 ||
        png_get_bit_depth(png, info) != 16) {
        png_error(png, "unexpected pixel layout after conversion to 16-bit RGBA");
    }
    // With interlace handling, every pass is read over the full rows: each pass fills in its
    // own pixels and leaves the others, so after the last pass the image is complete.
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, (png_bytep)(rgba + (size_t)y * row_values), NULL);
        }
    }
    png_read_end(png, NULL);  // checks the rest of the file, up to IEND
    return SFX_PNG_OK;
}

int sfx_png_decode_rgba16(const uint8_t *data, size_t size, uint16_t *rgba, size_t capacity,
                          char *err, size_t errlen) {
    set_message(err, errlen, "");
    sfx_rgba16_target target = {.rgba = rgba, .capacity = capacity};
    return read_session(data, size, err, errlen, decode_rgba16_body, &target);
}


static int channels_of(int color_type) {
    switch (color_type) {
        case SFX_PNG_COLOR_GRAY: return 1;
        case SFX_PNG_COLOR_RGB: return 3;
        case SFX_PNG_COLOR_PALETTE: return 1;
        case SFX_PNG_COLOR_GRAY_ALPHA: return 2;
        case SFX_PNG_COLOR_RGBA: return 4;
        default: return 0;
    }
}

// Checks what libpng would otherwise only warn about (or not check at all).
static int check_raw_image(const sfx_png_raw_image *image, size_t *rowbytes,
                           char *err, size_t errlen) {
    const int channels = channels_of(image->color_type);
    const int depth = image->bit_depth;
    if (channels == 0) {
        set_message(err, errlen, "invalid colour type %d", (int)image->color_type);
        return SFX_PNG_ERR_ARGUMENT;
    }
    if (depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16) {
        set_message(err, errlen, "invalid bit depth %d", (int)depth);
        return SFX_PNG_ERR_ARGUMENT;
    }
    if (image->width == 0 || image->height == 0) {
        set_message(err, errlen, "empty image (%ux%u)", (unsigned)image->width,
                    (unsigned)image->height);
        return SFX_PNG_ERR_ARGUMENT;
    }
    *rowbytes = ((size_t)image->width * (size_t)channels * (size_t)depth + 7) / 8;
    if (*rowbytes > SIZE_MAX / image->height || image->rows == NULL ||
        image->rows_size < *rowbytes * image->height) {
        set_message(err, errlen, "rows buffer of %zu bytes too small for %u rows of %zu bytes",
                    image->rows_size, (unsigned)image->height, *rowbytes);
        return SFX_PNG_ERR_ARGUMENT;
    }
    if (image->palette_size < 0 || image->palette_size > 256 ||
        (image->palette_size > 0 && image->palette == NULL) ||
        (image->color_type == SFX_PNG_COLOR_PALETTE && image->palette_size == 0)) {
        set_message(err, errlen, "invalid palette (%d entries)", (int)image->palette_size);
        return SFX_PNG_ERR_ARGUMENT;
    }
    if (image->trns_alpha_count < 0 || image->trns_alpha_count > image->palette_size ||
        (image->trns_alpha_count > 0 &&
         (image->trns_alpha == NULL || image->color_type != SFX_PNG_COLOR_PALETTE))) {
        set_message(err, errlen, "invalid palette alpha (%d entries for %d colours)",
                    (int)image->trns_alpha_count, (int)image->palette_size);
        return SFX_PNG_ERR_ARGUMENT;
    }
    if (image->has_trns_color && image->color_type != SFX_PNG_COLOR_GRAY &&
        image->color_type != SFX_PNG_COLOR_RGB) {
        set_message(err, errlen, "a transparent colour needs colour type grey or RGB");
        return SFX_PNG_ERR_ARGUMENT;
    }
    return SFX_PNG_OK;
}

int sfx_png_encode_raw(const sfx_png_raw_image *image, uint8_t **out, size_t *out_size,
                       char *err, size_t errlen) {
    set_message(err, errlen, "");
    if (out != NULL) *out = NULL;
    if (out_size != NULL) *out_size = 0;
    if (image == NULL || out == NULL || out_size == NULL) {
        set_message(err, errlen, "missing image or output argument");
        return SFX_PNG_ERR_ARGUMENT;
    }
    size_t rowbytes;
    int status = check_raw_image(image, &rowbytes, err, errlen);
    if (status != SFX_PNG_OK) return status;

    sfx_session s = {.err = err, .errlen = errlen, .error_status = SFX_PNG_ERR_ARGUMENT,
                     .fail_on_warning = 1};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, on_error, on_warning);
    if (png == NULL) {
        set_message(err, errlen, "out of memory (libpng write struct)");
        return SFX_PNG_ERR_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        set_message(err, errlen, "out of memory (libpng info struct)");
        return SFX_PNG_ERR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(s.output);
        return s.status;
    }
    png_set_write_fn(png, &s, write_to_memory, flush_memory);
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 image->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (image->palette_size > 0) {
        png_color colors[256];
        for (int i = 0; i < image->palette_size; i++) {
            colors[i].red = image->palette[3 * i];
            colors[i].green = image->palette[3 * i + 1];
            colors[i].blue = image->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, image->palette_size);
    }
    if (image->trns_alpha_count > 0) {
        png_set_tRNS(png, info, image->trns_alpha, image->trns_alpha_count, NULL);
    } else if (image->has_trns_color) {
        png_color_16 color = {.gray = image->trns_gray, .red = image->trns_red,
                              .green = image->trns_green, .blue = image->trns_blue};
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    if (image->fast) {
        png_set_compression_level(png, 1);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_write_info(png, info);
    const int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < image->height; y++) {
            png_write_row(png, image->rows + (size_t)y * rowbytes);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = s.output;
    *out_size = s.output_size;
    return SFX_PNG_OK;
}

void sfx_png_free(void *buffer) { free(buffer); }
