#include "sfx_svg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The few GLib, librsvg and cairo types that cross the boundary, as their headers declare them.
typedef struct { uint32_t domain; int code; char *message; } sfx_gerror;
typedef struct { double length; int unit; } sfx_rsvg_length;
typedef struct { double x, y, width, height; } sfx_rsvg_rectangle;
typedef void cairo_surface;
typedef void cairo_context;
enum { SFX_CAIRO_FORMAT_ARGB32 = 0, SFX_CAIRO_STATUS_SUCCESS = 0 };

static struct {
    void *(*new_from_data)(const uint8_t *data, size_t size, sfx_gerror **error);
    void (*set_dpi)(void *handle, double dpi);
    void (*get_intrinsic_dimensions)(void *handle, int *has_width, sfx_rsvg_length *width, int *has_height,
                                     sfx_rsvg_length *height, int *has_viewbox, sfx_rsvg_rectangle *viewbox);
    int (*get_intrinsic_size_in_pixels)(void *handle, double *width, double *height);
    int (*render_document)(void *handle, cairo_context *cr, const sfx_rsvg_rectangle *viewport, sfx_gerror **error);
    void (*object_unref)(void *object);
    void (*error_free)(sfx_gerror *error);
    cairo_surface *(*image_surface_create_for_data)(uint8_t *data, int format, int width, int height, int stride);
    int (*format_stride_for_width)(int format, int width);
    int (*surface_status)(cairo_surface *surface);
    void (*surface_flush)(cairo_surface *surface);
    void (*surface_destroy)(cairo_surface *surface);
    cairo_context *(*create)(cairo_surface *surface);
    int (*status)(cairo_context *cr);
    void (*scale)(cairo_context *cr, double sx, double sy);
    void (*destroy)(cairo_context *cr);
    const char *(*status_to_string)(int status);
} api;

static int load_status = -1;
static char load_error[512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *open_library(const char *name, char *why, size_t whylen) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(why, whylen, "cannot open %s (%s)", name, reason ? reason : "not found");
    }
    return handle;
}

static int load_locked(void) {
    if (load_status >= 0) return load_status;
    void *rsvg = open_library("librsvg-2.so.2", load_error, sizeof load_error);
    if (!rsvg) return load_status = SFX_SVG_ERR_LIBRARY;
    void *cairo = open_library("libcairo.so.2", load_error, sizeof load_error);
    if (!cairo) return load_status = SFX_SVG_ERR_LIBRARY;
    void *gobject = open_library("libgobject-2.0.so.0", load_error, sizeof load_error);
    if (!gobject) return load_status = SFX_SVG_ERR_LIBRARY;
    void *glib = open_library("libglib-2.0.so.0", load_error, sizeof load_error);
    if (!glib) return load_status = SFX_SVG_ERR_LIBRARY;
#define RESOLVE(library, field, symbol, needs)                                                 \
    *(void **)&api.field = dlsym(library, symbol);                                             \
    if (!api.field) {                                                                          \
        snprintf(load_error, sizeof load_error, "the installed " needs " lacks " symbol);    \
        return load_status = SFX_SVG_ERR_SYMBOL;                                               \
    }
    RESOLVE(rsvg, new_from_data, "rsvg_handle_new_from_data", "librsvg (2.52 or later is needed)")
    RESOLVE(rsvg, set_dpi, "rsvg_handle_set_dpi", "librsvg (2.52 or later is needed)")
    RESOLVE(rsvg, get_intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions", "librsvg (2.52 or later is needed)")
    RESOLVE(rsvg, get_intrinsic_size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels", "librsvg (2.52 or later is needed)")
    RESOLVE(rsvg, render_document, "rsvg_handle_render_document", "librsvg (2.52 or later is needed)")
    RESOLVE(gobject, object_unref, "g_object_unref", "GObject")
    RESOLVE(glib, error_free, "g_error_free", "GLib")
    RESOLVE(cairo, image_surface_create_for_data, "cairo_image_surface_create_for_data", "cairo")
    RESOLVE(cairo, format_stride_for_width, "cairo_format_stride_for_width", "cairo")
    RESOLVE(cairo, surface_status, "cairo_surface_status", "cairo")
    RESOLVE(cairo, surface_flush, "cairo_surface_flush", "cairo")
    RESOLVE(cairo, surface_destroy, "cairo_surface_destroy", "cairo")
    RESOLVE(cairo, create, "cairo_create", "cairo")
    RESOLVE(cairo, status, "cairo_status", "cairo")
    RESOLVE(cairo, scale, "cairo_scale", "cairo")
    RESOLVE(cairo, destroy, "cairo_destroy", "cairo")
    RESOLVE(cairo, status_to_string, "cairo_status_to_string", "cairo")
#undef RESOLVE
    return load_status = SFX_SVG_OK;
}

static void set_error(char *err, size_t errlen, const char *text) {
    if (err && errlen) snprintf(err, errlen, "%s", text);
}

/// Copies a GError's message into `err` and frees it.
static void take_gerror(sfx_gerror *error, const char *fallback, char *err, size_t errlen) {
    set_error(err, errlen, error && error->message ? error->message : fallback);
    if (error) api.error_free(error);
}

int sfx_svg_load(char *err, size_t errlen) {
    pthread_mutex_lock(&lock);
    int status = load_locked();
    if (status != SFX_SVG_OK) set_error(err, errlen, load_error);
    pthread_mutex_unlock(&lock);
    return status;
}

int sfx_svg_open(const uint8_t *data, size_t size, sfx_svg_document **out, char *err, size_t errlen) {
    *out = NULL;
    int status = sfx_svg_load(err, errlen);
    if (status != SFX_SVG_OK) return status;
    sfx_gerror *error = NULL;
    void *handle = api.new_from_data(data, size, &error);
    if (!handle) {
        take_gerror(error, "librsvg could not read the document", err, errlen);
        return SFX_SVG_ERR_PARSE;
    }
    if (error) api.error_free(error);
    // CSS's 96 pixels per inch: 1in, 2.54cm, 72pt and 6pc are each 96 SVG pixels (points).
    api.set_dpi(handle, 96.0);
    *out = (sfx_svg_document *)handle;
    return SFX_SVG_OK;
}

void sfx_svg_get_dimensions(sfx_svg_document *document, sfx_svg_dimensions *out) {
    memset(out, 0, sizeof *out);
    int has_width = 0, has_height = 0, has_viewbox = 0;
    sfx_rsvg_length width = {0, 0}, height = {0, 0};
    sfx_rsvg_rectangle viewbox = {0, 0, 0, 0};
    api.get_intrinsic_dimensions(document, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
    out->has_width = has_width;
    out->width = width.length;
    out->width_unit = width.unit;
    out->has_height = has_height;
    out->height = height.length;
    out->height_unit = height.unit;
    out->has_viewbox = has_viewbox;
    out->viewbox_x = viewbox.x;
    out->viewbox_y = viewbox.y;
    out->viewbox_width = viewbox.width;
    out->viewbox_height = viewbox.height;
    double w = 0, h = 0;
    out->has_pixel_size = api.get_intrinsic_size_in_pixels(document, &w, &h) ? 1 : 0;
    out->pixel_width = w;
    out->pixel_height = h;
}

int sfx_svg_render(sfx_svg_document *document, double intrinsic_width, double intrinsic_height,
                   int width, int height, uint8_t *argb, char *err, size_t errlen) {
    if (width <= 0 || height <= 0 || !(intrinsic_width > 0) || !(intrinsic_height > 0)) {
        set_error(err, errlen, "the size must be positive");
        return SFX_SVG_ERR_RENDER;
    }
    int stride = api.format_stride_for_width(SFX_CAIRO_FORMAT_ARGB32, width);
    if (stride != width * 4) {
        set_error(err, errlen, "cairo's row stride for ARGB32 is not 4 bytes per pixel");
        return SFX_SVG_ERR_RENDER;
    }
    cairo_surface *surface = api.image_surface_create_for_data(argb, SFX_CAIRO_FORMAT_ARGB32, width, height, stride);
    int cairo_status = api.surface_status(surface);
    if (cairo_status != SFX_CAIRO_STATUS_SUCCESS) {
        set_error(err, errlen, api.status_to_string(cairo_status));
        api.surface_destroy(surface);
        return SFX_SVG_ERR_RENDER;
    }
    cairo_context *cr = api.create(surface);
    int status = SFX_SVG_OK;
    cairo_status = api.status(cr);
    if (cairo_status != SFX_CAIRO_STATUS_SUCCESS) {
        set_error(err, errlen, api.status_to_string(cairo_status));
        status = SFX_SVG_ERR_RENDER;
    } else {
        // The document fills its intrinsic viewport; the scale stretches that onto the pixels.
        api.scale(cr, (double)width / intrinsic_width, (double)height / intrinsic_height);
        sfx_rsvg_rectangle viewport = {0, 0, intrinsic_width, intrinsic_height};
        sfx_gerror *error = NULL;
        if (!api.render_document(document, cr, &viewport, &error)) {
            take_gerror(error, "librsvg could not draw the document", err, errlen);
            status = SFX_SVG_ERR_RENDER;
        } else if (error) {
            api.error_free(error);
        }
    }
    api.destroy(cr);
    api.surface_flush(surface);
    api.surface_destroy(surface);
    return status;
}

void sfx_svg_close(sfx_svg_document *document) {
    if (document) api.object_unref(document);
}
