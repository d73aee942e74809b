#!/usr/bin/env bash
# Copies the seed inputs of one fuzz target into a corpus folder: the curated Fuzz/Seeds/<target>/
# and the project's own files of that language (tests, examples, Shaders/).
# Usage: scripts/fuzz-seeds.sh TARGET CORPUS-DIR
set -euo pipefail
cd "$(dirname "$0")/.."
t=$1 corpus=$2
mkdir -p "$corpus"
[[ -d Fuzz/Seeds/$t ]] && cp -n Fuzz/Seeds/"$t"/* "$corpus"/ 2>/dev/null || true
# prefix: the selector byte the target reads first (FuzzText: 0 is the JSON reader; FuzzPNG: 0 is
# PNG.decode; FuzzSchemas: 1 is a golden case).
prefix=''
case $t in
    Metal) patterns=('*.metal') ;;
    Text) patterns=('*.json') prefix='\x00' ;;
    View) patterns=('*.swift.txt' '*View.swift' 'Badge.swift') ;;
    PNG) patterns=('*.png') prefix='\x00' ;;
    Schemas) patterns=('*.json') prefix='\x01' ;;
    *) exit 0 ;;
esac
names=(); for p in "${patterns[@]}"; do names+=(${names:+-o} -name "$p"); done
n=0
while IFS= read -r f; do
    dest="$corpus/seed-$n-$(basename "$f")"; n=$((n + 1))
    [[ -e $dest ]] || { printf "$prefix"; cat "$f"; } >"$dest"
done < <(find Tests examples Shaders \( "${names[@]}" \) -size -64k 2>/dev/null | sort)
