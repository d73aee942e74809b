#include "sfx_gl.h"
int sfx_gl_placeholder(void) { return 0; }
