// libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev); linked through pkg-config's
// libturbojpeg.pc (the release build's own .pc asks for libturbojpeg.a).
#include <turbojpeg.h>
