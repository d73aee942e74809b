#!/bin/sh
# Installs ShaderFX from its unpacked release tarball:
#   ./install.sh [PREFIX]      (default /usr/local; or set PREFIX)
# bin/shaderfx, the man page, bash, zsh and fish completions, LICENSE and README.md under
# PREFIX/share/doc/shaderfx. Running needs EGL and OpenGL ES (Mesa) and libpng:
#   apt-get install libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri libpng16-16
set -eu

prefix=${1:-${PREFIX:-/usr/local}}
here=$(cd "$(dirname "$0")" && pwd)

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" "$prefix/share/doc/shaderfx"
install -m 755 "$here/bin/shaderfx" "$prefix/bin/shaderfx"
install -m 644 "$here/share/man/man1/shaderfx.1" "$prefix/share/man/man1/shaderfx.1"
install -m 644 "$here/share/bash-completion/completions/shaderfx" "$prefix/share/bash-completion/completions/shaderfx"
install -m 644 "$here/share/zsh/site-functions/_shaderfx" "$prefix/share/zsh/site-functions/_shaderfx"
install -m 644 "$here/share/fish/vendor_completions.d/shaderfx.fish" "$prefix/share/fish/vendor_completions.d/shaderfx.fish"
install -m 644 "$here/LICENSE" "$here/README.md" "$prefix/share/doc/shaderfx/"

if ! "$prefix/bin/shaderfx" --version >/dev/null 2>&1; then
    echo "installed into $prefix, but $prefix/bin/shaderfx does not start; missing libraries:" >&2
    ldd "$prefix/bin/shaderfx" | grep 'not found' >&2 || true
    echo "install them with: apt-get install libpng16-16" >&2
    exit 1
fi
echo "installed $("$prefix/bin/shaderfx" --version) into $prefix"
echo "check the GPU with: shaderfx info  (Mesa: apt-get install libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri)"
