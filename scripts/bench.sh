#!/usr/bin/env bash
# ShaderFX benchmarks, run by `make bench` with the release binary.
# Usage: scripts/bench.sh [BIN]
set -euo pipefail
bin=${1:-.build/release/shaderfx}
here=$(cd "$(dirname "$0")" && pwd)

# Image comparison: shaderfx compare against ImageMagick's compare -metric AE on 4K pairs.
"$here/bench-compare.sh" "$bin"
