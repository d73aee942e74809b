// ShaderFX's loader for librsvg and cairo, the SVG renderer.
//
// librsvg-2.so.2 and libcairo.so.2 are opened with dlopen on the first SVG, not linked, so the
// shaderfx binary starts on machines without them and can say what to install when an SVG is
// read. No librsvg or GLib header is needed: the few types crossing the boundary are declared
// here. Every call returns a status (SFX_SVG_OK or an SFX_SVG_ERR_*) and, on failure, a
// NUL-terminated message in `err`; nothing is printed.
//
// Ownership: a document from sfx_svg_open belongs to the caller, who frees it with
// sfx_svg_close; sfx_svg_render draws into the caller's buffer and keeps no pointer to it.
// The library handles live until the process ends.
#ifndef SFX_SVG_H
#define SFX_SVG_H

#include <stddef.h>
#include <stdint.h>

#define SFX_SVG_OK 0
/// librsvg or cairo is not installed (or cannot be opened).
#define SFX_SVG_ERR_LIBRARY 1
/// The installed librsvg or cairo lacks an entry point ShaderFX needs (too old).
#define SFX_SVG_ERR_SYMBOL 2
/// librsvg could not parse the document.
#define SFX_SVG_ERR_PARSE 3
/// cairo or librsvg failed while drawing.
#define SFX_SVG_ERR_RENDER 4

/// librsvg's RsvgUnit, in its order (librsvg 2.46 to 2.54).
enum {
    SFX_SVG_UNIT_PERCENT = 0,
    SFX_SVG_UNIT_PX,
    SFX_SVG_UNIT_EM,
    SFX_SVG_UNIT_EX,
    SFX_SVG_UNIT_IN,
    SFX_SVG_UNIT_CM,
    SFX_SVG_UNIT_MM,
    SFX_SVG_UNIT_PT,
    SFX_SVG_UNIT_PC,
};

/// A parsed SVG document (librsvg's RsvgHandle), opaque.
typedef struct sfx_svg_document sfx_svg_document;

/// The outermost <svg> element's size, as librsvg reads it.
typedef struct sfx_svg_dimensions {
    /// 1 when librsvg could turn width and height into pixels (both present, neither a
    /// percentage) at 96 dots per inch; `pixel_width`, `pixel_height` are then set.
    int has_pixel_size;
    double pixel_width, pixel_height;
    /// The width and height attributes: present or not, the number and its SFX_SVG_UNIT_*.
    int has_width, width_unit;
    double width;
    int has_height, height_unit;
    double height;
    /// The viewBox attribute, when present.
    int has_viewbox;
    double viewbox_x, viewbox_y, viewbox_width, viewbox_height;
} sfx_svg_dimensions;

/// Opens librsvg and cairo and resolves their entry points. Safe to call more than once and
/// from several threads; later calls return the first result.
int sfx_svg_load(char *err, size_t errlen);

/// Parses a whole SVG document held in memory (loading the libraries first if needed). On
/// success `*out` is a new document for the caller to close. External files the document
/// names are not read (there is no base location).
int sfx_svg_open(const uint8_t *data, size_t size, sfx_svg_document **out, char *err, size_t errlen);

/// The document's intrinsic dimensions.
void sfx_svg_get_dimensions(sfx_svg_document *document, sfx_svg_dimensions *out);

/// Draws the document, whose intrinsic size is `intrinsic_width` x `intrinsic_height` CSS
/// pixels, stretched to `width` x `height` pixels into `argb`: cairo's ARGB32 format,
/// premultiplied, one native-endian 32-bit word per pixel, `width * 4` bytes per row, top row
/// first. `argb` must hold `width * height * 4` bytes and should be cleared (transparent)
/// beforehand: the document is drawn over it.
int sfx_svg_render(sfx_svg_document *document, double intrinsic_width, double intrinsic_height,
                   int width, int height, uint8_t *argb, char *err, size_t errlen);

/// Frees a document from sfx_svg_open (NULL is ignored).
void sfx_svg_close(sfx_svg_document *document);

#endif
