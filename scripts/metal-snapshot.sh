#!/usr/bin/env bash
# Records what `shaderfx translate` prints for every Metal input the project knows: each .metal
# file under examples/ and Tests/ (and the public corpora under /tmp/corpus* when present) on its
# own, and each folder holding .metal files as a library (--library), in both precisions. Two
# snapshots taken before and after a change to the translator compare with `diff -r`: a
# refactoring of ShaderFXMetal must leave them byte-identical.
#
#   scripts/metal-snapshot.sh OUT_DIR [SHADERFX_BINARY]
set -euo pipefail
out=${1:?usage: scripts/metal-snapshot.sh OUT_DIR [SHADERFX_BINARY]}
bin=${2:-.build/debug/shaderfx}
[ -x "$bin" ] || { echo "error: no shaderfx binary at $bin (swift build first)" >&2; exit 1; }
mkdir -p "$out"

roots=(examples Tests)
for c in /tmp/corpus /tmp/corpus[0-9]*; do [ -d "$c" ] && roots+=("$c"); done
files=$(find "${roots[@]}" -name '*.metal' -type f | LC_ALL=C sort)
folders=$(printf '%s\n' "$files" | xargs -d '\n' -n1 dirname | LC_ALL=C sort -u)

# One record per input and precision: the exit status, standard output and standard error.
record() {
    local name=$1; shift
    local key
    key=$(printf '%s' "$name" | sha1sum | cut -c1-16)
    {
        printf '== %s\n' "$name"
        set +e
        "$bin" translate "$@" >"$out/$key.out" 2>"$out/$key.err"
        printf 'rc %d\n' $?
        set -e
    } >"$out/$key.head"
}

count=0
for precision in float apple; do
    while IFS= read -r f; do
        record "file $precision $f" "$f" --precision "$precision"
        count=$((count + 1))
    done <<<"$files"
    while IFS= read -r d; do
        record "library $precision $d" --library "$d" --precision "$precision"
        count=$((count + 1))
    done <<<"$folders"
done
echo "$count translations recorded in $out"
