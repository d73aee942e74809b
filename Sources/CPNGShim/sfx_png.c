#include "sfx_png.h"
#include <png.h>
int sfx_png_version(void) { return (int)png_access_version_number(); }
