#!/usr/bin/env bash
# Times `shaderfx compare` against ImageMagick's `compare -metric AE` on two 4K PNG pairs made
# with shaderfx: one identical (the same render written twice), one different (the ripple at two
# moments). Prints the median of 5 runs of each, in milliseconds, and the cost of reading one
# 4K file (compared with a 1x1 picture, which stops at the size check after decoding).
# Usage: scripts/bench-compare.sh [BIN] [WORKDIR]
# Installs nothing: ImageMagick's timings are skipped, with the command to install it, when its
# `compare` is missing (apt-get install imagemagick on Debian).
set -euo pipefail
bin=${1:-.build/release/shaderfx}
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/shaderfx-bench-compare.XXXXXX")}
runs=5
mkdir -p "$work"

[ -x "$bin" ] || { echo "bench-compare: no shaderfx binary at $bin (build it first: swift build -c release)" >&2; exit 1; }

# Milliseconds (with one decimal) that "$@" takes, median of $runs runs; the command's exit
# status is ignored (both tools exit 1 for different images).
median_ms() {
  local times=() start end
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=($(( (end - start) / 100000 )))
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  printf '%d.%d' $(( median / 10 )) $(( median % 10 ))
}

echo "Making 4K (3840x2160) pairs in $work ..."
"$bin" render ripple --picture pool --size 3840x2160 --origin 1920,1080 --time 0.3 -q -o "$work/ripple-a.png"
"$bin" render ripple --picture pool --size 3840x2160 --origin 1920,1080 --time 0.3 -q -o "$work/ripple-a-again.png"
"$bin" render ripple --picture pool --size 3840x2160 --origin 1920,1080 --time 0.35 -q -o "$work/ripple-b.png"
"$bin" render stripes --picture circle --size 1x1 -q -o "$work/tiny.png"

imagemagick=""
if command -v compare >/dev/null 2>&1 && compare -version 2>/dev/null | grep -q ImageMagick; then
  imagemagick=$(compare -version | head -1)
  if ! dpkg -s imagemagick >/dev/null 2>&1; then
    echo "note: 'compare' is ImageMagick but the Debian package imagemagick is not installed; timing it anyway"
  fi
else
  echo "ImageMagick's compare is not installed: its timings are skipped."
  echo "  Install it with: sudo apt-get install -y imagemagick"
fi

echo
echo "shaderfx compare vs ImageMagick compare -metric AE, median of $runs runs (ms):"
printf '  %-34s %12s %14s\n' "pair (3840x2160)" "shaderfx" "ImageMagick"
for pair in "identical:ripple-a.png:ripple-a-again.png" "different:ripple-a.png:ripple-b.png"; do
  IFS=: read -r name a b <<<"$pair"
  ours=$(median_ms "$bin" compare "$work/$a" "$work/$b")
  theirs="-"
  [ -n "$imagemagick" ] && theirs=$(median_ms compare -metric AE "$work/$a" "$work/$b" null:)
  printf '  %-34s %12s %14s\n' "$name" "$ours" "$theirs"
done
# Reading alone: one 4K file against a 1x1 one stops at the size check after decoding both.
ours_read=$(median_ms "$bin" compare "$work/ripple-a.png" "$work/tiny.png")
printf '  %-34s %12s %14s\n' "reading one 4K file (size check)" "$ours_read" "-"
ours_json=$(median_ms "$bin" compare "$work/ripple-a.png" "$work/ripple-b.png" --json)
printf '  %-34s %12s %14s\n' "different, --json" "$ours_json" "-"
ours_diff=$(median_ms "$bin" compare "$work/ripple-a.png" "$work/ripple-b.png" --diff "$work/diff.png")
printf '  %-34s %12s %14s\n' "different, --diff" "$ours_diff" "-"
echo
"$bin" compare "$work/ripple-a.png" "$work/ripple-b.png" | sed 's/^/  /' || true
[ -n "$imagemagick" ] && { printf '  ImageMagick AE (different pixels): '; compare -metric AE "$work/ripple-a.png" "$work/ripple-b.png" null: 2>&1 || true; echo; }
echo "  ($imagemagick)"
