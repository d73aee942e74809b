#!/usr/bin/env bash
# Builds ShaderFX's libFuzzer targets (Fuzz/Targets/Fuzz*.swift) with swiftc, outside SwiftPM, so
# `swift build` and `make test` never compile them. Each module a target needs is built once,
# instrumented, into .build-fuzz/: the Swift modules with `swiftc -sanitize=fuzzer,address`, one
# `-emit-module` step each (whole-module, -Onone, -enable-testing so a target may reach a module's
# internal entry points), the C targets' sources with the toolchain's clang
# (`-fsanitize=fuzzer-no-link,address`), and the system libraries (libpng, libdeflate,
# libturbojpeg, FreeType, HarfBuzz, fontconfig) through their module maps and pkg-config.
# Usage: scripts/fuzz-build.sh [Metal ...]   (default: every target); --list names them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
ALL="Metal Text View PNG Schemas"
if [[ ${1:-} == --list ]]; then echo "$ALL"; exit 0; fi
# The toolchain's own clang runtime has libFuzzer (libclang_rt.fuzzer); Debian needs no package.
command -v swiftc >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
clang=$(dirname "$(command -v swiftc)")/clang
mkdir -p "$out/modules" "$out/cmodules" "$out/tools"

# The system libraries the C modules name (Package.swift's systemLibrary targets).
pkgs=(libpng libdeflate libturbojpeg freetype2 harfbuzz fontconfig)
read -ra cflags <<<"$(pkg-config --cflags "${pkgs[@]}")"
read -ra clibs <<<"$(pkg-config --libs "${pkgs[@]}") -ldl -lpthread"
xcc=(); for f in "${cflags[@]}"; do xcc+=(-Xcc "$f"); done
includes=(-I "$out/modules")
for m in CGLLoader CPNGShim CProcessGuard CSVGLoader; do includes+=(-I "$out/cmodules/$m"); done
for m in CPNG CDeflate CTurboJPEG CFreeType CHarfBuzz CFontconfig; do includes+=(-I "Sources/$m"); done
flags=(-Onone -g -sanitize=fuzzer,address -parse-as-library -package-name ShaderFX -enable-testing
       "${includes[@]}" "${xcc[@]}" -L "$out/modules")

# newer LIB PATH... : true when LIB is missing or one of the files under PATHs is newer.
newer() {
    local lib=$1; shift
    [[ ! -f $lib ]] || [[ -n $(find "$@" -newer "$lib" -print -quit 2>/dev/null) ]]
}

# cmodule NAME : a C target of Sources/NAME (its .c files and include/), as the static library
# libNAME.a and a module map (what SwiftPM writes for a C target with an include/ folder).
cmodule() {
    local name=$1 dir="Sources/$1" lib="$out/modules/lib$1.a"
    newer "$lib" "$dir" || return 0
    echo "fuzz-build: C module $name"
    local obj
    # Every header of include/ is the module's (an umbrella folder, as SwiftPM maps a C target
    # without a header named after it). Swift finds the map through -I of its folder (flags'
    # -I "$out/cmodules/NAME" below).
    mkdir -p "$out/cmodules/$name"
    printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$name" "$PWD/$dir/include" \
        >"$out/cmodules/$name/module.modulemap"
    local objs=() c; for c in "$dir"/*.c; do
        obj="$out/cmodules/$name-$(basename "$c" .c).o"
        "$clang" -g -O1 -fsanitize=fuzzer-no-link,address -I "$dir/include" "${cflags[@]}" -c "$c" -o "$obj"
        objs+=("$obj")
    done
    rm -f "$lib"; ar rcs "$lib" "${objs[@]}"
}

# The Swift file the EmbedShaders build plugin writes for ShaderFX: every Shaders/**.glsl as a
# constant, made by the same tool (Plugins/ShaderEmbedderTool), built uninstrumented.
embedded() {
    local tool="$out/tools/shader-embedder" file="$out/tools/EmbeddedShaders.swift"
    if newer "$tool" Plugins/ShaderEmbedderTool; then
        echo "fuzz-build: shader-embedder"
        swiftc -Onone -o "$tool" Plugins/ShaderEmbedderTool/main.swift
    fi
    if newer "$file" Shaders "$tool"; then "$tool" "$PWD/Shaders" "$PWD/$file"; fi
}

# module NAME [DEPENDENCY...] : the static library and .swiftmodule of Sources/NAME, rebuilt when
# one of its sources or a dependency's module is newer than the library.
module() {
    local name=$1; shift
    local dir="Sources/$name" lib="$out/modules/lib$name.a" extra=()
    local deps=(); local d; for d in "$@"; do
        if [[ $d == C* ]]; then cmodule "$d"; deps+=("$out/modules/lib$d.a")
        else deps+=("$out/modules/$d.swiftmodule"); fi
    done
    if [[ $name == ShaderFX ]]; then embedded; extra=("$out/tools/EmbeddedShaders.swift"); fi
    newer "$lib" "$dir" "${deps[@]}" "${extra[@]}" || return 0
    local sources; mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    echo "fuzz-build: module $name (${#sources[@]} files)"
    local start=$SECONDS
    swiftc "${flags[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -static -emit-library -o "$lib" "${sources[@]}" "${extra[@]}" 2>&1 |
        { grep -v "Cannot export local symbol '__asan" || true; }
    [[ -f $lib ]]
    echo "fuzz-build: module $name took $((SECONDS - start)) s"
}

# Every module, in dependency order (Package.swift), each with the modules it imports.
modules() {
    local m; for m in "$@"; do case $m in
        ShaderFXContract) module ShaderFXContract ;;
        ShaderFXMetal) modules ShaderFXContract; module ShaderFXMetal ShaderFXContract ;;
        ShaderFXCore) module ShaderFXCore CGLLoader CPNGShim CProcessGuard CSVGLoader ;;
        ShaderFX) modules ShaderFXCore ShaderFXMetal; module ShaderFX ShaderFXCore ShaderFXMetal ShaderFXContract ;;
        ShaderFXText) module ShaderFXText ;;
        ShaderFXUI) modules ShaderFX ShaderFXText; module ShaderFXUI ShaderFX ShaderFXText ShaderFXCore ;;
        ShaderFXGolden) modules ShaderFXUI; module ShaderFXGolden ShaderFX ShaderFXCore ShaderFXUI ;;
        ShaderFXCLI) modules ShaderFXGolden; module ShaderFXCLI ShaderFXGolden ShaderFX ShaderFXCore ShaderFXUI ;;
    esac; done
}

# The libraries of a target whose top module is TOP, users before what they use.
libraries() {
    case $1 in
        ShaderFXMetal) echo ShaderFXMetal ShaderFXContract ;;
        ShaderFXCore) echo ShaderFXCore CGLLoader CPNGShim CProcessGuard CSVGLoader ;;
        ShaderFXCLI) echo ShaderFXCLI ShaderFXGolden ShaderFXUI ShaderFXText ShaderFX ShaderFXMetal ShaderFXContract \
                          ShaderFXCore CGLLoader CPNGShim CProcessGuard CSVGLoader ;;
        ShaderFXUI) echo ShaderFXUI ShaderFXText ShaderFX ShaderFXMetal ShaderFXContract \
                         ShaderFXCore CGLLoader CPNGShim CProcessGuard CSVGLoader ;;
    esac
}

# target NAME TOP : the fuzzer executable .build-fuzz/FuzzNAME over module TOP and what it uses.
target() {
    local name=$1 top=$2
    modules "$top"
    local bin="$out/Fuzz$name"
    local libs=(); local l; for l in $(libraries "$top"); do libs+=("-l$l"); done
    newer "$bin" "Fuzz/Targets/Fuzz$name.swift" "$out/modules" || return 0
    echo "fuzz-build: Fuzz$name"
    swiftc "${flags[@]}" -o "$bin" "Fuzz/Targets/Fuzz$name.swift" "${libs[@]}" "${clibs[@]}" 2>&1 |
        { grep -v "Cannot export local symbol '__asan" || true; }
    [[ -x $bin ]]
}

build() {
    case $1 in
        Metal) target Metal ShaderFXMetal ;;
        Text) target Text ShaderFXCore ;;
        PNG) target PNG ShaderFXCore ;;
        View) target View ShaderFXUI ;;
        Schemas) target Schemas ShaderFXCLI ;;
        *) echo "fuzz-build: no target '$1' (have: $ALL)" >&2; exit 2 ;;
    esac
}
for t in ${@:-$ALL}; do build "$t"; done
