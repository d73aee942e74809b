#!/usr/bin/env bash
# ShaderFX benchmarks (make bench). Needs only bash and the release binary.
#   1. The 3 s ripple at 60 fps over a 512x512 picture to PNG files, 5 runs: frames/s (median),
#      time in drawing, read-back and encoding, bytes written.
#   2. On a hardware GPU: the ripple at 1080p and 4K, to PNG files and raw frames (docs/GPU.md).
#   3. scripts/bench-compare.sh: shaderfx compare against ImageMagick on 4K pairs.
set -euo pipefail
bin=${1:-.build/release/shaderfx}
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" info | sed -n 's/^GL_RENDERER: *//p' | sed 's/^/renderer: /'
echo "ripple, 3 s at 60 fps, 512x512, PNG frames; $runs runs"
rates=()
for i in $(seq "$runs"); do
  rm -rf "$work/frames"
  line=$("$bin" animate ripple --size 512x512 --origin 256,256 --fps 60 -o "$work/frames")
  rate=$(echo "$line" | sed -n 's/.* s: \([0-9.]*\) frames\/s.*/\1/p')
  detail=$(echo "$line" | sed -n 's/^time: //p')
  echo "  run $i: $rate frames/s; $detail"
  rates+=("$rate")
done
median=$(printf '%s\n' "${rates[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
echo "median: $median frames/s over $runs runs"

# On a GPU (docs/GPU.md): the same ripple at 1080p and 4K, to PNG files and as raw frames to a pipe.
if ! "$bin" info | grep -q "software rendering"; then
  echo
  echo "GPU: ripple, 3 s at 60 fps"
  for s in 1920x1080 3840x2160; do
    rm -rf "$work/gpu-frames"
    "$bin" animate ripple --size $s --fps 60 -o "$work/gpu-frames"
    "$bin" animate ripple --size $s --fps 60 -o - 2>&1 >/dev/null | cat
  done
fi

if [ -x scripts/bench-compare.sh ]; then
  echo
  scripts/bench-compare.sh "$bin"
fi
