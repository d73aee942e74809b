#!/usr/bin/env bash
# Renders ShaderFX's demo into a folder: each seed's demo as an animated PNG with a contact
# sheet, single frames of the ripple (also @2x), the Stripes fill, a custom GLSL shader and a Metal one,
# and the seeds' SwiftUI views rendered from their own code.
# Usage: scripts/demo.sh BIN OUTDIR
set -euo pipefail
bin=${1:-.build/release/shaderfx}
out=${2:-demo}
mkdir -p "$out"

"$bin" info
echo
echo "== seed 000: the WWDC ripple from a tap at the centre, its first 1.2 s at 30 fps"
"$bin" animate ripple --size 512x384 --tap 256,192@0.1 --duration 1.2 --fps 30 \
  -o "$out/ripple.png" --contact-sheet "$out/ripple-sheet.png"
for t in 0.05 0.10 0.20 0.35; do
  "$bin" render ripple --picture pool --size 512x384 --origin 256,192 --time "$t" -q -o "$out/ripple-t$t.png"
done
"$bin" render ripple --picture pool --size 512x384 --origin 256,192 --time 0.10 --scale 2 -o "$out/ripple-t0.10@2x.png"
echo "== seed 000: Stripes filling a disc"
"$bin" render stripes --picture circle --size 320x320 -o "$out/stripes.png"
"$bin" render stripes --picture circle --size 320x320 --thickness 12 --colors "mint,teal,indigo" -o "$out/stripes-custom.png"
echo "== seed 001: the pool-floor ripple wave from a tap"
"$bin" animate ripple-wave --size 512x384 --tap 180,140@0 --fps 30 -o "$out/ripple-wave.png" --contact-sheet "$out/ripple-wave-sheet.png"
echo "== seed 002: ripple refraction from a drag across the picture"
"$bin" animate ripple-refraction --size 512x384 --drag "40,190@0;160,200@0.25;280,180@0.5;400,195@0.75;480,190@0.9" \
  --fps 24 -o "$out/ripple-refraction.png" --contact-sheet "$out/ripple-refraction-sheet.png"
echo "== seed 004: the cover art blurred (radius 30) and warped by flowing noise over 10 s"
"$bin" animate blur --radius 30 --then background-warp --picture cover --size 384x384 --duration 10 --fps 12 \
  -o "$out/background-warp.png" --contact-sheet "$out/background-warp-sheet.png"
echo "== a user's own shader file, stitched like a SwiftUI [[stitchable]] function"
"$bin" render --shader examples/vignette.glsl --function vignette --kind color \
  --picture pool --size 512x384 --arg strength=0.8 --arg tint=indigo --arg bounds=bounds -o "$out/custom-vignette.png"
echo "== a SwiftUI app's own Metal file, unchanged: the seed 000 Ripple.metal (kind and function read from it)"
"$bin" render --shader examples/metal/Ripple.metal --picture pool --arg origin=300,200 --arg time=0.1 --arg amplitude=12 \
  --arg frequency=15 --arg decay=8 --arg speed=1200 --max-sample-offset 12 -o "$out/metal-ripple.png"
echo "== the seeds' views, from their own code (examples/views): text filled by a shader, a Canvas pool, lyrics over the warped cover"
"$bin" render --view examples/views/StripesView.swift --library examples/metal --size 390x844 --scale 2 -q -o "$out/view-stripes@2x.png"
"$bin" render --view examples/views/PoolView.swift --root RippleShaderEffectDemo --library examples/metal --size 390x844 --scale 2 -q -o "$out/view-pool@2x.png"
"$bin" render --view examples/views/RippleEffectView.swift --library examples/metal --size 390x844 --scale 2 --set origin=175,130 --at 0.2 -q -o "$out/view-ripple@2x.png"
"$bin" render --view examples/views/LyricsView.swift --root LyricsView --library examples/metal --size 390x844 --at 2 -q -o "$out/view-lyrics.png"
"$bin" animate --view examples/views/RefractionView.swift --library examples/metal --size 390x844 \
  --drag "80,200@0.1;160,320@0.4;240,440@0.7" --duration 1.5 --fps 15 -q -o "$out/view-refraction.png" --contact-sheet "$out/view-refraction-sheet.png"
"$bin" animate --view examples/views/PoolView.swift --root RippleShaderEffectDemo --library examples/metal --size 390x500 \
  --keyframe radius=0@0 --keyframe radius=600@1 --duration 1 --fps 15 -q -o "$out/view-pool.png" --contact-sheet "$out/view-pool-sheet.png"
echo
echo "Demo written to $out/ (the .png animations are APNG: open them in a browser):"
ls -1 "$out"
