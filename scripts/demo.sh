#!/usr/bin/env bash
# Renders ShaderFX's demo into a folder: the seed 000 ripple over the built-in pool floor at
# several moments, the Stripes fill, and a custom shader from examples/.
# Usage: scripts/demo.sh BIN OUTDIR
set -euo pipefail
bin=${1:-.build/release/shaderfx}
out=${2:-demo}
mkdir -p "$out"

"$bin" info
echo
# The ripple from a tap at the centre, 0.05 s to 0.6 s after the tap (it runs for 3 s).
for t in 0.05 0.10 0.20 0.35 0.60; do
  "$bin" render ripple --picture pool --size 512x384 --origin 256,192 --time "$t" --output "$out/ripple-t$t.png"
done
# Twice the resolution: the same picture at @2x.
"$bin" render ripple --picture pool --size 512x384 --origin 256,192 --time 0.20 --scale 2 --output "$out/ripple-t0.20@2x.png"
# Stripes filling a disc, as the seed fills Circle().padding(16).
"$bin" render stripes --picture circle --size 320x320 --output "$out/stripes.png"
"$bin" render stripes --picture circle --size 320x320 --thickness 12 --colors "mint,teal,indigo" --output "$out/stripes-custom.png"
# A user's own shader file, stitched like a SwiftUI [[stitchable]] function.
"$bin" render --shader examples/vignette.glsl --function vignette --kind color \
  --picture pool --size 512x384 --arg strength=0.8 --arg tint=indigo --arg bounds=bounds --output "$out/custom-vignette.png"
echo
echo "Demo written to $out/:"
ls -1 "$out"
