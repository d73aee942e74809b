#!/usr/bin/env bash
# Lays out and packs ShaderFX for machines without Swift: the release binary (Swift runtime and
# libdeflate linked in), its man page and shell completions (written by the binary itself, from
# the declarations --help shows), LICENSE, README.md and install.sh.
#
#   scripts/dist.sh BINARY OUTDIR        OUTDIR/shaderfx-VERSION-linux-ARCH.tar.gz, after checking the
#                                        version, the shared libraries the binary needs, and a render
#   scripts/dist.sh --stage BINARY DIR   only the tree DIR/shaderfx-VERSION, unchecked (the tests use it
#                                        with the debug binary)
#
# VERSION at the package root names the tarball; the binary must report the same version.
set -euo pipefail

stage_only=0
if [[ ${1:-} == --stage ]]; then stage_only=1; shift; fi
if (( $# != 2 )); then
    echo "usage: scripts/dist.sh [--stage] BINARY OUTDIR" >&2
    exit 2
fi
binary=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(tr -d '[:space:]' < "$root/VERSION")
name=shaderfx-$version
arch=$(uname -m)

[[ -x $binary ]] || { echo "dist: no executable $binary (run make release)" >&2; exit 1; }
reported=$("$binary" --version)
if [[ $reported != "shaderfx $version" ]]; then
    echo "dist: $binary reports '$reported', VERSION says $version" >&2
    exit 1
fi

# The shared libraries a fresh Debian 12 or Ubuntu 24.04 has once the runtime packages are in
# (libc6, libgcc-s1, libstdc++6, zlib1g, libpng16-16); EGL, GLES and GBM are opened at run time.
allowed="libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1 libutil.so.1 libgcc_s.so.1 libstdc++.so.6 libz.so.1 libpng16.so.16 ld-linux-x86-64.so.2 ld-linux-aarch64.so.1"
if (( !stage_only )); then
    needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    for library in $needed; do
        if [[ " $allowed " != *" $library "* ]]; then
            echo "dist: $binary needs $library, which the runtime packages do not provide" >&2
            echo "      (needed: $(echo $needed))" >&2
            exit 1
        fi
    done
fi

mkdir -p "$out"
tree=$out/$name
rm -rf "$tree"
mkdir -p "$tree/bin" "$tree/share/man/man1" "$tree/share/bash-completion/completions" \
         "$tree/share/zsh/site-functions" "$tree/share/fish/vendor_completions.d"
if (( stage_only )); then
    cp "$binary" "$tree/bin/shaderfx"
else
    # Without the symbol tables: the Swift metadata the binary reads (reflection) stays.
    strip -o "$tree/bin/shaderfx" "$binary"
fi
chmod 755 "$tree/bin/shaderfx"
"$tree/bin/shaderfx" generate man -o "$tree/share/man/man1/shaderfx.1"
"$tree/bin/shaderfx" generate bash -o "$tree/share/bash-completion/completions/shaderfx"
"$tree/bin/shaderfx" generate zsh -o "$tree/share/zsh/site-functions/_shaderfx"
"$tree/bin/shaderfx" generate fish -o "$tree/share/fish/vendor_completions.d/shaderfx.fish"
cp "$root/LICENSE" "$root/README.md" "$tree/"
install -m 755 "$root/scripts/install.sh" "$tree/install.sh"
chmod 644 "$tree/share/man/man1/shaderfx.1" "$tree/share/bash-completion/completions/shaderfx" \
          "$tree/share/zsh/site-functions/_shaderfx" "$tree/share/fish/vendor_completions.d/shaderfx.fish" \
          "$tree/LICENSE" "$tree/README.md"
if (( stage_only )); then
    echo "$tree"
    exit 0
fi

# The packed binary must still render (its reflection metadata survived strip; the effects are in it).
picture=$(mktemp --suffix=.png)
trap 'rm -f "$picture"' EXIT
"$tree/bin/shaderfx" render ripple --size 64x48 -q -o "$picture"

# One tarball of this architecture in OUTDIR, so `COPY dist/shaderfx-*-linux-ARCH.tar.gz` finds one.
rm -f "$out"/shaderfx-*-linux-"$arch".tar.gz
tarball=$out/$name-linux-$arch.tar.gz
# Reproducible: sorted names, no owners, the time of the last commit, gzip without a timestamp.
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}
tar -C "$out" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" | gzip -9n > "$tarball"
echo "wrote $tarball ($(du -k "$tarball" | cut -f1) KiB): $(tar -tzf "$tarball" | grep -vc '/$') files"
echo "needs: $(echo $needed)"
