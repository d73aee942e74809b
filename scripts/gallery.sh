#!/usr/bin/env bash
# make gallery: every built-in effect and transition over the built-in pictures, one picture per
# effect (an animated PNG as well where the effect moves), and one contact sheet of them all.
# Usage: scripts/gallery.sh BIN OUTDIR
set -euo pipefail
bin=${1:-.build/release/shaderfx}
out=${2:-gallery}
size=240x180
mkdir -p "$out"
source <(sed -n '/^params() {/,/^}/p' scripts/gpu-check)   # the fixed parameters the GPU check uses
stills=()
for name in $("$bin" effects | sed -n 's/^\([a-z-]*\)  (.*/\1/p'); do
  # shellcheck disable=SC2046
  picture=""
  [ "$name" = invert-alpha ] && picture="--picture circle"   # it fills where the input is transparent
  # shellcheck disable=SC2086
  "$bin" render "$name" --size $size $picture $(params "$name") -q -o "$out/$name.png"
  stills+=("$out/$name.png")
  # Effects that move get a 2 s animation too (gesture effects run their own length).
  case "$name" in
    ripple|ripple-wave|ripple-refraction) "$bin" animate "$name" --size $size --fps 15 -q -o "$out/$name-animated.png" ;;
    background-warp|shimmer|circle-wave|animated-gradient-fill|light-grid|sinebow|rainbow-noise|white-noise|wave|relative-wave|water)
      "$bin" animate "$name" --size $size --fps 15 --duration 2 -q -o "$out/$name-animated.png" ;;
    bubble|simple-loupe|warping-loupe)
      "$bin" animate "$name" --size $size --fps 15 --drag "40,90@0;200,90@1.5" --duration 1.5 -q -o "$out/$name-animated.png" ;;
  esac
done
for name in circles circle-wave diamonds diamond-wave crosswarp-ltr crosswarp-rtl genie pixellate radial swirl wind; do
  "$bin" transition "$name" --size $size --progress 0.5 -q -o "$out/transition-$name.png"
  stills+=("$out/transition-$name.png")
done
"$bin" montage "${stills[@]}" --columns 8 -o "$out/gallery.png"
echo "Gallery written to $out/: $(ls "$out" | wc -l) files; the contact sheet is $out/gallery.png"
