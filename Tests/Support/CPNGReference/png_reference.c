#include "png_reference.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *in; size_t in_size, in_pos;
    uint8_t *out; size_t out_size, out_cap;
    char *err; size_t errlen;
} session;

static void on_error(png_structp png, png_const_charp msg) {
    session *s = png_get_error_ptr(png);
    if (s->err && s->errlen) snprintf(s->err, s->errlen, "%s", msg);
    png_longjmp(png, 1);
}
static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void write_fn(png_structp png, png_bytep data, size_t n) {
    session *s = png_get_io_ptr(png);
    if (s->out_size + n > s->out_cap) {
        size_t cap = s->out_cap ? s->out_cap : 65536;
        while (cap < s->out_size + n) cap *= 2;
        uint8_t *grown = realloc(s->out, cap);
        if (!grown) png_error(png, "out of memory");
        s->out = grown; s->out_cap = cap;
    }
    memcpy(s->out + s->out_size, data, n);
    s->out_size += n;
}
static void flush_fn(png_structp png) { (void)png; }

static void read_fn(png_structp png, png_bytep data, size_t n) {
    session *s = png_get_io_ptr(png);
    if (n > s->in_size - s->in_pos) png_error(png, "truncated");
    memcpy(data, s->in + s->in_pos, n);
    s->in_pos += n;
}

int ref_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                   int fast, uint8_t **out, size_t *out_size) {
    static const int types[5] = {-1, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                 PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    if (channels < 1 || channels > 4) return 1;
    session s = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) { png_destroy_write_struct(&png, NULL); return 2; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(s.out);
        return 3;
    }
    png_set_write_fn(png, &s, write_fn, flush_fn);
    png_set_IHDR(png, info, width, height, 8, types[channels], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (fast) {
        png_set_compression_level(png, 1);
        if (fast == 1) png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_write_info(png, info);
    const size_t stride = (size_t)width * (size_t)channels;
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = s.out;
    *out_size = s.out_size;
    return 0;
}

int ref_png_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                   int *channels, uint8_t **pixels, char *err, size_t errlen) {
    session s = {.in = data, .in_size = size, .err = err, .errlen = errlen};
    if (err && errlen) err[0] = 0;
    *pixels = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return 2; }
    uint8_t *volatile buffer = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        return 3;
    }
    png_set_read_fn(png, &s, read_fn);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_DEFAULT);
    png_read_info(png, info);
    int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
    if (depth != 8 || type == PNG_COLOR_TYPE_PALETTE ||
        png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        png_error(png, "only 8-bit, non-palette, non-interlaced images are supported");
    }
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    *channels = png_get_channels(png, info);
    const size_t stride = (size_t)*width * (size_t)*channels;
    buffer = malloc(stride * *height + 1);
    if (!buffer) png_error(png, "out of memory");
    for (uint32_t y = 0; y < *height; y++) png_read_row(png, buffer + y * stride, NULL);
    png_read_end(png, NULL);  // checks the CRCs and the Adler-32 up to IEND
    png_destroy_read_struct(&png, &info, NULL);
    *pixels = buffer;
    return 0;
}
