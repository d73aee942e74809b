#!/usr/bin/env bash
# ShaderFX benchmarks (make bench): how fast, where the time goes, and against what a user
# would otherwise run. Each case prints its own lines; medians of RUNS runs (default 5).
#   1. Cold single render: `shaderfx render ripple` of a 512x512 picture to PNG, whole process,
#      against a moderngl + Pillow script doing the same job (scripts/bench/moderngl_ripple.py).
#   2. 180 frames of the 512x512 ripple over the built-in picture to PNG files: frames/s and the
#      split of time (upload, drawing, read-back, encoding), against Pillow encoding the same 180
#      frames. 2b. The same over a 1024x1024 photo: the CPU PNG costs beyond raw frames, against
#      Pillow compress_level=1, and the bytes.
#   3. Many small jobs: JOBS (default 1000) 256x256 jobs of varied effects through one
#      `shaderfx batch`, against one `render` process per job (PROCESS_JOBS of them, default 200,
#      timed for real; the ratio is per job).
#   4. On a hardware GPU: the ripple at 1080p and 4K to PNG files and as raw frames, then over a
#      photo of each size to PNG files (photographic content).
#   5. scripts/bench-compare.sh: shaderfx compare against ImageMagick's compare on 4K pairs.
#   6. A 1080x1920 card view drawn warm (animate --view); 7. JOBS of that card through batch, each with its own title.
# Python's Pillow, moderngl and numpy are installed with pip into .build/bench-venv when missing;
# a case whose alternative cannot be set up says so and runs ShaderFX alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/shaderfx}")
runs=${RUNS:-5}
jobs=${JOBS:-1000}
process_jobs=${PROCESS_JOBS:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Python for the alternatives: python3 itself when it has Pillow, numpy and moderngl, otherwise
# a virtual environment in .build/bench-venv with them from PyPI (Debian's own Python refuses pip
# installs outside one; `make bench` installs python3-venv).
py=${PYTHON:-python3}
if ! "$py" -c 'import PIL, numpy, moderngl' 2>/dev/null; then
  venv=.build/bench-venv
  [ -x "$venv/bin/python3" ] || "$py" -m venv "$venv" >/dev/null 2>&1 || rm -rf "$venv"
  if [ -x "$venv/bin/python3" ]; then
    "$venv/bin/python3" -c 'import PIL, numpy, moderngl' 2>/dev/null ||
      "$venv/bin/python3" -m pip install -q pillow numpy moderngl >/dev/null 2>&1 || true
    py=$venv/bin/python3
  fi
fi
python_ok=0
if "$py" -c 'import PIL, numpy' 2>/dev/null; then python_ok=1; fi
moderngl_ok=0
if "$py" -c 'import moderngl' 2>/dev/null; then moderngl_ok=1; fi

# Median of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Wall seconds of one run of "$@", output discarded.
seconds() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }'; }
# Arithmetic on decimals: calc 'EXPR'.
calc() { awk "BEGIN { printf \"%.2f\n\", $1 }"; }

"$bin" info | sed -n 's/^GL_RENDERER: *//p' | sed 's/^/renderer: /'
echo "cores: $(nproc)"

echo
echo "1. cold render: ripple over a 512x512 picture to PNG, whole process, median of $runs"
"$bin" render passthrough --picture cover --size 512x512 -q -o "$work/photo.png"
ours=$(for _ in $(seq "$runs"); do seconds "$bin" render ripple -i "$work/photo.png" --origin 256,256 --time 0.2 -q -o "$work/ours.png"; done | median)
"$bin" render ripple -i "$work/photo.png" --origin 256,256 --time 0.2 -o "$work/ours.png" | sed -n 's/^time: /  shaderfx split: /p'
echo "  shaderfx render: ${ours} s"
if [ $moderngl_ok = 1 ]; then
  theirs=$(for _ in $(seq "$runs"); do seconds "$py" scripts/bench/moderngl_ripple.py "$work/photo.png" "$work/theirs.png"; done | median)
  echo "  moderngl + Pillow script: ${theirs} s"
  echo "  shaderfx is $(calc "$theirs / $ours")x faster"
  "$bin" compare "$work/ours.png" "$work/theirs.png" | head -1 | sed 's/^/  same picture? /'
else
  echo "  (moderngl could not be set up: python3 -m venv .build/bench-venv && .build/bench-venv/bin/pip install moderngl pillow numpy)"
fi

echo
echo "2. rendered content: 180 frames of the 512x512 ripple over the built-in picture (3 s at 60 fps) to PNG files, $runs runs"
rates=()
for i in $(seq "$runs"); do
  rm -rf "$work/frames"
  out=$("$bin" animate ripple --size 512x512 --origin 256,256 --fps 60 -o "$work/frames")
  rate=$(echo "$out" | sed -n 's/.* s: \([0-9.]*\) frames\/s.*/\1/p')
  echo "  run $i: $rate frames/s; $(echo "$out" | sed -n 's/^time: //p')"
  rates+=("$rate")
done
echo "  median: $(printf '%s\n' "${rates[@]}" | median) frames/s"
if [ $python_ok = 1 ]; then
  "$bin" animate ripple --size 512x512 --origin 256,256 --fps 60 -q -o - > "$work/frames.rgba"
  mkdir -p "$work/pillow"
  "$py" scripts/bench/pillow_encode.py "$work/frames.rgba" 512 512 "$work/pillow" | sed 's/^/  /'
  echo "  shaderfx bytes: $(du -cb "$work"/frames/frame_*.png | tail -1 | cut -f1) (--compression fast)"
fi

echo
echo "2b. photo content: 60 frames of the ripple over a 1024x1024 photo to PNG files, $runs runs: the CPU"
echo "    PNG costs beyond writing the raw frames, against Pillow compress_level=1 on the same frames"
echo "    (the photo: scripts/bench/photo_frame.py, made up; PHOTO=FILE scales a real one)"
if [ $python_ok = 1 ]; then
  "$py" scripts/bench/photo_frame.py "$work/photo-1024.png" 1024 ${PHOTO:-}
  photo_run=("$bin" animate ripple -i "$work/photo-1024.png" --origin 512,512 --fps 60 --duration 1 -q)
  # CPU seconds (user + system) of one run of "${@:2}", its standard output to the file $1.
  cpu() { /usr/bin/time -f '%U %S' -o "$work/cpu" "${@:2}" >"$1" 2>/dev/null; awk '{ printf "%.3f\n", $1 + $2 }' "$work/cpu"; }
  beyond=()
  for i in $(seq "$runs"); do
    rm -rf "$work/photo-frames"
    png=$(cpu /dev/null "${photo_run[@]}" -o "$work/photo-frames")
    raw=$(cpu "$work/photo.rgba" "${photo_run[@]}" -o -)
    beyond+=("$(calc "$png - $raw")")
    echo "  run $i: PNG files $png s CPU, raw frames to a file $raw s CPU"
  done
  ours=$(printf '%s\n' "${beyond[@]}" | median)
  ours_bytes=$(du -cb "$work"/photo-frames/frame_*.png | tail -1 | cut -f1)
  echo "  shaderfx: $ours s CPU beyond raw ($(calc "$ours * 1000 / 60") ms a frame), $ours_bytes bytes"
  mkdir -p "$work/photo-pillow"
  pillow=$("$py" scripts/bench/pillow_encode.py "$work/photo.rgba" 1024 1024 "$work/photo-pillow" 1)
  echo "  $pillow"
  pillow_cpu=$(echo "$pillow" | sed -n 's/.* \([0-9.]*\) s CPU.*/\1/p')
  pillow_bytes=$(echo "$pillow" | sed -n 's/.* \([0-9]*\) bytes$/\1/p')
  echo "  photo: shaderfx takes $(calc "$ours / $pillow_cpu")x Pillow's CPU for $(calc "$ours_bytes / $pillow_bytes")x its bytes"
  rm -f "$work/photo.rgba"
else
  echo "  (Pillow and numpy could not be set up: python3 -m venv .build/bench-venv && .build/bench-venv/bin/pip install pillow numpy)"
fi

echo
echo "3. small jobs: $jobs 256x256 jobs of varied effects through one 'shaderfx batch'"
effects=(ripple stripes blur wave water emboss sinebow checkerboard circle-wave bubble)
mkdir -p "$work/jobs"
for k in $(seq 0 $((jobs - 1))); do
  e=${effects[$((k % ${#effects[@]}))]}
  echo "{\"effect\": \"$e\", \"size\": \"256x256\", \"output\": \"$work/jobs/$k.png\"}"
done > "$work/jobs.jsonl"
batch=$(seconds "$bin" batch "$work/jobs.jsonl")
failed=$("$bin" batch "$work/jobs.jsonl" | grep -c '"ok":false' || true)
echo "  batch: ${batch} s for $jobs jobs ($(calc "$batch * 1000 / $jobs") ms a job; $failed failed)"
start=$(date +%s%N)
for k in $(seq 0 $((process_jobs - 1))); do
  e=${effects[$((k % ${#effects[@]}))]}
  "$bin" render "$e" --size 256x256 -q -o "$work/jobs/p$k.png"
done
end=$(date +%s%N)
per=$(calc "($end - $start) / 1000000 / $process_jobs")
echo "  one render process per job: $per ms a job ($process_jobs processes)"
echo "  batch is $(calc "$per / ($batch * 1000 / $jobs)")x faster per job"

# On a GPU (docs/GPU.md): the same ripple at 1080p and 4K, to PNG files and as raw frames to a pipe.
if ! "$bin" info | grep -q "software rendering"; then
  echo
  echo "4. GPU: ripple, 3 s at 60 fps"
  for s in 1920x1080 3840x2160; do
    rm -rf "$work/gpu-frames"
    "$bin" animate ripple --size $s --fps 60 -o "$work/gpu-frames" | sed "s/^/  $s PNG: /"
    { "$bin" animate ripple --size $s --fps 60 -o - 2>&3 | cat >/dev/null; } 3>&1 | sed "s/^/  $s raw to a pipe: /"
    "$bin" animate ripple --size $s --fps 60 -o - 2>"$work/raw.log" > "$work/raw.rgba"
    sed "s/^/  $s raw to a file: /" "$work/raw.log"
    ls -la "$work/raw.rgba" | awk '{print "  raw bytes in the file: " $5}'
    rm -f "$work/raw.rgba"
  done
  # Photographic content beside the rendered: the same ripple over a photo of each size.
  if [ $python_ok = 1 ]; then
    for s in 1920x1080 3840x2160; do
      "$py" scripts/bench/photo_frame.py "$work/photo-$s.png" $s ${PHOTO:-}
      rm -rf "$work/gpu-frames"
      "$bin" animate ripple -i "$work/photo-$s.png" --fps 60 -o "$work/gpu-frames" | sed "s/^/  $s photo PNG: /"
      echo "  $s photo PNG bytes: $(du -cb "$work"/gpu-frames/frame_*.png | tail -1 | cut -f1)"
    done
  fi
fi

if [ -x scripts/bench-compare.sh ]; then
  echo
  echo "5. compare"
  scripts/bench-compare.sh "$bin" | sed 's/^/  /'
fi

echo
echo "6. a 1080x1920 card view (examples/views/bench/BenchCard.swift: a title, 20 lines of text, 50 shapes,"
echo "   a photo with a layer effect) drawn warm: frames of animate --view, each evaluated and drawn anew"
echo "   (target 50 ms a card on llvmpipe with 2 cores, 5 ms on an H200)"
echo "   load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rates=()
for i in $(seq 1 "$runs"); do
  rm -rf "$work/cards"
  out=$("$bin" animate --view examples/views/bench/BenchCard.swift --library examples/metal --assets examples/views \
    --duration 2 --fps 10 -o "$work/cards/" 2>&1 | tail -1)
  rate=$(echo "$out" | sed -n 's/.* s: \([0-9.]*\) frames\/s.*/\1/p')
  rates+=("$rate")
  echo "  run $i: $rate cards/s ($(calc "1000 / $rate") ms a card, PNG encoding overlapped)"
done
echo "  median: $(printf '%s\n' "${rates[@]}" | median) cards/s"
# The split of the warm frames (all but the first), each render's written by SHADERFX_VIEW_TIMINGS=1.
rm -rf "$work/cards"
SHADERFX_VIEW_TIMINGS=1 "$bin" animate --view examples/views/bench/BenchCard.swift --library examples/metal --assets examples/views \
  --duration 2 --fps 10 -q -o "$work/cards/" 2>"$work/card-timings.log" >/dev/null
split() { grep '^view timings' "$work/card-timings.log" | tail -n +2 | sed -n "s/.*$1 \([0-9.]*\) ms.*/\1/p" | median; }
echo "  warm split (median ms): resolve $(split resolve), layout $(split layout), draw $(split draw), read-back $(split read-back)"
echo "  last warm frame's $(grep '^view draw work' "$work/card-timings.log" | tail -1)"
# Each warm card's whole view time (the four parts added), its median and its spread.
totals=$(grep '^view timings' "$work/card-timings.log" | tail -n +2 | sed 's/[^0-9. ]//g' | awk '{ print $1 + $2 + $3 + $4 }' | sort -n)
echo "  warm card (ms): median $(echo "$totals" | median), fastest $(echo "$totals" | head -1), slowest $(echo "$totals" | tail -1) over $(echo "$totals" | wc -l) frames"

echo
echo "7. $jobs of the same card as batch jobs, each with its own title (a server rendering a template):"
echo "   one 'shaderfx batch', the view file parsed once and one warm view renderer, each card encoded and"
echo "   written on a thread of its own while the next is drawn (target 20 cards/s)"
echo "   load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
card=$PWD/examples/views/bench/BenchCard.swift
mkdir -p "$work/batch-cards"
for k in $(seq 1 "$jobs"); do
  echo "{\"view\": \"$card\", \"library\": \"$PWD/examples/metal\", \"assets\": [\"$PWD/examples/views\"], \"set\": {\"title\": \"Digest no. $k\"}, \"output\": \"$work/batch-cards/$k.png\"}"
done > "$work/cards.jsonl"
start=$(date +%s%N)
"$bin" batch --timings "$work/cards.jsonl" > "$work/cards.out" 2> "$work/cards.err" || true
end=$(date +%s%N)
seconds=$(calc "($end - $start) / 1000000000")
failed=$(grep -c '"ok":false' "$work/cards.out" || true)
echo "  $jobs cards in $seconds s: $(calc "$jobs / $seconds") cards/s ($(calc "$seconds * 1000 / $jobs") ms a card, whole process; $failed failed; load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
sed 's/^/  /' "$work/cards.err"
# The mean split of a card's milliseconds, from each result's "times".
sed -n 's/.*"times":{\([^}]*\)}.*/\1/p' "$work/cards.out" | tr ',' '\n' | tr -d '"' | awk -F: '
  { sum[$1] += $2; if ($1 == "draw") n++ }
  END { if (n) printf "  mean ms a card: evaluate %.1f, resolve %.1f, layout %.1f, draw %.1f, read-back %.1f, PNG encode %.1f, write %.1f\n",
        sum["evaluate"]/n, sum["resolve"]/n, sum["layout"]/n, sum["draw"]/n, sum["readBack"]/n, sum["encode"]/n, sum["write"]/n }'
