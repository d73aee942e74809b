#!/usr/bin/env bash
# On the GPU machine, in a copy of this repository holding .gl/ and .gpu/shaderfx.gz: the bench
# card (make bench steps 6 and 7) drawn by the packed release binary on the GPU; output to $1.
set -euo pipefail
out=${1:?usage: scripts/gpu-bench-card.sh OUTDIR}
mkdir -p "$out"
if ! ldconfig -p | grep -q 'libEGL.so.1 '; then for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig; fi
for json in /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json /usr/share/glvnd/egl_vendor.d/10_nvidia.json; do
  if [ -f "$json" ]; then export __EGL_VENDOR_LIBRARY_FILENAMES=$json; break; fi
done
text=/tmp/sfx-text; mkdir -p "$text/cache"
for f in .gl/text/*.deb; do dpkg -x "$f" "$text"; done
printf '<?xml version="1.0"?>\n<fontconfig><dir>%s/usr/share/fonts</dir><cachedir>%s/cache</cachedir><include ignore_missing="yes">%s/etc/fonts/conf.d</include></fontconfig>\n' "$text" "$text" "$text" > "$text/fonts.conf"
images=/tmp/sfx-images; mkdir -p "$images"
for f in .gl/images/*.deb; do dpkg -x "$f" "$images"; done
export FONTCONFIG_FILE=$text/fonts.conf LD_LIBRARY_PATH=$text/usr/lib/x86_64-linux-gnu:$images/usr/lib/x86_64-linux-gnu
bin=/tmp/shaderfx-gpu; gunzip -c .gpu/shaderfx.gz > $bin; chmod +x $bin
$bin info | tee "$out/info.txt"
{
  for run in 1 2 3; do
    rm -rf /tmp/cards
    SHADERFX_VIEW_TIMINGS=1 $bin animate --view examples/views/bench/BenchCard.swift --library examples/metal --assets examples/views \
      --duration 2 --fps 10 -o /tmp/cards/ 2>&1 | tail -7
  done
  card=$PWD/examples/views/bench/BenchCard.swift
  for k in $(seq 1 200); do
    echo "{\"view\": \"$card\", \"library\": \"$PWD/examples/metal\", \"assets\": [\"$PWD/examples/views\"], \"set\": {\"title\": \"Digest no. $k\"}, \"output\": \"/tmp/batch/$k.png\"}"
  done > /tmp/cards.jsonl
  mkdir -p /tmp/batch
  start=$(date +%s%N); $bin batch --timings /tmp/cards.jsonl > /tmp/cards.out 2>/tmp/cards.err || true; end=$(date +%s%N)
  echo "200 batch cards in $(( (end - start) / 1000000 )) ms; failed $(grep -c '"ok":false' /tmp/cards.out || true)"
  tail -2 /tmp/cards.out; cat /tmp/cards.err
} 2>&1 | tee "$out/bench.txt"
cp /tmp/cards/t0.5.png "$out/card.png" 2>/dev/null || ls /tmp/cards | head -3
