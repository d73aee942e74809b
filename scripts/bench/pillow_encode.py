#!/usr/bin/env python3
"""Encodes raw RGBA frames as PNG files with Pillow, the way a Python pipeline would write
the frames ShaderFX writes: prints the CPU seconds and bytes for Pillow's fastest setting
(compress_level=1) and its default (6), or the levels LEVELS names (comma-separated). Used by
`make bench`.

    python3 scripts/bench/pillow_encode.py FRAMES.rgba WIDTH HEIGHT OUTDIR [LEVELS]
"""
import io
import os
import sys
import time

from PIL import Image


def main(path, width, height, outdir, levels="1,6"):
    width, height = int(width), int(height)
    frame_bytes = width * height * 4
    with open(path, "rb") as f:
        raw = f.read()
    count = len(raw) // frame_bytes
    for level in (int(v) for v in levels.split(",")):
        cpu = time.process_time()
        wall = time.perf_counter()
        total = 0
        for k in range(count):
            image = Image.frombuffer("RGBA", (width, height), raw[k * frame_bytes:(k + 1) * frame_bytes], "raw", "RGBA", 0, 1)
            if image.getextrema()[3][0] == 255:
                image = image.convert("RGB")  # opaque frames as RGB, as ShaderFX writes them
            target = os.path.join(outdir, "frame_%05d.png" % k)
            image.save(target, compress_level=level)
            total += os.path.getsize(target)
        print("pillow compress_level=%d: %d frames, %.2f s CPU, %.2f s wall, %d bytes"
              % (level, count, time.process_time() - cpu, time.perf_counter() - wall, total))


if __name__ == "__main__":
    main(*sys.argv[1:6])
