#!/usr/bin/env bash
# Builds ShaderFX's libFuzzer targets (Fuzz/Targets/Fuzz*.swift) with swiftc, outside SwiftPM, so
# `swift build` and `make test` never compile them. Each library module a target needs is built
# once, instrumented (-sanitize=fuzzer,address), into .build-fuzz/.
# Usage: scripts/fuzz-build.sh [Metal ...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
# The toolchain's own clang runtime has libFuzzer (libclang_rt.fuzzer); Debian needs no package.
command -v swiftc >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
mkdir -p "$out/modules"
flags=(-Onone -g -sanitize=fuzzer,address -parse-as-library -package-name ShaderFX -I "$out/modules" -L "$out/modules")

# module NAME [FOLDER] : a static library and .swiftmodule of the Swift files under Sources/NAME/FOLDER
# (a self-contained part of a module whose whole would need its C libraries), rebuilt when a
# source is newer than the library.
module() {
    local name=${1%%/*} dir="Sources/$1"
    local lib="$out/modules/lib$name.a"
    local sources; mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    if [[ -f $lib ]] && [[ -z $(find "$dir" -name '*.swift' -newer "$lib") ]]; then return; fi
    echo "fuzz-build: module $name (${#sources[@]} files)"
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -static -emit-library -o "$lib" "${sources[@]}"
}

# target NAME MODULE... : the fuzzer executable .build-fuzz/FuzzNAME.
target() {
    local name=$1; shift
    local m; for m in "$@"; do module "$m"; done
    set -- "${@%%/*}"
    echo "fuzz-build: Fuzz$name"
    # Static libraries link users first: the modules in reverse order of their listing.
    local libs=(); for m in "$@"; do libs=("-l$m" "${libs[@]}"); done
    swiftc "${flags[@]}" -o "$out/Fuzz$name" "Fuzz/Targets/Fuzz$name.swift" "${libs[@]}" 2>&1 |
        { grep -v "Cannot export local symbol '__asan" || true; }
    [[ -x $out/Fuzz$name ]]
}

build() {
    case $1 in
        Metal) target Metal ShaderFXContract ShaderFXMetal ;;
        Text) target Text ShaderFXCore/Text ;;
        *) echo "fuzz-build: no target '$1' (have: $ALL)" >&2; exit 2 ;;
    esac
}
ALL="Metal Text"
if [[ ${1:-} == --list ]]; then echo "$ALL"; exit 0; fi
for t in ${@:-$ALL}; do build "$t"; done
