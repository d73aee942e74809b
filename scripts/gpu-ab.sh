#!/usr/bin/env bash
# A/B of two shaderfx release builds on a GPU machine (docs/GPU.md): alternating rounds of 180
# frames of the ripple to PNG files, over a photo and over the built-in picture, at 1080p and 4K;
# each line gives the frames/s the binary prints, its read-back and encoding times, the PNG bytes.
#
#   here:  mkdir DIR; for each build: strip -o DIR/sfx-NAME BIN && xz DIR/sfx-NAME
#          cp PHOTO-1920x1080.png DIR/photo-1920x1080.png   (scripts/bench/photo_frame.py makes one)
#          (cd DIR && apt-get download libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 \
#             libpng16-16 libharfbuzz0b libfreetype6 libfontconfig1 fontconfig-config \
#             libgraphite2-3 libglib2.0-0 libbrotli1 libexpat1 libpcre2-8-0)
#   there: scripts/gpu-ab.sh DIR [ROUNDS]      (DIR carried beside the working tree)
set -u
dir=${1:?usage: scripts/gpu-ab.sh DIR [ROUNDS]}
rounds=${2:-6}
for f in "$dir"/*.deb; do dpkg -x "$f" / ; done
ldconfig
work=/tmp/gpu-ab
mkdir -p "$work"
builds=()
for x in "$dir"/sfx-*.xz; do
  name=$(basename "$x" .xz)
  xz -dc "$x" > "$work/$name" && chmod +x "$work/$name"
  builds+=("$name")
done
[ ${#builds[@]} -ge 1 ] || { echo "error: no sfx-NAME.xz in $dir" >&2; exit 1; }
nproc
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
first=$work/${builds[0]}
"$first" render passthrough -i "$dir/photo-1920x1080.png" --scale 2 -q -o "$work/photo-3840x2160.png" || {
  # Where glvnd finds no vendor file, NVIDIA's.
  export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
  "$first" render passthrough -i "$dir/photo-1920x1080.png" --scale 2 -q -o "$work/photo-3840x2160.png"; }
cases=("photo1080|-i $dir/photo-1920x1080.png" "photo4k|-i $work/photo-3840x2160.png" "rendered1080|--size 1920x1080" "rendered4k|--size 3840x2160")
for r in $(seq "$rounds"); do
  for b in "${builds[@]}"; do
    for c in "${cases[@]}"; do
      name=${c%%|*}
      args=${c#*|}
      rm -rf "$work/out"
      # shellcheck disable=SC2086
      line=$("$work/$b" animate ripple $args --fps 60 --duration 3 -o "$work/out/" 2>&1 | tr '\n' ' ')
      fps=$(echo "$line" | grep -o '[0-9.]* frames/s' | head -1)
      readback=$(echo "$line" | grep -o 'read-back [0-9.]* s' | head -1)
      encoding=$(echo "$line" | grep -o 'encoding and writing [0-9.]* s' | head -1)
      bytes=$(du -cb "$work"/out/*.png | tail -1 | cut -f1)
      echo "r$r $b $name: $fps; $readback; $encoding; bytes $bytes"
    done
  done
done
rm -rf "$work/out"
