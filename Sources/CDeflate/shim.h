// libdeflate (Debian: libdeflate-dev); linked through pkg-config's libdeflate.pc.
#include <libdeflate.h>
