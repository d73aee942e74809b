#!/usr/bin/env bash
# Copies the seed inputs of one fuzz target into a corpus folder: the curated Fuzz/Seeds/<target>/
# and the project's own files of that language (tests, examples, Shaders/).
# Usage: scripts/fuzz-seeds.sh TARGET CORPUS-DIR
set -euo pipefail
cd "$(dirname "$0")/.."
t=$1 corpus=$2
mkdir -p "$corpus"
[[ -d Fuzz/Seeds/$t ]] && cp -n Fuzz/Seeds/"$t"/* "$corpus"/ 2>/dev/null || true
# prefix: the selector byte the target reads first (FuzzText: 0 is the JSON reader).
prefix=''
case $t in
    Metal) pattern='*.metal' ;;
    Text) pattern='*.json' prefix='\x00' ;;
    *) exit 0 ;;
esac
n=0
while IFS= read -r f; do
    dest="$corpus/seed-$n-$(basename "$f")"; n=$((n + 1))
    [[ -e $dest ]] || { printf "$prefix"; cat "$f"; } >"$dest"
done < <(find Tests examples Shaders -name "$pattern" -size -64k 2>/dev/null | sort)
