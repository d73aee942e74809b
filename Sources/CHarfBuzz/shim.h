// HarfBuzz's own OpenType functions (no hb-ft.h): its fonts read the font file themselves,
// so no FreeType type crosses into this module.
#include <hb.h>
#include <hb-ot.h>
